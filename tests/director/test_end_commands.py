"""``python -m director prizes``, ``pairings`` and ``wallchart`` as a director runs them: real
processes on a database ``python -m director import`` made from the real NASPA 2023 files. The
prize table's CSV (prize, division, player, value) is what the page's download gives; a
``[prizes]`` setting the event cannot satisfy is refused with status 1, naming the key."""
import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest

from director.config import load_config
from director.event.db import DirectorDB
from director.files import prize_report, sheets

pytestmark = pytest.mark.slow          # subprocesses: make check leaves them out

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 120
A, B = "naspa-2023-division-a", "naspa-2023-division-b"


def director(*args):
    return subprocess.run([sys.executable, "-m", "director", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=TIMEOUT_S)


@pytest.fixture(scope="module")
def event(shared, tmp_path_factory):
    db = tmp_path_factory.mktemp("prizes") / "event.sqlite"
    done = director("import", "--db", db, shared.tsh / f"{A}.t", shared.tsh / f"{B}.t")
    assert done.returncode == 0, done.stderr
    return db


def test_the_prize_tables_csv_is_the_pages(event):
    done = director("prizes", "--db", event, "--format", "csv")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert list(rows[0]) == ["prize", "division", "player", "value"]
    assert [r["division"] for r in rows] == sorted((r["division"] for r in rows))
    config = load_config(None, {"service.db": str(event)}, need_key=False)
    with DirectorDB.open(event) as db:
        made = prize_report.report(db, prize_report.prize_event(config), None, "csv")
        assert done.stdout == made.replace("\r\n", "\n")           # text mode reads CRLF as a newline
    first = [r for r in rows if r["division"] == A][0]
    assert (first["prize"], first["player"], first["value"]) == ("1st place", "Sokol, Joshua", "17-6 +736")
    text = director("prizes", "--db", event, "--division", A)
    assert text.returncode == 0 and "1st place: Sokol, Joshua  17-6 +736" in text.stdout


def test_a_setting_the_event_cannot_satisfy_is_refused_naming_the_key(event, tmp_path):
    config = tmp_path / "director.toml"
    config.write_text(f'[service]\ndb = "{event}"\n[prizes]\nbands = ["2300+"]\n', encoding="utf-8")
    done = director("prizes", "--config", config, "--division", A)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith(f"director prizes: {config}: prizes.bands: the band 2300+ holds "
                                  f"no player of division {A}")
    config.write_text(f'[service]\ndb = "{event}"\n[prizes.C]\nplaces = 1\n', encoding="utf-8")
    done = director("prizes", "--config", config)
    assert done.returncode == 1 and f"prizes.C: no division 'C': the event's divisions are {A}, {B}" in done.stderr
    config.write_text('[prizes]\nplaces = "three"\n', encoding="utf-8")
    done = director("prizes", "--config", config, "--db", event)
    assert done.returncode == 2 and "prizes.places: expected a whole number of places" in done.stderr


def test_the_pairings_and_the_wall_chart_from_the_command_line(event):
    done = director("pairings", "--db", event, "--division", A, "--round", 5, "--format", "csv")
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert list(rows[0]) == list(sheets.PAIRINGS_COLUMNS) and {r["round"] for r in rows} == {"5"}
    assert len(rows) == 26
    wall = director("wallchart", "--db", event, "--division", A, "--format", "csv")
    assert wall.returncode == 0 and len(list(csv.DictReader(io.StringIO(wall.stdout)))) == 26 * 23
    text = director("wallchart", "--db", event, "--division", A)
    assert text.returncode == 0 and "   1 Smylie, Jackson" in text.stdout
    missing = director("pairings", "--db", event, "--division", A, "--round", 30)
    assert missing.returncode == 1 and "no pairings for round 30" in missing.stderr
