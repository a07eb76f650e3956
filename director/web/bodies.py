"""What the director's page sends, as the protocol's one schema says it (common.wire.schema: its
types, ranges, single-line printable text): each body is parsed and checked in one pass before
the page's handler reads it (director.web.routes.base, ``json_body``)."""
from typing import Annotated

from msgspec import Meta

from director.tables.codes import MAX_MINUTES
from common.wire.schema import (MAX_NAME, Division, Name, Points, Reason, Round, Strict, Table, one_of,
                               pair, text, whole, worded_pattern)


class RoundAction(Strict):
    """POST /api/rounds/start or /end: a division's round (its current one without ``round``),
    or every division's without ``division``."""
    division: Division | None = None
    round: Round | None = None


class EnrollRequest(Strict):
    """POST /api/enroll: a table's enrollment code (open ``minutes``, 10 without), or
    (``stick``) its USB stick's file, and how it reaches the director if not the usual way."""
    table: Table
    minutes: Annotated[int, Meta(ge=1, le=MAX_MINUTES, description="how long the code is open")] | None = None
    url: text(300) | None = None
    serial: text(300) | None = None
    stick: bool | None = None


class UploadedFile(Strict):
    name: text(200, 1)
    data: Annotated[str, Meta(max_length=(16 << 20) * 4 // 3 + 4,
                              pattern=worded_pattern("^[A-Za-z0-9+/=]*\\Z", "base64"),
                              description="the file's bytes in base64")]


class ImportRequest(Strict):
    """POST /api/import as JSON: one or more files (a .t, config.tsh, CSV) and their division;
    ``replace``: what they hold replaces what the event has; ``as_corrections``: a file's scores
    that differ from a table's result stand as corrections of it."""
    files: Annotated[list[UploadedFile], Meta(min_length=1, max_length=50)]
    division: Division | None = None
    replace: bool = False
    as_corrections: bool = False


class CorrectionRequest(Strict):
    """POST /api/corrections: a game (its round, and its table or its players) and what it is
    now (``kind``: scores, a forfeit, void, the original), with the director's reason."""
    round: Round
    kind: text(30, 1)
    reason: Reason
    division: Division | None = None
    table: Table | None = None
    players: Annotated[list[Name], Meta(min_length=1, max_length=2)] | None = None
    scores: pair(Points) | None = None
    forfeit: text(MAX_NAME) | None = None


DRAW_SYSTEMS = ("round_robin", "double_round_robin", "swiss", "tsh")     # director.event.draw's
PlayerNumber = whole(1, 10_000)


class DrawChoice(Strict):
    """POST /api/draw/settings: a division's draw (director.event.draw.DrawSettings)."""
    division: Division
    system: one_of(DRAW_SYSTEMS)
    king_of_the_hill: whole(0, 99) = 0
    seeding: one_of(("rating", "file")) = "rating"
    rounds: whole(0, 99) = 0
    gibson: whole(0, 99) = 0


class DrawAction(Strict):
    """POST /api/draw/propose, /swap, /table, /publish: a division's proposed round; ``players``
    the two to swap, ``player`` and ``table`` the game to move and where."""
    division: Division
    players: pair(PlayerNumber) | None = None
    player: PlayerNumber | None = None
    table: Table | None = None
