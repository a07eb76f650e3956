"""The director's tournament data: players, pairings and game results, as small frozen values.

Players are numbered from 1 in the order of their division file, as tsh numbers them; player
number 0 stands for "no opponent" (a bye, or the absent side of a forfeit), as in a tsh ``.t``
line. A result credits ``players[0]`` and, when it is not 0, ``players[1]``.

A table's result is read from its document once, at the door (``table_result_of``: a
``TableResult``, what the ``results`` table's columns keep), and counted from those columns
(``games_of``: the document's player names matched to the director's players): one game, or for
a double forfeit (both players absent past the limit) two forfeit losses against no one;
``games_from_document`` does both. Pure: no I/O.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from common.wire.schema import MAX_NAME, Name, refusal

KINDS = ("game", "bye", "forfeit")
NO_OPPONENT = 0


class ModelError(ValueError):
    """Tournament data that cannot be right: says which record and what was expected."""


class UnknownPlayer(ModelError):
    """A name in a document that is none of the director's players."""


@dataclass(frozen=True)
class Player:
    number: int                 # 1-based, the player's line in the division file
    name: str
    rating: int = 0
    division: str = ""
    withdrawn: bool = False     # tsh's ``off``: no longer paired, not ranked
    club: str = ""              # the players' file's club (a .t line's ``club`` tag): NZASP 11.4
    team: str = ""              # the team the player plays for (``team``): NZASP 11.2
    members: str = ""           # a side that is a team of two (school): its members, "A & B"

    def __post_init__(self):
        if self.number < 1:
            raise ModelError(f"player {self.name!r}: number must be 1 or more; got {self.number}")
        if not self.name.strip():
            raise ModelError(f"player {self.number}: the name is empty")


@dataclass(frozen=True)
class Pairing:
    round: int
    table: str                  # "" when the pairing has no table (a bye)
    players: tuple[int, int]    # player numbers; (n, 0) is a bye for n
    first: int | None = None    # index into players of who starts, None = not assigned
    division: str = ""          # "" = the division it is stored for

    def __post_init__(self):
        _check_pair(f"round {self.round} pairing", self.round, self.players, self.first)


@dataclass(frozen=True)
class GameResult:
    """One player's bye or forfeit, or one game between two players.

    ``scores`` follow ``players``. For a bye or a one-sided forfeit (players[1] == 0) the spread
    of players[0] is scores[0] - scores[1]: a bye of +50 is (50, 0), a forfeit loss of -50 (0, 50).
    ``winner`` is the index of the winner in players, None for a tie; worked out from the scores
    unless given (a forfeit's winner is the side that did not forfeit). ``bonus``: each side's
    bonus words, as a table counts them under rules that do (NZASP 9.2); (0, 0) otherwise.
    """
    round: int
    table: str
    players: tuple[int, int]
    scores: tuple[int, int]
    first: int | None = None
    kind: str = "game"
    winner: int | None = field(default=None)
    bonus: tuple[int, int] = (0, 0)     # each side's bonus words (plays of all seven tiles)

    def __post_init__(self):
        what = f"round {self.round} table {self.table or '-'} result"
        _check_pair(what, self.round, self.players, self.first)
        if self.kind not in KINDS:
            raise ModelError(f"{what}: kind must be one of {', '.join(KINDS)}; got {self.kind!r}")
        if len(self.scores) != 2 or not all(isinstance(s, int) for s in self.scores):
            raise ModelError(f"{what}: scores must be two whole numbers; got {self.scores!r}")
        if self.kind == "game" and NO_OPPONENT in self.players:
            raise ModelError(f"{what}: a game needs two players; got {self.players!r}")
        if self.kind == "bye" and self.players[1] != NO_OPPONENT:
            raise ModelError(f"{what}: a bye has no opponent (player 0); got {self.players!r}")
        a, b = self.scores
        by_score = None if a == b else (0 if a > b else 1)
        if self.winner is None:
            object.__setattr__(self, "winner", by_score)
        elif self.winner not in (0, 1):
            raise ModelError(f"{what}: winner must be 0, 1 or None; got {self.winner!r}")
        elif by_score is not None and by_score != self.winner:
            raise ModelError(f"{what}: the winner {self.winner} has the lower score {self.scores!r}")

    @property
    def spread(self) -> int:
        """players[0]'s spread: their score minus the other side's."""
        return self.scores[0] - self.scores[1]

    @property
    def no_game(self) -> bool:
        """A round against no opponent with a spread of 0: no game at all (a late entry's or a
        withdrawn player's missed round, as tsh writes it; half of a voided game): neither a win,
        a loss nor a tie."""
        return self.players[1] == NO_OPPONENT and self.spread == 0

    def canonical(self) -> "GameResult":
        """The same result with the lower player number first (as a .t file reads back)."""
        if self.players[1] == NO_OPPONENT or self.players[0] < self.players[1]:
            return self
        swap = {0: 1, 1: 0, None: None}
        return GameResult(self.round, self.table, self.players[::-1], self.scores[::-1],
                          swap[self.first], self.kind, swap[self.winner], self.bonus[::-1])

    def side_of(self, number: int) -> int | None:
        """0 or 1 for a player in this result, None if they are not in it."""
        if number == NO_OPPONENT:
            return None
        return self.players.index(number) if number in self.players else None


@dataclass(frozen=True)
class EventSettings:
    """What a tsh config sets for the whole event (director.files.tsh_config): its name and date as
    written, and its spread caps (per round, the last for later rounds; None: the preset's)."""
    name: str = ""
    date: str = ""
    spread_caps: tuple[int, ...] | None = None


def bye(round: int, player: int, spread: int) -> GameResult:
    """A bye (spread > 0), or a forfeit loss against no one (spread < 0), for one player; with a
    spread of 0, no game (GameResult.no_game)."""
    scores = (spread, 0) if spread >= 0 else (0, -spread)
    kind = "bye" if spread >= 0 else "forfeit"
    return GameResult(round, "", (player, NO_OPPONENT), scores, None, kind,
                      winner=0 if spread > 0 else (1 if spread < 0 else None))


def forfeit(round: int, table: str, winner: int, loser: int, spread: int) -> GameResult:
    """A game the ``loser`` forfeited, recorded by the director: ``spread`` is the winner's margin
    (the preset's result.forfeit_spread)."""
    return GameResult(round, str(table), (winner, loser), (spread, 0), None, "forfeit", winner=0)


def not_one_line(text: str) -> str | None:
    """Why ``text`` is not one line of printable text (a line break, a tab or another control or
    format character, named with its place), or None: names are one line everywhere, so the
    .t and .TOU files, whose lines are players, stay readable."""
    for place, char in enumerate(text, 1):
        if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
            what = _CONTROLS.get(char) or unicodedata.name(char, f"U+{ord(char):04X}").lower()
            return f"{what} at character {place}"
    return None


_CONTROLS = {"\n": "a line break", "\r": "a carriage return", "\t": "a tab"}


def name_refusal(name: str) -> str | None:
    """Why ``name`` cannot be a player's name ("{name!r} is " it), or None. A name is one line of printable text
    (``not_one_line``) that a table takes: the protocol's ``Name`` (common.wire.schema: at most
    MAX_NAME characters, not only spaces), the one definition both ends check, so that what the
    director stores it can send every table. A phone's no-break space is an ordinary space."""
    bad = not_one_line(name)
    if bad:
        return f"not one line of text ({bad}): a player's name is one line"
    if len(name) > MAX_NAME:
        return (f"{len(name)} characters long: a player's name is at most {MAX_NAME} (what a "
                "table takes)")
    if not name.strip():
        return "only spaces: a player's name is a name"
    refused = refusal(name, Name)
    return f"not what a table takes ({refused})" if refused else None


def name_key(name: str) -> str:
    """A name as compared between kiosk and director: case and spacing do not matter."""
    return re.sub(r"\s+", " ", name).strip().casefold()


def player_by_name(players: Iterable[Player], name: str, *, where: str = "document") -> Player:
    """The player whose name matches ``name`` (case and spacing aside); an UnknownPlayer if none."""
    key = name_key(str(name))
    matches = [p for p in players if name_key(p.name) == key]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise UnknownPlayer(f"{where}: player {name!r} matches several players: "
                            + ", ".join(f"{p.number} {p.name}" for p in matches))
    raise UnknownPlayer(f"{where}: player {name!r} is not one of the director's players")


@dataclass(frozen=True)
class TableResult:
    """A table's result as the director keeps it beside the signed document: read from the
    document once, at the door (``table_result_of``), stored in the ``results`` table's columns
    (director.event.db) and counted from them (``games_of``), never from the document again.

    ``names`` are the players as the table named them, in its order; ``first`` (0, 1 or None),
    ``final`` and ``winner`` follow them. ``end``: how the game ended (None: it has not).
    ``forfeit``: why a player forfeited (common.game.vocabulary.ForfeitReason; "" for a forfeit
    that gives none), None when no one did; ``forfeit_each``: when both players forfeited, each
    one's spread (0 or less), else None. ``bonus``: each side's bonus words (NZASP 9.2)."""
    round: int
    table: str
    names: tuple[str, str]
    first: int | None
    final: tuple[int, int]
    winner: int | None
    end: str | None
    forfeit: str | None = None
    forfeit_each: int | None = None
    bonus: tuple[int, int] = (0, 0)

    @property
    def where(self) -> str:
        return f"result document (round {self.round!r}, table {self.table!r})"

    def columns(self) -> dict:
        """This result as the ``results`` table's columns keep it (director.event.db)."""
        return {"round": self.round, "table_name": self.table, "player0": self.names[0],
                "player1": self.names[1], "first": self.first, "score0": self.final[0],
                "score1": self.final[1], "winner": self.winner, "end_reason": self.end,
                "forfeit": self.forfeit, "forfeit_each": self.forfeit_each,
                "bonus0": self.bonus[0], "bonus1": self.bonus[1]}

    @classmethod
    def from_columns(cls, row) -> "TableResult":
        """The result a ``results`` row keeps (its columns as ``columns`` names them)."""
        return cls(row["round"], row["table_name"], (row["player0"], row["player1"]), row["first"],
                   (row["score0"], row["score1"]), row["winner"], row["end_reason"],
                   row["forfeit"], row["forfeit_each"], (row["bonus0"] or 0, row["bonus1"] or 0))


def _where(document: Mapping) -> str:
    return f"result document (round {document.get('round')!r}, table {document.get('table')!r})"


def _names(document: Mapping, where: str) -> tuple[str, str]:
    names = document.get("players")
    if not isinstance(names, (list, tuple)) or len(names) != 2:
        raise ModelError(f"{where}: players: expected two names; got {names!r}")
    return names[0], names[1]


def table_result_of(document: Mapping) -> TableResult:
    """What a kiosk's result document (common/wire/document.py) says its game was: the final
    scores (the kiosk has already applied the preset's spread cap and forfeit margin), ``first``,
    the winner, the end, ``result.forfeit`` and the bonus words. Raises ModelError naming the
    field that is not what a result document holds."""
    where = _where(document)
    names = _names(document, where)
    result = document.get("result")
    if not isinstance(result, Mapping):
        raise ModelError(f"{where}: result: expected an object; got {result!r}")
    forfeited = result.get("forfeit")
    both = isinstance(forfeited, Mapping) and "players" in forfeited
    each = forfeited.get("each_spread") if both else None
    if both and (isinstance(each, bool) or not isinstance(each, int) or each > 0):
        raise ModelError(f"{where}: result.forfeit.each_spread: expected a whole number <= 0; "
                         f"got {each!r}")
    final = result.get("final")
    whole = (isinstance(final, (list, tuple)) and len(final) == 2
             and all(isinstance(s, int) and not isinstance(s, bool) for s in final))
    if not both and not whole:
        raise ModelError(f"{where}: result.final: expected two whole numbers; got {final!r}")
    round_ = document.get("round")
    if not isinstance(round_, int) or isinstance(round_, bool) or round_ < 1:
        raise ModelError(f"{where}: round: expected a whole number from 1; got {round_!r}")
    first = document.get("first")
    if not both and first not in (0, 1, None):
        raise ModelError(f"{where}: first: expected 0, 1 or null; got {first!r}")
    reason = None
    if forfeited:
        reason = str(forfeited.get("reason") or "") if isinstance(forfeited, Mapping) else ""
    return TableResult(round_, str(document.get("table", "")), names,
                       first if first in (0, 1) else None, (final[0], final[1]) if whole else (0, 0),
                       result.get("winner"), result.get("end"), reason, each, _bonus_words(result))


def game_from_document(document: Mapping, players: Sequence[Player]) -> GameResult:
    """The GameResult a kiosk's result document reports (``table_result_of``, then ``games_of``):
    its game; ``result.forfeit`` makes it a forfeit (kind ``forfeit``, unrated), but for one past
    the overtime cap, which ends a game played (ABSP 9.3), a game with its winner and its final
    scores. Raises ModelError (UnknownPlayer for a name the director does not have) naming the
    field."""
    where = _where(document)
    _numbers(_names(document, where), players, where)
    result = table_result_of(document)
    if result.forfeit_each is not None:
        raise ModelError(f"{where}: result.forfeit: both players forfeited: two results "
                         "(games_from_document)")
    return games_of(result, players)[0]


def games_from_document(document: Mapping, players: Sequence[Player]) -> tuple[GameResult, ...]:
    """The results a kiosk's result document reports (``games_of`` its ``table_result_of``)."""
    return games_of(table_result_of(document), players)


def games_of(result: TableResult, players: Sequence[Player]) -> tuple[GameResult, ...]:
    """The results a table's result counts as, its names matched to ``players``: its game; or,
    when both players forfeited (``forfeit_each``), each a forfeit loss against no one, at the
    table. Raises ModelError (UnknownPlayer for a name the director does not have)."""
    where = result.where
    if result.forfeit_each is not None:
        numbers = [player_by_name(players, n, where=where).number for n in result.names]
        return tuple(GameResult(result.round, result.table, (n, NO_OPPONENT),
                                (0, -result.forfeit_each), None, "forfeit", winner=1)
                     for n in numbers)
    numbers = _numbers(result.names, players, where)
    # an overtime forfeit (ABSP 9.3) ends a game played: "This is different to a game forfeited
    # by a player for not turning up", which alone "will not ... count for ratings" (ABSP 3.1.4)
    kind = "forfeit" if result.forfeit is not None and result.forfeit != "overtime" else "game"
    if result.end is None and kind == "game":
        raise ModelError(f"{where}: result.end: the game has not ended")
    return (GameResult(result.round, result.table, numbers, result.final, result.first, kind,
                       winner=result.winner if result.forfeit is not None else None,
                       bonus=result.bonus),)


def _numbers(names: tuple[str, str], players: Sequence[Player], where: str) -> tuple[int, int]:
    numbers = tuple(player_by_name(players, n, where=where).number for n in names)
    if numbers[0] == numbers[1]:
        raise ModelError(f"{where}: players: both names are player {numbers[0]}")
    return numbers


def _bonus_words(result: Mapping) -> tuple[int, int]:
    """A result's ``bonus_words`` (a table's under rules that count them, NZASP 9.2), else (0, 0):
    an older table's document, or another preset's, has none."""
    given = result.get("bonus_words")
    if (isinstance(given, (list, tuple)) and len(given) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in given)):
        return given[0], given[1]
    return 0, 0


def _check_pair(what: str, round_: int, players, first) -> None:
    if not isinstance(round_, int) or round_ < 1:
        raise ModelError(f"{what}: round must be a whole number from 1; got {round_!r}")
    if len(players) != 2 or players[0] == NO_OPPONENT or players[0] == players[1]:
        raise ModelError(f"{what}: players must be two different player numbers "
                         f"(the second 0 for none); got {players!r}")
    if first not in (0, 1, None):
        raise ModelError(f"{what}: first must be 0, 1 or None; got {first!r}")
