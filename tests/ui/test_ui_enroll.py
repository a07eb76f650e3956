"""The ENROLL screen at the table: a table on its buttons never enrolled (no PIN, no key) opens on
it; the volunteer types the table's number and the director's code, and the table enrolls with
the real director's service (on 127.0.0.1, tests/support/fixtures.py), writes its enrollment to its data
partition and asks to start again; a wrong code says so and writes nothing. An enrolled table
enrolls again from the director's menu (E), behind its PIN. Screens saved as PNG."""

import pytest

from kiosk.config import kiosk_config, load
from kiosk.pin import verify_pin
from tests.support.quick_hash import quick_hash
from common.wire.code_exchange import table_pin
from common.wire.signing import table_key
from kiosk.ui.setup.enroll import EnrollScreen
from tests.support.enroll_steps import new_code, until
from tests.support.ui_harness import Harness

KEY = b"enrollment-screen-key-0123"
TOURNAMENT = "Newcomer Open"


@pytest.fixture
def director(make_director):
    return make_director(key=KEY, tournament=TOURNAMENT)


def test_a_fresh_table_opens_on_enroll_and_enrolls_by_its_code(tmp_path, director):
    enrollment = tmp_path / "data" / "enrollment.toml"
    k = Harness(tmp_path / "shots", store=tmp_path / "kiosk.sqlite", gpio=True, pin_hash=None,
                table="1", enrollment=str(enrollment), director_url=director.url)
    try:
        assert isinstance(k.screen, EnrollScreen)
        assert k.view.lines[0] == "This table is not enrolled yet"
        code = new_code(director, "7")
        k.type("\b7\n", at=1)                                  # its number (1 was the config's)
        wrong = f"{(int(code) + 1) % 10**6:06d}"
        k.type(wrong + "\n", at=2)
        second = until(k, lambda: "not table 7's code: 2 tries left" in k.view.error, 2)
        assert not enrollment.exists() and k.screen.step == "code"
        k.shot("enroll-wrong-code")
        k.type(code, at=second + 1)
        k.shot("enroll-code")
        k.type("\n", at=second + 2)
        until(k, lambda: k.kiosk.machine.restart, second + 2)
        assert k.kiosk.machine.finished and k.view.entry == "ENROLLED: starting again"
        k.shot("enroll-done")
    finally:
        k.close()
    config = tmp_path / "kiosk.toml"
    config.write_text(f'[kiosk]\nenrollment = "{enrollment}"\n')
    settings = load(config)                                    # what the table starts again with
    kiosk = kiosk_config(settings)
    assert (kiosk.table, kiosk.tournament, kiosk.director_url) == ("7", TOURNAMENT, director.url)
    assert kiosk.key == table_key(KEY, "7") and kiosk.enrolled
    assert verify_pin(table_pin(KEY, "7"), kiosk.director_pin_hash)
    assert [r["table_name"] for r in director.rows("enrolled")] == ["7"]


def test_a_fresh_tables_long_press_opens_enroll_and_back_plays_without(tmp_path):
    k = Harness(tmp_path / "shots", store=tmp_path / "kiosk.sqlite", gpio=True, pin_hash=None,
                enrollment=str(tmp_path / "enrollment.toml"), director_url="http://127.0.0.1:9")
    try:
        assert isinstance(k.screen, EnrollScreen)
        k.key("Escape", at=1)                                 # BACK: play without enrolling
        assert not isinstance(k.screen, EnrollScreen)
        k.key("Director", at=2)                               # no PIN, not enrolled: ENROLL again
        assert isinstance(k.screen, EnrollScreen)
    finally:
        k.close()


def test_an_enrolled_table_enrolls_again_from_the_directors_menu_behind_its_pin(tmp_path):
    pin = "24681357"
    k = Harness(tmp_path / "shots", store=tmp_path / "kiosk.sqlite", gpio=True,
                pin_hash=quick_hash(pin), key=table_key(KEY, "7"),
                enrollment=str(tmp_path / "enrollment.toml"), director_url="http://127.0.0.1:9")
    try:
        assert not isinstance(k.screen, EnrollScreen)
        k.key("Director", at=1).type(pin + "\n", at=2)
        assert "E   enroll this table again (a new tournament key, another director)" in k.view.rows
        k.shot("menu-enroll-again")
        k.type("e", at=3)
        assert isinstance(k.screen, EnrollScreen) and k.view.lines[0] == "Enrolling this table again"
        assert k.view.entry == "TABLE 7_"
    finally:
        k.close()
