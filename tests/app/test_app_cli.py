"""``python -m kiosk run --config FILE`` as the real process (headless) and ``python -m kiosk
config`` (in the test's process, tests/support/cli.py): a bad file exits 2 naming the file, the
key and what was expected; a good one is what the kiosk runs with, the command line overriding
it; the store is the file's."""
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from kiosk.config import EXAMPLE
from tests.support.quick_hash import quick_hash
from tests.support import cli

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def kiosk(*args, cwd=ROOT, timeout=120):
    if args[0] == "config":
        return cli.run("kiosk", *args, cwd=cwd)
    return subprocess.run([sys.executable, "-m", "kiosk", *args], cwd=cwd,
                          env=dict(ENV, PYTHONPATH=str(ROOT)), capture_output=True, text=True,
                          timeout=timeout)


def games(store: Path) -> list[tuple]:
    with sqlite3.connect(store) as db:
        return db.execute("SELECT table_name, round, player0, player1, preset, closed_reason "
                          "FROM games ORDER BY id").fetchall()


@pytest.mark.slow
def test_a_bad_config_file_exits_2_with_the_file_the_key_and_what_was_expected(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[hardware.pins]\nleft = 40\n")
    out = kiosk("run", "--config", str(bad), "--headless", "--exit-after", "1", cwd=tmp_path)
    assert out.returncode == 2
    assert out.stderr == f"python -m kiosk run: {bad}: hardware.pins.left: expected a BCM pin number 2-27; got 40\n"
    assert not (tmp_path / "var").exists()          # refused before the store (var/kiosk.sqlite) was made


@pytest.mark.slow
def test_an_old_config_holding_the_tournament_key_is_refused_saying_what_to_do(tmp_path):
    cfg = tmp_path / "kiosk.toml"
    cfg.write_text('[director]\nurl = "http://director.local:8080"\nkey = "the tournament key, 0123"\n')
    out = kiosk("run", "--sim", "--config", str(cfg), "--headless", "--exit-after", "1",
                "--store", str(tmp_path / "k.sqlite"))
    assert out.returncode == 2
    assert out.stderr == (f"python -m kiosk run: {cfg}: director.key: expected this table's own key in "
                          "director.table_key_file instead (python -m director enroll TABLE on the "
                          "director's machine makes it): delete director.key; the tournament key no "
                          "longer goes on a table, where it could sign any table's results\n")
    assert "0123" not in out.stderr
    assert not (tmp_path / "k.sqlite").exists()          # refused before the store was touched


@pytest.mark.slow
def test_the_kiosk_runs_with_the_file_and_the_command_line_overrides_it(tmp_path):
    store = tmp_path / "table.sqlite"
    cfg = tmp_path / "kiosk.toml"
    cfg.write_text(f'[kiosk]\ntable = "12"\nround = 5\nplayers = ["Ann", "Bob"]\n'
                   f'[rules]\npreset = "nzasp"\n[hardware]\nbuttons = "sim"\n'
                   f'[display]\nsize = "800x480"\n[store]\npath = "{store}"\n'
                   f'[director]\ntable_key = "{"0c" * 32}"\n')
    shots = tmp_path / "shots"
    out = kiosk("run", "--config", str(cfg), "--headless", "--exit-after", "1", "--screenshot-dir", str(shots))
    assert out.returncode == 0, out.stderr
    assert pygame.image.load(str(shots / "frame-00001.png")).get_size() == (800, 480)
    assert games(store) == [("12", 5, "Ann", "Bob", "nzasp", None)]

    out = kiosk("run", "--config", str(cfg), "--headless", "--exit-after", "1", "--table", "14",
                "--preset", "absp", "--size", "640x480", "--screenshot-dir", str(tmp_path / "shots2"))
    assert out.returncode == 0, out.stderr
    assert pygame.image.load(str(tmp_path / "shots2" / "frame-00001.png")).get_size() == (640, 480)
    (first, second) = games(store)               # the unstarted game, set up otherwise, replaced
    assert first[-1].startswith("replaced before its first event")
    assert second == ("14", 5, "Ann", "Bob", "absp", None)


@pytest.mark.slow
def test_without_a_config_file_the_store_is_var_kiosk_sqlite_under_the_working_directory(tmp_path):
    out = kiosk("run", "--sim", "--headless", "--exit-after", "1", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert games(tmp_path / "var" / "kiosk.sqlite") == [("1", 1, "Player 1", "Player 2", "aspa", None)]
    out = kiosk("run", "--sim", "--headless", "--exit-after", "1", cwd=tmp_path)
    assert out.returncode == 0, out.stderr                  # the same unstarted game, kept
    assert len(games(tmp_path / "var" / "kiosk.sqlite")) == 1


def test_config_prints_the_example_and_checks_a_file(tmp_path):
    out = kiosk("config")
    assert out.returncode == 0 and out.stdout == EXAMPLE.read_text(encoding="utf-8")
    out = kiosk("config", str(EXAMPLE), cwd=tmp_path)   # on its buttons without a PIN: menu closed
    assert out.returncode == 0 and out.stdout.endswith("director's menu closed (no PIN: the table "
                                                       "is not enrolled)\n")
    with_pin = tmp_path / "kiosk.toml"
    with_pin.write_text(EXAMPLE.read_text().replace('pin_hash = ""', f'pin_hash = "{quick_hash("8642")}"'))
    out = kiosk("config", str(with_pin), cwd=tmp_path)
    assert out.returncode == 0 and out.stdout == (
        f"{with_pin}: OK: table 1, not enrolled (no var/enrollment.toml), ASPA (Australia) 2016, "
        "word list enable2k \u2014 not the official CSW (the bundled ENABLE list), "
        "buttons gpio, store var/kiosk.sqlite, results NOT signed: kept on the table (not enrolled, "
        "no director.table_key_file), director's menu behind its PIN\n")
    bad = tmp_path / "bad.toml"
    bad.write_text("[kiosk]\nround = \"two\"\n")
    out = kiosk("config", str(bad))
    assert (out.returncode, out.stderr) == (2, f"python -m kiosk config: {bad}: kiosk.round: expected a "
                                               "round number 1-999; got 'two'\n")
