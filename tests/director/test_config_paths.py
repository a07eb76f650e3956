"""The director's config file (director/config.py), as a club director met it (issue 36): every
path the file gives is relative to the file's folder, wherever the director runs, and a file
that is not there says where it was looked for; the defaults and the command line's paths are
the working folder's; an unknown key is answered with the likely one, not a list of every key."""
import subprocess
import sys
from pathlib import Path

import pytest

from common.game.errors import ConfigError
from director.config import load_config

ROOT = Path(__file__).resolve().parents[2]
KEY = "a-key-read-from-its-file-0123"


@pytest.fixture
def folder(tmp_path):
    """The director's folder with its config, its key file and its event beside it."""
    event = tmp_path / "event"
    event.mkdir()
    (event / "tournament.key").write_text(KEY + "\n")
    (event / "director.toml").write_text(
        '[tournament]\nkey_file = "tournament.key"\nevent_file = "config.tsh"\n'
        '[service]\ndb = "director.sqlite"\npassword_file = "secret/director.password"\n')
    return event


def test_every_path_the_file_gives_is_beside_it(folder, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                         # the director runs elsewhere
    config = load_config(Path("event") / "director.toml")
    assert config.key == KEY.encode()
    assert (config.db, config.password_file, config.event_file) == (
        Path("event/director.sqlite"), Path("event/secret/director.password"), Path("event/config.tsh"))
    absolute = load_config(folder / "director.toml")
    assert absolute.db == folder / "director.sqlite"
    # the command line's are the working folder's, the defaults too
    given = load_config(folder / "director.toml", {"service.db": "here.sqlite"})
    assert given.db == Path("here.sqlite")
    assert load_config(None, {"tournament.key": KEY}).db == Path("var/director.sqlite")


@pytest.mark.slow
def test_the_offline_command_finds_the_key_and_the_database_beside_the_config(folder, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = subprocess.run([sys.executable, "-m", "director", "enroll", "7", "--config",
                          str(folder / "director.toml")], cwd=elsewhere, capture_output=True,
                         text=True, timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    assert (folder / "director.sqlite").exists() and not list(elsewhere.iterdir())


def test_a_key_file_not_there_says_where_it_was_looked_for(folder):
    (folder / "tournament.key").unlink()
    with pytest.raises(ConfigError) as refused:
        load_config(folder / "director.toml")
    assert str(refused.value) == (
        f"{folder / 'director.toml'}: tournament.key_file: expected a readable UTF-8 file holding "
        f"the key; got 'tournament.key': looked for {folder / 'tournament.key'}, relative to the "
        "config's folder (No such file or directory)")


@pytest.mark.parametrize("text, expected", [
    ("[service]\nprot = 1\n", "service.prot: expected one of [service]'s keys, most likely "
                              "service.port (docs"),
    ("[servce]\nport = 1\n", "servce.port: expected one of the config's keys, most likely service.port"),
    ('[tournament]\ntable = "1-30"\n', "tournament.table: expected one of [tournament]'s keys, most "
                                       "likely tournament.tables"),
    ('[draw.B]\nsytem = "swiss"\n', "draw.B.sytem: expected one of [draw.B]'s keys, most likely "
                                    "draw.B.system"),
    ("[service]\nbanana = 1\n", "service.banana: expected one of [service]'s keys (host, port, "
                                "db, password_file, announce) (docs"),
    ("[service]\ntables = 1\n", "service.tables: expected one of [service]'s keys (host, port, "
                                "db, password_file, announce), or tournament.tables in [tournament]"),
])
def test_an_unknown_key_is_answered_with_the_likely_one(tmp_path, text, expected):
    path = tmp_path / "t.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as refused:
        load_config(path, {"tournament.key": KEY})
    said = str(refused.value)
    assert said.startswith(f"{path}: {expected}"), said
    assert said.endswith("(docs/reference.md lists every key); got an unknown key")
    assert len(said) < 300                               # not the 35 keys
