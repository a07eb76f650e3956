"""The game journal: every game's events in SQLite, written before the kiosk acts on them.

A game is its event log. ``append`` commits all the events of one command in one transaction
(WAL, ``synchronous=FULL``) and only then may the caller fold them into its state; ``load``
rebuilds the state by folding ``common.game.state.apply`` over the stored events.

Each event row keeps the monotonic ``at_ns`` of the event (also inside its JSON), the wall time
at which the store wrote it, and the boot it was written in: monotonic readings restart at boot
and are never compared across boots. After a restart the game continues on the new boot's
clock from a ``Recovered`` event (see kiosk/store/recovery.py), written with the new boot's id
while the events before it keep the old one; it is the only event that may change the boot, so
the events alone (a result document, a replay) carry the game across a reboot. While time runs
(a player's clock, or a late player's absence) the kiosk also writes a *checkpoint* at least
once a second (only the latest is kept per game), so that a restart loses at most a second of it.
"""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from common.game import clock as clk
from common.game import events as ev
from common.game.frozen import value
from common.game.rules import Rules, RulesError, rules_from_preset
from common.game.state import GameState, apply, new_game

from .db import BOOT_ID, Store, StoreError, UnknownRecord, rows, wall_time


# The two writes of every pass and every press, as plain statements (no per-call introspection
# of the schema): one command's events, and the game's one checkpoint kept in place.
_INSERT_EVENT = ("INSERT INTO events (game_id, seq, type, body, at_ns, boot_id, wall) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?)")
_UPSERT_CHECKPOINT = (
    "INSERT INTO checkpoints (game_id, after_seq, running, at_ns, used0_ns, used1_ns, boot_id, wall) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET after_seq = excluded.after_seq, "
    "running = excluded.running, at_ns = excluded.at_ns, used0_ns = excluded.used0_ns, "
    "used1_ns = excluded.used1_ns, boot_id = excluded.boot_id, wall = excluded.wall")


@value
class GameRecord:
    """A game as the journal knows it before any event: who, where, under which rules."""
    id: int
    table: str
    round: int
    players: tuple[str, str]
    preset: str
    rules: Rules
    created_wall: float
    finished_wall: float | None     # when the result was locked
    closed_wall: float | None       # set aside without a locked result (voided, replaced)
    closed_reason: str | None
    starts: int | None = None       # who the director's draw had going first, if it said


@value
class Mark:
    """An instant the journal knows: monotonic ``at_ns`` on boot ``boot_id``, and its wall time."""
    at_ns: int
    boot_id: str
    wall: float


@value
class Checkpoint:
    """How far the game's time had run at ``at_ns``, taken after event ``after_seq``: each
    side's time used, and whose clock ran (None while waiting for a late player)."""
    game_id: int
    after_seq: int
    running: int | None
    at_ns: int
    used_ns: tuple[int, int]
    boot_id: str
    wall: float


@value
class Replayed:
    """A game folded from its journal: the state, its events, how many, and the last instant
    the state's timeline knows (its last event)."""
    state: GameState
    events: list[ev.Event]
    seq: int
    last: Mark | None


class Journal(Store):
    """The kiosk's game journal on one SQLite file. Use ``Journal.open(path, boot_id=None)``;
    ``boot_id`` defaults to this boot's id."""

    def __init__(self, conn: sqlite3.Connection, path: Path, boot_id: str | None = None):
        super().__init__(conn, path)
        self.boot_id = boot_id or BOOT_ID

    # --- games ------------------------------------------------------------------------------

    def new_game(self, rules: Rules, round: int, players: tuple[str, str], table: str | int,
                 wall: float | None = None, *, starts: int | None = None) -> int:
        """Record a new game (before its first event) and return its id. ``starts``: who the
        director's draw has going first (0 or 1), if it says."""
        if isinstance(round, bool) or not isinstance(round, int) or round < 1:
            raise StoreError(f"{self.path}: a round is a whole number from 1, not {round!r}")
        players = tuple(players)
        if len(players) != 2 or not all(isinstance(p, str) and p.strip() for p in players):
            raise StoreError(f"{self.path}: a game has two named players, not {players!r}")
        if not str(table).strip():
            raise StoreError(f"{self.path}: a game needs its table's name or number")
        if starts is not None and (isinstance(starts, bool) or starts not in (0, 1)):
            raise StoreError(f"{self.path}: who starts is player 0 or 1 (or nobody yet), not {starts!r}")
        row = (str(table), round, players[0], players[1], rules.name,
               json.dumps(rules.to_dict(), sort_keys=True), wall_time(wall), self.boot_id, starts)
        with self.transaction():
            return self.conn.execute(
                "INSERT INTO games (table_name, round, player0, player1, preset, rules, created_wall, "
                "boot_id, starts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", row).lastrowid

    def game(self, game_id: int) -> GameRecord:
        row = self._game_row(game_id)
        try:
            rules = rules_from_preset(json.loads(row["rules"]), f"{self.path}: game {game_id}",
                                      stored=True)
        except (ValueError, RulesError) as exc:
            raise StoreError(f"{self.path}: game {game_id}: its rules cannot be read: {exc}") from None
        return GameRecord(id=row["id"], table=row["table_name"], round=row["round"],
                          players=(row["player0"], row["player1"]), preset=row["preset"],
                          rules=rules, created_wall=row["created_wall"],
                          finished_wall=row["finished_wall"], closed_wall=row["closed_wall"],
                          closed_reason=row["closed_reason"], starts=row["starts"])

    def _game_row(self, game_id: int) -> dict:
        found = rows(self.conn, "SELECT * FROM games WHERE id = ?", [game_id])
        if not found:
            raise UnknownRecord(f"{self.path}: there is no game {game_id!r}")
        return found[0]

    def current_game(self) -> int | None:
        """The latest game whose result is not locked and that was not set aside, if any."""
        row = self.conn.execute("SELECT max(id) FROM games WHERE finished_wall IS NULL "
                                "AND closed_wall IS NULL").fetchone()
        return row[0]

    def close_game(self, game_id: int, reason: str, wall: float | None = None) -> None:
        """Set a game aside without a locked result (voided, replaced by a new pairing): it is
        kept, but no longer the current game."""
        if not str(reason).strip():
            raise StoreError(f"{self.path}: say why game {game_id} is closed")
        with self.transaction():
            self._game_row(game_id)
            self.conn.execute("UPDATE games SET closed_wall = ?, closed_reason = ? WHERE id = ?",
                              [wall_time(wall), str(reason), game_id])

    # --- events -----------------------------------------------------------------------------

    def append(self, game_id: int, events: list[ev.Event], wall: float | None = None, *,
               boot_id: str | None = None) -> int:
        """Commit ``events`` (one command's worth) in one transaction; return the last seq.

        Call it before applying the events. ``boot_id`` is the boot whose monotonic clock the
        events' ``at_ns`` are on: this boot, unless recovery journals events that fell due
        before the restart. A game last journaled on another boot takes a ``Recovered`` event
        first (kiosk.store.recovery.recover writes it); its ``from_ns`` is on the old boot's clock.

        This is the one check of time that guards the journal's order: no event is written
        before the game's last instant on the same boot. It is the one because it reads the
        file, not a state in memory: whoever writes (the table's session, a recovery, a second
        kiosk process that got past the store's lock, a demo restarted on a fast clock), an
        event out of order is refused here and nothing of its command is kept. The table above
        it checks nothing: it stamps an input drained late with the game's last instant
        (kiosk.table.Table.submit), and the core's own refusal (common.game.game.decide) is the
        pure game's contract with every caller, never reached from the table.
        """
        events = list(events)
        for event in events:
            if not isinstance(event, ev.Event) or type(event) not in ev.EVENT_TYPES.values():
                raise StoreError(f"{self.path}: game {game_id}: not a game event: {event!r}")
        boot_id, wall = boot_id or self.boot_id, wall_time(wall)
        with self.transaction():
            closed = self.conn.execute("SELECT closed_wall, closed_reason FROM games WHERE id = ?",
                                       [game_id]).fetchone()
            if closed is None:
                raise UnknownRecord(f"{self.path}: there is no game {game_id!r}")
            if closed[0] is not None:
                raise StoreError(f"{self.path}: game {game_id} was closed ({closed[1]})")
            seq, last = self._last_event(game_id)
            new_boot = last is not None and last.boot_id != boot_id
            if events and new_boot and not isinstance(events[0], ev.Recovered):
                raise StoreError(f"{self.path}: game {game_id} was last journaled in another boot: "
                                 "recover it (kiosk.store.recovery.recover) before adding events")
            previous = last.at_ns if last is not None else None
            new_rows = []
            for index, event in enumerate(events):
                boot_changes = index == 0 and new_boot
                if isinstance(event, ev.Recovered):
                    self._check_recovered(game_id, event, previous, not boot_changes)
                if previous is not None and event.at_ns < previous and not boot_changes:
                    raise StoreError(f"{self.path}: game {game_id}: {type(event).__name__} at "
                                     f"{event.at_ns} ns is before the game's last instant {previous} ns")
                seq, previous = seq + 1, event.at_ns
                new_rows.append((game_id, seq, type(event).__name__, ev.to_json(event), event.at_ns,
                                 boot_id, wall))
            if new_rows:
                self.conn.executemany(_INSERT_EVENT, new_rows)
            if any(isinstance(e, ev.ResultLocked) for e in events):
                self.conn.execute("UPDATE games SET finished_wall = ? WHERE id = ?", [wall, game_id])
        return seq

    def _check_recovered(self, game_id: int, event: ev.Recovered, previous: int | None,
                         same_boot: bool) -> None:
        """A recovery resumes a game that has a timeline, from no earlier than its last event
        (``previous``, on the old boot's clock); on the same boot it cannot resume before it
        stopped."""
        if previous is None:
            raise StoreError(f"{self.path}: game {game_id}: nothing to recover before the "
                             "game's first event")
        if event.from_ns < previous:
            raise StoreError(f"{self.path}: game {game_id}: Recovered from {event.from_ns} ns is "
                             f"before the game's last event at {previous} ns")
        if same_boot and event.at_ns < event.from_ns:
            raise StoreError(f"{self.path}: game {game_id}: Recovered at {event.at_ns} ns is "
                             f"before the instant it resumes from, {event.from_ns} ns, on the "
                             "same boot")

    def _last_event(self, game_id: int) -> tuple[int, Mark | None]:
        """The game's last seq (0 before its first event) and the last instant of its
        timeline: its last event."""
        row = self.conn.execute("SELECT seq, at_ns, boot_id, wall FROM events WHERE game_id = ? "
                                "ORDER BY seq DESC LIMIT 1", [game_id]).fetchone()
        return (row[0], Mark(*row[1:])) if row else (0, None)

    def last_instant(self) -> int | None:
        """The latest monotonic instant this file holds on this boot (any game's event or
        checkpoint), if any: a clock of this boot that journals here must not start before it."""
        return self.conn.execute(
            "SELECT max(at_ns) FROM (SELECT at_ns FROM events WHERE boot_id = ? "
            "UNION ALL SELECT at_ns FROM checkpoints WHERE boot_id = ?)",
            [self.boot_id, self.boot_id]).fetchone()[0]

    def replay(self, game_id: int) -> Replayed:
        """Fold the game's stored events into its state. Only a ``Recovered`` event may be from
        another boot than the event before it."""
        record = self.game(game_id)
        state = new_game(record.rules, record.round, record.players, record.starts)
        events, last, seq = [], None, 0
        for row in rows(self.conn, "SELECT * FROM events WHERE game_id = ? ORDER BY seq", [game_id]):
            if row["seq"] != seq + 1:
                raise StoreError(f"{self.path}: game {game_id}: event {seq + 1} is missing")
            if last is not None and row["boot_id"] != last.boot_id and row["type"] != "Recovered":
                raise StoreError(f"{self.path}: game {game_id}: event {row['seq']} "
                                 f"({row['type']}) is from another boot than event {seq}, and "
                                 "only a Recovered event may change the boot")
            event = self._event(game_id, row)
            try:
                state = apply(state, event)
            except (ValueError, KeyError, IndexError) as exc:
                raise StoreError(f"{self.path}: game {game_id}: event {row['seq']} "
                                 f"({row['type']}) does not fit the game: {exc}") from None
            events.append(event)
            seq, last = row["seq"], Mark(row["at_ns"], row["boot_id"], row["wall"])
        return Replayed(state=state, events=events, seq=seq, last=last)

    def load(self, game_id: int) -> tuple[GameState, list[ev.Event]]:
        """The game's state as its journal gives it, and its events."""
        replayed = self.replay(game_id)
        return replayed.state, replayed.events

    def _event(self, game_id: int, row: dict) -> ev.Event:
        try:
            event = ev.from_json(row["body"])
        except ev.EventFormatError as exc:
            raise StoreError(f"{self.path}: game {game_id}: event {row['seq']} cannot be read: "
                             f"{exc}") from None
        if event.at_ns != row["at_ns"] or type(event).__name__ != row["type"]:
            raise StoreError(f"{self.path}: game {game_id}: event {row['seq']}'s columns do not "
                             "match its JSON")
        return event

    # --- checkpoints -------------------------------------------------------------------------

    def checkpoint(self, game_id: int, state: GameState, at_ns: int,
                   wall: float | None = None) -> Checkpoint | None:
        """Keep (in place of the last one) how far the game's time had run at ``at_ns``.

        The kiosk calls this at least once a second while time runs: a player's clock, or a
        late player's absence. With the clock neutral or stopped nothing runs, and nothing is
        written (returns None).
        """
        clock = state.clock
        if not state.time_runs:
            return None
        if at_ns < (clock.since_ns if clock.running is not None else state.last_ns):
            raise StoreError(f"{self.path}: game {game_id}: a checkpoint at {at_ns} ns is before "
                             "the game's last change")
        with self.transaction():
            self._game_row(game_id)
            point = Checkpoint(game_id=game_id, after_seq=self._last_event(game_id)[0],
                               running=clock.running, at_ns=at_ns,
                               used_ns=(clk.used(clock, 0, at_ns), clk.used(clock, 1, at_ns)),
                               boot_id=self.boot_id, wall=wall_time(wall))
            self.conn.execute(_UPSERT_CHECKPOINT, (game_id, point.after_seq, point.running, at_ns,
                                                   *point.used_ns, point.boot_id, point.wall))
        return point

    def last_checkpoint(self, game_id: int) -> Checkpoint | None:
        found = rows(self.conn, "SELECT * FROM checkpoints WHERE game_id = ?", [game_id])
        if not found:
            return None
        r = found[0]
        return Checkpoint(game_id=game_id, after_seq=r["after_seq"], running=r["running"],
                          at_ns=r["at_ns"], used_ns=(r["used0_ns"], r["used1_ns"]),
                          boot_id=r["boot_id"], wall=r["wall"])

    def discard_checkpoint(self, game_id: int) -> None:
        """Drop the game's checkpoint: a recovery has used it (kiosk.store.recovery.recover)."""
        with self.transaction():
            self.conn.execute("DELETE FROM checkpoints WHERE game_id = ?", [game_id])
