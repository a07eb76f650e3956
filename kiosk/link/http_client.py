"""The kiosk's HTTP link to the director (docs/sync-protocol.md), on the standard library.

``DirectorClient(url, table, key)`` posts signed documents to ``{url}/api/tables/{table}/results``
or ``/status`` and fetches the table's signed assignment from ``/assignment``, each with a
timeout. Every answer is classified for the sender (kiosk.link.sender):

- ``delivered``: 200 with an ``outcome`` (stored, duplicate, replaced, older, ok): the director
  has the document, never send it again; the answer is the protocol's ``Answer``
  (common.wire.schema) or it is not believed (unreachable, saying why: sent again later);
- ``refused``: a 4xx: the director will not take it as it is; the document is kept with the
  director's reason, shown on screen, and retried at the backoff's cap;
- ``unreachable``: no answer, a network error, a 5xx, a 429 (the director's limit of requests
  from one address, which a venue's tables behind one address may meet after an outage) or a
  200 without an outcome: retried with the outbox's backoff.

An assignment is believed only if it verifies under the table's own key, names this table and
is the protocol's (kiosk.link.assignment.check); anything else raises AssignmentError (the
kiosk keeps what it has, and says why). A judge station's verdict likewise, checked as the
schema's (kiosk.link.answers.Verdict). Every answer is parsed by the schema's linear parser
(common.wire.schema.plain_bounded): JSON nested deeper than any document is no answer, never a
RecursionError; what a refusal says is kept to one printable line of at most 300 characters.
"""
from __future__ import annotations

import socket
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

from common.wire import schema
from kiosk.link.answers import Verdict, checked
from kiosk.link.assignment import AssignmentFormatError, check
from common.wire.signing import TABLE_PROOF, SignatureError, table_proof, verify, wire

DELIVERED, REFUSED, UNREACHABLE = "delivered", "refused", "unreachable"
TOO_MANY_REQUESTS = 429
TIMEOUT_S = 5.0
MAX_ANSWER = 1 << 20


@dataclass(frozen=True)
class Answer:
    """What became of one request: ``kind`` (delivered, refused, unreachable), the HTTP code
    (None without one), the director's JSON answer if any, and a reason for people."""
    kind: str
    code: int | None
    body: dict | None
    reason: str


class AssignmentError(ValueError):
    """An assignment the kiosk does not believe: unsigned, forged, for another table, malformed."""


class DirectorClient:
    def __init__(self, url: str, table: str, key: bytes, *, timeout_s: float = TIMEOUT_S):
        if not url.startswith(("http://", "https://")):
            raise ValueError(f"director.url: expected an address starting with http:// or https://; "
                             f"got {url!r}")
        self.base = url.rstrip("/") + "/api/tables/" + urllib.parse.quote(str(table), safe="")
        self.table, self.key, self.timeout_s = str(table), key, timeout_s

    def post(self, path: str, signed: dict) -> Answer:
        """POST a signed document to ``results``, ``status`` or ``challenge`` (a challenge for
        the judge station)."""
        if path not in ("results", "status", "challenge"):
            raise ValueError(f"documents go to results, status or challenge, not {path!r}")
        data = wire(signed)
        request = urllib.request.Request(f"{self.base}/{path}", data=data, method="POST",
                                         headers={"Content-Type": "application/json"})
        return self._answer(request)

    def assignment(self) -> dict | None:
        """The table's assignment (checked), None if the director has none for it (404);
        ConnectionError if the director cannot be reached, AssignmentError if not believed."""
        answer = self._answer(urllib.request.Request(f"{self.base}/assignment", method="GET",
                                                     headers={TABLE_PROOF: table_proof(self.key, self.table)}))
        if answer.code == 404:
            return None
        if answer.code == 200 and answer.body is None:
            raise AssignmentError(f"assignment refused: {answer.reason}")
        if answer.kind == UNREACHABLE:
            raise ConnectionError(answer.reason)
        if answer.kind == REFUSED or answer.body is None:
            raise AssignmentError(f"the director's assignment: {answer.reason}")
        return self.check_assignment(answer.body)

    def verdict(self) -> dict | None:
        """The judge station's verdict on this table's challenge, checked (signed with the
        table's key, for this table), None while there is none (404); ConnectionError if the
        director cannot be reached, AssignmentError if not believed."""
        answer = self._answer(urllib.request.Request(f"{self.base}/verdict", method="GET"))
        if answer.code == 404:
            return None
        if answer.kind == UNREACHABLE:
            raise ConnectionError(answer.reason)
        if answer.kind == REFUSED or answer.body is None:
            raise AssignmentError(f"the judge station's verdict: {answer.reason}")
        try:
            document = verify(answer.body, self.key)
        except SignatureError as exc:
            raise AssignmentError(f"the judge station's verdict refused: {exc}") from None
        if document.get("kind") != "verdict" or str(document.get("table")) != self.table:
            raise AssignmentError("the judge station's verdict refused: not a verdict for this table")
        try:
            checked(document, Verdict)
        except ValueError as exc:
            raise AssignmentError(f"the judge station's verdict refused: {exc}") from None
        return document

    def check_assignment(self, signed: dict) -> dict:
        try:
            document = verify(signed, self.key)
        except SignatureError as exc:
            raise AssignmentError(f"assignment refused: {exc}") from None
        if document.get("kind") != "assignment":
            raise AssignmentError(f"assignment refused: its kind is {document.get('kind')!r}")
        if str(document.get("table")) != self.table:
            raise AssignmentError(f"assignment refused: it is for table {document.get('table')!r}, "
                                  f"not {self.table!r}")
        try:
            return check(document)
        except AssignmentFormatError as exc:
            raise AssignmentError(str(exc)) from None

    def _answer(self, request: urllib.request.Request) -> Answer:
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as response:
                code, raw = response.status, response.read(MAX_ANSWER)
        except urllib.error.HTTPError as exc:
            code, raw = exc.code, _read(exc)
        except (urllib.error.URLError, OSError, socket.timeout) as exc:
            reason = getattr(exc, "reason", None) or exc
            return Answer(UNREACHABLE, None, None, f"director not reached: {reason}")
        body, problem = _json(raw)
        if code == 200 and body is None:
            return Answer(UNREACHABLE, code, None, _line(
                f"director answered 200 with no answer the protocol has ({problem}; {len(raw)} bytes)"))
        if code == 200 and "outcome" in body:
            try:
                schema.convert(body, schema.Answer)
            except schema.SchemaError as exc:
                return Answer(UNREACHABLE, code, None, _line(
                    f"the director's answer is not the protocol's: {exc.field or 'the answer'}: {exc}"))
            return Answer(DELIVERED, code, body, _line(str(body["outcome"])))
        if code == 200 and "document" in body:
            return Answer(DELIVERED, code, body, "ok")
        said = body.get("error") if isinstance(body, dict) and body.get("error") else raw[:200].decode(
            "utf-8", "replace")
        if 400 <= code < 500 and code != TOO_MANY_REQUESTS:
            return Answer(REFUSED, code, body, _line(f"{code} {said}"))
        return Answer(UNREACHABLE, code, body, _line(f"director answered {code} {said}"))


def _line(words: str) -> str:
    """Words from an answer as one printable line of at most 300 characters."""
    return " ".join("".join(c if c.isprintable() else " " for c in str(words)[:300]).split())


def _read(error: urllib.error.HTTPError) -> bytes:
    try:
        return error.read(MAX_ANSWER)
    except OSError:
        return b""
    finally:
        error.close()


def _json(raw: bytes) -> tuple[dict | None, str]:
    """(the answer as plain JSON by the schema's linear parser if it is a JSON object, else
    None and why not)."""
    try:
        body = schema.plain_bounded(raw)
    except schema.SchemaError as exc:
        return None, str(exc)[:120]
    return (body, "") if isinstance(body, dict) else (None, "not a JSON object")
