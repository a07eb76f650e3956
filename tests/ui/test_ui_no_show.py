"""Issue 38 item 3: a no-show's forfeit is confirmed by the player who came, and sent. Under every
preset a real table kiosk (tests/support/ui_harness: its buttons, its SQLite store, its link to
the director over HTTP) is told at the round's start that O'Sullivan, Seán is absent (the
director's menu), and he never comes: the forfeit falls due (ASPA 2.4 at 25 minutes, school 25
at 15) or the director gives it (ABSP 3.1.3, NZASP 4.1 and 10.1.1). The result asks the player
who is there to confirm (under ABSP too, whose loser signs, 10.1: the loser is absent); her one
press locks it, and a real director (tests/support/director_harness: uvicorn on 127.0.0.1, its
own SQLite file) stores it. When neither came, the director locks it from the menu (5, which
ends a game in play, locks the result of one over). Before,
the result asked the absent player and stayed unlocked and unsent."""
from __future__ import annotations

import json
import time

import pytest

from common.wire.signing import table_key
from tests.support.director_harness import KEY, TOURNAMENT, Director
from tests.support.director_steps import PIN_HASH, open_menu

NAMES = ("Ngata, Aroha", "O'Sullivan, Seán")
#: How each book's no-show forfeits: of itself at the limit (seconds after the start call), or
#: by the director's menu then (4, Seán, and the reason's digit: 1 the director's, 2 late).
FORFEIT = {"aspa": (1500, None), "school": (900, None), "absp": (700, "422"), "nzasp": (700, "421")}


@pytest.fixture
def linked(kiosk, tmp_path):
    """``make(preset)``: a director running ``preset`` and a table 7 linked to it by HTTP."""
    directors = []

    def make(preset: str, names=NAMES):
        director = Director(tmp_path / f"director-{preset}.sqlite", preset=preset).start()
        directors.append(director)
        k = kiosk(preset=preset, names=names, pin_hash=PIN_HASH, table="7", tournament=TOURNAMENT,
                  key=table_key(KEY.encode(), "7"), director_url=director.url)
        return k, director
    yield make
    for director in directors:
        director.stop()


def stored(k, director, timeout_s: float = 60.0) -> list[dict]:
    """The results the director stored once it has one (the table's link sends on its own
    thread; the loop keeps passing meanwhile)."""
    deadline = time.monotonic() + timeout_s
    while not (rows := director.rows("results")):
        assert time.monotonic() < deadline, f"no result reached the director: {k.view.top}"
        k.step()
        time.sleep(0.05)
    return [json.loads(row["document"]) for row in rows]


@pytest.mark.parametrize("preset", sorted(FORFEIT))
def test_a_no_shows_forfeit_is_locked_by_the_player_who_came_and_reaches_the_director(linked, preset):
    k, director = linked(preset)
    open_menu(k, at=0).type("12", at=1).key("Enter", at=2).key("Escape", at=3)   # Seán absent
    assert k.state.phase == "waiting" and k.state.absent == (1,)
    limit, keys = FORFEIT[preset]
    limit += 2                                         # after the call, recorded at 2 s
    if keys is None:
        k.at(limit).step()                             # the limit: the forfeit falls due
    else:
        open_menu(k, at=limit).type(keys, at=limit + 1).key("Enter", at=limit + 2).key("Escape", at=limit + 3)
    assert k.state.phase == "ended" and k.state.forfeit.player == 1
    assert k.view.result[2].endswith("·  Ngata, Aroha confirms")
    assert k.view.banner[1] == "Ngata, Aroha presses their button to confirm the result"
    assert [h.note for h in k.view.halves] == ["press your button to confirm", ""]
    k.press("right", at=limit + 10)                    # not Seán's to press: he never came
    assert k.state.phase == "ended" and k.view.error == "O'Sullivan, Seán never came to the table: Ngata, Aroha confirms it"
    k.press("left", at=limit + 11)                     # Aroha's one press locks it
    assert k.state.phase == "confirmed" and k.view.banner[0] == "RESULT CONFIRMED"
    k.shot(f"no-show-{preset}")
    [document] = stored(k, director)
    assert document["phase"] == "confirmed" and document["players"] == list(NAMES)
    assert document["result"]["winner"] == 0 and document["result"]["forfeit"]["player"] == 1


def test_when_neither_came_the_director_locks_the_result_from_the_menu(linked):
    k, director = linked("school", names=("Team A", "Team B"))
    open_menu(k, at=0).type("13", at=1).key("Enter", at=2).key("Escape", at=3)   # both absent
    k.at(902).step()                                   # school 25: both forfeit at 15 minutes
    assert k.state.forfeit.both and k.view.banner[1] == (
        "nobody here confirms it: the director locks the result (director's menu)")
    k.press("left", at=903)
    assert k.state.phase == "ended" and "the director locks it" in k.view.error
    open_menu(k, at=910)
    assert "5   lock result" in [key.label for key in k.view.keyboard.grid]
    k.type("5", at=911)
    assert k.view.rows[0] == "lock the result now, on the director's authority: it goes to the director"
    k.key("Enter", at=912).key("Escape", at=913)
    assert k.state.phase == "confirmed"
    [document] = stored(k, director)
    assert document["result"]["forfeit"] == {"players": [0, 1], "reason": "late", "each_spread": -50}
