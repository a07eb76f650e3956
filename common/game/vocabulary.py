"""The game's closed vocabulary: where a game stands, what a turn was, why a game ended, why a
player forfeited. Each is a ``StrEnum``, so a member is its own string wherever it goes: the
journal, the documents and the replay output hold the same text as before ("playing",
"exchange"...), and ``Phase("playing")`` reads one back.

Open vocabularies stay strings: the reasons a preset lets players stop the clock for
(``clock.neutral_reasons``) are the rule book's to name.
"""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """[waiting ->] setup -> playing <-> challenge / out -> ended -> confirmed; or void."""
    WAITING = "waiting"             # the director called the start; a late player is awaited
    SETUP = "setup"                 # before the first clock starts
    PLAYING = "playing"
    CHALLENGE = "challenge"         # a challenge is open: the judge screen
    OUT = "out"                     # a play went out; the opponent accepts or challenges
    ENDED = "ended"                 # the game is over; racks and confirmations to come
    CONFIRMED = "confirmed"         # both confirmed: the result is locked
    VOID = "void"                   # the director voided the game


#: Phases in which a turn is in play (the status document's ``to_move``, the clocks' alerts).
IN_PLAY = (Phase.PLAYING, Phase.CHALLENGE, Phase.OUT)
#: Phases after the last turn.
OVER = (Phase.ENDED, Phase.CONFIRMED)


class TurnKind(StrEnum):
    PLAY = "play"
    EXCHANGE = "exchange"
    PASS = "pass"
    PENDING = "pending"             # the clock was pressed; what the turn was is entered next
    LOST = "lost"                   # lost to a challenge (the preset's challenger_loses_turn)


#: What a player may record a pending turn as.
RECORDED_KINDS = (TurnKind.PLAY, TurnKind.EXCHANGE, TurnKind.PASS)
#: A turn as a result's row names it (``state.Turn.label``): its kind, or what took the play off
#: the board: challenged off (``phony``) or a false blank (``false_blank``, school 7).
TURN_LABELS = (*TurnKind, "phony", "false_blank")


class EndReason(StrEnum):
    OUT = "out"                     # a player went out and the opponent accepted
    ZEROS = "zeros"                 # a zero-score run (the preset's zero_run)
    TIME = "time"                   # the round's time ran out
    DIRECTOR = "director"           # the director ended it
    FORFEIT = "forfeit"


#: Endings whose racks are each counted against their holder (no player went out).
NOBODY_OUT = (EndReason.ZEROS, EndReason.TIME, EndReason.DIRECTOR)


class ForfeitReason(StrEnum):
    OVERTIME = "overtime"           # past the preset's overtime cap
    DIRECTOR = "director"
    LATE = "late"                   # absent past the preset's late limit


class MenuUse(StrEnum):
    """A use of the director's menu at the table, as the table's journal keeps it and the
    result document carries it (kiosk/store/menu_uses.py)."""
    OPENED = "opened"               # the right PIN: the menu opened
    WRONG_PIN = "wrong_pin"         # a wrong PIN was given
    LOCKED = "locked"               # wrong PINs locked the menu for a while
    RECORDED = "recorded"           # an action the core recorded (detail: what, in words)
    CORRECTED = "corrected"         # a score corrected on the director's authority
    SELFTEST = "selftest"           # the hardware self-test (detail: its outcome)


__all__ = ["EndReason", "ForfeitReason", "IN_PLAY", "MenuUse", "NOBODY_OUT", "OVER", "Phase",
           "RECORDED_KINDS", "TURN_LABELS", "TurnKind"]
