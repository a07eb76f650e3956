"""The held-in game scenarios (tests/scenarios/*.jsonl) give byte for byte what they gave when
their golden files were written: ``python -m kiosk replay``'s output and exit status, the
journal (each event's JSON, as the store keeps it), the result document and the status document
the director receives. A change of the core's vocabulary or of a document must not move a byte.

The golden files were written from the code before the core's vocabulary became enums (commit
0179aa6) with ``TABLEKEEPER_WRITE_GOLDEN=1 pytest tests/core/test_scenarios_golden.py``; write
them again only for a change of output that is meant, and say so in the commit.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from common.game import events as ev
from kiosk.lexicon import BUNDLED_LEXICON, open_lexicon
from common.replay import ScriptError, replay_lines, result_document
from common.wire.document import result_document as director_document
from common.wire.signing import canonical
from common.wire.status import status_document
from tests.support import cli

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*.jsonl"))
WRITE = os.environ.get("TABLEKEEPER_WRITE_GOLDEN") == "1"
#: The scenario replayed by ``python -m kiosk replay`` as a process of its own (its entry, its
#: exit status through sys.exit); every other one calls the same command in this process.
AS_A_PROCESS = "aspa-full-game"


@pytest.fixture(scope="module")
def lexicon():
    return open_lexicon(BUNDLED_LEXICON)


def render(script: Path, lexicon) -> str:
    """Everything the scenario gives, as text."""
    command = cli.spawn if script.stem == AS_A_PROCESS else cli.run
    replay = command("kiosk", "replay", script.name, "--lexicon", BUNDLED_LEXICON, cwd=script.parent)
    parts = [f"# exit {replay.returncode}", "# stdout", replay.stdout, "# stderr", replay.stderr]
    try:
        replayed = replay_lines(script.read_text(encoding="utf-8").splitlines(), lexicon)
    except ScriptError as exc:
        return "\n".join(parts + ["# refused", str(exc), ""])
    state, now = replayed.state, replayed.state.last_ns
    document = director_document(state, replayed.events, now, tournament="Golden Open", table="9",
                                 game_id="golden-1", revision=2)
    status = status_document(state, now, tournament="Golden Open", table="9", game_id="golden-1",
                             outbox_pending=1, sent_wall=0.0)
    parts += ["# journal", *(ev.to_json(event) for event in replayed.events),
              "# printed result", repr(result_document(replayed)),
              "# result document", canonical(document).decode(),
              "# status document", canonical(status).decode(), ""]
    return "\n".join(parts)


def test_there_are_scenarios_of_every_ending():
    names = {path.stem for path in SCENARIOS}
    assert len(names) >= 8 and "refused-correction" in names and AS_A_PROCESS in names


@pytest.mark.parametrize("script", [pytest.param(path, marks=pytest.mark.slow) if path.stem == AS_A_PROCESS else path
                                    for path in SCENARIOS], ids=[path.stem for path in SCENARIOS])
def test_a_scenario_gives_exactly_its_golden_output(script, lexicon):
    golden = script.with_suffix(".golden")
    text = render(script, lexicon)
    if WRITE:
        golden.write_bytes(text.encode("utf-8"))
    assert golden.read_bytes() == text.encode("utf-8")
