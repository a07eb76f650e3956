"""The sheets a director pins up: a round's pairings (by player name and by table,
director.event.seating) and each division's wall chart (director.event.wallchart), as text, CSV
(the same numbers as the page) and HTML (the page's printable sheets, director.web.routes.sheets,
and the public view's wall chart).

- pairings CSV (``PAIRINGS_COLUMNS``): one row per player, alphabetical, each division's round
  in turn: ``starts`` is ``first``, ``second`` or empty (not said);
- wall chart CSV (``WALL_COLUMNS``): one row per player and round: the opponent's number and
  name, the result (director.event.wallchart's letters), both scores, the spread as it counts,
  and the wins, losses and spread after the round.

The wall chart's HTML is cut into blocks of rounds (``rounds_per_block``), each a table of its
own with the players' numbers and names, so that an A4 landscape page holds a block's width with
every name whole; the blocks and the rows run over as many pages as they need.
"""
from __future__ import annotations

import csv
import html
import io
from typing import Sequence

from director.config import DirectorConfig
from director.event import counted, divisions, rounds
from director.event.db import DirectorDB
from director.event.model import ModelError
from director.event.seating import RoundSeats, round_seats
from director.event.standings import csv_cell, format_spread, format_wins
from director.event.wallchart import LEGEND, Cell, WallChart, wall_chart

FORMATS = ("text", "csv", "html")
PAIRINGS_COLUMNS = ("division", "round", "name", "table", "opponent", "starts")
WALL_COLUMNS = ("division", "number", "name", "round", "opponent", "opponent_name", "result",
                "score", "opponent_score", "spread", "wins", "losses", "total_spread")
PAGE_MM = 277               # an A4 landscape page's width inside 10 mm margins
ROUND_MM = 25               # a round's column, as static/print.css sets it
NAME_CHAR_MM = 1.75         # a name's character at the chart's type size, on average (generous)


def _names(db: DirectorDB, division: str | None) -> list[str]:
    return [divisions.resolve(db, division)] if division else divisions.names(db)


# --- pairings ------------------------------------------------------------------------------------

def seats(db: DirectorDB, config: DirectorConfig, division: str | None = None,
          round_number: int | None = None) -> list[RoundSeats]:
    """Each division's round (``round_number``, else its round in play), as seats and games."""
    out = []
    for name in _names(db, division):
        view = counted.load(db, config.rules, config.tournament, name)
        number = round_number or rounds.current_round(db, name)
        if round_number and round_number > view.last_paired:
            raise ModelError(f"division {name} has no pairings for round {round_number} (its "
                             f"last paired round is {view.last_paired or 'none yet'})")
        out.append(round_seats(name, number or 0, view.players, view.pairings))
    return out


def starts_word(starts: bool | None) -> str:
    return "" if starts is None else "first" if starts else "second"


def pairings_report(db: DirectorDB, config: DirectorConfig, division: str | None,
                    round_number: int | None, fmt: str) -> str:
    made = seats(db, config, division, round_number)
    if fmt == "csv":
        return pairings_csv(made)
    if fmt == "html":
        return _page("pairings", pairings_html(made))
    lines = []
    for r in made:
        lines += [f"Division {r.division} round {r.round}: by name", ""]
        width = max([len(s.player.name) for s in r.seats] + [4])
        for s in r.seats:
            against = s.opponent.name if s.opponent else "bye"
            lines.append(f"  {s.player.name:<{width}}  {s.table or '-':>5}  {against}"
                         + (f"  ({starts_word(s.starts)})" if s.starts is not None else ""))
        lines += ["", f"Division {r.division} round {r.round}: by table", ""]
        for g in r.games:
            a, b = g.players if g.first != 1 else g.players[::-1]
            lines.append(f"  {g.table:>5}  {a.name} - {b.name}"
                         + ("  (first starts)" if g.first is not None else ""))
        lines += [f"  {'bye':>5}  {p.name}" for p in r.byes] + [""]
    return "\n".join(lines)


def pairings_csv(made: Sequence[RoundSeats]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(PAIRINGS_COLUMNS)
    for r in made:
        writer.writerows([csv_cell(r.division), r.round, csv_cell(s.player.name), csv_cell(s.table),
                          csv_cell(s.opponent.name if s.opponent else "bye"),
                          starts_word(s.starts)] for s in r.seats)
    return out.getvalue()


def pairings_html(made: Sequence[RoundSeats]) -> str:
    e = html.escape
    out = []
    for r in made:
        head = f"Division {e(r.division)}, round {r.round}"
        out.append(f'<section class="sheet by-name" data-division="{e(r.division)}">'
                   f"<h2>{head}: by name</h2>"
                   '<table class="pairings by-name"><thead><tr><th>Name</th><th>Table</th>'
                   "<th>Opponent</th><th>Starts</th></tr></thead><tbody>")
        for s in r.seats:
            out.append(f'<tr><td class="name">{e(s.player.name)}</td>'
                       f'<td class="table">{e(s.table) or "&ndash;"}</td>'
                       f'<td class="name">{e(s.opponent.name) if s.opponent else "bye"}</td>'
                       f'<td class="starts">{starts_word(s.starts)}</td></tr>')
        out.append("</tbody></table></section>")
        out.append(f'<section class="sheet by-table" data-division="{e(r.division)}">'
                   f"<h2>{head}: by table</h2>"
                   '<table class="pairings by-table"><thead><tr><th>Table</th><th>Starts</th>'
                   "<th>Second</th></tr></thead><tbody>")
        for g in r.games:
            a, b = g.players if g.first != 1 else g.players[::-1]
            said = "" if g.first is not None else ' title="who starts is not said"'
            out.append(f'<tr><td class="table">{e(g.table)}</td><td class="name"{said}>'
                       f'{e(a.name)}</td><td class="name">{e(b.name)}</td></tr>')
        out += [f'<tr><td class="table">bye</td><td class="name">{e(p.name)}</td><td></td></tr>'
                for p in r.byes]
        out.append("</tbody></table>")
        if any(g.first is None for g in r.games):
            out.append('<p class="note">Where no one is said to start, the players decide as '
                       "the book says; the first named is not the one to start.</p>")
        out.append("</section>")
    return "\n".join(out)


# --- the wall chart ------------------------------------------------------------------------------

def charts(db: DirectorDB, config: DirectorConfig, division: str | None = None) -> list[WallChart]:
    out = []
    for name in _names(db, division):
        view = counted.load(db, config.rules, config.tournament, name)
        out.append(wall_chart(name, view.players, view.pairings, view.results, view.rules,
                              view.standings))
    return out


def wallchart_report(db: DirectorDB, config: DirectorConfig, division: str | None,
                     fmt: str) -> str:
    made = charts(db, config, division)
    if fmt == "csv":
        return wallchart_csv(made)
    if fmt == "html":
        return _page("wall chart", wallchart_html(made))
    lines = []
    for chart in made:
        names = {row.player.number: row.player.name for row in chart.rows}
        lines += [f"Division {chart.division}: wall chart ({chart.rounds} rounds)", ""]
        for row in chart.rows:
            lines.append(f"{row.player.number:>4} {row.player.name}")
            for cell in row.cells:
                lines.append(f"       {cell.round:>3}  {_cell_text(cell, names)}")
        lines.append("")
    return "\n".join(lines)


def _cell_text(cell: Cell, names: dict[int, str]) -> str:
    against = f"#{cell.opponent} {names.get(cell.opponent, '')}" if cell.opponent else ""
    if not cell.result:
        return f"{against} (no result yet)" if against else "not paired"
    scores = f" {cell.scores[0]}-{cell.scores[1]}" if cell.scores else ""
    spread = f" {format_spread(cell.spread)}" if cell.spread is not None else ""
    return (f"{cell.result}{scores}{spread} {against}".rstrip()
            + f"  {format_wins(cell.wins)}-{format_wins(cell.losses)} {format_spread(cell.total)}")


def wallchart_csv(made: Sequence[WallChart]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(WALL_COLUMNS)
    for chart in made:
        names = {row.player.number: row.player.name for row in chart.rows}
        for row in chart.rows:
            for c in row.cells:
                writer.writerow([csv_cell(chart.division), row.player.number,
                                 csv_cell(row.player.name), c.round, c.opponent or "",
                                 csv_cell(names.get(c.opponent, "")), csv_cell(c.result),
                                 *(c.scores if c.scores else ("", "")),
                                 "" if c.spread is None else c.spread, format_wins(c.wins),
                                 format_wins(c.losses), c.total])
    return out.getvalue()


def rounds_per_block(chart: WallChart) -> int:
    """How many rounds an A4 landscape page holds beside the longest name, whole."""
    longest = max([len(row.player.name) for row in chart.rows] + [8])
    room = PAGE_MM - 12 - longest * NAME_CHAR_MM - 4
    return max(2, min(12, int(room // ROUND_MM)))


def wallchart_html(made: Sequence[WallChart]) -> str:
    e = html.escape
    out = []
    for chart in made:
        names = {row.player.number: row.player.name for row in chart.rows}
        step = rounds_per_block(chart)
        blocks = [range(start, min(start + step, chart.rounds + 1))
                  for start in range(1, chart.rounds + 1, step)] or [range(1, 1)]
        out.append(f'<section class="wallchart" data-division="{e(chart.division)}">')
        for block in blocks:
            span = (f"rounds {block.start} to {block.stop - 1}" if len(block) > 1
                    else f"round {block.start}" if len(block) else "no rounds yet")
            out.append(f"<h2>Division {e(chart.division)}: wall chart, {span}</h2>"
                       '<table class="wall"><thead><tr><th class="num">No</th><th>Name</th>'
                       + "".join(f'<th class="round">{r}</th>' for r in block)
                       + "</tr></thead><tbody>")
            for row in chart.rows:
                cells = "".join(_cell_html(row.cells[r - 1], names) for r in block)
                out.append(f'<tr data-player="{row.player.number}"><td class="num">'
                           f'{row.player.number}</td><td class="name">{e(row.player.name)}</td>'
                           f"{cells}</tr>")
            out.append("</tbody></table>")
        out.append('<p class="legend">' + " · ".join(f"{k} {v}" for k, v in LEGEND.items())
                   + "; under each result the scores, then the wins, losses and spread after "
                     "the round.</p></section>")
    return "\n".join(out)


def _cell_html(cell: Cell, names: dict[int, str]) -> str:
    e = html.escape
    against = (f'<span class="opp" title="{e(names.get(cell.opponent, ""))}">#{cell.opponent}'
               "</span>" if cell.opponent else "")
    if not cell.result:
        return f'<td class="cell pending">{against}</td>'
    spread = f" {format_spread(cell.spread)}" if cell.spread is not None else ""
    scores = f"{cell.scores[0]}-{cell.scores[1]}" if cell.scores else "&nbsp;"
    kind = "none" if cell.result == "-" else cell.result.lower()
    return (f'<td class="cell r-{kind}"><div>{against} '
            f'<b>{e(cell.result)}</b>{spread}</div><div>{scores}</div>'
            f'<div class="after">{format_wins(cell.wins)}-{format_wins(cell.losses)} '
            f"{format_spread(cell.total)}</div></td>")


def _page(what: str, body: str) -> str:
    return ('<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{what}</title></head>\n<body>\n{body}\n</body></html>\n")
