"""Small checks run inside a make pi-check root with the installed venv's Python:

``first-frame``: start to first frame of ``python -m kiosk run --sim --headless`` (bench/kiosk.py's
measure: until its READY=1, sent after the first frame) beside a fresh ``python -c "import
pygame"``, the median of three each; emulated, so the ratio is the figure to compare.

``replay NAME``: ``python -m kiosk replay`` of tests/scenarios/NAME.jsonl as the golden test runs
it; its standard output must be the golden file's, byte for byte.

    /opt/tablekeeper/.venv/bin/python -m tests.pi.in_root_checks first-frame | replay NAME
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STARTS = 3


def first_frame() -> int:
    from bench.kiosk import bare_start, first_frame as measure
    with tempfile.TemporaryDirectory(prefix="pi-first-frame-") as tmp:
        first = statistics.median(measure(Path(tmp), i) for i in range(STARTS))
    bare = statistics.median(bare_start() for _ in range(STARTS))
    print(f"first frame {first:.2f} s, import pygame {bare:.2f} s: {first / bare:.1f}x "
          f"(median of {STARTS})")
    return 0


def replay(name: str) -> int:
    from kiosk.lexicon import BUNDLED_LEXICON
    folder = ROOT / "tests" / "scenarios"
    golden = (folder / f"{name}.golden").read_bytes().decode("utf-8")
    want = golden.split("# stdout\n", 1)[1].split("\n# stderr\n", 1)[0]
    got = subprocess.run([sys.executable, "-m", "kiosk", "replay", f"{name}.jsonl", "--lexicon",
                          str(BUNDLED_LEXICON)], cwd=folder, capture_output=True, text=True, timeout=600)
    if got.stdout != want:
        print(f"{name}: the replay differs from its golden output:\n{got.stdout}\n{got.stderr}")
        return 1
    print(f"{name}: kiosk replay gives its golden output byte for byte ({len(want)} bytes)")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["first-frame"]:
        sys.exit(first_frame())
    sys.exit(replay(sys.argv[2]))
