"""The draw on the real events tsh ran (../shared/formats: tests.support.real_draws): each
division cut after each round k, round k + 1 drawn from who played it, under a rule book that
caps the spread at 250 and ranks as tsh does. King of the hill pairs 1 v 2, 3 v 4 down the
standings as the page shows them, the bye to the lowest shown of those with the fewest byes; a
Swiss crosses score groups no more than an independent search finds a repeat-free pairing of
the same players must."""
import pytest

from common.presets import load_rules
from director.event.draw import DrawSettings, draw_round
from tests.support import real_draws

RULES = load_rules("aspa", {"result.spread_caps": [250]})


def settings_of(kind, division, number):
    if kind == "koth":
        return DrawSettings("tsh", rounds=number, king_of_the_hill=1)
    return DrawSettings("swiss", rounds=division.rounds)


def drawn(settings, players, pairings, results, number, tables):
    return draw_round(settings, players, pairings, results, number, tables, rules=RULES)


def judged(shared, limit):
    return real_draws.check(real_draws.real_divisions(shared.tsh.parent), RULES, drawn,
                            settings_of, limit)


def test_king_of_the_hill_and_the_swiss_by_the_standings_shown_on_every_real_round(shared):
    counts = judged(shared, 0)          # the searches that settle a round at once; no long one
    assert (counts.koth_rounds, counts.koth_byes) == (62, 31)
    assert (counts.koth_off, counts.koth_byes_off) == (0, 0), counts.where
    assert counts.swiss_more == 0, counts.where
    assert counts.swiss_rounds + counts.undecided + counts.repeats_forced == 62


@pytest.mark.slow
def test_no_real_swiss_round_crosses_more_than_a_long_search_finds_it_must(shared):
    counts = judged(shared, 100_000)
    assert counts.swiss_more == 0, counts.where
    assert counts.swiss_rounds >= 50
