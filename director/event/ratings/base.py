"""What every rating system's estimate takes and gives, and the seam each system stands behind.

Takes plain values, so that any view of a division can feed it: each player's standing before
the event (``Entrant``: rating and rated games, 0 and 0 for a newcomer) and the event's rated
games (``Game``: round, the two players, the winner or a tie). Byes and forfeits are not games
here: the caller leaves them out, as the books say ("Wins awarded from byes shall not be counted
in ratings calculations", NZASP 9.3; "Forfeited games shall not be counted", 10.4; a late
forfeit "will not, however, count for ratings", ABSP 3.1.4).

Gives an ``Estimate`` per entrant: the rating before and the estimate after, or no estimate and
why (a case the system's document does not cover is said, never guessed).

A system is a ``RatingSystem``: its name, the documents its rules come from (``Source``), and
``estimate(entrants, games, rounds)``. A system whose rules could not be had raises
``SystemRefused`` naming what is missing (director.event.ratings.unpublished). Pure: no I/O, no
clock.
"""
from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar, Iterable, Mapping, Sequence


class RatingsError(ValueError):
    """Input an estimate cannot be made from: says which player or game, and what was expected."""


class SystemRefused(RatingsError):
    """A rating system this program does not estimate: says what of its rules could not be had
    (``missing``) and where they were looked for (``sources``)."""

    def __init__(self, system: str, missing: str, sources: Sequence["Source"] = ()):
        self.system, self.missing, self.sources = system, missing, tuple(sources)
        super().__init__(f"{system}: no estimate: {missing}")


class GamesNotKnown(RatingsError):
    """Rated players whose games before the event are not known, which the system needs."""

    def __init__(self, players: Sequence[int], why: str):
        self.players, self.why = tuple(players), why
        super().__init__(f"the rated games before the event of player(s) "
                         f"{', '.join(map(str, players))} are not known: {why}")


@dataclass(frozen=True)
class Source:
    """A document a system's rules are taken from: its title, address and date as published."""
    title: str
    url: str
    date: str = ""

    def cite(self) -> str:
        return f"{self.title} ({self.url}{', ' + self.date if self.date else ''})"


@dataclass(frozen=True)
class Entrant:
    """A player's standing before the event: ``rating`` (0: no rating yet, a newcomer) and
    ``games``, their rated games before it (None: not known)."""
    player: int
    rating: int
    games: int | None

    def __post_init__(self):
        if self.rating < 0:
            raise RatingsError(f"player {self.player}: a rating is 0 or more; got {self.rating}")
        if self.games is not None and self.games < 0:
            raise RatingsError(f"player {self.player}: games are 0 or more; got {self.games}")

    @property
    def new(self) -> bool:
        return self.rating == 0


@dataclass(frozen=True)
class Game:
    """One rated game: ``players`` (two entrants' numbers), ``winner`` the index of the winner in
    players, None for a tie."""
    round: int
    players: tuple[int, int]
    winner: int | None

    def __post_init__(self):
        if self.round < 1 or len(self.players) != 2 or self.players[0] == self.players[1]:
            raise RatingsError(f"round {self.round} game {self.players!r}: a game is two different "
                               "players in a round from 1")
        if self.winner not in (0, 1, None):
            raise RatingsError(f"round {self.round} game {self.players!r}: winner must be 0, 1 or "
                               f"None; got {self.winner!r}")

    def points(self, player: int) -> float:
        """What the game counts for ``player``: 1 a win, 0.5 a tie, 0 a loss."""
        if self.winner is None:
            return 0.5
        return 1.0 if self.players[self.winner] == player else 0.0

    def opponent(self, player: int) -> int:
        return self.players[1] if self.players[0] == player else self.players[0]


@dataclass(frozen=True)
class Estimate:
    """An entrant's rating before (``old``) and the estimate after (``new``); ``new`` None when the
    system's rules give none for them, ``why`` saying so."""
    player: int
    old: int
    new: int | None
    why: str = ""


class RatingSystem(ABC):
    """A rating system's estimate of every entrant's rating after the event."""
    name: ClassVar[str]             # the command line's name for it: naspa, aspa, nzasp
    title: ClassVar[str]            # the association's own name for the system
    sources: ClassVar[tuple[Source, ...]]

    @abstractmethod
    def estimate(self, entrants: Sequence[Entrant], games: Sequence[Game],
                 rounds: int) -> list[Estimate]:
        """Every entrant's estimate, in the order given; ``rounds``: the event's rounds (a system
        that rates a long event in parts divides them)."""


def games_of(entrants: Sequence[Entrant], games: Iterable[Game]) -> dict[int, list[Game]]:
    """Each entrant's games, checked: every game's players are entrants."""
    by_player: dict[int, list[Game]] = {e.player: [] for e in entrants}
    if len(by_player) != len(entrants):
        raise RatingsError("entrants: a player is given twice")
    for game in games:
        for number in game.players:
            if number not in by_player:
                raise RatingsError(f"round {game.round}: player {number} played but is no entrant")
            by_player[number].append(game)
    return by_player


def by_number(entrants: Iterable[Entrant]) -> Mapping[int, Entrant]:
    return {e.player: e for e in entrants}


def rounded(value: float) -> int:
    """To the nearest whole number, halves up (tsh's ``int(0.5 + x)`` for a rating)."""
    return math.floor(value + 0.5)
