"""Where each player sits in a round: the round's pairings by player name (alphabetical: name,
table, opponent, who starts) and by table, as a sheet to pin up and as the public view's "find
my table". Pure: no I/O.

Names sort as a reader looks for them: case and accents aside (``Ó Dálaigh`` among the O's),
then as written. A bye has no table and no opponent; ``starts`` is None when the pairing does not
say who starts (the players decide, as the book says).
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Sequence

from .model import NO_OPPONENT, Pairing, Player


@dataclass(frozen=True)
class Seat:
    player: Player
    table: str                  # "" for a bye
    opponent: Player | None     # None: a bye
    starts: bool | None         # whether this player starts (None: not said)


@dataclass(frozen=True)
class Game:
    table: str
    players: tuple[Player, Player]
    first: int | None           # which of ``players`` starts (None: not said)


@dataclass(frozen=True)
class RoundSeats:
    division: str
    round: int
    seats: tuple[Seat, ...]     # alphabetical
    games: tuple[Game, ...]     # by table
    byes: tuple[Player, ...]


def sort_key(name: str) -> tuple[str, str]:
    """A name as an alphabetical list sorts it: accents and case aside, then as written."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return (bare.casefold(), name)


def table_key(table: str) -> tuple:
    """Tables by number (2 before 10), named tables after them."""
    return (0, int(table), "") if table.isdigit() else (1, 0, table)


def round_seats(division: str, round_number: int, players: Sequence[Player],
                pairings: Sequence[Pairing]) -> RoundSeats:
    """The round's seats and games (``pairings``: the division's, any round)."""
    by_number = {p.number: p for p in players}
    seats, games, byes = [], [], []
    for pairing in pairings:
        if pairing.round != round_number:
            continue
        a, b = pairing.players
        if a not in by_number or (b != NO_OPPONENT and b not in by_number):
            continue
        if b == NO_OPPONENT:
            seats.append(Seat(by_number[a], "", None, None))
            byes.append(by_number[a])
            continue
        first = pairing.first
        games.append(Game(pairing.table, (by_number[a], by_number[b]), first))
        for side, (own, other) in enumerate(((a, b), (b, a))):
            starts = None if first is None else first == side
            seats.append(Seat(by_number[own], pairing.table, by_number[other], starts))
    seats.sort(key=lambda s: sort_key(s.player.name))
    games.sort(key=lambda g: table_key(g.table))
    byes.sort(key=lambda p: sort_key(p.name))
    return RoundSeats(division, round_number, tuple(seats), tuple(games), tuple(byes))
