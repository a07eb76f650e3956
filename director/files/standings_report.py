"""The standings a director prints or pins up (``python -m director standings``): the same numbers
as the page, with the event's name and date, each division's round and the order it is ranked in.

- ``text``: a heading, then per division a line saying after which round (and what of the next
  is in), the order and the spread cap, then the table in columns;
- ``csv``: the page's standings CSV (director.event.standings.standings_csv, every cell escaped
  for spreadsheets) with four more columns on every row: ``event``, ``date``, ``after_round``
  and ``ranked_by``;
- ``html``: a page of its own, for printing: the heading, and per division its line and table
  (``html_body`` gives the heading and tables alone: the page's printable standings,
  director.web.routes.print_pages, put them in its own page).

A division's round: the last of its first rounds whose every pairing has its result
(director.files.exports.completed_rounds), and how many results of the round after it are in.
"""
from __future__ import annotations

import csv
import html
import io
from dataclasses import dataclass
from typing import Callable

from common.game.rules import Rules

from director.event import counted, divisions
from director.event.db import DirectorDB
from director.event.standings import ORDERS, Standing, csv_cell, render_standings_html, standings_csv
from .exports import completed_rounds

FORMATS = ("text", "csv", "html")
Estimates = Callable[[str], tuple]          # a division's name -> (estimates or None, note)
TEXT_COLUMNS = (("Rank", 4), ("No", 4), ("Name", -24), ("Rating", 6), ("Wins", 5), ("Losses", 6),
                ("Spread", 7), ("Games", 5))


@dataclass(frozen=True)
class DivisionReport:
    name: str
    standings: list[Standing]
    after: str              # "after round 3 (round 4: 5 of 13 results in)"
    order: str              # the order in words
    caps: str               # "spreads capped at 100 a game", or ""


def report(db: DirectorDB, rules: Rules, tournament: str, division: str | None = None,
           fmt: str = "text") -> str:
    """The standings of every division (or the one named) in ``fmt``, ranked in the book's order."""
    settings = divisions.event_settings(db)
    event = settings.name or tournament or "Tournament"
    names = [divisions.resolve(db, division)] if division else divisions.names(db)
    parts = [_division(db, rules, tournament, name) for name in names]
    if fmt == "csv":
        return _csv(parts, event, settings.date)
    if fmt == "html":
        return _html(parts, event, settings.date)
    return _text(parts, event, settings.date)


def html_body(db: DirectorDB, rules: Rules, tournament: str, division: str | None = None,
              estimates: Estimates | None = None) -> tuple[str, str]:
    """The event's name and the ``html`` format's body: its heading, each division's line and
    table; ``estimates(division)``: each player's rating estimate and the note under the table
    (director.files.rating_report.standings_estimates), shown in a last column."""
    settings = divisions.event_settings(db)
    event = settings.name or tournament or "Tournament"
    names = [divisions.resolve(db, division)] if division else divisions.names(db)
    return event, _body([_division(db, rules, tournament, name) for name in names], event,
                        settings.date, estimates)


def _division(db: DirectorDB, rules: Rules, tournament: str, name: str) -> DivisionReport:
    view = counted.load(db, rules, tournament, name)
    results = list(view.results)
    done, _ = completed_rounds(list(view.pairings), results)
    later = [r for r in results if r.round == done + 1]
    paired = {p.players for p in view.round_pairings(done + 1)}
    after = f"after round {done}" if done else "before round 1"
    if later:
        after += f" (round {done + 1}: {len(later)} of {len(paired) or len(later)} results in)"
    caps = view.rules.result.spread_caps
    cap_words = ""
    if caps:
        cap_words = "spreads capped at " + ", ".join(
            f"{cap} in round {i}" if i < len(caps) else f"{cap} in round {i} on"
            for i, cap in enumerate(caps, 1)) if len(caps) > 1 else f"spreads capped at {caps[0]} a game"
    return DivisionReport(name, list(view.standings), after, ORDERS[rules.result.ranking], cap_words)


def _line(part: DivisionReport) -> str:
    return " · ".join(x for x in (f"Division {part.name} {part.after}", f"ranked by {part.order}",
                                  part.caps) if x)


def _text(parts: list[DivisionReport], event: str, date: str) -> str:
    out = [" · ".join(x for x in (event, date) if x), ""]
    for part in parts:
        out += [_line(part), ""]
        out.append(" ".join(f"{title:<{-w}}" if w < 0 else f"{title:>{w}}" for title, w in TEXT_COLUMNS))
        for s in part.standings:
            values = ("" if s.rank is None else str(s.rank), str(s.player.number), s.player.name,
                      str(s.player.rating), f"{s.wins:g}", f"{s.losses:g}",
                      f"{s.spread:+d}" if s.spread else "0", str(s.games))
            row = " ".join(f"{v:<{-w}}" if w < 0 else f"{v:>{w}}"
                           for v, (_, w) in zip(values, TEXT_COLUMNS))
            out.append((row + ("   withdrawn" if s.rank is None else "")).rstrip())
        out.append("")
    return "\n".join(out)


def _csv(parts: list[DivisionReport], event: str, date: str) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    for i, part in enumerate(parts):
        rows = list(csv.reader(io.StringIO(standings_csv(part.standings))))
        extra = [part.after, part.order]
        if i == 0:
            writer.writerow(rows[0] + ["event", "date", "after_round", "ranked_by"])
        writer.writerows(row + [csv_cell(event), csv_cell(date), *map(csv_cell, extra)] for row in rows[1:])
    return out.getvalue()


def _body(parts: list[DivisionReport], event: str, date: str,
          estimates: Estimates | None = None) -> str:
    body = [f"<h1>{html.escape(event)}</h1>"] + ([f"<p>{html.escape(date)}</p>"] if date else [])
    for part in parts:
        body.append(f"<h2>Division {html.escape(part.name)} {html.escape(part.after)}</h2>")
        body.append(f"<p>Ranked by {html.escape(part.order)}"
                    + (f"; {html.escape(part.caps)}" if part.caps else "") + ".</p>")
        body.append(render_standings_html(part.standings, *(estimates(part.name) if estimates
                                                            else (None, ""))))
    return "\n".join(body)


def _html(parts: list[DivisionReport], event: str, date: str) -> str:
    return ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{html.escape(event)}: standings</title>\n<style>body{{font-family:sans-serif}}"
            "table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px solid #ccc;"
            "text-align:right}td:nth-child(3),th:nth-child(3){text-align:left}</style>\n"
            "</head>\n<body>\n" + _body(parts, event, date) + "\n</body>\n</html>\n")
