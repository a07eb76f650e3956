"""What the live pages show of the director's corrections (director.event.corrections).

- A table's result of the round that the director corrected shows the corrected scores, marked
  ``corrected``, beside what the table recorded (``round_row``); its tile shows them too.
- ``corrections``: every correction that applies, for the public view: the division, round,
  table, players and what the game is now, marked corrected (no reason: that is the director's);
- ``correction_log``: every correction ever made, for the director's page: with the reason, what
  the game was before, when and by what (the page, the command line, an import).
"""
from __future__ import annotations

from director.event import corrections, divisions
from director.event.corrections import Correction
from director.event.db import DirectorDB
from director.event.rounds import player_names


def by_table(every: list[Correction], division: str, round_number: int | None) -> dict:
    """The corrections that apply to a division's round's games, by their venue table; ``every``:
    the tournament's corrections (corrections.history), read once for a snapshot."""
    if round_number is None or not every:
        return {}
    applying = corrections.latest(c for c in every if c.division == division).values()
    return {c.table: c for c in applying
            if c.round == round_number and c.table and c.kind != "original"}


def round_row(correction: Correction, row: dict, names: dict[int, str]) -> dict:
    """A result row of the round (the table's: players' names and scores in its order) as
    corrected: ``scores`` the game's now (null for a void), ``recorded`` the table's."""
    order = correction.original.get("table_result", {}).get("numbers") or list(correction.players)
    now = None
    if correction.kind in ("scores", "forfeit"):
        by_number = dict(zip(correction.players, correction.scores))
        now = [by_number.get(order[0]), by_number.get(order[1])]
    spread = now[0] - now[1] if now else 0
    return {**row, "scores": now, "spread": spread,
            "winner": None if not now or spread == 0 else (0 if spread > 0 else 1),
            "recorded": row["scores"], "corrected": correction.kind,
            "now": correction.words(names)}


def parts(db: DirectorDB, every: list[Correction]) -> tuple[list[dict], list[dict]]:
    """(``corrections``, ``correction_log``): the public list and the director's, of the
    tournament's corrections ``every``."""
    public, log = [], []
    for name in divisions.names(db) if every else ():
        names = player_names(db, name)
        mine = [c for c in every if c.division == name]
        applying = corrections.latest(mine)
        for c in mine:
            shown = {"id": c.id, "division": name, "round": c.round, "table": c.table,
                     "players": [names.get(n, "") for n in c.players if n], "kind": c.kind,
                     "now": c.words(names)}
            log.append({**shown, "was": c.original.get("words", ""), "reason": c.reason,
                        "wall": c.wall, "source": c.source,
                        "applies": applying.get(c.key) is c})
            if applying.get(c.key) is c and c.kind != "original":
                public.append(shown)
    return public, log
