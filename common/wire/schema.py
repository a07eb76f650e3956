"""The one definition of every document and body that crosses the network between the tables and
the director: types, ranges, lengths, single-line printable text, closed vocabularies.

Each is a msgspec ``Struct``; ``decode(raw, Type)`` parses the raw bytes and checks them against
it in one pass, in linear time and in C, before anything else reads them: a field of the wrong
type, out of range, too long, a word outside its vocabulary, an unknown field or a list longer
than its limit stops the parse where it is found, with the path of the field
(``SchemaError``: "Expected `int` <= 999 - at `$.document.result.final[0]`"). Nesting is as
deep as the types and no deeper: no body can make the parser recurse further than the schema
does (what is deeper is refused at the first level the schema does not have).

What a table sends: ``SignedResult`` and ``SignedStatus`` (a ``ResultDocument`` or a
``StatusDocument`` with its ``signature``), ``EnrollStart`` and ``EnrollConfirm`` (enrolling by
its code); what the director sends a table: ``SignedAssignment`` and ``Answer`` (its reply).
The director's page's bodies are of the same types (director.web.bodies). The game's events and
rules are not written twice: their types are made here from the core's own (common.game.events,
common.game.rules), so a new event or setting is on the wire once the core has it. The tables of
fields in docs/sync-protocol.md are made from this module (common.wire.schema_doc), held by a test.
"""
from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from common.game import events as ev
from common.game.rules import SECTIONS, describe_settings
from common.game.vocabulary import TURN_LABELS, EndReason, ForfeitReason, MenuUse, Phase, TurnKind
from common.wire.decoders import built, decoder
from common.wire.schema_tallies import BonusWords, Forfeit, NotedWord, setting_fields

SCHEMA_VERSION = 1
MAX_EVENTS = 1000               # a real game has at most ~100 turns: 500 events with a challenge
                                # on every turn (150 turns: 760); the director's bound on a
                                # result's size (director.limits.RESULT_BODY) holds it
MAX_TURNS = MAX_EVENTS
MAX_RECORDS = 500               # adjudications, uses of the director's menu: a game has a few
MAX_NAME = 100                  # a player's or the tournament's name (both ends: see ``Name``)
MAX_REASON = MAX_REFUSAL = 300  # a director's reason for a correction; a table's for a refusal
MAX_WORD_LIST = 40              # a word list's name ("CSW21")
CORRECTION_KINDS = ("scores", "forfeit", "void", "original")
MAX_TABLE = 20                  # a table's name: "7", "A12"
MAX_ROUND = 999
MAX_REVISION = 1_000_000
MIN_SCORE, MAX_SCORE = -999, 999  # a final score (penalties may take it below 0), as a .TOU holds it
MAX_POINTS = 100_000            # any other tally of points in a game (a turn, a penalty...)
MAX_NS = 2 ** 62                # a monotonic instant or a span of nanoseconds
MAX_MS = 2 ** 31 - 1            # a clock in milliseconds, negative in overtime
MAX_WALL = 2.0 ** 34            # wall-clock seconds (the year 2514)

# Single-line printable text: no control character (C0, DEL, C1), no line or paragraph separator.
_LINE = "[^\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029]"
_EDGE = "[^\\s\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029]"

_WORDS: dict[str, str] = {}        # a pattern's repr -> what it asks for, in words


def worded_pattern(pattern: str, words: str) -> str:
    """``pattern``, whose refusal says ``words`` rather than the regular expression."""
    _WORDS[repr(pattern)] = words
    return pattern


def text(most: int, least: int = 0) -> Any:
    """Single-line printable text of ``least`` to ``most`` characters."""
    return Annotated[str, Meta(min_length=least, max_length=most,
                               pattern=worded_pattern(f"^{_LINE}*\\Z", "single-line printable text"),
                               description=f"single-line printable text, {least} to {most} characters")]


def whole(least: int, most: int) -> Any:
    return Annotated[int, Meta(ge=least, le=most)]


def pair(item: Any) -> Any:
    return tuple[item, item]


def one_of(values) -> Any:
    return Literal[tuple(str(v) for v in values)]


Side = Annotated[int, Meta(ge=0, le=1, description="a player: 0 (left) or 1 (right)")]
# What the director stores and sends, a table takes: the director checks names, reasons... at
# entry against these (``refusal``), a table its assignment (kiosk.link.assignment.check). Any
# Unicode space is text (a phone types U+00A0, U+202F): controls and line breaks are not.
Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME, pattern=worded_pattern(
    f"^(?=\\s*{_EDGE}){_LINE}*\\Z", "single-line printable text, not only spaces"), description=f"a "
    f"player's name: single-line printable text, 1 to {MAX_NAME} characters, not only spaces")]
Tournament = text(MAX_NAME)
Reason = text(MAX_REASON)
WordListName = text(MAX_WORD_LIST, 1)
Table = Annotated[str, Meta(min_length=1, max_length=MAX_TABLE,
                            pattern=worded_pattern(f"^{_EDGE}(?:{_LINE}*{_EDGE})?\\Z",
                                             "printable text without a space at either end"),
                            description=f"a table's name, 1 to {MAX_TABLE} printable characters, no "
                                        "space at either end")]
Division = Annotated[str, Meta(min_length=1, max_length=40,
                               pattern=worded_pattern("^[\\w.-]+\\Z", "one word of letters, digits, . - _"),
                               description="a division's name: one word of letters, digits, . - _")]
GameId = text(100, 1)
Round = whole(1, MAX_ROUND)
Revision = whole(1, MAX_REVISION)
Score = Annotated[int, Meta(ge=MIN_SCORE, le=MAX_SCORE, description="a final score, -999 to 999")]
Points = whole(-MAX_POINTS, MAX_POINTS)
Instant = whole(-MAX_NS, MAX_NS)
Millis = whole(-MAX_MS, MAX_MS)
Wall = Annotated[float, Meta(ge=0, le=MAX_WALL, description="wall-clock seconds")]
Hex64 = Annotated[str, Meta(min_length=64, max_length=64,
                            pattern=worded_pattern("^[0-9a-f]{64}\\Z", "64 lowercase hex digits"),
                            description="64 lowercase hex digits")]
PhaseName = one_of(Phase)


class Strict(Struct, forbid_unknown_fields=True):
    """Every object on the wire: a field this schema does not name is refused."""


# --- the game's events, made from the core's --------------------------------------------------------

_VOCABULARY = {"TurnKind": TurnKind, "EndReason": EndReason, "ForfeitReason": ForfeitReason}
_EVENT_TYPES = {"int": Instant, "str": text(200), "bool": bool,
                "tuple[int, ...]": Annotated[list[Side], Meta(max_length=2)],
                "tuple[str, ...]": Annotated[list[text(40, 1)], Meta(max_length=32)]}


def _event_field(annotation: str) -> Any:
    if annotation in _VOCABULARY:
        return one_of(_VOCABULARY[annotation])
    return _EVENT_TYPES[annotation]


def _event_struct(cls: type) -> type:
    fields: list = [("schema", Literal[ev.SCHEMA_VERSION])]
    for f in ev._fields(cls):
        typed = _event_field(f.type)
        fields.append((f.name, typed) if f.default is ev.MISSING else (f.name, typed, f.default))
    return msgspec.defstruct(cls.__name__, fields, bases=(Strict,), tag_field="type",
                             tag=cls.__name__, module=__name__)


EVENTS = {name: _event_struct(cls) for name, cls in ev.EVENT_TYPES.items()}
Event = Union[tuple(EVENTS.values())]


# --- the rules a game was played under, made from the core's ---------------------------------------

def _setting(meta) -> Any:
    kind = meta["kind"]
    if kind == "int":
        return whole(meta.get("min", -MAX_MS), meta.get("max", MAX_MS))
    if kind == "bool":
        return bool
    if kind == "choice":
        return one_of(meta["choices"])
    if kind == "choices":
        return Annotated[list[one_of(meta["choices"])], Meta(max_length=len(meta["choices"]))]
    if kind == "ints":
        return Annotated[list[whole(meta["min"], MAX_MS)], Meta(max_length=MAX_ROUND)]
    raise ValueError(f"a rules setting of kind {kind!r} has no type on the wire")


SECTION_TYPES = {section: msgspec.defstruct(cls.__name__, setting_fields(cls, _setting), bases=(Strict,),
                                            kw_only=True, module=__name__)
                 for section, cls in SECTIONS.items()}
SETTINGS = [key for key, _, _ in describe_settings()]
Cites = Annotated[dict[one_of(SETTINGS), text(100)], Meta(max_length=len(SETTINGS))]
Rules = msgspec.defstruct("Rules", [("name", text(100, 1)), ("title", text(200)),
                                    *((s, t) for s, t in SECTION_TYPES.items()),
                                    ("cite", Cites, msgspec.field(default_factory=dict))],
                          bases=(Strict,), module=__name__)


# --- a result -------------------------------------------------------------------------------------

class TurnLine(Strict):
    player: Side
    type: one_of(TURN_LABELS)
    score: Points
    cumulative: Points
    word: NotedWord | UnsetType = UNSET


class Result(Strict):
    """The result as the core computes it: the final scores and every part itemised."""
    final: pair(Score)
    winner: Side | None
    spread: whole(MIN_SCORE - MAX_SCORE, MAX_SCORE - MIN_SCORE)
    end: one_of(EndReason) | None
    turn_points: pair(Points)
    challenge_points: pair(Points)
    rack_adjust: pair(Points)
    overtime_penalty: pair(Points)
    late_penalty: pair(Points)
    forfeit_adjust: pair(Points)
    cap_adjust: pair(Points)
    time_used_ms: pair(whole(0, MAX_MS))
    turns: Annotated[list[TurnLine], Meta(max_length=MAX_TURNS)]
    racks_missing: Annotated[list[Side], Meta(max_length=2)]
    forfeit: Forfeit | None
    confirmed: bool
    bonus_words: BonusWords | UnsetType = UNSET


class WordVerdict(Strict):
    word: text(40, 1)
    valid: bool


class Adjudication(Strict):
    """A challenge's adjudication, each word with its validity (kiosk.store.adjudications)."""
    id: whole(1, MAX_MS)
    game_id: whole(1, MAX_MS) | None
    table: text(MAX_TABLE)
    challenger_side: Side | None
    challenger: text(MAX_NAME)
    words: Annotated[list[WordVerdict], Meta(max_length=32)]
    valid: bool
    lexicon: text(100)
    lexicon_fingerprint: text(128)
    at_ns: Instant
    boot_id: text(64)
    wall: Wall


class MenuUseRecord(Strict):
    """A use of the director's menu at the table (kiosk.store.menu_uses)."""
    use: one_of(MenuUse)
    detail: text(300)
    at_ns: Instant
    boot_id: text(64)
    wall: Wall


class ResultDocument(Strict):
    """A locked game (common.wire.document.result_document)."""
    schema: Literal[SCHEMA_VERSION]
    kind: Literal["result"]
    tournament: Tournament
    round: Round
    table: Table
    game_id: GameId
    revision: Revision
    players: pair(Name)
    first: Side | None
    rules: Rules
    result: Result
    events: Annotated[list[Event], Meta(max_length=MAX_EVENTS)]
    adjudications: Annotated[list[Adjudication], Meta(max_length=MAX_RECORDS)]
    director_menu: Annotated[list[MenuUseRecord], Meta(max_length=MAX_RECORDS)]
    journal_sha256: Hex64
    division: Division | UnsetType = UNSET
    phase: PhaseName | UnsetType = UNSET


# --- a status ------------------------------------------------------------------------------------

class Alerts(Strict):
    overtime: Annotated[list[Side], Meta(max_length=2)]
    hold: Side | None
    challenge: Side | None
    neutral: text(40, 1) | None
    absent: Annotated[list[Side], Meta(max_length=2)]


class About(Strict):
    """The table itself (common.wire.status.about_table): its software, its word list and its
    fingerprint, its last hardware self-test."""
    software: text(40)
    lexicon: text(100)
    lexicon_sha256: text(64)
    selftest: text(200)


class StatusDocument(Strict):
    """The live state of a table's game (common.wire.status.status_document)."""
    schema: Literal[SCHEMA_VERSION]
    kind: Literal["status"]
    tournament: Tournament
    round: Round
    table: Table
    game_id: GameId
    players: pair(text(MAX_NAME))
    phase: PhaseName
    times_ms: pair(Millis)
    scores: pair(Points)
    to_move: Side | None
    running: Side | None
    alerts: Alerts
    outbox_pending: whole(0, MAX_REVISION)
    sent_wall: Wall
    division: Division | UnsetType = UNSET
    about: About | UnsetType = UNSET
    assignment_refused: text(MAX_REFUSAL, 1) | UnsetType = UNSET


# --- what the director sends a table ---------------------------------------------------------------

class TableCorrection(Strict):
    """A director's correction of one of the table's games, as its assignment carries it
    (director.event.corrections.for_assignment)."""
    id: whole(1, MAX_MS)
    round: Round
    game_id: GameId
    kind: one_of(CORRECTION_KINDS)
    final: pair(Points) | None
    reason: Reason
    wall: Wall


class WordList(Strict):
    """The director's word list (its config's ``tournament.lexicon``): its name and fingerprint."""
    name: WordListName
    fingerprint: Hex64


class AssignmentDocument(Strict):
    """What a table plays now (director.event.rounds.assignment)."""
    schema: Literal[SCHEMA_VERSION]
    kind: Literal["assignment"]
    tournament: Tournament
    division: Division
    round: Round
    table: Table
    players: pair(Name)
    first: Side | None
    round_started_wall: Wall | None
    round_ended_wall: Wall | None
    revision: whole(0, MAX_MS)
    corrections: Annotated[list[TableCorrection], Meta(max_length=MAX_ROUND)] = []
    lexicon: WordList | UnsetType = UNSET
    rated: bool | UnsetType = UNSET


class Held(Strict):
    """A result the director holds for the table: its round and revision (reconciliation)."""
    round: Round
    revision: Revision


OUTCOMES = ("stored", "duplicate", "replaced", "older", "ok", "accepted", "ruled", "open", "withdrawn")


class Answer(Struct):
    """The director's answer to a table's document (over HTTP, or an ACK's body): what became of
    it, or why it was refused; to a status, the results it holds for the table (``held``) so
    that a table can send again what a director restored from a backup lacks."""
    outcome: one_of(OUTCOMES) | None = None
    error: text(1000) | None = None
    code: whole(100, 599) | None = None
    held: Annotated[list[Held], Meta(max_length=MAX_ROUND)] | None = None
    tournament: Tournament | None = None
    round: Round | None = None
    table: Table | None = None
    revision: Revision | None = None


# --- signed documents -------------------------------------------------------------------------------

Signature = Annotated[str, Meta(max_length=128, description="HMAC-SHA256, 64 lowercase hex digits")]


class Envelope(Strict):
    """Any signed document, its document not yet read: the first look (``head``). ``again``:
    a result the table sends again because the director said it lacked it (reconciliation;
    beside the signature, it labels the result on the director's page and changes nothing else)."""
    document: msgspec.Raw
    signature: Signature | None = None
    again: bool = False


class Head(Struct):
    """What kind of document an envelope holds and the table it names, whose key checks its
    signature (its other fields are skipped, not read)."""
    schema: whole(-MAX_MS, MAX_MS) | text(20) | None = None
    kind: text(20) | None = None
    table: Table | None = None


class SignedResult(Strict):
    document: ResultDocument
    signature: Hex64
    again: bool = False


class SignedStatus(Strict):
    document: StatusDocument
    signature: Hex64


class SignedAssignment(Strict):
    document: AssignmentDocument
    signature: Hex64


SIGNED = {"result": SignedResult, "status": SignedStatus, "assignment": SignedAssignment}


# --- enrolling a table by its code (common.wire.code_exchange: the bodies a table sends) -------------

def hex_digits(count: int) -> Any:
    return Annotated[str, Meta(min_length=count, max_length=count,
                               pattern=worded_pattern("^[0-9a-f]*\\Z", "lowercase hex digits"),
                               description=f"{count} lowercase hex digits")]


class EnrollStart(Strict):
    """POST /api/enroll/start: the table, and its SPAKE2 message."""
    protocol: whole(0, 1000)
    table: Table
    message: hex_digits(66)


class EnrollConfirm(Strict):
    """POST /api/enroll/confirm: the exchange, and the table's confirmation of it."""
    exchange: hex_digits(32)
    confirm: hex_digits(64)


# --- decoding ----------------------------------------------------------------------------------------

class SchemaError(ValueError):
    """Bytes that are not the document they should be: ``path`` is where (``$.document.round``),
    the message what was expected; ``field`` the path in the words of the docs (``round``)."""

    def __init__(self, message: str, path: str = "$"):
        super().__init__(message)
        self.path = path

    @property
    def field(self) -> str:
        for prefix in ("$.document.", "$."):
            if self.path.startswith(prefix):
                return self.path[len(prefix):]
        return ""


def decode(raw: bytes | msgspec.Raw, kind: type) -> Any:
    """``raw`` as ``kind`` (one of this module's types), checked in one pass; else SchemaError."""
    try:
        return decoder(kind).decode(raw)
    except msgspec.ValidationError as exc:
        raise _refusal(exc) from None
    except msgspec.DecodeError as exc:
        raise SchemaError(f"not JSON: {str(exc)[:120]}") from None
    except RecursionError:
        raise SchemaError("not JSON this schema has: nested deeper than any document") from None


def convert(value: Any, kind: type) -> Any:
    """Plain data already parsed (an answer read by another JSON reader) checked as ``kind``;
    else SchemaError."""
    try:
        return msgspec.convert(value, type=built(kind))
    except msgspec.ValidationError as exc:
        raise _refusal(exc) from None


def refusal(value: Any, kind: Any) -> str | None:
    """Why ``value`` (a name, a reason) is not of ``kind``, in the schema's words; None if it is."""
    try:
        convert(value, kind)
    except SchemaError as exc:
        return str(exc)
    return None


def _refusal(exc: msgspec.ValidationError) -> SchemaError:
    message, _, where = str(exc).partition(" - at `")
    head, found, pattern = message.partition(" matching regex ")
    if found:
        message = f"{head} of {_WORDS.get(pattern, 'the form the schema gives')}"
    return SchemaError(message, where.rstrip("`") or "$")


def plain(raw: bytes | msgspec.Raw) -> Any:
    """Bytes already checked by ``decode`` as plain data (dicts, lists...), as ``json.loads``
    would give them: what a signature covers and what is stored."""
    return msgspec.json.decode(raw)


def plain_bounded(raw: bytes) -> Any:
    """Bytes not yet of a type of this module (the judge station's documents) parsed by the
    same linear parser, in C: JSON, and nested no deeper than the parser's own bound; else
    SchemaError."""
    try:
        return msgspec.json.decode(raw)
    except msgspec.DecodeError as exc:
        raise SchemaError(f"not JSON: {str(exc)[:120]}") from None
    except (RecursionError, msgspec.ValidationError):
        raise SchemaError("not JSON this schema has: nested deeper than any document") from None


def json_schema(kind: type) -> dict:
    """The JSON Schema of one of this module's types (for the docs, and for anyone's checker)."""
    return msgspec.json.schema(kind)
