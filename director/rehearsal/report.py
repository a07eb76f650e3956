"""What a rehearsal checks at the end, and its short report.

- every game's result showed on the director's page, and is stored once: one row per round and
  table at revision 1 (a result sent again is a duplicate, never a second row or revision),
  nothing replaced or audited, no document refused; each with the scores its script gives;
- the standings the director exports are those the scripts alone give (director.rehearsal.event);
- how long each result took, from the second confirm at its table (the kiosk's journal locking
  it) to the director's page showing it: p50 and p99 (nearest rank) over every result, the
  faults' included; the target is a p99 under ``TARGET_S``;
- each fault survived: the table that lost its power, or its network, or played on the
  serial line, and every table of the round the director was killed in, has its results in.
"""
from __future__ import annotations

import json
import math
import sqlite3
from pathlib import Path

TARGET_S = 2.0


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile ``p`` (0-100) of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


class Report:
    def __init__(self, options, config, folder: Path, event: str = ""):
        self.options, self.config, self.folder, self.event = options, config, folder, event
        self.problems: list[str] = []
        self.lines: list[str] = []
        self.latencies: dict[tuple[int, str], float] = {}
        self.locked: dict[tuple[int, str], float] = {}    # when each table locked its result
        self.received: dict[tuple[int, str], float] = {}  # when the director stored each result
        self.sources: dict[tuple[int, str], str] = {}     # each stored result: http or serial
        self.target_missed = ""         # why the p99 missed its target (a figure, not a failure)
        self.checked = False

    def problem(self, text: str) -> None:
        self.problems.append(text)

    @property
    def ok(self) -> bool:
        return self.checked and not self.problems

    @property
    def p50(self) -> float | None:
        return percentile(list(self.latencies.values()), 50) if self.latencies else None

    @property
    def p99(self) -> float | None:
        return percentile(list(self.latencies.values()), 99) if self.latencies else None

    def check(self, games: dict, tables: dict, watcher, standings: bytes, expected: bytes,
              faults: list, db_path: Path, *, director_starts: int) -> None:
        options = self.options
        wanted = set(games)
        shown = {key for key in watcher.seen if key in wanted}
        for key in sorted(shown):
            locked = tables[key[1]].locked.get(key[0])
            if locked is None:
                self.problem(f"round {key[0]} table {key[1]}: its kiosk never said it locked the result")
            else:
                self.latencies[key], self.locked[key] = watcher.seen[key] - locked, locked
        stored = self._stored(db_path, games)
        self.lines.append(
            f"Rehearsal: {options.tables} tables, {options.rounds} round{'s' * (options.rounds > 1)}, "
            f"{self.config.rules.title}, the tables' clocks {options.speed:g}x real time, seed "
            f"{options.seed}")
        if self.event:
            self.lines.append(f"the event: {self.event}")
        self.lines.append(f"every file kept in {self.folder} (each table's folder in tables/, "
                          "the director's database and log, each game's script in scripts/)")
        self.lines.append(f"results in: {len(shown)} of {len(wanted)} on the director's page; "
                          f"{stored} stored once (revision 1), as their scripts give them")
        if standings == expected:
            rows = standings.decode().count("\n") - 1
            self.lines.append(f"standings: equal to the scripts' ({rows} players, standings.csv)")
        else:
            self.problem("standings: the director's standings.csv is not the scripts' "
                         f"(both kept in {self.folder})")
            (self.folder / "standings-director.csv").write_bytes(standings)
            (self.folder / "standings-scripts.csv").write_bytes(expected)
        self._latency_line()
        self._faults(faults, games, shown, director_starts)
        self.lines.append("problems: " + ("none" if not self.problems else
                                          "\n  " + "\n  ".join(self.problems)))
        self.checked = True

    def _latency_line(self) -> None:
        if not self.latencies:
            self.problem("no result's time from the second confirm to the page was measured")
            return
        values = list(self.latencies.values())
        p99 = self.p99
        self.lines.append(f"seconds from the second confirm to the result on the director's page: "
                          f"p50 {self.p50:.2f}, p99 {p99:.2f}, max {max(values):.2f} "
                          f"({len(values)} results; target p99 under {TARGET_S:g})")
        self._breakdown()
        if p99 >= TARGET_S:
            worst = sorted(self.latencies.items(), key=lambda kv: -kv[1])[:3]
            self.target_missed = (f"p99 {p99:.2f} s is over the target of {TARGET_S:g} s (slowest: " +
                                  ", ".join(f"round {r} table {t} {s:.2f} s" for (r, t), s in worst) + ")")
            self.lines.append(f"TARGET MISSED: {self.target_missed}")

    def _breakdown(self) -> None:
        """Where the time went: from the table to the director storing the result, and from
        there to the page showing it."""
        keys = [k for k in self.latencies if k in self.received]
        if not keys:
            return
        sent = [self.received[k] - self.locked[k] for k in keys]
        shown = [self.latencies[k] - (self.received[k] - self.locked[k]) for k in keys]
        self.lines.append(f"  of which the table to the director storing it: p50 {percentile(sent, 50):.2f}, "
                          f"p99 {percentile(sent, 99):.2f}; the director to its page: p50 "
                          f"{percentile(shown, 50):.2f}, p99 {percentile(shown, 99):.2f}")

    def _stored(self, db_path: Path, games: dict) -> int:
        """How many results are stored once at revision 1 with their scripts' scores."""
        conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
        try:
            rows = conn.execute("SELECT round, table_name, revision, score0, score1, player0, "
                                "player1, source, received_wall FROM results").fetchall()
            audited = conn.execute("SELECT round, table_name, reason FROM results_audit").fetchall()
            refused = conn.execute("SELECT table_name, path, code, reason FROM rejections").fetchall()
        finally:
            conn.close()
        good = 0
        for r, table, revision, s0, s1, p0, p1, source, received in rows:
            game = games.get((r, table))
            if game is None:
                self.problem(f"round {r} table {table}: a result no script played")
                continue
            self.sources[(r, table)] = source
            self.received[(r, table)] = received
            expected = (list(game.replayed.result.final), list(game.players))
            if revision != 1:
                self.problem(f"round {r} table {table}: stored at revision {revision}, not once")
            elif ([s0, s1], [p0, p1]) != expected:
                self.problem(f"round {r} table {table}: stored {p0} {s0} - {p1} {s1}; its script "
                             f"gives {json.dumps(expected)}")
            else:
                good += 1
        for r, table, reason in audited:
            self.problem(f"round {r} table {table}: a result came again otherwise ({reason})")
        for table, path, code, reason in refused:
            self.problem(f"table {table}: the director refused a {path} document ({code} {reason})")
        return good

    def _faults(self, faults: list, games: dict, shown: set, director_starts: int) -> None:
        if not faults:
            self.lines.append("faults: none injected (--no-faults)")
            return
        survived, notes = 0, []
        for fault in faults:
            if fault.kind == "serial":
                keys = {key for key in games if key[1] == fault.table}
                ok = keys <= shown and all(self.sources.get(k) == "serial" for k in keys)
                what = f"table {fault.table}, every round: {len(keys & shown)} of {len(keys)} results over the line"
            elif fault.kind == "director":
                keys = {key for key in games if key[0] == fault.round}
                ok = bool(fault.done) and director_starts >= 2 and keys <= shown
                what = f"round {fault.round}: {fault.done or 'not done'}; the round's results all in: {keys <= shown}"
            else:
                keys = {(fault.round, fault.table)}
                ok = bool(fault.done) and keys <= shown
                shorter = (f" (shortened from {self.options.net_cut_s:g} s: its game was too short)"
                           if fault.kind == "network" and fault.seconds < self.options.net_cut_s else "")
                what = (f"table {fault.table}, round {fault.round}: {fault.done or 'not done'}"
                        f"{shorter}; its result in: {keys <= shown}")
            survived += ok
            notes.append(f"  {fault.name}: {what}{'' if ok else '  <- NOT SURVIVED'}")
            if not ok:
                self.problem(f"{fault.name}: not survived ({what})")
        missing = {"serial", "power", "director", "network"} - {f.kind for f in faults}
        left = f"; left out for want of tables: {', '.join(sorted(missing))}" if missing else ""
        self.lines.append(f"faults survived: {survived} of {len(faults)}{left}")
        self.lines += notes

    def text(self) -> str:
        return "\n".join(self.lines)
