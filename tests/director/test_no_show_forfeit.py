"""A no-show's forfeit entered by the director (director/event/entries.py, ``no_show``): a
player who never came to any table forfeits their game of a round under way, by the book's late
forfeit spread. The kiosk's own no-show forfeit is what a table does when one player is there;
this is the director's word when no table sent anything. A real database, every preset."""
import pytest

from director.event import entries, next_round
from director.event.aggregates import compute_aggregates
from director.event.counted import load
from director.event.db import DirectorDB
from director.event.ratings.event_input import division_input
from director.event.roster import RosterError
from director.event.rounds import start_round
from director.event.tournament import pairings, standings
from director.files import tsh
from director.files.exports import export_t
from director.files.imports import Upload, import_files
from common.presets import load_preset
from tests.support.director_harness import TOURNAMENT

NAMES = ["Aroha Ngata", "Ben Hall", "Chen Wei", "Dina Ross"]
PLAYERS = ("name,rating\n" + "".join(f"{n},{1700 - 50 * i}\n" for i, n in enumerate(NAMES))).encode()
WALL = 1e9


def event_of(preset):
    return next_round.Event(load_preset(preset), TOURNAMENT, {"": {
        "system": "swiss", "king_of_the_hill": 0, "seeding": "rating", "rounds": 3}})


@pytest.fixture
def db(tmp_path):
    with DirectorDB.open(tmp_path / "event.sqlite") as opened:
        import_files(opened, [Upload("players.csv", PLAYERS)])
        yield opened


def under_way(db, event):
    """Round 1 drawn, published and started: the games at their tables."""
    next_round.propose(db, event, "A", WALL)
    next_round.publish(db, "A", event, WALL)
    start_round(db, 1, WALL + 10)
    return [p for p in pairings(db, "A") if p.round == 1]


def line(db, event, number):
    table, _ = standings(db, event.rules, TOURNAMENT, "A")
    s = next(s for s in table if s.player.number == number)
    return s.wins, s.losses, s.spread


def forfeited(db, preset):
    event = event_of(preset)
    game = under_way(db, event)[0]
    absent, present = game.players
    done = entries.no_show(db, event, "A", 1, [str(absent)], now_wall=WALL + 2000)
    return event, game, absent, present, done


def test_absp_3_1_4_a_no_show_forfeit_is_a_win_by_75_for_the_opponent_unrated(db):
    event, game, absent, present, done = forfeited(db, "absp")
    assert done[0] == (f"division A round 1 table {game.table}: {NAMES[absent - 1]} ({absent}) "
                       f"did not come: {NAMES[present - 1]} ({present}) wins by forfeit, +75 "
                       f"({event.rules.title}'s late forfeit spread, 75; not rated)")
    assert line(db, event, present) == (1, 0, 75) and line(db, event, absent) == (0, 1, -75)
    rated = division_input(db, event.rules, TOURNAMENT, "A").games
    assert all(absent not in g.players for g in rated)            # "will not count for ratings"


def test_nzasp_10_2_10_3_a_no_show_forfeit_is_plus_50_and_the_average_for_the_opponent_minus_50(db):
    event, game, absent, present, _ = forfeited(db, "nzasp")
    assert line(db, event, present) == (1, 0, 50) and line(db, event, absent) == (0, 1, -50)
    view = load(db, event.rules, TOURNAMENT, "A")
    credits = compute_aggregates(view.players, view.results, event.rules)
    assert credits[present].credits == 1 and credits[absent].credits == 0    # 10.2's average


def test_school_25_a_no_show_forfeit_is_plus_50_and_minus_50(db):
    event, _, absent, present, _ = forfeited(db, "school")
    assert line(db, event, present) == (1, 0, 50) and line(db, event, absent) == (0, 1, -50)


def test_aspa_2_4_a_no_show_forfeits_by_the_presets_50_the_book_giving_no_amount(db):
    event, _, absent, present, _ = forfeited(db, "aspa")
    assert event.rules.late.forfeit_spread == 50
    assert line(db, event, present) == (1, 0, 50) and line(db, event, absent) == (0, 1, -50)


def test_both_players_of_a_game_not_coming_each_lose_by_the_forfeit_spread(db):
    event = event_of("school")
    game = under_way(db, event)[0]
    done = entries.no_show(db, event, "A", 1, [str(n) for n in game.players], now_wall=WALL + 2000)
    assert len(done) == 2 and all("a forfeit loss, -50" in words for words in done)
    assert [line(db, event, n) for n in game.players] == [(0, 1, -50), (0, 1, -50)]


def test_the_t_export_writes_a_no_show_forfeit_as_tsh_records_one(db):
    event, game, absent, present, _ = forfeited(db, "absp")
    read = tsh.parse_t(export_t(db, event.rules, TOURNAMENT, "A").decode(tsh.ENCODING), division="A")
    ours = sorted((r.players, r.spread) for r in read.results if r.round == 1 and
                  set(r.players) & {absent, present})
    assert ours == sorted([((present, 0), 75), ((absent, 0), -75)])


def test_a_no_show_is_refused_before_the_round_starts_and_once_the_game_has_its_result(db):
    event = event_of("aspa")
    next_round.propose(db, event, "A", WALL)
    next_round.publish(db, "A", event, WALL)
    game = [p for p in pairings(db, "A") if p.round == 1][0]
    with pytest.raises(RosterError, match="round 1 has not started: a player who will not come "
                                          "is absent"):
        entries.no_show(db, event, "A", 1, [str(game.players[0])])
    start_round(db, 1, WALL + 10)
    entries.no_show(db, event, "A", 1, [str(game.players[0])], now_wall=WALL + 20)
    with pytest.raises(RosterError, match="game has its result: correct it instead"):
        entries.no_show(db, event, "A", 1, [str(game.players[1])])


def test_a_no_show_entered_by_mistake_is_taken_back_and_the_tables_result_counts(db):
    from director.tables.ingest import receive
    from tests.support.director_harness import KEY, result_doc, signed_bytes
    event = event_of("aspa")
    game = under_way(db, event)[0]
    absent, present = game.players
    entries.no_show(db, event, "A", 1, [str(absent)], now_wall=WALL + 20)
    came = receive(db, game.table, "results", signed_bytes(result_doc(
        game.table, 1, players=(NAMES[absent - 1], NAMES[present - 1]), scores=(390, 350))),
        KEY.encode(), WALL + 30, rules=event.rules)
    assert came.code == 200                                       # the player came after all
    _, problems = standings(db, event.rules, TOURNAMENT, "A")
    assert any("already has a result in round 1" in p for p in problems)
    done = entries.take_back_no_show(db, event, "A", 1, NAMES[absent - 1], now_wall=WALL + 40)
    assert done[0] == (f"division A round 1: {NAMES[absent - 1]} ({absent})'s forfeit taken back: "
                       "their game counts as its table sends it")
    wins, losses, spread = line(db, event, absent)
    assert (wins, losses) == (1, 0) and spread > 0 and standings(db, event.rules, TOURNAMENT, "A")[1] == []
    with pytest.raises(RosterError, match="no forfeit of .* was entered"):
        entries.take_back_no_show(db, event, "A", 1, str(absent))
