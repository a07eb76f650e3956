"""The judge station's operator played by a script: ``python -m kiosk judge --config FILE
--headless --script OPERATOR.jsonl [--speed N]``, for rehearsals and tests.

Each line of the script is one challenge to rule on: ``{"t": 30, "table": "7"}`` (the words
the table sent) or ``{"t": 30, "table": "7", "words": ["QUIRE"]}`` (the operator types them,
as when the table sent none). At its time (seconds from the start, ``--speed`` times faster),
the operator waits until the table's challenge is open at the director (the station lists it),
then taps the table's number, ENTER, the words if the line has them, VERDICT, as a finger
would (kiosk.ui.touch.where), and waits for what the station shows: the verdict (NEXT
CHALLENGE is then tapped) or why the director refused it. Each outcome is printed:
``OPERATOR.jsonl:2: table 7: acceptable`` or ``OPERATOR.jsonl:3: table 7: refused: the
challenge at table 7 was already ruled``. A table's challenge that never opens within
``WAIT_S`` ends the run (exit status 2), as does a line that cannot be read.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from table_input import Tapped
from kiosk.ui import touch

WAIT_S = 120.0


class OperatorScriptError(ValueError):
    pass


def read(path: str) -> list[tuple[int, dict]]:
    lines = []
    for number, text in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        if not text.strip():
            continue
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise OperatorScriptError(f"{path}:{number}: not JSON: {exc}") from None
        if not isinstance(data, dict) or not isinstance(data.get("table"), str) or not isinstance(
                data.get("t", 0), (int, float)) or not isinstance(data.get("words", []), list):
            raise OperatorScriptError(f'{path}:{number}: expected {{"t": seconds, "table": "7", '
                                      f'"words": [...]}} (words optional)')
        lines.append((number, data))
    return lines


class Operator:
    def __init__(self, station, loop, path: str, speed: float, out=print):
        self.station, self.loop, self.path, self.speed, self.out = station, loop, path, speed, out
        self.size = loop.surface.get_size()

    def tap(self, key: str) -> None:
        point = touch.where(self.size, self.loop.last_view, ("key", key), sim=False)
        if point is None:
            raise OperatorScriptError(f"the station shows no key {key!r}")
        self.loop.inputs.put(Tapped(point[0], point[1], self.loop.clock()))
        self.passes(2)

    def passes(self, count: int = 1, wait_s: float = 0.01) -> None:
        for _ in range(count):
            self.loop.pump()
            self.loop.step()
            self.loop.wait(wait_s)

    def until(self, ready, timeout_s: float = WAIT_S) -> bool:
        deadline = time.monotonic() + timeout_s
        while not ready():
            if time.monotonic() > deadline:
                return False
            self.passes(wait_s=0.05)
        return True

    def rule(self, number: int, data: dict) -> None:
        station, table = self.station, data["table"]
        link = station.link
        if link is not None and not self.until(lambda: any(c.table == table for c in link.news.challenges)):
            raise OperatorScriptError(f"{self.path}:{number}: table {table} opened no challenge "
                                      f"within {WAIT_S:g} s")
        for key in table + "\n":
            self.tap("Enter" if key == "\n" else key)
        if station.step != "words":
            self.out(f"{self.path}:{number}: table {table}: {station.message(self.loop.clock())}")
            return
        words = [str(w).upper() for w in data.get("words", [])]
        for key in " ".join(words):
            self.tap(key)
        self.tap("Tab")
        self.until(lambda: station.step != "sending")
        if station.step == "verdict":
            said = "acceptable" if self.loop.last_view.valid else "not acceptable"
            self.out(f"{self.path}:{number}: table {table}: {said} at wall {time.time():.6f}")
            self.until(lambda: False, station.settings.verdict_ignore_s + 0.1)   # a look first
            self.tap("Enter")
            self.until(lambda: station.step == "table", 30)
        else:
            self.out(f"{self.path}:{number}: table {table}: {station.message(self.loop.clock())}")
            if station.step != "table":
                self.tap("Escape")

    def run(self) -> int:
        start = time.monotonic()
        self.passes()
        for number, data in read(self.path):
            due = start + float(data.get("t", 0)) / self.speed
            while time.monotonic() < due:
                self.passes(wait_s=min(0.1, max(0.0, due - time.monotonic())))
            self.rule(number, data)
        return 0


def station_driver(path: str, speed: float):
    """``drive(station, loop)`` for kiosk.station_app.run_station: the operator's script played."""
    def drive(station, loop) -> int:
        try:
            read(path)
            return Operator(station, loop, path, speed, out=lambda line: print(line, flush=True)).run()
        except (OperatorScriptError, OSError) as exc:
            print(f"python -m kiosk judge: {exc}", file=sys.stderr)
            return 2
    return drive
