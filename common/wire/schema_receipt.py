"""The director's receipt for a result (docs/sync-protocol.md, "The receipt"): the part of the
protocol's schema (common.wire.schema, at its 500 lines) that says a result is stored, and the
one check both ends share.

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
not, in words for its log and its top line. Pure: standard library, msgspec, the schema.
"""
from __future__ import annotations

import hashlib
import hmac
from typing import Any

from common.wire.schema import GameId, Hex64, Revision, SchemaError, Strict, convert
from common.wire.signing import canonical

RECEIPT_KIND = "receipt"


class Receipt(Strict):
    """A result's receipt in the director's answer (``receipt``): the result it names, and the
    director's signature of it under the table's key."""
    game_id: GameId
    revision: Revision
    sha256: Hex64
    signature: Hex64


def result_sha256(document: dict) -> str:
    """The SHA-256 of a result's canonical JSON: the text the table signed and sent (the
    director's ``sha256`` of a stored result)."""
    return hashlib.sha256(canonical(document)).hexdigest()


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
