"""Rating estimates: each player's rating after the event, under the system the event is rated by.

``system(name)`` is a ``RatingSystem`` (director.event.ratings.base): ``naspa``, ``aspa`` or
``nzasp``, each in a module of its own and each from the association's published rules; for
``absp`` and ``wespa`` it raises ``SystemRefused`` saying what could not be had
(director.event.ratings.unpublished). ``estimate(entrants, games, rounds)`` takes plain values:
each player's rating and rated games before the event, and the event's games (byes and forfeits
left out, as the books say). ``event_input`` reads them from the director's database. Pure but
for event_input.
"""
from .base import (
    Entrant, Estimate, Game, GamesNotKnown, RatingSystem, RatingsError, Source, SystemRefused)
from .aspa import Aspa
from .naspa import Naspa
from .nzasp import Nzasp

_SYSTEMS: dict[str, RatingSystem] = {s.name: s for s in (Naspa(), Aspa(), Nzasp())}
NAMES = ("naspa", "wespa", "absp", "nzasp", "aspa")


def system(name: str) -> RatingSystem:
    """The rating system of that name; SystemRefused for one whose rules could not be had."""
    if name not in NAMES:
        raise RatingsError(f"no rating system {name!r}; expected one of {', '.join(NAMES)}")
    if name not in _SYSTEMS:
        from .unpublished import refuse
        refuse(name)
    return _SYSTEMS[name]


__all__ = ["Entrant", "Estimate", "Game", "GamesNotKnown", "NAMES", "RatingSystem", "RatingsError",
           "Source", "SystemRefused", "system"]
