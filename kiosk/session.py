"""The kiosk's game on its SQLite store: which game to play, recovery, checkpoints, and the
signed result document put into the outbox when the result is locked.

``Session.open(path, setup, ...)`` opens the journal (kiosk.store) with the outbox in the same
file; ``start(now_ns)`` continues the journal's current game (the latest neither locked nor set
aside) through ``kiosk.store.recovery.recover``, which resumes it with the clock neutral and a
message for the screen, or else starts a new game. A current game that never had an event is
kept only if it was set up like this start (rules, round, players, table); otherwise it is closed
as replaced. The app's table then commits every command through ``append`` (the events, and the
adjudication behind a ruling, in one transaction) and calls ``checkpoint`` on every pass of its
loop: while time runs, the running times are journaled every ``checkpoint_s``.

When the events of a command include ``ResultLocked``, the result document
(kiosk.sync.document) is built from the journal, with the adjudications for the director (each
word's validity), signed with the tournament's key (kiosk.sync.signing) and put into the outbox
in the same transaction as the lock: a locked result always has its document. Without a key the
document is kept unsigned (kind ``result-unsigned``) so nothing is lost. The director link
(kiosk.sync.sender, on a connection of its own) sends the signed ones; ``replace_game`` opens the
game the director's assignment sets up (kiosk.sync.table_link).
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from kiosk.core import events as ev
from kiosk.core.judge import Adjudication
from kiosk.core.rules import Rules
from kiosk.core.state import GameState
from kiosk.store import Journal, recover
from kiosk.store.adjudications import adjudications_for_director
from kiosk.store.game_journal import GameJournal
from kiosk.store.outbox import Outbox
from kiosk.sync.document import result_document
from kiosk.sync.signing import sign

NS = 1_000_000_000
RESULT, UNSIGNED_RESULT = "result", "result-unsigned"


@dataclass(frozen=True)
class GameSetup:
    """How a new game at this table is set up (from the config)."""
    rules: Rules
    round: int
    players: tuple[str, str]
    table: str
    tournament: str = ""


@dataclass(frozen=True)
class Started:
    """The game the kiosk plays now: its state, id, its own table (a recovered game keeps its
    own), and the recovery's message for the screen (None for a fresh game)."""
    state: GameState
    game_id: int
    table: str
    message: str | None


class Session:
    """One run of the kiosk on its store. ``lexicon`` (anything with ``.name`` and
    ``.fingerprint``) is recorded with each adjudication; ``key`` signs result documents."""

    def __init__(self, journal: Journal, setup: GameSetup, *, lexicon=None, key: bytes | None = None,
                 checkpoint_s: float = 0.5):
        self.journal, self.setup, self.key = journal, setup, key
        self.outbox = Outbox(journal.conn, journal.path)        # the same file and connection
        self.lexicon_name = str(getattr(lexicon, "name", "") or "none")
        self.lexicon_fingerprint = str(getattr(lexicon, "fingerprint", "") or "none")
        self.checkpoint_ns = round(checkpoint_s * NS)
        self.game: GameJournal | None = None
        self._last_checkpoint: int | None = None

    @classmethod
    def open(cls, path: str | os.PathLike, setup: GameSetup, *, boot_id: str | None = None,
             **options) -> "Session":
        return cls(Journal.open(Path(path), boot_id=boot_id), setup, **options)

    def close(self) -> None:
        self.journal.close()

    @property
    def game_id(self) -> int:
        return self.game.game_id

    # --- which game ------------------------------------------------------------------------------

    def start(self, now_ns: int) -> Started:
        """Continue the current game (recovered, clock neutral) or start a new one."""
        game_id = self.journal.current_game()
        if game_id is not None:
            replayed = self.journal.replay(game_id)
            if replayed.events:
                recovered = recover(self.journal, game_id, now_ns)
                return self._bind(game_id, recovered.state, recovered.message)
            if self._set_up_alike(game_id):
                return self._bind(game_id, replayed.state, None)
            self.journal.close_game(game_id, "replaced before its first event: the kiosk started "
                                             "with other settings")
        return self.new_game()

    def replace_game(self) -> Started:
        """A new game with ``setup`` (the director's assignment changed it): the current game is
        closed as replaced if nothing was recorded in it; a game with events stays as it is."""
        if self.game is not None and not self.journal.replay(self.game_id).events:
            self.journal.close_game(self.game_id, "replaced before its first event: the "
                                                  "director's assignment changed it")
        return self.new_game()

    def new_game(self) -> Started:
        s = self.setup
        game_id = self.journal.new_game(s.rules, s.round, s.players, s.table)
        return self._bind(game_id, self.journal.load(game_id)[0], None)

    def _set_up_alike(self, game_id: int) -> bool:
        record, s = self.journal.game(game_id), self.setup
        return ((record.rules.to_dict(), record.round, record.players, record.table)
                == (s.rules.to_dict(), s.round, tuple(s.players), str(s.table)))

    def _bind(self, game_id: int, state: GameState, message: str | None) -> Started:
        table = self.journal.game(game_id).table
        self.game = GameJournal(self.journal, game_id, table=table, lexicon=self.lexicon_name,
                                lexicon_fingerprint=self.lexicon_fingerprint)
        self._last_checkpoint = None
        return Started(state, game_id, table, message)

    # --- what the table's loop calls -------------------------------------------------------------

    def append(self, events: Sequence[ev.Event], *, adjudication: Adjudication | None = None) -> None:
        """Journal one command's events (with the adjudication behind a ruling); with a
        ``ResultLocked`` among them, the result's document goes into the outbox at once; with
        ``GameVoided``, the game is set aside (closed without a result) in the same transaction
        and nothing goes into the outbox."""
        events = list(events)
        with self.journal.transaction():
            self.game.append(events, adjudication=adjudication)
            lock = next((e for e in events if isinstance(e, ev.ResultLocked)), None)
            if lock is not None:
                self._queue_result(lock.at_ns)
            if any(isinstance(e, ev.GameVoided) for e in events):   # set aside: no result sent
                self.journal.close_game(self.game_id, "voided by the director")

    def checkpoint_due(self, state: GameState) -> int | None:
        """When the next checkpoint falls due (None while no time runs): ``checkpoint_s``
        after the last event or checkpoint."""
        if not state.time_runs:
            return None
        return max(self._last_checkpoint or 0, state.last_ns or 0) + self.checkpoint_ns

    def checkpoint(self, state: GameState, now_ns: int) -> bool:
        """While time runs, journal how far it has run once ``checkpoint_s`` has passed since
        the last event or checkpoint. True if one was written."""
        due = self.checkpoint_due(state)
        if due is None or now_ns < due:
            return False
        self.game.checkpoint(state, now_ns)
        self._last_checkpoint = now_ns
        return True

    # --- the result for the director -------------------------------------------------------------

    def document_id(self) -> str:
        """The game's id in documents: unique per table and round, whatever the kiosk."""
        record = self.journal.game(self.game_id)
        return f"table-{record.table}-round-{record.round}-game-{record.id}"

    def result_document(self, now_ns: int) -> dict:
        """The game's result document as the journal gives it (unsigned)."""
        replayed = self.journal.replay(self.game_id)
        return result_document(replayed.state, replayed.events, now_ns,
                               tournament=self.setup.tournament, table=self.game.table,
                               game_id=self.document_id(),
                               adjudications=adjudications_for_director(self.journal, self.game_id))

    def _queue_result(self, at_ns: int) -> int:
        document = self.result_document(at_ns)
        if self.key:
            kind, body = RESULT, sign(document, self.key)
        else:
            kind, body = UNSIGNED_RESULT, {"document": document, "signature": None}
        return self.outbox.put(kind, body, time.time())
