"""The draw: who plays whom, at which table, and who starts, round by round (issue 29).

``draw_round(settings, players, pairings, results, round_number, tables)`` gives a division's
pairings for one round from its players and every earlier round's pairings and results. The same
inputs always give the same draw. Systems (``DrawSettings.system``):

- ``round_robin`` / ``double_round_robin`` (NZASP 2.1 grades, 9.1 byes): the circle (Berger)
  method over the seeds (rating, or file order), the phantom seed of an odd count giving each
  player one bye; the double plays the schedule twice with every start the other way round.
  (director.event.draw.round_robin)
- ``swiss`` (school rules: "after the first game, teams are paired with other teams that have
  similar win-loss records"): round one top half v bottom half of the seeding; later rounds
  within score groups top-down, the odd one of a group floating down; no repeat opponent while
  any pairing of the round avoids one; the bye to the lowest ranked of those with fewest byes.
  (director.event.draw.swiss)
- ``king_of_the_hill`` rounds (the last N of a Swiss, or of a tsh-drawn division): 1 v 2, 3 v 4
  by standing, repeats allowed.
- ``tsh``: the draw is tsh's; pairings come from tsh imports (only king-of-the-hill rounds are
  drawn here).

Starts (NZASP 5.3: "the starting player is determined in advance to ensure an even distribution
of starts for each player in each grade"): from each player's firsts and seconds so far, as tsh's
``p12`` tag counts them, the one with fewer net firsts starts (director.event.draw.starts). A
round robin breaks ties with the next round in view, so that starts stay within one of even at
every round of a single round robin; a double ends with every player's firsts equal to their
seconds (within two along the way, the second half mirroring the first). A Swiss cannot promise
as much, since score groups come first: within its score group a player is given, where there is
one, an opponent whose starts lean the other way. Written to the .t file as ``p12`` so tsh can
take over.

Tables: the games take the division's tables in order, the top of the standings (or of the
seeding) at the first; a bye is (n, 0) at table "". Standings are director.event.standings' (most
wins, a tie half, then spread).

Reference implementations (read, not copied):

- tsh (John Chew's tournament software; what New Zealand directors run and what our .t files
  hand back to). Its source is not among the copies we could read, so we follow its manual and
  its files: the round robin (``rr``) and king of the hill (``koth``) as it names them, starts
  counted as its ``p12`` tag records them (``track_firsts``), byes as opponent 0. Written as p12,
  our starts let tsh take the draw over at any round (director.files.tsh).
- Woogles' liwords (pkg/pair, pkg/tournament): its round robin is the same circle, but over
  shuffled players; ours is over the seeds (NZASP 2.1: grades and seeds by rating) so every call
  draws the same round. Its starts (AutomaticFirst: fewer firsts goes first, then more seconds,
  then at random; a round robin by the parity of the players' indexes) inspired ours, but we
  break ties deterministically and, in a round robin, with the next round in view, because
  NZASP 5.3 wants starts evenly spread and parity alone does not keep them within one. Its
  Swiss is a minimum-weight perfect matching (weights for win difference, spread difference and
  repeats over a maximum); its king of the hill is 1 v 2, 3 v 4, as ours.
- jvc56's tournament_pairing_algorithms (COP, a tsh command): a maximum-weight matching whose
  weights come from simulating the remaining rounds (who can still win or cash, Gibsonization,
  "control loss" for the leader), with repeats weighted heavily and a forced KOTH for the last
  round. We do not follow the contention: it needs prize places and simulations that the books
  we serve (NZASP, school) do not ask for; the king-of-the-hill rounds give the leaders their
  meetings at the end.

What we follow: the matchings' idea that repeats are settled over the whole round at once (an
Edmonds matching says whether a repeat-free pairing exists and who can take the bye without
forcing one), but the pairs themselves come from an explicit order, top-down by score group,
instead of weights: the book's rule ("teams with similar records") is then the rule the code
keeps, each pair can be explained to a player, and the draw needs no weighted-matching library
(under 50 ms a round for 60 players in pure Python). Pure: no I/O.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Collection, Sequence

from common.game.rules import Rules
from director.event.model import NO_OPPONENT, GameResult, Pairing, Player

from .gibson import gibsonize
from .groups import crossings, pair_groups, why_crossing
from .round_robin import draw_round_robin, schedule
from .settings import (ROUND_ROBINS, SEEDINGS, SYSTEMS, DrawError, DrawSettings, round_count,
                       seeded)
from .starts import choose_firsts, latest_starts, starts_so_far
from .swiss import (by_player, byes_had, king_of_the_hill, king_of_the_hill_bye, meetings,
                    pairable, standing_order, swiss_bye)

__all__ = ["SYSTEMS", "SEEDINGS", "ROUND_ROBINS", "DrawSettings", "DrawError", "Drawn", "draw",
           "draw_round", "round_count", "starts_so_far", "schedule", "seeded", "crossings"]


@dataclass(frozen=True)
class Drawn:
    """A round drawn: its pairings (games top first, then any bye) and, for each pair of
    players that crosses score groups or is a Gibsonized leader's game, why, in words
    ({frozenset((a, b)): words})."""
    pairings: list[Pairing]
    why: dict[frozenset, str] = field(default_factory=dict)


def draw_round(settings: DrawSettings, players: Sequence[Player], pairings: Sequence[Pairing],
               results: Sequence[GameResult], round_number: int, tables: Sequence[str], *,
               rules: Rules | None = None, paired: Collection[int] | None = None) -> list[Pairing]:
    """The pairings of round ``round_number`` (``draw``'s, without the reasons)."""
    return draw(settings, players, pairings, results, round_number, tables, rules=rules,
                paired=paired).pairings


def draw(settings: DrawSettings, players: Sequence[Player], pairings: Sequence[Pairing],
         results: Sequence[GameResult], round_number: int, tables: Sequence[str], *,
         rules: Rules | None = None, paired: Collection[int] | None = None) -> Drawn:
    """Round ``round_number``: games at ``tables`` in order (top first), then any bye (table "",
    players (n, 0), first None); ``first`` set on every game. Only pairings and results of
    earlier rounds count. ``rules``: what the standings count under, as the page shows them
    (their order and spread caps; None: most wins then spread, uncapped). ``paired``: who is to
    be paired (None: every player not withdrawn; a round robin keeps its schedule). Raises
    DrawError for a round that cannot be drawn (past the last round, tsh's draw, too few
    tables)."""
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise DrawError(f"draw: round must be a whole number from 1; got {round_number!r}")
    earlier = [p for p in pairings if p.round < round_number]
    played = [r for r in results if r.round < round_number]
    why: dict[frozenset, str] = {}
    if settings.system in ROUND_ROBINS:
        games = draw_round_robin(settings, players, earlier, round_number)
    else:
        games = _by_record(settings, players, earlier, played, round_number, rules, paired, why)
    needed = sum(1 for _, b, _ in games if b != NO_OPPONENT)
    if needed > len(tables):
        raise DrawError(f"draw: round {round_number} has {needed} games but the division has "
                        f"{len(tables)} tables")
    out, at = [], iter(tables)
    for a, b, first in games:
        if b == NO_OPPONENT:
            out.append(Pairing(round_number, "", (a, NO_OPPONENT)))
        else:
            out.append(Pairing(round_number, str(next(at)), (a, b), first))
    return Drawn(out, why)


def _by_record(settings, players, earlier, played, round_number, rules, paired, why):
    koth = settings.is_king_of_the_hill(round_number)
    total = round_count(settings, players, earlier)
    if settings.system == "tsh" and not koth:
        raise DrawError(f"draw: round {round_number}: this division's draw is tsh's (system "
                        "tsh): import its pairings")
    if settings.system == "swiss" and round_number > total:
        raise DrawError(f"draw: round {round_number}: this Swiss has {total} rounds")
    if settings.system == "tsh" and round_number > settings.rounds:
        raise DrawError(f"draw: round {round_number}: this division has {settings.rounds} rounds")
    ranked, wins, spread = standing_order(settings, players, played, rules)
    wanted = set(paired) if paired is not None else None
    order = [n for n in ranked if wanted is None or n in wanted]
    met = by_player(meetings(earlier, played))
    byes = byes_had(earlier, played)
    if koth:
        bye, allowed = king_of_the_hill_bye(order, byes), None
    else:
        bye, allowed = swiss_bye(order, met, byes)
    pool = [n for n in order if n != bye]
    names = {p.number: p.name for p in players}
    pairs = []
    if settings.gibson:
        def fits(leader: int, other: int) -> bool:
            rest = [n for n in pool if n not in (leader, other)]
            return koth or pairable(rest, met, allowed) or not rest
        gibson = gibsonize(ranked, pool, wins, spread, met, total - round_number + 1,
                           settings.gibson, names, fits)
        if gibson is not None:
            pairs.append((gibson.leader, gibson.opponent))
            why[frozenset(pairs[0])] = gibson.why
            pool = [n for n in pool if n not in pairs[0]]
    if koth:
        pairs += king_of_the_hill(pool)
    else:
        balance = {n: f - s for n, (f, s) in starts_so_far(earlier).items()}
        found = pair_groups(pool, wins, met, allowed, balance)
        pairs += found
        for a, b in found:
            if wins[a] != wins[b]:
                why[frozenset((a, b))] = why_crossing(a, b, pool, wins, met, allowed, names)
    return _started(pairs, bye, earlier)


def _started(pairs, bye, earlier):
    balance = {n: f - s for n, (f, s) in starts_so_far(earlier).items()}
    firsts = choose_firsts(pairs, balance, latest_starts(earlier))
    out = [(a, b, first) for (a, b), first in zip(pairs, firsts)]
    return out + ([(bye, NO_OPPONENT, None)] if bye is not None else [])
