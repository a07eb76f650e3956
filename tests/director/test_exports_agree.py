"""The exports agree with the page: a game won by more than its round's spread cap goes to tsh
and to the ratings with the winner's score lowered to the cap, as the standings count it (and
as the school rules record it: "in Round 2, an actual score of 400-225 will be recorded as
375-225"). tsh then counts every player as the page does, whether its config caps spreads or
not; the archive's config carries the caps; a file exported and imported again stands as it was.
The files are read back by this test's own arithmetic, as tsh counts a .t file."""
import datetime as dt

import pytest

from director.event.db import DirectorDB
from director.files.exports import export_archive, export_t, export_tou
from director.files.imports import Upload, import_files
from director.files.tou import parse_tou
from director.event.tournament import standings
from kiosk.presets import load_preset
from tests.director.test_event_files import archive_files, lines_of, record

SCHOOL = load_preset("school")              # spread caps: round 1 100, round 2 150, then 250
# round 1: Ann beats Bob 380-300, Dan beats Cat 350-300; round 2: Ann beats Cat 400-225 (over
# round 2's cap of 150: it counts 375-225), Bob and Dan tie 330-330
T_FILE = ("Ann 1500 2 3; 380 400\n"
          "Bob 1400 1 4; 300 330\n"
          "Cat 1300 4 1; 300 225\n"
          "Dan 1200 3 2; 350 330\n")


@pytest.fixture
def event(tmp_path):
    with DirectorDB.open(tmp_path / "director.sqlite") as db:
        import_files(db, [Upload("a.t", T_FILE.encode())])
        yield db


def page(db):
    table, problems = standings(db, SCHOOL, "T")
    assert problems == []
    return {s.player.name: [s.wins, s.losses, s.spread] for s in table}


def test_the_t_file_gives_tsh_the_pages_spreads_with_or_without_its_own_cap(event):
    assert page(event) == {"Ann": [2, 0, 80 + 150], "Bob": [0.5, 1.5, -80], "Cat": [0, 2, -50 - 150],
                           "Dan": [1.5, 0.5, 50]}
    exported = lines_of(export_t(event, SCHOOL, "T").decode("iso-8859-1"))
    assert [p["scores"] for p in exported] == [[380, 375], [300, 330], [300, 225], [350, 330]]
    assert {name: rest for name, *rest in record(exported)} == page(event)     # tsh, no cap
    assert record(exported) == record(exported, cap=150)                       # tsh, capped
    # the raw file, counted by a tsh without the cap, would not agree: the bug this fixes
    assert record(lines_of(T_FILE))[0][3] == 80 + 175 != page(event)["Ann"][2]


def test_the_ratings_file_has_the_scores_the_page_counts(event):
    [section] = parse_tou(export_tou(event, SCHOOL, "T", dt.date(2030, 1, 2)).decode("ascii"))
    ann, _, cat, _ = section.rows
    assert [(e.outcome, e.score) for e in ann.entries] == [("2", 380), ("2", 375)]
    assert [(e.outcome, e.score) for e in cat.entries] == [(" ", 300), (" ", 225)]


def test_the_archive_tells_tsh_the_caps_and_imports_back_as_it_was(event, tmp_path):
    archive = export_archive(event, SCHOOL, "T").decode("iso-8859-1")
    assert "config spread_cap = [100, 150, 250]" in archive.splitlines()
    assert lines_of(archive_files(archive)["a.t"]) == lines_of(export_t(event, SCHOOL, "T").decode("iso-8859-1"))
    with DirectorDB.open(tmp_path / "again.sqlite") as again:
        import_files(again, [Upload("again.tsh", archive.encode("iso-8859-1"))])
        assert page(again) == page(event)
        assert export_archive(again, SCHOOL, "T").decode("iso-8859-1") == archive


def test_a_game_within_its_cap_is_written_as_played(event):
    aspa = load_preset("aspa")                  # no cap: every game as played
    assert [p["scores"] for p in lines_of(export_t(event, aspa, "T").decode("iso-8859-1"))] == [
        [380, 400], [300, 330], [300, 225], [350, 330]]
