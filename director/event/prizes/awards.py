"""Who wins what: a division's prize table from its standings, its games and its tables' turns,
under its settings (director.event.prizes.settings). Pure: no I/O.

The prizes, in the table's order (the order a player who wins several takes them in):

1. places: the standings' places (their order: director.event.standings), 1st to ``places``;
2. each class's places (tsh's ``class`` tag, classes by name), then each rating band's (the
   ratings before the event), each in the standings' order among its players;
3. high win (the highest winning score), high loss (the highest losing score), high game (a
   player's highest score in a game), high combined (the highest sum of a game's two scores: the
   game's two players share it), the biggest upset (a win over the highest rated opponent
   above the winner's own rating, both rated), lucky stiff (the smallest sum of a player's
   ``lucky_stiff`` narrowest losses, among the players with that many), high word (the highest
   single turn a table recorded, its word when the table noted one).

Only games played count (a bye and a forfeit are no game, nor a round without one); scores as
recorded (the standings cap spreads, a prize counts points). The ranked prizes go to players who
played and did not withdraw.

Ties are shown as ties: the players equal on what the prize is for share it (places: equal in
the standings' order; a tie over the last places shares those). With ``one_each`` a player takes
one prize, the first of the table's order they win (high combined, a game's, takes none), and the
next player takes the others. Each award says what decided it (``decided``): who it was ahead
of and on what, who tied, and who would have had it but took an earlier prize.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from director.event.model import NO_OPPONENT, GameResult, Player
from director.event.standings import Standing, format_spread, format_wins

from .settings import PrizeSettings

KINDS = ("place", "class", "band", "high_win", "high_loss", "high_game", "high_combined", "upset",
         "lucky_stiff", "high_word")
TITLES = {"high_win": "High win", "high_loss": "High loss", "high_game": "High game",
          "high_combined": "High combined", "upset": "Biggest upset", "lucky_stiff": "Lucky stiff",
          "high_word": "High word"}


@dataclass(frozen=True)
class Turn:
    """A table's turn: the player (their number), the game's round, table and opponent, the
    turn's score and its word, when the table noted one ("" otherwise)."""
    round: int
    table: str
    player: int
    opponent: int
    score: int
    word: str = ""


@dataclass(frozen=True)
class PrizeInput:
    """What a division's prizes are made from: its players, standings (ranked), the results that
    count, each player's class (tsh's ``class`` tag, by number) and each game's best turn of
    each side (``Turn``)."""
    division: str
    players: Sequence[Player]
    standings: Sequence[Standing]
    results: Sequence[GameResult]
    classes: Mapping[int, str]
    turns: Sequence[Turn] = ()
    order: str = "wins_losses_spread"


@dataclass(frozen=True)
class Winner:
    player: Player
    detail: str = ""            # the game or record it is for, in words


@dataclass(frozen=True)
class Award:
    """One prize: ``prize`` in words ("2nd place", "Class B 1st place", "High win"), its
    ``kind`` (KINDS), the ``winners`` (several: a tie, or a game's two players), the ``value`` it
    was won with ("18-5 +1254", "602"), and what ``decided`` it. No winners: no one could have
    it (``decided`` says why)."""
    prize: str
    kind: str
    division: str
    winners: tuple[Winner, ...]
    value: str
    decided: str

    @property
    def tied(self) -> bool:
        return len(self.winners) > 1 and self.kind != "high_combined"


@dataclass(frozen=True)
class Candidate:
    """Someone a prize could go to: ``value`` (higher is better, or lower for lucky stiff), who,
    and the words of the game or record."""
    value: int
    player: Player
    detail: str
    with_player: Player | None = None       # high combined: the game's other player


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def prize_table(given: PrizeInput, settings: PrizeSettings) -> list[Award]:
    """The division's awards in the table's order (see the module's docstring)."""
    taken: dict[int, str] = {}          # player number -> the prize they took (one_each)
    awards: list[Award] = []
    ranked = [s for s in given.standings if s.rank is not None and s.games > 0]
    awards += _places(given, "", "place", ranked, settings.places, taken, settings)
    for name in sorted({c for c in given.classes.values() if c}):
        members = [s for s in ranked if given.classes.get(s.player.number) == name]
        awards += _places(given, f"Class {name} ", "class", members, settings.class_places, taken,
                          settings)
    for band in settings.bands:
        members = [s for s in ranked if band.holds(s.player.rating)]
        awards += _places(given, f"Rating {band.label} ", "band", members, settings.band_places,
                          taken, settings)
    games = [r for r in given.results if r.kind == "game" and NO_OPPONENT not in r.players]
    by_number = {p.number: p for p in given.players}
    for kind, candidates, better, why in _singles(given, settings, games, by_number):
        awards.append(_best(given.division, kind, candidates, better, why, taken, settings))
    return awards


# --- places --------------------------------------------------------------------------------------

def _places(given: PrizeInput, prefix: str, kind: str, candidates: list[Standing], places: int,
            taken: dict[int, str], settings: PrizeSettings) -> list[Award]:
    out: list[Award] = []
    if places == 0:
        return out
    if not candidates:
        return [Award(f"{prefix}1st place", kind, given.division, (), "",
                      "no game counts yet")]
    pool = [s for s in candidates if not (settings.one_each and s.player.number in taken)]
    groups = _tied_groups(pool)
    place, mentioned = 1, set()
    for i, group in enumerate(groups):
        if place > places:
            break
        last = min(place + len(group) - 1, places)
        prize = f"{prefix}{_place_words(place, last)}"
        ahead = [s for s in candidates if s.player.number in taken and s.player.number not in
                 mentioned and _key(s) < _key(group[0])]
        mentioned.update(s.player.number for s in ahead)
        following = groups[i + 1][0] if i + 1 < len(groups) else None
        words = [_separated(group, following, given.order),
                 _took([(s.player.name, _record(s), taken[s.player.number]) for s in ahead])]
        out.append(Award(prize, kind, given.division, tuple(Winner(s.player) for s in group),
                         _record(group[0]), "; ".join(w for w in words if w)))
        for s in group:
            taken.setdefault(s.player.number, prize)
        place += len(group)
    return out


def _key(s: Standing) -> tuple:
    return (s.rank,)


def _tied_groups(pool: list[Standing]) -> list[list[Standing]]:
    groups: list[list[Standing]] = []
    for s in pool:
        if groups and groups[-1][0].rank == s.rank:
            groups[-1].append(s)
        else:
            groups.append([s])
    return groups


def _place_words(first: int, last: int) -> str:
    if first == last:
        return f"{ordinal(first)} place"
    if last == first + 1:
        return f"{ordinal(first)} and {ordinal(last)} place"
    return f"{ordinal(first)} to {ordinal(last)} place"


def _record(s: Standing) -> str:
    return f"{format_wins(s.wins)}-{format_wins(s.losses)} {format_spread(s.spread)}"


def _separated(group: list[Standing], following: Standing | None, order: str) -> str:
    """What put the group ahead of the next player, and that its players tie if they do."""
    tie = ""
    if len(group) > 1:
        what = "wins and spread" if order == "wins_spread" else "wins, losses and spread"
        tie = f"tied on {what}: the prize is shared"
    if following is None:
        return tie
    s, n = group[0], following
    if s.wins != n.wins:
        on = f"on wins ({format_wins(s.wins)} to {format_wins(n.wins)})"
    elif order != "wins_spread" and s.losses != n.losses:
        on = f"on losses ({format_wins(s.losses)} to {format_wins(n.losses)})"
    else:
        on = f"on spread ({format_spread(s.spread)} to {format_spread(n.spread)})"
    ahead = f"ahead of {n.player.name} {on}"
    return f"{tie}; {ahead}" if tie else ahead


# --- the single prizes ---------------------------------------------------------------------------

def _singles(given: PrizeInput, settings: PrizeSettings, games: list[GameResult],
             by_number: Mapping[int, Player]):
    """(kind, candidates, better, why none) for each single prize the settings give."""
    if settings.high_win:
        yield ("high_win", [_scored(g, g.winner, by_number) for g in games
                            if g.winner is not None], max, "no game was won yet")
    if settings.high_loss:
        yield ("high_loss", [_scored(g, 1 - g.winner, by_number) for g in games
                             if g.winner is not None], max, "no game was lost yet")
    if settings.high_game:
        yield ("high_game", [_scored(g, side, by_number) for g in games for side in (0, 1)], max,
               "no game counts yet")
    if settings.high_combined:
        yield ("high_combined", [_combined(g, by_number) for g in games], max, "no game counts yet")
    if settings.upset:
        yield ("upset", [c for g in games if (c := _upset(g, by_number)) is not None], max,
               "no rated player beat a higher rated one yet")
    if settings.lucky_stiff:
        yield ("lucky_stiff", _lucky(games, settings.lucky_stiff, by_number), min,
               f"no player has {settings.lucky_stiff} losses yet")
    if settings.high_word:
        yield ("high_word", [_turn(t, by_number) for t in given.turns if t.player in by_number],
               max, "no table recorded its turns (results from files have none)")


def _where(g: GameResult) -> str:
    return f"round {g.round}" + (f" table {g.table}" if g.table else "")


def _scored(g: GameResult, side: int, by_number: Mapping[int, Player]) -> Candidate:
    other = 1 - side
    return Candidate(g.scores[side], by_number[g.players[side]], f"{_where(g)}: "
                     f"{g.scores[side]}-{g.scores[other]} against {by_number[g.players[other]].name}")


def _combined(g: GameResult, by_number: Mapping[int, Player]) -> Candidate:
    a, b = (by_number[n] for n in g.players)
    return Candidate(g.scores[0] + g.scores[1], a,
                     f"{_where(g)}: {a.name} {g.scores[0]} - {b.name} {g.scores[1]}",
                     with_player=b)


def _upset(g: GameResult, by_number: Mapping[int, Player]) -> Candidate | None:
    if g.winner is None:
        return None
    winner, loser = by_number[g.players[g.winner]], by_number[g.players[1 - g.winner]]
    if not winner.rating or not loser.rating or loser.rating <= winner.rating:
        return None
    return Candidate(loser.rating - winner.rating, winner,
                     f"{_where(g)}: rated {winner.rating}, beat {loser.name} (rated "
                     f"{loser.rating}) {g.scores[g.winner]}-{g.scores[1 - g.winner]}")


def _lucky(games: list[GameResult], count: int, by_number: Mapping[int, Player]) -> list[Candidate]:
    losses: dict[int, list[tuple[int, int]]] = {}
    for g in games:
        if g.winner is not None:
            loser = g.players[1 - g.winner]
            margin = g.scores[g.winner] - g.scores[1 - g.winner]
            losses.setdefault(loser, []).append((margin, g.round))
    out = []
    for number, lost in losses.items():
        if len(lost) < count:
            continue
        narrowest = sorted(lost)[:count]
        out.append(Candidate(sum(m for m, _ in narrowest), by_number[number],
                             "losses by " + ", ".join(f"{m} (round {r})" for m, r in
                                                      sorted(narrowest, key=lambda x: x[1]))))
    return out


def _turn(t: Turn, by_number: Mapping[int, Player]) -> Candidate:
    word = t.word or "no word noted"
    against = by_number[t.opponent].name if t.opponent in by_number else "?"
    table = f" table {t.table}" if t.table else ""
    return Candidate(t.score, by_number[t.player],
                     f"{word}: round {t.round}{table}, against {against}")


def _best(division: str, kind: str, candidates: list[Candidate], better, why: str,
          taken: dict[int, str], settings: PrizeSettings) -> Award:
    prize = TITLES[kind]
    if not candidates:
        return Award(prize, kind, division, (), "", why)
    shares = kind == "high_combined"            # the game's prize: it takes no one's one prize
    best_first = sorted(candidates, key=lambda c: c.value, reverse=better is max)
    held = lambda c: settings.one_each and not shares and c.player.number in taken  # noqa: E731
    pool = [c for c in best_first if not held(c)]
    if not pool:
        return Award(prize, kind, division, (), "", "every player who could have it took an "
                     "earlier prize: one prize each")
    top = pool[0].value
    winners, seen = [], set()
    for c in pool:
        if c.value != top:
            break
        for p, detail in ((c.player, c.detail), (c.with_player, "")):   # the game said once
            if p is not None and p.number not in seen:
                seen.add(p.number)
                winners.append(Winner(p, detail))
    games = sum(1 for c in pool if c.value == top)
    words = []
    if games > 1:
        words.append(f"tied at {top}: the prize is shared")
    following = next((c for c in pool if c.value != top and c.player.number not in seen), None)
    if following is not None:
        words.append(f"next: {following.player.name} {following.value}")
    skipped: dict[int, Candidate] = {}
    for c in best_first:
        if held(c) and (c.value > top if better is max else c.value < top):
            skipped.setdefault(c.player.number, c)
    words.append(_took([(c.player.name, str(c.value), taken[n]) for n, c in skipped.items()]))
    if not shares:
        for w in winners:
            taken.setdefault(w.player.number, prize)
    return Award(prize, kind, division, tuple(winners), str(top), "; ".join(w for w in words if w))


def _took(ahead: list[tuple[str, str, str]]) -> str:
    """Who would have had a prize but took an earlier one: (name, what they had, the prize)."""
    if not ahead:
        return ""
    said = [f"{name} ({value}) took {prize}" for name, value, prize in ahead]
    if len(said) == 1:
        return f"{said[0]}: one prize each"
    return "ahead, " + ", ".join(said[:-1]) + f" and {said[-1]}: one prize each"
