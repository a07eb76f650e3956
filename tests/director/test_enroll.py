"""``python -m director enroll TABLE``: the table's own key as a key file (readable by its owner
only) and the kiosk config lines; a kiosk configured with them signs results the director takes,
for that table only; the tournament key is never written or printed."""
import stat
from pathlib import Path

import pytest

from director.config import load_config
from director.tables.enroll import EnrollError, enroll
from kiosk.config import kiosk_config, load
from common.wire.signing import sign, table_key, wire
from tests.support.director_harness import KEY, TOURNAMENT, result_doc
from tests.support import cli



def enroll_command(*args, cwd):
    """``python -m director enroll`` in the test's process (tests/support/cli.py; as a process
    of its own: tests/sync/test_enroll_by_code.py's first journey)."""
    return cli.run("director", "enroll", *args, cwd=cwd)


def director_config(tmp_path) -> Path:
    (tmp_path / "tournament.key").write_text(KEY + "\n")
    path = tmp_path / "director.toml"
    path.write_text(f'[tournament]\nname = "{TOURNAMENT}"\nkey_file = "{tmp_path / "tournament.key"}"\n'
                    '[service]\nhost = "192.168.4.2"\nport = 8080\n')
    return path


def test_enroll_writes_the_tables_key_file_and_config_lines_never_the_tournament_key(tmp_path):
    out = enroll_command("7", "12", "--config", str(director_config(tmp_path)), "--out", "cards",
                         cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    cards = tmp_path / "cards"
    assert sorted(p.name for p in cards.iterdir()) == ["table-12.key", "table-12.toml",
                                                       "table-7.key", "table-7.toml"]
    key_file = cards / "table-7.key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert key_file.read_text().splitlines()[0] == table_key(KEY.encode(), "7").hex()
    snippet = (cards / "table-7.toml").read_text()
    assert '[kiosk]\ntable = "7"\ntournament = "Test Open"\n' in snippet
    assert '[director]\nurl = "http://192.168.4.2:8080"\ntable_key_file = "/etc/tablekeeper/table.key"\n' in snippet
    assert "table 7: key file cards/table-7.key (keep it secret), config lines cards/table-7.toml" in out.stdout
    written = out.stdout + out.stderr + "".join(p.read_text() for p in cards.iterdir())
    assert KEY not in written and KEY.encode().hex() not in written
    assert table_key(KEY.encode(), "7").hex() not in out.stdout           # the table's key stays in its file


def test_a_kiosk_set_up_with_the_lines_signs_what_the_director_takes_for_its_table_only(tmp_path, director):
    made = enroll(director.config, "7", url=director.url)
    (tmp_path / made.key_file_name).write_text(made.key_file_text)
    config = tmp_path / "kiosk.toml"
    config.write_text(made.snippet.replace("/etc/tablekeeper/table.key", str(tmp_path / made.key_file_name))
                      + '[hardware]\nbuttons = "sim"\n')
    kiosk = kiosk_config(load(config))
    assert (kiosk.table, kiosk.tournament, kiosk.director_url) == ("7", TOURNAMENT, director.url)
    assert director.post(7, "results", sign_bytes(result_doc(7), kiosk.key)).body["outcome"] == "stored"
    other = director.post(8, "results", sign_bytes(result_doc(8), kiosk.key))
    assert other.code == 403 and "does not match table 8's key" in other.body["error"]
    assert [r["table_name"] for r in director.rows("results")] == ["7"]


def sign_bytes(document, key):
    return wire(sign(document, key))


def test_enrolling_again_gives_the_same_key_and_a_serial_table_its_port(tmp_path):
    config = load_config(director_config(tmp_path))
    assert enroll(config, "7").key_file_text == enroll(config, "7").key_file_text
    assert enroll(config, "7").key_file_text != enroll(config, "8").key_file_text
    serial = enroll(config, "7", serial="/dev/serial0")
    assert 'serial = "/dev/serial0"' in serial.snippet and "url =" not in serial.snippet


@pytest.mark.parametrize("table, serial, reason", [
    ("", None, "table: expected a table number or name of 1 to 20 characters"),
    ("a very long table name indeed", None, "1 to 20 characters"),
    (" 7", None, "without spaces around it"),
    ("A", "/dev/serial0", "a table on a serial line is numbered 1-254"),
    ("300", "/dev/serial0", "a table on a serial line is numbered 1-254"),
])
def test_a_table_a_kiosk_could_not_be_is_refused(tmp_path, table, serial, reason):
    with pytest.raises(EnrollError, match=reason):
        enroll(load_config(director_config(tmp_path)), table, serial=serial)


def test_the_command_refuses_without_the_tournament_key_or_with_a_bad_table(tmp_path):
    out = enroll_command("7", "--out", "cards", cwd=tmp_path)
    assert out.returncode == 2 and "tournament.key" in out.stderr
    out = enroll_command("A", "--serial", "/dev/serial0", "--stick", "stick", "--config",
                         str(director_config(tmp_path)), cwd=tmp_path)
    assert out.returncode == 2 and "numbered 1-254" in out.stderr
    assert not (tmp_path / "cards").exists() and not (tmp_path / "var").exists()
    assert not list((tmp_path / "stick").rglob("*.toml"))
    out = enroll_command("7", "--serial", "/dev/serial0", "--config", str(director_config(tmp_path)),
                         cwd=tmp_path)                    # a code needs no link: it learns it
    assert out.returncode == 2 and "--url and --serial go with --stick or --out" in out.stderr


def test_the_lines_give_the_table_the_tournaments_rules(tmp_path):
    path = director_config(tmp_path)
    path.write_text(path.read_text().replace('[service]', 'preset = "school"\n[service]')
                    + '[rules.result]\nspread_caps = [200, 300]\n[rules.clock]\nneutral_reasons = '
                      '["challenge", "director"]\nresume_by = "either"\n')
    director = load_config(path)
    made = enroll(director, "7", url="http://192.168.4.2:8080")
    assert '[rules]\npreset = "school"\n' in made.snippet
    assert '[rules.result]\nspread_caps = [200, 300]\n' in made.snippet
    (tmp_path / made.key_file_name).write_text(made.key_file_text)
    config = tmp_path / "kiosk.toml"
    config.write_text(made.snippet.replace("/etc/tablekeeper/table.key", str(tmp_path / made.key_file_name))
                      + '[hardware]\nbuttons = "sim"\n')
    table = load(config).rules
    assert table == director.rules and table.spread_cap(2) == 300 and table.name == "school"
