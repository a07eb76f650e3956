"""The clock screen's touch controls as data (kiosk.ui.widgets.keys): what a player's half offers
besides the typing keys, and the keys a plain stop's reason is given with. No pygame.

Each control types what its USB key does, and shows only where and when it can be used:
- HOLD (F4) on the half of the player who may hold the opponent's last play now, as the core
  says (``Hold``: their own clock runs, or the play-out waits for them), until they hold;
- FIX SCORE (F9) on both halves while a score may be corrected (the clock stopped, a turn whose
  score the core would correct): either player may ask, and both agree with their buttons
  on the correction screen (kiosk.ui.clock.correct);
- TIMES (F5) on both halves while the game is played: both times spoken, or shown large;
- WORD on the half of each player whose last turn is a play still on the board, while the game
  is played and nobody types: the letters of its word, noted for the record
  (kiosk.ui.clock.word; the high word);
- DECLARE? (F2) on the half of the player whose clock the mover's press just started, where
  the rules let them restart it for an undeclared blank (NZASP 6.2.2: ``SendBack``);
  after a play-out (the clock stopped), on the half of the player asked to accept it; once the
  play is sent back, TAKE BACK in its place (F2 again: the play has no blank, ``NoBlank``);
- FALSE ? (F3) on the half of the player who may have the opponent's last play taken off
  for a false blank (school 7: ``FalseBlank``), as the core says; once called (the other team
  agrees with its button: kiosk.ui.clock.incidents), TAKE BACK in its place (F3 again);
- OPPONENT ABSENT on each half after the round's start call and before the game starts, while
  nobody is absent: the player who is there says their opponent is not (core ``DeclareAbsent``;
  only an absent player is charged for lateness, common.game.late);
- the reasons, when a plain stop asks why: the preset's reasons, each typing its number (the
  banner lists them by number for a USB keyboard), and NO REASON (Enter), for either player
  (``shared``, below the banner).
A player typing a turn or a rack has the keyboard on their half instead (kiosk.ui.clock.paint
draws the controls at the outer end of the half's last two rows).
"""
from __future__ import annotations

from table_input import Action
from common.game import commands as cmd
from common.game.state import GameState
from common.game.vocabulary import Phase
from kiosk.ui.clock.word import on_half
from kiosk.ui.widgets.base import preview
from kiosk.ui.widgets.keys import Key, Keyboard

HOLD = Key(Action.HOLD, "HOLD")
CORRECT = Key(Action.CORRECT, "FIX SCORE")
TIMES = Key(Action.SPEAK, "TIMES")
SEND_BACK = Key(Action.SEND_BACK, "DECLARE?")
FALSE_BLANK = Key(Action.FALSE_BLANK, "FALSE ?")
UNSEND = Key(Action.SEND_BACK, "TAKE BACK")         # the play sent back has no blank after all
UNCALL = Key(Action.FALSE_BLANK, "TAKE BACK")        # the false blank called stands down
NO_REASON = Key(Action.ENTER, "NO REASON", 2)
#: On each player's half: the word of their own last play.
WORD = (Key(Action.WORD_LEFT, "WORD"), Key(Action.WORD_RIGHT, "WORD"))
#: On each player's half: their opponent is absent (the key names the opponent's side).
OPPONENT_ABSENT = (Key(Action.ABSENT_RIGHT, "OPPONENT ABSENT", 2), Key(Action.ABSENT_LEFT, "OPPONENT ABSENT", 2))
#: Whom each of those keys declares absent.
ABSENT_KEYS = {Action.ABSENT_LEFT: 0, Action.ABSENT_RIGHT: 1}
#: A stop's reason as its key says it (the banner has the whole text, kiosk.ui.clock.view).
REASON_LABELS = {"score": "SCORE", "tiles": "TILES", "blank": "BLANK", "director": "DIRECTOR",
                 "end": "GAME END", "observers": "OBSERVERS", "bag_count": "BAG COUNT",
                 "player_left": "PLAYER LEFT"}
#: The phases in which the times may be asked for with TIMES.
PLAYED = (Phase.PLAYING, Phase.OUT)


def holder(state: GameState, now_ns: int) -> int | None:
    """The player who may hold the last play now (the core would take their ``Hold``), if any."""
    player = state.challenger
    if player is None:
        return None
    events, _ = preview(state, cmd.Hold(player), now_ns)
    return player if events else None


def sender(state: GameState, now_ns: int) -> int | None:
    """The player who may send the mover's play back for its blank now (NZASP 6.2.2), if any."""
    return _taken(state, now_ns, cmd.SendBack) if state.rules.clock.blank_send_back else None


def false_blank_caller(state: GameState, now_ns: int) -> int | None:
    """The player who may have the opponent's last play taken off for a false blank now."""
    return _taken(state, now_ns, cmd.FalseBlank) if state.rules.challenge.false_blank else None


def _taken(state: GameState, now_ns: int, make) -> int | None:
    """The player whose ``make(player)`` the core would take now, if any."""
    for player in (0, 1):
        if preview(state, make(player), now_ns)[0]:
            return player
    return None


def correction_refusal(state: GameState, busy: bool) -> str:
    """Why the correction screen does not open now ("" if it does): after the confirmation,
    away from the clock screen's phases, while the clock runs (or a centre press waits for its
    answer: ``busy``), or before any turn."""
    from kiosk.ui.clock.correct import PHASES as CORRECTION_PHASES      # the screen loads when asked for
    if state.phase == Phase.CONFIRMED:
        return "the result is confirmed and locked"
    if state.phase not in CORRECTION_PHASES:
        return "a score is corrected at the clock screen"
    if busy or state.clock.running is not None:
        return "stop the clock first (centre button), then F9 to correct a score"
    if not state.turns:
        return "there is no turn to correct yet"
    return ""


def correctable(state: GameState, now_ns: int) -> bool:
    """Whether the core would correct the score of some turn now (the latest first)."""
    return any(preview(state, cmd.Correct(number, 0), now_ns)[0]
               for number in range(len(state.turns), 0, -1))


def controls(state: GameState, now_ns: int, *, typing: int | None, busy: bool, calling: int | None = None
             ) -> tuple[Keyboard | None, Keyboard | None]:
    """Each player's controls now (None where there are none): ``typing`` is the player whose
    half shows the keyboard, if any; ``busy`` a centre press waiting for its answer (the
    buttons answer it: no controls); ``calling`` the team whose false blank call waits."""
    if busy:
        return None, None
    if state.phase == Phase.SETUP and state.start_called_ns is not None and not state.absent:
        return tuple(Keyboard((OPPONENT_ABSENT[p],), seat=p, even=True) for p in (0, 1))
    hold = holder(state, now_ns)
    send, false = sender(state, now_ns), false_blank_caller(state, now_ns)
    unsend = None if state.sent_back is None else 1 - state.turns[state.sent_back].player
    correct = not correction_refusal(state, busy) and correctable(state, now_ns)
    played = state.phase in PLAYED
    halves = []
    for player in (0, 1):
        keys = tuple(key for key, shown in ((HOLD, player == hold), (SEND_BACK, player == send),
                                            (UNSEND, player == unsend), (UNCALL, player == calling),
                                            (FALSE_BLANK, player == false and calling is None),
                                            (CORRECT, correct), (TIMES, played),
                                            (WORD[player], typing is None and on_half(state, player)))
                     if shown)
        halves.append(Keyboard(keys, seat=player, even=True) if keys and player != typing else None)
    return halves[0], halves[1]


def reasons(offered: tuple[str, ...]) -> Keyboard:
    """A plain stop's reasons as keys, each typing its number, and NO REASON (Enter)."""
    keys = tuple(Key(str(number), REASON_LABELS.get(reason, reason.upper()))
                 for number, reason in enumerate(offered, 1))
    return Keyboard(keys, (NO_REASON,), choices=True)
