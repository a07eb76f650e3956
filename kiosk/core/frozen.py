"""``evolve(value, **changes)``: a frozen dataclass of the core with some fields changed.

It is ``dataclasses.replace`` for the core's game values (GameState, Turn, Clock: frozen, with no
``__post_init__`` and every field in ``__init__``), without replace's per-call walk of the
fields and its ``__init__`` call: a game folds one event after another into a new state, on the
kiosk after every press and at the director for every result it reads back (bench.director),
and ``replace`` was most of that time. A field that is not the value's is a TypeError, as with
``replace``. Pure: standard library only.
"""
from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def evolve(value: T, **changes) -> T:
    fields = value.__dict__
    if not changes.keys() <= fields.keys():
        unknown = sorted(changes.keys() - fields.keys())
        raise TypeError(f"{type(value).__name__} has no field {unknown[0]!r}")
    new = object.__new__(type(value))
    object.__setattr__(new, "__dict__", {**fields, **changes})
    return new
