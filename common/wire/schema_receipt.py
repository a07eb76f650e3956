"""The director's receipts (docs/sync-protocol.md, "The receipt"): the part of the protocol's
schema (common.wire.schema, at its 500 lines) that says a result is stored, or a judge station's
challenge or verdict taken, and the one check both ends share.

A result counts as stored at the table only on an answer that carries a receipt the director
signs: ``{"game_id", "revision", "sha256", "signature"}``, where ``sha256`` is the SHA-256 of
the result's canonical JSON (the text the table signed) and ``signature`` is HMAC-SHA256 under
the table's own key over the canonical JSON of ``{"kind": "receipt", "table", "game_id",
"revision", "sha256"}``. Only the director (which derives every table's key from the
tournament key) and the table itself hold that key; the table never signs a document of kind
``receipt``, so nobody between the two (a relay on the Wi-Fi, a false director answering in
the director's place) can make one: their "stored" without it, or with a receipt under another
key or naming another result, leaves the result in the outbox, sent again until the director
itself confirms it.

``receipt(key, table, document, sha256)`` is the director's (director.tables.ingest, over HTTP
and in an ACK's body on the serial line); ``unconfirmed(answer, signed, key)`` is the table's:
None when the answer's receipt names the result it sent and is signed under its key, else why
not, in words for its log and its top line.

The judge station's documents are acknowledged the same way (``StationReceipt``): a table's
``challenge`` under the table's key, a station's ``verdict`` under the station's key, over the
canonical JSON of ``{"kind": "receipt", "of": "challenge" or "verdict", "from": the table or
the station, "challenge_id", "sha256"}``, ``sha256`` that of the document as it was signed
(``station_receipt``, director.tables.challenges; ``station_unconfirmed``, the table's
kiosk.link.sender and the station's kiosk.link.station_link). Neither a table nor a station
signs a document of kind ``receipt``. Pure: standard library, msgspec, the schema.
"""
from __future__ import annotations

import hashlib
import hmac
from typing import Any

from common.wire.schema import GameId, Hex64, Revision, SchemaError, Strict, convert, text
from common.wire.signing import canonical

RECEIPT_KIND = "receipt"
STATION_DOCUMENTS = ("challenge", "verdict")    # what a StationReceipt acknowledges
ChallengeId = text(200, 1)


class Receipt(Strict):
    """A result's receipt in the director's answer (``receipt``): the result it names, and the
    director's signature of it under the table's key."""
    game_id: GameId
    revision: Revision
    sha256: Hex64
    signature: Hex64


class StationReceipt(Strict):
    """A judge station's document's receipt in the director's answer (``receipt``): the
    challenge it is of, the document's SHA-256, and the director's signature of them under the
    sender's key (the table's for a challenge, the station's for a verdict)."""
    challenge_id: ChallengeId
    sha256: Hex64
    signature: Hex64


def document_sha256(document: dict) -> str:
    """The SHA-256 of a document's canonical JSON: the text its sender signed and sent."""
    return hashlib.sha256(canonical(document)).hexdigest()


def result_sha256(document: dict) -> str:
    """The SHA-256 of a result's canonical JSON: the text the table signed and sent (the
    director's ``sha256`` of a stored result)."""
    return document_sha256(document)


def _signed_text(table: str, game_id: str, revision: int, sha256: str) -> bytes:
    return canonical({"kind": RECEIPT_KIND, "table": str(table), "game_id": game_id,
                      "revision": revision, "sha256": sha256})


def receipt(key: bytes, table: str, document: dict, sha256: str) -> dict:
    """The director's receipt for ``document`` (a result of ``table``, its canonical JSON's
    SHA-256 ``sha256``), signed under ``key``, the table's own key."""
    game_id, revision = document["game_id"], document["revision"]
    return {"game_id": game_id, "revision": revision, "sha256": sha256,
            "signature": hmac.new(key, _signed_text(table, game_id, revision, sha256),
                                  hashlib.sha256).hexdigest()}


def unconfirmed(answer: Any, signed: dict, key: bytes) -> str | None:
    """None if ``answer`` (the director's JSON answer, plain) carries a receipt for the result
    ``signed`` (as the table sent it) signed under ``key``; else why the table does not count
    it as stored."""
    raw = answer.get("receipt") if isinstance(answer, dict) else None
    if raw is None:
        return "no receipt: the director did not confirm the result"
    try:
        given = convert(raw, Receipt)
    except SchemaError as exc:
        return f"a receipt that is not the protocol's ({exc.field or 'receipt'}: {exc})"[:300]
    document = signed.get("document") if isinstance(signed, dict) else None
    if not isinstance(document, dict):
        return "not a result: nothing to confirm"
    sha256 = result_sha256(document)
    if (given.game_id, given.revision, given.sha256) != (document.get("game_id"),
                                                         document.get("revision"), sha256):
        return "a receipt naming another result: the director did not confirm this one"
    expected = hmac.new(key, _signed_text(str(document.get("table")), given.game_id,
                                          given.revision, sha256), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(given.signature, expected):
        return "a receipt not signed under this table's key: not the director's"
    return None


def _station_text(of: str, sender: str, challenge_id: str, sha256: str) -> bytes:
    return canonical({"kind": RECEIPT_KIND, "of": of, "from": str(sender),
                      "challenge_id": challenge_id, "sha256": sha256})


def station_receipt(key: bytes, of: str, sender: str, challenge_id: str, document: dict) -> dict:
    """The director's receipt for ``document``, a ``challenge`` of table ``sender`` or a
    ``verdict`` of station ``sender`` (``of``) on challenge ``challenge_id``, signed under
    ``key``: the sender's own key."""
    if of not in STATION_DOCUMENTS:
        raise ValueError(f"a station receipt is of a challenge or a verdict, not {of!r}")
    sha256 = document_sha256(document)
    return {"challenge_id": challenge_id, "sha256": sha256,
            "signature": hmac.new(key, _station_text(of, sender, challenge_id, sha256),
                                  hashlib.sha256).hexdigest()}


def station_unconfirmed(answer: Any, of: str, sender: str, document: dict, key: bytes) -> str | None:
    """None if ``answer`` (the director's JSON answer, plain) carries a receipt for ``document``
    (the ``challenge`` or ``verdict`` ``sender`` signed and sent) signed under ``key``; else why
    the sender does not count it taken."""
    raw = answer.get("receipt") if isinstance(answer, dict) else None
    if raw is None:
        return f"no receipt: the director did not confirm the {of}"
    try:
        given = convert(raw, StationReceipt)
    except SchemaError as exc:
        return f"a receipt that is not the protocol's ({exc.field or 'receipt'}: {exc})"[:300]
    sha256 = document_sha256(document)
    if (given.challenge_id, given.sha256) != (document.get("challenge_id"), sha256):
        return f"a receipt naming another {of}: the director did not confirm this one"
    expected = hmac.new(key, _station_text(of, sender, given.challenge_id, sha256),
                        hashlib.sha256).hexdigest()
    if not hmac.compare_digest(given.signature, expected):
        return f"a receipt not signed under this {'table' if of == 'challenge' else 'station'}'s key"
    return None
