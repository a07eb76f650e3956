"""A table's challenges judged at the venue's judge station (``director.judge_at_station``),
on the table's side of the link (kiosk.link.table_link calls ``tick`` on every pass).

When the verdict player presses on the judge screen, the screen asks the table to send the
challenge (``Table.to_station``: a request this reads, once each): here it becomes a
``challenge`` document (its game, turn, challenger, the words typed at the table, ``state``
open), signed with the table's key and put in the outbox, which the link's worker posts like a
result (kiosk.link.sender); the worker then asks the director for the station's verdict every
second. Meanwhile ``line`` says "at the judge station: waiting", and that the director cannot
be reached when it cannot. The station's verdict, signed for this table and naming this
challenge, is ruled with at once (the core's ``Rule`` through ``Table.submit``, journaled like a
ruling at the table) and kept as ``verdict`` (a kiosk.link.news.StationVerdict) until the next
challenge is sent. Both go into the table link's news, which the judge screen reads: it shows
the verdict as the table's own. A challenge
withdrawn at the table is sent again as ``withdrawn`` (the station's verdict on it is then
refused by the director); one ruled with the station's verdict as ``ruled``. Documents:
docs/sync-protocol.md, "The judge station".
"""
from __future__ import annotations

import logging
import time
from typing import Callable

from common.game.commands import Rule
from common.game.vocabulary import Phase
from common.wire.document import DOCUMENT_SCHEMA
from common.wire.signing import sign
from kiosk.link.news import StationVerdict
from kiosk.link.sender import CHALLENGE, Sender

log = logging.getLogger(__name__)
WAITING = "at the judge station: waiting"


def challenge_id(game_id: str, state) -> str:
    """The open challenge's id: the game's, the turn challenged and when it was challenged."""
    return f"{game_id}:turn-{state.challenge.turn}:{state.challenge.at_ns}"


class StationWait:
    def __init__(self, table, sender: Sender, key: bytes, *, wall: Callable[[], float] = time.time):
        self.table, self.sender, self.key, self.wall = table, sender, key, wall
        self.sent: tuple[str, int, int, tuple[str, ...]] | None = None  # (id, player, turn, words)
        self.game_id = ""
        self.line = ""                  # what the judge screen says of the challenge sent
        self.verdict: StationVerdict | None = None      # the last the table ruled with
        self._request = None            # the table's last request read (each is sent once)

    def tick(self, now_ns: int, game_id: str) -> None:
        table, state = self.table, self.table.state
        self.game_id = game_id
        request = table.station_request
        if request is self._request:
            request = None                          # read already
        else:
            self._request = request
        if request is not None and state.phase == Phase.CHALLENGE and self.sent is None:
            cid = challenge_id(game_id, state)
            self.sent = (cid, state.challenge.player, state.challenge.turn, request[0])
            self.verdict = None
            self._send("open")
            self.sender.await_verdict(cid)
        if self.sent is None:
            self.line = ""
            return
        open_here = (state.phase == Phase.CHALLENGE and challenge_id(game_id, state) == self.sent[0])
        verdict = self.sender.link.verdict
        if open_here and verdict is not None and verdict.get("challenge_id") == self.sent[0]:
            self._rule(verdict, now_ns)
        elif not open_here:
            self._send("withdrawn")                 # the players withdrew it (or the director)
            self._done()
        else:
            reached = self.sender.link.reached
            self.line = WAITING + ("" if reached is not False else
                                   "  ·  the director cannot be reached: the words wait to go")

    def _rule(self, verdict: dict, now_ns: int) -> None:
        table = self.table
        words, valid = tuple(verdict["words"]), bool(verdict["valid"])
        if table.submit(Rule(words, valid), now_ns):
            label = f"judge station {verdict.get('station')} · {verdict.get('lexicon')}"
            self.verdict = StationVerdict(valid, words, label, table.state.last_ns)    # ruled then
            self.sent = (self.sent[0], self.sent[1], self.sent[2], words)
            self._send("ruled")
        else:
            log.warning("the judge station's verdict on %s was not taken", self.sent[0])
        self._done()

    def _done(self) -> None:
        self.sent = None
        self.line = ""
        self.sender.await_verdict(None)

    def _send(self, state: str) -> None:
        cid, player, turn, words = self.sent
        session = self.table.session
        setup = session.setup
        document = {"schema": DOCUMENT_SCHEMA, "kind": "challenge", "tournament": setup.tournament,
                    "table": self.table.info.table, "round": self.table.state.round,
                    "game_id": self.game_id, "challenge_id": cid, "player": player, "turn": turn,
                    "words": list(words), "state": state, "sent_wall": self.wall()}
        session.outbox.put(CHALLENGE, sign(document, self.key), self.wall())
        self.sender.wake()
