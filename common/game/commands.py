"""What players, the director and the clock ask of a game: plain, immutable requests.

Players are 0 and 1 (0 is the left side). A command is judged by ``game.decide``.
"""
from __future__ import annotations

from .frozen import value
from .vocabulary import ForfeitReason, TurnKind


@value
class CallStart:
    """The director calls the start of the round. Both players are present unless named
    ``absent`` here: an absent player's lateness is measured from now and charged by the
    preset's late-arrival rules; a present player is charged nothing before they press."""
    absent: tuple[int, ...] = ()


@value
class DeclareAbsent:
    """After the start call and before the game starts, these players are found not to be at
    the table (said by the opponent who is there, or by the director): absent since the call."""
    absent: tuple[int, ...]


@value
class Arrive:
    player: int                     # a late player arrives at the table


@value
class Start:
    first: int                      # whose clock starts (the player going first)


@value
class Play:
    player: int
    score: int
    blanks: str = ""                # letters the blanks stand for, as declared
    placed: int = 0                 # tiles put on the board, if entered (0 = not entered)


@value
class Press:
    """The player on move presses their clock button; what they did is entered after (Record)."""
    player: int


@value
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


@value
class Exchange:
    player: int
    tiles: int


@value
class Pass:
    player: int


@value
class Out:
    """The player on move plays out (bag empty): the clock goes neutral for accept/challenge.
    Without a score the play-out is pending until a Record gives it."""
    player: int
    score: int | None = None
    blanks: str = ""
    placed: int = 0


@value
class Hold:
    player: int                     # the player considering a challenge of the last play


@value
class Challenge:
    """``player`` challenges the opponent's last play. With ``valid`` the verdict comes at once;
    without it the challenge stays open (clock neutral) until a ``Rule``."""
    player: int
    words: tuple[str, ...] = ()
    valid: bool | None = None


@value
class Rule:
    """The verdict on the open challenge: one for all the words. ``by``: the player who pressed
    for it, who must be the one the preset names (challenge.verdict_by); None when not known."""
    words: tuple[str, ...]
    valid: bool
    by: int | None = None


@value
class Withdraw:
    """The challenger withdraws an open challenge, where the preset allows it; ``agreed`` says
    the challenged player agreed (the UI has both press), which some presets require."""
    player: int
    agreed: bool = False


@value
class Accept:
    player: int                     # the opponent accepts a play-out


@value
class Neutral:
    reason: str = "unspecified"     # the centre button; a named reason must be the preset's


@value
class Resume:
    player: int                     # the player pressing to restart the clock


@value
class Rack:
    player: int
    tiles: str                      # unplayed tiles at the end, ? for a blank


@value
class Correct:
    turn: int                       # 1-based, every turn counted
    score: int


@value
class NoteWord:
    """A player notes the word of one of their plays, for the record (the director's high word
    prize): letters, a blank's in lower case. Optional, and at any time before the result is
    locked; noting it again replaces it. Nothing of the game changes."""
    player: int
    turn: int                       # 1-based, every turn counted
    word: str


@value
class End:
    """The director ends the game (round over)."""


@value
class Reopen:
    """Tiles found out of the bag, or in a bag thought empty (ASPA 11.4-11.5, NZASP 6.10-6.11).

    During play they go back into the bag and play goes on (the kiosk's count of the bag, from
    the tiles each play placed, already counted them). After a game that ended by a play-out or
    a zero-score run, ``player`` is who should have drawn them first and adds them to their rack
    (after a play-out: by default the player who did not go out). If both players then have
    tiles, play resumes, the clock neutral; if only one has, the game stays over and its result
    is recalculated: the player who went out keeps going out, and the opponent enters their rack
    again. The recorded moves never change. ``tiles``: how many were found."""
    player: int | None = None
    tiles: int = 1


@value
class SendBack:
    """NZASP 6.2.2: ``player``, whose clock the opponent's press started, restarts the mover's
    clock to have the blank(s) of that play declared. Not a passed turn."""
    player: int


@value
class Declare:
    """The mover declares the blank(s) of the play sent back (``blanks``: the letters); the
    opponent's clock runs again."""
    player: int
    blanks: str


@value
class NoBlank:
    """The play sent back for its blank has none (NZASP 6.2.2: a DECLARE? tapped by mistake):
    ``player``, the mover or the opponent who sent it back, says so; the send-back is undone,
    the time since charged as if it had not been made."""
    player: int


@value
class FalseBlank:
    """School 7: ``player`` found that the opponent's last play used a false blank, before
    making a play of their own: the play comes off the board and its player loses the turn."""
    player: int


@value
class ClockIn:
    """ASPA 2.2: a clock asked for during the game: the time left is divided equally between the
    players. ``played_s``: the time played so far by the director's watch, when the game was
    played without the kiosk's clock (None: the time the kiosk charged to both sides). Once only:
    a second is refused, the clock being in."""
    played_s: int | None = None


@value
class Recheck:
    """``player`` asks for the latest verdict to be checked again (ABSP 4.10.7 recheck, NZASP
    6.15.3 appeal, ASPA 10.4 re-adjudication), before the clock restarts: the same words, the new
    verdict ``valid`` replacing the old, as often as the preset's challenge.rechecks allows."""
    player: int
    valid: bool


@value
class Void:
    """The director voids the game: it is set aside with no result (a wrong pairing, a game
    to be replayed). Any game not yet locked may be voided; a locked result may not."""


@value
class Forfeit:
    """The director records that ``player`` forfeits the game (the reason's text is accepted
    too: the core checks it)."""
    player: int
    reason: ForfeitReason | str = ForfeitReason.DIRECTOR


@value
class AdjustTime:
    """A director's time correction, as the time left on ``player``'s clock: ``delta_ms`` more
    time (negative: less). +30000 gives 30 seconds more, as the director's menu says +30."""
    player: int
    delta_ms: int


@value
class Confirm:
    player: int                     # a player confirms (signs) the result


@value
class Lock:
    """The director locks the result on their own authority, for whoever cannot confirm it (a
    player who never came to the table, or who left): as the players' confirmations would, once
    every turn and every rack the result counts is entered."""


@value
class Tick:
    """Nothing but the passing of time: lets time-driven events (forfeit on time, the round's
    end) be recorded when they fall due."""
