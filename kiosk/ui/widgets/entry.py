"""What a key does to what is being typed: the editors behind the screens. Pure, no pygame.

Keys arrive as in ``table_input.KeyTyped.key``: one printable character, or a name
(Enter, Backspace, Tab, Escape), from a USB keyboard or the on-screen one. Each editor's
``key`` returns True if the text changed; its ``keyboard`` is the on-screen keys it accepts
now (kiosk.ui.widgets.keys): letters only where letters are allowed.
"""
from __future__ import annotations

from common.game.commands import Declare, Rack, Record
from common.game.game import WORD_LETTERS
from common.game.judge import MAX_LETTERS, clean_word
from common.game.tiles import RACK_SIZE
from common.game.vocabulary import RECORDED_KINDS, TurnKind
from kiosk.ui.widgets.keys import (BACK, BLANK_NEXT, BLANK_TILE, BONUS, BONUS_ON, DEL, DIGIT_KEYS, DIGITS, ENTER, KIND,
                                   LETTERS, NEXT_WORD, NO_BLANK, WORD, Keyboard, digits)

MAX_BLANKS = 2


class EntryError(ValueError):
    """What is typed is not yet something the game can take (no score typed, ...)."""


class TurnEntry:
    """What a player did on a turn ended by a press: a play (score, and the letters the blanks
    stand for), an exchange (how many tiles) or a pass. Tab moves between the three. A letter
    is a blank's; ``?`` first says a blank's letter comes next (the on-screen keyboard then
    shows the letters). Under rules that count bonus words (``bonus``: the rules'
    result.bonus_words, NZASP 9.2) ``*`` (the BONUS key) says, or unsays, that the play used all
    seven tiles: the play is recorded with 7 tiles placed. ``word``: a play's keys include WORD
    (its word noted with its score: kiosk.ui.clock.word), which the screen answers."""

    KINDS = RECORDED_KINDS
    MAX_SCORE_DIGITS = 4

    def __init__(self, play_only: bool = False, bonus: bool = False, word: bool = False):
        self.play_only = play_only          # a play-out or a challenged play: only its score
        self.bonus = bonus                  # the rules count bonus words: BONUS is offered
        self.word = word                    # WORD is offered with a play's score
        self.kind, self.number, self.blanks = TurnKind.PLAY, "", ""
        self.blank_next = False             # ``?`` typed: a blank's letter comes next
        self.all_seven = False              # BONUS said: the play used all seven tiles

    def key(self, key: str) -> bool:
        if key == "Tab":
            if self.play_only:
                return False
            self.kind = self.KINDS[(self.KINDS.index(self.kind) + 1) % len(self.KINDS)]
            self.number, self.blanks, self.blank_next, self.all_seven = "", "", False, False
            return True
        if key == "Escape":
            changed = ((self.kind, self.number, self.blanks, self.blank_next, self.all_seven)
                       != (TurnKind.PLAY, "", "", False, False))
            self.kind, self.number, self.blanks, self.blank_next = TurnKind.PLAY, "", "", False
            self.all_seven = False
            return changed
        if key == "*":
            if not self.bonus or self.kind != TurnKind.PLAY or self.blank_next:
                return False
            self.all_seven = not self.all_seven
            return True
        if key == "?":
            if self.kind != TurnKind.PLAY or self.blank_next or len(self.blanks) >= MAX_BLANKS:
                return False
            self.blank_next = True
            return True
        if key == "Backspace":
            if self.blank_next:
                self.blank_next = False
            elif self.blanks:
                self.blanks = self.blanks[:-1]
            elif self.number:
                self.number = self.number[:-1]
            else:
                return False
            return True
        if len(key) == 1 and key in DIGIT_KEYS:
            if self.blank_next:
                return False
            if self.kind == TurnKind.PLAY and len(self.number) < self.MAX_SCORE_DIGITS:
                self.number = (self.number + key).lstrip("0") or "0"
                return True
            if self.kind == TurnKind.EXCHANGE:
                self.number = key           # one to seven tiles: a digit replaces the last
                return True
            return False
        letter = clean_word(key) if len(key) == 1 else ""
        if self.kind == TurnKind.PLAY and letter and len(self.blanks) < MAX_BLANKS:
            self.blanks += letter
            self.blank_next = False
            return True
        return False

    def keyboard(self, seat: int | None = None) -> Keyboard:
        """The keys this entry takes now: the score's digits and ``BLANK TILE``; a blank's
        letter; how many tiles were exchanged; or only PLAY/EXCH/PASS and ENTER for a pass."""
        kind = () if self.play_only else (KIND,)
        if self.kind == TurnKind.PLAY and self.blank_next:
            return Keyboard(LETTERS + (DEL,), seat=seat)
        if self.kind == TurnKind.PLAY:
            blank = (BLANK_NEXT,) if len(self.blanks) < MAX_BLANKS else ()
            bonus = ((BONUS_ON if self.all_seven else BONUS),) if self.bonus else ()
            word = (WORD,) if self.word else ()
            return Keyboard(DIGITS + blank + bonus + (DEL,), kind + word + (ENTER,), seat=seat)
        if self.kind == TurnKind.EXCHANGE:
            return Keyboard(DIGITS[:RACK_SIZE] + (DEL,), kind + (ENTER,), seat=seat)
        return Keyboard((), kind + (ENTER,), seat=seat)

    def typed(self) -> bool:
        """Whether anything is typed yet (the entry is not as it opened)."""
        return (self.kind, self.number, self.blanks, self.blank_next, self.all_seven) != (
            TurnKind.PLAY, "", "", False, False)

    def declared(self, letters: str) -> None:
        """The play's blanks were declared after a send-back (NZASP 6.2.2): shown, and recorded
        with the play, unless blanks were typed here."""
        if self.kind == TurnKind.PLAY and not self.blanks and not self.blank_next:
            self.blanks = letters[:MAX_BLANKS]

    def text(self) -> str:
        if self.kind == TurnKind.PLAY:
            letters = "/".join(self.blanks + ("?" if self.blank_next else ""))
            blanks = f"  blank {letters}" if letters else ""
            bonus = "  BONUS" if self.all_seven else ""
            return f"SCORE {self.number or '_'}{blanks}{bonus}"
        if self.kind == TurnKind.EXCHANGE:
            return f"EXCHANGE {self.number or '_'} TILES"
        return "PASS"

    def command(self, player: int) -> Record:
        if self.kind == TurnKind.PASS:
            return Record(player, TurnKind.PASS)
        if self.blank_next:
            raise EntryError("type the letter the blank stands for")
        if not self.number:
            raise EntryError("type the score first" if self.kind == TurnKind.PLAY
                             else "type how many tiles were exchanged")
        if self.kind == TurnKind.EXCHANGE:
            return Record(player, TurnKind.EXCHANGE, tiles=int(self.number))
        return Record(player, TurnKind.PLAY, score=int(self.number), blanks=self.blanks,
                      placed=RACK_SIZE if self.all_seven else 0)


class RackEntry:
    """The tiles left on a rack at the end, as letters; ``?`` (or ``.``) for a blank."""

    def __init__(self):
        self.tiles = ""

    def key(self, key: str) -> bool:
        if key == "Backspace" and self.tiles:
            self.tiles = self.tiles[:-1]
            return True
        if key == "Escape" and self.tiles:
            self.tiles = ""
            return True
        if len(key) != 1 or len(self.tiles) >= RACK_SIZE:
            return False
        tile = "?" if key in "?." else clean_word(key)
        if tile:
            self.tiles += tile
            return True
        return False

    def text(self) -> str:
        return f"TILES LEFT {self.tiles or '_'}"

    def keyboard(self, seat: int | None = None) -> Keyboard:
        return Keyboard(LETTERS + (BLANK_TILE, DEL), (ENTER,), seat=seat)

    def command(self, player: int) -> Rack:
        return Rack(player, self.tiles)


class BlankEntry:
    """The letter(s) the blank(s) of a play sent back stand for (NZASP 6.2.2): one or two; or
    NO BLANK (the screen's: the play has none, the send-back undone)."""

    def __init__(self):
        self.letters = ""

    def key(self, key: str) -> bool:
        if key == "Backspace" and self.letters:
            self.letters = self.letters[:-1]
            return True
        if key == "Escape" and self.letters:
            self.letters = ""
            return True
        letter = clean_word(key) if len(key) == 1 else ""
        if letter and len(self.letters) < MAX_BLANKS:
            self.letters += letter
            return True
        return False

    def text(self) -> str:
        return f"BLANK {'/'.join(self.letters) or '_'}"

    def keyboard(self, seat: int | None = None) -> Keyboard:
        return Keyboard(LETTERS + (DEL, NO_BLANK), (ENTER,), seat=seat)

    def command(self, player: int) -> Declare:
        if not self.letters:
            raise EntryError("type the letter the blank stands for, or NO BLANK if the play has none")
        return Declare(player, self.letters)


class WordEntry:
    """The word of a play, noted for the record (the director's high word): its letters in
    capitals; ``?`` first says the next letter is a blank's, kept in lower case as the result
    writes it (``QUaRTZ``). 2 to 15 letters (common.game.game.WORD_LETTERS)."""

    def __init__(self, letters: str = ""):
        self.letters = letters[:WORD_LETTERS]
        self.blank_next = False

    def key(self, key: str) -> bool:
        if key == "Backspace":
            if self.blank_next:
                self.blank_next = False
            elif self.letters:
                self.letters = self.letters[:-1]
            else:
                return False
            return True
        if len(self.letters) >= WORD_LETTERS:
            return False
        if key == "?" and not self.blank_next:
            self.blank_next = True
            return True
        letter = clean_word(key) if len(key) == 1 else ""
        if not letter:
            return False
        self.letters += letter.lower() if self.blank_next else letter
        self.blank_next = False
        return True

    def text(self) -> str:
        return f"WORD {self.letters}{'?' if self.blank_next else ''}" if self.letters or self.blank_next \
            else "WORD _"

    def keyboard(self, seat: int | None = None) -> Keyboard:
        """The letters, ``?`` (a blank's letter next) and DEL; ENTER notes it, BACK leaves."""
        return Keyboard(LETTERS + (BLANK_TILE, DEL), (ENTER, BACK), seat=seat)

    def word(self) -> str:
        """The word typed; EntryError while it is shorter than two letters or a blank's letter
        is awaited."""
        if self.blank_next:
            raise EntryError("type the letter the blank stands for")
        if len(self.letters) < 2:
            raise EntryError(f"a word is 2 to {WORD_LETTERS} letters")
        return self.letters


class WordsEntry:
    """The challenged words as the challenger types them: cleaned as typed (upper case,
    letters only), a space or Enter between words, Backspace back into the previous word."""

    def __init__(self, max_words: int):
        self.max_words = max_words
        self.done: list[str] = []
        self.current = ""
        self.problem = ""           # why the last key was refused, for the screen

    def key(self, key: str) -> bool:
        self.problem = ""
        if key in (" ", "Enter"):
            if not self.current:
                return False
            self.done.append(self.current)
            self.current = ""
            return True
        if key == "Backspace":
            if self.current:
                self.current = self.current[:-1]
            elif self.done:
                self.current = self.done.pop()
            else:
                return False
            return True
        letter = clean_word(key) if len(key) == 1 else ""
        if not letter:
            return False
        if not self.current and len(self.done) >= self.max_words:
            self.problem = f"a challenge names at most {self.max_words} words"
            return True
        if len(self.current) >= MAX_LETTERS:
            self.problem = f"a word has at most {MAX_LETTERS} letters"
            return True
        self.current += letter
        return True

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(self.done) + ((self.current,) if self.current else ())

    @property
    def idle(self) -> bool:
        return not self.words

    def keyboard(self, seat: int | None = None, extra: tuple = ()) -> Keyboard:
        """The letters, DEL and NEXT WORD (and ``extra`` keys on the action row)."""
        return Keyboard(LETTERS + (DEL,), (NEXT_WORD, *extra), seat=seat)


class DigitsEntry:
    """A short number: a table number, a PIN."""

    def __init__(self, max_digits: int):
        self.max_digits, self.digits = max_digits, ""

    def key(self, key: str) -> bool:
        if key == "Backspace" and self.digits:
            self.digits = self.digits[:-1]
            return True
        if len(key) == 1 and key in DIGIT_KEYS and len(self.digits) < self.max_digits:
            self.digits += key
            return True
        return False

    def clear(self) -> None:
        self.digits = ""

    def keyboard(self, actions: tuple = (ENTER,)) -> Keyboard:
        """The digits, DEL, then ``actions``."""
        return digits(actions=actions)
