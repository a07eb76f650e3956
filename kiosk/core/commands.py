"""What players, the director and the clock ask of a game: plain, immutable requests.

Players are 0 and 1 (0 is the left side). A command is judged by ``game.decide``.
"""
from __future__ import annotations

from dataclasses import dataclass

from .vocabulary import ForfeitReason, TurnKind


@dataclass(frozen=True)
class CallStart:
    """The director calls the start of the round. Both players are present unless named
    ``absent`` here: an absent player's lateness is measured from now and charged by the
    preset's late-arrival rules; a present player is charged nothing before they press."""
    absent: tuple[int, ...] = ()


@dataclass(frozen=True)
class DeclareAbsent:
    """After the start call and before the game starts, these players are found not to be at
    the table (said by the opponent who is there, or by the director): absent since the call."""
    absent: tuple[int, ...]


@dataclass(frozen=True)
class Arrive:
    player: int                     # a late player arrives at the table


@dataclass(frozen=True)
class Start:
    first: int                      # whose clock starts (the player going first)


@dataclass(frozen=True)
class Play:
    player: int
    score: int
    blanks: str = ""                # letters the blanks stand for, as declared
    placed: int = 0                 # tiles put on the board, if entered (0 = not entered)


@dataclass(frozen=True)
class Press:
    """The player on move presses their clock button; what they did is entered after (Record)."""
    player: int


@dataclass(frozen=True)
class Record:
    """What the player did on their latest turn ended by a Press (or a pending play-out):
    ``kind`` is play (with ``score`` and ``blanks``), exchange (with ``tiles``) or pass (its text
    is accepted too: the core checks it)."""
    player: int
    kind: TurnKind | str
    score: int = 0
    tiles: int = 0
    blanks: str = ""
    placed: int = 0


@dataclass(frozen=True)
class Exchange:
    player: int
    tiles: int


@dataclass(frozen=True)
class Pass:
    player: int


@dataclass(frozen=True)
class Out:
    """The player on move plays out (bag empty): the clock goes neutral for accept/challenge.
    Without a score the play-out is pending until a Record gives it."""
    player: int
    score: int | None = None
    blanks: str = ""
    placed: int = 0


@dataclass(frozen=True)
class Hold:
    player: int                     # the player considering a challenge of the last play


@dataclass(frozen=True)
class Challenge:
    """``player`` challenges the opponent's last play. With ``valid`` the verdict comes at once;
    without it the challenge stays open (clock neutral) until a ``Rule``."""
    player: int
    words: tuple[str, ...] = ()
    valid: bool | None = None


@dataclass(frozen=True)
class Rule:
    """The verdict on the open challenge: one for all the words. ``by``: the player who pressed
    for it, who must be the one the preset names (challenge.verdict_by); None when not known."""
    words: tuple[str, ...]
    valid: bool
    by: int | None = None


@dataclass(frozen=True)
class Withdraw:
    """The challenger withdraws an open challenge, where the preset allows it; ``agreed`` says
    the challenged player agreed (the UI has both press), which some presets require."""
    player: int
    agreed: bool = False


@dataclass(frozen=True)
class Accept:
    player: int                     # the opponent accepts a play-out


@dataclass(frozen=True)
class Neutral:
    reason: str = "unspecified"     # the centre button; a named reason must be the preset's


@dataclass(frozen=True)
class Resume:
    player: int                     # the player pressing to restart the clock


@dataclass(frozen=True)
class Rack:
    player: int
    tiles: str                      # unplayed tiles at the end, ? for a blank


@dataclass(frozen=True)
class Correct:
    turn: int                       # 1-based, every turn counted
    score: int


@dataclass(frozen=True)
class End:
    """The director ends the game (round over)."""


@dataclass(frozen=True)
class Reopen:
    """Unplayed tiles were found after the end (ASPA 11.4-11.5, NZASP 6.10-6.11): the game goes
    on from where it stood, the clock neutral; the recorded moves never change."""


@dataclass(frozen=True)
class Void:
    """The director voids the game: it is set aside with no result (a wrong pairing, a game
    to be replayed). Any game not yet locked may be voided; a locked result may not."""


@dataclass(frozen=True)
class Forfeit:
    """The director records that ``player`` forfeits the game (the reason's text is accepted
    too: the core checks it)."""
    player: int
    reason: ForfeitReason | str = ForfeitReason.DIRECTOR


@dataclass(frozen=True)
class AdjustTime:
    """A director's time correction: charge ``delta_ms`` more (negative: less) to ``player``."""
    player: int
    delta_ms: int


@dataclass(frozen=True)
class Confirm:
    player: int                     # a player confirms (signs) the result


@dataclass(frozen=True)
class Tick:
    """Nothing but the passing of time: lets time-driven events (forfeit on time, the round's
    end) be recorded when they fall due."""
