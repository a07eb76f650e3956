"""The table kiosk with a director.url: the director's assignment sets the game (round, players,
who starts), its round start and end become the core's commands in the journal, and the screen's
top line says whether the locked result has reached the director. A table without its key says
so, sends nothing and keeps its result, which goes once the table has its key."""
import json

import pytest

from director.event.db import DirectorDB
from director.event.model import Pairing, Player
from director.event.rounds import store_pairings, store_players
from tests.support.wait import wait_until
from common.game import commands as cmd
from common.game import events as ev
from kiosk.store import Journal
from kiosk.store.outbox import Outbox
from bench.rigs.linked_kiosk import LinkedKiosk
from bench.rigs.sync_kiosks import KEY


@pytest.fixture
def linked(tmp_path):
    made = []

    def make(url, **options):
        kiosk = LinkedKiosk(tmp_path / "kiosk.sqlite", url, **options)
        made.append(kiosk)
        return kiosk
    yield make
    for kiosk in made:
        kiosk.close()


def until(kiosk, check, what):
    """Step the kiosk's loop until ``check()`` holds (the link's worker runs alongside)."""
    return wait_until(lambda: kiosk.step() is not None and check(), what=what)


def journaled(store, kind):
    with Journal.open(store) as journal:
        return [e for e in journal.load(journal.current_game())[1] if isinstance(e, kind)]


def test_the_assignment_sets_round_players_and_who_starts_before_the_game(tmp_path, real_director,
                                                                          linked):
    director = real_director({2: {"7": ("Dee", "Eve", 1)}}, started=False)
    k = linked(director.url, tournament="")              # the director's name will be used
    until(k, lambda: k.state.players == ("Dee", "Eve"), "the assigned players")
    assert k.state.round == 2 and k.state.phase == "setup"
    until(k, lambda: "Eve goes first: Dee presses" in k.view.prompt, "who starts on the setup screen")
    k.press("right", at=1)                       # Eve pressing would make Dee first: refused
    assert k.state.phase == "setup"
    assert k.view.error.startswith("the director has Eve going first")
    k.press("left", at=2)                        # Dee, going second, starts Eve's clock
    assert (k.state.phase, k.state.first, k.state.clock.running) == ("playing", 1, 1)
    with Journal.open(tmp_path / "kiosk.sqlite") as journal:
        closed = journal.db.execute("SELECT closed_reason FROM games WHERE id = 1").fetchone()[0]
    assert "director's assignment" in closed                  # the unplayed game it replaced

    def status():
        rows = director.rows("status")
        return rows and json.loads(rows[0]["document"])
    now = wait_until(lambda: status() and status()["phase"] == "playing" and status(),
                     what="the status of the started game")
    assert (now["round"], now["players"], now["running"], now["table"]) == (2, ["Dee", "Eve"], 1, "7")
    assert now["division"] == "A"                   # the assignment's: the status names it
    assert k.view.top.startswith("Table 7  ·  Division A  ·  Round 2  ·  ")       # and the screen
    for command, at in ((cmd.Play(1, 30), 20), (cmd.Out(0, 24), 40), (cmd.Accept(1), 45),
                        (cmd.Rack(1, "AE"), 50), (cmd.Confirm(0), 60), (cmd.Confirm(1), 61)):
        assert k.submit(command, at), command
    wait_until(lambda: "round 2 has not started" in (k.link.sender.link.refused or ""),
               what="the result refused until the director starts round 2")
    director.round_action("start", 2)
    row = wait_until(lambda: director.rows("results") and director.rows("results")[0],
                     what="the result")
    assert (row["tournament"], row["round"], row["player0"], row["player1"], row["first"]) == (
        "Link Open", 2, "Dee", "Eve", 1)
    assert (row["score0"], row["score1"]) == (24 + 2, 30 - 2)
    assert json.loads(row["document"])["division"] == row["division"] == "A"    # checked, filed


def test_the_round_start_calls_the_start_with_both_present_and_the_round_end_stops_the_clocks(
        tmp_path, real_director, linked):
    """School 25 charges a team "not present" from the round's start: players sitting at the
    table are present, so the start the director gives charges nobody before they press."""
    director = real_director({1: {"7": ("Ann", "Bob", None)}}, preset="school")
    k = linked(director.url, preset="school")
    until(k, lambda: k.link.sender.link.assignment, "the assignment")
    director.round_action("start", 1)                          # the page's button
    until(k, lambda: k.state.start_called_ns is not None, "the round's start")
    [called] = journaled(tmp_path / "kiosk.sqlite", ev.StartCalled)
    assert called.absent == () and k.state.phase == "setup"
    assert [h.last for h in k.view.halves] == ["", ""]       # nobody ABSENT, nobody late
    k.press("right", at=200)                                 # Bob, second, starts Ann's clock
    assert k.state.late_penalty == (0, 0) and k.state.clock.running == 0
    assert k.state.clock.used_ns == (0, 0)                   # nothing charged for sitting there
    assert k.submit(cmd.Play(0, 30), at=230) and k.state.clock.running == 1
    director.round_action("end", 1)
    until(k, lambda: k.state.phase == "ended", "the round's end")
    [ended] = journaled(tmp_path / "kiosk.sqlite", ev.GameEnded)
    assert ended.reason == "director" and k.state.clock.running is None and k.state.clock.stopped


GAME = ((cmd.Start(0), 1), (cmd.Play(0, 30), 20), (cmd.Out(1, 24), 40), (cmd.Accept(0), 45),
        (cmd.Rack(0, "AE"), 50), (cmd.Confirm(0), 60), (cmd.Confirm(1), 61))


def test_the_screen_says_whether_the_locked_result_has_reached_the_director(tmp_path, real_director,
                                                                            linked):
    director = real_director({4: {"7": ("Ann", "Bob", 0)}}, key=b"the director has another key")
    k = linked(director.url, round=4)
    for command, at in GAME:
        assert k.submit(command, at), command
    assert k.state.phase == "confirmed"
    until(k, lambda: "the director refused the result: the signature " in k.view.top, "the refusal shown")
    director.stop()
    director.start(key=KEY)                                   # the director's key put right
    until(k, lambda: k.view.top.endswith("result sent to director"), "the result delivered")
    [row] = director.rows("results")
    assert (row["tournament"], row["round"], row["table_name"]) == ("Link Open", 4, "7")
    assert (row["score0"], row["score1"]) == (30 - 2, 24 + 2)


def test_a_director_that_is_down_leaves_the_result_waiting_on_screen(tmp_path, real_director, linked):
    director = real_director({1: {"7": ("Ann", "Bob", 0)}})
    director.kill()
    k = linked(director.url)
    for command, at in GAME:
        assert k.submit(command, at), command
    until(k, lambda: k.view.top.endswith("result waiting to send (1)"), "the waiting result shown")
    director.start()
    until(k, lambda: k.view.top.endswith("result sent to director"), "the result after the return")
    assert len(director.rows("results")) == 1


def test_a_result_the_director_refuses_stays_in_the_outbox_with_the_reason_on_screen(
        tmp_path, real_director, linked):
    """The director re-pairs table 7 while Ann and Bob play there: their result is refused with
    both pairs named, the top line says so, the result waits in the outbox; once the pairing is
    put back, the retry delivers it, once."""
    director = real_director({4: {"7": ("Ann", "Bob", 0)}})
    k = linked(director.url, round=4)
    until(k, lambda: (k.state.round, k.state.players) == (4, ("Ann", "Bob")), "the assignment")
    with DirectorDB.open(director.db_path) as db:
        store_players(db, [Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cat")])
        store_pairings(db, [Pairing(4, "7", (1, 3), 0)])
    for command, at in GAME:
        assert k.submit(command, at), command
    reason = ("players: the document has Ann and Bob in round 4; round 4 table 7 is paired Ann "
              "and Cat")
    until(k, lambda: k.view.top.endswith(f"the director refused the result: {reason}"),
          "the refusal on the top line")
    with Outbox.open(tmp_path / "kiosk.sqlite") as outbox:
        [kept] = outbox.due(float("inf"))
        assert kept.acked is None and kept.last_error == f"refused: 409 {reason}"
    assert director.rows("results") == [] and director.rows("rejections")[0]["reason"] == reason
    with DirectorDB.open(director.db_path) as db:
        store_pairings(db, [Pairing(4, "7", (1, 2), 0)])            # the director puts it right
    until(k, lambda: k.view.top.endswith("result sent to director"), "the result delivered")
    [row] = director.rows("results")
    assert (row["round"], row["player0"], row["player1"]) == (4, "Ann", "Bob")


def test_a_table_without_its_key_says_so_keeps_its_result_and_sends_it_once_enrolled(
        tmp_path, real_director, linked):
    director = real_director({1: {"7": ("Ann", "Bob", 0)}})
    k = linked(director.url, enrolled=False)
    assert k.link is None and k.view.top.endswith("no table key: results kept here")
    for command, at in GAME:
        assert k.submit(command, at), command
    k.step()
    assert k.state.phase == "confirmed" and k.view.top.endswith("no table key: results kept here")
    with Outbox.open(tmp_path / "kiosk.sqlite") as outbox:
        [kept] = outbox.unacknowledged("result-unsigned")
    assert kept.body["signature"] is None and kept.body["document"]["result"]["final"] == [28, 26]
    assert director.rows("results") == director.rows("status") == director.rows("rejections") == []
    k.close()
    k = linked(director.url)                                  # its key on the card, restarted
    until(k, lambda: k.view.top.endswith("result sent to director"), "the kept result delivered")
    [row] = director.rows("results")
    assert (row["round"], row["table_name"], row["score0"], row["score1"]) == (1, "7", 28, 26)
    with Outbox.open(tmp_path / "kiosk.sqlite") as outbox:
        assert outbox.unacknowledged("result-unsigned") == outbox.unacknowledged("result") == []


def test_a_correction_the_director_makes_reaches_the_tables_screen_and_journal_once(
        tmp_path, real_director, linked):
    """The director corrects table 7's confirmed result at the service (as the page and python -m
    director correct do); the table learns it with its assignment: the top line says it, the
    game's journal keeps it once (a use 'corrected' of the director's menu), its own result as
    it was; a kiosk restarted does not journal it again."""
    from director.event.correct import Ask, correct
    from common.presets import load_preset
    from common.game.result import compute
    from kiosk.store.menu_uses import menu_uses
    from bench.rigs.sync_kiosks import TOURNAMENT
    director = real_director({4: {"7": ("Ann", "Bob", 0)}})
    k = linked(director.url, round=4)
    until(k, lambda: (k.state.round, k.state.players) == (4, ("Ann", "Bob")), "the assignment")
    for command, at in GAME:
        assert k.submit(command, at), command
    until(k, lambda: k.view.top.endswith("result sent to director"), "the result delivered")
    with DirectorDB.open(director.db_path) as db:
        made = correct(db, load_preset("aspa"), TOURNAMENT,
                       Ask(4, "scores", "the sheet says 36", table="7", scores=(36, 26)),
                       now_wall=2e9, source="command line")
    assert made.words.startswith("division A round 4 table 7: Ann 36 - Bob 26 (was Ann 28 - Bob 26)")
    words = "the director corrected round 4: 36-26 (the sheet says 36)"
    until(k, lambda: k.view.top.startswith(f"Table 7") and words in k.view.top, "the correction on screen")
    with Journal.open(tmp_path / "kiosk.sqlite") as journal:
        [game] = [r[0] for r in journal.db.execute(
            "SELECT id FROM games WHERE round = 4 AND finished_wall IS NOT NULL")]

    def corrected():
        with Journal.open(tmp_path / "kiosk.sqlite") as journal:
            return [u for u in menu_uses(journal, game) if u["use"] == "corrected"]
    [use] = corrected()
    assert use["detail"] == f"at the director's service (correction {made.correction.id}): {words}"
    with Journal.open(tmp_path / "kiosk.sqlite") as journal:
        replayed = journal.replay(game)
    assert replayed.state.phase == "confirmed"
    assert list(compute(replayed.state, replayed.events[-1].at_ns).final) == [28, 26]   # its own
    k.close()
    again = linked(director.url, round=4)
    until(again, lambda: again.link.sender.link.assignment and again.link.sender.link.assignment.get(
        "corrections"), "the assignment with its correction")
    for _ in range(5):
        again.step()
    assert len(corrected()) == 1
