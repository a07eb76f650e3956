"""``python -m director late-entry``, ``withdraw``, ``back``, ``absent``, ``no-show`` and ``draw``
as a director types them beside the service: real processes on a real database file, the
division's draw from the config. Each prints what it did and what became of the proposal; a
change that cannot be made exits 1 with the reason and changes nothing."""
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from director.event.db import DirectorDB
from director.event.rounds import start_round
from director.event.tournament import pairings
from director.files.imports import Upload, import_files

pytestmark = pytest.mark.slow          # subprocesses: make check leaves them out

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 120
NAMES = ["Aroha Ngata", "Ben Hall", "Chen Wei", "Dina Ross", "Émile Roux", "Farah Khan"]


@pytest.fixture
def config(tmp_path):
    db = tmp_path / "event.sqlite"
    with DirectorDB.open(db) as opened:
        import_files(opened, [Upload("players.csv", ("name,rating\n" + "".join(
            f"{n},{1700 - 50 * i}\n" for i, n in enumerate(NAMES))).encode())])
    path = tmp_path / "director.toml"
    path.write_text(f'[service]\ndb = "{db}"\n[tournament]\nname = "Club Night"\npreset = "absp"\n'
                    '[draw]\nsystem = "swiss"\nrounds = 3\n', encoding="utf-8")
    return path


def director(config, *args):
    return subprocess.run([sys.executable, "-m", "director", args[0], "--config", str(config),
                           *map(str, args[1:])], cwd=ROOT, capture_output=True, timeout=TIMEOUT_S)


def said(run) -> list[str]:
    assert run.returncode == 0, run.stderr.decode()
    return run.stdout.decode("utf-8").splitlines()


def dump(config) -> list:
    db = config.parent / "event.sqlite"
    with sqlite3.connect(db) as conn:
        return [list(conn.execute(f"SELECT * FROM [{t}]")) for t in
                ("players", "pairings", "imported_results", "proposals", "proposed_games")]


def test_the_day_by_command_a_withdrawal_a_late_entry_a_take_back_and_a_no_show(config):
    assert said(director(config, "draw", "--propose")) == [
        "division A: round 1 drawn; check it and publish it"]
    assert said(director(config, "withdraw", "--player", "Chen Wei")) == [
        "division A: Chen Wei (3) withdrawn from round 1: not paired again and not ranked (tsh's "
        "off 0: each round missed is no game)",
        "division A: round 1 proposed (drawn again: Chen Wei (3) withdrawn)"]
    lines = said(director(config, "late-entry", "--name", "Hana Ito", "--rating", "1650"))
    assert lines == ["division A: Hana Ito (7) entered late",
                     "division A: round 1 proposed (drawn again: Hana Ito (7) entered late)"]
    assert said(director(config, "draw", "--publish", "--round", "1")) == [
        "division A: round 1 published (3 games and byes)"]
    assert said(director(config, "draw", "--take-back"))[0].startswith(
        "division A: round 1 taken back from the tables: it is the proposal again")
    said(director(config, "draw", "--publish", "--round", "1"))
    db = config.parent / "event.sqlite"
    with DirectorDB.open(db) as opened:
        start_round(opened, 1, 1e9)
        game = next(p for p in pairings(opened, "A") if p.round == 1 and p.players[1])
    absent, present = game.players
    names = {i + 1: n for i, n in enumerate(NAMES)} | {7: "Hana Ito"}
    lines = said(director(config, "no-show", "--round", "1", "--player", absent))
    assert lines[0] == (f"division A round 1 table {game.table}: {names[absent]} ({absent}) did "
                        f"not come: {names[present]} ({present}) wins by forfeit, +75 (ABSP (UK) "
                        "2009's late forfeit spread, 75; not rated)")

def test_a_change_that_cannot_be_made_exits_1_and_changes_nothing(config):
    said(director(config, "draw", "--propose"))
    before = dump(config)
    refused = director(config, "withdraw", "--player", "Nobody")
    assert refused.returncode == 1 and refused.stderr.decode().strip() == (
        "director withdraw: division A: 'Nobody' is none of its players (give their number or "
        "their name)")
    refused = director(config, "draw", "--swap", "1", "2", "--round", "2")
    assert refused.returncode == 1 and "round 1 is proposed, not round 2: the swap was not made" in (
        refused.stderr.decode())
    assert dump(config) == before
