"""Signing documents with HMAC-SHA256 under the tournament's key, and checking signatures.

A signed document is ``{"document": {...}, "signature": "<hex>"}``; the signature covers the
document's canonical JSON (sorted keys, no spaces, UTF-8), so any change to any field breaks it.
"""
from __future__ import annotations

import hashlib
import hmac
import json


class SignatureError(ValueError):
    """A document whose signature is missing or does not match: the director rejects it."""


def canonical(document: dict) -> bytes:
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def sign(document: dict, key: bytes) -> dict:
    if not key:
        raise SignatureError("the tournament key is empty: documents cannot be signed")
    return {"document": document,
            "signature": hmac.new(key, canonical(document), hashlib.sha256).hexdigest()}


def verify(signed: dict, key: bytes) -> dict:
    """The document inside ``signed`` if its signature is right; else SignatureError."""
    if not isinstance(signed, dict) or not isinstance(signed.get("document"), dict):
        raise SignatureError("not a signed document: expected {\"document\": {...}, \"signature\": ...}")
    signature = signed.get("signature")
    if not isinstance(signature, str):
        raise SignatureError("the document carries no signature")
    expected = hmac.new(key, canonical(signed["document"]), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(signature, expected):
        raise SignatureError("the signature does not match: wrong key, or the document was altered")
    return signed["document"]
