"""The prize table's settings (issue 37 item 1): ``[prizes]`` and ``[prizes.DIVISION]`` in the
director's config, each key checked as the file is read; what only the event can tell (a band no
player is in, a division that does not exist, class prizes where no player has a class) refused
naming the key; the page's choice standing over the config and forgotten again. The config's
words for each setting are the prize table's own."""
from __future__ import annotations

import pytest

from common.game.errors import ConfigError
from common.presets import load_preset
from director import config as director_config
from director.config import load_config
from director.event import prizes
from director.event.db import DirectorDB
from director.event.prizes import PrizeError, PrizeEvent, choices
from director.event.prizes.settings import EXPECTED, FIELDS, PrizeSettings
from director.files.imports import Upload, import_files
from tests.support.director_harness import TOURNAMENT

RULES = load_preset("aspa")
A, B = "A", "B"                 # the NASPA 2023 divisions, imported as A.t and B.t


def config_file(tmp_path, text: str):
    path = tmp_path / "director.toml"
    path.write_text(f'[tournament]\nname = "{TOURNAMENT}"\n{text}', encoding="utf-8")
    return path


@pytest.fixture
def naspa(shared, tmp_path):
    with DirectorDB.open(tmp_path / "naspa.sqlite") as db:
        import_files(db, [Upload(f"{name}.t", (shared.tsh / f"naspa-2023-division-{name.lower()}.t")
                                 .read_bytes()) for name in (A, B)])
        yield db


def event_of(config) -> PrizeEvent:
    return PrizeEvent(config.rules, config.tournament, config.prizes, config.prizes_source,
                      config.draw)


def test_the_configs_words_and_defaults_are_the_prize_tables_own():
    assert tuple(director_config.PRIZES) == FIELDS
    defaults = PrizeSettings()
    for name, (default, words) in director_config.PRIZES.items():
        assert words == EXPECTED[name]
        assert (list(default) if name == "bands" else default) == (
            list(defaults.as_dict()[name]) if name == "bands" else getattr(defaults, name))


@pytest.mark.parametrize("text, key", [
    ("[prizes]\nplaces = -1\n", "prizes.places"),
    ("[prizes]\nplaces = 2.5\n", "prizes.places"),
    ("[prizes]\nbands = [\"1800-1700\"]\n", "prizes.bands"),
    ("[prizes]\nbands = [\"over 1800\"]\n", "prizes.bands"),
    ("[prizes]\nbands = [\"1800+\", \"1800+\"]\n", "prizes.bands"),
    ("[prizes]\nhigh_word = \"yes\"\n", "prizes.high_word"),
    ("[prizes]\nband_places = 0\n", "prizes.band_places"),
    ("[prizes.B]\nlucky_stiff = 99\n", "prizes.B.lucky_stiff"),
    ("[prizes.B]\ntop_prize = 3\n", "prizes.B.top_prize"),
    ("[prizes.\"B C\"]\nplaces = 1\n", "prizes.B C"),
])
def test_a_bad_prize_key_in_the_file_is_refused_naming_it(tmp_path, text, key):
    path = config_file(tmp_path, text)
    with pytest.raises(ConfigError) as refused:
        load_config(path, need_key=False)
    assert refused.value.key == key and str(refused.value).startswith(f"{path}: {key}: expected")


def test_a_band_no_player_is_in_is_refused_naming_its_key(naspa, tmp_path):
    config = load_config(config_file(tmp_path, '[prizes]\nbands = ["1800+"]\n[prizes.B]\n'
                                               'bands = ["2100+"]\n'), need_key=False)
    assert prizes.load(naspa, event_of(config), A).settings.bands[0].label == "1800+"
    with pytest.raises(PrizeError) as refused:
        prizes.load(naspa, event_of(config), B)
    assert refused.value.key == "prizes.B.bands"
    with pytest.raises(PrizeError) as refused:
        prizes.load(naspa, event_of(load_config(config_file(
            tmp_path, '[prizes]\nbands = ["2100+"]\n'), need_key=False)), A)
    assert refused.value.key == "prizes.bands"
    assert f"the band 2100+ holds no player of division {A} (their ratings are " in str(refused.value)
    assert str(refused.value).startswith(f"{tmp_path / 'director.toml'}: prizes.bands: ")


def test_a_prize_table_for_no_division_of_the_event_is_refused_naming_its_key(naspa, tmp_path):
    config = load_config(config_file(tmp_path, "[prizes.C]\nplaces = 1\n"), need_key=False)
    with pytest.raises(PrizeError) as refused:
        prizes.load(naspa, event_of(config), A)
    assert refused.value.key == "prizes.C"
    assert f"no division 'C': the event's divisions are {A}, {B}" in str(refused.value)


def test_class_prizes_where_no_player_has_a_class_are_refused_naming_the_key(naspa, tmp_path):
    config = load_config(config_file(tmp_path, "[prizes]\nclass_places = 1\n"), need_key=False)
    assert prizes.load(naspa, event_of(config), A).awards[3].prize == "Class A 1st place"
    with pytest.raises(PrizeError) as refused:
        prizes.load(naspa, event_of(config), B)
    assert refused.value.key == "prizes.class_places"
    assert "players have no class (tsh's class tag)" in str(refused.value)


def test_the_pages_choice_stands_over_the_config_until_forgotten(naspa, tmp_path):
    config = load_config(config_file(tmp_path, "[prizes]\nplaces = 2\n"), need_key=False)
    event = event_of(config)
    before = prizes.load(naspa, event, A)
    assert (before.settings.places, before.chosen) == (2, "config")
    choices.choose(naspa, A, {"places": 4, "bands": ["1400-1799"]}, 5.0, before.settings)
    chosen = prizes.load(naspa, event, A)
    assert (chosen.settings.places, chosen.chosen) == (4, "page")
    assert [b.label for b in chosen.settings.bands] == ["1400-1799"]
    assert [a.prize for a in chosen.awards if a.kind == "place"][-1] == "4th place"
    assert prizes.load(naspa, event, B).settings.places == 2          # the other division's as it was
    with pytest.raises(PrizeError) as refused:
        choices.choose(naspa, A, {"places": "four"}, 6.0, chosen.settings)
    assert refused.value.key == f"prizes.{A}.places" and refused.value.source == "the page"
    assert prizes.load(naspa, event, A).settings.places == 4           # nothing kept of it
    choices.forget(naspa, A)
    assert prizes.load(naspa, event, A).chosen == "config"
