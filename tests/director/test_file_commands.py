"""``python -m director import`` and ``export`` as a director scripts them, on real files. A
config.tsh with its .t files beside it goes in, every format comes out (those commands as the
processes they are); a bad file among good ones is refused whole, naming the file, the line and
the reason, and the database file is unchanged byte for byte (the same commands in the test's
process, tests/support/cli.py)."""
import csv
import io
import shutil
import sqlite3
from pathlib import Path

import pytest

from director.files.tou import parse_tou
from director.files.tsh import parse_t
from tests.support import cli

ROOT = Path(__file__).resolve().parents[2]


def director(*args, cwd=ROOT, command=cli.run):
    """``python -m director *args``; its output as bytes."""
    return command("director", *args, cwd=cwd, text=False)


def process(*args, cwd=ROOT):
    """The same, as a process of its own."""
    return director(*args, cwd=cwd, command=cli.spawn)


@pytest.fixture
def event_dir(shared, tmp_path):
    folder = tmp_path / "winter"
    folder.mkdir()
    shutil.copy(shared.tsh / "naspa-2023-division-a.t", folder / "a.t")
    shutil.copy(shared.tsh / "naspa-2023-division-b.t", folder / "b.t")
    (folder / "config.tsh").write_text('division A a.t\ndivision B b.t\n'
                                       'config event_name = "Winter Open"\n'
                                       'config event_date = "2023-02-17"\n')
    return folder


def dump(path):
    """The database's content, row by row, as SQLite gives it."""
    with sqlite3.connect(path) as conn:
        return list(conn.iterdump())


@pytest.mark.slow                       # processes: make check leaves it out
def test_a_config_goes_in_and_every_format_comes_out(event_dir, tmp_path):
    db = tmp_path / "event.sqlite"
    done = process("import", "--db", db, event_dir / "config.tsh")
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().splitlines()[:2] == [
        f"{event_dir / 'a.t'}: division A: 26 players, 23 rounds of pairings, 303 results",
        f"{event_dir / 'b.t'}: division B: 109 players, 14 rounds of pairings, 770 results, "
        "its boards at tables 14 onwards"]
    out = process("export", "--db", db, "--format", "t", "--division", "b", "-o", tmp_path / "b.t")
    assert out.returncode == 0 and out.stdout == b"", out.stderr
    again, original = parse_t((tmp_path / "b.t").read_text("iso-8859-1")), parse_t((event_dir / "b.t").read_text("iso-8859-1"))
    assert (again.players, again.results, again.extras) == (original.players, original.results, original.extras)
    tou = process("export", "--db", db, "--format", "tou")
    sections = parse_tou(tou.stdout.decode("ascii"))
    assert [(s.division, s.event, str(s.date), len(s.rows)) for s in sections] == [
        ("A", "Winter Open", "2023-02-17", 26), ("B", "Winter Open", "2023-02-17", 109)]
    rows = list(csv.DictReader(io.StringIO(process("export", "--db", db, "--format", "csv").stdout.decode())))
    assert {r["division"] for r in rows} == {"A", "B"} and len(rows) == 135
    archive = process("export", "--db", db, "--format", "tsh").stdout.decode("iso-8859-1")
    assert archive.startswith("division A a.t\ndivision B b.t\nconfig event_name")
    assert archive.count("#begin_file") == 2


def test_a_bad_file_among_good_ones_is_refused_whole_and_the_database_is_unchanged(event_dir, tmp_path):
    db = tmp_path / "event.sqlite"
    assert director("import", "--db", db, event_dir / "config.tsh").returncode == 0
    before = dump(db)
    (tmp_path / "players.csv").write_text("name,rating,division\nZed,1500,C\n")
    (tmp_path / "round24.csv").write_text("round,table,player1,player2,division\n"
                                          "24,1,Sokol Joshua,Smylie Jackson,A\n")
    refused = director("import", "--db", db, tmp_path / "players.csv", tmp_path / "round24.csv")
    assert refused.returncode == 1
    assert refused.stderr.decode().strip() == (
        f"director import: {tmp_path / 'round24.csv'}:2: column 'player1': player 'Sokol Joshua' "
        f"is not one of the director's players; nothing imported, {db} is unchanged")
    assert dump(db) == before
    (event_dir / "b.t").write_text("Edley, Joe 2007 87; 363\n")
    broken = director("import", "--db", db, event_dir / "config.tsh")
    assert broken.returncode == 1 and f"{event_dir / 'b.t'}:1: round 1: opponent 87" in broken.stderr.decode()
    assert dump(db) == before


def test_what_cannot_be_exported_or_opened_says_why(event_dir, tmp_path):
    db = tmp_path / "event.sqlite"
    director("import", "--db", db, event_dir / "config.tsh")
    several = director("export", "--db", db, "--format", "t")
    assert several.returncode == 1
    assert several.stderr.decode().strip() == ("director export: .t export: the event has several "
                                               "divisions: name one of A, B")
    missing = director("export", "--db", tmp_path / "none.sqlite", "--format", "csv")
    assert missing.returncode == 2 and "none.sqlite: no such database" in missing.stderr.decode()
    assert not (tmp_path / "none.sqlite").exists()
    unknown = director("import", "--db", db, tmp_path / "nothing.t")
    assert unknown.returncode == 2 and "nothing.t: No such file or directory" in unknown.stderr.decode()


def test_import_and_export_read_the_database_of_the_directors_config(event_dir, tmp_path):
    config = tmp_path / "director.toml"
    config.write_text(f'[tournament]\nname = "Winter Open"\n[service]\ndb = "{tmp_path / "svc.sqlite"}"\n')
    done = director("import", "--config", config, event_dir / "config.tsh")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "svc.sqlite").exists()
    out = director("export", "--config", config, "--format", "t", "--division", "b")
    assert out.returncode == 0, out.stderr
    assert parse_t(out.stdout.decode("iso-8859-1"))
