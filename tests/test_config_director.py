"""The config of the link to the director (kiosk/config/director.py): a url or a serial line,
never both; a serial line's address is the table's number; either link signs with the table's
own key, and without one the link stays closed (the kiosk still starts); a serial port that is
not there stops ``python -m kiosk run`` naming the key and the device."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.config import ConfigError, kiosk_config, load
from tests.support.quick_hash import quick_hash

ROOT = Path(__file__).resolve().parents[1]
PIN = f'pin_hash = "{quick_hash("97531")}"\n'         # [director]: a kiosk on its buttons has its own
KEY = f'table_key = "{"a1" * 32}"\n' + PIN


def write(tmp_path, text):
    path = tmp_path / "kiosk.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_url_gives_the_http_link(tmp_path):
    config = kiosk_config(load(write(tmp_path, '[director]\nurl = "http://director.local:8080"\n'
                                               'poll_s = 2.5\nretry_max_s = 30\n' + KEY)))
    assert (config.director_url, config.director_poll_s, config.director_retry_max_s) == (
        "http://director.local:8080", 2.5, 30.0)
    assert (config.director_serial, config.director_serial_address) == ("", 0)
    assert config.key == bytes.fromhex("a1" * 32)


def test_a_link_without_the_tables_key_is_no_error_the_kiosk_keeps_its_results(tmp_path):
    for link in ('url = "http://director.local:8080"', 'serial = "/dev/serial0"'):
        config = kiosk_config(load(write(tmp_path, f'[kiosk]\ntable = "7"\n[director]\n{link}\n' + PIN)))
        assert config.key is None and (config.director_url or config.director_serial)


def test_a_serial_line_answers_to_the_tables_number_unless_given_it_again(tmp_path):
    config = kiosk_config(load(write(tmp_path, '[kiosk]\ntable = "7"\n[director]\n'
                                               'serial = "/dev/ttyUSB0"\n' + KEY)))
    assert (config.director_serial, config.director_serial_address, config.director_serial_baud,
            config.director_serial_rs485, config.director_url) == ("/dev/ttyUSB0", 7, 115200, False, "")
    config = kiosk_config(load(write(tmp_path, '[kiosk]\ntable = "254"\n[director]\nserial = '
                                               '"socket://10.0.0.9:4001"\nserial_address = 254\n'
                                               'serial_baud = 9600\nserial_rs485 = true\n' + KEY)))
    assert (config.director_serial, config.director_serial_address, config.director_serial_baud,
            config.director_serial_rs485) == ("socket://10.0.0.9:4001", 254, 9600, True)


def test_without_a_serial_line_a_table_may_have_any_name(tmp_path):
    config = kiosk_config(load(write(tmp_path, '[kiosk]\ntable = "A"\n[director]\nserial_address = 9\n' + PIN)))
    assert (config.table, config.director_serial, config.director_serial_address) == ("A", "", 0)


ADDRESS = ("director.serial_address: expected an address 1-254 that is the table's number "
           "(kiosk.table): the director files what address N sends as table \"N\"; ")
BAD = [
    ('[director]\nurl = "http://director.local:8080"\nserial = "/dev/serial0"\n' + KEY,
     "director.serial: expected either director.url or director.serial, not both (one link to "
     "the director per table); got '/dev/serial0'"),
    ('[kiosk]\ntable = "A"\n[director]\nserial = "/dev/serial0"\n' + KEY,
     ADDRESS + "got 0 (the table's number) but kiosk.table is 'A', not a number 1-254"),
    ('[kiosk]\ntable = "255"\n[director]\nserial = "/dev/serial0"\n' + KEY,
     ADDRESS + "got 0 (the table's number) but kiosk.table is '255', not a number 1-254"),
    ('[kiosk]\ntable = "07"\n[director]\nserial = "/dev/serial0"\n' + KEY,
     ADDRESS + "got 0 (the table's number) but kiosk.table is '07', not a number 1-254"),
    ('[kiosk]\ntable = "A"\n[director]\nserial = "/dev/serial0"\nserial_address = 3\n' + KEY,
     ADDRESS + "got 3 but kiosk.table is 'A', not a number 1-254"),
    ('[kiosk]\ntable = "7"\n[director]\nserial = "/dev/serial0"\nserial_address = 9\n' + KEY,
     ADDRESS + "got 9 but kiosk.table is '7'"),
    ('[director]\nserial_address = 255\n',
     "director.serial_address: expected 0 (the table's number) or an address 1-254; got 255"),
    ('[director]\nserial_address = "7"\n',
     "director.serial_address: expected 0 (the table's number) or an address 1-254; got '7'"),
    ('[director]\nserial_baud = 100\n',
     "director.serial_baud: expected a whole number from 300 to 4000000; got 100"),
    ('[director]\nserial_rs485 = "yes"\n', "director.serial_rs485: expected true or false; got 'yes'"),
    ('[director]\nserial = "/dev/tty USB0"\n',
     "director.serial: expected \"\" or a device path or pyserial URL without spaces; "
     "got '/dev/tty USB0'"),
]


@pytest.mark.parametrize("text, message", BAD, ids=[m.split(": ")[0] + str(i) for i, (_, m) in enumerate(BAD)])
def test_a_bad_link_is_refused_naming_the_key(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as error:
        load(path)
    assert str(error.value) == f"{path}: {message}"


@pytest.mark.slow
def test_a_serial_port_that_is_not_there_stops_the_kiosk_naming_the_key_and_the_device(tmp_path):
    cfg = write(tmp_path, '[kiosk]\ntable = "7"\n[director]\nserial = "/dev/ttyNOSUCH7"\n' + KEY)
    out = subprocess.run([sys.executable, "-m", "kiosk", "run", "--sim", "--config", str(cfg),
                          "--headless", "--exit-after", "30", "--store", str(tmp_path / "k.sqlite")],
                         cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert out.returncode == 2, out.stderr
    assert out.stderr.startswith("python -m kiosk run: director.serial = '/dev/ttyNOSUCH7': cannot "
                                 "open the serial port /dev/ttyNOSUCH7: "), out.stderr
