"""The results a tournament forwards (``python -m director results``; the page's results
downloads), as NZASP 11.4 asks: "The content of the results forwarded must include grade,
player's full name, club, number of wins, total spread, average points per game. Where a grade or
grades are not played as round robins, a copy of the draw for the grade must be included."

- ``csv``: exactly 11.4's columns (``COLUMNS``), a row per player, each grade's players in its
  placings' order (NZASP 11.1: wins, then total spread; the standings'), every cell escaped for
  spreadsheets;
- ``draw``: the draw of each grade not played as a round robin, as CSV (grade, round, table,
  player, opponent: ``bye`` for a bye);
- ``teams``: the team standings (NZASP 11.2: "the winner will be decided on the combined wins and
  spread of the team members in the same manner as Rule 11.1"), as CSV: rank, team, members,
  wins, spread; a team's members may play in any grade;
- ``html``: a page of its own, for printing (A4) or mailing: each grade's table and its draw if
  it is not a round robin, then the team standings when players have teams. The page shows it
  in the browser (director.web.routes.downloads), to print or to save.

A grade is a division. The full name is given name first (``Smylie, Jackson`` is Jackson Smylie),
as the ratings keep it; a team of two's members follow its name (school: "students play in teams
of two"). The club, the team and the members are the players' file's (a players CSV's columns, a
.t line's tags). Wins and spread are the standings' (director.event.standings), the average
points per game director.event.aggregates' (NZASP 9.2, 10.2's credits leave an average as it is).
A grade is a round robin when its draw is one (``round_robin``, ``double_round_robin``: the
page's choice or the config's, director.event.next_round.settings), from its first round on; a
grade paired in tsh is one when every two of its players (the withdrawn aside) were paired with
each other, each pair as often as every other. A grade drawn as a Swiss is said to be one.
"""
from __future__ import annotations

import csv
import html
import io
from dataclasses import dataclass

from common.game.rules import Rules

from director.event import counted, divisions, next_round
from director.event.draw import ROUND_ROBINS
from director.event.aggregates import Aggregate
from director.event.db import DirectorDB
from director.event.model import NO_OPPONENT, Player
from director.event.standings import Standing, csv_cell, format_spread, format_wins
from .tou import tou_name

FORMATS = ("html", "csv", "draw", "teams")
COLUMNS = ("grade", "full name", "club", "wins", "total spread", "average points per game")
DRAW_COLUMNS = ("grade", "round", "table", "player", "opponent")
TEAM_COLUMNS = ("rank", "team", "members", "wins", "spread")


@dataclass(frozen=True)
class TeamStanding:
    rank: int
    team: str
    members: tuple[str, ...]        # the full names of the team's players
    wins: float
    spread: int


@dataclass(frozen=True)
class Grade:
    name: str
    rows: list[tuple[Standing, Aggregate]]
    round_robin: bool
    draw: list[tuple[int, str, str, str]]       # (round, table, player, opponent or "bye")
    system: str = "tsh"                         # its draw (director.event.draw.SYSTEMS)


def full_name(player: Player) -> str:
    """The player's full name, given name first; a team of two's members after it."""
    name = tou_name(player.name)
    return f"{name} ({player.members})" if player.members else name


def grade(db: DirectorDB, rules: Rules, tournament: str, name: str, draws: dict | None = None) -> Grade:
    """One division's results as 11.4 forwards them; ``draws``: the config's draws ({"": every
    division's, NAME: one's}), under the page's choice."""
    view = counted.load(db, rules, tournament, name)
    roster, results, table, sums = list(view.players), view.results, view.standings, view.aggregates
    paired = {(p.round, tuple(sorted(p.players))): p.table for p in view.pairings}
    for r in results:
        paired.setdefault((r.round, tuple(sorted(r.players))), r.table)
    names = {p.number: full_name(p) for p in roster}
    draw = sorted((rnd, table_name, names[max(pair)] if NO_OPPONENT in pair else names[pair[0]],
                   "bye" if NO_OPPONENT in pair else names[pair[1]])
                  for (rnd, pair), table_name in paired.items() if all(n in names or n == NO_OPPONENT
                                                                       for n in pair))
    chosen, _ = next_round.settings(db, next_round.Event(rules, tournament, draws or {}), name)
    robin = chosen.system in ROUND_ROBINS or _round_robin(roster, paired)
    return Grade(name, [(s, sums[s.player.number]) for s in table], robin, draw, chosen.system)


def _round_robin(roster: list[Player], paired: dict) -> bool:
    active = [p.number for p in roster if not p.withdrawn]
    met: dict[tuple[int, int], int] = {}
    for _, pair in paired:
        if NO_OPPONENT not in pair:
            met[pair] = met.get(pair, 0) + 1
    wanted = [(a, b) for i, a in enumerate(sorted(active)) for b in sorted(active)[i + 1:]]
    counts = {met.get(pair, 0) for pair in wanted}
    return len(active) > 1 and len(counts) == 1 and 0 not in counts


def team_standings(table: list[Standing]) -> list[TeamStanding]:
    """NZASP 11.2: each team's members' wins and spread combined (its members in any grade),
    ranked as 11.1 ranks players (most wins, then highest spread); equal teams share a rank.
    Empty when no player has a team."""
    teams: dict[str, list[Standing]] = {}
    for s in table:
        if s.player.team:
            teams.setdefault(s.player.team, []).append(s)
    summed = [(team, tuple(full_name(s.player) for s in members), sum(s.wins for s in members),
               sum(s.spread for s in members)) for team, members in teams.items()]
    summed.sort(key=lambda t: (-t[2], -t[3], t[0].casefold()))
    out: list[TeamStanding] = []
    for place, (team, members, wins, spread) in enumerate(summed, 1):
        tied = out and (out[-1].wins, out[-1].spread) == (wins, spread)
        out.append(TeamStanding(out[-1].rank if tied else place, team, members, wins, spread))
    return out


def report(db: DirectorDB, rules: Rules, tournament: str, division: str | None = None,
           fmt: str = "html", draws: dict | None = None) -> str:
    """Every grade's results (or the one named) in ``fmt`` (one of FORMATS); ``draws``: the
    config's (which grades are round robins)."""
    names = [divisions.resolve(db, division)] if division else divisions.names(db)
    grades = [grade(db, rules, tournament, name, draws) for name in names]
    if fmt == "csv":
        return _csv(COLUMNS, [row for g in grades for row in _rows(g)])
    if fmt == "draw":
        return _csv(DRAW_COLUMNS, [(g.name, str(r), t, a, b) for g in grades if not g.round_robin
                                   for r, t, a, b in g.draw])
    teams = team_standings([s for g in grades for s, _ in g.rows])
    if fmt == "teams":
        return _csv(TEAM_COLUMNS, _team_rows(teams))
    settings = divisions.event_settings(db)
    return _html(grades, teams, settings.name or tournament or "Tournament", settings.date)


def _team_rows(teams: list[TeamStanding]) -> list[tuple[str, ...]]:
    return [(str(t.rank), t.team, " & ".join(t.members), format_wins(t.wins),
             format_spread(t.spread)) for t in teams]


def _rows(g: Grade) -> list[tuple[str, ...]]:
    return [(g.name, full_name(s.player), s.player.club, format_wins(s.wins),
             format_spread(s.spread), f"{a.average_points:.1f}") for s, a in g.rows]


def _csv(columns: tuple[str, ...], rows: list) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    writer.writerows([csv_cell(v) for v in row] for row in rows)
    return out.getvalue()


def _table(columns, rows, numeric_from: int) -> str:
    def cell(tag: str, i: int, v: str) -> str:
        align = ' class="n"' if i >= numeric_from else ""
        return f"<{tag}{align}>{html.escape(v)}</{tag}>"
    head = "".join(cell("th", i, c) for i, c in enumerate(columns))
    body = "\n".join("<tr>" + "".join(cell("td", i, v) for i, v in enumerate(row)) + "</tr>"
                     for row in rows)
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>"


def _html(grades: list[Grade], teams: list[TeamStanding], event: str, date: str) -> str:
    body = [f"<h1>{html.escape(event)}: results</h1>"] + ([f"<p>{html.escape(date)}</p>"] if date else [])
    for g in grades:
        body.append(f"<h2>Grade {html.escape(g.name)}</h2>")
        body.append(_table(COLUMNS, _rows(g), 3))
        if not g.round_robin:
            what = "not a round robin: a Swiss" if g.system == "swiss" else "not a round robin"
            body.append(f"<h3>The draw for grade {html.escape(g.name)} ({what})</h3>")
            body.append(_table(DRAW_COLUMNS[1:], [(str(r), t, a, b) for r, t, a, b in g.draw], 9))
    if teams:
        body.append("<h2>Teams: the members' wins and spread combined</h2>")
        body.append(_table(TEAM_COLUMNS, _team_rows(teams), 3))
    return ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{html.escape(event)}: results</title>\n<style>body{{font-family:sans-serif}}"
            "table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px solid #ccc;"
            "text-align:left}.n{text-align:right}@page{size:A4;margin:15mm}"
            "thead{display:table-header-group}tr{break-inside:avoid}</style>\n"
            "</head>\n<body>\n" + "\n".join(body) + "\n</body>\n</html>\n")
