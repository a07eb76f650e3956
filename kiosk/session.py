"""The kiosk's game on its SQLite store: which game to play, recovery, checkpoints, and the
signed result document put into the outbox when the result is locked.

``Session.open(path, setup, ...)`` opens the journal (kiosk.store) with the outbox in the same
file, holding the store's lock (kiosk.store.writer_lock: one kiosk process at a time plays on a
store; a restarted one waits for the old one to be gone) until ``close``; ``start(now_ns)`` continues the journal's current game (the latest neither locked nor set
aside) through ``kiosk.store.recovery.recover``, which resumes it with the clock neutral and a
message for the screen, or else starts a new game. A current game that never had an event is
kept only if it was set up like this start (rules, round, players, table); otherwise it is closed
as replaced. The app's table then commits every command through ``append``, the one place the
kiosk writes the core's events: the events, the adjudication behind a ruling, and a locked
result's document in the outbox, in one transaction on the journal (kiosk.store.journal), before
the table's state moves. It calls ``checkpoint`` on every pass of its loop: while time runs,
the running times are journaled every ``checkpoint_s``.

A full file system (an SD card filled by something else) must not stop a game: the session
keeps a ballast file beside the store (kiosk.store.ballast, ``ballast_kb``) and deletes it on the
first full-disk error, then writes again what failed; ``storage_full`` says so from then on (the
table's top line asks for the director). Every command's events are still journaled first; if
even the ballast's room is used up ``append`` raises ``StorageFull`` and nothing was written. A
checkpoint is only an optimisation: one that cannot be written is skipped, never raised.

When the events of a command include ``ResultLocked``, the result document
(common.wire.document) is built from the journal, with the adjudications for the director (each
word's validity) and the uses of the director's menu, signed with the table's key
(common.wire.signing) and put into the outbox in the same transaction as the lock: a locked
result always has its document. Without a key the document is kept unsigned (kind
``result-unsigned``) so nothing is lost; once the kiosk starts with its table's key, ``start``
signs those of its table and they go out like the others. The director link (kiosk.link.sender,
on a connection of its own) sends the signed ones; ``change_setup`` and ``replace_game`` open
the game the director's assignment sets up (kiosk.link.table_link).

``record_menu_use`` journals a use of the director's menu (kiosk.store.menu_uses) in the game on
screen; a use after the result was locked queues the result again as its next revision, so the
director's copy carries every use.
"""
from __future__ import annotations

import logging
import os
import sqlite3
import time
from dataclasses import replace
from pathlib import Path
from typing import Sequence

from common.game import events as ev
from common.game.frozen import value
from common.game.judge import Adjudication
from common.game.rules import Rules
from common.game.state import GameState
from common.game.vocabulary import MenuUse
from kiosk.store import Journal, StorageFull, recover
from kiosk.store.adjudications import adjudications_for_director, record_adjudication
from kiosk.store.ballast import DEFAULT_KB, Ballast, full
from kiosk.store.db import StoreError, keep_wal_small
from kiosk.store.menu_uses import menu_uses, move_menu_uses, record_menu_use
from kiosk.store.outbox import Outbox
from kiosk.store.writer_lock import WriterLock, hold
from common.wire.document import result_document
from common.wire.signing import sign

log = logging.getLogger(__name__)
NS = 1_000_000_000
RESULT, UNSIGNED_RESULT = "result", "result-unsigned"


@value
class GameSetup:
    """How a new game at this table is set up (from the config)."""
    rules: Rules
    round: int
    players: tuple[str, str]
    table: str
    tournament: str = ""
    starts: int | None = None       # who the director's assignment has going first, if it says
    division: str = ""          # the director's assignment's, when it names one


@value
class Started:
    """The game the kiosk plays now: its state, id, its own table (a recovered game keeps its
    own), and the recovery's message for the screen (None for a fresh game)."""
    state: GameState
    game_id: int
    table: str
    message: str | None


class Session:
    """One run of the kiosk on its store. ``lexicon`` (anything with ``.name`` and
    ``.fingerprint``) is recorded with each adjudication; ``key`` (the table's) signs result
    documents."""

    def __init__(self, journal: Journal, setup: GameSetup, *, lexicon=None, key: bytes | None = None,
                 checkpoint_s: float = 0.5, ballast_kb: int = DEFAULT_KB,
                 lock: WriterLock | None = None):
        self.journal, self.setup, self.key = journal, setup, key
        self.lock = lock                # the store's writer lock, let go on close
        self.ballast = Ballast(journal.path, ballast_kb)
        self.storage_full = not self.ballast.keep()     # no room for all the ballast: nearly full
        if self.storage_full:
            keep_wal_small(journal.conn)                # the WAL kept small from the start
        self.outbox = Outbox(journal.conn, journal.path)        # the same file and connection
        self.lexicon_name = str(getattr(lexicon, "name", "") or "none")
        self.lexicon_fingerprint = str(getattr(lexicon, "fingerprint", "") or "none")
        self.checkpoint_ns = round(checkpoint_s * NS)
        self.game_id: int | None = None     # the game played now (``start``, ``new_game``)
        self.table = ""                     # its table, as its journal has it
        self._last_checkpoint: int | None = None

    @classmethod
    def open(cls, path: str | os.PathLike, setup: GameSetup, *, boot_id: str | None = None,
             **options) -> "Session":
        """The session on the store at ``path``, once no other process plays on it (raises
        kiosk.store.writer_lock.StoreBusy after a wait)."""
        lock = hold(path)
        try:
            journal = Journal.open(Path(path), boot_id=boot_id)
        except BaseException:
            lock.release()
            raise
        try:
            return cls(journal, setup, lock=lock, **options)
        except BaseException:
            journal.close()
            lock.release()
            raise

    def close(self) -> None:
        self.journal.close()
        if self.lock is not None:
            self.lock.release()

    # --- which game ------------------------------------------------------------------------------

    def start(self, now_ns: int) -> Started:
        """Continue the current game (recovered, clock neutral) or start a new one."""
        self.sign_waiting()
        game_id = self.journal.current_game()
        if game_id is not None:
            replayed = self.journal.replay(game_id)
            if replayed.events:
                recovered = recover(self.journal, game_id, now_ns)
                return self._bind(game_id, recovered.state, recovered.message)
            if self._set_up_alike(game_id):
                return self._bind(game_id, replayed.state, None)
            return self._replace(game_id, "replaced before its first event: the kiosk started "
                                          "with other settings")
        return self.new_game()

    def change_setup(self, **changes) -> GameSetup:
        """The setup from now on, with ``changes`` (fields of ``GameSetup``): the director's
        tournament name and division for the results and statuses sent from now on, or the
        round and players a new game (``replace_game``) is to have."""
        self.setup = replace(self.setup, **changes)
        return self.setup

    def replace_game(self) -> Started:
        """A new game with ``setup`` (the director's assignment changed it): the current game is
        closed as replaced if nothing was recorded in it; a game with events stays as it is."""
        if self.game_id is not None and not self.journal.replay(self.game_id).events:
            return self._replace(self.game_id, "replaced before its first event: the director's "
                                               "assignment changed it")
        return self.new_game()

    def _replace(self, game_id: int, reason: str) -> Started:
        """Close the eventless ``game_id`` and start a new one, which takes over its menu uses."""
        with self.journal.transaction():
            self.journal.close_game(game_id, reason)
            started = self.new_game()
            move_menu_uses(self.journal, game_id, started.game_id)
        return started

    def new_game(self) -> Started:
        s = self.setup
        game_id = self.journal.new_game(s.rules, s.round, s.players, s.table, starts=s.starts)
        return self._bind(game_id, self.journal.load(game_id)[0], None)

    def _set_up_alike(self, game_id: int) -> bool:
        record, s = self.journal.game(game_id), self.setup
        return ((record.rules.to_dict(), record.round, record.players, record.table, record.starts)
                == (s.rules.to_dict(), s.round, tuple(s.players), str(s.table), s.starts))

    def _bind(self, game_id: int, state: GameState, message: str | None) -> Started:
        self.game_id, self.table = game_id, self.journal.game(game_id).table
        self._last_checkpoint = None
        return Started(state, game_id, self.table, message)

    # --- what the table's loop calls -------------------------------------------------------------

    def append(self, events: Sequence[ev.Event], *, adjudication: Adjudication | None = None) -> None:
        """Journal one command's events (with the adjudication behind a ruling): the one place
        the kiosk writes the core's events, called before its state moves. With a
        ``ResultLocked`` among them, the result's document goes into the outbox at once; with
        ``GameVoided``, the game is set aside (closed without a result) in the same transaction
        and nothing goes into the outbox."""
        events = list(events)
        try:
            self._write(events, adjudication)
        except sqlite3.OperationalError as exc:
            if not full(exc):
                raise
            if not self._room_given_back():
                raise StorageFull(f"{self.journal.path}: the file system is full: {exc}") from exc
            try:                                    # once more, on the ballast's room
                self._write(events, adjudication)
            except sqlite3.OperationalError as again:
                if not full(again):
                    raise
                raise StorageFull(f"{self.journal.path}: the file system is full, even with the "
                                  f"ballast given back: {again}") from again

    def _write(self, events: list[ev.Event], adjudication: Adjudication | None) -> None:
        """The one transaction of a command: its adjudication, its events, then what a lock or
        a void brings."""
        with self.journal.transaction():
            if adjudication is not None:
                self._record_adjudication(events, adjudication)
            self.journal.append(self.game_id, events)
            lock = next((e for e in events if isinstance(e, ev.ResultLocked)), None)
            if lock is not None:
                self._queue_result(lock.at_ns)
            if any(isinstance(e, ev.GameVoided) for e in events):   # set aside: no result sent
                self.journal.close_game(self.game_id, "voided by the director")

    def _record_adjudication(self, events: list[ev.Event], adjudication: Adjudication) -> None:
        """The adjudication behind the one ruling among ``events``, with the lexicon judged by
        (kiosk.store.adjudications: each word's validity, for the director's export only)."""
        rulings = [e for e in events if isinstance(e, ev.ChallengeRuled)]
        if len(rulings) != 1:
            raise StoreError(f"{self.journal.path}: game {self.game_id}: an adjudication is "
                             "journaled with the one ruling it decided")
        record_adjudication(self.journal, adjudication, lexicon=self.lexicon_name,
                            lexicon_fingerprint=self.lexicon_fingerprint, table=self.table,
                            at_ns=rulings[0].at_ns, game_id=self.game_id,
                            challenger_side=rulings[0].player)

    def checkpoint_due(self, state: GameState) -> int | None:
        """When the next checkpoint falls due (None while no time runs): ``checkpoint_s``
        after the last event or checkpoint (or the last one tried)."""
        if not state.time_runs:
            return None
        return max(self._last_checkpoint or 0, state.last_ns or 0) + self.checkpoint_ns

    def _room_given_back(self) -> bool:
        """On a full-disk error: the ballast deleted and the WAL emptied into the database and
        kept small (the first time); True if room was freed."""
        self.storage_full = True
        released = self.ballast.release()
        keep_wal_small(self.journal.conn)           # the WAL's room back, ballast or none
        return released

    def checkpoint(self, state: GameState, now_ns: int) -> bool:
        """While time runs, journal how far it has run once ``checkpoint_s`` has passed since
        the last event or checkpoint. True if one was written."""
        due = self.checkpoint_due(state)
        if due is None or now_ns < due:
            return False
        self._last_checkpoint = now_ns              # tried: the next one a period later
        try:
            self.journal.checkpoint(self.game_id, state, now_ns)
        except sqlite3.OperationalError as exc:     # only an optimisation: never raised
            if full(exc):
                if not self.storage_full:
                    log.error("a checkpoint could not be written: the file system is full (%s)", exc)
                self._room_given_back()
            else:
                log.warning("a checkpoint could not be written (%s); the game goes on", exc)
            return False
        return True

    def record_menu_use(self, use: MenuUse, detail: str, at_ns: int) -> None:
        """Journal a use of the director's menu in the game on screen; after the game's result
        was locked, its result goes into the outbox again as the next revision, with the use."""
        with self.journal.transaction():
            record_menu_use(self.journal, self.game_id, use, detail, at_ns=at_ns)
            if self.journal.game(self.game_id).finished_wall is not None:
                self._queue_result(at_ns)

    # --- the result for the director -------------------------------------------------------------

    def document_id(self) -> str:
        """The game's id in documents: unique per table and round, whatever the kiosk."""
        record = self.journal.game(self.game_id)
        return f"table-{record.table}-round-{record.round}-game-{record.id}"

    def result_document(self, now_ns: int, revision: int = 1) -> dict:
        """The game's result document as the journal gives it (unsigned)."""
        replayed = self.journal.replay(self.game_id)
        return result_document(replayed.state, replayed.events, now_ns,
                               tournament=self.setup.tournament, table=self.table,
                               game_id=self.document_id(), revision=revision,
                               division=self.setup.division,
                               adjudications=adjudications_for_director(self.journal, self.game_id),
                               menu_uses=menu_uses(self.journal, self.game_id))

    def result_sent(self) -> bool:
        """Whether the director has acknowledged this game's locked result (another game's
        result, still waiting or refused, says nothing of this one)."""
        return self.outbox.delivered(RESULT, self.document_id())

    def _queue_result(self, at_ns: int) -> int:
        queued = self.outbox.count(self.document_id(), (RESULT, UNSIGNED_RESULT))
        document = self.result_document(at_ns, revision=queued + 1)     # 2 on: with later menu uses
        if self.key:
            kind, body = RESULT, sign(document, self.key)
        else:
            kind, body = UNSIGNED_RESULT, {"document": document, "signature": None}
        return self.outbox.put(kind, body, time.time())

    def sign_waiting(self) -> int:
        """Sign, with the table's key, the results of this table kept unsigned while it had no
        key: they go out like any other. Returns how many."""
        if not self.key:
            return 0
        signed = 0
        with self.journal.transaction():
            for waiting in self.outbox.unacknowledged(UNSIGNED_RESULT):
                document = waiting.body["document"]
                if document.get("table") == str(self.setup.table):
                    self.outbox.replace(waiting.id, RESULT, sign(document, self.key))
                    signed += 1
        return signed
