"""A division's next round by the draw (director/event/next_round.py): proposed without a table
hearing of it, adjusted, published as an import of its pairings is (each table's assignment then
says who starts), drawn again when a result changes before it is published and left standing
(the director told) after; the .t export holds the published rounds as tsh writes them, and a
.t from tsh still replaces them. A real database; results as the tables send them."""
import pytest

from director.event import divisions, next_round
from director.event.correct import Ask, correct
from director.event.db import DirectorDB
from director.event.rounds import RoundError, assignment, end_round, start_round
from director.event.model import Pairing
from director.event.tournament import pairings
from director.files import tsh
from director.files.exports import export_t
from director.files.imports import Upload, import_files
from director.tables.ingest import receive
from common.presets import load_preset
from tests.support.director_harness import KEY, TOURNAMENT, result_doc, signed_bytes

RULES = load_preset("aspa")
NAMES = ["Ann Able", "Bob Baker", "Cat Cole", "Dan Dale", "Eve Ellis", "Fay Ford"]
PLAYERS = ("name,rating\n" + "".join(f"{n},{1800 - 100 * i}\n" for i, n in enumerate(NAMES))).encode()
EVENT = next_round.Event(RULES, TOURNAMENT, {"": {"system": "swiss", "king_of_the_hill": 0,
                                                  "seeding": "rating", "rounds": 3}})


@pytest.fixture
def db(tmp_path):
    with DirectorDB.open(tmp_path / "event.sqlite") as opened:
        import_files(opened, [Upload("players.csv", PLAYERS)])
        yield opened


def games(db, round_number):
    return [p for p in pairings(db, "A") if p.round == round_number]


def play(db, round_number, wall=1e9):
    """Every game of the round played at its table, the higher-numbered player winning by 20."""
    start_round(db, round_number, wall)
    for p in games(db, round_number):
        if p.players[1] == 0:
            continue
        names = (NAMES[p.players[0] - 1], NAMES[p.players[1] - 1])
        reply = receive(db, p.table, "results", signed_bytes(result_doc(
            p.table, round_number, players=names, scores=(380, 400))), KEY.encode(), wall + 60,
            rules=RULES)
        assert reply.code == 200, reply.body
        next_round.refresh(db, EVENT, wall + 60)
    end_round(db, round_number, wall + 120)


def test_a_proposed_round_reaches_no_table_until_it_is_published(db):
    made = next_round.propose(db, EVENT, "A", 1e9)
    assert made["round"] == 1 and len(made["pairings"]) == 3
    assert pairings(db, "A") == [] and assignment(db, made["pairings"][0][0], TOURNAMENT) is None
    assert next_round.publish(db, "A") == 3
    stored = games(db, 1)
    assert len(stored) == 3 and all(p.first in (0, 1) for p in stored)
    sent = assignment(db, stored[0].table, TOURNAMENT)
    assert sent["round"] == 1 and sent["first"] == stored[0].first
    assert sent["players"] == [NAMES[n - 1] for n in stored[0].players]
    assert next_round.proposal(db, "A") is None


def test_the_last_result_of_a_round_proposes_the_next_and_no_one_meets_twice(db):
    next_round.propose(db, EVENT, "A", 1e9)
    next_round.publish(db, "A")
    play(db, 1)
    proposed = next_round.proposal(db, "A")
    assert proposed["round"] == 2
    met = {frozenset(p.players) for p in games(db, 1)}
    assert not met & {frozenset(row[1:3]) for row in proposed["pairings"]}
    shown = next_round.state(db, EVENT, "A")
    assert shown["proposal"]["round"] == 2 and shown["next_round"] == 2 and shown["rounds"] == 3
    assert all(sum(g["starts"][0]) == 1 for g in shown["proposal"]["games"])   # one game each so far


def test_a_tsh_division_draws_nothing(db):
    tsh_event = next_round.Event(RULES, TOURNAMENT)
    assert next_round.refresh(db, tsh_event, 1e9) == []
    with pytest.raises(RoundError, match="come from tsh"):
        next_round.propose(db, tsh_event, "A", 1e9)


def test_the_page_chooses_the_draw_over_the_config(db):
    divisions.choose_draw(db, "A", {"system": "round_robin", "king_of_the_hill": 0,
                                    "seeding": "file", "rounds": 0})
    chosen, source = next_round.settings(db, EVENT, "A")
    assert (chosen.system, chosen.seeding, source) == ("round_robin", "file", "page")
    assert next_round.state(db, EVENT, "A")["rounds"] == 5          # six players: five rounds


def test_swapping_two_players_and_moving_a_game(db):
    made = next_round.propose(db, EVENT, "A", 1e9)
    (t1, a, b, _), (t2, c, d, _) = made["pairings"][:2]
    changed = next_round.swap(db, "A", a, c)
    rows = {row[0]: row[1:3] for row in changed["pairings"]}
    assert sorted(rows[t1]) == sorted([c, b]) and sorted(rows[t2]) == sorted([a, d])
    assert all(row[3] in (0, 1) for row in changed["pairings"])
    moved = next_round.set_table(db, "A", a, t1)                       # a's game and t1's exchange
    rows = {row[0]: row[1:3] for row in moved["pairings"]}
    assert a in rows[t1] and c in rows[t2]
    assert moved["adjusted"] == [f"players {a} and {c} swapped", f"player {a}'s game moved to table {t1}"]
    with pytest.raises(RoundError, match="already play each other"):
        next_round.swap(db, "A", a, rows[t1][1 - rows[t1].index(a)])
    next_round.publish(db, "A")
    assert {p.table: set(p.players) for p in games(db, 1)}[t1] == set(rows[t1])


def test_a_correction_before_publishing_draws_again_after_it_does_not(db):
    next_round.propose(db, EVENT, "A", 1e9)
    next_round.publish(db, "A")
    play(db, 1)
    first = games(db, 1)[0]

    def corrected(scores):
        correct(db, RULES, TOURNAMENT, Ask(1, "scores", "misread sheet", table=first.table,
                                            scores=scores), now_wall=1e9 + 200, source="page")
        next_round.refresh(db, EVENT, 1e9 + 200)

    corrected((450, 300))                                 # the loser now won
    assert next_round.proposal(db, "A")["adjusted"] == ["drawn again: a result of an earlier round changed"]
    next_round.publish(db, "A")
    published = games(db, 2)
    corrected((300, 450))
    assert games(db, 2) == published and next_round.proposal(db, "A") is None
    notes = next_round.state(db, EVENT, "A")["notes"]
    assert notes == ["round 2 was published before a result of an earlier round changed: its "
                     "pairings stand (they are not drawn again)"]


def test_the_t_export_holds_the_published_rounds_and_a_tsh_file_replaces_them(db):
    next_round.propose(db, EVENT, "A", 1e9)
    next_round.publish(db, "A")
    play(db, 1)
    assert next_round.proposal(db, "A")["round"] == 2
    text = export_t(db, RULES, TOURNAMENT, "A").decode(tsh.ENCODING)
    read = tsh.parse_t(text, division="A")
    assert "p12" in text
    assert {(p.round, p.table, frozenset(p.players), p.players[p.first]) for p in read.pairings} == {
        (p.round, p.table, frozenset(p.players), p.players[p.first]) for p in games(db, 1)}
    # tsh takes over at round 2: its file's pairings stand, the proposal is dropped
    own = [Pairing(2, str(t + 1), (2 * t + 1, 2 * t + 2), 1) for t in range(3)]
    edited = tsh.format_t(read.players, [*read.pairings, *own], read.results)
    import_files(db, [Upload("a.t", edited.encode(tsh.ENCODING))], division="A")
    next_round.refresh(db, EVENT, 1e9 + 300)
    assert next_round.proposal(db, "A") is None
    assert {(p.table, p.players, p.first) for p in games(db, 2)} == {(p.table, p.players, 1) for p in own}
