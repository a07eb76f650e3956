"""The draw's settings (which system pairs a division, its seeding, its rounds, its king-of-the-hill
rounds, its Gibsonization) and the error a draw that cannot be made raises. Pure: no I/O."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from director.event.model import NO_OPPONENT, Pairing, Player

SYSTEMS = ("round_robin", "double_round_robin", "swiss", "tsh")
ROUND_ROBINS = ("round_robin", "double_round_robin")
SEEDINGS = ("rating", "file")
MAX_ROUNDS = 1000


class DrawError(ValueError):
    """Settings or a round that cannot be drawn: says which field or round, and what is allowed."""


@dataclass(frozen=True)
class DrawSettings:
    """How a division is drawn.

    ``system``: one of SYSTEMS ("tsh": the draw is tsh's, its pairings come from tsh imports; only
    king-of-the-hill rounds are drawn here, when ``rounds`` says which are last).
    ``king_of_the_hill``: the last N rounds are paired 1 v 2, 3 v 4... by standing (not for round
    robins). ``seeding``: "rating" (highest first) or "file" (player number order), for round one
    and the round robins' seeds. ``rounds``: the division's rounds (0: as many as the system has:
    a round robin's, and a Swiss's as many as a round robin of its players would have, every
    player meeting every other once; required for king-of-the-hill rounds, to know which are
    last). ``gibson``: the places the prizes go to, for Gibsonization as tsh does it (0: none): a
    leader no one can catch for first place meets the highest-ranked player who can no longer
    finish in those places (director.event.draw.gibson; not for round robins).
    """
    system: str = "tsh"
    king_of_the_hill: int = 0
    seeding: str = "rating"
    rounds: int = 0
    gibson: int = 0

    def __post_init__(self):
        if self.system not in SYSTEMS:
            raise DrawError(f"draw: system must be one of {', '.join(SYSTEMS)}; got {self.system!r}")
        if self.seeding not in SEEDINGS:
            raise DrawError(f"draw: seeding must be one of {', '.join(SEEDINGS)}; "
                            f"got {self.seeding!r}")
        for name in ("king_of_the_hill", "rounds", "gibson"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_ROUNDS:
                raise DrawError(f"draw: {name} must be a whole number from 0 to {MAX_ROUNDS}; "
                                f"got {value!r}")
        for name in ("king_of_the_hill", "gibson"):
            value = getattr(self, name)
            if value and self.system in ROUND_ROBINS:
                raise DrawError(f"draw: {name} must be 0 for a {self.system.replace('_', ' ')} "
                                f"(its rounds are fixed); got {value}")
        if self.king_of_the_hill and self.rounds < self.king_of_the_hill:
            raise DrawError(f"draw: rounds must be at least king_of_the_hill "
                            f"({self.king_of_the_hill}) to know which rounds are last; "
                            f"got {self.rounds}")

    def is_king_of_the_hill(self, round_number: int) -> bool:
        """Whether ``round_number`` is one of the last king-of-the-hill rounds."""
        return bool(self.king_of_the_hill) and round_number > self.rounds - self.king_of_the_hill


def seeded(settings: DrawSettings, players: Iterable[Player]) -> list[Player]:
    """``players`` in seed order: highest rating first (then player number), or player number
    order for the "file" seeding."""
    if settings.seeding == "file":
        return sorted(players, key=lambda p: p.number)
    return sorted(players, key=lambda p: (-p.rating, p.number))


def scheduled(players: Sequence[Player], pairings: Iterable[Pairing] = ()) -> list[Player]:
    """The players a round robin's schedule holds: everyone not withdrawn, and a withdrawn
    player who was paired in an earlier round (their later opponents get byes, and the schedule
    stays the one already played)."""
    paired = {n for p in pairings for n in p.players if n != NO_OPPONENT}
    return [p for p in players if not p.withdrawn or p.number in paired]


def round_count(settings: DrawSettings, players: Sequence[Player],
                pairings: Iterable[Pairing] = ()) -> int:
    """The division's rounds: ``settings.rounds`` when set, else what a round robin of the
    scheduled players needs (n - 1, or n when n is odd; doubled for a double round robin), a
    Swiss as many as a single one (every player could meet every other once); 0 for tsh with no
    rounds set (tsh's draw, not ours)."""
    if settings.rounds:
        return settings.rounds
    if settings.system == "tsh":
        return 0
    n = len(scheduled(players, pairings))
    once = 0 if n < 2 else (n - 1 if n % 2 == 0 else n)
    return once * (2 if settings.system == "double_round_robin" else 1)
