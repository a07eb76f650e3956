"""The benchmarks' synthetic tournament: whole rounds, the same every run, and it ranks and exports."""
from bench.director_data import synthetic_tournament
from director.event.standings import compute_standings, render_standings_html
from director.files.tsh import format_t, parse_t
from common.presets import load_preset


def test_400_players_over_10_rounds_is_2000_games_one_per_player_per_round():
    players, pairings, results = synthetic_tournament(400, 10)
    assert len(players) == 400 and len(results) == 2000 and len(pairings) == 2000
    seen = {(n, r.round) for r in results for n in r.players}
    assert seen == {(p.number, r) for p in players for r in range(1, 11)}
    assert synthetic_tournament(400, 10)[2] == results          # seeded: the same every run
    assert synthetic_tournament(400, 10, seed=2)[2] != results


def test_an_odd_field_gets_one_bye_a_round_and_everything_ranks_and_exports():
    players, pairings, results = synthetic_tournament(7, 3)
    assert [r.kind for r in results].count("bye") == 3
    standings = compute_standings(players, results, load_preset("school"))   # caps 100/150/250
    assert {s.games for s in standings} == {3}
    assert sum(s.wins for s in standings) + sum(s.losses for s in standings) == 7 * 3
    assert render_standings_html(standings).count("<tr data-player=") == 7
    # a .t file gives each game from its lower-numbered player's side
    assert parse_t(format_t(players, pairings, results)).results == tuple(
        sorted((r.canonical() for r in results), key=lambda r: (r.round, r.players)))
