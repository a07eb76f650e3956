"""Attack (issue 27 item 1): an honest director's slip took a table off the director without a
word. A correction's reason typed on a phone with a no-break space (U+00A0 or U+202F), from the
page, ``python -m director correct`` or an ``--as-corrections`` import's file name, or a player's
name of 41 characters (the director took any length, the kiosk 40): the table refused every
later assignment, stayed on round 1's pairing, and said so only in its log.

Both ends now check the protocol's one schema (common.wire.schema: ``Name``, ``Reason``...): what
the director takes at entry, every table takes (a no-break space is a space; a name up to 100
characters), and what a table would refuse the director refuses at entry, naming the file, the
line and the field. Each attack runs against the real director's service on 127.0.0.1 (in the
test's process, tests/support/fixtures.py; its commands too, tests/support/cli.py) and a real
kiosk linked to it (bench/rigs/linked_kiosk.py): the table takes the
correction, says it, and takes every later assignment (round 2's pairing, then its start).
A table that cannot take an assignment all the same (a name an older director stored) says so
on its top line and in its status, and the director's tables page shows it on the table's row.
"""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from bench.rigs.linked_kiosk import LinkedKiosk
from bench.rigs.sync_kiosks import KEY, TOURNAMENT
from director.event.db import DirectorDB
from director.event.model import Pairing, Player
from director.event.rounds import start_round, store_pairings, store_players
from common.game import commands as cmd
from common.presets import load_preset
from tests.support import cli
from tests.support.wait import wait_until

LONG = "Wijesinghe-Seneviratne, Anuradha Chathura"      # 41 characters: the kiosk took 40
NBSP, NNBSP = "\u00a0", "\u202f"
# Ann (0) starts, plays 30; Bob goes out with 24; Ann's rack AE: 28 - 26, as the table signs it
GAME = ((cmd.Start(0), 1), (cmd.Play(0, 30), 20), (cmd.Out(1, 24), 40), (cmd.Accept(0), 45),
        (cmd.Rack(0, "AE"), 50), (cmd.Confirm(0), 60), (cmd.Confirm(1), 61))


@pytest.fixture
def event(tmp_path, make_director):
    """(the director's service, the kiosk of table 7): round 1 started (Ann v Bob at table 7, Cy
    v the 41-character name at table 8), round 2 paired (Cy v the long name at table 7)."""
    assert len(LONG) == 41
    director = make_director(key=KEY, tournament=TOURNAMENT)
    store_players(director.db, [Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cy"), Player(4, LONG)])
    store_pairings(director.db, [Pairing(1, "7", (1, 2), 0), Pairing(1, "8", (3, 4), 0),
                                 Pairing(2, "7", (3, 4), 0), Pairing(2, "8", (1, 2), 0)])
    start_round(director.db, 1, 1.7e9)
    kiosk = LinkedKiosk(tmp_path / "kiosk.sqlite", director.url)
    yield director, kiosk
    kiosk.close()


def until(kiosk, check, what: str):
    """Step the kiosk's loop until ``check()`` holds (its link's worker runs alongside)."""
    return wait_until(lambda: kiosk.step() is not None and check(), what=what)


def play_round_1(director, kiosk) -> None:
    until(kiosk, lambda: kiosk.state.players == ("Ann", "Bob"), "round 1's assignment")
    for command, at in GAME:
        assert kiosk.submit(command, at), command
    wait_until(lambda: director.rows("results"), what="the table's result at the director")


def status_of(director, table: str = "7") -> dict:
    rows = [r for r in director.rows("status") if r["table_name"] == table]
    return json.loads(rows[0]["document"]) if rows else {}


def tables_row(director, table: str = "7") -> dict:
    status, body = director.page.request("GET", "/api/tables")
    assert status == 200
    return next(row for row in json.loads(body)["tables"] if row["table"] == table)


def assert_later_assignments_taken(director, kiosk) -> None:
    """Round 1 ends: the table takes round 2's pairing (the 41-character name too); round 2
    starts: the table takes that too. Its top line and its status say nothing is refused."""
    director.round_action("end", 1)
    until(kiosk, lambda: (kiosk.state.round, kiosk.state.players) == (2, ("Cy", LONG)),
          "round 2's pairing taken")
    director.round_action("start", 2)
    until(kiosk, lambda: kiosk.state.start_called_ns is not None, "round 2's start taken")
    assert "refused" not in kiosk.view.top and kiosk.kiosk.table.info.alert == ""
    wait_until(lambda: status_of(director).get("round") == 2, what="round 2's status")
    assert "assignment_refused" not in status_of(director)
    assert tables_row(director)["assignment_refused"] == ""


def assert_correction_taken(director, kiosk, reason: str) -> None:
    """The table says the director's correction, reason and all, on its top line."""
    [correction] = director.rows("corrections")
    assert correction["reason"] == reason
    until(kiosk, lambda: f"the director corrected round 1: 28-36 ({reason})" in kiosk.view.top,
          "the correction on the table's top line")
    assert kiosk.kiosk.table.info.alert == ""


def test_a_reason_with_a_no_break_space_from_the_page_is_taken_by_the_table(event):
    director, kiosk = event
    play_round_1(director, kiosk)
    reason = f"the sheet{NBSP}says 36"
    status, body = director.page.request("POST", "/api/corrections", json.dumps(
        {"round": 1, "table": "7", "kind": "scores", "scores": [28, 36], "reason": reason}).encode(),
        {"Content-Type": "application/json"})
    assert status == 200, body
    assert_correction_taken(director, kiosk, reason)
    assert_later_assignments_taken(director, kiosk)


def test_a_reason_with_a_narrow_no_break_space_from_the_command_line_is_taken_by_the_table(event):
    director, kiosk = event
    play_round_1(director, kiosk)
    reason = f"Bob's 36{NNBSP}pts, the sheet"
    done = cli.run("director", "correct", "--db", director.db_path, "--tournament", TOURNAMENT,
                   "--round", "1", "--table", "7", "--scores", "28", "36", "--reason", reason)
    assert done.returncode == 0, done.stderr
    assert_correction_taken(director, kiosk, reason)
    assert_later_assignments_taken(director, kiosk)


def test_an_as_corrections_import_whose_file_name_has_a_no_break_space_is_taken_by_the_table(
        event, tmp_path):
    from director.files import exports, tsh
    director, kiosk = event
    play_round_1(director, kiosk)
    with DirectorDB.open(director.db_path) as db:                # the director's own .t, Bob's 26 a 36
        exported = tsh.parse_t(exports.export_t(db, load_preset("aspa"), TOURNAMENT, "A").decode(
            tsh.ENCODING), division="A")
    results = [replace(r, scores=(28, 36), winner=None) if r.round == 1 and r.table == "7" else r
               for r in exported.results]
    path = tmp_path / f"round 1{NBSP}sheets.t"
    path.write_text(tsh.format_t(exported.players, exported.pairings, results,
                                 extras=exported.extras, layout=exported.layout), encoding="utf-8")
    done = cli.run("director", "import", "--db", director.db_path, "--tournament", TOURNAMENT,
                   "--division", "A", "--as-corrections", path)
    assert done.returncode == 0, done.stderr
    assert_correction_taken(director, kiosk, f"the scores of {path}, imported to stand")
    assert_later_assignments_taken(director, kiosk)


def test_a_name_of_41_characters_is_taken_and_one_over_the_limit_is_refused_at_entry(event, tmp_path):
    director, kiosk = event
    play_round_1(director, kiosk)
    assert_later_assignments_taken(director, kiosk)            # the 41-character name at table 7
    before = director.rows("players")
    roster = tmp_path / "players.csv"
    roster.write_text("name,rating\nAnn,0\nBob,0\nCy,0\n" + f"{'L' * 101},0\n", encoding="utf-8")
    done = cli.run("director", "import", "--db", director.db_path, "--tournament", TOURNAMENT,
                   "--division", "A", "--replace", roster)
    assert done.returncode == 1
    assert f"{roster}:5: column 'name': " in done.stderr
    assert "is 101 characters long: a player's name is at most 100 (what a table takes)" in done.stderr
    assert director.rows("players") == before                  # nothing stored


def test_an_assignment_the_table_cannot_take_shows_on_its_screen_and_the_tables_page(event):
    """A name an older director stored (before names were checked at entry) is over what a table
    takes: the table keeps round 1's game, its top line says why first of all, its status
    carries it, and the tables page shows it on table 7's row; put right, all of it clears."""
    director, kiosk = event
    play_round_1(director, kiosk)
    with DirectorDB.open(director.db_path) as db, db.transaction() as conn:
        conn.execute("UPDATE players SET name = ? WHERE number = 4", ["L" * 120])
    director.round_action("end", 1)
    why = "players[1]: Expected `str` of length <= 100"
    until(kiosk, lambda: kiosk.view.top.startswith(
        f"call the director: this table refused the director's last assignment ({why})"),
        "the refusal first on the table's top line")
    assert (kiosk.state.round, kiosk.state.players) == (1, ("Ann", "Bob"))   # round 1's game stays
    wait_until(lambda: status_of(director).get("assignment_refused") == why,
               what="the refusal in the table's status")
    assert tables_row(director)["assignment_refused"] == why
    with DirectorDB.open(director.db_path) as db, db.transaction() as conn:
        conn.execute("UPDATE players SET name = ? WHERE number = 4", [LONG])
    until(kiosk, lambda: kiosk.state.players == ("Cy", LONG), "round 2 taken once put right")
    assert "refused" not in kiosk.view.top
    wait_until(lambda: "assignment_refused" not in status_of(director) and status_of(director),
               what="the refusal gone from the status")
    assert tables_row(director)["assignment_refused"] == ""
