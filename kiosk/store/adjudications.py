"""The record of every adjudication (word-judge verdict), at a table or a shared station.

Each row keeps the words, the one verdict for the whole play, the lexicon's name and
fingerprint, who challenged, the table and the time, and also each word's validity. That last
is for the director only: a player must never learn which word failed. So the table reads
verdicts through ``adjudications_for_table``, whose records have no per-word field at all, and
only ``adjudications_for_director`` (the export that travels with the result) returns it.
"""
from __future__ import annotations

import json

from common.game.frozen import value
from common.game.judge import Adjudication

from .db import StoreError, rows, wall_time
from .journal import Journal


@value
class TableAdjudication:
    """A verdict as the table may show it: no per-word validity."""
    id: int
    game_id: int | None
    table: str
    challenger_side: int | None
    challenger: str
    words: tuple[str, ...]
    valid: bool
    lexicon: str
    lexicon_fingerprint: str
    at_ns: int
    wall: float


def record_adjudication(journal: Journal, adjudication: Adjudication, *, lexicon: str,
                        lexicon_fingerprint: str, table: str | int, at_ns: int,
                        game_id: int | None = None, challenger_side: int | None = None,
                        challenger: str = "", wall: float | None = None) -> int:
    """Journal one adjudication; return its id.

    At a table pass ``game_id`` and ``challenger_side`` (the challenger's name is taken from
    the game unless given). A shared station has no game: pass the table entered with the
    challenge and, if known, the challenger's name. To commit it with the ruling's events, call
    this and ``journal.append`` inside one ``with journal.transaction():``.
    """
    words, per_word = tuple(adjudication.words), tuple(adjudication.per_word)
    if not words or len(per_word) != len(words) or adjudication.valid != all(per_word):
        raise StoreError(f"{journal.path}: an adjudication needs one validity per word and a "
                         f"verdict that agrees with them: {adjudication!r}")
    if not str(lexicon).strip() or not str(lexicon_fingerprint).strip():
        raise StoreError(f"{journal.path}: an adjudication names its lexicon and its fingerprint")
    if challenger_side not in (None, 0, 1) or isinstance(challenger_side, bool):
        raise StoreError(f"{journal.path}: the challenger's side is 0 or 1, not {challenger_side!r}")
    with journal.transaction():
        if game_id is not None:
            game = journal.game(game_id)
            if challenger_side is not None and not challenger:
                challenger = game.players[challenger_side]
        return journal.conn.execute(
            "INSERT INTO adjudications (game_id, table_name, challenger_side, challenger, words, "
            "valid, per_word, lexicon, lexicon_fingerprint, at_ns, boot_id, wall) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [game_id, str(table), challenger_side, str(challenger), json.dumps(list(words)),
             int(adjudication.valid), json.dumps([bool(v) for v in per_word]), str(lexicon),
             str(lexicon_fingerprint), at_ns, journal.boot_id, wall_time(wall)]).lastrowid


def _rows(journal: Journal, game_id: int | None) -> list[dict]:
    if game_id is None:
        return rows(journal.conn, "SELECT * FROM adjudications WHERE game_id IS NULL ORDER BY id")
    return rows(journal.conn, "SELECT * FROM adjudications WHERE game_id = ? ORDER BY id", [game_id])


def adjudications_for_table(journal: Journal, game_id: int | None) -> list[TableAdjudication]:
    """What the table (or the station's screen) may show: verdicts, never which word failed.
    ``game_id`` None gives the shared station's adjudications."""
    return [TableAdjudication(id=r["id"], game_id=r["game_id"], table=r["table_name"],
                              challenger_side=r["challenger_side"], challenger=r["challenger"],
                              words=tuple(json.loads(r["words"])), valid=bool(r["valid"]),
                              lexicon=r["lexicon"], lexicon_fingerprint=r["lexicon_fingerprint"],
                              at_ns=r["at_ns"], wall=r["wall"])
            for r in _rows(journal, game_id)]


def adjudications_for_director(journal: Journal, game_id: int | None) -> list[dict]:
    """The director's export (JSON-ready dicts), each word with its validity. Never show
    this at the table. ``game_id`` None gives the shared station's adjudications."""
    out = []
    for r in _rows(journal, game_id):
        words, per_word = json.loads(r["words"]), json.loads(r["per_word"])
        out.append({"id": r["id"], "game_id": r["game_id"], "table": r["table_name"],
                    "challenger_side": r["challenger_side"], "challenger": r["challenger"],
                    "words": [{"word": w, "valid": v} for w, v in zip(words, per_word)],
                    "valid": bool(r["valid"]), "lexicon": r["lexicon"],
                    "lexicon_fingerprint": r["lexicon_fingerprint"], "at_ns": r["at_ns"],
                    "boot_id": r["boot_id"], "wall": r["wall"]})
    return out
