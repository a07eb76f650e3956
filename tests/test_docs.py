"""The README stays true: the presets table, the replay commands and the CLI's subcommands."""
import re
from pathlib import Path

from kiosk.__main__ import build_parser
from kiosk.presets import presets_table
from kiosk.replay import _FIELDS

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def test_readme_presets_table_matches_the_preset_files():
    block = README.split("<!-- presets-table -->\n")[1].split("\n<!-- /presets-table -->")[0]
    assert block == presets_table()


def test_every_replay_command_is_documented():
    documented = set(re.findall(r'"cmd": "(\w+)"', README))
    assert documented == set(_FIELDS)


def test_every_cli_subcommand_is_documented():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name in sub.choices:
        assert f"python -m kiosk {name}" in README, name
