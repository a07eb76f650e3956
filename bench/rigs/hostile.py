"""The hostile bodies a phone on the Wi-Fi may post to the director, each as large as the tables'
API takes (1 MiB): the shapes that made the old depth pre-scan quadratic, nesting as deep as the
bytes allow, a field as long as the body, lists and objects of a million small items. The
security tests post each (tests/security/test_hostile_json.py) and ``python -m bench door``
measures what each costs the service."""
from __future__ import annotations

MIB = 1 << 20


def _fill(head: bytes, unit: bytes, tail: bytes, size: int) -> bytes:
    count = (size - len(head) - len(tail)) // len(unit)
    return head + unit * count + tail


def shapes(size: int = MIB) -> dict[str, bytes]:
    """Each hostile shape at ``size`` bytes or just under."""
    sig = b'"signature":"' + b"0" * 64 + b'"'
    return {
        "quote then escaped quotes": _fill(b'"', b'\\"', b"", size),
        "escaped quotes in a field": _fill(b'{"document":{"schema":1,"kind":"status","phase":"', b'\\"',
                                           b'"},' + sig + b"}", size),
        "deep arrays": _fill(b"", b"[", b"", size),
        "deep objects": _fill(b"", b'{"a":', b"", size),
        "deep arrays in a field": _fill(b'{"document":{"schema":1,"kind":"status","players":', b"[",
                                        b"", size),
        "a field as long as the body": _fill(b'{"document":{"schema":1,"kind":"status","table":"', b"x",
                                             b'"},' + sig + b"}", size),
        "half a million numbers": _fill(b'{"document":{"schema":1,"kind":"status","scores":[', b"1,",
                                        b'1]},' + sig + b"}", size),
        "unicode escapes in the signature": _fill(b'{"document":{},"signature":"', b"\\u0041",
                                                  b'"}', size),
        "a hundred thousand keys": _fill(b'{"document":{"schema":1,"kind":"status",', b'"k":1,',
                                         b'"z":1},' + sig + b"}", size),
        "a million unknown fields skipped": _fill(b'{"document":{"schema":1,"kind":"status","x":[',
                                                  b"[],", b"[]]}," + sig + b"}", size),
    }


def forged_result(document: dict, size: int, key: bytes) -> bytes:
    """A result ``document`` grown to just under ``size`` bytes and valid in every field the
    schema checks (its events repeated up to the schema's bound, adjudications of 32 long words
    each), signed with ``key`` and sent as a table sends it (common.wire.signing.wire: the text
    signed), so that under its own table's key it passes the signature and is refused only after.
    Posted under another table's number, or signed with a key not its table's: the worst body a
    phone can craft for the tables' results (tests/security/test_forged_result.py; what it costs:
    python -m bench door)."""
    from common.wire.schema import MAX_EVENTS, MAX_RECORDS
    from common.wire.signing import sign, wire

    grown = {**document, "events": (document["events"] * MAX_EVENTS)[:MAX_EVENTS]}
    judged = {"id": 1, "game_id": 1, "table": str(document["table"]), "challenger_side": 0,
              "challenger": "C" * 100, "words": [{"word": "Q" * 40, "valid": False}] * 32,
              "valid": False, "lexicon": "L" * 100, "lexicon_fingerprint": "f" * 128,
              "at_ns": 1, "boot_id": "b" * 64, "wall": 1.0}
    room = size - len(wire(sign(grown, key))) - 16
    count = max(0, min(MAX_RECORDS, room // (len(wire(judged)) + 1)))
    grown["adjudications"] = [{**judged, "id": n + 1} for n in range(count)]
    return wire(sign(grown, key))
