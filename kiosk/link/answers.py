"""The director's answers a table or a judge station takes besides its assignment, as types of
the protocol's one schema (common.wire.schema's parts: its single-line text, ranges, vocabularies):
the judge station's verdict on a table's challenge (``Verdict``, what a table reads from
``GET /api/tables/T/verdict``) and the challenges open for a station (``Challenges``, ``GET
/api/stations/S/challenges``). Each is checked after its signature and before anything reads
it (``checked``): a verdict whose words are not a list, a round out of range, a name with a
control character is refused naming the field, never read. Their other fields are skipped (the
signature covers them; a newer director may add one)."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from msgspec import Meta, Struct

from common.wire import schema
from common.wire.schema import Round, Side, Table, Tournament, Wall, text

Words = Annotated[list[text(40, 1)], Meta(max_length=32)]
Station = text(100, 1)


class Verdict(Struct):
    """The station's verdict, signed with the table's key (director.tables.challenges)."""
    kind: Literal["verdict"]
    tournament: Tournament
    table: Table
    challenge_id: text(200) | None
    words: Words
    valid: bool
    station: Station
    lexicon: text(200)


class OpenChallenge(Struct):
    challenge_id: text(200, 1)
    table: Table
    round: Round
    words: Words
    player: Side | None = None
    opened_wall: Wall | None = None


class Challenges(Struct):
    """The challenges open for a station, signed with the station's key."""
    kind: Literal["challenges"]
    tournament: Tournament
    station: Station
    challenges: Annotated[list[OpenChallenge], Meta(max_length=1000)]


def checked(document: dict, kind: type) -> Any:
    """``document`` (already verified) as ``kind``; else ValueError naming the field and why."""
    try:
        return schema.convert(document, kind)
    except schema.SchemaError as exc:
        raise ValueError(f"{exc.field or 'the document'}: {exc}") from None
