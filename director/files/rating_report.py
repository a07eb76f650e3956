"""Each player's rating estimate after the event, under the system it is rated by, as text or CSV
(``python -m director ratings``; the estimates themselves: director.event.ratings).

The ratings before the event come from a ratings list when one is given (director.files.csv_io:
name, rating, games; a name matches a player as written or given name first, ``Jackson
Smylie`` for ``Smylie, Jackson``, case and spacing aside), else from the players' file (each
player's rating, and their games from a tsh ``lifeg`` tag). A listed name the event does not have
is named and left out; a player the list does not name is named and rated as a newcomer, as the
ratings programs treat a name they do not find ("Please check whether players flagged as being
novices are really novices and not merely a misspelling", the ASPA's ratings page): the rest are
estimated as usual.

CSV: ``division, player, old, new`` (``new`` empty where the system gives no estimate); text: the
system and its documents, then per division each player's old rating, the estimate and the
change, or why there is none. Either way what was left out is in ``notes``.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Sequence

from common.game.rules import Rules

from director.config import DirectorConfig
from director.event import divisions, ratings
from director.event.db import DirectorDB
from director.event.model import Player, name_key
from director.event.ratings import Entrant, Estimate, GamesNotKnown, RatingSystem
from director.event.ratings.event_input import DivisionInput, division_input
from director.event.standings import csv_cell
from director.event.tournament import players as event_players

from .csv_io import CsvError, ListedRating, read_ratings_list
from .tou import tou_name

FORMATS = ("text", "csv")
CSV_COLUMNS = ("division", "player", "old", "new")


@dataclass
class Report:
    text: str
    notes: list[str] = field(default_factory=list)      # what was left out, said on standard error
    refused: list[str] = field(default_factory=list)    # divisions the system gives no estimate for


@dataclass(frozen=True)
class _Division:
    input: DivisionInput
    estimates: list[Estimate]


def report(db: DirectorDB, rules: Rules, tournament: str, division: str | None, fmt: str,
           system: RatingSystem, listed: Sequence[ListedRating] | None) -> Report:
    out = Report("")
    names = [divisions.resolve(db, division)] if division else divisions.names(db)
    if listed is not None:
        out.notes += _unknown_names(listed, event_players(db))
    done = []
    for name in names:
        made = _estimated(db, rules, tournament, name, system, listed, out)
        if made is not None:
            done.append(made)
    out.text = _csv(done) if fmt == "csv" else _text(done, system)
    if fmt == "csv":
        out.notes += [f"division {d.input.division}: {_name(d, e.player)}: no estimate: {e.why}"
                      for d in done for e in d.estimates if e.new is None]
    return out


def _estimated(db: DirectorDB, rules: Rules, tournament: str, name: str, system: RatingSystem,
               listed: Sequence[ListedRating] | None, out: Report) -> _Division | None:
    """The division's estimates (None: refused, said in ``out.refused``; what was left out in
    ``out.notes``)."""
    given = division_input(db, rules, tournament, name)
    out.notes += [f"division {name}: {p}" for p in given.problems]
    entrants = given.entrants
    if listed is not None:
        entrants, missing = _from_list(given.players, listed)
        if missing:
            out.notes.append(f"division {name}: not in the ratings list, rated as newcomers "
                             f"(check the spelling): {_some(missing, 20)}")
    try:
        return _Division(given, system.estimate(entrants, given.games, given.rounds))
    except GamesNotKnown as exc:
        who = _some([p.name for p in given.players if p.number in exc.players])
        out.refused.append(f"division {name}: no estimate: the rated games before the event of "
                           f"{who} are not known (no lifeg tag in the players' file; give "
                           f"them in a ratings list, --ratings LIST.csv or the config's "
                           f"ratings.list): {exc.why}")
        return None


def division_estimates(db: DirectorDB, rules: Rules, tournament: str, name: str,
                       system: RatingSystem, listed: Sequence[ListedRating] | None
                       ) -> tuple[dict[int, Estimate], str]:
    """The division's estimates by player number, for the standings (director.event.standings'
    estimate column), and why there are none when the system gives none ("" otherwise)."""
    out = Report("")
    made = _estimated(db, rules, tournament, name, system, listed, out)
    if made is None:
        return {}, "; ".join(out.refused)
    return {e.player: e for e in made.estimates}, ""


def standings_estimates(db: DirectorDB, config: DirectorConfig,
                        name: str) -> tuple[dict[int, Estimate] | None, str]:
    """What the standings show of the division's rating estimates under the config's
    ``ratings.system`` (and ``ratings.list``): the estimates by player number and the note under
    the table; (None, "") without a system, (None, why) when there is none to give."""
    if not config.rating_system:
        return None, ""
    system = ratings.system(config.rating_system)
    try:
        listed = read_ratings_list(config.ratings_list) if config.ratings_list else None
    except (OSError, CsvError) as exc:
        return None, f"No rating estimates: the ratings list {config.ratings_list}: {exc}"
    made, why = division_estimates(db, config.rules, config.tournament, name, system, listed)
    if why:
        return None, f"No rating estimates ({system.title}): {why}"
    return made, (f"Estimate: each player's rating after the event by the published rules of "
                  f"{system.title}, worked out here from the results so far: an estimate, not "
                  "the published rating.")


def _matches(listed: ListedRating, player: Player) -> bool:
    key = name_key(listed.name)
    return key in (name_key(player.name), name_key(tou_name(player.name)))


def _unknown_names(listed: Sequence[ListedRating], everyone: Sequence[Player]) -> list[str]:
    unknown = [f"{row.name} (line {row.line})" for row in listed
               if not any(_matches(row, p) for p in everyone)]
    return [f"the ratings list names players the event does not have, left out: "
            f"{', '.join(unknown)}"] if unknown else []


def _from_list(roster: Sequence[Player], listed: Sequence[ListedRating]) -> tuple[list[Entrant], list[str]]:
    entrants, missing = [], []
    for player in roster:
        row = next((r for r in listed if _matches(r, player)), None)
        if row is None:
            missing.append(player.name)
        entrants.append(Entrant(player.number, row.rating if row else 0, row.games if row else 0))
    return entrants, missing


def _some(names: Sequence[str], shown: int = 6) -> str:
    """Names to say, the first few of a long list and how many more."""
    more = len(names) - shown
    return ", ".join(names[:shown]) + (f" and {more} more" if more > 0 else "")


def _name(division: _Division, number: int) -> str:
    return next(p.name for p in division.input.players if p.number == number)


def _csv(done: Sequence[_Division]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_COLUMNS)
    for d in done:
        for e in d.estimates:
            writer.writerow([csv_cell(d.input.division), csv_cell(_name(d, e.player)), e.old,
                             "" if e.new is None else e.new])
    return buffer.getvalue()


def _text(done: Sequence[_Division], system: RatingSystem) -> str:
    lines = [f"{system.title}: an estimate, not the association's published rating", "from:"]
    lines += [f"  {source.cite()}" for source in system.sources]
    for d in done:
        width = max([len(p.name) for p in d.input.players] + [6])
        lines += ["", f"Division {d.input.division} ({len(d.input.games)} rated games, "
                      f"{d.input.rounds} rounds)",
                  f"  {'player':<{width}}   old   new  change"]
        for e in d.estimates:
            change = f"{e.new - e.old:>+6}" if e.old else "   new"
            after = f"{e.new:>5}  {change}" if e.new is not None else f"    -  no estimate: {e.why}"
            lines.append(f"  {_name(d, e.player):<{width}} {e.old:>5} {after}")
    return "\n".join(lines) + "\n"
