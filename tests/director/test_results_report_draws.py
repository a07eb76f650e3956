"""The results to forward (NZASP 11.4) mid-event, as a club director met them (issue 36): a grade
drawn as a round robin is one from its first round on (no draw to include, never "not a round
robin"), by the page's choice or the config's; a Swiss says it is one; the results page is shown
in the browser (to print or save), not downloaded. A real database, real results."""
import csv
import io

import pytest

from common.presets import load_preset
from director.event import divisions, next_round
from director.event.db import DirectorDB
from director.event.model import Player
from director.event.rounds import start_round, store_players
from director.event.tournament import pairings
from director.files.results_report import report
from director.tables.ingest import receive
from tests.support.director_harness import KEY, TOURNAMENT, result_doc, signed_bytes

RULES = load_preset("aspa")          # the tables' results are played under it
ROBIN = {"system": "round_robin", "king_of_the_hill": 0, "seeding": "rating", "rounds": 0}
SWISS = {"system": "swiss", "king_of_the_hill": 0, "seeding": "rating", "rounds": 4}
NAMES = {"A": ["Ann Able", "Bob Baker", "Cat Cole", "Dan Dale"],
         "B": ["Eve Ellis", "Fay Ford", "Gus Grant", "Hal Hope"]}


def play_round_one(db, event, name):
    """Division ``name``'s round 1 drawn, published and played at its tables."""
    next_round.propose(db, event, name, 1e9)
    next_round.publish(db, name)
    start_round(db, 1, 1e9, name)
    for p in pairings(db, name):
        players = tuple(NAMES[name][n - 1] for n in p.players)
        document = {**result_doc(p.table, 1, players=players, scores=(400, 380)), "division": name}
        assert receive(db, p.table, "results", signed_bytes(document), KEY.encode(), 1e9 + 60,
                       rules=RULES).code == 200


@pytest.fixture
def db(tmp_path):
    with DirectorDB.open(tmp_path / "event.sqlite") as opened:
        store_players(opened, [Player(n, name, 1500 - n, division)
                               for division, names in NAMES.items() for n, name in enumerate(names, 1)])
        yield opened


def test_a_round_robin_mid_event_is_a_round_robin(db):
    divisions.choose_draw(db, "A", ROBIN)                   # chosen on the page
    divisions.choose_draw(db, "B", SWISS)
    event = next_round.Event(RULES, TOURNAMENT)
    for name in ("A", "B"):
        play_round_one(db, event, name)
    page = report(db, RULES, TOURNAMENT)
    assert "Grade A" in page and "The draw for grade A" not in page
    assert "The draw for grade B (not a round robin: a Swiss)" in page
    drawn = list(csv.reader(io.StringIO(report(db, RULES, TOURNAMENT, fmt="draw"))))
    assert {row[0] for row in drawn[1:]} == {"B"}


def test_the_configs_round_robin_counts_too(db):
    event = next_round.Event(RULES, TOURNAMENT, {"": SWISS, "A": ROBIN})
    play_round_one(db, event, "A")
    assert "The draw for grade A" not in report(db, RULES, TOURNAMENT, "A", draws=event.draws)
    assert "The draw for grade A (not a round robin: a Swiss)" in report(
        db, RULES, TOURNAMENT, "A", draws={"": SWISS})


def test_the_results_page_is_shown_not_downloaded(director):
    store_players(director.db, [Player(n, name, 1500 - n, "A") for n, name in enumerate(NAMES["A"], 1)])
    page, headers = director.download("/export/results.html?division=A")
    assert headers["Content-Type"].startswith("text/html")
    assert headers["Content-Disposition"].startswith("inline; filename*=UTF-8''")
    assert "<h2>Grade A</h2>" in page.decode() and "@page{size:A4" in page.decode()
    _, csv_headers = director.download("/export/results.csv?division=A")
    assert csv_headers["Content-Disposition"].startswith("attachment; ")
