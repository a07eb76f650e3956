"""``python -m kiosk replay SCRIPT.jsonl`` as a director uses it, on real files: the result
printed by the real process; the refusals and the rest by the same command in the test's
process (tests/support/cli.py)."""
import json

import pytest

from kiosk.lexicon import BUNDLED_LEXICON
from tests.support import cli

ENABLE = BUNDLED_LEXICON


def run_replay(tmp_path, lines, *extra, command=cli.run):
    script = tmp_path / "game.jsonl"
    script.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    return command("kiosk", "replay", script, *extra)


GAME = [
    {"preset": "nzasp", "round": 2, "players": ["Ann", "Bob"]},
    {"t": 0, "cmd": "start", "first": 0},
    {"t": 61.5, "cmd": "play", "player": 0, "score": 24},
    {"t": 90, "cmd": "challenge", "player": 1, "words": ["AXE", "OX"], "valid": True},
    {"t": 95, "cmd": "resume", "player": 0},
    {"t": 120, "cmd": "exchange", "player": 1, "tiles": 3},
    {"t": 130, "cmd": "pass", "player": 0},
    {"t": 1700, "cmd": "play", "player": 1, "score": 40},
    {"t": 1710, "cmd": "out", "player": 0, "score": 30},
    {"t": 1712, "cmd": "accept", "player": 1},
    {"t": 1720, "cmd": "rack", "player": 1, "tiles": "QU?"},
    {"t": 1730, "cmd": "correct", "turn": 1, "score": 26},
]


@pytest.mark.slow
def test_replay_prints_the_result(tmp_path):
    out = run_replay(tmp_path, GAME, command=cli.spawn)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    # Ann's clock: 0-61.5, 120-130, 1700-1710; Bob's: 61.5-90, 95-120 and 130-1700 (123.5 s over)
    assert result["time_used_ms"] == [81_500, 1_623_500]
    assert result["overtime_penalty"] == [0, 30]
    assert result["challenge_points"] == [10, 0]            # 5 per word challenged (6.17)
    assert result["rack_adjust"] == [22, 0]                 # 2 x QU? (8.3)
    assert result["final"] == [26 + 10 + 30 + 22, 40 - 30]
    assert result["winner"] == 0 and result["spread"] == 78
    assert result["end"] == "out"
    assert result["turns"] == [
        {"player": 0, "type": "play", "score": 26, "cumulative": 36},
        {"player": 1, "type": "exchange", "score": 0, "cumulative": 0},
        {"player": 0, "type": "pass", "score": 0, "cumulative": 36},
        {"player": 1, "type": "play", "score": 40, "cumulative": 40},
        {"player": 0, "type": "play", "score": 30, "cumulative": 66},
    ]


def test_a_refused_script_exits_non_zero_with_the_line_and_reason(tmp_path):
    lines = GAME[:3] + [{"t": 70, "cmd": "play", "player": 0, "score": 10}]
    out = run_replay(tmp_path, lines)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.strip().endswith(":4: Ann's clock is not running: it is not their turn")


@pytest.mark.parametrize("line, reason", [
    ({"t": 5, "cmd": "teleport"}, "unknown cmd 'teleport'"),
    ({"t": 5, "cmd": "play", "player": 0}, "play needs 'score'"),
    ({"t": 5, "cmd": "play", "player": 0, "score": 3, "x": 1}, "play takes no 'x'"),
    ({"t": -1, "cmd": "pass", "player": 0}, "t is a number of seconds >= 0"),
    ({"t": float("nan"), "cmd": "pass", "player": 0}, "t is a number of seconds >= 0"),
    ({"t": 5, "cmd": "play", "player": 0, "score": 12.5}, "a score is a whole number"),
    ({"t": 5, "cmd": "play", "player": True, "score": 12}, "player must be 0 or 1"),
    ({"t": 5, "cmd": "exchange", "player": 0}, "exchange needs 'tiles'"),
    ({"t": 5, "cmd": "challenge", "player": 1, "words": ["AXE"]}, "needs --lexicon FILE"),
])
def test_malformed_lines_are_named(tmp_path, line, reason):
    out = run_replay(tmp_path, GAME[:2] + [line])
    assert out.returncode == 1
    assert ":3: " in out.stderr and reason in out.stderr


def test_a_bad_header_is_named(tmp_path):
    out = run_replay(tmp_path, [{"preset": "aspa", "overrides": {"clock": {"time_per_side_s": 0}}}])
    assert out.returncode == 1
    assert ":1: overrides: clock.time_per_side_s: expected an integer >= 1; got 0" in out.stderr


def test_without_a_verdict_the_words_are_judged_against_the_lexicon(tmp_path):
    base = GAME[:3]
    good = run_replay(tmp_path, base + [{"t": 90, "cmd": "challenge", "player": 1, "words": ["axe", "ox"]}],
                      "--lexicon", str(ENABLE))
    assert good.returncode == 0, good.stderr
    assert json.loads(good.stdout)["turns"][0]["type"] == "play"
    bad = run_replay(tmp_path, base + [{"t": 90, "cmd": "challenge", "player": 1, "words": ["AXE", "OXQ"]}],
                     "--lexicon", str(ENABLE))
    assert bad.returncode == 0, bad.stderr
    assert json.loads(bad.stdout)["turns"][0] == {"player": 0, "type": "phony", "score": 0, "cumulative": 0}


def test_a_late_arrival_and_a_forfeit_on_time(tmp_path):
    lines = [{"preset": "absp"},
             {"t": 0, "cmd": "call", "absent": [1]},
             {"t": 300, "cmd": "arrive", "player": 1},
             {"t": 300, "cmd": "start", "first": 1},
             {"t": 310, "cmd": "play", "player": 1, "score": 20},
             {"t": 320, "cmd": "play", "player": 0, "score": 50},
             {"t": 5000, "cmd": "end"}]
    result = json.loads(run_replay(tmp_path, lines).stdout)
    # Bob started with 300 s charged; 10 s more, then his clock ran from 320: 10 minutes over at 2110
    assert result["end"] == "forfeit" and result["winner"] == 0
    assert result["time_used_ms"] == [10_000, 2_100_000]
    assert result["overtime_penalty"] == [0, 100]
    assert result["final"] == [70, -80] and result["spread"] == 150   # 20 - 100 vs 50, raised to 150


def test_a_lexicon_that_cannot_be_read_is_a_clear_error(tmp_path):
    out = run_replay(tmp_path, GAME[:2], "--lexicon", str(tmp_path / "missing.txt"))
    assert out.returncode == 2
    assert "missing.txt" in out.stderr and "Traceback" not in out.stderr


def test_presets_command_prints_one_preset_or_refuses_an_unknown_one():
    run = lambda *args: cli.run("kiosk", "presets", *args)      # noqa: E731
    out = run("school")
    assert out.returncode == 0 and json.loads(out.stdout)["result"]["spread_caps"] == [100, 150, 250]
    bad = run("wespa9")
    assert bad.returncode == 2 and "expected one of" in bad.stderr and "Traceback" not in bad.stderr
