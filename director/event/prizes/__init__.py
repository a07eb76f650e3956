"""The prize table (tsh's PRiZes): who won what, division by division, from the division as
counted (director.event.counted) and its tables' turns (``turns``), under the prize settings
(``settings``: the config's ``[prizes]``, or the director's choice on the page, ``choices``).
The awards themselves are pure (``awards``); ``load`` reads what they are made from.

``load(db, event, division)`` is one division's ``DivisionPrizes``: its settings, its awards,
after which round they stand and whether the division is over (``final``: its last round, as
its draw knows it, has every result: the public view shows the table from then). A setting the
event cannot satisfy (a band no player is in, a ``[prizes.DIVISION]`` for no division, class
prizes without classes) raises PrizeError naming the key.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from common.game.rules import Rules

from director.event import counted, divisions, next_round
from director.event.counted import CountedDivision
from director.event.db import DirectorDB
from director.event.draw import round_count

from . import choices, turns
from .awards import KINDS, TITLES, Award, PrizeInput, Turn, Winner, ordinal, prize_table
from .settings import FIELDS, Band, PrizeError, PrizeSettings, check_divisions, check_players, resolve

__all__ = ["Award", "Band", "DivisionPrizes", "FIELDS", "KINDS", "PrizeError", "PrizeEvent",
           "PrizeInput", "PrizeSettings", "TITLES", "Turn", "Winner", "check_divisions", "choose",
           "division_settings", "is_final", "progress",
           "forget", "load", "load_all", "ordinal", "prize_table"]


@dataclass(frozen=True)
class PrizeEvent:
    """What the prizes need of the director's config: the rules and tournament results count
    under, the ``[prizes]`` tables ({"": [prizes]'s keys, NAME: [prizes.NAME]'s}) and the file
    they came from (for the refusals), and the draws (the config's ``[draw]``: a division's
    last round)."""
    rules: Rules
    tournament: str
    prizes: Mapping[str, Mapping] = field(default_factory=dict)
    source: str = ""
    draws: Mapping[str, Mapping] = field(default_factory=dict)


@dataclass(frozen=True)
class DivisionPrizes:
    """A division's prize table: ``settings`` and where they were chosen (``page`` or
    ``config``), its ``awards``, ``done`` (its first rounds with every result in), ``last`` (its
    last round as its draw knows it; 0: not known) and ``final`` (the last round is in)."""
    division: str
    settings: PrizeSettings
    chosen: str
    awards: tuple[Award, ...]
    done: int
    last: int
    final: bool


def division_settings(db: DirectorDB, event: PrizeEvent, division: str) -> tuple[PrizeSettings, str]:
    """The division's settings and where they were chosen: ``page`` or ``config``."""
    chosen = choices.choice(db, division)
    settings = resolve(event.prizes, division, chosen, event.source)
    return settings, "page" if chosen is not None else "config"


def load(db: DirectorDB, event: PrizeEvent, division: str | None = None) -> DivisionPrizes:
    """The division's prize table now (the event's only division if not named)."""
    check_divisions(event.prizes, divisions.names(db), event.source)
    view = counted.load(db, event.rules, event.tournament, division)
    settings, chosen = division_settings(db, event, view.name)
    classes = classes_of(view)
    check_players(settings, view.name, view.players, classes)
    given = PrizeInput(view.name, view.players, view.standings, view.results, classes,
                       turns.load(db, view) if settings.high_word else (),
                       view.rules.result.ranking)
    done = completed(view)
    last = last_round(db, event, view)
    return DivisionPrizes(view.name, settings, chosen, tuple(prize_table(given, settings)), done,
                          last, bool(last) and done >= last)


def choose(db: DirectorDB, event: PrizeEvent, division: str, values: Mapping,
           now_wall: float) -> PrizeSettings:
    """Keep ``values`` (some of FIELDS) as the division's settings chosen on the page, over what
    it has now, once they are checked against its players: PrizeError naming the key (and
    nothing kept) for a setting it cannot satisfy."""
    name = divisions.resolve(db, division)
    base, _ = division_settings(db, event, name)
    merged = {**base.as_dict(), **values}
    settings = resolve({}, name, merged)
    view = counted.load(db, event.rules, event.tournament, name)
    check_players(settings, name, view.players, classes_of(view))
    choices.choose(db, name, merged, now_wall, base)
    return settings


def forget(db: DirectorDB, division: str) -> None:
    """The division's settings the config's again."""
    choices.forget(db, divisions.resolve(db, division))


def progress(db: DirectorDB, event: PrizeEvent, division: str) -> tuple[int, int]:
    """The division's first rounds with every result in, and its last round as its draw knows it
    (0: not known)."""
    view = counted.load(db, event.rules, event.tournament, division)
    return completed(view), last_round(db, event, view)


def is_final(db: DirectorDB, event: PrizeEvent, division: str) -> bool:
    """Whether the division's last round (as its draw knows it) has every result in."""
    done, last = progress(db, event, division)
    return bool(last) and done >= last


def load_all(db: DirectorDB, event: PrizeEvent) -> list[DivisionPrizes]:
    """Every division's prize table, in the event's order."""
    return [load(db, event, name) for name in divisions.names(db)]


def classes_of(view: CountedDivision) -> dict[int, str]:
    """Each player's class, as the players' file gave it (tsh's ``class`` tag)."""
    out = {}
    for number, tags in view.tags.items():
        for tag, *values in tags:
            if tag == "class" and values and str(values[0]).strip():
                out[number] = str(values[0]).split()[0]
    return out


def completed(view: CountedDivision) -> int:
    """The division's first rounds whose every pairing has its result."""
    done = 0
    while done < view.last_paired and view.complete(done + 1):
        done += 1
    return done


def last_round(db: DirectorDB, event: PrizeEvent, view: CountedDivision) -> int:
    """The division's last round as its draw knows it (``draw.rounds``, a round robin's
    rounds), or 0 when it does not (tsh's draw without ``draw.rounds``)."""
    chosen, _ = next_round.settings(db, next_round.Event(event.rules, event.tournament,
                                                         dict(event.draws)), view.name)
    return round_count(chosen, view.players, view.pairings)
