"""Correcting a result: the game the director names found among the division's recorded results,
what they ask checked, and the correction kept (director.event.corrections) beside the table's
signed result, which is never changed.

The director names the game by its round and its table (as the page's results list it) or its
players (numbers or names; one player for a result against no one), and gives new scores (in
the order of the players they named, else of the table's result as the page shows it, else of
the file's), a forfeit (who forfeited: the other wins by the book's ``result.forfeit_spread``), a
void, or the recorded result again; and always a reason, one line, which the table's assignment
carries (the protocol's ``Reason``, common.wire.schema: a phone's no-break space is an ordinary
space; a table takes what the director takes). Used by the page
(director.web.app), ``python -m director correct`` (director.files.commands) and imports whose
scores are to stand as corrections (director.files.imports).
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass

from common.game.rules import Rules
from common.wire.schema import MAX_REASON, Reason, refusal

from . import corrections, counted
from .corrections import KINDS, Correction, CorrectionError, game_key
from .counted import CountedDivision
from .db import DirectorDB
from .model import NO_OPPONENT, GameResult, Player, name_key, not_one_line

MAX_SCORE = 999         # a score every file can hold (a .TOU's three digits)
log = logging.getLogger("director.event.correct")


@dataclass(frozen=True)
class Ask:
    """A correction as the director asks it (see the module's docstring)."""
    round: int
    kind: str
    reason: str
    division: str | None = None
    table: str | None = None
    players: tuple[str, ...] = ()
    scores: tuple[int, int] | None = None
    forfeit: str | None = None


@dataclass(frozen=True)
class Made:
    correction: Correction
    words: str          # "division A round 3 table 5: Ann Able 405 - Bob Baker 380 (was ...): why"


def correct(db: DirectorDB, rules: Rules, tournament: str, ask: Ask, *, now_wall: float,
            source: str) -> Made:
    """Find the game ``ask`` names, check it, and keep the correction; a CorrectionError says
    what is wrong and changes nothing."""
    _check_ask(ask)
    with db.transaction() as conn:
        view = counted.load(db, rules, tournament, ask.division)
        name, roster = view.name, list(view.players)
        names = {p.number: p.name for p in roster}
        where = f"division {name} round {ask.round}"
        result = _find(view, ask, where)
        key = game_key(result.round, result.players)
        where += f" table {result.table}" if result.table else ""
        table_result = _table_result(conn, tournament, result, roster)
        current = corrections.latest(view.recorded.corrections).get(key)
        before = current.applied(result) if current else [result]
        if ask.kind == "original" and current is None:
            raise CorrectionError(f"{where}: the result is as recorded already: nothing to undo")
        scores, winner = _new_scores(ask, result, key, table_result, roster, rules, where)
        original = {"kind": current.kind if current else "recorded",
                    "words": _describe(before, names, result.players[0]),
                    "correction": current.id if current else None,
                    "table_result": table_result}
        revision = db.next_revision()
        row = {"tournament": tournament, "division": name, "round": key[0], "player0": key[1],
               "player1": key[2], "table_name": result.table or None, "kind": ask.kind,
               "score0": scores[0] if scores else None, "score1": scores[1] if scores else None,
               "winner": winner, "reason": ask.reason.strip(), "wall": now_wall,
               "source": source, "original": json.dumps(original), "revision": revision}
        made = corrections.from_row({**row, "id": conn["corrections"].insert(row, pk="id").last_pk,
                                "original": row["original"]})
        if ([r.canonical() for r in made.applied(result)] == [r.canonical() for r in before]
                or (current and _same(current, made))):
            raise CorrectionError(f"{where}: the result is {original['words']} already")
    db.changed("corrections")
    words = (f"{where}: {_describe(made.applied(result), names, result.players[0])} "
             f"(was {original['words']}), "
             f"corrected: {made.reason}")
    log.info("correction %d by %s: %s", made.id, source, words)
    return Made(made, words)


def _same(a: Correction, b: Correction) -> bool:
    return (a.kind, a.scores, a.winner) == (b.kind, b.scores, b.winner)


def _check_ask(ask: Ask) -> None:
    if ask.kind not in KINDS:
        raise CorrectionError(f"kind: one of {', '.join(KINDS)}; got {ask.kind!r}")
    if not isinstance(ask.round, int) or ask.round < 1:
        raise CorrectionError(f"round: a round number from 1; got {ask.round!r}")
    reason = ask.reason.strip() if isinstance(ask.reason, str) else ""
    if not reason:
        raise CorrectionError("reason: say why the result is corrected (it is kept and shown)")
    if len(reason) > MAX_REASON or not_one_line(reason) or refusal(reason, Reason):
        raise CorrectionError(f"reason: one line of at most {MAX_REASON} characters"
                              + (f" ({not_one_line(reason)})" if not_one_line(reason) else ""))
    if (ask.kind == "scores") != (ask.scores is not None):
        raise CorrectionError("scores: new scores are given for a correction of the scores, and "
                              "only then")
    if ask.scores is not None and not (len(ask.scores) == 2 and all(
            type(s) is int and 0 <= s <= MAX_SCORE for s in ask.scores)):
        raise CorrectionError(f"scores: two whole numbers from 0 to {MAX_SCORE}; got {ask.scores!r}")
    if (ask.kind == "forfeit") != bool(ask.forfeit):
        raise CorrectionError("forfeit: name the player who forfeited, for a forfeit only")
    if not ask.table and not ask.players:
        raise CorrectionError("name the game: its table, or its players")


def _player(text: str, roster: list[Player], where: str) -> int:
    text = str(text).strip()
    if text.isdigit() and any(p.number == int(text) for p in roster):
        return int(text)
    found = [p.number for p in roster if name_key(p.name) == name_key(text)]
    if len(found) != 1:
        raise CorrectionError(f"{where}: {text!r} is not one of the division's players (give their "
                              "number or their name)")
    return found[0]


def _find(view: CountedDivision, ask: Ask, where: str) -> GameResult:
    """The recorded result the ask names."""
    roster = list(view.players)
    recorded = [r for r in view.count(corrected=False).results if r.round == ask.round]
    if ask.players:
        numbers = {_player(p, roster, where) for p in ask.players}
        if len(numbers) != len(ask.players) or len(numbers) > 2:
            raise CorrectionError(f"{where}: players: one player, or the game's two")
        found = [r for r in recorded
                 if (set(r.players) == numbers if len(numbers) == 2 else numbers <= set(r.players))]
        what = " and ".join(str(p) for p in ask.players)
    else:
        found = [r for r in recorded if r.table == str(ask.table)]
        if not found:
            paired = [p.players for p in view.round_pairings(ask.round)
                      if p.table == str(ask.table)]
            found = [r for r in recorded if paired and set(r.players) == set(paired[0])]
        what = f"table {ask.table}"
    if len(found) != 1:
        raise CorrectionError(f"{where}: {'no result' if not found else 'several results'} of "
                              f"{what} to correct" + (" (name the players)" if found else ""))
    return found[0]


def _table_result(conn, tournament: str, result: GameResult, roster: list[Player]) -> dict | None:
    """The table's signed result this game is, if it is one: its revision, hash, game id and
    players in its own order (names and numbers)."""
    if not result.table or NO_OPPONENT in result.players:
        return None
    row = next(conn.query("SELECT revision, sha256, game_id, player0, player1 FROM results WHERE "
                          "tournament = ? AND round = ? AND table_name = ?",
                          [tournament, result.round, result.table]), None)
    if row is None:
        return None
    numbers = [next((p.number for p in roster if name_key(p.name) == name_key(n)), None)
               for n in (row["player0"], row["player1"])]
    if set(numbers) != set(result.players):
        return None
    return {"revision": row["revision"], "sha256": row["sha256"], "game_id": row["game_id"],
            "names": [row["player0"], row["player1"]], "numbers": numbers}


def _new_scores(ask: Ask, result: GameResult, key, table_result: dict | None,
                roster: list[Player], rules: Rules, where: str):
    """(scores in the key's order, winner) of the correction."""
    a, b = key[1], key[2]
    if ask.kind == "forfeit":
        if b == NO_OPPONENT:
            raise CorrectionError(f"{where}: a result against no one cannot be forfeited: void it, "
                                  "or give it new scores")
        loser = _player(ask.forfeit, roster, where)
        if loser not in (a, b):
            raise CorrectionError(f"{where}: {ask.forfeit!r} did not play this game")
        spread = rules.result.forfeit_spread
        return ((0, spread), 1) if loser == a else ((spread, 0), 0)
    if ask.kind != "scores":
        return None, None
    if len(ask.players) == 2:
        order = [_player(p, roster, where) for p in ask.players]
    elif table_result:
        order = table_result["numbers"]
    else:
        order = list(result.players)
    by_number = dict(zip(order, ask.scores))
    if b == NO_OPPONENT:
        return (ask.scores[0], ask.scores[1]), None
    return (by_number[a], by_number[b]), None


def _describe(results: list[GameResult], names: dict[int, str], first: int | None = None) -> str:
    """What results are, in words, player ``first`` named first (the recorded result's order)."""
    if all(r.no_game for r in results):
        return "no game"
    parts = []
    for r in results:
        if r.players[1] == first:
            r = GameResult(r.round, r.table, r.players[::-1], r.scores[::-1], None, r.kind,
                           None if r.winner is None else 1 - r.winner)
        a, b = r.players
        if b == NO_OPPONENT:
            parts.append(f"{names.get(a, a)} {r.spread:+d} against no one")
        elif r.kind == "forfeit":
            winner, loser = (a, b) if r.winner == 0 else (b, a)
            parts.append(f"{names.get(loser, loser)} forfeited to {names.get(winner, winner)}")
        else:
            parts.append(f"{names.get(a, a)} {r.scores[0]} - {names.get(b, b)} {r.scores[1]}")
    return "; ".join(parts)
