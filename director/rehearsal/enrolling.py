"""The rehearsal's tables enrolled as a volunteer enrolls them, each in a folder of its own
(``tables/table-7/``: its config ``kiosk.toml``, its enrollment, its store, its log):

- by its one-time code: the code made on the director's page (``POST /api/enroll``, as *Make
  codes* does), then ``python -m kiosk enroll --table 7 --code CODE --director URL`` (the table's
  own end of the exchange, as its ENROLL screen runs it), the URL the one the table reaches the
  director by (the network relay's, for the table that loses its network);
- the table on a serial line from a USB stick: its file made on the page (*Its file for a USB
  stick*), written to the folder's ``stick/tablekeeper/``, then ``python -m kiosk enroll --stick
  --code`` with the code the page gave beside it (the file is sealed under it).

Every table enrolls from this machine's one address, which the director lets start
``STARTS_AT_ONCE`` exchanges and then one every ``START_EVERY_S`` (director.tables.exchange: a
venue's tables each have their own): a refused start is tried again after that wait, so 30
tables take some two minutes to enroll. Each table's PIN comes from the page's answer.
"""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from director.tables.exchange import START_EVERY_S
from .page import Page
from .processes import environment

CODE_MINUTES = 60               # the codes stay open while every table enrolls
TRIES = 40                      # starts refused for too many at once, tried again
TIMEOUT_S = 120


class NotEnrolled(RuntimeError):
    pass


def table_folder(root: Path, table: str) -> Path:
    folder = root / "tables" / f"table-{table}"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def kiosk_config(folder: Path) -> Path:
    """The table's config before it is enrolled: where its enrollment and store go, and a quick
    poll of the director (the rest it learns by enrolling)."""
    path = folder / "kiosk.toml"
    path.write_text(f'[kiosk]\nenrollment = "{folder / "enrollment.toml"}"\n\n'
                    "[director]\npoll_s = 2\nretry_max_s = 5\n\n"
                    f'[store]\npath = "{folder / "table.sqlite"}"\n')
    return path


def _enroll(args: list[str], config: Path, table: str) -> str:
    command = [sys.executable, "-m", "kiosk", "enroll", "--config", str(config), "--table", table,
               *args]
    for _ in range(TRIES):
        done = subprocess.run(command, env=environment(), capture_output=True, text=True,
                              timeout=TIMEOUT_S, stdin=subprocess.DEVNULL)
        if done.returncode == 0:
            return done.stdout.strip()
        if "too many enrollment starts" not in done.stderr:
            break
        time.sleep(START_EVERY_S + 0.5)
    raise NotEnrolled(f"table {table} did not enroll: {done.stderr.strip()[-300:]}")


def by_code(page: Page, root: Path, table: str, url: str) -> tuple[Path, str]:
    """Table ``table`` enrolled by its code at ``url``: its config and its director's PIN."""
    made = page.post("/api/enroll", {"table": table, "minutes": CODE_MINUTES})
    folder = table_folder(root, table)
    config = kiosk_config(folder)
    _enroll(["--code", made["code"], "--director", url], config, table)
    return config, made["pin"]


def by_stick(page: Page, root: Path, table: str, serial: str) -> tuple[Path, str]:
    """Table ``table`` on the serial line ``serial`` enrolled from a USB stick's file."""
    made = page.post("/api/enroll", {"table": table, "stick": True, "serial": serial})
    folder = table_folder(root, table)
    stick = folder / "stick" / "tablekeeper"
    stick.mkdir(parents=True, exist_ok=True)
    (stick / made["file_name"]).write_text(made["file_text"])
    config = kiosk_config(folder)
    _enroll(["--stick", str(folder / "stick"), "--code", made["code"]], config, table)
    return config, made["pin"]
