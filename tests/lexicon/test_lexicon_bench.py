"""The lexicon benchmark still runs (on a tiny list, so it does not rot). No timing is asserted:
figures belong to ``make bench``."""
from __future__ import annotations

import pytest

import subprocess
import sys
from pathlib import Path

pytestmark = pytest.mark.slow          # runs a benchmark: make check leaves it out

REPO = Path(__file__).resolve().parents[2]


def run_bench(*args):
    return subprocess.run([sys.executable, "-m", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=300)


def test_lexicon_bench_runs_on_a_tiny_list_and_prints_every_figure():
    done = run_bench("bench.lexicon", "--words", "3000", "--runs", "1", "--queries", "500")

    assert done.returncode in (0, 1), done.stderr  # 1 = a target missed on a busy machine
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Lexicon: 3,000 words (3,000 from ENABLE + 0 generated")
    for label in ("compile", "import word list", "file size", "load, fresh process",
                  "resident memory added", "lookups (1,000, half misses)"):
        assert any(line.startswith(label) for line in lines), label
    verdicts = [line.split()[-1] for line in lines if line.split()[-1] in ("PASS", "FAIL")]
    assert len(verdicts) == 3  # load, memory, lookups
    assert "WRONG" not in done.stdout


def test_generated_words_are_deterministic_new_and_plausible(shared):
    from bench.lexicon import build_words
    ENABLE = shared.enable
    words, misses, from_enable = build_words(180_000, ENABLE, 2000)
    again, misses_again, _ = build_words(180_000, ENABLE, 2000)

    assert (words, misses) == (again, misses_again)
    assert len(words) == 180_000 == len(set(words)) and len(set(misses)) == 2000
    generated = set(words) - {line.strip().upper() for line in ENABLE.read_text().split()}
    assert len(generated) == 180_000 - from_enable > 6000
    assert not set(misses) & set(words)
    assert all(w.isalpha() and w.isupper() and 2 <= len(w) <= 15 for w in generated | set(misses))


def test_bench_runner_lists_the_lexicon_bench():
    done = run_bench("bench", "--list")

    assert done.returncode == 0 and "lexicon" in done.stdout.split()
