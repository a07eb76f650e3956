"""Reading a game back from a document's events (common.game.readback): every real game gives back
the result the kiosk computed, and an event that cannot happen where it stands is refused by its
place and type, never with another error, whatever the events say."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from common.game import events as ev
from common.game.readback import ImpossibleEvent, read_back, result_of
from common.game.state import new_game
from common.game.vocabulary import EndReason, TurnKind
from kiosk.lexicon import BUNDLED_LEXICON, open_lexicon
from common.presets import load_preset, load_rules, preset_names
from common.replay import ScriptError, replay_lines
from common.wire.document import events_of, result_document

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*.jsonl"))
ASPA = load_preset("aspa")
S = 10**9


@pytest.fixture(scope="module")
def lexicon():
    return open_lexicon(BUNDLED_LEXICON)


@pytest.mark.parametrize("script", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_scenarios_document_reads_back_to_its_own_result(script, lexicon):
    try:
        replayed = replay_lines(script.read_text(encoding="utf-8").splitlines(), lexicon)
    except ScriptError:
        pytest.skip("a scenario the core refuses has no document")
    state = replayed.state
    document = json.loads(json.dumps(result_document(state, replayed.events, state.last_ns,
                                                     tournament="T", table="9", game_id="g")))
    again, result = result_of(state.rules, document["round"], tuple(document["players"]),
                              events_of(document))
    assert result.to_dict() == document["result"]
    assert (again.first, again.phase) == (document["first"], document["phase"])


GAME = [ev.GameStarted(0, 0), ev.TurnEnded(10 * S, 0, TurnKind.PLAY, score=30),
        ev.TurnEnded(20 * S, 1, TurnKind.PLAY, score=12)]


@pytest.mark.parametrize("event, reason", [
    (ev.TurnEnded(30 * S, 2, TurnKind.PLAY, score=5), "player 2 is not a player (0 or 1)"),
    (ev.ClockResumed(30 * S, 0, -1), "side -1 is not a player (0 or 1)"),
    (ev.TurnRecorded(30 * S, 2, TurnKind.PLAY, score=9), "turn 2 is not one of the game's 2 turns so far"),
    (ev.ScoreCorrected(30 * S, -1, 40), "turn -1 is not one of the game's 2 turns so far"),
    (ev.ChallengeBonus(30 * S, 0, 7, 5), "turn 7 is not one of the game's 2 turns so far"),
    (ev.RackEntered(30 * S, 1, "QQ"), "tiles 'QQ': the set has only 1 of 'Q'"),
    (ev.RackEntered(30 * S, 1, "A1"), "tiles 'A1': a rack holds letters A-Z and ? for a blank"),
    (ev.TurnEnded(5 * S, 0, TurnKind.PASS), "time went backwards"),
    (ev.Recovered(1, from_ns=5 * S), "the game stopped at 5000000000 ns, before its last event"),
])
def test_an_impossible_event_is_refused_by_its_place_and_type(event, reason):
    with pytest.raises(ImpossibleEvent) as refused:
        read_back(new_game(ASPA), [*GAME, event])
    assert (refused.value.index, refused.value.event) == (3, type(event).__name__)
    assert str(refused.value).startswith(f"events[3] ({type(event).__name__}): {reason}")


@pytest.mark.parametrize("events, reason", [
    ([ev.TurnEnded(1, 0, TurnKind.PLAY, score=20)], "the clock has not been started"),
    ([ev.ClockResumed(1, 0, 1)], "the clock has not been started"),
    ([ev.GameEnded(1, EndReason.OUT)], "a game cannot end with a player out before any turn"),
    ([ev.StartCalled(1, (0, 0))], "absent [0, 0]: expected players 0 and 1, each at most once"),
    ([ev.StartCalled(1, (3,))], "absent [3]: expected players 0 and 1"),
    ([ev.TilesFound(1, 1, 2)], "to 2, tiles 1: expected -1 (the bag) or a player"),
    ([ev.ChallengeRechecked(1, 0, 0, True)], "turn 0 is not one of the game's 0 turns so far"),
    ([*GAME, ev.ChallengeRechecked(30 * S, 0, 1, True)], "turn 1 has no verdict that may be checked again"),
    ([*GAME, ev.BlankDeclared(30 * S, 1, "E")], "turn 1 was not sent back for its blank"),
    ([ev.TurnSentBack(1, 1, 0)], "turn 0 is not one of the game's 0 turns so far"),
    ([*GAME, ev.SendBackUndone(30 * S, 0, 1, 0)], "turn 1 was not sent back for its blank"),
    ([*GAME, ev.TurnSentBack(22 * S, 0, 1), ev.SendBackUndone(30 * S, 1, 1, 9 * S)],
     "moved_ns 9000000000: the mover's clock ran 8000000000 ns since the send-back"),
])
def test_events_out_of_their_place_in_a_game_are_refused(events, reason):
    with pytest.raises(ImpossibleEvent) as refused:
        read_back(new_game(ASPA), events)
    last = len(events) - 1
    assert str(refused.value).startswith(f"events[{last}] ({type(events[last]).__name__}): {reason}")


def test_a_game_placing_more_tiles_than_a_set_has_is_refused_where_it_goes_past():
    """Fifteen plays of seven tiles (105 on a board of 100 tiles: a tally of bonus words no game
    can hold) are refused at the fifteenth; fourteen read back. A play taken off the board gave
    its tiles back: it does not count."""
    plays = [ev.TurnEnded((n + 1) * S, n % 2, TurnKind.PLAY, score=60, placed=7) for n in range(15)]
    nzasp = load_preset("nzasp")
    state, result = result_of(nzasp, 1, ("Ann", "Bob"), [ev.GameStarted(0, 0), *plays[:14]])
    assert (state.tiles_on_board(), result.bonus_words) == (98, (7, 7))
    with pytest.raises(ImpossibleEvent) as refused:
        read_back(new_game(nzasp), [ev.GameStarted(0, 0), *plays])
    assert str(refused.value) == ("events[15] (TurnEnded): the plays on the board placed 105 tiles; "
                                  "a set has 100")
    taken_off = ev.PhonyWithdrawn(int(14.5 * S), 13)
    assert read_back(new_game(nzasp), [ev.GameStarted(0, 0), *plays[:14], taken_off,
                                       plays[14]]).tiles_on_board() == 98


def test_the_result_is_computed_as_of_the_last_event():
    state, result = result_of(ASPA, 1, ("Ann", "Bob"), GAME)
    assert state.last_ns == 20 * S and result.time_used_ms == (10_000, 10_000)
    assert result_of(ASPA, 1, ("Ann", "Bob"), [])[1].time_used_ms == (0, 0)


# --- whatever the events say: read back, or refused as an ImpossibleEvent ----------------------

SIDES = st.integers(-1, 2)
TURNS = st.integers(-1, 6)
TIMES = st.integers(-5, 3_000).map(lambda s: s * S)
EVENTS = st.one_of(
    st.builds(ev.StartCalled, TIMES, st.lists(SIDES, max_size=3).map(tuple)),
    st.builds(ev.Arrived, TIMES, SIDES, st.integers(0, 10**12), st.integers(0, 50)),
    st.builds(ev.GameStarted, TIMES, SIDES),
    st.builds(ev.TurnEnded, TIMES, SIDES, st.sampled_from(list(TurnKind)), st.integers(-10, 900),
              st.integers(0, 7), st.just(""), st.booleans(), st.integers(0, 7)),
    st.builds(ev.TurnRecorded, TIMES, TURNS, st.sampled_from(list(TurnKind)), st.integers(0, 90)),
    st.builds(ev.HoldCalled, TIMES, SIDES, TURNS),
    st.builds(ev.ClockNeutralised, TIMES, st.sampled_from(["challenge", "score", ""])),
    st.builds(ev.ClockResumed, TIMES, SIDES, SIDES),
    st.builds(ev.ChallengeOpened, TIMES, SIDES, TURNS),
    st.builds(ev.ChallengeRuled, TIMES, SIDES, TURNS, st.just(("QI",)), st.booleans()),
    st.builds(ev.ChallengeWithdrawn, TIMES, SIDES, TURNS),
    st.builds(ev.PhonyWithdrawn, TIMES, TURNS),
    st.builds(ev.ChallengeBonus, TIMES, SIDES, TURNS, st.integers(0, 10)),
    st.builds(ev.TurnLost, TIMES, SIDES),
    st.builds(ev.PlayOutAccepted, TIMES, SIDES),
    st.builds(ev.GameEnded, TIMES, st.sampled_from(list(EndReason))),
    st.builds(ev.GameReopened, TIMES),
    st.builds(ev.GameVoided, TIMES),
    st.builds(ev.RackEntered, TIMES, SIDES, st.sampled_from(["", "AE?", "QZ", "QQ", "a b", "1"])),
    st.builds(ev.ScoreCorrected, TIMES, TURNS, st.integers(-5, 200)),
    st.builds(ev.TimeAdjusted, TIMES, SIDES, st.integers(-10**12, 10**12)),
    st.builds(ev.Forfeited, TIMES, SIDES, st.sampled_from(["overtime", "director", "late"])),
    st.builds(ev.Recovered, TIMES, TIMES),
    st.builds(ev.ResultConfirmed, TIMES, SIDES),
    st.builds(ev.ResultLocked, TIMES),
    st.builds(ev.TilesFound, TIMES, st.integers(-1, 3), st.integers(-2, 2)),
    st.builds(ev.TurnSentBack, TIMES, SIDES, TURNS),
    st.builds(ev.BlankDeclared, TIMES, TURNS, st.sampled_from(["E", "", "QZ"])),
    st.builds(ev.SendBackUndone, TIMES, SIDES, TURNS, st.integers(-10**10, 10**12)),
    st.builds(ev.FalseBlankFound, TIMES, SIDES, TURNS),
    st.builds(ev.TimeDivided, TIMES, st.integers(-10**12, 10**12)),
    st.builds(ev.ChallengeRechecked, TIMES, SIDES, TURNS, st.booleans()),
)


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(preset_names()), round_number=st.integers(1, 4),
       events=st.lists(EVENTS, max_size=30))
def test_any_events_read_back_or_are_refused_by_place_never_another_error(preset, round_number, events):
    try:
        state, result = result_of(load_rules(preset), round_number, ("A", "B"), events)
    except ImpossibleEvent as refused:
        assert 0 <= refused.index < len(events) and refused.event == type(events[refused.index]).__name__
        return
    assert result.final[0] - result.final[1] == result.spread
    json.dumps(result.to_dict())                    # plain data the director can compare
