"""The kiosk's config file: one schema (kiosk/config/keys.py) that reads files back as written,
refuses bad ones naming the file, the key and what was expected, renders the committed example
and the reference's table of keys (docs/reference.md)."""
from dataclasses import fields
from pathlib import Path

import pytest

from kiosk.lexicon import BUNDLED_LEXICON
from tests.support.quick_hash import quick_hash
from kiosk.config import (EXAMPLE, KEYS, SCHEMA, ConfigError, defaults, keys_table, kiosk_config,
                          load, render)
from drivers.player_display import DisplaySpec
from kiosk.ui.widgets.base import UiSettings

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
ENABLE = BUNDLED_LEXICON
ENABLE_FINGERPRINT = "d5ec7b3b1d35db798cee044fe3ec37e7cc0a96a00dee5695ad34c767f1797925"
TABLE_KEY = "5f" * 32                   # a table's key as python -m director enroll writes it
PIN_HASH = quick_hash("24681357")
DEFAULT_PIN_REFUSED = (
    "director.pin_hash: expected the hash of this table's own director's PIN (enrolling the table "
    "gives it one; python -m kiosk pin makes one): a kiosk on its buttons does not take the "
    "default PIN 0000; got the hash of 0000")


def write(tmp_path, text, name="kiosk.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_committed_example_is_the_render():
    assert EXAMPLE.read_text(encoding="utf-8") == render(), \
        "config/kiosk.example.toml is out of date: .venv/bin/python -m kiosk config > config/kiosk.example.toml"


def test_the_example_reads_back_as_the_defaults_and_on_its_buttons_keeps_the_menu_closed_without_a_pin():
    settings = load(EXAMPLE, {"hardware.buttons": "sim"})
    assert settings.values == {**defaults(), "hardware.buttons": "sim"}
    assert settings.rules.name == "aspa" and settings.key is None and settings.enrolled is None
    assert kiosk_config(settings).director_pin_hash == ""          # simulated: 0000 opens it
    assert kiosk_config(load(EXAMPLE)).director_pin_hash is None    # on its buttons: nothing does
    assert load(EXAMPLE, {"director.pin_hash": PIN_HASH})["director.pin_hash"] == PIN_HASH
    with pytest.raises(ConfigError) as error:
        load(EXAMPLE, {"director.pin_hash": quick_hash("0000")})
    assert str(error.value) == f"{EXAMPLE}: {DEFAULT_PIN_REFUSED}"


#: Every display and LED key changed (an SPI OLED facing the left player, a 7-segment module
#: facing the right, all four LEDs fitted), and the specs the kiosk opens for them.
HARDWARE_CHANGED = {
    "displays.left.kind": "ssd1306", "displays.left.bus": "spi", "displays.left.spi_port": 1,
    "displays.left.spi_device": 2, "displays.left.i2c_port": 3, "displays.left.i2c_address": 0x3E,
    "displays.left.dc_pin": 16, "displays.left.reset_pin": 12, "displays.left.rotate": 2,
    "displays.right.kind": "max7219", "displays.right.bus": "spi", "displays.right.spi_port": 1,
    "displays.right.spi_device": 0, "displays.right.i2c_port": 4, "displays.right.i2c_address": 0x3F,
    "displays.right.dc_pin": 20, "displays.right.reset_pin": 21, "displays.right.rotate": 1,
    "leds.left_runs": 18, "leds.right_runs": 19, "leds.neutral": 4, "leds.result_sent": 14,
}


def test_a_file_with_every_key_changed_reads_back_as_written(tmp_path):
    key_file = write(tmp_path, TABLE_KEY + "\n# the key of table 12\n", "t.key")
    changed = {
        "kiosk.table": "12", "kiosk.tournament": "Test Open", "kiosk.round": 4,
        "kiosk.players": ["Ann Ö", "Bob \"B\""], "kiosk.new_game_after_s": 120,
        "kiosk.enrollment": "/var/lib/tablekeeper/var/enrollment.toml",
        "rules.preset": "nzasp", "rules.clock": {"time_per_side_s": 1320},
        "rules.hold": {"draw_after_s": 30}, "rules.challenge": {"outcome_valid": "points_per_challenge",
                                                               "points": 10},
        "rules.zero_run": {"counts": ["pass", "phony"]}, "rules.end": {"opponent_minus_own": True},
        "rules.late": {"forfeit_after_s": 900}, "rules.result": {"spread_caps": [200, 300]},
        "lexicon.file": str(ENABLE), "lexicon.official": {"enable2k": ENABLE_FINGERPRINT},
        "hardware.buttons": "sim", "hardware.pins.left": 5, "hardware.pins.right": 6,
        "hardware.pins.centre": 13, **HARDWARE_CHANGED, "display.size": "800x480", "display.fullscreen": False,
        "display.orientation": "flat", "display.keypad": False,
        **{f"ui.{f.name}": 2.5 for f in fields(UiSettings) if f"ui.{f.name}" in KEYS},
        "store.path": "/tmp/t.sqlite", "store.checkpoint_s": 0.25, "store.ballast_kb": 8192,
        "director.url": "", "director.table_key": "", "director.table_key_file": str(key_file),
        "director.pin_hash": PIN_HASH, "director.poll_s": 2.5,
        "director.retry_max_s": 30.0, "director.serial": "/dev/ttyUSB1",
        "director.serial_address": 12, "director.serial_baud": 57600, "director.serial_rs485": True,
        "director.judge_at_station": False, "director.station": "",     # both need a url
        "director.station_wait_s": 45.0,
    }                                                   # a url and a serial line: test_config_director
    assert set(changed) == set(KEYS) and all(changed[k] != KEYS[k].default for k in changed
                                              if k not in ("director.table_key", "director.url",
                                                           "director.judge_at_station", "director.station"))
    settings = load(write(tmp_path, render(changed)))
    assert settings.values == changed
    assert settings.rules.challenge.points == 10 and settings.rules.clock.time_per_side_s == 1320
    assert settings.rules.result.spread_caps == (200, 300) and settings.rules.name == "nzasp"
    assert settings.key == bytes.fromhex(TABLE_KEY)
    config = kiosk_config(settings)
    assert (config.director_url, config.director_poll_s) == ("", 2.5)
    assert (config.director_serial, config.director_serial_address, config.director_serial_baud,
            config.director_serial_rs485) == ("/dev/ttyUSB1", 12, 57600, True)

    config = kiosk_config(settings, headless=True)
    assert (config.preset, config.table, config.round, config.names) == ("nzasp", "12", 4, ("Ann Ö", "Bob \"B\""))
    assert config.overrides["challenge"] == {"outcome_valid": "points_per_challenge", "points": 10}
    assert config.sim and config.pins == {"left": 5, "right": 6, "centre": 13}
    assert (config.size, config.fullscreen, config.store, config.checkpoint_s) == ((800, 480), False, "/tmp/t.sqlite", 0.25)
    assert config.ballast_kb == 8192
    assert config.ui == UiSettings(**{f.name: 2.5 for f in fields(UiSettings) if f"ui.{f.name}" in KEYS},
                                   keypad=False)
    assert config.orientation == "flat"
    assert config.key == bytes.fromhex(TABLE_KEY) and config.new_game_after_s == 120
    assert config.director_pin_hash == PIN_HASH
    assert config.station_wait_s == 45.0
    assert config.displays["left"] == DisplaySpec("left", "ssd1306", "spi", 1, 2, 3, 0x3E, 16, 12, 2)
    assert config.displays["right"] == DisplaySpec("right", "max7219", "spi", 1, 0, 4, 0x3F, 20, 21, 1)
    assert config.leds == {"left_runs": 18, "right_runs": 19, "neutral": 4, "result_sent": 14}


BAD = [
    ("[hardware.pins]\nleft = 40\n", "{file}: hardware.pins.left: expected a BCM pin number 2-27; got 40"),
    ("[hardware.pins]\nright = 17\n",
     "{file}: hardware.pins.right: expected a pin no other button uses; got 17, the pin of hardware.pins.left"),
    ("[hardware]\npinz = 3\n", "{file}: hardware.pinz: expected one of the keys of [hardware]: buttons, pins; unknown key"),
    ("tables = 3\n", "{file}: tables: expected one of the keys of the file: director, display, displays, "
                     "hardware, kiosk, leds, lexicon, rules, store, ui; unknown key"),
    ("hardware = 3\n", "{file}: hardware: expected a table ([hardware]); got 3"),
    ("[hardware]\nbuttons = \"mock\"\n", "{file}: hardware.buttons: expected 'gpio' or 'sim'; got 'mock'"),
    ("[kiosk]\nround = 0\n", "{file}: kiosk.round: expected a round number 1-999; got 0"),
    ("[kiosk]\ntable = \"\"\n", "{file}: kiosk.table: expected a table number or name of 1 to 20 characters; got ''"),
    ("[kiosk]\nplayers = [\"Ann\"]\n",
     "{file}: kiosk.players: expected a list of two names of 1 to 40 characters, left player first; got [\"Ann\"]"),
    ("[rules]\npreset = \"wespa\"\n", "{file}: rules.preset: expected one of 'absp', 'aspa', 'nzasp', "
                                      "'school', or a preset file's path; got 'wespa'"),
    ("[rules.challenge]\npoints = -5\n", "{file}: rules.challenge.points: expected an integer >= 0; got -5"),
    ("[rules.clock]\ntime_per_side_s = \"25:00\"\n",
     "{file}: rules.clock.time_per_side_s: expected an integer >= 1; got '25:00'"),
    ("[rules.clock]\ntime_per_side = 1500\n",
     "{file}: rules.clock.time_per_side: expected one of time_per_side_s, overtime_penalty_points, "
     "overtime_penalty_period_s, overtime_counts, overtime_forfeit_after_s, overtime_forfeit_spread, "
     "overtime_forfeit_margin, overtime_forfeit_counts_late, round_limit_s, resume_by, neutral_reasons, "
     "blank_send_back, no_blank_time, divide_when_brought_in, brought_in_over; unknown setting"),
    ("[rules.colck]\ntime_per_side_s = 1500\n",
     "{file}: rules.colck: expected one of the keys of [rules]: challenge, clock, end, hold, late, "
     "preset, result, zero_run; unknown key"),
    ("[lexicon]\nfile = \"/nonexistent/CSW21.lex\"\n",
     "{file}: lexicon.file: expected an existing file (a word list or .lex), or \"\"; "
     "got '/nonexistent/CSW21.lex' (no such file)"),
    ("[lexicon.official]\nCSW21 = \"3f2a\"\n",
     "{file}: lexicon.official.CSW21: expected 64 hex digits (a SHA-256 fingerprint); got '3f2a'"),
    ("[display]\nsize = \"1280*720\"\n", "{file}: display.size: expected WIDTHxHEIGHT from 320x240 to 7680x4320; got '1280*720'"),
    ("[display]\nfullscreen = \"yes\"\n", "{file}: display.fullscreen: expected true, false or 'auto'; got 'yes'"),
    ("[ui]\nverdict_s = 0\n", "{file}: ui.verdict_s: expected seconds: a number from 1 to 120; got 0"),
    ("[ui]\nmessage_s = true\n", "{file}: ui.message_s: expected seconds: a number from 1 to 60; got true"),
    ("[store]\ncheckpoint_s = 2\n", "{file}: store.checkpoint_s: expected seconds: a number from 0.1 to 1; got 2"),
    ("[director]\nurl = \"director.local\"\n",
     "{file}: director.url: expected \"\" or an address starting with http:// or https://; got 'director.local'"),
    ("[director]\ntable_key = \"secret\"\n",
     "{file}: director.table_key: expected \"\" or 64 hex digits; got 6 characters"),
    ("[director]\ntable_key_file = \"/nonexistent/t.key\"\n",
     "{file}: director.table_key_file: expected an existing file holding the table's key, or \"\"; "
     "got '/nonexistent/t.key' (no such file)"),
    ("[director]\npin_hash = \"2468\"\n",
     "{file}: director.pin_hash: expected \"\" or a hash made by python -m kiosk pin (scrypt$...); "
     "got 4 characters: not a PIN hash"),
    ("[director]\npin_hash = \"scrypt$1073741824$8$1$" + "0" * 32 + "$" + "0" * 64 + "\"\n",
     "{file}: director.pin_hash: expected \"\" or a hash made by python -m kiosk pin (scrypt$...); "
     "got 119 characters: its cost is out of bounds (N a power of two 1024-1048576, r 1-32, p 1-16)"),
]


@pytest.mark.parametrize("text, message", BAD, ids=[m.split(": ")[1] for _, m in BAD])
def test_a_bad_file_is_refused_naming_the_file_the_key_and_what_was_expected(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as error:
        load(path)
    assert str(error.value) == message.format(file=path)


def test_a_file_that_is_not_toml_is_refused_with_the_line(tmp_path):
    path = write(tmp_path, '[kiosk]\ntable = "1"\ntable = "2"\n')
    with pytest.raises(ConfigError) as error:
        load(path)
    assert str(error.value).startswith(f"{path}: expected valid TOML; ") and "line 3" in str(error.value)


def test_a_key_never_appears_in_a_message(tmp_path):
    for text in ('table_key = " hunter2 "', 'key = "hunter2 hunter2 hunter2"', 'pin_hash = "hunter2"'):
        with pytest.raises(ConfigError) as error:
            load(write(tmp_path, f"[director]\n{text}\n"))
        assert "hunter2" not in str(error.value)


def test_key_and_key_file_together_are_refused_and_a_key_file_without_a_key_too(tmp_path):
    key_file = write(tmp_path, "short\n", "t.key")
    with pytest.raises(ConfigError, match="director.table_key_file: expected either "
                                          "director.table_key or director.table_key_file, not both"):
        load(write(tmp_path, f'[director]\ntable_key = "{TABLE_KEY}"\ntable_key_file = "{key_file}"\n'))
    with pytest.raises(ConfigError) as error:
        load(write(tmp_path, f'[director]\ntable_key_file = "{key_file}"\n'))
    assert str(error.value) == (f"{tmp_path / 'kiosk.toml'}: director.table_key_file: expected a first "
                                "line of 64 hex digits (the key python -m director enroll wrote); got "
                                f"5 characters in {key_file}")


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(ConfigError) as error:
        load(tmp_path / "absent.toml")
    assert str(error.value) == f"{tmp_path / 'absent.toml'}: expected a readable file; No such file or directory"


def test_command_line_options_override_the_file_and_are_checked_alike(tmp_path):
    path = write(tmp_path, '[kiosk]\ntable = "3"\n[rules]\npreset = "nzasp"\n[hardware]\nbuttons = "gpio"\n')
    settings = load(path, {"rules.preset": "absp", "kiosk.table": None, "hardware.buttons": "sim"})
    assert (settings["rules.preset"], settings["kiosk.table"], settings["hardware.buttons"]) == ("absp", "3", "sim")
    with pytest.raises(ConfigError) as error:
        load(path, {"hardware.pins.left": 40})
    assert str(error.value) == "command line: hardware.pins.left: expected a BCM pin number 2-27; got 40"
    with pytest.raises(ConfigError) as error:                   # the option clashes with the file
        load(write(tmp_path, "[hardware.pins]\nleft = 5\n"), {"hardware.pins.right": 5})
    assert str(error.value) == ("command line: hardware.pins.right: expected a pin no other button "
                                "uses; got 5, the pin of hardware.pins.left")
    with pytest.raises(ConfigError, match="^command line: hardware.pins.right: expected a pin no"):
        load(write(tmp_path, "[hardware.pins]\nright = 5\n"), {"hardware.pins.left": 5})


def test_without_a_file_the_defaults_hold_gpio_buttons_until_sim_is_asked_for():
    assert defaults()["hardware.buttons"] == "gpio"
    assert kiosk_config(load()).director_pin_hash is None         # on its buttons, no PIN: closed
    on_buttons = load(None, {"director.pin_hash": PIN_HASH})
    assert on_buttons.values == {**defaults(), "director.pin_hash": PIN_HASH}
    assert kiosk_config(on_buttons).sim is False and kiosk_config(on_buttons).fullscreen is True
    sim = kiosk_config(load(None, {"hardware.buttons": "sim"}))
    assert sim.sim and sim.fullscreen is False and sim.store == "var/kiosk.sqlite"


def test_every_key_has_a_default_a_help_text_and_allowed_values():
    for key in SCHEMA:
        assert key.help and key.expected, key.name
        assert key.kind.check("schema", key.name, key.default) == key.default, key.name


def test_every_screen_timing_is_a_config_key():
    derived = {"keypad", "keyboard"}        # keyboard: the kiosk's start knows it (simulation, or no keypad)
    assert {f"ui.{f.name}" for f in fields(UiSettings) if f.name not in derived} <= set(KEYS)
    assert "display.keypad" in KEYS                     # the keypad is a display setting


def test_the_reference_documents_every_key():
    block = REFERENCE.split("<!-- config-keys -->\n")[1].split("\n<!-- /config-keys -->")[0]
    assert block == keys_table()
    for key in SCHEMA:
        assert f"`{key.name}`" in block
