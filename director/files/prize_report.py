"""The prize table to read out at the prize-giving, print or pin up (``python -m director prizes``,
the page's ``/prizes``): each division's awards (director.event.prizes), with what decided
each.

- ``text``: per division a heading (after which round, whether it is over), the settings in
  words, then each prize, its winners, the value and what decided it;
- ``csv``: one row per winner (a prize no one could have: one row without a player), columns
  ``CSV_COLUMNS`` (prize, division, player, value), every cell escaped for spreadsheets: the
  same prizes, players and values as the page;
- ``html``: the page's table (``html_body``: the heading and each division's table, for the
  page's printable prize table, director.web.routes.prizes).
"""
from __future__ import annotations

import csv
import html
import io
from typing import Sequence

from director.config import DirectorConfig
from director.event import divisions, prizes
from director.event.db import DirectorDB
from director.event.prizes import Award, DivisionPrizes, PrizeEvent, PrizeSettings
from director.event.standings import csv_cell

FORMATS = ("text", "csv", "html")
CSV_COLUMNS = ("prize", "division", "player", "value")
SWITCHED = (("high_win", "high win"), ("high_loss", "high loss"), ("high_game", "high game"),
            ("high_combined", "high combined"), ("upset", "biggest upset"),
            ("high_word", "high word"))


def prize_event(config: DirectorConfig) -> PrizeEvent:
    """What the prizes need of the director's config."""
    return PrizeEvent(config.rules, config.tournament, config.prizes, config.prizes_source,
                      config.draw)


def tables(db: DirectorDB, event: PrizeEvent, division: str | None = None) -> list[DivisionPrizes]:
    """Every division's prize table (or the one named); PrizeError naming a key the event cannot
    satisfy, ModelError for a division that is not the event's."""
    if division:
        return [prizes.load(db, event, divisions.resolve(db, division))]
    return prizes.load_all(db, event)


def report(db: DirectorDB, event: PrizeEvent, division: str | None = None, fmt: str = "text") -> str:
    made = tables(db, event, division)
    if fmt == "csv":
        return prize_csv(made)
    title = event_title(db, event.tournament)
    if fmt == "html":
        return ('<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
                f"<title>{html.escape(title)}: prizes</title></head>\n<body>\n"
                + html_tables(made, title) + "\n</body></html>\n")
    return prize_text(made, title)


def event_title(db: DirectorDB, tournament: str) -> str:
    return divisions.event_settings(db).name or tournament or "Tournament"


def standing(table: DivisionPrizes) -> str:
    """After which round the prizes stand, in words."""
    after = f"after round {table.done}" if table.done else "before any round is complete"
    if table.last:
        after += f" of {table.last}" + (": final" if table.final else "")
    return after


def settings_words(settings: PrizeSettings, chosen: str) -> str:
    """The division's prize settings in words, and where they were chosen."""
    parts = [f"{settings.places} place{'s' * (settings.places != 1)}"]
    if settings.class_places:
        parts.append(f"{settings.class_places} in each class")
    if settings.bands:
        parts.append(f"{settings.band_places} in each rating band ("
                     + ", ".join(b.label for b in settings.bands) + ")")
    parts += [words for name, words in SWITCHED if getattr(settings, name)]
    if settings.lucky_stiff:
        parts.append(f"lucky stiff over {settings.lucky_stiff} losses")
    rule = ("one prize each, the first of the table's order" if settings.one_each
            else "a player may take several prizes")
    where = "set on the page" if chosen == "page" else "as the config sets them"
    return f"{'; '.join(parts)}. {rule.capitalize()} ({where})."


def rows(table: DivisionPrizes) -> list[tuple[Award, str, str]]:
    """(award, player's name, detail) for each winner, in order; ("", "") for a prize no one has."""
    out = []
    for award in table.awards:
        out += [(award, w.player.name, w.detail) for w in award.winners] or [(award, "", "")]
    return out


def prize_csv(made: Sequence[DivisionPrizes]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for table in made:
        writer.writerows([csv_cell(award.prize), csv_cell(table.division), csv_cell(name),
                          csv_cell(award.value)] for award, name, _ in rows(table))
    return out.getvalue()


def prize_text(made: Sequence[DivisionPrizes], title: str) -> str:
    lines = [title]
    for table in made:
        lines += ["", f"Division {table.division} {standing(table)}",
                  settings_words(table.settings, table.chosen), ""]
        for award in table.awards:
            names = " = ".join(w.player.name for w in award.winners) or "no one"
            lines.append(f"  {award.prize}: {names}" + (f"  {award.value}" if award.value else ""))
            for w in award.winners:
                if w.detail:
                    lines.append(f"      {w.player.name}: {w.detail}")
            if award.decided:
                lines.append(f"      {award.decided}")
    return "\n".join(lines) + "\n"


def html_tables(made: Sequence[DivisionPrizes], title: str) -> str:
    """Each division's prize table as HTML (every value escaped), under the event's name."""
    return "\n".join([f"<h1>{html.escape(title)}: prizes</h1>", *map(division_html, made)])


def division_html(table: DivisionPrizes) -> str:
    """One division's prize table: its heading, its settings in words and its awards."""
    e = html.escape
    out = [f'<section class="prize-division" data-division="{e(table.division)}">'
           f"<h2>Division {e(table.division)} {e(standing(table))}</h2>"
           f'<p class="prize-settings">{e(settings_words(table.settings, table.chosen))}</p>'
           '<table class="prizes"><thead><tr><th>Prize</th><th>Player</th><th>Value</th>'
           "<th>For</th><th>Decided</th></tr></thead>"]
    for award in table.awards:
        span = max(1, len(award.winners))
        head = (f'<td class="prize" rowspan="{span}">{e(award.prize)}'
                + (' <span class="tie">(tie)</span>' if award.tied else "") + "</td>")
        value = f'<td class="value" rowspan="{span}">{e(award.value)}</td>'
        decided = f'<td class="decided" rowspan="{span}">{e(award.decided)}</td>'
        out.append(f'<tbody data-kind="{award.kind}">')
        if not award.winners:
            out.append(f'<tr>{head}<td class="player none">no one</td>{value}<td></td>{decided}</tr>')
        for i, w in enumerate(award.winners):
            player = f'<td class="player">{e(w.player.name)}</td>'
            detail = f'<td class="detail">{e(w.detail)}</td>'
            out.append(f"<tr>{head}{player}{value}{detail}{decided}</tr>" if i == 0
                       else f"<tr>{player}{detail}</tr>")
        out.append("</tbody>")
    out.append("</table></section>")
    return "\n".join(out)
