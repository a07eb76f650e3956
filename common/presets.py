"""The rule presets (config/presets/*.toml) and a tournament's overrides, read from disk: the one
loader and the one list of names, for the kiosk, the director, the help texts and the docs.

The edge around common.game.rules: it opens and parses the files, the core validates them. A
preset is named by its file (``aspa`` is ``aspa.toml``); adding a rule book is adding a file.
``TABLEKEEPER_PRESET_DIR`` names another folder of presets (a club's own, or a test's).
Standard library and common.game only: the director imports it too.
"""
from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Mapping

from common.game.rules import Rules, RulesError, apply_overrides, describe_settings, rules_from_preset

BUNDLED_PRESET_DIR = Path(__file__).resolve().parent.parent / "config" / "presets"
PRESET_DIR_VARIABLE = "TABLEKEEPER_PRESET_DIR"


def preset_dir() -> Path:
    """Where the named presets are: ``$TABLEKEEPER_PRESET_DIR`` if set, else config/presets."""
    return Path(os.environ.get(PRESET_DIR_VARIABLE) or BUNDLED_PRESET_DIR)


def preset_names() -> list[str]:
    """Every named preset, sorted."""
    return sorted(p.stem for p in preset_dir().glob("*.toml"))


def preset_choices() -> str:
    """The names in words, for help texts and errors: ``absp, aspa, nzasp, school``."""
    return ", ".join(preset_names())


def read_toml(path: Path) -> dict:
    """Parse a TOML file; a syntax error names the file and line."""
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(str(path), "(file)", f"valid TOML ({exc})", "unparseable") from None
    except OSError as exc:
        raise RulesError(str(path), "(file)", "a readable file", exc.strerror) from None


def preset_path(name_or_path: str) -> Path:
    """The file of a preset given by name (``aspa``) or by the path of a preset file."""
    path = Path(name_or_path)
    if path.suffix == ".toml":
        return path
    path = preset_dir() / f"{name_or_path}.toml"
    if not path.exists():
        raise RulesError("preset", "preset", "one of " + preset_choices(), name_or_path)
    return path


#: A preset's key naming its book's official word list (not a rule of play: the rules a result
#: carries, and so every stored result, stay as they are).
OFFICIAL_LEXICON = "official_lexicon"


def load_preset(name_or_path: str) -> Rules:
    """A preset by name (``aspa``) or by the path of a preset file."""
    path = preset_path(name_or_path)
    data = read_toml(path)
    data.pop(OFFICIAL_LEXICON, None)
    return rules_from_preset(data, str(path))


def official_lexicon(name_or_path: str) -> str:
    """The word list a preset's book names as official (``CSW19``), or "" if it names none."""
    path = preset_path(name_or_path)
    value = read_toml(path).get(OFFICIAL_LEXICON, "")
    if not isinstance(value, str):
        raise RulesError(str(path), OFFICIAL_LEXICON, "the official word list's name, a text", value)
    return value


def load_rules(preset: str, overrides: Mapping | None = None, source: str = "overrides") -> Rules:
    rules = load_preset(preset)
    return apply_overrides(rules, overrides, source) if overrides else rules


def presets_table(names: list[str] | None = None) -> str:
    """Every setting of every preset as a Markdown table (the docs carry it verbatim)."""
    names = names or preset_names()
    presets = {name: load_preset(name) for name in names}

    def cell(value) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, (list, tuple)):
            return ", ".join(str(v) for v in value) or "-"
        return str(value)

    lines = ["| setting | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|",
             f"| `{OFFICIAL_LEXICON}` | " + " | ".join(official_lexicon(n) or "-" for n in names) + " |"]
    for key, _, _ in describe_settings():
        section, name = key.split(".")
        lines.append(f"| `{key}` | " + " | ".join(cell(getattr(getattr(presets[n], section), name))
                                                   for n in names) + " |")
    return "\n".join(lines)
