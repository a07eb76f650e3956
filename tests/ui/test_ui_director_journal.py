"""Every use of the director's menu at the table is journaled with what was done and travels in
the game's result document: each wrong PIN, the lock they bring, the PIN given, each action
recorded (with what it did), a score corrected, the self-test and its outcome. A use after the
result was locked sends the result again as its next revision; a self-test before the game
stays with the game the director's assignment puts in its place."""
import dataclasses

from tests.support.director_steps import PIN, PIN_HASH, open_menu
from tests.support.ui_harness import S, T0
from kiosk.store.menu_uses import menu_uses


def uses(k) -> list[tuple[str, str]]:
    return [(u["use"], u["detail"]) for u in menu_uses(k.session.journal, k.session.game_id)]


def results(k) -> list[dict]:
    """The result documents in the outbox (unsigned here: the harness has no key)."""
    return [d.body["document"] for d in k.session.outbox.unacknowledged("result-unsigned")]


def zeros_to_the_lock(k, t: float) -> float:
    """Six passes from the start end the game (ASPA's zero-score run); racks; both confirm."""
    k.press("left", at=t)
    for i, side in enumerate(["right", "left"] * 3):
        k.press(side, at=t + 10 + 10 * i).key("Tab").key("Tab").key("Enter")
    t += 80
    k.type("ab\n", at=t).type("z\n", at=t + 1)
    k.press("left", at=t + 2).press("right", at=t + 3)
    assert k.state.phase == "confirmed"
    return t + 3


def test_every_use_is_journaled_with_what_was_done_and_sent_with_the_result(kiosk):
    k = kiosk(pin_hash=PIN_HASH)
    k.key("Director", at=1).type("1111\n", at=2)        # a wrong PIN ...
    assert k.view.error == "wrong PIN (2 attempts left)"
    k.type(PIN + "\n", at=3)                            # ... then the right one
    k.type("8", at=4).key("Escape", at=5)               # the self-test, left at once
    k.key("Escape", at=6)
    assert uses(k) == [("wrong_pin", ""), ("opened", ""),
                       ("selftest", "self-test: stopped before the end")]
    t = zeros_to_the_lock(k, 10)
    open_menu(k, at=t + 5)                              # after the lock: the result goes again
    k.key("Escape", at=t + 6)
    first, second = results(k)
    assert (first["revision"], second["revision"]) == (1, 2)
    assert [u["use"] for u in first["director_menu"]] == ["wrong_pin", "opened", "selftest"]
    assert [u["use"] for u in second["director_menu"]] == ["wrong_pin", "opened", "selftest", "opened"]
    assert {k: v for k, v in second.items() if k not in ("revision", "director_menu")} == \
           {k: v for k, v in first.items() if k not in ("revision", "director_menu")}
    assert second["director_menu"][0]["at_ns"] == T0 + 2 * S and second["director_menu"][0]["wall"] > 1e9


def test_an_action_and_a_correction_say_what_they_recorded(kiosk):
    k = kiosk(pin_hash=PIN_HASH)
    k.press("left", at=1)
    k.press("right", at=20).type("35\n", at=21)
    k.press("centre", at=30).press("right", at=31).key("Enter", at=32)   # stopped for the director
    open_menu(k, at=40).type("31+30\n", at=41).key("Enter", at=42)      # Ann: 30 s more
    k.type("7", at=43).type("1\n", at=44).type("40\n", at=45).key("Enter", at=46)   # turn 1: 40
    k.key("Escape", at=47)
    assert uses(k) == [
        ("opened", ""),
        ("recorded", "adjust a player's time: Ann's clock: 24:50 becomes 25:20"),
        ("corrected", "turn 1 corrected: 35 is now 40")]
    assert k.state.turns[0].score == 40


def test_three_wrong_pins_journal_the_lock(kiosk):
    k = kiosk(pin_hash=PIN_HASH)
    k.key("Director", at=1).type("1111\n", at=2).type("2222\n", at=3).type("3333\n", at=4)
    assert uses(k) == [("wrong_pin", ""), ("wrong_pin", ""),
                       ("locked", "the director's menu is locked for 1:00 after 3 wrong PINs")]
    assert k.screen.director_menu is False              # back to the game


def test_a_self_test_before_the_game_stays_with_the_game_that_replaces_it(kiosk):
    k = kiosk(pin_hash=PIN_HASH)
    open_menu(k, at=1).type("8", at=2).key("Escape", at=3)
    k.key("Escape", at=4)
    replaced = k.session.game_id
    session = k.session                               # the director's assignment: new players
    session.setup = dataclasses.replace(session.setup, players=("Cat", "Dan"))
    k.table.restart(session.replace_game().state)
    assert k.session.game_id != replaced
    assert [use for use, _ in uses(k)] == ["opened", "selftest"]
