"""The table's journeys: how many of our functions a press passes through to the journal's SQL,
and a locked result to the outbox's SQL and on to the director's wire. Traced on a real kiosk
(kiosk.app.Kiosk on a SQLite file in a temporary folder, pygame's dummy driver): sqlite3's trace
callback names each statement as it runs, and the Python stack at that moment is the path (our
modules' frames only, from the loop's pass that drained the input queue, or from
``Table.submit``). The send is traced in the HTTP worker's own pass (``Sender.step``, in this
thread, against a port where nothing listens) up to ``urllib.request.urlopen``.

Targets, in calls from ``Table.submit`` (each call one hop): a press reaches the events' INSERT
in at most 4 (the table's commit, the session's append and its one transaction, the journal's
append), the confirmation that locks a result reaches the outbox's INSERT in at most 5 (the
same and the session's queueing of the document). The worker's pass to the wire is shown.

``python -m bench.journeys``.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from bench import all_passed, print_table

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

REPO = Path(__file__).resolve().parents[1]
OURS = tuple(str(REPO / room) + os.sep for room in ("kiosk", "common", "drivers", "table_input"))
PRESS_TARGET, RESULT_TARGET = 4, 5
S = 1_000_000_000


def path_from(start: str, frame) -> list[str] | None:
    """Our functions on the stack from ``start`` (a qualified name) down to ``frame``."""
    names = []
    while frame is not None:
        if frame.f_code.co_filename.startswith(OURS):
            names.append(frame.f_code.co_qualname)
            if frame.f_code.co_qualname == start:
                return names[::-1]
        frame = frame.f_back
    return None


def traced(conn, start: str, statement: str, act) -> list[str]:
    """The path from ``start`` to the first ``statement`` run on ``conn`` while ``act()`` runs."""
    found: list[list[str]] = []

    def trace(sql: str) -> None:
        if not found and sql.lstrip().startswith(statement):
            path = path_from(start, sys._getframe(1))
            if path:
                found.append(path)
    conn.set_trace_callback(trace)
    try:
        act()
    finally:
        conn.set_trace_callback(None)
    if not found:
        raise RuntimeError(f"no {statement} from {start}")
    return found[0]


def kiosk(folder: Path, name: str):
    import pygame

    from kiosk.app import Kiosk
    from kiosk.config import KioskConfig
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((800, 480))
    config = KioskConfig(names=("Ann", "Bob"), table="9", store=str(folder / name), size=(800, 480),
                         headless=True, sim=True, key=b"k" * 32)
    return Kiosk(config, surface)


def press_path(folder: Path) -> list[str]:
    """Bob starts Ann's clock; Ann's press that ends her turn, from the loop's pass."""
    from table_input import ButtonPressed
    k = kiosk(folder, "press.sqlite")
    try:
        t0 = time.monotonic_ns()
        k.inputs.put(ButtonPressed("right", t0))
        k.loop.step(t0 + 1)

        def press():
            k.inputs.put(ButtonPressed("left", t0 + 10 * S))
            k.loop.step(t0 + 10 * S + 1)
        return traced(k.session.journal.conn, "Loop.step", "INSERT INTO events", press)
    finally:
        k.close()


def result_path(folder: Path) -> tuple[list[str], object]:
    """A game played to its end through Table.submit; the path of the last confirmation."""
    from common.game import commands as c
    k = kiosk(folder, "result.sqlite")
    try:
        table, t0 = k.table, time.monotonic_ns()
        for at, command in ((0, c.Start(0)), (10, c.Play(0, 30)), (20, c.Play(1, 20)),
                            (30, c.Out(0, 15)), (33, c.Accept(1)), (40, c.Rack(1, "QU?")),
                            (80, c.Confirm(0))):
            if not table.submit(command, t0 + at * S):
                raise RuntimeError(f"{command}: {table.message(t0 + at * S)}")
        return traced(table.session.journal.conn, "Table.submit", "INSERT INTO outbox",
                      lambda: table.submit(c.Confirm(1), t0 + 81 * S)), folder / "result.sqlite"
    finally:
        k.close()


def send_path(store: Path) -> list[str]:
    """The HTTP worker's pass over that outbox, to the request on the wire (nobody listens)."""
    import urllib.request

    from kiosk.link.http_client import DirectorClient
    from kiosk.link.sender import Sender
    from kiosk.store.outbox import Outbox
    sender = Sender(store, DirectorClient("http://127.0.0.1:9", "9", b"k" * 32, timeout_s=1),
                    b"k" * 32)
    found: list[list[str]] = []

    def profile(frame, event, arg):
        if event == "call" and frame.f_code is urllib.request.urlopen.__code__ and not found:
            found.append(path_from("Sender.step", frame.f_back) or [])
    outbox = Outbox.open(store)
    sys.setprofile(profile)
    try:
        sender.step(outbox)
    finally:
        sys.setprofile(None)
        outbox.close()
    return found[0] + ["urlopen"] if found else ["(not sent)"]


def main(argv=None) -> int:
    argparse.ArgumentParser(prog="python -m bench.journeys", description=__doc__,
                            formatter_class=argparse.RawDescriptionHelpFormatter).parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        press = press_path(Path(folder))
        result, store = result_path(Path(folder))
        send = send_path(store)
    from_submit = press[press.index("Table.submit"):]
    rows = [
        ("a press: the loop's pass to the events' INSERT", str(len(press) - 1), "", ""),
        ("  of which from Table.submit", str(len(from_submit) - 1), f"<= {PRESS_TARGET}",
         "PASS" if len(from_submit) - 1 <= PRESS_TARGET else "FAIL"),
        ("the lock: Table.submit to the outbox's INSERT", str(len(result) - 1), f"<= {RESULT_TARGET}",
         "PASS" if len(result) - 1 <= RESULT_TARGET else "FAIL"),
        ("the send: the worker's pass to the wire", str(len(send) - 1), "", ""),
    ]
    print_table(("journey", "calls", "target", ""), rows, sys.stdout)
    for name, path in (("press", press), ("lock", result), ("send", send)):
        print(f"{name}: {' -> '.join(path)}")
    return all_passed(rows)


if __name__ == "__main__":
    sys.exit(main())
