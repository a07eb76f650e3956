"""The division as counted (director.event.counted): read once and kept while the database is as it
was, read again after a change keeping only what did not change; whatever the changes, it is
what the division read afresh by another connection is, and a change made beside the service
(another connection's, as ``python -m director correct`` makes) or rolled back is never missed."""
import pytest

from director.config import load_rules
from director.event import counted
from director.event.correct import Ask, correct
from director.event.db import DirectorDB
from director.event.model import GameResult, Pairing, Player
from director.event.rounds import start_round, store_pairings, store_players
from director.event.tournament import store_imported_results
from director.tables.ingest import receive
from tests.support.director_harness import KEY, TOURNAMENT, result_doc, signed_bytes

RULES = load_rules("aspa", "test")
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def seen(view: counted.CountedDivision) -> tuple:
    """What the view says: what counts, what was left out, the standings, the corrections."""
    return (view.results, view.problems, view.standings, dict(view.corrections), view.players,
            view.pairings)


def afresh(path) -> tuple:
    with DirectorDB.open(path) as other:
        return seen(counted.load(other, RULES, TOURNAMENT))


def post(db, table, round_number, players, scores, revision=1, tournament=TOURNAMENT):
    document = result_doc(table, round_number, players, scores, revision=revision,
                          tournament=tournament)
    return receive(db, str(table), "results", signed_bytes(document), KEY.encode(), 1e9, rules=RULES)


@pytest.fixture
def event(tmp_path):
    path = tmp_path / "event.sqlite"
    db = DirectorDB.open(path)
    store_players(db, [Player(n, name, 1800 - 10 * n) for n, name in enumerate(NAMES, 1)])
    store_pairings(db, [Pairing(1, "1", (1, 2), 0), Pairing(1, "2", (3, 4), 1), Pairing(1, "", (5, 0)),
                        Pairing(2, "1", (1, 3), 1), Pairing(2, "2", (5, 2), 0), Pairing(2, "", (4, 0))])
    yield db, path
    db.close()


def test_read_again_after_each_change_it_is_the_division_read_afresh(event):
    db, path = event
    steps = [
        lambda: start_round(db, 1, 1e9),
        lambda: post(db, 1, 1, ("Ann", "Bob"), (400, 350)),
        lambda: post(db, 2, 1, ("Dan", "Cat"), (300, 410)),
        lambda: post(db, 1, 1, ("Ann", "Bob"), (380, 390), revision=2),      # the table's next revision
        lambda: start_round(db, 2, 2e9),
        lambda: post(db, 1, 2, ("Ann", "Cat"), (420, 300)),
        lambda: post(db, 2, 2, ("Eve", "Bob"), (333, 333), tournament="Other Open"),
        lambda: correct(db, RULES, TOURNAMENT, Ask(1, "scores", "the scores were swapped",
                                                   table="2", scores=(410, 300)),
                        now_wall=3e9, source="page"),
        lambda: store_imported_results(db, [GameResult(2, "2", (5, 2), (360, 340))]),
        lambda: store_imported_results(db, [GameResult(2, "2", (5, 2), (360, 340)),
                                            GameResult(1, "1", (1, 2), (500, 100))]),   # a clash
        lambda: store_players(db, [Player(n, name, 1700) for n, name in enumerate(NAMES, 1)]),
    ]
    for step in steps:
        step()
        assert seen(counted.load(db, RULES, TOURNAMENT)) == afresh(path)
    view = counted.load(db, RULES, TOURNAMENT)
    assert view is counted.load(db, RULES, TOURNAMENT)           # kept while nothing changed
    assert any("another tournament" in p for p in view.problems)
    assert any("already has a result in round 1" in p for p in view.problems)
    assert view.complete(1) and view.complete(2)


def test_a_change_made_beside_the_service_is_seen(event):
    """``python -m director correct`` writes through a connection of its own while the service
    runs: the service's kept view is read again."""
    db, path = event
    start_round(db, 1, 1e9)
    post(db, 1, 1, ("Ann", "Bob"), (400, 350))
    before = counted.load(db, RULES, TOURNAMENT)
    with DirectorDB.open(path) as command:
        correct(command, RULES, TOURNAMENT, Ask(1, "void", "played at the wrong table", table="1"),
                now_wall=2e9, source="command line")
    after = counted.load(db, RULES, TOURNAMENT)
    assert after is not before
    assert [(r.players, r.no_game) for r in after.results if r.round == 1 and 5 not in r.players] == [
        ((1, 0), True), ((2, 0), True)]
    assert seen(after) == afresh(path)


def test_what_is_read_in_a_transaction_rolled_back_is_not_kept(event):
    db, path = event
    start_round(db, 1, 1e9)
    with pytest.raises(RuntimeError):
        with db.transaction():
            post(db, 1, 1, ("Ann", "Bob"), (400, 350))
            assert len([r for r in counted.load(db, RULES, TOURNAMENT).results if r.table == "1"]) == 1
            raise RuntimeError("the import failed")
    assert [r for r in counted.load(db, RULES, TOURNAMENT).results if r.table == "1"] == []
    assert seen(counted.load(db, RULES, TOURNAMENT)) == afresh(path)
