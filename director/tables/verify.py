"""Every result checked before it counts: what director.tables.ingest asks of a table's result once its
signature and its form have passed (docs/sync-protocol.md), in this order, each refusal with
its reason:

1. ``check_pairing`` (409): the document's round and players are the pairing of its table in
   that round (players named as the director has them, case and spacing aside, in either
   order), and that round has started (the director's *Start round*: a result of a round still
   to come counts for nothing). The refusal names both pairs, or the round. An event with no
   pairings at all (the kiosks' players typed in at the tables) has nothing to match.
2. ``check_rules`` (409): the document's rules are the tournament's (its preset with the
   config's overrides, director.config), setting by setting; the refusal names the first that
   differs.
3. ``check_recomputed`` (422): the document's events, read back through the core
   (common.game.readback: the same ``apply`` and ``result.compute`` the kiosk used), give its
   ``result`` (``final``, ``spread``, ``winner``, ``end`` and every itemised part, each turn
   included), its ``first`` and its ``phase``; the refusal names the first field that differs.
   An event that cannot happen in the game as the events before it left it is refused by its
   place in the list and its type.

``check_result`` runs the three in turn and raises director.tables.refusal.Refused.
"""
from __future__ import annotations

import json
import logging
from typing import Any, Sequence

from common.game import events as ev
from common.game.readback import ImpossibleEvent, result_of
from common.game.rules import Rules

from director.event.db import DirectorDB
from director.event.model import name_key
from .refusal import Refused

log = logging.getLogger("director.tables.verify")
#: The order the result's fields are compared in: the outcome first, then every itemised part.
RESULT_FIRST = ("final", "spread", "winner", "end")


def check_result(db: DirectorDB, rules: Rules, document: dict, events: Sequence[ev.Event]) -> None:
    """Refused (409 or 422) unless the result is its table's pairing's, under the tournament's
    rules, and what its own events give."""
    check_pairing(db, document)
    check_rules(rules, document)
    check_recomputed(rules, document, events)


# --- 1. the pairing -----------------------------------------------------------------------------

def _pair_words(names: Sequence[str]) -> str:
    return f"{names[0]} and {names[1]}"


def _same_players(a: Sequence[str], b: Sequence[str]) -> bool:
    return sorted(map(name_key, a)) == sorted(map(name_key, b))


def check_pairing(db: DirectorDB, document: dict) -> None:
    round_number, table, players = document["round"], document["table"], document["players"]
    with db.locked() as conn:
        if not conn.execute("SELECT 1 FROM pairings LIMIT 1").fetchone():
            return                                  # no pairings at all: nothing to match
        at_table = conn.execute(
            "SELECT p.round, p.player0, a.name, p.player1, b.name, p.division, o.started_wall "
            "FROM pairings p LEFT JOIN players a ON a.division = p.division AND a.number = "
            "p.player0 LEFT JOIN players b ON b.division = p.division AND b.number = p.player1 "
            "LEFT JOIN rounds o ON o.division = p.division AND o.round = p.round "
            "WHERE p.table_name = ? ORDER BY p.round", [table]).fetchall()
    paired = {r[0]: (r[2] or f"#{r[1]}", r[4] or f"#{r[3]}") for r in at_table}
    started = {r[0]: (r[5], r[6]) for r in at_table}
    pairing = paired.get(round_number)
    if pairing is not None and started[round_number][1] is None:
        raise Refused(409, f"round: division {started[round_number][0]}'s round {round_number} "
                           "has not started: its results count once the director starts it")
    if pairing is not None and _same_players(pairing, players):
        return
    if pairing is None:
        reason = (f"pairing: table {table} has no pairing in round {round_number}; the document "
                  f"has {_pair_words(players)}")
    else:
        reason = (f"players: the document has {_pair_words(players)} in round {round_number}; "
                  f"round {round_number} table {table} is paired {_pair_words(pairing)}")
    elsewhere = [r for r, names in paired.items() if r != round_number and _same_players(names, players)]
    if elsewhere:
        reason += f" (table {table} pairs {_pair_words(players)} in round {elsewhere[0]})"
    raise Refused(409, reason[:300])


# --- 2. the rules -------------------------------------------------------------------------------

def check_rules(rules: Rules, document: dict) -> None:
    found = _first_difference(rules.to_dict(), document["rules"])
    if found is None:
        return
    path, ours, theirs = found
    raise Refused(409, f"rules: {path}: the document's is {_show(theirs)}; the tournament's "
                       f"({rules.name}, with the config's overrides) is {_show(ours)}"[:300])


# --- 3. the result read back from the events ----------------------------------------------------

def check_recomputed(rules: Rules, document: dict, events: Sequence[ev.Event]) -> None:
    try:
        state, result = result_of(rules, document["round"], tuple(document["players"]), events)
    except ImpossibleEvent as exc:
        raise Refused(422, f"events: {exc}"[:300]) from None
    except Exception as exc:        # noqa: BLE001 - a table's events must never break the service
        log.exception("table %s: its events could not be read back", document["table"])
        raise Refused(422, f"events: they cannot be read back ({type(exc).__name__}: {exc})"[:300]) from None
    given = result.to_dict()
    order = [*RESULT_FIRST, *(k for k in given if k not in RESULT_FIRST)]
    ours = {"result": {k: given[k] for k in order}, "first": state.first, "phase": str(state.phase)}
    theirs = {"result": document["result"], "first": document["first"],
              "phase": document.get("phase", _ABSENT)}
    said = _canonical(theirs)
    if said is not None and said == _canonical(ours):
        return                              # the usual case, at once: the walk names a difference
    found = _first_difference(ours, theirs)
    if found is not None:
        path, ours, theirs = found
        raise Refused(422, f"{path}: the document says {_show(theirs)}; its events give "
                           f"{_show(ours)}"[:300])


# --- comparing plain data, field by field ------------------------------------------------------

_ABSENT = object()


def _first_difference(ours: Any, theirs: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """Where ``theirs`` first differs from ``ours``, in ``ours``' order (keys only ``theirs``
    has come last): the path (``result.turns[3].score``) and both values there; None if they
    agree. A number is not a boolean (JSON's ``true`` is not 1)."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for key in [*ours, *(k for k in theirs if k not in ours)]:
            found = _first_difference(ours.get(key, _ABSENT), theirs.get(key, _ABSENT),
                                      f"{path}.{key}" if path else str(key))
            if found is not None:
                return found
        return None
    if isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
        for index, (a, b) in enumerate(zip(ours, theirs)):
            found = _first_difference(a, b, f"{path}[{index}]")
            if found is not None:
                return found
        return None
    if type(ours) is not type(theirs) or ours != theirs:
        return path, ours, theirs
    return None


def _canonical(value: Any) -> str | None:
    """Plain data as canonical JSON (None if it holds _ABSENT: a field left out)."""
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"))
    except TypeError:
        return None


def _show(value: Any) -> str:
    return "nothing" if value is _ABSENT else json.dumps(value)[:80]
