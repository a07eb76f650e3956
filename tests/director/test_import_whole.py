"""Nothing half-imported: a division's file replaces the division whole or is refused naming the
file and what it would remove, the database unchanged; ``replace`` (--replace, the page's "replace
the division whole") replaces it. And the .TOU of the completed rounds at any time: the round in
play is left out and named, over HTTP and on the command line."""
import datetime as dt
import re
import sqlite3

import pytest

from director.event.db import DirectorDB
from director.event.tournament import standings
from director.files.exports import export_t, export_tou
from director.files.imports import FileRefused, Options, Upload, import_files
from director.files.tou import parse_tou
from common.presets import load_preset
from tests.support.director_harness import result_doc, signed_bytes
from tests.support import cli

RULES = load_preset("aspa")


def dump(path):
    with sqlite3.connect(path) as conn:
        return list(conn.iterdump())


@pytest.fixture
def played(shared, tmp_path):
    """An event whose division A holds the NASPA file's 26 players, 23 rounds and 303 results."""
    path = tmp_path / "event.sqlite"
    with DirectorDB.open(path) as db:
        import_files(db, [Upload("a.t", (shared.tsh / "naspa-2023-division-a.t").read_bytes())])
    return path


@pytest.mark.parametrize("text", [b"", b"# nothing but a comment\n\n"])
def test_an_empty_file_onto_a_division_that_has_played_is_refused_and_changes_nothing(played, text):
    before = dump(played)
    with DirectorDB.open(played) as db, pytest.raises(FileRefused) as refused:
        import_files(db, [Upload("a.t", text)])
    assert str(refused.value).startswith(
        "a.t: division a: the file would remove 26 players (1 Smylie, Jackson, 2 Sokol, Joshua, "
        "3 Sinke, Arie and 23 more), 303 pairings of rounds 1 to 23, 303 results of rounds 1 to 23 "
        "that the division holds; import it to replace the division whole (--replace")
    assert dump(played) == before


def test_replace_replaces_the_division_whole(played):
    with DirectorDB.open(played) as db:
        assert import_files(db, [Upload("a.t", b"")], options=Options(replace=True)) == [
            "a.t: division a: 0 players, 0 rounds of pairings, 0 results"]
        with db.locked() as conn:
            assert [conn[t].count for t in ("players", "pairings", "imported_results")] == [0, 0, 0]
        import_files(db, [Upload("a.t", b"Ann 1500 2; 400\nBob 1400 1; 350\n")])
        assert export_t(db, RULES, "T") == b"Ann 1500 2; 400\nBob 1400 1; 350\n"


def test_the_same_file_again_or_one_with_a_later_round_removes_nothing(shared, played):
    text = (shared.tsh / "naspa-2023-division-a.t").read_bytes()
    with DirectorDB.open(played) as db:
        import_files(db, [Upload("a.t", text)])                         # the same again
        # the file as it stood after round 22: the event had more, so it would remove round 23
        earlier = b"".join(_cut(line, 22) for line in text.splitlines(keepends=True))
        with pytest.raises(FileRefused, match=r"would remove 14 pairings of round 23, 14 results of round 23"):
            import_files(db, [Upload("a.t", earlier)])
        import_files(db, [Upload("a.t", earlier)], options=Options(replace=True))
        import_files(db, [Upload("a.t", text)])                         # and round 23 comes again
        assert export_t(db, RULES, "T") == text


def _cut(line: bytes, rounds: int) -> bytes:
    """A .t line as tsh wrote it after ``rounds`` rounds (its tags left as they are)."""
    head, scores, *tags = line.decode("iso-8859-1").rstrip("\n").split(";")
    name_rating, opponents = re.match(r"^(.*?\S\s+\d+)((?:\s+\d+)*)\s*$", head).groups()
    kept = "".join(f" {o}" for o in opponents.split()[:rounds])
    return ";".join([name_rating + kept, " " + " ".join(scores.split()[:rounds]), *tags]).encode("iso-8859-1") + b"\n"


def test_a_players_csv_cannot_drop_a_player_who_has_played(played):
    with DirectorDB.open(played) as db:
        with pytest.raises(FileRefused, match=r"players.csv: division a: the file would remove 25 "
                                              r"players \(2 Sokol, Joshua, 3 Sinke, Arie"):
            import_files(db, [Upload("players.csv", b"name,rating\n\"Smylie, Jackson\",2009\n")],
                         division="a")


def test_the_page_replaces_a_division_only_when_asked(shared, director):
    original = (shared.tsh / "naspa-2023-division-b.t").read_bytes()
    imported = director.request("POST", "/api/import?kind=tsh&name=b.t", original,
                                headers={"Content-Type": "application/octet-stream"})
    assert imported.code == 200, imported.body
    before = director.rows("pairings")
    refused = director.request("POST", "/api/import?kind=tsh&name=b.t", b"Ann 1500\n",
                               headers={"Content-Type": "application/octet-stream"})
    assert refused.code == 400 and "the file would remove 109 players" in refused.body["error"]
    assert director.rows("pairings") == before
    replaced = director.request("POST", "/api/import?kind=tsh&name=b.t&replace=1", b"Ann 1500\n",
                                headers={"Content-Type": "application/octet-stream"})
    assert replaced.body == {"message": "b.t: division b: 1 player, 0 rounds of pairings, 0 results"}
    assert director.rows("pairings") == []


PLAYERS_CSV = b"name,rating\nAnn Able,1500\nBob Baker,1400\nCat Cole,1300\nDan Dale,1200\n"
ROUNDS_CSV = (b"round,table,player1,player2\n1,1,Ann Able,Bob Baker\n1,2,Cat Cole,Dan Dale\n"
              b"2,1,Ann Able,Cat Cole\n2,2,Bob Baker,Dan Dale\n")


def test_the_tou_of_the_completed_rounds_leaves_the_round_in_play_out_and_names_it(director):
    for name, data in (("players.csv", PLAYERS_CSV), ("rounds.csv", ROUNDS_CSV)):
        director.request("POST", f"/api/import?name={name}", data,
                         headers={"Content-Type": "application/octet-stream"})
    director.request("POST", "/api/rounds/start", b"{}")
    for table, players, scores in ((1, ("Ann Able", "Bob Baker"), (400, 300)),
                                   (2, ("Cat Cole", "Dan Dale"), (350, 360))):
        assert director.post(table, "results", signed_bytes(result_doc(table, players=players, scores=scores))).code == 200
    director.request("POST", "/api/rounds/end", b"{}")
    director.request("POST", "/api/rounds/start", b"{}")
    document = result_doc(1, round_number=2, players=("Ann Able", "Cat Cole"), scores=(410, 300))
    assert director.post(1, "results", signed_bytes(document)).code == 200
    data, headers = director.download("/export/ratings.TOU")       # round 2 in play: not a 409
    [section] = parse_tou(data.decode("ascii"))
    assert [len(row.entries) for row in section.rows] == [1, 1, 1, 1]
    assert headers["X-Left-Out"].replace("%20", " ") == (
        "division A: round 2 (1 of its 2 games without a result yet) left out of the .TOU: "
        "only complete rounds are rated")
    assert export_tou(director.db, RULES, director.config.tournament, dt.date(2030, 1, 1))


def test_the_command_line_says_what_the_tou_leaves_out_and_imports_with_replace(shared, tmp_path):
    db = tmp_path / "event.sqlite"
    run = lambda *args: cli.run("director", *args, text=False)       # noqa: E731
    events = tmp_path / "a.t"
    events.write_bytes(b"Ann 1500 2 2; 400\nBob 1400 1 1; 350\nCat 1300 4; 300\nDan 1200 3; 310\n"
                       b"Eve 1100 0 6; 0 380\nFay 1000 0 5; 0 360\n")
    assert run("import", "--db", db, events).returncode == 0
    out = run("export", "--db", db, "--format", "tou")
    assert out.returncode == 0, out.stderr
    assert out.stderr.decode() == ("director export: division a: round 2 (1 of its 2 games without a "
                                   "result yet) left out of the .TOU: only complete rounds are rated\n")
    assert {len(row.entries) for row in parse_tou(out.stdout.decode("ascii"))[0].rows} == {1}
    empty = tmp_path / "empty" / "a.t"
    empty.parent.mkdir()
    empty.write_bytes(b"")
    before = dump(db)
    refused = run("import", "--db", db, empty)
    assert refused.returncode == 1 and b"the file would remove 6 players" in refused.stderr
    assert dump(db) == before
    assert run("import", "--db", db, "--replace", empty).returncode == 0
    with DirectorDB.open(db) as event:
        assert standings(event, RULES, "T", "a")[0] == []


@pytest.mark.parametrize("name, what", [
    ("Ann\nAble", "a line break at character 4"), ("Ann\r\nAble", "a carriage return at character 4"),
    ("Ann\tAble", "a tab at character 4"), ("Ann\u2028Able", "line separator at character 4"),
    ("Ann\u200bAble", "zero width space at character 4")])
def test_a_name_that_is_not_one_line_is_refused_at_the_import_and_by_every_writer(tmp_path, name, what):
    from director.event.model import Player
    from director.files.tou import TouDivision, TouError, format_tou
    from director.files.tsh import TshError, format_t
    text = f'name,rating\n"{name}",1500\nBob,1400\n'.encode()
    with DirectorDB.open(tmp_path / "event.sqlite") as db:
        with pytest.raises(FileRefused) as refused:
            import_files(db, [Upload("players.csv", text)])
        assert str(refused.value) == (f"players.csv:2: column 'name': {name!r} is not one line of text "
                                      f"({what}): a player's name is one line")
        assert db.count("players") == 0
    with pytest.raises(TshError, match="is not one line of text"):
        format_t([Player(1, name)], [], [])
    with pytest.raises(TouError, match="is not one line of text"):
        format_tou("Open", dt.date(2026, 1, 2), [TouDivision("A", [Player(1, name)], [])])


def test_a_name_no_table_would_take_is_refused_at_the_import_naming_the_file_line_and_field(tmp_path):
    """The protocol's one schema (common.wire.schema.Name) at the director's entry: a name a table
    would refuse is refused here; one of 100 characters, with a phone's no-break space in it,
    goes in (tests/sync/test_schema_round_trip.py: every table takes what the director takes)."""
    name, what = "L" * 101, "is 101 characters long: a player's name is at most 100 (what a table takes)"
    with DirectorDB.open(tmp_path / "event.sqlite") as db:
        with pytest.raises(FileRefused) as refused:
            import_files(db, [Upload("a.t", f"Ann 1500 2; 300\n{name} 1400 1; 250\n".encode())])
        assert str(refused.value) == f"a.t:2: name: {name[:40]!r} {what}"
        with pytest.raises(FileRefused) as refused:
            import_files(db, [Upload("players.csv", f"name,rating\nAnn,1\n{name},2\n".encode())])
        assert str(refused.value) == f"players.csv:3: column 'name': {name[:40]!r} {what}"
        assert db.count("players") == 0
        taken = "Ann\u00a0" + "A" * 91 + "\u202fAble"                     # 100 characters
        import_files(db, [Upload("players.csv", f"name,rating\n{taken},1\n".encode())])
        assert [r["name"] for r in db.db["players"].rows] == [taken]
