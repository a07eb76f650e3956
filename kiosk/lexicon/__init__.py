"""Lexicons: importing organisers' word lists and opening them for the judge.

- ``open_lexicon(path)``: a compiled ``.lex`` file (fast) or a plain word list (compiled in
  memory), as a ``Lexicon``: ``word in lexicon`` for upper-case words, plus ``.name``,
  ``.fingerprint`` (SHA-256 of the normalised sorted list) and ``.word_count``. It is the
  ``lexicon`` argument of ``common.game.judge.adjudicate``.
- ``import_word_list(source, name, ...)``: what ``python -m kiosk lexicon import`` runs.
- Official or not: ``common.game.lexicon_check.check_official(lexicon, {name: sha256})``;
  ``status_of(lexicon, official, preset)`` also against the list the preset's book names.

Modules: ``wordlist`` (reading a list), ``compiled`` (the ``.lex`` file and the Lexicon object),
``importer`` (checks and compiles), ``cli`` (the command line).

``BUNDLED_LEXICON`` is the public-domain ENABLE list (data/enable2k.lex, compiled from
enable2k.txt; data/README-enable2k.txt says where it comes from): the default of a table with no
lexicon configured and of the demo. Rebuild it with ``make lexicon``. Licensed lists (CSW, NWL)
are never shipped: the organiser imports theirs.
"""
from __future__ import annotations

from pathlib import Path

from common.game.frozen import value
from common.game.lexicon_check import LexiconStatus, check_official
from kiosk.lexicon import compiled
from kiosk.lexicon.compiled import Lexicon, LexiconError
from kiosk.lexicon.importer import (DEFAULT_MAX_BAD_SHARE, ImportRefused, ImportReport,
                                    compile_list, import_word_list)

__all__ = ["BUNDLED_LEXICON", "Lexicon", "LexiconError", "ImportRefused", "ImportReport",
           "open_lexicon", "import_word_list", "status_of"]

BUNDLED_LEXICON = Path(__file__).resolve().parent / "data" / "enable2k.lex"


def _plain_name(path: Path) -> str:
    name = path.name
    for suffix in (".gz", ".txt"):
        name = name.removesuffix(suffix)
    return name or path.name


def open_lexicon(path: str | Path, max_bad_share: float = DEFAULT_MAX_BAD_SHARE) -> Lexicon:
    """Open a compiled lexicon, or read a plain word list (named after its file) with the same
    rules as an import. Raises LexiconError for a damaged file or a refused list, OSError if the
    file cannot be read."""
    path = Path(path)
    if compiled.is_compiled(path):
        return compiled.load(path)
    lexicon, _ = compile_list(path, _plain_name(path), max_bad_share)
    lexicon.path = path
    return lexicon


@value
class NamedList:
    """A word list by its name and fingerprint (what common.game.lexicon_check compares)."""
    name: str
    fingerprint: str


def status_of(lexicon: Lexicon, official: dict | None = None, preset: str = "") -> LexiconStatus:
    """The lexicon's name, and whether it is the official list: by the fingerprints given
    (``lexicon.official``), else by the list the ``preset``'s book names (common.presets)."""
    from common.presets import official_lexicon
    name = lexicon.name or (_plain_name(Path(lexicon.path)).split(".")[0] if lexicon.path else "word list")
    book = official_lexicon(preset) if preset else ""
    rules = Path(preset).stem.upper() if preset else ""
    return check_official(NamedList(name, lexicon.fingerprint), official or {}, book, rules)
