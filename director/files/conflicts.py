"""An imported division file against the tables' results: never silently ignored.

A file's result for a game a table already sent (the tables' signed results as they count, the
director's corrections applied) must say what the table's says, as a .t file exported and paired
by tsh does. Where it differs (tsh has 105 where the table recorded 95, say), the import is
refused listing each conflict, unless the director asks for the file's scores to stand: then
each becomes a correction of the table's result (director.event.correct), the file named as its
reason, and the table's signed result stays beside it as every correction's does.

A file's word becomes a correction when it is a game between the table's two players (its
scores), a forfeit (one of them +spread against no one, the other -spread) or no game for both
(a void); a file that pairs them otherwise is a conflict no correction can settle.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from common.game.rules import Rules

from director.event import counted
from director.event.correct import Ask, correct
from director.event.counted import as_t
from director.event.db import DirectorDB
from director.event.model import NO_OPPONENT, GameResult

SHOWN = 10          # conflicts listed before "and n more"


@dataclass(frozen=True)
class Conflict:
    table: GameResult               # the table's result, as it counts
    file: list[GameResult]          # the file's results of its two players in that round
    words: str

    def ask(self, source: str) -> Ask | None:
        """The correction that makes the file's word stand, or None if none can."""
        a, b = self.table.players
        games = [r for r in self.file if set(r.players) == {a, b}]
        reason = f"the scores of {source}, imported to stand"
        if games:
            by_number = dict(zip(games[0].players, games[0].scores))
            return Ask(self.table.round, "scores", reason, players=(str(a), str(b)),
                       scores=(by_number[a], by_number[b]))
        spreads = {r.players[0]: r.spread for r in self.file if r.players[1] == NO_OPPONENT}
        if set(spreads) == {a, b} and spreads[a] == spreads[b] == 0:
            return Ask(self.table.round, "void", reason, players=(str(a), str(b)))
        if set(spreads) == {a, b} and spreads[a] == -spreads[b] != 0:
            loser = a if spreads[a] < 0 else b
            return Ask(self.table.round, "forfeit", reason, players=(str(a), str(b)), forfeit=str(loser))
        return None


def conflicts(db: DirectorDB, rules: Rules, tournament: str, division: str,
              results: list[GameResult]) -> list[Conflict]:
    """Where the file's ``results`` differ from the tables' results of the division."""
    view = counted.load(db, rules, tournament, division)
    names = {p.number: p.name for p in view.players}
    theirs: dict[tuple[int, int], GameResult] = {}
    for result in view.count(sources=("tables",)).results:
        if NO_OPPONENT not in result.players:
            theirs.update(((result.round, n), result) for n in result.players)
    mine: dict[tuple[int, int], GameResult] = {}
    for result in results:
        mine.update(((result.round, n), result) for n in result.players if n != NO_OPPONENT)
    found: dict[tuple, Conflict] = {}
    for (round_, number), table in theirs.items():
        filed = mine.get((round_, number))
        if filed is None or as_t(filed, number) == as_t(table, number):
            continue
        key = (round_, *sorted(table.players))
        if key not in found:
            file = list({id(r): r for n in table.players if (r := mine.get((round_, n)))}.values())
            found[key] = Conflict(table, file, _words(table, file, names))
    return [found[k] for k in sorted(found)]


def settle(db: DirectorDB, rules: Rules, tournament: str, division: str, found: list[Conflict],
           source: str, now_wall: float) -> list[str]:
    """Each conflict made a correction, the file's word standing: what each game is now."""
    out = []
    for conflict in found:
        ask = conflict.ask(source)
        if ask is None:
            raise ValueError(conflict.words)
        made = correct(db, rules, tournament, replace(ask, division=division), now_wall=now_wall,
                       source=f"import of {source}")
        out.append(made.words)
    return out


def refusal(source: str, division: str, found: list[Conflict]) -> str:
    shown = "; ".join(c.words for c in found[:SHOWN])
    more = f"; and {len(found) - SHOWN} more" if len(found) > SHOWN else ""
    return (f"{source}: division {division}: {len(found)} result(s) differ from the tables' "
            f"results: {shown}{more}. Nothing imported: correct the file, or import it with its "
            "scores standing as corrections of the tables' results (--as-corrections; on the page, "
            "'the file's scores stand as corrections')")


def _words(table: GameResult, file: list[GameResult], names: dict[int, str]) -> str:
    def said(result: GameResult) -> str:
        a, b = result.players
        if b == NO_OPPONENT:
            return f"{names.get(a, a)} {result.spread:+d} against no one"
        return f"{names.get(a, a)} {result.scores[0]} - {names.get(b, b)} {result.scores[1]}"
    where = f"round {table.round}" + (f" table {table.table}" if table.table else "")
    return f"{where}: the table's {said(table)}, the file's {', '.join(said(r) for r in file)}"
