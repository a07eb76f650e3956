"""What happened in a game: immutable, versioned events, and their JSON form.

A game *is* its events. ``game.apply`` folds them into state; a correction is a new event,
never an edit. Each event carries ``at_ns``, the monotonic instant it took effect.
JSON: ``{"schema": 1, "type": "TurnEnded", "at_ns": ..., ...fields}``; tuples become lists.
A field of the game's vocabulary (``TurnKind``, ``EndReason``, ``ForfeitReason``) holds the enum
member, whether the event was made with it, with its text, or read from JSON, where it is text.
"""
from __future__ import annotations

import functools
import json
from dataclasses import MISSING, Field, fields
from enum import StrEnum

from .frozen import value
from .vocabulary import EndReason, ForfeitReason, TurnKind

SCHEMA_VERSION = 1
#: The vocabulary an event field may be typed with (annotations are strings in this module).
_VOCABULARY: dict[str, type[StrEnum]] = {"TurnKind": TurnKind, "EndReason": EndReason,
                                         "ForfeitReason": ForfeitReason}


@value
class Event:
    at_ns: int

    def __post_init__(self):
        for f in _fields(type(self)):
            vocabulary = _VOCABULARY.get(f.type)
            if vocabulary is not None:
                object.__setattr__(self, f.name, vocabulary(getattr(self, f.name)))


@value
class StartCalled(Event):
    absent: tuple[int, ...]


@value
class AbsentDeclared(Event):
    """Players declared absent after the start call: their absence counts from the call."""
    absent: tuple[int, ...]


@value
class Arrived(Event):
    """A late player arrived: ``charged_ns`` goes on their clock, ``penalty`` off their score."""
    player: int
    charged_ns: int
    penalty: int


@value
class GameStarted(Event):
    first: int


@value
class TurnEnded(Event):
    """A player ended a turn: ``kind`` is play, exchange, pass, or pending (pressed, details to
    follow in a TurnRecorded); ``out`` marks a play-out."""
    player: int
    kind: TurnKind
    score: int = 0
    tiles: int = 0
    blanks: str = ""
    out: bool = False
    placed: int = 0                 # tiles put on the board by a play (0 = not entered)


@value
class TurnRecorded(Event):
    """What a pending turn was."""
    turn: int                       # 0-based
    kind: TurnKind
    score: int = 0
    tiles: int = 0
    blanks: str = ""
    placed: int = 0


@value
class WordNoted(Event):
    """A player noted the word of one of their plays (optional; for the high word prize)."""
    player: int
    turn: int                       # 0-based
    word: str


@value
class HoldCalled(Event):
    player: int
    turn: int                       # 0-based index of the held play


@value
class ClockNeutralised(Event):
    reason: str


@value
class ClockResumed(Event):
    player: int                     # who pressed
    side: int                       # whose clock runs


@value
class ChallengeOpened(Event):
    player: int
    turn: int


@value
class ChallengeRuled(Event):
    player: int
    turn: int
    words: tuple[str, ...]
    valid: bool


@value
class ChallengeWithdrawn(Event):
    player: int
    turn: int


@value
class PhonyWithdrawn(Event):
    """The challenged play was unacceptable: tiles back, the turn scores 0."""
    turn: int


@value
class ChallengeBonus(Event):
    """Points to the challenged player (who made play ``turn``) for an unsuccessful challenge."""
    player: int
    turn: int
    points: int


@value
class TurnLost(Event):
    """The challenger loses its turn for challenging an acceptable play."""
    player: int


@value
class PlayOutAccepted(Event):
    player: int


@value
class GameEnded(Event):
    """``reason``: out, zeros, time, director or forfeit. The clock stops at ``at_ns``."""
    reason: EndReason


@value
class GameReopened(Event):
    """Tiles found after the end: play resumes (clock neutral); the end and racks are undone."""


@value
class TilesFound(Event):
    """``tiles`` found out of the bag or in a bag thought empty (ASPA 11.4-11.5, NZASP 6.10-6.11):
    ``to`` is the player who added them to their rack after the end, or -1: during play they
    went back into the bag."""
    tiles: int
    to: int


@value
class TurnSentBack(Event):
    """NZASP 6.2.2: ``player`` restarted the mover's clock to have the blank(s) of play ``turn``
    declared (not a passed turn)."""
    player: int
    turn: int


@value
class BlankDeclared(Event):
    """The blank(s) of the sent-back play ``turn`` declared: the opponent's clock runs again; for
    a play-out, the clock stops again and the play-out waits for the opponent (NZASP 8.2)."""
    turn: int
    blanks: str


@value
class SendBackUndone(Event):
    """The play ``turn`` sent back had no blank to declare (NZASP 6.2.2): ``player`` said so, the
    mover or the opponent who sent it back. The send-back is undone: the clock runs as it did
    before it (a play-out waits again, its window anew), and the ``moved_ns`` the mover's clock
    ran since are charged as that clock would have been: to the opponent's, or to nobody."""
    player: int
    turn: int
    moved_ns: int


@value
class FalseBlankFound(Event):
    """School 7: play ``turn`` used a false blank; ``player`` found it. The play comes off the
    board and scores 0 (its player loses the turn); the clock goes neutral."""
    player: int
    turn: int


@value
class TimeDivided(Event):
    """ASPA 2.2: a clock brought in during the game: the time left is divided equally, each side
    having used ``each_ns``."""
    each_ns: int


@value
class ChallengeRechecked(Event):
    """``player`` had the verdict on play ``turn`` checked again: ``valid`` is the new verdict,
    which replaces the old one; its outcome follows as events of its own."""
    player: int
    turn: int
    valid: bool


@value
class GameVoided(Event):
    """The director voided the game: it has no result, the clock stops, nothing more happens."""


@value
class RackEntered(Event):
    player: int
    tiles: str


@value
class ScoreCorrected(Event):
    turn: int                       # 0-based
    score: int


@value
class TimeAdjusted(Event):
    """A director's correction as charged to ``player``'s clock: ``delta_ns`` more time used
    (negative: less used, more left). The command (AdjustTime) and the replay speak of the time
    left; the journal keeps the time used, as it always has."""
    player: int
    delta_ns: int


@value
class Forfeited(Event):
    """``player`` forfeits: reason overtime (the clock's cap) or director."""
    player: int
    reason: ForfeitReason


@value
class Recovered(Event):
    """The kiosk restarted (a crash, a power cut): the game resumes at ``at_ns`` on the new
    boot's clock, neutral, with each side's time as of ``from_ns`` (the last instant known on the
    old clock: the last event or checkpoint). The time in between is charged to no one."""
    from_ns: int


@value
class ResultConfirmed(Event):
    player: int


@value
class ResultLocked(Event):
    """Everyone the preset asks has confirmed: nothing may change any more."""


EVENT_TYPES = {cls.__name__: cls for cls in Event.__subclasses__()}


class EventFormatError(ValueError):
    """A serialised event that cannot be read back."""


@functools.cache
def _fields(cls: type[Event]) -> tuple[Field, ...]:
    """An event type's fields, looked up once (events are read and written by the thousand)."""
    return fields(cls)


def to_json(event: Event) -> str:
    body = {"schema": SCHEMA_VERSION, "type": type(event).__name__}
    for f in _fields(type(event)):                # flat fields: nothing to copy deeply
        value = getattr(event, f.name)
        body[f.name] = list(value) if isinstance(value, tuple) else value
    return json.dumps(body, separators=(",", ":"), sort_keys=True)


def from_json(text: str) -> Event:
    try:
        body = json.loads(text)
    except json.JSONDecodeError as exc:
        raise EventFormatError(f"not JSON: {exc}") from None
    return from_dict(body)


def from_dict(body) -> Event:
    """An event from its JSON object already parsed (a document's events), checked as
    ``from_json`` checks it."""
    if not isinstance(body, dict):
        raise EventFormatError("an event is a JSON object")
    if body.get("schema") != SCHEMA_VERSION:
        raise EventFormatError(f"schema {body.get('schema')!r}; this kiosk reads {SCHEMA_VERSION}")
    cls = EVENT_TYPES.get(body.get("type"))
    if cls is None:
        raise EventFormatError(f"unknown event type {body.get('type')!r}")
    extra = sorted(set(body) - _known(cls))
    if extra:
        raise EventFormatError(f"{cls.__name__} has no field {extra[0]!r}")
    values = {}
    for f in _fields(cls):
        if f.name not in body:
            if f.default is MISSING:
                raise EventFormatError(f"{cls.__name__} lacks {f.name!r}")
            continue
        values[f.name] = _typed(cls.__name__, f.name, f.type, body[f.name])
    return cls(**values)


@functools.cache
def _known(cls: type[Event]) -> frozenset[str]:
    return frozenset(f.name for f in _fields(cls)) | {"schema", "type"}


_SCALARS = {"int": int, "str": str, "bool": bool}


def _typed(event: str, name: str, annotation: str, value):
    """Check a field against its annotation (a string: this module defers annotations)."""
    if annotation in _VOCABULARY:
        vocabulary = _VOCABULARY[annotation]
        if isinstance(value, str) and value in set(vocabulary):
            return vocabulary(value)
        raise EventFormatError(f"{event}.{name}: expected one of {', '.join(vocabulary)}, got {value!r}")
    if annotation.startswith("tuple[") and annotation.endswith(", ...]"):
        item = _SCALARS[annotation[6:-6]]
        if isinstance(value, list) and all(isinstance(v, item) and not isinstance(v, bool) for v in value):
            return tuple(value)
    elif annotation in _SCALARS:
        wanted = _SCALARS[annotation]
        if isinstance(value, wanted) and (wanted is bool or not isinstance(value, bool)):
            return value
    raise EventFormatError(f"{event}.{name}: expected {annotation}, got {value!r}")
