"""The turns the high word prize is given from: each game a table recorded, its best turn of each
side (the highest scoring play that stayed on the board, and its word when the table noted one),
read from the stored result documents (``result.turns``: every turn as the table scored it,
common.wire.document; a phony challenged off is no play, and a turn's score is as corrected).

Only the tables' games that count as games in the division's view (director.event.counted) give
turns: a game the director voided or made a forfeit gives none, and a forfeit or a bye has none
anyway; a .t file's results have no turns. A document is read once: what was read of a result
is kept while its row's ``sha256`` is the same (``load`` is kept until the database changes,
director.event.db.DirectorDB.kept, and reads again only the rows that changed), and SQLite picks
the turns out of the document (``json_extract``) rather than Python parsing it whole.
"""
from __future__ import annotations

import json
from typing import Mapping

from director.event.counted import CountedDivision
from director.event.db import DirectorDB
from director.event.model import NO_OPPONENT, name_key

from .awards import Turn

MAX_WORD = 15           # a word noted at the table (common.wire.schema.TurnLine)


def load(db: DirectorDB, view: CountedDivision) -> tuple[Turn, ...]:
    """The best turn of each side of each of the division's table games that count."""
    key = ("prize-turns", view.name, view.tournament)
    read = db.kept(key, lambda before: _read(db, view, before[1] if before else {}))
    return read[0]


def _read(db: DirectorDB, view: CountedDivision, before: Mapping[str, tuple]) -> tuple:
    games = {(r.round, frozenset(r.players)) for r in view.results
             if r.kind == "game" and NO_OPPONENT not in r.players}
    numbers: dict[str, list[int]] = {}
    for player in view.players:
        numbers.setdefault(name_key(player.name), []).append(player.number)
    only = db.count("divisions") <= 1
    with db.locked() as conn:
        rows = conn.execute(
            "SELECT round, table_name, player0, player1, sha256 FROM results WHERE tournament = ? "
            "AND (division = ? OR (division IS NULL AND ?))", [view.tournament, view.name, only]
        ).fetchall()
        read: dict[str, tuple] = {}
        for round_, table, name0, name1, sha in rows:
            if sha in before:
                read[sha] = before[sha]
                continue
            text = conn.execute("SELECT json_extract(document, '$.result.turns') FROM results "
                                "WHERE tournament = ? AND round = ? AND table_name = ?",
                                [view.tournament, round_, table]).fetchone()[0]
            read[sha] = _best_of(text)
    out: list[Turn] = []
    for round_, table, name0, name1, sha in rows:
        sides = [numbers.get(name_key(n), []) for n in (name0, name1)]
        if any(len(s) != 1 for s in sides):
            continue                    # a name none of the players (or several) is: not counted
        pair = (sides[0][0], sides[1][0])
        if (round_, frozenset(pair)) not in games:
            continue
        for side, best in enumerate(read[sha]):
            if best is not None:
                out.append(Turn(round_, table, pair[side], pair[1 - side], best[0], best[1]))
    return tuple(out), read


def _best_of(text: str | None) -> tuple:
    """Each side's best play of a document's turns: (score, word) or None."""
    best: list = [None, None]
    try:
        turns = json.loads(text) if text else []
    except ValueError:
        return tuple(best)
    for turn in turns if isinstance(turns, list) else []:
        if not isinstance(turn, dict) or turn.get("type") != "play":
            continue
        side, score = turn.get("player"), turn.get("score")
        if side not in (0, 1) or isinstance(score, bool) or not isinstance(score, int):
            continue
        word = turn.get("word")
        word = word if isinstance(word, str) and 0 < len(word) <= MAX_WORD else ""
        if best[side] is None or score > best[side][0] or (score == best[side][0] and word
                                                           and not best[side][1]):
            best[side] = (score, word)
    return tuple(best)
