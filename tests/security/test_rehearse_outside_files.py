"""Attack (issue 39, item 4): ``python -m director rehearse --config`` of a director config whose
event file, a config.tsh, names files outside its folder: ``../outside/a.t``, ``/etc/shadow``,
``/proc/self/environ`` (the rehearsal read each, as root, and imported and played the outside
``.t``), or a ``.t`` beside it that is a link out of the folder. A division's file must be a
``.t`` file in the config's own folder, as ``python -m director import`` reads them
(director.files.beside): the rehearsal stops with status 2 naming the line, before that file is
read, and nothing is imported nor played (no event database, no scripts, no director); the
import refuses the link alike, importing nothing."""
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "config" / "rehearsal"
SECRET = "outside-the-folder: the secret's own line"


def event(tmp_path: Path, named: str) -> Path:
    """A director config for the rehearsal whose config.tsh's division A names ``named``; the
    folder outside it holds a real .t and a secret, and ``link.t`` beside it links to the .t."""
    outside, folder = tmp_path / "outside", tmp_path / "event"
    outside.mkdir()
    folder.mkdir()
    (outside / "a.t").write_bytes((EXAMPLE / "a.t").read_bytes())
    (outside / "secret").write_text(SECRET + "\n")
    (folder / "link.t").symlink_to(outside / "a.t")
    (folder / "config.tsh").write_text(f"division A {named}\n")
    toml = folder / "director.toml"
    toml.write_text('[tournament]\nname = "Outside Open"\npreset = "aspa"\ntables = "1-4"\n'
                    'event_file = "config.tsh"\n')
    return toml


@pytest.mark.parametrize("named, said", [
    ("../outside/a.t", "must be a .t file beside the config (a name without a folder), not '../outside/a.t'"),
    ("/etc/shadow", "must be a .t file beside the config (a name without a folder), not '/etc/shadow'"),
    ("/proc/self/environ", "not '/proc/self/environ'"),
    ("../outside/secret", "not '../outside/secret'"),
    ("link.t", "its file link.t is a link out of the config's folder"),
])
@pytest.mark.slow
def test_rehearse_refuses_a_config_naming_files_outside_its_folder(tmp_path, named, said):
    config, out = event(tmp_path, named), tmp_path / "rehearsal"
    run = subprocess.run([sys.executable, "-m", "director", "rehearse", "--config", str(config),
                          "--out", str(out), "--rounds", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2, run.stderr
    assert f"config.tsh:1: division A: its file" in run.stderr and said in run.stderr
    assert SECRET not in run.stdout + run.stderr
    assert not (out / "event.sqlite").exists() and not (out / "scripts").exists()
    assert "the rehearsal's director" not in run.stdout          # no director was started


@pytest.mark.slow
def test_import_refuses_a_t_file_that_is_a_link_out_of_the_folder(tmp_path):
    config, db = event(tmp_path, "link.t"), tmp_path / "director.sqlite"
    run = subprocess.run([sys.executable, "-m", "director", "import", "--db", str(db),
                          str(config.parent / "config.tsh")],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode != 0
    assert "config.tsh:1: division A: its file link.t is a link out of the config's folder" in run.stderr
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM players").fetchone() == (0,)
