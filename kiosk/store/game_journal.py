"""One game's journal as the app's main loop uses it: ``append(events, adjudication=...)``.

kiosk/app.py commits each accepted command's events through an object with this method. This
binds a ``Journal`` to one game, the table and the lexicon in use, and commits the events of a
ruling together with the adjudication behind it (whose per-word validity only the director's
export reads) in one transaction.
"""
from __future__ import annotations

from typing import Sequence

from common.game import events as ev
from common.game.judge import Adjudication
from common.game.state import GameState

from .adjudications import record_adjudication
from .db import StoreError
from .journal import Checkpoint, Journal


class GameJournal:
    """``Journal`` bound to ``game_id`` at ``table``, judging with ``lexicon``."""

    def __init__(self, journal: Journal, game_id: int, *, table: str | int, lexicon: str,
                 lexicon_fingerprint: str):
        self.journal, self.game_id, self.table = journal, game_id, str(table)
        self.lexicon, self.lexicon_fingerprint = lexicon, lexicon_fingerprint

    def append(self, events: Sequence[ev.Event], *, adjudication: Adjudication | None = None,
               wall: float | None = None) -> int:
        """Commit ``events``, and the adjudication behind the ruling among them, at once."""
        events = list(events)
        if adjudication is None:
            return self.journal.append(self.game_id, events, wall)
        rulings = [e for e in events if isinstance(e, ev.ChallengeRuled)]
        if len(rulings) != 1:
            raise StoreError(f"{self.journal.path}: game {self.game_id}: an adjudication is "
                             "journaled with the one ruling it decided")
        ruling = rulings[0]
        with self.journal.transaction():
            record_adjudication(self.journal, adjudication, lexicon=self.lexicon,
                                lexicon_fingerprint=self.lexicon_fingerprint, table=self.table,
                                at_ns=ruling.at_ns, game_id=self.game_id,
                                challenger_side=ruling.player, wall=wall)
            return self.journal.append(self.game_id, events, wall)

    def checkpoint(self, state: GameState, now_ns: int, wall: float | None = None) -> Checkpoint | None:
        """See ``Journal.checkpoint``: call it at least once a second while time runs."""
        return self.journal.checkpoint(self.game_id, state, now_ns, wall)
