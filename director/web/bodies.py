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
    """POST /api/draw/propose, /swap, /table, /publish, /takeback, /tables: a division's proposed
    round (``round``: the one the page shows; ``published``: the change is of the published
    round, not started, instead); ``players`` the two to swap, ``player`` and ``table`` the game
    to move and where; ``tables`` the division's own tables ("1-15"; "": the page's choice
    dropped)."""
    division: Division
    players: pair(PlayerNumber) | None = None
    player: PlayerNumber | None = None
    table: Table | None = None
    round: Round | None = None
    published: bool = False
    tables: text(300) | None = None


MISSED = ("none", "forfeit")        # director.event.roster.MISSED
Someone = text(MAX_NAME, 1)         # a player: their number or their name


class PlayerAction(Strict):
    """POST /api/players/late, /withdraw, /back, /absent, /noshow (director.event.entries): a
    late entry's ``name`` and ``rating``; the ``player`` (number or name) withdrawn, back or
    absent, from ``round`` (default: the first not started); the ``players`` (one, or a game's
    two) who did not come in ``round`` (``undo``: a no-show's forfeit taken back); ``missed``:
    each round missed is no game or a forfeit loss."""
    division: Division | None = None
    name: Name | None = None
    rating: whole(0, 4000) | None = None
    player: Someone | None = None
    players: Annotated[list[Someone], Meta(min_length=1, max_length=2)] | None = None
    round: Round | None = None
    missed: one_of(MISSED) = "none"
    undo: bool = False


Places = whole(0, 50)


class PrizeChoice(Strict):
    """POST /api/prizes/settings: a division's prize table settings chosen on the page
    (director.event.prizes.settings' FIELDS; those not given stay as they are)."""
    division: Division
    places: Places | None = None
    class_places: Places | None = None
    bands: Annotated[list[text(20)], Meta(max_length=50)] | None = None
    band_places: whole(1, 50) | None = None
    lucky_stiff: Places | None = None
    high_win: bool | None = None
    high_loss: bool | None = None
    high_game: bool | None = None
    high_combined: bool | None = None
    upset: bool | None = None
    high_word: bool | None = None
    one_each: bool | None = None


class PrizeForget(Strict):
    """POST /api/prizes/forget: a division's prize table as the config sets it again."""
    division: Division
