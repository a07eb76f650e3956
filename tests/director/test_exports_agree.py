"""The files keep the scores as recorded and the standings apply the cap, as tsh does: an
imported game won by more than its round's spread cap is exported as written (400-225 stays
400-225), the page counts it capped (375-225: the school rules' "in Round 2, an actual score of
400-225 will be recorded as 375-225"), and tsh, told the cap by the archive's config, counts every
player as the page does. A kiosk's game under the school book is recorded capped, as the book
says, and every file holds it capped. The files are read back by this test's own arithmetic, as
tsh counts a .t file."""
import datetime as dt
import json

import pytest

from director.event.db import DirectorDB
from director.files.exports import export_archive, export_standings_csv, export_t, export_tou
from director.files.imports import Upload, import_files
from director.files.tou import parse_tou
from director.event.rounds import start_round
from director.event.tournament import standings
from director.tables.ingest import receive
from common.presets import load_preset
from common.replay import replay_lines
from common.wire.document import result_document
from tests.director.test_event_files import archive_files, lines_of, record
from tests.support.director_harness import KEY, game_script, signed_bytes

SCHOOL = load_preset("school")              # spread caps: round 1 100, round 2 150, then 250
# round 1: Ann beats Bob 380-300, Dan beats Cat 350-300; round 2: Ann beats Cat 400-225 (over
# round 2's cap of 150: it counts 375-225), Bob and Dan tie 330-330
T_FILE = ("Ann 1500 2 3; 380 400\n"
          "Bob 1400 1 4; 300 330\n"
          "Cat 1300 4 1; 300 225\n"
          "Dan 1200 3 2; 350 330\n")
PAGE = {"Ann": [2, 0, 80 + 150], "Bob": [0.5, 1.5, -80], "Cat": [0, 2, -50 - 150], "Dan": [1.5, 0.5, 50]}


@pytest.fixture
def event(tmp_path):
    with DirectorDB.open(tmp_path / "director.sqlite") as db:
        import_files(db, [Upload("a.t", T_FILE.encode())])
        yield db


def page(db, tournament="T"):
    table, problems = standings(db, SCHOOL, tournament)
    assert problems == []
    return {s.player.name: [s.wins, s.losses, s.spread] for s in table}


def test_the_t_file_keeps_the_scores_as_written_and_the_cap_counts_in_the_standings(event):
    assert page(event) == PAGE
    assert export_t(event, SCHOOL, "T").decode("iso-8859-1") == T_FILE            # 400, not 375
    exported = lines_of(T_FILE)
    assert {name: rest for name, *rest in record(exported, cap=150)} == PAGE     # tsh, capped
    assert record(exported)[0][3] == 80 + 175 != PAGE["Ann"][2]                 # tsh without the cap


def test_the_ratings_file_holds_the_scores_as_written(event):
    [section] = parse_tou(export_tou(event, SCHOOL, "T", dt.date(2030, 1, 2)).decode("ascii"))
    ann, _, cat, _ = section.rows
    assert [(e.outcome, e.score) for e in ann.entries] == [("2", 380), ("2", 400)]
    assert [(e.outcome, e.score) for e in cat.entries] == [(" ", 300), (" ", 225)]


def test_the_archive_tells_tsh_the_caps_and_imports_back_as_it_was(event, tmp_path):
    archive = export_archive(event, SCHOOL, "T").decode("iso-8859-1")
    assert "config spread_cap = [100, 150, 250]" in archive.splitlines()
    assert archive_files(archive)["a.t"] == T_FILE
    with DirectorDB.open(tmp_path / "again.sqlite") as again:
        import_files(again, [Upload("again.tsh", archive.encode("iso-8859-1"))])
        assert page(again) == PAGE
        assert export_archive(again, SCHOOL, "T").decode("iso-8859-1") == archive


def test_a_kiosks_game_under_the_school_book_is_recorded_capped_in_every_file(tmp_path):
    with DirectorDB.open(tmp_path / "director.sqlite") as db:
        import_files(db, [Upload("a.t", b"Ann 1500 2 3\nBob 1400 1 4\nCat 1300 4 1\nDan 1200 3 2\n")])
        for round_ in (1, 2):                      # a result counts once its round has started
            start_round(db, round_, 1e9)
        for table, round_, players, scores in ((1, 1, ("Ann", "Bob"), (370, 290)),
                                               (2, 1, ("Dan", "Cat"), (340, 290)),
                                               (1, 2, ("Ann", "Cat"), (390, 215)),
                                               (2, 2, ("Bob", "Dan"), (300, 300))):
            script = game_script(round_, players, scores, preset="school")
            replayed = replay_lines(json.dumps(line) for line in script)
            document = result_document(replayed.state, replayed.events, 80 * 10**9, tournament="K",
                                       table=str(table), game_id=f"t{table}-r{round_}", revision=1)
            reply = receive(db, str(table), "results", signed_bytes(document), KEY.encode(), 1e9,
                            rules=SCHOOL)
            assert reply.code == 200, reply.body
        # round 2: Ann 390 + 10 out + 2 racked = 402 - 213: over the cap of 150, recorded 363-213
        ann = lines_of(export_t(db, SCHOOL, "K").decode("iso-8859-1"))[0]
        assert ann["scores"][1] - lines_of(export_t(db, SCHOOL, "K").decode())[2]["scores"][1] == 150
        [section] = parse_tou(export_tou(db, SCHOOL, "K", dt.date(2030, 1, 2)).decode("ascii"))
        assert section.rows[0].entries[1].score == ann["scores"][1]
        csv_ann = export_standings_csv(db, SCHOOL, "K").decode().splitlines()[1].split(",")
        assert csv_ann[3:9] == ["Ann", "1500", "2", "0", f"+{(370 + 10 + 2) - (290 - 2) + 150}", "2"]
