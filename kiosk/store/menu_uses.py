"""The record of every use of the director's menu at a table: what was done, when, in which game.

A use is the PIN given (the menu opened), a wrong PIN, the menu locked after wrong PINs, an
action recorded (with what it did, in the director's words), a score corrected on the
director's authority, the hardware self-test run (common.game.vocabulary.MenuUse). What an action
changed in the game is also the core's event in the journal (TimeAdjusted, GameVoided ...); this
record says that the director's menu did it, and keeps the uses that change nothing. Each use
belongs to the game on screen; the game's result document carries its uses (``menu_uses``), so
the director sees them beside the table's result. A correction the director made at the service
(it comes with the table's assignment) is kept here too, once, in the game it corrects
(``record_once``, a use ``corrected``): the table's journal knows what the director decided.
"""
from __future__ import annotations

from common.game.vocabulary import MenuUse

from .db import rows, wall_time
from .journal import Journal

MAX_DETAIL = 300


def record_menu_use(journal: Journal, game_id: int, use: MenuUse, detail: str = "", *,
                    at_ns: int, wall: float | None = None) -> int:
    """Journal one use of the director's menu in game ``game_id``; return its id."""
    with journal.transaction():
        journal.game(game_id)                       # an unknown game is refused
        return journal.conn.execute(
            "INSERT INTO director_menu (game_id, use, detail, at_ns, boot_id, wall) "
            "VALUES (?, ?, ?, ?, ?, ?)", [game_id, str(MenuUse(use)), str(detail)[:MAX_DETAIL],
                                          int(at_ns), journal.boot_id, wall_time(wall)]).lastrowid


def menu_uses(journal: Journal, game_id: int) -> list[dict]:
    """The game's uses of the director's menu, oldest first, as the result document carries them."""
    return [{"use": r["use"], "detail": r["detail"], "at_ns": r["at_ns"], "boot_id": r["boot_id"],
             "wall": r["wall"]}
            for r in rows(journal.conn, "SELECT * FROM director_menu WHERE game_id = ? ORDER BY id",
                          [game_id])]


def recent_menu_uses(journal: Journal, limit: int = 20) -> list[dict]:
    """The last ``limit`` uses of the director's menu at this table, whatever the game, oldest
    first (the PIN's lock-out read back after a power cycle: kiosk.ui.menu.pin_prompt)."""
    return [{"use": r["use"], "detail": r["detail"], "at_ns": r["at_ns"], "boot_id": r["boot_id"],
             "wall": r["wall"]}
            for r in reversed(rows(journal.conn, "SELECT * FROM director_menu ORDER BY id DESC "
                                                 "LIMIT ?", [limit]))]


def move_menu_uses(journal: Journal, from_game: int, to_game: int) -> None:
    """A game replaced before its first event hands its uses (a self-test before the round,
    say) to the game that replaces it."""
    with journal.transaction():
        journal.conn.execute("UPDATE director_menu SET game_id = ? WHERE game_id = ?",
                             [to_game, from_game])


def record_once(journal: Journal, game_id: int, use: MenuUse, detail: str, *, at_ns: int,
                wall: float | None = None) -> bool:
    """Journal the use unless the game has it already (the same detail): whether it was new."""
    with journal.transaction():
        known = journal.conn.execute("SELECT 1 FROM director_menu WHERE game_id = ? AND use = ? AND "
                                     "detail = ?", [game_id, str(MenuUse(use)),
                                                    str(detail)[:MAX_DETAIL]]).fetchone()
        if known:
            return False
        record_menu_use(journal, game_id, use, detail, at_ns=at_ns, wall=wall)
        return True
