"""What a live page is sent when its parts change: only what changed, as server-sent events.

The page's parts (director.web.parts) are JSON values. A part of ``GROUPED`` is a list of groups,
one per division (``{"division": name, ...}``), whose items (``GROUPED[part]``: a group's
tiles, its rows) each name their ``table``. ``diff(part, old, new)`` gives what a page holding
``old`` needs to hold ``new``, or None when nothing changed:

- a part not grouped: the new value, whole;
- a grouped part: ``{"whole": [groups]}`` when the divisions changed, else ``{"groups":
  [...]}`` with only the groups that changed: ``{"division": d, "group": {...}}`` whole, or
  ``{"division": d, "items": [...]}`` with only the items that changed when the group has the
  same tables in the same order and the same other fields.

``apply(state, part, data)`` is the other end (the page's JavaScript does the same; the bench's
spectators use this one). ``event(part, data)`` is the bytes of one server-sent event. Pure.
"""
from __future__ import annotations

import json

GROUPED = {"tiles": "tiles", "results": "rows", "standings": None}


def event(part: str, data) -> bytes:
    return f"event: {part}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


def whole(part: str, value):
    """The data of an event that sends ``value`` whole."""
    return {"whole": value} if part in GROUPED else value


def _header(group: dict, items: str) -> dict:
    return {key: value for key, value in group.items() if key != items}


def _tables(group: dict, items: str) -> list:
    return [item["table"] for item in group[items]]


def diff(part: str, old, new):
    if old == new:
        return None
    if part not in GROUPED or old is None:
        return whole(part, new)
    if [g["division"] for g in old] != [g["division"] for g in new]:
        return {"whole": new}
    items, patches = GROUPED[part], []
    for before, after in zip(old, new):
        if before == after:
            continue
        if (items is None or _header(before, items) != _header(after, items)
                or _tables(before, items) != _tables(after, items)):
            patches.append({"division": after["division"], "group": after})
        else:
            patches.append({"division": after["division"], "items": [
                item for was, item in zip(before[items], after[items]) if was != item]})
    return {"groups": patches}


def apply(state: dict, part: str, data) -> None:
    """``state[part]`` brought up to date by one event's ``data``."""
    if part not in GROUPED:
        state[part] = data
        return
    if "whole" in data:
        state[part] = data["whole"]
        return
    items, groups = GROUPED[part], state[part]
    for patch in data["groups"]:
        index = next(i for i, g in enumerate(groups) if g["division"] == patch["division"])
        if "group" in patch:
            groups[index] = patch["group"]
            continue
        changed = {item["table"]: item for item in patch["items"]}
        groups[index] = {**groups[index], items: [changed.get(item["table"], item)
                                                  for item in groups[index][items]]}
