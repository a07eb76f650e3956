"""What importing a division's file would remove from the division as it stands, in words: an
import replaces a division whole, so one that would drop players, pairings or results the
division holds is refused (director.files.imports) unless the director asks for the
replacement (``--replace``, the page's "replace the division whole").

Compared by identity, not by value: a player by number and name, a pairing and an imported
result by round and players. A file that holds everything the division holds (the same file
again, or tsh's file of the next round) removes nothing; its changed scores replace the imported
ones. Pure: the division as it stands comes in as rows.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from director.event.model import GameResult, Pairing, Player, name_key

SHOWN = 3           # names listed before "and n more"


@dataclass(frozen=True)
class Removal:
    players: list[str]                  # "3 Cat Cole"
    pairings: list[tuple[int, int, int]]
    results: list[tuple[int, int, int]]

    def __bool__(self) -> bool:
        return bool(self.players or self.pairings or self.results)

    def words(self) -> str:
        """``26 players (1 Smylie, Jackson, 2 Sokol, Joshua, ... and 23 more), the pairings of
        rounds 1 to 23 (303) and 290 results of rounds 1 to 23``."""
        parts = []
        if self.players:
            shown = ", ".join(self.players[:SHOWN])
            more = f" and {len(self.players) - SHOWN} more" if len(self.players) > SHOWN else ""
            parts.append(f"{count(len(self.players), 'player')} ({shown}{more})")
        if self.pairings:
            parts.append(f"{count(len(self.pairings), 'pairing')} of {_rounds(self.pairings)}")
        if self.results:
            parts.append(f"{count(len(self.results), 'result')} of {_rounds(self.results)}")
        return ", ".join(parts)


def removal(players: Sequence[Player], pairings: Iterable[Pairing], results: Iterable[GameResult],
            new_players: Sequence[Player], new_pairings: Iterable[Pairing],
            new_results: Iterable[GameResult]) -> Removal:
    """What the division (``players``, ``pairings``, imported ``results``) would lose to the file's
    ``new_*``."""
    kept = {(p.number, name_key(p.name)) for p in new_players}
    gone = [f"{p.number} {p.name}" for p in players if (p.number, name_key(p.name)) not in kept]
    new_pairs = {_key(p.round, p.players) for p in new_pairings}
    new_games = {_key(r.round, r.players) for r in new_results}
    return Removal(gone, sorted({_key(p.round, p.players) for p in pairings} - new_pairs),
                   sorted({_key(r.round, r.players) for r in results} - new_games))


def _key(round_: int, players: tuple[int, int]) -> tuple[int, int, int]:
    a, b = players
    return (round_, *sorted((a, b))) if b else (round_, a, b)


def count(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


def _rounds(keys: list[tuple[int, int, int]]) -> str:
    rounds = sorted({k[0] for k in keys})
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    if rounds == list(range(rounds[0], rounds[-1] + 1)):
        return f"rounds {rounds[0]} to {rounds[-1]}"
    return "rounds " + ", ".join(map(str, rounds))
