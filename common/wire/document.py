"""The result document: everything the director needs about one finished (or running) game.

Built from the game's journal (its events), with the result computed by the core, the
game's adjudications, each word's validity included (the director may see it; the table never
shows it), and every use of the director's menu at the table (``director_menu``). Versioned: ``schema``; a newer ``revision`` of the same game replaces an older one.
Pure: no I/O; the caller supplies the events, times and the adjudication records.
"""
from __future__ import annotations

import hashlib
import json
from typing import Iterable, Mapping

from common.game import events as ev
from common.game.result import compute
from common.game.state import GameState

DOCUMENT_SCHEMA = 1


def journal_hash(events: Iterable[ev.Event]) -> str:
    """SHA-256 over the events' JSON lines, in order: the fingerprint of a game's journal."""
    digest = hashlib.sha256()
    for event in events:
        digest.update(ev.to_json(event).encode())
        digest.update(b"\n")
    return digest.hexdigest()


def result_document(state: GameState, events: list[ev.Event], now_ns: int, *, tournament: str,
                    table: str | int, game_id: str, revision: int = 1,
                    adjudications: Iterable[Mapping] = (), menu_uses: Iterable[Mapping] = (),
                    division: str = "") -> dict:
    """The document for one game. ``adjudications`` and ``menu_uses`` are the store's records
    (kiosk.store.adjudications, kiosk.store.menu_uses); ``division``, the director's
    assignment's (the document has no ``division`` without one)."""
    result = compute(state, now_ns)
    return {
        "schema": DOCUMENT_SCHEMA,
        "kind": "result",
        "tournament": tournament,
        **({"division": division} if division else {}),
        "round": state.round,
        "table": str(table),
        "game_id": str(game_id),
        "revision": revision,
        "players": list(state.players),
        "first": state.first,
        "rules": state.rules.to_dict(),
        "phase": state.phase,
        "result": result.to_dict(),
        "events": [json.loads(ev.to_json(e)) for e in events],
        "adjudications": [dict(a) for a in adjudications],
        "director_menu": [dict(u) for u in menu_uses],
        "journal_sha256": journal_hash(events),
    }


def events_of(document: Mapping) -> list[ev.Event]:
    """The events carried by a document, read back (and checked) by the core's reader; an
    EventFormatError names the first that cannot be read (``events[3] (TurnEnded): ...``)."""
    events = []
    for index, body in enumerate(document.get("events", [])):
        try:
            events.append(ev.from_dict(body))
        except ev.EventFormatError as exc:
            kind = body.get("type") if isinstance(body, dict) else None
            named = f" ({kind})" if isinstance(kind, str) and kind in ev.EVENT_TYPES else ""
            raise ev.EventFormatError(f"events[{index}]{named}: {exc}") from None
    if journal_hash(events) != document.get("journal_sha256"):
        raise ev.EventFormatError("the events do not match the document's journal hash")
    return events
