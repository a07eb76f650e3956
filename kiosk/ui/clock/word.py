"""The word of a play noted at the table, for the director's high word prize (issue 37; core
``NoteWord``): optional under every preset, one tap and the letters. Noting a word is never a
clock press: the clocks run on (or stand) as they were, and BACK always leaves.

- WORD on a player's half (``WordLeft`` / ``WordRight``: kiosk.ui.clock.controls), while the
  game is played and nobody types: the word of that player's last play, a play still on the
  board (a play-out's word goes with its score, below);
- WORD among the keys of a play being entered (``Word``; F8 on a USB keyboard): the word of that
  play, which waits beside its score (``SCORE 74 · WORD QUARTZ``) and is noted once ENTER
  records the play; F8 with nothing being entered: the word of the last play.

The letters show on the player's half as the judge screen's do (kiosk.ui.widgets.entry's
``WordEntry``: ``?`` before a blank's letter, kept in lower case); ENTER notes the word (again:
replaced: the letters open on the word noted, to put right), BACK leaves without. The keys
close by themselves when the keyboard is wanted for something else (the opponent's turn to
enter, a play sent back, the tiles left) or the game moves on (a challenge, the end), what was
typed kept for WORD on the same play.
"""
from __future__ import annotations

from table_input import Action
from common.game.commands import NoteWord
from common.game.frozen import value
from common.game.state import GameState
from common.game.vocabulary import Phase, TurnKind
from kiosk.ui.widgets.entry import EntryError, TurnEntry, WordEntry
from kiosk.ui.widgets.keys import key_word

#: The WORD keys on each player's half: whose last play each names.
HALF_KEYS = {Action.WORD_LEFT: 0, Action.WORD_RIGHT: 1}
#: Every key that opens the word's letters.
KEYS = (Action.WORD, *HALF_KEYS)
#: The phases in which a word may be noted (the core takes it until the result is locked).
PHASES = (Phase.PLAYING, Phase.OUT, Phase.ENDED)


def last_play(state: GameState, player: int) -> int | None:
    """The index of ``player``'s last turn if it is a play still on the board, in a phase in
    which a word may be noted; else None."""
    if state.phase not in PHASES:
        return None
    for index in range(len(state.turns) - 1, -1, -1):
        turn = state.turns[index]
        if turn.player == player:
            return index if turn.kind == TurnKind.PLAY and not turn.off else None
    return None


def on_half(state: GameState, player: int) -> bool:
    """Whether ``player``'s half offers WORD for their last play (while nobody types): while
    the game is played (the result's screen has no room beside its small clocks for it)."""
    return state.phase in (Phase.PLAYING, Phase.OUT) and last_play(state, player) is not None


def typed_as(word: str) -> str:
    """The keys that type ``word``: its letters, ``?`` before each blank's (lower case)."""
    return "".join(f"?{c.upper()}" if c.islower() else c for c in word)


@value
class Note:
    """A word being typed: for ``player``'s play at ``turn`` (its index); ``entering``: the play
    is being entered, and the word goes with its score. ``phase`` and ``turns``: the game as it
    stood when WORD was tapped (a challenge, a turn or the end closes the keys)."""
    player: int
    turn: int
    entering: bool
    phase: Phase
    turns: int


class Words:
    """The clock screen's word of a play, on its ``table``: the keys open (``note``, its
    ``editor``), and a word waiting for its play to be recorded (``waiting``: turn index, word)."""

    def __init__(self, table):
        self.table = table
        self.note: Note | None = None
        self.editor = WordEntry()
        self._draft: tuple[int, int] | None = None      # (player, turn) the editor was typed for
        self.waiting: tuple[int, str] | None = None

    def open(self, key: str, t: int, entering: tuple[int, int] | None) -> None:
        """WORD: the keys for the word of the play ``key`` names; ``entering`` is (player, turn
        index) of the play being entered, if any (``Word`` then names it)."""
        state = self.table.state
        if key in HALF_KEYS:                # a half's WORD: while nobody types
            player = HALF_KEYS[key]
            where = (player, last_play(state, player) if entering is None else None, False)
        elif entering is not None:
            where = (*entering, True)
        else:
            where = self._latest(state)
        if where is None or where[1] is None:
            self.table.say("no play to note a word for now: a word is noted for a play on the board", t)
            return
        player, turn, with_score = where
        if self._draft != (player, turn):
            waiting = self.waiting[1] if with_score and self.waiting and self.waiting[0] == turn else ""
            self.editor, self._draft = WordEntry(waiting or state.turns[turn].word), (player, turn)
        self.note = Note(player, turn, with_score, state.phase, len(state.turns))

    def _latest(self, state: GameState) -> tuple[int, int | None, bool] | None:
        """The last play of the game that is its player's last (F8 with nothing entered)."""
        if not state.turns:
            return None
        last = state.turns[-1].player
        for player in (last, 1 - last):
            turn = last_play(state, player)
            if turn is not None:
                return player, turn, False
        return None

    def focus(self, target) -> tuple[int, WordEntry] | None:
        """(player, the word's editor) while the keys stand, with the keyboard's ``target`` as
        the clock screen has it (kiosk.ui.clock.screen.entry_target); else None (they close)."""
        note, state = self.note, self.table.state
        if note is None:
            return None
        if (state.phase, len(state.turns)) != (note.phase, note.turns) or not (
                target == ("turn", note.turn, note.player) if note.entering
                else target is None and last_play(state, note.player) == note.turn):
            self.note = None
            return None
        return note.player, self.editor

    def key(self, key: str, t: int) -> None:
        """A key while the word is typed: ENTER notes it (or keeps it for its play's score),
        BACK (Escape) leaves without, any other types."""
        note = self.note
        if key == "Escape":                 # BACK: nothing noted, nothing kept
            self.note = self._draft = None
            return
        if key != "Enter":
            self.editor.key(key)
            return
        try:
            word = self.editor.word()
        except EntryError as exc:
            self.table.say(str(exc), t)
            return
        if note.entering:
            self.waiting, self.note, self._draft = (note.turn, word), None, None
        elif self.table.submit(NoteWord(note.player, note.turn + 1, word), t):
            self.note = self._draft = None      # noted: WORD again shows it, to put right

    def recorded(self, t: int) -> None:
        """A turn was recorded: the word waiting for it noted, if the turn is a play."""
        waiting, self.waiting = self.waiting, None
        turns = self.table.state.turns
        if waiting is not None and waiting[0] < len(turns) and turns[waiting[0]].kind == TurnKind.PLAY:
            self.table.submit(NoteWord(turns[waiting[0]].player, waiting[0] + 1, waiting[1]), t)

    def with_word(self, text: str, target, editor) -> str:
        """A play's entry ``text`` with the word waiting for it, if any."""
        waiting = self.waiting
        if (waiting is None or target is None or target[:2] != ("turn", waiting[0])
                or not isinstance(editor, TurnEntry) or editor.kind != TurnKind.PLAY):
            return text
        return f"{text}  ·  WORD {waiting[1]}"

    def hint(self, keyboard: bool) -> str:
        """What the player typing the word reads: the keys of the keyboard at the table (a USB
        keyboard's Esc; the on-screen BACK says itself), and which play's word it is."""
        note, turns = self.note, self.table.state.turns
        if keyboard:
            return f"? before a blank  ·  {key_word('Enter', keyboard)} notes it  ·  {key_word('Escape', keyboard)}: none"
        play = "this play's word" if note.entering else f"the word of your {turns[note.turn].score}"
        return f"{play}  ·  ? before a blank  ·  {key_word('Enter', keyboard)} notes it"


def entering(target, editor) -> tuple[int, int] | None:
    """(player, turn index) of the play ``editor`` enters for the keyboard's ``target``, if it
    is a play's entry."""
    if target is None or target[0] != "turn" or not isinstance(editor, TurnEntry) or editor.kind != TurnKind.PLAY:
        return None
    return target[2], target[1]
