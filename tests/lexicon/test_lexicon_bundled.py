"""The ENABLE list shipped inside the kiosk (kiosk/lexicon/data/enable2k.lex): the default of a
table with no lexicon configured and of the demo, so a plain clone judges challenges with
nothing beside it. It must hold exactly the words of the public-domain list it was built from."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.lexicon import BUNDLED_LEXICON, open_lexicon

REPO = Path(__file__).resolve().parents[2]


def test_the_bundled_lexicon_is_the_enable_list_word_for_word(enable_fingerprint, enable_words):
    lexicon = open_lexicon(BUNDLED_LEXICON)
    assert (lexicon.name, lexicon.word_count) == ("enable2k", len(enable_words))
    assert lexicon.fingerprint == enable_fingerprint      # the words of ../shared's enable2k.txt
    assert lexicon.verify()                               # and the trie holds exactly those words
    assert "QAT" in lexicon and "ZAX" in lexicon and "QXZT" not in lexicon


def test_the_bundled_lexicon_and_its_licence_are_in_the_repository():
    shipped = sorted(name for name in _repository_files() if name.startswith("kiosk/lexicon/data/"))
    assert shipped == ["kiosk/lexicon/data/README-enable2k.txt", "kiosk/lexicon/data/enable2k.lex"]
    assert "Public Domain" in (BUNDLED_LEXICON.parent / "README-enable2k.txt").read_text(encoding="utf-8")


def test_the_kiosk_judges_with_the_bundled_list_when_none_is_named():
    from kiosk.opening import DEFAULT_LEXICON, open_lexicon as open_table_lexicon
    assert DEFAULT_LEXICON == BUNDLED_LEXICON
    lexicon, label = open_table_lexicon(None)
    assert label == "enable2k (official status unknown)" and "JINX" in lexicon   # no preset: no book


def _repository_files() -> list[str]:
    """Every file a fresh clone of this working tree would hold (tracked, or new and not ignored)."""
    out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                         capture_output=True, timeout=60)
    return [name for name in out.stdout.decode().split("\0") if name and (REPO / name).is_file()]


@pytest.mark.slow
def test_a_clone_with_nothing_beside_it_plays_the_demo_and_judges_its_challenge(tmp_path):
    """``make run``'s demo in a copy of the repository with no ../shared beside it: the
    challenge of ZAX and QXZT is ruled by the bundled list (one verdict: the play is off)."""
    clone = tmp_path / "clone"
    for name in _repository_files():
        target = clone / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((REPO / name).read_bytes())
    assert not (tmp_path / "shared").exists()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(PYTHONPATH=str(clone), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "kiosk", "demo", "--headless"], cwd=clone, env=env,
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    with sqlite3.connect(clone / "var" / "demo.sqlite") as db:
        (words, valid, lexicon, fingerprint), = db.execute(
            "SELECT words, valid, lexicon, lexicon_fingerprint FROM adjudications")
    assert (words, valid, lexicon) == ('["ZAX", "QXZT"]', 0, "enable2k")
    assert fingerprint == open_lexicon(BUNDLED_LEXICON).fingerprint
    assert "ChallengeRuled" in out.stdout and "no lexicon" not in out.stdout
