"""A director's config kept by a second install (install/director_setup.py config): its older
example's database and password lines, which named the service's folder (relative to where it
ran), are made comments now that a config's paths are its own folder's: the defaults, the same
files, hold. Another relative path is named for the director to check. The system's Python, as
pi-install.sh runs it."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from director.config import load_config

ROOT = Path(__file__).resolve().parents[2]
OLD = ('[tournament]\nname = "Club Open"\nkey = "a-long-enough-key-for-the-club"\n'
       '[service]\nhost = "0.0.0.0"\ndb = "var/director.sqlite"\n'
       'password_file = "var/director.password"\n')


def setup(dest: Path):
    python = shutil.which("python3") or sys.executable
    return subprocess.run([python, str(ROOT / "install" / "director_setup.py"), "config",
                           str(ROOT / "config" / "director.example.toml"), str(dest)],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.slow
def test_an_older_configs_var_paths_go_back_to_the_defaults(tmp_path):
    dest = tmp_path / "etc" / "director.toml"
    dest.parent.mkdir()
    dest.write_text(OLD)
    dest.chmod(0o640)
    out = setup(dest)
    assert out.returncode == 0, out.stderr
    assert "its database and password lines left to their defaults" in out.stdout
    config = load_config(dest)
    assert (config.db, config.password_file) == (Path("var/director.sqlite"), Path("var/director.password"))
    assert config.tournament == "Club Open" and dest.stat().st_mode & 0o777 == 0o640
    again = setup(dest)
    assert again.stdout.strip() == f"{dest} kept as it is"


@pytest.mark.slow
def test_another_relative_path_is_named_to_be_checked(tmp_path):
    dest = tmp_path / "director.toml"
    dest.write_text(OLD.replace('db = "var/director.sqlite"', 'db = "data/club.sqlite"'))
    out = setup(dest)
    assert out.returncode == 0, out.stderr
    assert f"{dest}: db = 'data/club.sqlite' is relative to {tmp_path}: check it" in out.stdout
    assert 'db = "data/club.sqlite"' in dest.read_text()            # left as it is
