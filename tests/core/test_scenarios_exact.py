"""Issue 19's scripted games (tests/scenarios/*.jsonl), each result worked out by hand from the
rule book before the script was first run; the golden files (test_scenarios_golden.py) keep
every byte, this keeps the reasons. Each entry: the rule, then what the book makes of it."""
from __future__ import annotations

from pathlib import Path

import pytest

from common.replay import ScriptError, replay_lines

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"

EXPECTED = {
    # NZASP 10.2-10.3: exactly +50 / -50; Ann was 180 ahead, her score comes down by 130
    "nzasp-forfeit-exact": dict(final=[70, 20], winner=0, spread=50, forfeit_adjust=[-130, 0],
                                time_used_ms=[20000, 10000]),
    # ABSP 3.1.3: at 10:00 late 15:00 are left, not "less than 15 minutes": refused
    "absp-late-election-early": dict(refused=(3, "ABSP 3.1.3")),
    # ... one second later he may; 3.1.4: a win by 75 for the opponent; his clock ran from the call
    "absp-late-election": dict(final=[75, 0], winner=0, spread=75, end="forfeit",
                               forfeit={"player": 1, "reason": "late"}, time_used_ms=[0, 601000]),
    # ASPA 11.5c-d: the found tile goes to Bob, who did not go out: only he has tiles, the game
    # is over; Ann keeps going out: 30 + 15 + QU?E (12) = 57, Bob 20 - 12 = 8
    "aspa-tiles-found-after-out": dict(final=[57, 8], winner=0, spread=49, rack_adjust=[12, -12],
                                       end="out", confirmed=True, time_used_ms=[20000, 10000]),
    # NZASP 6.11.3-6.11.4: Ann (who went out) takes them, both have tiles, play resumes; she goes
    # out again: 30 + 15 + 6 + 2 x Q (20) = 71; Bob 20 + 9, unchanged by 8.3
    "nzasp-found-to-the-player-out": dict(final=[71, 29], winner=0, spread=42, end="out",
                                          time_used_ms=[40000, 40000],
                                          scores=[30, 20, 15, 9, 6]),
    # School 25: neither team arrived within 15 minutes: both forfeit, each a loss and -50
    "school-both-absent": dict(final=[0, 0], winner=None, spread=0, end="forfeit",
                               forfeit={"players": [0, 1], "reason": "late", "each_spread": -50},
                               time_used_ms=[0, 0]),
    # ... and the first to arrive, at 16:40, is refused
    "school-both-absent-arrival-refused": dict(refused=(3, "School 25")),
    # ASPA 2.3-2.4: Eve arrives at 30:00, 15:00 charged to each; Fay's clock runs out 10:00 later
    "aspa-both-absent": dict(final=[50, 0], winner=0, spread=50, end="forfeit",
                             forfeit={"player": 1, "reason": "late"},
                             time_used_ms=[900000, 1500000]),
    # School 22: 73 tiles still in the bag when the round is ended: a rack of 6 is refused
    "school-full-racks-refused": dict(refused=(6, "School 22")),
    # ... with the bag empty (86 placed) any rack goes: A 70 - 20, B 60 - 1 (23)
    "school-full-racks-empty-bag": dict(final=[50, 59], winner=1, spread=-9, end="director",
                                        rack_adjust=[-20, -1]),
    # NZASP 6.17: "5 points for each word challenged": QI named twice is one word
    "nzasp-word-twice": dict(final=[29, 10], challenge_points=[5, 0], end=None,
                             time_used_ms=[10000, 25000]),
    # NZASP 6.2.2: Bob restarts Ann's clock for her blank: 8 s more on hers, no turn passed
    "nzasp-send-back": dict(final=[40, 12], time_used_ms=[18000, 12000], scores=[40, 12]),
    # NZASP 6.2.2 and 8.2: a play-out ends the turn too: Bob sends it back before accepting, Ann
    # declares in 6 s (10 + 20 + 6 = 36 s used), then Bob accepts: 40 + 30 + 2 x QZ (20) = 110
    "nzasp-send-back-out": dict(final=[110, 20], winner=0, spread=90, end="out",
                                rack_adjust=[40, 0], time_used_ms=[36000, 20000],
                                scores=[40, 20, 30]),
    # School 7: the false-blank play comes off and A loses the turn; B plays on
    "school-false-blank": dict(final=[30, 40], time_used_ms=[20000, 35000],
                               types=["play", "play", "false_blank", "play"]),
    # ASPA 2.2: 300 s and 100 s used: the time left divided equally, 200 s used each
    "aspa-clock-in": dict(final=[20, 30], time_used_ms=[200000, 300000]),
    # ... "during the game ... equally divided", once: asked again (the clock stopped for the
    # director) it would move 50 s from Bob (300 s used) to Ann (200 s): refused, the clock being in
    "aspa-clock-in-twice-refused": dict(refused=(7, "a clock was brought in already and the time left "
                                                    "divided then (ASPA 2.2)")),
    # ABSP 4.10.7: the recheck finds JINX good: the play stands, scored
    "absp-recheck": dict(final=[28, 17], time_used_ms=[25000, 25000], types=["play", "play"]),
    # ... "which will then be final": a second recheck is refused
    "absp-recheck-twice-refused": dict(refused=(6, "final (ABSP 4.10.7)")),
    # a hold is no challenge: nothing to withdraw, and the table says so
    "absp-hold-withdraw-refused": dict(refused=(5, "there is no open challenge to withdraw")),
    # ABSP 4.10.2: an open challenge withdrawn with both agreeing; Kim restarts (4.8)
    "absp-open-challenge-withdrawn": dict(final=[28, 10], time_used_ms=[25000, 20000]),
    # NZASP 8.4 "every minute overtime or part thereof": 0.5 s over costs 10 (a tie, 20-20)
    "nzasp-half-second-over": dict(final=[20, 20], winner=None, spread=0, overtime_penalty=[10, 0],
                                   time_used_ms=[1500500, 9500]),
    # ASPA 11.3b "not in overtime until -0:01 is shown": 0.5 s over costs nothing
    "aspa-half-second-over": dict(final=[30, 20], winner=0, overtime_penalty=[0, 0]),
    # NZASP 4.2: the late clock stops at 25:00; Ann starts from 0:00 and is 30 s over: 10
    "nzasp-late-after-25": dict(final=[10, 15], overtime_penalty=[10, 0],
                                time_used_ms=[1530000, 10000], late_penalty=[0, 0]),
    # ABSP 9.3 (the preset's reading): Dan starts at -15:00 and forfeits 10 minutes of his own
    # time later, at 3040 s: -25:00, 250 off; Cat 40 vs -220: lost by 260 (> 150)
    "absp-40-minutes-late": dict(final=[40, -220], winner=0, spread=260,
                                 forfeit={"player": 1, "reason": "overtime"},
                                 overtime_penalty=[0, 250], time_used_ms=[40000, 3000000]),
    # the director's menu's +30: 30 s more on Ann's clock, as the replay's delta_ms 30000
    "aspa-adjust-time-left": dict(final=[10, 5], time_used_ms=[70000, 30000]),
    # the void after tiles found: Hal, who went out, takes them; play resumes, then the void
    "director-void-after-found": dict(final=[22, 12], end=None, time_used_ms=[30000, 20000]),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_scripted_game_gives_what_the_book_gives(name):
    lines = (SCENARIOS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    expected = dict(EXPECTED[name])
    if "refused" in expected:
        line, reason = expected["refused"]
        with pytest.raises(ScriptError) as refused:
            replay_lines(lines)
        assert refused.value.line == line and reason in refused.value.reason
        return
    result = replay_lines(lines).result.to_dict()
    scores, types = expected.pop("scores", None), expected.pop("types", None)
    assert {key: result[key] for key in expected} == expected
    if scores is not None:
        assert [turn["score"] for turn in result["turns"]] == scores
    if types is not None:
        assert [turn["type"] for turn in result["turns"]] == types


def test_every_scripted_game_of_issue_19_is_a_scenario():
    assert all((SCENARIOS / f"{name}.jsonl").exists() for name in EXPECTED)
