"""Properties of random tournaments (hypothesis): what the .t and .TOU files keep is what the
standings are made of, and no text makes the .t reader fail other than with a TshError."""
import datetime as dt
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.director_data import synthetic_tournament
from director.event.model import GameResult, forfeit
from director.event.standings import compute_standings
from director.files.tou import TouDivision, format_tou, parse_tou
from director.files.tsh import TshError, format_t, parse_t

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def tournament(size, rounds, seed):
    """A synthetic tournament with some games turned into ties and some into forfeits."""
    players, pairings, results = synthetic_tournament(size, rounds, seed=seed)
    rng = random.Random(seed)
    varied = []
    for r in results:
        roll = rng.random()
        if r.kind == "game" and roll < 0.1:
            varied.append(GameResult(r.round, r.table, r.players, (r.scores[0], r.scores[0]), r.first))
        elif r.kind == "game" and roll < 0.2:
            varied.append(forfeit(r.round, r.table, r.players[0], r.players[1], 50))
        else:
            varied.append(r)
    return players, pairings, varied


def table(standings):
    return [(s.rank, s.player.number, s.wins, s.losses, s.spread, s.games) for s in standings]


@SETTINGS
@given(st.integers(2, 30), st.integers(1, 6), st.integers(0, 10**6))
def test_a_t_file_read_back_gives_the_same_standings(size, rounds, seed):
    players, pairings, results = tournament(size, rounds, seed)
    back = parse_t(format_t(players, pairings, results))
    assert [(p.number, p.name, p.rating) for p in back.players] == [
        (p.number, p.name, p.rating) for p in players]
    assert table(compute_standings(back.players, back.results)) == table(compute_standings(players, results))


@SETTINGS
@given(st.integers(2, 30), st.integers(1, 6), st.integers(0, 10**6))
def test_a_tou_file_read_back_has_every_round_and_the_same_wins(size, rounds, seed):
    players, _, results = tournament(size, rounds, seed)
    [section] = parse_tou(format_tou("Open", dt.date(2026, 11, 22), [TouDivision("A", players, results)]))
    wins = {s.player.number: s.wins for s in compute_standings(players, results)}
    for number, row in enumerate(section.rows, 1):
        assert len(row.entries) == rounds
        assert sum({"2": 1, "1": 0.5, " ": 0}[e.outcome] for e in row.entries) == wins[number]
        for round_, entry in enumerate(row.entries):
            if entry.opponent != number:               # a game: the opponent's line points back
                assert section.rows[entry.opponent - 1].entries[round_].opponent == number


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("Ab ,;#0123456789-\n\t"), max_size=200))
def test_any_text_is_read_or_refused_with_a_tsh_error(text):
    try:
        division = parse_t(text, source="fuzz.t")
    except TshError as error:
        assert str(error).startswith("fuzz.t")
    else:
        assert [p.number for p in division.players] == list(range(1, len(division.players) + 1))
