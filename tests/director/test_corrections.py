"""The director corrects a result: new scores, a forfeit, a void, or the recorded result again,
with a reason; kept beside the table's signed result (never changed), audited, and used by the
standings and every export. Real documents from the replay core, stored as a table posts them."""
import datetime as dt
import json

import pytest

from director.event.correct import Ask, correct
from director.event.corrections import CorrectionError, history
from director.event.db import DirectorDB
from director.event.rounds import start_round
from director.event.tournament import standings
from director.files.exports import export_archive, export_standings_csv, export_t, export_tou
from director.files.imports import Upload, import_files
from director.files.tou import parse_tou
from director.tables.ingest import receive
from common.presets import load_preset
from tests.support.director_harness import KEY, TOURNAMENT, result_doc, signed_bytes

RULES = load_preset("aspa")             # a forfeit is won by 50
PLAYERS = b"name,rating\nAnn Able,1500\nBob Baker,1400\nCat Cole,1300\nDan Dale,1200\n"
ROUND_1 = b"round,table,player1,player2\n1,5,Ann Able,Bob Baker\n1,6,Cat Cole,Dan Dale\n"


@pytest.fixture
def event(tmp_path):
    """Round 1 played: table 5 Ann Able 395+12 - Bob Baker 380-2 ... as the tables recorded them."""
    with DirectorDB.open(tmp_path / "event.sqlite") as db:
        import_files(db, [Upload("players.csv", PLAYERS), Upload("round1.csv", ROUND_1)])
        start_round(db, 1, 1e9)
        for table, players, scores in ((5, ("Bob Baker", "Ann Able"), (300, 380)),
                                       (6, ("Cat Cole", "Dan Dale"), (350, 300))):
            reply = receive(db, str(table), "results",
                            signed_bytes(result_doc(table, players=players, scores=scores)),
                            KEY.encode(), 1e9 + 60, rules=RULES)
            assert reply.code == 200, reply.body
        yield db


def rows(db):
    table, problems = standings(db, RULES, TOURNAMENT)
    assert problems == []
    return {s.player.name: (s.wins, s.losses, s.spread, s.games) for s in table}


def table_5(db):
    with db.locked() as conn:
        return next(conn.query("SELECT * FROM results WHERE table_name = '5'"))


def test_new_scores_count_everywhere_and_the_tables_signed_result_stays_as_it_was(event):
    signed = table_5(event)
    # Bob Baker 300+10+2 = 312, Ann Able 380-2 = 378: Ann won by 66
    assert rows(event)["Ann Able"] == (1, 0, 66, 1)
    made = correct(event, RULES, TOURNAMENT, Ask(1, "scores", "the sheet says 412", table="5",
                                                 scores=(412, 378)), now_wall=2e9, source="test")
    assert made.words == ("division A round 1 table 5: Bob Baker 412 - Ann Able 378 (was Bob Baker "
                          "312 - Ann Able 378), corrected: the sheet says 412")
    assert rows(event)["Bob Baker"] == (1, 0, 34, 1) and rows(event)["Ann Able"] == (0, 1, -34, 1)
    assert table_5(event) == signed                              # the table's result, untouched
    [kept] = history(event, TOURNAMENT)
    assert (kept.kind, kept.players, kept.scores, kept.reason, kept.wall, kept.source) == (
        "scores", (1, 2), (378, 412), "the sheet says 412", 2e9, "test")
    assert kept.original["words"] == "Bob Baker 312 - Ann Able 378"
    assert kept.original["table_result"] == {
        "revision": 1, "sha256": signed["sha256"], "game_id": signed["game_id"],
        "names": ["Bob Baker", "Ann Able"], "numbers": [2, 1]}
    # every file holds the corrected scores
    t_lines = export_t(event, RULES, TOURNAMENT).decode("iso-8859-1").splitlines()
    assert t_lines[0].split(";")[1].split() == ["378"] and t_lines[1].split(";")[1].split() == ["412"]
    [section] = parse_tou(export_tou(event, RULES, TOURNAMENT, dt.date(2030, 1, 1)).decode("ascii"))
    assert [(e.outcome, e.score) for e in (section.rows[0].entries[0], section.rows[1].entries[0])] == [
        (" ", 378), ("2", 412)]
    assert "412" in export_archive(event, RULES, TOURNAMENT).decode()
    csv_rows = [line.split(",") for line in export_standings_csv(event, RULES, TOURNAMENT).decode().splitlines()]
    assert ["Bob Baker", "1400", "1", "0", "+34"] in [r[3:8] for r in csv_rows]


def test_a_forfeit_a_void_and_the_recorded_result_again(event):
    correct(event, RULES, TOURNAMENT, Ask(1, "forfeit", "Dan left at the start", players=("Cat Cole", "4"),
                                          forfeit="Dan Dale"), now_wall=2e9, source="test")
    assert rows(event)["Cat Cole"] == (1, 0, 50, 1) and rows(event)["Dan Dale"] == (0, 1, -50, 1)
    correct(event, RULES, TOURNAMENT, Ask(1, "void", "wrong pairing", table="6"), now_wall=2e9 + 1,
            source="test")
    assert rows(event)["Cat Cole"] == (0, 0, 0, 0) and rows(event)["Dan Dale"] == (0, 0, 0, 0)
    t_lines = export_t(event, RULES, TOURNAMENT).decode("iso-8859-1").splitlines()
    assert t_lines[2].split(";")[0].split()[-1] == "0" and t_lines[2].split(";")[1].split() == ["0"]
    [section] = parse_tou(export_tou(event, RULES, TOURNAMENT, dt.date(2030, 1, 1)).decode("ascii"))
    assert [(e.outcome, e.score, e.opponent) for e in (section.rows[2].entries[0], section.rows[3].entries[0])] == [
        (" ", 0, 3), (" ", 0, 4)]                           # absent, as AUPAIR writes a missed round
    correct(event, RULES, TOURNAMENT, Ask(1, "original", "void by mistake", table="6"),
            now_wall=2e9 + 2, source="test")
    assert rows(event)["Cat Cole"][:2] == (1, 0)
    assert [c.kind for c in history(event, TOURNAMENT)] == ["forfeit", "void", "original"]
    assert [c.original["words"] for c in history(event, TOURNAMENT)] == [
        "Cat Cole 362 - Dan Dale 298", "Dan Dale forfeited to Cat Cole", "no game"]


@pytest.mark.parametrize("ask, error", [
    (Ask(1, "scores", "", table="5", scores=(400, 300)), "reason: say why"),
    (Ask(1, "scores", "a\nb", table="5", scores=(400, 300)), "reason: one line"),
    (Ask(1, "scores", "typo", table="9", scores=(400, 300)), "division A round 1: no result of table 9"),
    (Ask(2, "scores", "typo", table="5", scores=(400, 300)), "division A round 2: no result of table 5"),
    (Ask(1, "scores", "typo", table="5", scores=(400, 1000)), "scores: two whole numbers from 0 to 999"),
    (Ask(1, "scores", "typo", table="5"), "scores: new scores are given"),
    (Ask(1, "forfeit", "left", table="5", forfeit="Cat Cole"), "'Cat Cole' did not play this game"),
    (Ask(1, "original", "undo", table="5"), "the result is as recorded already: nothing to undo"),
    (Ask(1, "scores", "same", table="5", scores=(312, 378)), "the result is Bob Baker 312 - Ann Able 378 already"),
    (Ask(1, "void", "who?", players=("Zed",)), "'Zed' is not one of the division's players"),
    (Ask(1, "void", "which?"), "name the game: its table, or its players"),
])
def test_a_correction_that_cannot_be_made_is_refused_and_changes_nothing(event, ask, error):
    before = rows(event), history(event, TOURNAMENT)
    with pytest.raises(CorrectionError) as refused:
        correct(event, RULES, TOURNAMENT, ask, now_wall=2e9, source="test")
    assert error in str(refused.value)
    assert (rows(event), history(event, TOURNAMENT)) == before


def test_a_correction_outlives_a_later_revision_of_the_tables_result(event):
    correct(event, RULES, TOURNAMENT, Ask(1, "scores", "sheet", table="5", scores=(412, 378)),
            now_wall=2e9, source="test")
    later = result_doc(5, players=("Bob Baker", "Ann Able"), scores=(300, 390), revision=2)
    assert receive(event, "5", "results", signed_bytes(later), KEY.encode(), 2e9 + 5,
                   rules=RULES).body["outcome"] == "replaced"
    assert rows(event)["Bob Baker"][:3] == (1, 0, 34)            # the director's word stands
    assert json.loads(table_5(event)["document"])["revision"] == 2


def test_a_file_whose_scores_differ_from_a_tables_is_refused_listing_each_unless_they_stand(event):
    """tsh has 388 where the table recorded Ann's 378: never silently ignored."""
    from director.files.imports import FileRefused, Options
    options = Options(rules=RULES, tournament=TOURNAMENT)
    exported = export_t(event, RULES, TOURNAMENT).decode("iso-8859-1")
    assert import_files(event, [Upload("a.t", exported.encode("iso-8859-1"))], division="A",
                        options=options)[0].startswith("a.t: division A: 4 players")   # agrees: fine
    changed = exported.replace("; 378", "; 388", 1).replace(" 298;", " 298;")
    lines = changed.splitlines()
    lines[2] = lines[2].replace("; 362", "; 50").replace(" 4;", " 0;")    # Cat: a forfeit win
    lines[3] = lines[3].replace("; 298", "; -50").replace(" 3;", " 0;")   # Dan: a forfeit loss
    changed = "\n".join(lines) + "\n"
    before = rows(event), history(event, TOURNAMENT)
    with pytest.raises(FileRefused) as refused:
        import_files(event, [Upload("a.t", changed.encode("iso-8859-1"))], division="A", options=options)
    assert str(refused.value) == (
        "a.t: division A: 2 result(s) differ from the tables' results: round 1 table 5: the table's "
        "Bob Baker 312 - Ann Able 378, the file's Ann Able 388 - Bob Baker 312; round 1 table 6: the "
        "table's Cat Cole 362 - Dan Dale 298, the file's Cat Cole +50 against no one, Dan Dale -50 "
        "against no one. Nothing imported: correct the file, or import it with its scores standing "
        "as corrections of the tables' results (--as-corrections; on the page, 'the file's scores "
        "stand as corrections')")
    assert (rows(event), history(event, TOURNAMENT)) == before
    signed = table_5(event)
    messages = import_files(event, [Upload("a.t", changed.encode("iso-8859-1"))], division="A",
                            options=Options(rules=RULES, tournament=TOURNAMENT, as_corrections=True))
    assert messages[0].splitlines()[1:] == [
        "a.t: corrected division A round 1 table 5: Bob Baker 312 - Ann Able 388 (was Bob Baker 312 - "
        "Ann Able 378), corrected: the scores of a.t, imported to stand",
        "a.t: corrected division A round 1 table 6: Dan Dale forfeited to Cat Cole (was Cat Cole "
        "362 - Dan Dale 298), corrected: the scores of a.t, imported to stand"]
    assert rows(event)["Ann Able"] == (1, 0, 76, 1) and rows(event)["Cat Cole"] == (1, 0, 50, 1)
    assert [(c.kind, c.source) for c in history(event, TOURNAMENT)] == [
        ("scores", "import of a.t"), ("forfeit", "import of a.t")]
    assert table_5(event) == signed
    head_and_scores = lambda text: [line.split(";")[:2] for line in text.splitlines()]
    assert head_and_scores(export_t(event, RULES, TOURNAMENT).decode("iso-8859-1")) == head_and_scores(changed)
