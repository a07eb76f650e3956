"""Standings: each player's wins, losses and spread from the results, ranked, as HTML and CSV
(one division's at a time: a division's players are ranked among themselves).

Order: tsh's unless the tournament's rule book states its own (``order``, the rules'
``result.ranking``):

- ``wins_losses_spread`` (tsh's, and the books that state no order: ASPA, ABSP): most wins (a
  tie counts half a win and half a loss), then fewest losses, then highest spread, as tsh's
  ``SortByStanding`` and ``ComputeRanks`` do;
- ``wins_spread`` (NZASP 11.1 "placings are determined by the number of wins ... then the total
  spread", school 36 "the same number of wins ... cumulative spread"): most wins, then highest
  spread; losses do not count (they differ only between players with different numbers of games).

Players equal on the order's keys share a rank (1, 2, 2, 4), as tsh ranks them. Within a shared
rank the list shows the higher rating first, then the name (case aside), then the player number:
a display order only. Before any game counts, the players are ranked by rating, equal ratings
sharing a rank (tsh's ranking before round 1). A withdrawn player (tsh's ``off`` tag) is not ranked
(``rank`` None), as tsh leaves inactive players out of its ranks; they are listed last.

What counts: a round against no opponent with a spread of 0 (what tsh writes for a late entry's or
a withdrawn player's missed round, and what a voided game leaves) is no game at all: neither a
win, a loss nor a tie (tsh counts a result only ``if (opponent || spread)``). A bye with a positive
spread is a win, one with a negative spread a forfeit loss. ``games`` counts the results that do
count: wins and losses (byes and forfeits among them).

Spread: a game's spread is its final scores' difference, as the result counts (``as_counted``):
a game won by more than its round's spread cap (the core's ``Rules.spread_cap``: the rules'
result.spread_caps, or the event's tsh ``spread_cap``; round 1, 2, ...; the last for later rounds)
counts with the winner's score lowered to the cap, as tsh applies its ``spread_cap`` to the spread
in its standings while keeping the scores as entered. A kiosk's result under a book that records
the capped score (school 24) is capped already; applying the cap again changes nothing. A bye or a
one-sided forfeit counts its own spread (see director.event.model.bye), capped alike. The files
the director writes keep the scores as recorded (director.files.exports). Pure: no I/O.
"""
from __future__ import annotations

import csv
import html
import io
import re
from dataclasses import dataclass, replace
from typing import Iterable, Mapping, Sequence

from common.game.rules import Rules

from .model import NO_OPPONENT, GameResult, ModelError, Player, name_key
from .ratings.base import Estimate

COLUMNS = ("rank", "number", "name", "rating", "wins", "losses", "spread", "games")
CSV_COLUMNS = ("division", *COLUMNS)        # one file for every division of the event
TSH_ORDER = "wins_losses_spread"
ORDERS = {          # common.game.rules.RANKINGS -> the order in words (the standings' heading)
    "wins_losses_spread": "most wins (a tie half), then fewest losses, then highest spread",
    "wins_spread": "most wins (a tie half), then highest spread",
}


@dataclass(frozen=True)
class Standing:
    rank: int | None        # None: withdrawn, not ranked (tsh's inactive players)
    player: Player
    wins: float
    losses: float
    spread: int
    games: int              # results that count: wins and losses, byes and forfeits included


def as_counted(result: GameResult, rules: Rules | None) -> GameResult:
    """``result`` as it counts under ``rules``: won by more than its round's spread cap, the
    winner's score lowered to the cap (the winner stays the winner); else itself."""
    cap = rules.spread_cap(result.round) if rules is not None else None
    winner = result.winner
    if cap is None or winner is None:
        return result
    over = (result.scores[winner] - result.scores[1 - winner]) - cap
    if over <= 0:
        return result
    scores = list(result.scores)
    scores[winner] -= over
    return replace(result, scores=(scores[0], scores[1]), winner=winner)


def compute_standings(players: Iterable[Player], results: Iterable[GameResult],
                      rules: Rules | None = None, order: str = TSH_ORDER) -> list[Standing]:
    """Every player's standing, best first, each result as it counts under ``rules`` (None: no
    spread cap), ranked by ``order`` (one of ORDERS). A result naming an unknown player is a
    ModelError; two results for the same player in the same round are a ModelError too."""
    if order not in ORDERS:
        raise ModelError(f"standings: the order {order!r} is none of {', '.join(ORDERS)}")
    players = list(players)
    by_number = {p.number: p for p in players}
    if len(by_number) != len(players):
        raise ModelError("standings: two players share a number")
    wins = {n: 0.0 for n in by_number}
    losses = {n: 0.0 for n in by_number}
    spread = {n: 0 for n in by_number}
    games = {n: 0 for n in by_number}
    seen: set[tuple[int, int]] = set()
    for result in results:
        result = as_counted(result, rules)
        for side, number in enumerate(result.players):
            if number == NO_OPPONENT:
                continue
            if number not in by_number:
                raise ModelError(f"round {result.round} table {result.table or '-'}: "
                                 f"player {number} is not one of the players")
            if (number, result.round) in seen:
                raise ModelError(f"round {result.round}: player {number} "
                                 f"({by_number[number].name}) has two results")
            seen.add((number, result.round))
            if result.no_game:
                continue
            spread[number] += result.spread if side == 0 else -result.spread
            games[number] += 1
            if result.winner is None:
                wins[number] += 0.5
                losses[number] += 0.5
            elif result.winner == side:
                wins[number] += 1
            else:
                losses[number] += 1

    played = any(games.values())

    def key(p: Player) -> tuple:
        n = p.number
        if not played:
            return (-p.rating,)
        if order == "wins_spread":
            return (-wins[n], -spread[n])
        return (-wins[n], losses[n], -spread[n])

    ordered = sorted(players, key=lambda p: (p.withdrawn, key(p), -p.rating, name_key(p.name),
                                             p.number))
    out: list[Standing] = []
    place = 0
    for p in ordered:
        rank = None
        if not p.withdrawn:
            place += 1
            before = out[-1] if out and out[-1].rank is not None else None
            rank = before.rank if before is not None and key(before.player) == key(p) else place
        n = p.number
        out.append(Standing(rank, p, wins[n], losses[n], spread[n], games[n]))
    return out


def format_wins(value: float) -> str:
    """2.0 -> '2', 2.5 -> '2.5'."""
    return f"{value:g}"


def format_spread(value: int) -> str:
    """+120, -35, 0: spread as directors read it."""
    return f"{value:+d}" if value else "0"


def format_rank(rank: int | None) -> str:
    """A rank as the standings show it: '' for a withdrawn player, who has none."""
    return "" if rank is None else str(rank)


def _row(s: Standing) -> tuple[str, ...]:
    return (format_rank(s.rank), str(s.player.number), s.player.name, str(s.player.rating),
            format_wins(s.wins), format_wins(s.losses), format_spread(s.spread), str(s.games))


def render_standings_html(standings: Sequence[Standing],
                          estimates: Mapping[int, Estimate] | None = None, note: str = "") -> str:
    """An HTML <table> fragment of the standings, every value escaped; with ``estimates`` (by
    player number: director.event.ratings), a last column of each player's rating estimate and
    its change, marked as an estimate, and ``note`` under the table (which system, and that it
    is an estimate)."""
    head = "".join(f"<th>{c.capitalize()}</th>" for c in COLUMNS)
    if estimates is not None:
        head += '<th class="estimate" title="an estimate, not the published rating">Estimate</th>'
    rows = []
    for s in standings:
        cells = "".join(f"<td>{html.escape(v)}</td>" for v in _row(s))
        if estimates is not None:
            cells += _estimate_cell(estimates.get(s.player.number))
        rows.append(f'<tr data-player="{s.player.number}">{cells}</tr>')
    shown = f'<p class="estimate-note">{html.escape(note)}</p>\n' if note else ""
    return ('<table class="standings">\n<thead><tr>' + head + "</tr></thead>\n<tbody>\n"
            + "\n".join(rows) + ("\n" if rows else "") + "</tbody>\n</table>\n" + shown)


def estimate_text(estimate: Estimate | None) -> str:
    """A rating estimate as the standings show it: ``1532 (+23)``, ``1410 (new)``, or ``-``."""
    if estimate is None or estimate.new is None:
        return "-"
    change = "new" if not estimate.old else f"{estimate.new - estimate.old:+d}"
    return f"{estimate.new} ({change})"


def _estimate_cell(estimate: Estimate | None) -> str:
    why = f' title="{html.escape(estimate.why)}"' if estimate is not None and estimate.why else ""
    return f'<td class="estimate"{why}>{html.escape(estimate_text(estimate))}</td>'


def csv_cell(value: str) -> str:
    """A CSV cell a spreadsheet shows as text: one that begins with ``=``, ``+``, ``-``, ``@``, a
    tab or a carriage return (a formula to Excel, LibreOffice and Google Sheets) gets a leading
    ``'``, as OWASP's CSV injection advice says; a number (``-35``, ``+120``, ``1.5``) stays a
    number."""
    if value[:1] in ("=", "+", "-", "@", "\t", "\r") and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def standings_csv(standings: Sequence[Standing]) -> str:
    """The standings as CSV text with a header row (columns CSV_COLUMNS: each player's division,
    then the page's columns), CRLF line ends, every cell through ``csv_cell``. Give each
    division's standings in turn for the whole event."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    writer.writerows([csv_cell(v) for v in (s.player.division, *_row(s))] for s in standings)
    return out.getvalue()
