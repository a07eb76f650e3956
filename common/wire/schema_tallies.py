"""Pieces of the wire schema (common.wire.schema, at its size limit) for what a result tallies
beyond its scores, and for settings a table's rules may leave out. Standard library and msgspec
only: common.wire.schema imports this module, never the other way round.

- ``BonusWords``: each player's bonus words (plays of all seven tiles), which a result carries
  under rules that count them (``result.bonus_words``: NZASP 9.2, 10.2); a document without
  them (the other presets', an older table's) is accepted as it is.
- ``NotedWord``: the word a player noted for one of their plays (optional: the director's high
  word prize shows it), which a result's turn carries when there is one.
- ``setting_fields``: a rules section's fields on the wire; a quiet setting (common.game.rules:
  ``Rules.to_dict`` leaves it out at its legacy value) may be absent, as in the documents of the
  presets without it and of a table that predates it, and reads as its legacy value.
"""
from dataclasses import fields
from typing import Annotated, Any, Callable

from msgspec import Meta

MAX_BONUS_WORDS = 1000          # a game has at most ~100 turns

_Count = Annotated[int, Meta(ge=0, le=MAX_BONUS_WORDS)]
BonusWords = tuple[_Count, _Count]
NotedWord = Annotated[str, Meta(min_length=2, max_length=15, pattern="^[A-Za-z]+\\Z",
                                description="the word its player noted (optional): 2 to 15 "
                                            "letters A to Z, a blank's in lower case")]


def setting_fields(section: type, typed: Callable[[dict], Any]) -> list[tuple]:
    """(name, type) for each setting of ``section`` (a common.game.rules dataclass), ``typed``
    giving a setting's wire type from its metadata; (name, type, legacy) for a quiet one. For a
    struct made with ``kw_only=True``."""
    return [(f.name, typed(f.metadata), f.metadata["legacy"]) if f.metadata.get("quiet")
            else (f.name, typed(f.metadata)) for f in fields(section)]
