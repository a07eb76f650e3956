"""Properties of random legal games (hypothesis): time is conserved, the serialised events
replay to the same state, and the final scores are the sum of their itemised parts."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from common.game import clock as clk
from common.game import commands as c
from common.game import events as ev
from common.game.errors import GameError
from common.game.game import decide
from common.game.result import compute
from common.game.state import new_game, replay
from common.presets import load_rules, preset_names

pytestmark = pytest.mark.slow          # hypothesis: hundreds of random games: make check leaves it out

PRESETS = preset_names()


def candidates(state):
    """Commands that may be legal now (the core has the final word)."""
    p = state.to_move
    if state.phase == "setup":
        return [c.Start(0), c.Start(1)]
    if state.phase == "challenge":
        return [c.Rule(("QI", "ZA"), True), c.Rule(("QX",), False)]
    if state.phase == "out":
        return [c.Accept(p), c.Challenge(p, ("QI",), valid=True), c.Challenge(p, ("QI",), valid=False),
                c.Resume(1 - p)]
    if state.phase == "ended":
        return [c.Rack(0, "AE?"), c.Rack(1, "QZ"), c.Confirm(0), c.Confirm(1),
                c.Correct(1, 17), c.Reopen(), c.Reopen(player=0), c.Reopen(player=1), c.Recheck(0, False)]
    if state.phase == "confirmed":
        return []
    if state.clock.running is None:
        return [c.Resume(1 - p), c.Resume(p), c.Recheck(p, True), c.Recheck(1 - p, False)]
    passes = [c.Pass(p)] * 6            # weighted so that zero-score runs happen
    return passes + [c.Play(p, 0), c.Play(p, 23), c.Play(p, 77, blanks="S"), c.Exchange(p, 3),
            c.Press(p), c.Record(1 - p, "play", 31), c.Out(p, 15), c.Hold(p),
            c.Challenge(p, ("QI", "JO"), valid=False), c.Challenge(p, ("QI",), valid=True),
            c.Challenge(p), c.Neutral(), c.AdjustTime(p, -4000), c.End(),
            c.SendBack(p), c.Declare(1 - p, "E"), c.FalseBlank(p), c.ClockIn(), c.Reopen()]


@st.composite
def games(draw):
    preset = draw(st.sampled_from(PRESETS))
    state = new_game(load_rules(preset), draw(st.integers(1, 4)), ("A", "B"))
    now, events = 10**9, []
    if draw(st.booleans()):
        absent = draw(st.sampled_from([(0,), (1,), (0, 1)]))
        for command in [c.CallStart(absent)] + [c.Arrive(p) for p in absent]:
            now += draw(st.integers(0, 400_000)) * 10**6
            try:
                made = decide(state, command, now)
            except GameError:
                continue
            state = replay(state, made)
            events += made
    for _ in range(draw(st.integers(0, 60))):
        options = candidates(state)
        if not options:
            break
        now += draw(st.integers(0, 200_000)) * 10**6 + draw(st.integers(0, 999_999))
        try:
            made = decide(state, draw(st.sampled_from(options)), now)
        except GameError:
            continue
        state = replay(state, made)
        events += made
    made = decide(state, c.Tick(), now)
    state = replay(state, made)
    return preset, state, events + made, now


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(games())
def test_time_is_conserved(game):
    _, state, _, now = game
    clock = state.clock
    if not clock.started:
        return
    end = clock.stopped_ns if clock.stopped else now
    charged = clk.used(clock, 0, now) + clk.used(clock, 1, now) - sum(clock.adjusted_ns)
    assert charged + clk.neutral_time(clock, now) == end - clock.started_ns


@SETTINGS
@given(games())
def test_serialised_events_replay_to_the_same_state(game):
    preset, state, events, _ = game
    again = [ev.from_json(ev.to_json(e)) for e in events]
    assert again == events
    fresh = new_game(state.rules, state.round, state.players)
    assert replay(fresh, again) == state


@SETTINGS
@given(games())
def test_final_scores_are_the_sum_of_the_itemised_parts(game):
    _, state, _, now = game
    r = compute(state, now)
    for p in (0, 1):
        assert r.final[p] == (r.turn_points[p] + r.challenge_points[p] + r.rack_adjust[p]
                              - r.overtime_penalty[p] - r.late_penalty[p]
                              + r.forfeit_adjust[p] + r.cap_adjust[p])
    assert r.spread == r.final[0] - r.final[1]
    assert sum(line.score for line in r.turns if line.player == 0) == r.turn_points[0]
    last = {line.player: line.cumulative for line in r.turns}
    for p, cumulative in last.items():
        assert cumulative == r.turn_points[p] + r.challenge_points[p]
