"""One msgspec decoder per type of common.wire.schema, each built whole before any thread uses it.

msgspec (0.22.0, and its main branch as of 2026) builds a Struct type's decoding information
the first time the type is used and publishes it on the class *before* its fields' types are
filled in; filling them in runs Python code (typing's evaluation of the annotations), where
the GIL passes to other threads. A second thread decoding the same type meanwhile takes the
half-built information and reads a field's type that is still NULL: SIGSEGV in msgspec's
``json_decode_struct_map_inner`` (only free-threaded builds of msgspec guard it). The
director decodes every post on starlette's threadpool, so the first results posted at once
after the service started could kill it (``python -m bench door``: the quiet, half-open and
forged phases each start a director under several clients).

``decoder(kind)`` builds each type's ``msgspec.json.Decoder`` under one lock, once: building
it builds the information of every Struct the type holds, so that once it returns, decoding
with it (a Decoder is thread-safe) or converting to the type (``msgspec.convert``, which
reads the same information) meets only whole information and needs no lock.
"""
from __future__ import annotations

import threading
from typing import Any

import msgspec

_building = threading.Lock()
_decoders: dict[Any, msgspec.json.Decoder] = {}


def decoder(kind: Any) -> msgspec.json.Decoder:
    """The decoder of ``kind`` (a type of common.wire.schema), built whole on first use."""
    found = _decoders.get(kind)
    if found is None:
        with _building:
            found = _decoders.get(kind)
            if found is None:
                found = _decoders[kind] = msgspec.json.Decoder(kind)
    return found


def built(kind: Any) -> Any:
    """``kind``, once its decoder (and so the information of every Struct it holds) is built
    whole: what ``msgspec.convert`` to it may read from any thread."""
    decoder(kind)
    return kind
