"""Which results count for the standings: table documents matched by name, imported results,
byes of started rounds; what cannot count is reported, never silently dropped."""
from director.tables.ingest import receive
from director.event.model import GameResult, Pairing, Player
from director.event.rounds import start_round, store_pairings, store_players
from director.event.tournament import counted_results, standings, store_imported_results
from tests.support.director_harness import KEY, TOURNAMENT, result_doc, signed_bytes

PLAYERS = [Player(1, "Ann", 1500), Player(2, "Bob", 1400), Player(3, "Cat", 1300)]


def post(director, document):
    return receive(director.db, document["table"], "results", signed_bytes(document), KEY.encode(), 1e9,
                   rules=director.config.rules)


def test_a_bye_counts_once_its_round_has_started(director):
    store_players(director.db, PLAYERS)
    store_pairings(director.db, [Pairing(1, "1", (1, 2)), Pairing(1, "", (3, 0))])
    rules = director.config.rules
    assert counted_results(director.db, rules, TOURNAMENT).results == []
    start_round(director.db, 1, 1e9)
    (counted,) = counted_results(director.db, rules, TOURNAMENT).results
    assert (counted.kind, counted.players, counted.spread) == ("bye", (3, 0), rules.result.forfeit_spread)


def test_table_results_are_matched_to_the_players_and_outrank_imported_ones(director):
    store_players(director.db, PLAYERS)
    store_imported_results(director.db, [GameResult(1, "1", (1, 2), (400, 300)),
                                         GameResult(2, "1", (2, 3), (350, 360))])
    post(director, result_doc(1, round_number=1, players=("bob", "Ann"), scores=(300, 200)))
    table, problems = standings(director.db, director.config.rules, TOURNAMENT)
    assert problems == [f"imported round 1: player 1 already has a result in round 1; not counted"]
    by_name = {s.player.name: s for s in table}
    assert (by_name["Bob"].wins, by_name["Bob"].losses, by_name["Ann"].wins) == (1, 1, 0)
    assert by_name["Cat"].wins == 1 and by_name["Cat"].spread == 10


def test_results_naming_strangers_or_another_tournament_are_reported(director):
    store_players(director.db, PLAYERS)
    post(director, result_doc(1, players=("Ann", "Zed")))
    post(director, result_doc(2, players=("Ann", "Bob"), tournament="Other Open"))
    counted = counted_results(director.db, director.config.rules, TOURNAMENT)
    assert counted.results == []
    assert any("'Zed' is not one of the director's players" in p for p in counted.problems)
    assert any("another tournament" in p for p in counted.problems)


def test_a_tables_result_imported_back_from_tsh_counts_once_without_a_problem(director):
    # the director exports the .t file, tsh pairs the next round, the .t file comes back: the
    # table's game and forfeit are in it as tsh writes them
    from director.event.model import forfeit
    store_players(director.db, PLAYERS + [Player(4, "Dan", 1200)])
    post(director, result_doc(1, round_number=1, players=("Ann", "Bob"), scores=(300, 200)))
    (game,) = counted_results(director.db, director.config.rules, TOURNAMENT).results
    lost = forfeit(1, "2", 3, 4, 50)                 # Dan forfeits to Cat
    store_imported_results(director.db, [game, lost, *forfeit_as_t(lost)])
    counted = counted_results(director.db, director.config.rules, TOURNAMENT)
    assert counted.problems == [] and [r.kind for r in counted.results] == ["game", "forfeit"]
    store_imported_results(director.db, [GameResult(1, "1", (1, 2), (300, 201))])    # another game
    assert counted_results(director.db, director.config.rules, TOURNAMENT).problems == [
        "imported round 1: player 1 already has a result in round 1; not counted"]


def forfeit_as_t(result):
    """A forfeit between two players as a .t file holds it: each against opponent 0."""
    from director.event.model import bye
    return [bye(result.round, result.players[0], result.spread), bye(result.round, result.players[1], -result.spread)]
