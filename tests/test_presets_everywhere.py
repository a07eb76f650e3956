"""One preset loader and one list of names (common.presets): a fifth rule book is one more file
in the presets folder, and it appears everywhere a preset is named: ``python -m kiosk presets``,
the kiosk's config check and example, the director's ``--preset`` help and its config, and the
docs' presets table (tests/test_docs.py holds that table to ``presets_table()``)."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from common.presets import BUNDLED_PRESET_DIR, PRESET_DIR_VARIABLE, preset_names, presets_table
from tests.support import cli

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def five_presets(tmp_path, monkeypatch) -> dict:
    """The bundled presets and a fifth, ``wespa``, in a folder named by TABLEKEEPER_PRESET_DIR;
    the environment a child process needs to see them."""
    folder = tmp_path / "presets"
    shutil.copytree(BUNDLED_PRESET_DIR, folder)
    text = (folder / "aspa.toml").read_text(encoding="utf-8")
    text = text.replace('name = "aspa"', 'name = "wespa"').replace('title = "ASPA (Australia) 2016"',
                                                                  'title = "WESPA 2024"')
    text = text.replace("time_per_side_s = 1500", "time_per_side_s = 1560")
    (folder / "wespa.toml").write_text(text, encoding="utf-8")
    monkeypatch.setenv(PRESET_DIR_VARIABLE, str(folder))
    return dict(os.environ, PYTHONPATH=str(ROOT))


def run(env: dict, program: str, *args: str):
    """``python -m program *args`` with ``env``: the kiosk's commands as processes of their own
    (the config's example is written once, when its module is loaded), the director's in the
    test's process (tests/support/cli.py)."""
    if program == "kiosk":
        return cli.spawn(program, *args, env=env)
    return cli.run(program, *args, env=env)


@pytest.mark.slow
def test_a_fifth_preset_file_is_listed_and_loaded_by_the_kiosk(five_presets):
    assert preset_names() == ["absp", "aspa", "nzasp", "school", "wespa"]
    table = run(five_presets, "kiosk", "presets")
    assert table.returncode == 0, table.stderr
    assert table.stdout.splitlines()[0] == "| setting | absp | aspa | nzasp | school | wespa |"
    assert table.stdout.strip() == presets_table()
    one = run(five_presets, "kiosk", "presets", "wespa")
    assert one.returncode == 0, one.stderr
    assert json.loads(one.stdout)["clock"]["time_per_side_s"] == 1560


@pytest.mark.slow
def test_a_fifth_preset_is_a_choice_of_the_kiosk_config(five_presets, tmp_path):
    example = run(five_presets, "kiosk", "config")
    assert "one of 'absp', 'aspa', 'nzasp', 'school', 'wespa', or a preset file's path" in example.stdout
    config = tmp_path / "kiosk.toml"
    config.write_text('[rules]\npreset = "wespa"\n[hardware]\nbuttons = "sim"\n', encoding="utf-8")
    checked = run(five_presets, "kiosk", "config", str(config))
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_fifth_preset_is_a_choice_of_the_director(five_presets, tmp_path):
    helped = run(five_presets, "director", "--help")
    assert helped.returncode == 0, helped.stderr
    assert "absp, aspa, nzasp, school, wespa or a preset file" in " ".join(helped.stdout.split())
    from director.config import load_config
    config = load_config(None, {"tournament.preset": "wespa", "tournament.key": "k" * 16})
    assert (config.rules.name, config.rules.clock.time_per_side_s) == ("wespa", 1560)
    refused = run(five_presets, "director", "--preset", "wspa", "--key", "k" * 16,
                  "--db", str(tmp_path / "d.sqlite"))
    assert refused.returncode == 2
    assert "expected one of absp, aspa, nzasp, school, wespa or a preset file; got 'wspa'" in refused.stderr


def test_the_bundled_presets_are_the_four_rule_books():
    assert PRESET_DIR_VARIABLE not in os.environ or os.environ[PRESET_DIR_VARIABLE] == ""
    assert preset_names() == ["absp", "aspa", "nzasp", "school"]
