"""``python -m director standings`` and ``correct``: the standings a director prints, the same
numbers as the page, with the event's name and date, each division's round and the order named;
and a correction from the command line, counted in them."""
import csv
import io
from html.parser import HTMLParser

import pytest

from director.config import load_config
from director.event.db import DirectorDB
from director.event.tournament import standings
from director.files.imports import Upload, import_files
from director.files.standings_report import report
from common.presets import load_preset
from tests.support import cli

CONFIG = ('division A a.t\nconfig event_name = "Winter Open"\nconfig event_date = "February 17-19, 2023"\n'
          "config spread_cap = [100]\n")


@pytest.fixture
def event(shared, tmp_path):
    path = tmp_path / "event.sqlite"
    files = {"a.t": (shared.tsh / "naspa-2023-division-a.t").read_bytes()}
    with DirectorDB.open(path) as db:
        import_files(db, [Upload("config.tsh", CONFIG.encode())], beside=lambda c, f: files.get(f))
    return path


def test_the_text_names_the_event_the_round_the_order_and_the_cap(event):
    rules = load_preset("aspa")
    with DirectorDB.open(event) as db:
        text = report(db, rules, "T")
        table, _ = standings(db, rules, "T", "A")
    lines = text.splitlines()
    assert lines[0] == "Winter Open · February 17-19, 2023"
    assert lines[2] == ("Division A after round 23 · ranked by most wins (a tie half), then fewest "
                        "losses, then highest spread · spreads capped at 100 a game")
    body = [line.split() for line in lines[5:5 + len(table)]]
    for words, s in zip(body, table):            # the page's numbers, row for row
        assert words[-5:] == [str(s.player.rating), f"{s.wins:g}", f"{s.losses:g}",
                              f"{s.spread:+d}" if s.spread else "0", str(s.games)] or words[-1] == "withdrawn"
    assert lines[5 + len(table) - 1].endswith("withdrawn") and "Keras, Lydia" in lines[5 + len(table) - 1]


def test_under_the_nzasp_book_the_order_named_is_its_own(event):
    with DirectorDB.open(event) as db:
        text = report(db, load_preset("nzasp"), "T", fmt="html")
    parser = HTMLParser()
    parser.feed(text)
    assert "<h1>Winter Open</h1>" in text and "<h2>Division A after round 23</h2>" in text
    assert "<p>Ranked by most wins (a tie half), then highest spread; spreads capped at 100 a game.</p>" in text


def test_the_csv_has_the_pages_columns_and_the_event_on_every_row(event):
    rules = load_preset("aspa")
    with DirectorDB.open(event) as db:
        rows = list(csv.DictReader(io.StringIO(report(db, rules, "T", fmt="csv"))))
        table, _ = standings(db, rules, "T", "A")
    assert [(r["rank"], r["name"], r["spread"]) for r in rows] == [
        ("" if s.rank is None else str(s.rank), s.player.name, f"{s.spread:+d}" if s.spread else "0")
        for s in table]
    assert {(r["event"], r["date"], r["after_round"]) for r in rows} == {
        ("Winter Open", "February 17-19, 2023", "after round 23")}


def test_the_commands_correct_a_result_and_print_the_standings_that_count_it(event, tmp_path):
    run = lambda *args: cli.run("director", *args, text=False)       # noqa: E731
    # round 23: Smylie (1) 320 - Sokol (2) 401, board 1; the sheet says Sokol scored 400
    done = run("correct", "--db", event, "--round", "23", "--players", "Sokol, Joshua", "1",
               "--scores", "400", "320", "--reason", "the sheet says 400")
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == (
        "correction 1: division A round 23 table 1: Smylie, Jackson 320 - Sokol, Joshua 400 (was "
        "Smylie, Jackson 320 - Sokol, Joshua 401), corrected: the sheet says 400\n")
    refused = run("correct", "--db", event, "--round", "23", "--table", "1", "--void", "--reason", "")
    assert refused.returncode == 1 and b"reason: say why" in refused.stderr
    text = run("standings", "--db", event, "--division", "a").stdout.decode()
    sokol = next(line for line in text.splitlines() if "Sokol, Joshua" in line).split()
    with DirectorDB.open(event) as db:
        default = load_config(None, need_key=False)          # the commands' tournament and book
        table, _ = standings(db, default.rules, default.tournament, "A")
    page = next(s for s in table if s.player.name == "Sokol, Joshua")
    assert sokol[-2] == f"{page.spread:+d}"
    assert run("standings", "--db", tmp_path / "none.sqlite").returncode == 2
