"""Standings: each player's wins, losses and spread from the results, ranked, as HTML and CSV
(one division's at a time: a division's players are ranked among themselves).

Order (as tsh orders its standings): most wins (a tie counts half a win and half a loss), then
fewest losses (this only matters while a round's results are still coming in), then highest
spread. Players equal on all three share a rank (1, 2, 2, 4). Within a shared rank the list shows
the higher rating first, then the name (case aside), then the player number: a display order only.

Spread: a game's spread is its final scores' difference, as the result counts (``as_counted``):
a game won by more than its round's spread cap (the core's ``Rules.spread_cap``: the rules'
result.spread_caps, round 1, 2, ...; the last for later rounds) counts with the winner's score
lowered to the cap, as the core lowers it at the table (kiosk.core.result's cap_adjust) and as the
school rules record it ("an actual score of 400-225 will be recorded as 375-225"). That changes
nothing for a kiosk's result, capped already, and caps games imported from elsewhere; the
exports write the same scores (director.event.tournament.counted_results), so tsh and the ratings see
the spreads the page shows. A bye or a one-sided forfeit counts its own spread (see
director.event.model.bye, whose spread is the preset's result.forfeit_spread), capped alike.
Pure: no I/O.
"""
from __future__ import annotations

import csv
import html
import io
from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from kiosk.core.rules import Rules

from .model import NO_OPPONENT, GameResult, ModelError, Player, name_key

COLUMNS = ("rank", "number", "name", "rating", "wins", "losses", "spread", "games")
CSV_COLUMNS = ("division", *COLUMNS)        # one file for every division of the event


@dataclass(frozen=True)
class Standing:
    rank: int
    player: Player
    wins: float
    losses: float
    spread: int
    games: int          # results counted, byes and forfeits included


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
                      rules: Rules | None = None) -> list[Standing]:
    """Every player's standing, best first, each result as it counts under ``rules`` (None: no
    spread cap). A result naming an unknown player is a ModelError; two results for the same
    player in the same round are a ModelError too."""
    players = list(players)
    by_number = {p.number: p for p in players}
    if len(by_number) != len(players):
        raise ModelError("standings: two players share a number")
    wins = {n: 0.0 for n in by_number}
    losses = {n: 0.0 for n in by_number}
    spread = {n: 0 for n in by_number}
    games = {n: 0 for n in by_number}
    seen: dict[tuple[int, int], GameResult] = {}
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
            seen[(number, result.round)] = result
            own = result.spread if side == 0 else -result.spread
            spread[number] += own
            games[number] += 1
            if result.winner is None:
                wins[number] += 0.5
                losses[number] += 0.5
            elif result.winner == side:
                wins[number] += 1
            else:
                losses[number] += 1

    def key(p: Player):
        return (-wins[p.number], losses[p.number], -spread[p.number])

    ordered = sorted(players, key=lambda p: key(p) + (-p.rating, name_key(p.name), p.number))
    out: list[Standing] = []
    for i, p in enumerate(ordered):
        rank = out[-1].rank if out and key(ordered[i - 1]) == key(p) else i + 1
        n = p.number
        out.append(Standing(rank, p, wins[n], losses[n], spread[n], games[n]))
    return out


def format_wins(value: float) -> str:
    """2.0 -> '2', 2.5 -> '2.5'."""
    return f"{value:g}"


def format_spread(value: int) -> str:
    """+120, -35, 0: spread as directors read it."""
    return f"{value:+d}" if value else "0"


def _row(s: Standing) -> tuple[str, ...]:
    return (str(s.rank), str(s.player.number), s.player.name, str(s.player.rating),
            format_wins(s.wins), format_wins(s.losses), format_spread(s.spread), str(s.games))


def render_standings_html(standings: Sequence[Standing]) -> str:
    """An HTML <table> fragment of the standings, every value escaped."""
    head = "".join(f"<th>{c.capitalize()}</th>" for c in COLUMNS)
    rows = []
    for s in standings:
        cells = "".join(f"<td>{html.escape(v)}</td>" for v in _row(s))
        rows.append(f'<tr data-player="{s.player.number}">{cells}</tr>')
    return ('<table class="standings">\n<thead><tr>' + head + "</tr></thead>\n<tbody>\n"
            + "\n".join(rows) + ("\n" if rows else "") + "</tbody>\n</table>\n")


def standings_csv(standings: Sequence[Standing]) -> str:
    """The standings as CSV text with a header row (columns CSV_COLUMNS: each player's division,
    then the page's columns), CRLF line ends. Give each division's standings in turn for the
    whole event."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    writer.writerows((s.player.division, *_row(s)) for s in standings)
    return out.getvalue()
