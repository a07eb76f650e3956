"""Attack: ``python -m director import`` of a config.tsh whose division line names a table's key
file (``division a ../var/tables/table-7.key``): the director read it and printed most of the key
in its error. A division's file must be a .t file beside the config: anything with a folder,
``..`` or another suffix is refused, naming the line, before any file is read; the key never
appears in what the command prints, and nothing is imported. (The page's import reads only the
files it is sent.) An honest table's post is answered meanwhile."""

import pytest

from common.wire.signing import key_hex, table_key
from tests.security.conftest import assert_honest_table_served
from tests.support import cli

KEY = table_key(b"the tournament key of the test", "7")


@pytest.mark.parametrize("named", ["../secret/table-7.key", "../../secret/table-7.key",
                                   "/SECRET/table-7.key", "table-7.key", "sub/a.t", "..\\\\a.t"])
def test_a_config_naming_a_file_outside_its_folder_or_not_a_t_file_is_refused(tmp_path, director, named):
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "table-7.key").write_text(key_hex(KEY) + "\n# table 7's key\n")
    (tmp_path / "event" / "sub").mkdir(parents=True)
    (tmp_path / "event" / "table-7.key").write_text(key_hex(KEY) + "\n")
    config = tmp_path / "event" / "config.tsh"
    config.write_text(f"division a {named.replace('/SECRET', str(secret))}\n")
    db = tmp_path / "director.sqlite"
    out = cli.run("director", "import", "--db", db, config)
    assert out.returncode != 0
    assert "must be a .t file beside the config" in out.stderr and "config.tsh:1" in out.stderr
    said = out.stdout + out.stderr
    assert key_hex(KEY) not in said and key_hex(KEY)[:16] not in said
    with __import__("sqlite3").connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM players").fetchone() == (0,)
    assert_honest_table_served(director)
