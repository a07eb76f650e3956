"""Signing documents with HMAC-SHA256, checking signatures, and each table's own key.

A signed document is ``{"document": {...}, "signature": "<hex>"}``; the signature covers the
document's canonical JSON (sorted keys, no spaces, UTF-8), so any change to any field breaks it.

The tournament key stays on the director's machine. Each table signs with its own key,
``table_key(tournament_key, table)`` = HMAC-SHA256(tournament key, "table:" + table), the table
as its name is written in documents (docs/sync-protocol.md): the director derives every table's
key from the one it holds, and a table's key signs for that table only. The venue's judge
station N has a key of its own derived the same way, ``station_key`` = HMAC-SHA256(tournament
key, "station:" + N): no table's key signs a station's verdict, and no station's key a table's
result. A key travels as 64 lowercase hex digits (``key_hex``, ``parse_key_hex``).
"""
from __future__ import annotations

import hashlib
import hmac
import json
import re

TABLE_KEY_HEX_DIGITS = 64
STATION_PROOF = "X-Station-Proof"       # the header of a judge station's proof of its key


class SignatureError(ValueError):
    """A document whose signature is missing or does not match: the director rejects it."""


def canonical(document: dict) -> bytes:
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def wire(signed: dict) -> bytes:
    """The bytes a signed document travels as: the envelope written as ``canonical`` writes, so
    that the document inside it is the very text its signature covers. The director checks the
    signature over those bytes as sent and over nothing else (director.tables.ingest)."""
    return canonical(signed)


def table_key(tournament_key: bytes, table: str) -> bytes:
    """The key of ``table``: HMAC-SHA256(tournament key, "table:" + table), 32 bytes."""
    if not tournament_key:
        raise SignatureError("the tournament key is empty: no table key can be derived from it")
    return hmac.new(tournament_key, b"table:" + str(table).encode("utf-8"), hashlib.sha256).digest()


def station_key(tournament_key: bytes, station: str) -> bytes:
    """The key of judge station ``station``: HMAC-SHA256(tournament key, "station:" + station)."""
    if not tournament_key:
        raise SignatureError("the tournament key is empty: no station key can be derived from it")
    return hmac.new(tournament_key, b"station:" + str(station).encode("utf-8"), hashlib.sha256).digest()


def station_proof(key: bytes, station: str) -> str:
    """What judge station ``station`` sends (``X-Station-Proof``) to be given the challenges open:
    HMAC-SHA256(its key, "challenges:" + station), hex. The same each time: it keeps the list
    from whoever does not hold the key, not from someone who reads the Wi-Fi (who reads the
    list itself as it crosses)."""
    return hmac.new(key, b"challenges:" + str(station).encode("utf-8"), hashlib.sha256).hexdigest()


TABLE_PROOF = "X-Table-Proof"           # the header of a table's proof of its key


def table_proof(key: bytes, table: str) -> str:
    """What table ``table`` sends (``X-Table-Proof``) when it asks for its assignment, to be
    given its corrections' reasons (which the director gives no one else): HMAC-SHA256(its key,
    "assignment:" + table), hex; the same each time, as a station's proof."""
    return hmac.new(key, b"assignment:" + str(table).encode("utf-8"), hashlib.sha256).hexdigest()


def key_hex(key: bytes) -> str:
    """A table's key as it is written in a key file or a config: 64 lowercase hex digits."""
    return key.hex()


def parse_key_hex(text: str) -> bytes:
    """A table's key from its 64 hex digits; ValueError if ``text`` is not that."""
    text = text.strip()
    if not re.fullmatch(rf"[0-9a-fA-F]{{{TABLE_KEY_HEX_DIGITS}}}", text):
        raise ValueError(f"a table key is {TABLE_KEY_HEX_DIGITS} hex digits")
    return bytes.fromhex(text)


def sign(document: dict, key: bytes) -> dict:
    if not key:
        raise SignatureError("the key is empty: documents cannot be signed")
    return {"document": document,
            "signature": hmac.new(key, canonical(document), hashlib.sha256).hexdigest()}


def signs(signature: str, key: bytes, text: bytes) -> bool:
    """Whether ``signature`` is the one ``key`` makes over ``text`` (a document's canonical
    JSON, as it was sent): the check of a signature before anything is built from the text."""
    return isinstance(signature, str) and hmac.compare_digest(
        signature, hmac.new(key, text, hashlib.sha256).hexdigest())


def signed_with(signed: dict, key: bytes) -> bool:
    """Whether ``signed`` carries a right signature under ``key``."""
    try:
        verify(signed, key)
    except SignatureError:
        return False
    return True


def verify(signed: dict, key: bytes, text: bytes | None = None) -> dict:
    """The document inside ``signed`` if its signature is right; else SignatureError.
    ``text``: the document's canonical JSON, when the caller has written it already."""
    if not isinstance(signed, dict) or not isinstance(signed.get("document"), dict):
        raise SignatureError("not a signed document: expected {\"document\": {...}, \"signature\": ...}")
    signature = signed.get("signature")
    if not isinstance(signature, str):
        raise SignatureError("the document carries no signature")
    text = canonical(signed["document"]) if text is None else text
    expected = hmac.new(key, text, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(signature, expected):
        raise SignatureError("the signature does not match: wrong key, or the document was altered")
    return signed["document"]
