"""Pieces of the wire schema (common.wire.schema, at its size limit) for what a result tallies
beyond its scores, and for settings a table's rules may leave out. Standard library, msgspec
and the core's vocabulary only: common.wire.schema imports this module, never the other way round.

- ``BonusWords``: each player's bonus words (plays of all seven tiles), which a result carries
  under rules that count them (``result.bonus_words``: NZASP 9.2, 10.2); a document without
  them (the other presets', an older table's) is accepted as it is.
- ``NotedWord``: the word a player noted for one of their plays (optional: the director's high
  word prize shows it), which a result's turn carries when there is one.
- ``setting_fields``: a rules section's fields on the wire; a quiet setting (common.game.rules:
  ``Rules.to_dict`` leaves it out at its legacy value) may be absent, as in the documents of the
  presets without it and of a table that predates it, and reads as its legacy value.
- ``Forfeit``: a result's forfeit (common.game.result): one player's (``player``), or both
  players' when both were absent past the limit (``players`` [0, 1], each a loss of
  ``each_spread``, the scores 0-0: a double forfeit, which the director stores as two losses).
"""
from dataclasses import fields
from typing import Annotated, Any, Callable, Literal

from msgspec import UNSET, Meta, Struct, UnsetType

from common.game.vocabulary import ForfeitReason

MAX_BONUS_WORDS = 1000          # a game has at most ~100 turns
MAX_FORFEIT_SPREAD = 1000       # a preset's forfeit spread (50, 75, 150...)

_Count = Annotated[int, Meta(ge=0, le=MAX_BONUS_WORDS)]
BonusWords = tuple[_Count, _Count]
NotedWord = Annotated[str, Meta(min_length=2, max_length=15, pattern="^[A-Za-z]+\\Z",
                                description="the word its player noted (optional): 2 to 15 "
                                            "letters A to Z, a blank's in lower case")]

_Side = Annotated[int, Meta(ge=0, le=1, description="a player: 0 (left) or 1 (right)")]


class Forfeit(Struct, forbid_unknown_fields=True):
    reason: Literal[tuple(str(r) for r in ForfeitReason)]
    player: _Side | UnsetType = UNSET
    players: Annotated[list[_Side], Meta(min_length=2, max_length=2)] | UnsetType = UNSET
    each_spread: Annotated[int, Meta(ge=-MAX_FORFEIT_SPREAD, le=0)] | UnsetType = UNSET


def setting_fields(section: type, typed: Callable[[dict], Any]) -> list[tuple]:
    """(name, type) for each setting of ``section`` (a common.game.rules dataclass), ``typed``
    giving a setting's wire type from its metadata; (name, type, legacy) for a quiet one. For a
    struct made with ``kw_only=True``."""
    return [(f.name, typed(f.metadata), f.metadata["legacy"]) if f.metadata.get("quiet")
            else (f.name, typed(f.metadata)) for f in fields(section)]
