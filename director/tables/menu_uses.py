"""The uses of the director's menu at a table, as its result document carries them: for the
director to see beside the table's result who opened the menu, what was done, and the wrong PINs.

A table journals every use (kiosk/store/menu_uses.py) and its result document carries the
game's uses in ``director_menu`` (a use after the result was locked comes with the next
revision). ``menu_uses(document)`` reads them out, each with words for the page;
``table_menu_uses(db, tournament, round, table)`` does it for the stored result of that game.
What a table sent is shown as it is, never trusted to be well formed: an entry that is not one
of the known uses is left out and counted in ``unreadable``.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from common.game.vocabulary import MenuUse

from director.event.db import DirectorDB

WORDS = {
    MenuUse.OPENED: "the director's menu opened (the PIN given)",
    MenuUse.WRONG_PIN: "a wrong PIN",
    MenuUse.LOCKED: "the menu locked after wrong PINs",
    MenuUse.RECORDED: "recorded",
    MenuUse.CORRECTED: "a score corrected by the director",
    MenuUse.SELFTEST: "the hardware self-test",
}


@dataclass(frozen=True)
class Use:
    use: str                    # a MenuUse
    words: str                  # what it was, for the page
    detail: str                 # what was done, as the table put it
    wall: float | None          # the table's wall clock when it happened

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class MenuUses:
    uses: tuple[Use, ...]
    unreadable: int = 0         # entries that were not a known use

    @property
    def wrong_pins(self) -> int:
        return sum(u.use in (MenuUse.WRONG_PIN, MenuUse.LOCKED) for u in self.uses)

    def to_dict(self) -> dict:
        return {"uses": [u.to_dict() for u in self.uses], "unreadable": self.unreadable,
                "wrong_pins": self.wrong_pins}


def _use(entry) -> Use | None:
    if not isinstance(entry, dict) or entry.get("use") not in set(MenuUse):
        return None
    use, detail, wall = MenuUse(entry["use"]), entry.get("detail", ""), entry.get("wall")
    if not isinstance(detail, str) or not (wall is None or type(wall) in (int, float)):
        return None
    return Use(use=str(use), words=WORDS[use], detail=detail[:300], wall=wall)


def menu_uses(document: dict) -> MenuUses:
    """The uses of the director's menu a result document carries, in the order they happened."""
    entries = document.get("director_menu") if isinstance(document, dict) else None
    entries = entries if isinstance(entries, list) else []
    read = [_use(entry) for entry in entries]
    return MenuUses(tuple(u for u in read if u is not None), sum(u is None for u in read))


def table_menu_uses(db: DirectorDB, tournament: str, round_number: int, table: str) -> MenuUses | None:
    """The uses carried by the stored result of (tournament, round, table); None: no result."""
    with db.locked() as conn:
        row = next(conn.query("SELECT document FROM results WHERE tournament = ? AND round = ? "
                              "AND table_name = ?", [tournament, round_number, str(table)]), None)
    return None if row is None else menu_uses(json.loads(row["document"]))
