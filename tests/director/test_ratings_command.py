"""``python -m director ratings`` as a director runs it: real processes, a real database made by
``python -m director import`` from the real NASPA files. The estimate comes out as tsh wrote its
own (``newr``); a ratings list that names someone the event does not have, or misses a player,
says who and estimates the rest (the missing one as a newcomer, as the ratings programs treat a
name they do not find); a system whose rules could not be had (WESPA, ABSP) and a division whose
games before the event nothing gives are refused with what is missing, exit status 1."""
import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest

from director.files.tsh import parse_t

pytestmark = pytest.mark.slow          # subprocesses: make check leaves them out

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 120
A = "naspa-2023-division-a"


def director(*args):
    return subprocess.run([sys.executable, "-m", "director", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=TIMEOUT_S)


@pytest.fixture(scope="module")
def event(shared, tmp_path_factory):
    db = tmp_path_factory.mktemp("ratings") / "event.sqlite"
    done = director("import", "--db", db, shared.tsh / f"{A}.t", shared.tsh / "naspa-2023-division-b.t")
    assert done.returncode == 0, done.stderr
    return db


def tsh_final(shared):
    division = parse_t((shared.tsh / f"{A}.t").read_text("iso-8859-1"))
    return {p.name: (p.rating, int(dict(division.extras[p.number])["newr"].split()[-1]))
            for p in division.players}


def test_naspa_csv_is_tsh_own_estimate_of_the_real_division(event, shared):
    done = director("ratings", "--db", event, "--system", "naspa", "--division", A, "--format", "csv")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert list(rows[0]) == ["division", "player", "old", "new"]
    assert {r["player"]: (int(r["old"]), int(r["new"])) for r in rows} == tsh_final(shared)
    assert {r["division"] for r in rows} == {A}


def test_a_list_with_a_stranger_and_a_missing_player_says_who_and_estimates_the_rest(event, shared, tmp_path):
    final = tsh_final(shared)
    division = parse_t((shared.tsh / f"{A}.t").read_text("iso-8859-1"))
    lines = ["name,rating,games"]
    for p in division.players[1:]:                         # Smylie, Jackson left out
        given = p.name.split(", ")[1] + " " + p.name.split(", ")[0]    # given name first
        lines.append(f"{given},{p.rating},{dict(division.extras[p.number])['lifeg']}")
    lines.append("Nobody Atall,1500,100")
    (tmp_path / "list.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = director("ratings", "--db", event, "--system", "naspa", "--division", A,
                    "--ratings", tmp_path / "list.csv")
    assert done.returncode == 0, done.stderr
    assert "the ratings list names players the event does not have, left out: Nobody Atall " \
           "(line 27)" in done.stderr
    assert f"division {A}: not in the ratings list, rated as newcomers (check the spelling): " \
           "Smylie, Jackson" in done.stderr
    assert "an estimate, not the association's published rating" in done.stdout
    assert "scrabbleplayers.org" in done.stdout
    smylie = next(line for line in done.stdout.splitlines() if "Smylie" in line).split()
    assert smylie[2] == "0" and smylie[-1] == "new"        # rated as a newcomer
    sokol = next(line for line in done.stdout.splitlines() if "Sokol" in line).split()
    assert sokol[2] == str(final["Sokol, Joshua"][0])      # the rest from the list


def test_wespa_and_absp_are_refused_saying_what_is_missing(event):
    wespa = director("ratings", "--db", event, "--system", "wespa")
    assert wespa.returncode == 1 and wespa.stdout == ""
    assert "the curve, the multipliers, the provisional rule" in wespa.stderr
    assert "https://www.wespa.org/news/2012x02.shtml" in wespa.stderr
    absp = director("ratings", "--db", event, "--system", "absp", "--format", "csv")
    assert absp.returncode == 1 and absp.stdout == ""
    assert "150 most recent rated games" in absp.stderr and "absp.org.uk" in absp.stderr


def test_games_nothing_gives_and_a_bad_list_are_refused(event, tmp_path):
    done = director("ratings", "--db", event, "--system", "aspa", "--format", "csv")
    assert done.returncode == 1
    assert "division naspa-2023-division-b: no estimate: the rated games before the event of " \
           "Edley, Joe" in done.stderr and "--ratings LIST.csv" in done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert rows and {r["division"] for r in rows} == {A}   # division A's lifeg tags give them
    (tmp_path / "bad.csv").write_text("name,rating,games\nAnn Lee,15OO,20\n", encoding="utf-8")
    bad = director("ratings", "--db", event, "--system", "nzasp", "--ratings", tmp_path / "bad.csv")
    assert bad.returncode == 1 and bad.stdout == ""
    assert "bad.csv:2: column 'rating': expected a whole number from 0; got '15OO'" in bad.stderr
