"""The judge station's link to the director (``python -m kiosk judge`` with ``director.station``
and ``director.url``): which challenges tables have open, and the station's verdicts sent back.

``StationLink.open(url, station, key)`` starts a worker thread. Every second it asks the
director for the challenges open (``GET /api/stations/{station}/challenges``), believed only
when signed with the station's own key (common.wire.signing.station_key) and naming it. The
station's screen (kiosk.ui.judge.station) reads ``news``, an immutable snapshot (the challenges
open, whether the director answers, the answer to the last verdict sent), and asks for a
verdict to be sent with ``send``: the worker posts it at once as a ``verdict`` document signed
with the station's key (``POST /api/stations/{station}/verdicts``) and the answer comes back in
``news``: accepted, on the director's receipt for it alone (common.wire.schema_receipt:
signed under the station's key, naming the verdict's SHA-256), refused (the director's reason:
the challenge was withdrawn, already ruled, or the table has none open), unconfirmed (a
"accepted" without the director's receipt: whoever answered is not the director) or
unreachable. Unconfirmed or unreachable, the worker sends the same verdict again every second
until the director takes or refuses it, or the screen gives up on it (``cancel``). The screen
never waits on the network.
Documents: docs/sync-protocol.md, "The judge station".
"""
from __future__ import annotations

import logging
import threading
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, replace

from kiosk.link.answers import Challenges, checked
from common.wire.document import DOCUMENT_SCHEMA
from common.wire.schema_receipt import station_unconfirmed
from kiosk.link.http_client import DELIVERED, REFUSED, TIMEOUT_S, DirectorClient
from common.wire.signing import STATION_PROOF, SignatureError, sign, station_proof, verify, wire

log = logging.getLogger(__name__)
POLL_S = 1.0
ACCEPTED, REFUSED_BY_DIRECTOR, UNREACHABLE = "accepted", "refused", "unreachable"
UNCONFIRMED = "unconfirmed"         # answered "accepted" without the director's receipt


@dataclass(frozen=True)
class OpenChallenge:
    challenge_id: str
    table: str
    round: int
    words: tuple[str, ...]          # as typed at the table (none: the operator types them)


@dataclass(frozen=True)
class Sent:
    """The director's answer to a verdict the station sent."""
    request: int
    outcome: str                    # accepted, refused, unconfirmed, unreachable
    reason: str = ""


@dataclass(frozen=True)
class StationNews:
    challenges: tuple[OpenChallenge, ...] = ()
    reached: bool | None = None     # the director answered the last request (None: not yet asked)
    answer: Sent | None = None      # the last verdict sent, answered


class StationClient(DirectorClient):
    """The director's API for a judge station (the HTTP of kiosk.link.http_client)."""

    def __init__(self, url: str, station: str, key: bytes, *, timeout_s: float = TIMEOUT_S):
        super().__init__(url, station, key, timeout_s=timeout_s)
        self.base = url.rstrip("/") + "/api/stations/" + urllib.parse.quote(str(station), safe="")
        self.station = str(station)

    def challenges(self) -> tuple[OpenChallenge, ...]:
        """The challenges open; ConnectionError if unreachable, ValueError if not believed."""
        answer = self._answer(urllib.request.Request(f"{self.base}/challenges", method="GET", headers={
            STATION_PROOF: station_proof(self.key, self.station)}))
        if answer.kind != DELIVERED or answer.body is None:
            if answer.kind == REFUSED:
                raise ValueError(f"the director refused: {answer.reason}")
            raise ConnectionError(answer.reason)
        try:
            document = verify(answer.body, self.key)
        except SignatureError as exc:
            raise ValueError(f"the challenges open were not signed for this station: {exc}") from None
        if document.get("kind") != "challenges" or str(document.get("station")) != self.station:
            raise ValueError("the challenges open were not this station's")
        try:
            listed = checked(document, Challenges).challenges
        except ValueError as exc:
            raise ValueError(f"the challenges open refused: {exc}") from None
        return tuple(OpenChallenge(c.challenge_id, c.table, c.round, tuple(c.words)) for c in listed)

    def send_verdict(self, document: dict):
        data = wire(sign(document, self.key))
        return self._answer(urllib.request.Request(f"{self.base}/verdicts", data=data, method="POST",
                                                   headers={"Content-Type": "application/json"}))


class StationLink:
    def __init__(self, client: StationClient, *, tournament: str = "", poll_s: float = POLL_S,
                 wall=time.time):
        self.client, self.tournament, self.poll_s, self.wall = client, tournament, poll_s, wall
        self.news = StationNews()
        self._requests: dict[int, dict] = {}       # verdicts being sent, by request number
        self._count = 0
        self._lock = threading.Lock()
        self._stop, self._wake = threading.Event(), threading.Event()
        self._thread = threading.Thread(target=self._run, name="station-link", daemon=True)

    @classmethod
    def open(cls, url: str, station: str, key: bytes, *, tournament: str = "",
             poll_s: float = POLL_S) -> "StationLink":
        link = cls(StationClient(url, station, key), tournament=tournament, poll_s=poll_s)
        link._thread.start()
        return link

    def send(self, table: str, challenge_id: str | None, words: tuple[str, ...], valid: bool,
             lexicon: str, fingerprint: str) -> int:
        """Send the station's verdict on the challenge at ``table``; the request's number, which
        ``news.answer`` names once the director answered."""
        document = {"schema": DOCUMENT_SCHEMA, "kind": "verdict", "tournament": self.tournament,
                    "station": self.client.station, "table": str(table), "challenge_id": challenge_id,
                    "words": list(words), "valid": bool(valid), "lexicon": lexicon,
                    "lexicon_fingerprint": fingerprint, "sent_wall": self.wall()}
        with self._lock:
            self._count += 1
            self._requests[self._count] = document
        self._wake.set()
        return self._count

    def sending(self) -> tuple[int, ...]:
        """The verdicts the worker still sends (their request numbers)."""
        with self._lock:
            return tuple(self._requests)

    def cancel(self, request: int) -> None:
        """Stop sending verdict ``request`` (the station gave up on it)."""
        with self._lock:
            self._requests.pop(request, None)

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join(self.client.timeout_s + 5)

    def _run(self) -> None:
        next_poll = 0.0
        while not self._stop.is_set():
            try:
                self._send_requests()
                if time.monotonic() >= next_poll:
                    next_poll = time.monotonic() + self.poll_s
                    self._poll()
            except Exception:                   # noqa: BLE001 - the link outlives any one failure
                log.exception("the station's link failed on a pass; it carries on")
            self._wake.wait(self.poll_s)
            self._wake.clear()

    def _poll(self) -> None:
        try:
            challenges = self.client.challenges()
        except ConnectionError:
            self.news = replace(self.news, reached=False)
            return
        except ValueError as exc:
            log.warning("%s", exc)
            self.news = replace(self.news, reached=True)
            return
        self.news = replace(self.news, challenges=challenges, reached=True)

    def _send_requests(self) -> None:
        with self._lock:
            requests = list(self._requests.items())
        for number, document in requests:
            sent = self._sent(number, document, self.client.send_verdict(document))
            with self._lock:
                if sent.outcome in (ACCEPTED, REFUSED_BY_DIRECTOR):
                    self._requests.pop(number, None)        # done with: taken, or refused
                elif number not in self._requests:
                    continue                                # given up meanwhile
            self.news = replace(self.news, answer=sent, reached=sent.outcome != UNREACHABLE)
            if sent.outcome == ACCEPTED:
                self._poll()                    # the challenge ruled is no longer open

    def _sent(self, number: int, document: dict, answer) -> Sent:
        """What became of verdict ``number``: accepted only on the director's receipt."""
        if answer.kind == DELIVERED:
            why = station_unconfirmed(answer.body, "verdict", self.client.station, document,
                                      self.client.key)
            if why is None:
                return Sent(number, ACCEPTED)
            log.warning("verdict %s answered %r without the director's receipt (%s): sent again",
                        number, answer.reason, why)
            return Sent(number, UNCONFIRMED, why)
        if answer.kind == REFUSED:
            said = answer.body.get("error") if isinstance(answer.body, dict) else answer.reason
            return Sent(number, REFUSED_BY_DIRECTOR, str(said or answer.reason))
        return Sent(number, UNREACHABLE, answer.reason)
