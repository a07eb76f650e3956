"""A drawn event goes out as a .t file and comes back in: every round's opponents, tables and who
was drawn to start (tsh's p12: 1 went first, 2 second, 0 a bye), with or without results, so that
tsh can take the draw over at any round, and the draw drawn again from the file is the same."""
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from director.event.db import DirectorDB
from director.event.draw import DrawSettings, draw_round
from director.event.model import NO_OPPONENT
from director.event.rounds import store_pairings, store_players
from director.event.tournament import imported_results, pairings, players, store_imported_results
from director.files.exports import export_t
from director.files.imports import Upload, import_files
from director.files.tsh import format_t, parse_t
from common.presets import load_preset
from tests.support.draw_play import TABLES, division, play

RULES = load_preset("nzasp")


def drawn_starts(drawn):
    """round -> {frozenset of players: who starts (0 for a bye)}, and round -> {pair: table}."""
    starts, tables = {}, {}
    for p in drawn:
        pair = frozenset(p.players)
        starts.setdefault(p.round, {})[pair] = 0 if p.first is None else p.players[p.first]
        tables.setdefault(p.round, {})[pair] = p.table
    return starts, tables


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 30), st.integers(1, 8), st.integers(0, 10**6),
       st.sampled_from(["swiss", "round_robin", "double_round_robin"]))
def test_a_drawn_division_read_back_has_every_start_and_draws_the_same_next_round(
        size, rounds, seed, system):
    rr = system != "swiss"
    setting = DrawSettings(system, rounds=0 if rr else rounds + 1)
    people = division(size, seed)
    played = play(setting, people, seed, rounds=None if rr else rounds)
    scored = len(played.rounds) - 1           # the last round drawn, not yet played
    results = [r for r in played.results if r.round <= scored]
    text = format_t(people, played.pairings, results)
    back = parse_t(text)
    assert drawn_starts(back.pairings) == drawn_starts(played.pairings)
    last = len(played.rounds)
    for line in text.splitlines():
        p12 = line.split("; p12 ")[1].split(";")[0].split()
        assert len(p12) == last and set(p12) <= {"0", "1", "2"}
    if not rr:
        again = draw_round(setting, back.players, back.pairings, back.results, last, TABLES)
        assert again == played.rounds[-1]


def test_a_drawn_round_goes_out_through_the_export_and_comes_back_through_the_import(tmp_path):
    people = division(9, 7)
    setting = DrawSettings("swiss", rounds=4)
    played = play(setting, people, 7, rounds=3)
    drawn = played.pairings
    with DirectorDB.open(tmp_path / "out.sqlite") as out:
        store_players(out, people, division="A")
        store_pairings(out, drawn, division="A")
        store_imported_results(out, [r for r in played.results if r.round < 3], division="A")
        exported = export_t(out, RULES, "T", "A")
    assert b"; p12 " in exported
    with DirectorDB.open(tmp_path / "in.sqlite") as back:
        import_files(back, [Upload("A.t", exported)])
        assert drawn_starts(pairings(back, "A")) == drawn_starts(drawn)
        assert {r.round for r in imported_results(back, "A")} == {1, 2}
        byes = [p for p in pairings(back, "A") if p.players[1] == NO_OPPONENT]
        assert len(byes) == 3 and all(p.first is None and p.table == "" for p in byes)
        fourth = draw_round(setting, players(back, "A"), pairings(back, "A"),
                            imported_results(back, "A") + [r for r in played.results if r.round == 3],
                            4, TABLES)
    assert [p.players for p in fourth] == [p.players for p in draw_round(
        setting, people, drawn, played.results, 4, TABLES)]


def test_a_result_that_does_not_say_who_started_keeps_the_start_drawn():
    people = division(6, 3)
    played = play(DrawSettings("round_robin"), people, 3)
    unknown = [replace(r, first=None) for r in played.results]
    back = parse_t(format_t(people, played.pairings, unknown))
    assert drawn_starts(back.pairings) == drawn_starts(played.pairings)
    assert all(r.first is not None for r in back.results if NO_OPPONENT not in r.players)
