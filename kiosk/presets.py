"""Reading rule presets (config/presets/*.toml) and a tournament's overrides from disk.

The edge around kiosk.core.rules: it opens and parses the files, the core validates them.
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Mapping

from kiosk.core.rules import Rules, RulesError, apply_overrides, rules_from_preset

PRESET_DIR = Path(__file__).resolve().parent.parent / "config" / "presets"


def preset_names() -> list[str]:
    return sorted(p.stem for p in PRESET_DIR.glob("*.toml"))


def read_toml(path: Path) -> dict:
    """Parse a TOML file; a syntax error names the file and line."""
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(str(path), "(file)", f"valid TOML ({exc})", "unparseable") from None
    except OSError as exc:
        raise RulesError(str(path), "(file)", "a readable file", exc.strerror) from None


def load_preset(name_or_path: str) -> Rules:
    """A preset by name (``aspa``) or by the path of a preset file."""
    path = Path(name_or_path)
    if path.suffix != ".toml":
        path = PRESET_DIR / f"{name_or_path}.toml"
        if not path.exists():
            raise RulesError("preset", "preset", "one of " + ", ".join(preset_names()), name_or_path)
    return rules_from_preset(read_toml(path), str(path))


def load_rules(preset: str, overrides: Mapping | None = None, source: str = "overrides") -> Rules:
    rules = load_preset(preset)
    return apply_overrides(rules, overrides, source) if overrides else rules


def presets_table(names: list[str] | None = None) -> str:
    """Every setting of every preset as a Markdown table (the README carries it verbatim)."""
    from kiosk.core.rules import describe_settings

    names = names or ["aspa", "absp", "nzasp", "school"] + [
        n for n in preset_names() if n not in ("aspa", "absp", "nzasp", "school")]
    presets = {name: load_preset(name).to_dict() for name in names}

    def cell(value) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, list):
            return ", ".join(str(v) for v in value) or "-"
        return str(value)

    lines = ["| setting | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    for key, _, _ in describe_settings():
        section, name = key.split(".")
        lines.append(f"| `{key}` | " + " | ".join(cell(presets[n][section][name]) for n in names) + " |")
    return "\n".join(lines)
