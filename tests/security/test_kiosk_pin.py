"""Attack: a player who knows the default PIN 0000 opens the director's menu. A kiosk on its
buttons (not --sim, not the demo) refuses to start with the default PIN, naming the config key,
before it touches its store; without any PIN (a table not enrolled yet) its menu stays closed,
whatever is typed; the PIN is kept as a salted slow hash, never in clear, and 0000 opens no
kiosk that has its own."""
import os

import pytest

from kiosk.pin import DEFAULT_PIN, hash_pin, verify_pin
from kiosk.ui.menu.pin_prompt import DirectorDoor
from tests.support import cli

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
REFUSED = ("director.pin_hash: expected the hash of this table's own director's PIN (enrolling the "
           "table gives it one; python -m kiosk pin makes one): a kiosk on its buttons does not take "
           "the default PIN 0000")


def kiosk(*args, stdin=None):
    """``python -m kiosk *args``: ``run`` as the process a table starts; the other commands (pin,
    config) in the test's process (tests/support/cli.py)."""
    if args[0] == "run":
        return cli.spawn("kiosk", *args, input=stdin, env=ENV)
    return cli.run("kiosk", *args, input=stdin or "")


@pytest.mark.slow
def test_a_kiosk_on_its_buttons_with_the_default_pin_refuses_to_start(tmp_path):
    config = tmp_path / "kiosk.toml"
    config.write_text(f'[director]\npin_hash = "{hash_pin(DEFAULT_PIN)}"\n')
    got = "got the hash of 0000"
    store = tmp_path / "kiosk.sqlite"
    out = kiosk("run", "--config", str(config), "--headless", "--exit-after", "1", "--store", str(store))
    assert out.returncode == 2
    assert out.stderr == f"python -m kiosk run: {config}: {REFUSED}; {got}\n"
    assert not store.exists()                               # refused before the store was made
    sim = kiosk("run", "--sim", "--config", str(config), "--headless", "--exit-after", "1",
                "--store", str(store))
    assert sim.returncode == 0, sim.stderr                   # --sim keeps the default PIN


def test_without_a_pin_the_menu_of_a_kiosk_on_its_buttons_stays_closed(tmp_path):
    config = tmp_path / "kiosk.toml"
    config.write_text('[director]\npin_hash = ""\n')
    out = kiosk("config", str(config))
    assert out.returncode == 0, out.stderr
    assert "director's menu closed (no PIN: the table is not enrolled)" in out.stdout
    door = DirectorDoor(None)
    assert door.closed and all(door.check(pin, t) != "open" for t, pin in
                               enumerate([DEFAULT_PIN, "", "12345678"]))


def test_the_pin_is_kept_as_a_salted_hash_and_0000_opens_no_kiosk_with_its_own():
    out = kiosk("pin", stdin="24681357\n")
    assert out.returncode == 0, out.stderr
    line = out.stdout.strip()
    assert line.startswith('pin_hash = "scrypt$16384$8$1$') and "24681357" not in line
    hashed = line.split('"')[1]
    assert verify_pin("24681357", hashed) and not verify_pin(DEFAULT_PIN, hashed)
    assert hashed != hash_pin("24681357")                  # salted: the same PIN, another hash
    door = DirectorDoor(hashed)
    assert door.check(DEFAULT_PIN, 0) == "wrong" and door.check("24681357", 1) == "open"
    assert kiosk("pin", stdin="0000\n").returncode == 2     # the default is no PIN to choose
    assert kiosk("pin", stdin="12a4\n").returncode == 2


def test_a_made_pin_is_shown_once_and_only_its_hash_is_printed_for_the_config():
    out = kiosk("pin", "--generate")
    assert out.returncode == 0, out.stderr
    pin = out.stderr.split("the director's PIN: ")[1].split()[0]
    assert len(pin) == 8 and pin.isdigit() and pin not in out.stdout
    assert verify_pin(pin, out.stdout.strip().split('"')[1])
