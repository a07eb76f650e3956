"""A table's challenges judged at the venue's judge station (``director.judge_at_station``),
on the table's side of the link (kiosk.link.table_link calls ``tick`` on every pass).

When the verdict player presses on the judge screen, the screen asks the table to send the
challenge (``Table.to_station``: a request this reads, once each): here it becomes a
``challenge`` document (its game, turn, challenger, the words typed at the table, ``state``
open, and ``seq``), signed with the table's key and put in the outbox, which the link's worker
posts like a result (kiosk.link.sender); the worker then asks the director for the station's
verdict every second. ``seq`` counts the table's challenge documents, each above the last
(never below the wall clock's milliseconds, so that a table whose store is new still counts
above what it sent before): the director takes each once, in order, and refuses one sent
again (director.tables.challenges). A document counts as taken only on the director's receipt
for it (the sender checks it); a newer one supersedes those still waiting.

Meanwhile ``line`` says "at the judge station: waiting", and that the director cannot be
reached, did not confirm the challenge (no receipt: the worker sends it again) or refused it.
The station's verdict, signed for this table and naming this challenge, is ruled with at once
(the core's ``Rule`` through ``Table.submit``, journaled like a ruling at the table) and kept
as ``verdict`` (a kiosk.link.news.StationVerdict) until the next challenge is sent. Both go
into the table link's news, which the judge screen reads: it shows the verdict as the table's
own.

The table waits ``wait_s`` (``director.station_wait_s``) from the press, then gives up
(``gave_up``): it stops asking for the verdict and its line says so in a player's words (*the
judge station did not answer in 2 minutes: call the director*, or *the director did not
confirm the challenge in 2 minutes*); the clocks stay as they are, held by the challenge, and
the verdict player's press sends the challenge again, for another wait. A challenge withdrawn
at the table is sent again as ``withdrawn`` (the station's verdict on it is then refused by the
director); one ruled with the station's verdict as ``ruled``. Documents: docs/sync-protocol.md,
"The judge station".
"""
from __future__ import annotations

import logging
import time
from typing import Callable

from common.game.commands import Rule
from common.game.vocabulary import Phase
from common.wire.document import DOCUMENT_SCHEMA
from common.wire.signing import sign
from kiosk.link.news import StationVerdict, in_words
from kiosk.link.sender import CHALLENGE, REFUSED_PREFIX, UNCONFIRMED_PREFIX, Sender, said_by_director

log = logging.getLogger(__name__)
WAITING = "at the judge station: waiting"
NS = 1_000_000_000


def challenge_id(game_id: str, state) -> str:
    """The open challenge's id: the game's, the turn challenged and when it was challenged."""
    return f"{game_id}:turn-{state.challenge.turn}:{state.challenge.at_ns}"


def next_seq(last: int, wall_s: float) -> int:
    """The next challenge document's ``seq``: above the ``last`` the table sent, and never below
    the wall clock's milliseconds."""
    return max(last + 1, int(wall_s * 1000))


class StationWait:
    def __init__(self, table, sender: Sender, key: bytes, *, wait_s: float,
                 wall: Callable[[], float] = time.time):
        self.table, self.sender, self.key, self.wall = table, sender, key, wall
        self.wait_s = wait_s
        self.sent: tuple[str, int, int, tuple[str, ...]] | None = None  # (id, player, turn, words)
        self.since_ns: int | None = None    # the press the wait runs from; None: given up
        self.game_id = ""
        self.line = ""                  # what the judge screen says of the challenge sent
        self.verdict: StationVerdict | None = None      # the last the table ruled with
        self._request = None            # the table's last request read (each is sent once)

    @property
    def gave_up(self) -> bool:
        """The challenge was sent and the table stopped waiting for its verdict (its time limit):
        the verdict player's press sends it again."""
        return self.sent is not None and self.since_ns is None

    def tick(self, now_ns: int, game_id: str) -> None:
        table, state = self.table, self.table.state
        self.game_id = game_id
        request = table.station_request
        if request is self._request:
            request = None                          # read already
        else:
            self._request = request
        open_now = challenge_id(game_id, state) if state.phase == Phase.CHALLENGE else None
        if self.sent is not None and open_now != self.sent[0]:
            self._send("withdrawn")                 # the players withdrew it (or the director)
            self._done()
        if request is not None and open_now is not None:
            self._sent_for(request, open_now, state)
        if self.sent is None:
            self.line = ""
            return
        if self.since_ns is None:
            return                                  # given up: the line says so
        verdict = self.sender.link.verdict
        if verdict is not None and verdict.get("challenge_id") == self.sent[0]:
            self._rule(verdict, now_ns)
        elif now_ns - self.since_ns >= self.wait_s * NS:
            self._give_up()
        else:
            self.line = self._waiting()

    def _sent_for(self, request, cid: str, state) -> None:
        """The press's challenge sent open: a new one, or the one given up sent again."""
        words, pressed_ns = request
        if self.sent is None:
            self.sent = (cid, state.challenge.player, state.challenge.turn, tuple(words))
            self.verdict = None
        elif not (self.gave_up and self.sent[0] == cid):
            return                                  # sent already, and waited for
        self.since_ns = pressed_ns
        self._send("open")
        self.sender.await_verdict(cid)

    def _waiting(self) -> str:
        """The line while the table waits: what became of the challenge sent, if not taken."""
        pending, reached = self.sender.link.challenge_pending, self.sender.link.reached
        if pending is not None and pending.startswith(REFUSED_PREFIX):
            why = said_by_director(pending[len(REFUSED_PREFIX):])
            return f"the director refused the challenge ({why}): call the director"
        if pending is not None and pending.startswith(UNCONFIRMED_PREFIX):
            return WAITING + "  ·  the director did not confirm the challenge: sending it again"
        if pending is not None and reached is False:
            return WAITING + "  ·  the director cannot be reached: the words wait to go"
        return WAITING

    def _give_up(self) -> None:
        """The time limit: stop asking for the verdict, and say so (the clocks stay held)."""
        taken = self.sender.link.challenge_pending is None
        what = "the judge station did not answer" if taken else \
            "the director did not confirm the challenge"
        self.line = f"{what} in {in_words(self.wait_s)}: call the director"
        log.warning("challenge %s: %s", self.sent[0], self.line)
        self.since_ns = None
        self.sender.await_verdict(None)

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
        self.sent = self.since_ns = None
        self.line = ""
        self.sender.await_verdict(None)

    def _send(self, state: str) -> None:
        cid, player, turn, words = self.sent
        session = self.table.session
        setup, outbox, wall = session.setup, session.outbox, self.wall()
        document = {"schema": DOCUMENT_SCHEMA, "kind": "challenge", "tournament": setup.tournament,
                    "table": self.table.info.table, "round": self.table.state.round,
                    "game_id": self.game_id, "challenge_id": cid, "player": player, "turn": turn,
                    "words": list(words), "state": state,
                    "seq": next_seq(outbox.last_seq(CHALLENGE), wall), "sent_wall": wall}
        outbox.put_superseding(CHALLENGE, sign(document, self.key), wall)
        self.sender.wake()
