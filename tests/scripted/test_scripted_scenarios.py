"""A table driven by a replay script (kiosk.scripted) plays every held-in scenario through the
real kiosk (screens, journal) with presses of its buttons and taps where its screen shows the
keys, and its journal gives the replay's result; a script the rules refuse stops at the line
the replay stops at, with the replay's reason."""
from __future__ import annotations

from pathlib import Path

import pytest

from common.game.result import compute
from kiosk.lexicon import compiled, open_lexicon
from common.replay import ScriptError, replay_lines
from kiosk.scripted.runner import ScriptFailed
from tests.support.scripted_table import drive, scripted_kiosk, write_script

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
#: Words the scenarios' verdicts have acceptable beyond the ENABLE list.
MORE_WORDS = ("QI", "ZAX")
#: The director's menu stops a running clock for its long press (3 s the mover is not charged),
#: as a director does at a table: these scenarios' times differ from the replay's by that.
DIRECTOR_WHILE_RUNNING = {"late-arrival": 1, "aspa-adjust-time-left": 1, "aspa-clock-in": 1}
#: What a table cannot do as the script has it, and says so: a verdict its own lexicon would not
#: give (an adjudicator's mistake, rechecked after), a full rack it cannot count (the table does
#: not ask for the tiles placed, so it has no bag to count).
AT_A_TABLE = {
    "absp-recheck": "4: the table's lexicon finds JINX acceptable; the script says otherwise",
    "absp-recheck-twice-refused": "4: the table's lexicon finds JINX acceptable; the script says otherwise",
    "school-full-racks-refused": "6: the table took the line the rules refuse (the bag still holds "
                                 "73 tiles: Team A ends the game with a full rack of 7 tiles, not 6 "
                                 "(School 22))",
}


@pytest.fixture(scope="module")
def words(shared, tmp_path_factory) -> Path:
    """The ENABLE list and MORE_WORDS, compiled once as the table's lexicon file (reading the
    plain list again took half a second of each test's time, twice)."""
    folder = tmp_path_factory.mktemp("words")
    text = folder / "words.txt"
    text.write_text(shared.enable.read_text() + "\n".join(MORE_WORDS) + "\n")
    return compiled.write(open_lexicon(text), folder / "words.lex")


def outcome(script: Path, words: Path):
    try:
        return replay_lines(script.read_text().splitlines(), open_lexicon(words)).result.to_dict()
    except ScriptError as exc:
        return f"{script}:{exc.line}: {exc.reason}"


def played(tmp_path: Path, script: Path, words: Path):
    kiosk, runner, clock = scripted_kiosk(tmp_path / "table.sqlite", script, lexicon=str(words))
    try:
        drive(kiosk, runner, clock)
        state = kiosk.table.state
        return compute(state, state.last_ns).to_dict()
    except ScriptFailed as exc:
        return str(exc)
    finally:
        kiosk.close()


@pytest.mark.parametrize("name", sorted(p.stem for p in SCENARIOS.glob("*.jsonl")))
def test_the_table_ends_where_the_replay_does(tmp_path, words, name):
    script = SCENARIOS / f"{name}.jsonl"
    expected, result = outcome(script, words), played(tmp_path, script, words)
    if name in AT_A_TABLE:
        expected = f"{script}:{AT_A_TABLE[name]}"
    if name in DIRECTOR_WHILE_RUNNING and isinstance(result, dict):
        used, wanted = result["time_used_ms"], expected["time_used_ms"]
        assert [round((w - u) / 1000) for u, w in zip(used, wanted)].count(3) == DIRECTOR_WHILE_RUNNING[name]
        result["time_used_ms"] = wanted
    assert result == expected


def test_a_verdict_the_tables_lexicon_would_not_give_stops_the_script(tmp_path, words):
    script = write_script(tmp_path / "phony.jsonl", [
        {"preset": "aspa", "players": ["Ann", "Bob"]},
        {"t": 0, "cmd": "start", "first": 0},
        {"t": 10, "cmd": "play", "player": 0, "score": 30},
        {"t": 20, "cmd": "challenge", "player": 1, "words": ["QI"], "valid": False}])
    assert played(tmp_path, script, words) == (f"{script}:4: the table's lexicon finds QI "
                                               "acceptable; the script says otherwise")
