"""The rehearsal before the doors open: ``python -m director rehearse --tables 30 --rounds 3``.

``Rehearsal(options).run()`` plays a whole event on this machine with real processes, as the
venue will: a director's service (``python -m director``) on a fresh database in a folder of
its own; the event's files imported through the director's page (the director's own event,
``tournament.event_file``, or a made-up division: director.rehearsal.venue), every round of
each division drawn by the director's draw and published from the page
(director.rehearsal.drawn); every table enrolled by its one-time code, in a folder of its own
(director.rehearsal.enrolling: ``python -m kiosk enroll``; its own PIN given its kiosk in the
environment for the scripts' director's commands) and run as a real kiosk (``python -m kiosk run --headless --script ...``, kiosk.scripted) whose
players and director follow the game scripts made for it (director.rehearsal.games: a late
player, overtime, holds, challenges, going out); every round started at once from the page and
ended there once its results are in. Meanwhile the faults an event meets
(director.rehearsal.plan says when): a table's power cut mid-game (its kiosk killed and started
again), the director killed mid-round and started again, a table losing the network for a
minute (director.rehearsal.faults.NetCut), a table on a serial line (SerialLine, a pty pair).

What it checks and reports is director.rehearsal.report: every result on the director's page,
each stored once, the standings those the scripts alone give, how long each result took from
the second confirm to the page. The folder is kept (``--out``, else a new temporary one), and
named in the report.
"""
from __future__ import annotations

import secrets
import shutil
import signal
import socket
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from director.config import load_config
from director.web.password import hash_password, write_password_file
from . import drawn, enrolling, venue
from .faults import NetCut, SerialLine
from .page import Page, Watcher
from .plan import FaultPlan, Options, plan_faults
from .processes import Director, Table
from .report import Report

ROUND_SLACK_S = 120.0           # a round's results may take this long beyond its longest game


def _interrupted(signum, frame) -> None:
    raise KeyboardInterrupt


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Rehearsal:
    options: Options
    out: object = print
    folder: Path = field(init=False)
    report: Report = field(init=False)

    def run(self) -> Report:
        options = self.options
        self.folder = Path(options.folder or tempfile.mkdtemp(prefix="rehearsal-"))
        self.folder.mkdir(parents=True, exist_ok=True)
        self.stopping: list = []
        try:
            self._prepare()
            self._start()
            for round_number in range(1, options.rounds + 1):
                self._play_round(round_number)
            self._finish()
        finally:
            for stop in reversed(self.stopping):
                stop()
            if options.folder is None and not options.keep and self.report.ok:
                shutil.rmtree(self.folder, ignore_errors=True)
        return self.report

    # --- before the doors open ------------------------------------------------------------------

    def _prepare(self) -> None:
        options, folder = self.options, self.folder
        self.password = secrets.token_urlsafe(12)
        write_password_file(folder / "director.password", hash_password(self.password))
        self.port = free_port()
        config_path = folder / "director.toml"
        config_path.write_text(options.director_toml(folder, secrets.token_hex(16), self.port))
        config_path.chmod(0o600)
        self.config_path = config_path
        self.config = load_config(config_path, {})
        venue_names = options.names
        if options.event_file:
            self.plan = venue.from_event_file(folder, options.event_file, options.names)
        else:
            self.plan = venue.made_up(options.tables)
        self.people = self.plan.people
        self.paired, self.games = drawn.plan_rounds(folder, options, self.config, self.people,
                                                    self.plan.uploads)
        self.plan.drawn(self.paired, options.table_names, venue_names)
        self.faults: list[FaultPlan] = plan_faults(options, self.games)
        scripts = folder / "scripts"
        scripts.mkdir(exist_ok=True)
        for game in self.games.values():
            (scripts / f"round-{game.round}-table-{game.table}.jsonl").write_text(game.text)
        self.report = Report(options, self.config, self.folder, event=self.plan.words())

    def _start(self) -> None:
        options, folder = self.options, self.folder
        tables = options.table_names
        self.serial = self.net = None
        serial_table = next((f.table for f in self.faults if f.kind == "serial"), None)
        net_table = next((f.table for f in self.faults if f.kind == "network"), None)
        if serial_table:
            self.serial = SerialLine().start()
            self.stopping.append(self.serial.stop)
        self.director = Director(folder, self.config_path, self.port,
                                 serial=self.serial.director_port if self.serial else None,
                                 addresses=serial_table)
        self.director.start()
        self.stopping.append(self._stop_director)
        self.director.wait_ready()
        if net_table:
            self.net = NetCut(self.port).start()
            self.stopping.append(self.net.stop)
        self.page = Page(self.director.url, self.password).login()
        self.out(f"the rehearsal's director: {self.director.url}/ (password {self.password}): "
                 "open it to watch the rounds, print the cards and the standings")
        plan = self.plan
        self.out(self.page.import_files([(u.name, u.data) for u in plan.uploads]))
        self.out(f"the event: {plan.words()}, {options.rounds} round{'s' * (options.rounds != 1)}"
                 " to be drawn by the director's draw")
        self.watcher = Watcher(self.page).start()
        self.stopping.append(self.watcher.stop)
        self.tables: dict[str, Table] = {}
        self.stopping.append(self._stop_tables)
        began = time.monotonic()
        for table in tables:
            self.tables[table] = self._enrolled_table(table, serial_table, net_table)
        stick = f" (one from a USB stick: table {serial_table}, on a serial line)"
        self.out(f"{len(tables)} tables enrolled by their codes in {time.monotonic() - began:.0f} s"
                 + stick * bool(serial_table) + f", each in its folder under {self.folder / 'tables'}")
        for kiosk in self.tables.values():
            kiosk.start()
        self.out(f"{len(tables)} tables started (python -m kiosk run --headless --script ...), "
                 f"their clocks {options.speed:g}x real time")

    def _enrolled_table(self, table: str, serial_table: str | None, net_table: str | None) -> Table:
        """The table enrolled as a volunteer enrolls it (by its code; on a serial line, from a
        USB stick), with its link: the director's address, the network relay's, or its serial
        port."""
        if table == serial_table:
            config, pin = enrolling.by_stick(self.page, self.folder, table, self.serial.table_port)
        else:
            port = self.net.port if table == net_table else self.port
            config, pin = enrolling.by_code(self.page, self.folder, table,
                                            f"http://127.0.0.1:{port}")
        scripts = [self.folder / "scripts" / f"round-{r}-table-{table}.jsonl"
                   for r in range(1, self.options.rounds + 1)
                   if (self.folder / "scripts" / f"round-{r}-table-{table}.jsonl").exists()]
        return Table(table, config.parent, config, scripts, self.options.speed, pin=pin)

    # --- the rounds -------------------------------------------------------------------------------

    def _play_round(self, round_number: int) -> None:
        options = self.options
        for name in self.plan.divisions:
            planned = [p for p in self.paired if p.round == round_number and p.division == name]
            for problem in drawn.publish_round(self.page, name, round_number, planned):
                self.report.problem(problem)
        self.out(f"round {round_number} drawn and published from the page")
        waiting = [t for t, kiosk in self.tables.items() if not kiosk.wait_round(round_number, 120)]
        if waiting:
            self.report.problem(f"round {round_number}: table(s) {', '.join(waiting)} did not have "
                                "their game within 120 s")
        started = self.page.post("/api/rounds/start", {"round": round_number})
        divisions = ", ".join(r["division"] for r in started.get("rounds", []) if r.get("division"))
        self.out(f"round {round_number} started on the page (Start all rounds"
                 + (f": divisions {divisions}" if divisions else "") + ")")
        start = time.monotonic()
        threads = []
        for fault in self.faults:
            if fault.round == round_number and fault.kind != "serial":
                thread = threading.Thread(target=self._inject, args=(fault, start), daemon=True)
                thread.start()
                threads.append(thread)
        games = [g for g in self.games.values() if g.round == round_number]
        longest = max(g.length_s for g in games) / options.speed
        wanted = {(round_number, g.table) for g in games}
        missing = self.watcher.wait_for(wanted, longest + ROUND_SLACK_S + options.net_cut_s)
        for thread in threads:
            thread.join(60)
        for r, table in sorted(missing):
            self.report.problem(f"round {r} table {table}: no result on the director's page "
                                f"{longest + ROUND_SLACK_S:.0f} s after the round's start"
                                + self._table_trouble(table))
        self.page.post("/api/rounds/end", {"round": round_number})
        self.out(f"round {round_number}: {len(wanted) - len(missing)} of {len(wanted)} results "
                 f"on the director's page, the last {time.monotonic() - start:.0f} s after the "
                 f"round started (its games' {longest * options.speed / 60:.0f} minutes of play at "
                 f"{options.speed:g}x); round ended on the page")

    def _inject(self, fault: FaultPlan, start: float) -> None:
        time.sleep(max(0.0, start + fault.at_s - time.monotonic()))
        if fault.kind == "power":
            table = self.tables[fault.table]
            table.kill()
            time.sleep(2)
            table.start()
            fault.done = f"killed {fault.at_s:.0f} s into the round, started again 2 s later"
        elif fault.kind == "director":
            self.director.kill()
            time.sleep(2)
            down = time.monotonic()
            self.director.start()
            self.director.wait_ready()
            fault.done = (f"killed {fault.at_s:.0f} s into the round, up again "
                          f"{2 + time.monotonic() - down:.1f} s later")
        elif fault.kind == "network":
            self.net.cut(fault.seconds)
            time.sleep(fault.seconds)
            fault.done = f"no network from {fault.at_s:.0f} s into the round for {fault.seconds:.0f} s"

    def _table_trouble(self, table: str) -> str:
        kiosk = self.tables[table]
        said = kiosk.errors().strip().splitlines()[-1:] if not kiosk.running else []
        return f" (its kiosk stopped: {said[0]})" if said else ""

    # --- after the last round ---------------------------------------------------------------------

    def _finish(self) -> None:
        deadline = time.monotonic() + 120
        for kiosk in self.tables.values():
            while kiosk.running and time.monotonic() < deadline:
                time.sleep(0.2)
        for table, kiosk in self.tables.items():
            if kiosk.running:
                self.report.problem(f"table {table}: its kiosk had not finished its scripts")
            elif kiosk.proc.returncode != 0:
                self.report.problem(f"table {table}: its kiosk stopped with "
                                    f"{kiosk.errors().strip().splitlines()[-1:]}")
        standings = self.page.download("/export/standings.csv")
        self.watcher.stop()
        self._stop_director()
        if self.serial is not None:
            self.serial.stop()
        expected = venue.expected_standings(self.folder, self.config, self.plan,
                                            self.games.values())
        self.report.check(self.games, self.tables, self.watcher, standings, expected, self.faults,
                          self.folder / "director.sqlite", director_starts=self.director.starts)

    def hold(self) -> None:
        """The rehearsal's director started again on its database, for the director to try its
        pages with the event played, until Ctrl-C (without the serial line: its pty is gone)."""
        self.director = Director(self.folder, self.config_path, self.port)
        signal.signal(signal.SIGTERM, _interrupted)         # a kill stops it as Ctrl-C does
        self.director.start()
        try:
            self.director.wait_ready()
            self.out(f"the rehearsal's director is up again: {self.director.url}/ (password "
                     f"{self.password}); its tables page, cards and standings to print are "
                     "there. Ctrl-C to stop it.")
            while self.director.running:
                time.sleep(1)
        except KeyboardInterrupt:
            pass
        finally:
            self._stop_director()

    def _stop_tables(self) -> None:
        for kiosk in self.tables.values():
            kiosk.kill()

    def _stop_director(self) -> None:
        self.director.terminate()
