"""The prize table's settings the director chose on the page, one division at a time, kept in
the ``prize_choices`` table (director.event.db) over the config's ``[prizes]``: ``choice`` reads
a division's (None: the config's hold), ``choose`` keeps one (checked first: a refused setting
keeps nothing, PrizeError naming its key), ``forget`` goes back to the config's."""
from __future__ import annotations

import json
from typing import Mapping

from director.event.db import DirectorDB

from .settings import FIELDS, PrizeSettings, checked


def choice(db: DirectorDB, division: str) -> dict | None:
    with db.locked() as conn:
        row = conn.execute("SELECT settings FROM prize_choices WHERE division = ?",
                           [division]).fetchone()
    return json.loads(row[0]) if row else None


def choose(db: DirectorDB, division: str, values: Mapping, now_wall: float,
           base: PrizeSettings) -> None:
    """Keep ``values`` (some or all of FIELDS) over ``base`` (the division's settings now) as the
    division's choice."""
    given = checked(values, f"prizes.{division}", "the page")
    settings = {**base.as_dict(), **{k: v for k, v in values.items() if k in given}}
    settings = {name: settings[name] for name in FIELDS}
    with db.transaction() as conn:
        conn["prize_choices"].upsert({"division": division, "settings": json.dumps(settings),
                                      "chosen_wall": now_wall}, pk="division")
    db.changed("prizes")


def forget(db: DirectorDB, division: str) -> None:
    with db.transaction() as conn:
        conn.execute("DELETE FROM prize_choices WHERE division = ?", [division])
    db.changed("prizes")
