"""What the players (and the director) do at the table for one line of a script: the line's
command as presses of the table's buttons and taps on keys its screen shows. Pure: the runner
(kiosk.scripted.runner) turns each into the table's inputs (a tap where kiosk.ui.touch.where
finds the key on the screen as it is).

``inputs(line, state, t_ns, ...)`` gives groups: the inputs of a group reach the table in one
pass of its loop (two presses that must come together: the centre button twice for a
challenge, stop then go out); each tap is a group of its own, so it meets the screen the one
before it left. Every input carries the line's instant (``t_ns``), as a button's edge carries the
instant it went down: the journal then holds the script's own times, whenever the table got
round to the taps (the loop keeps inputs of the same instant in the order they came).

The table's way differs from the replay's one command: a turn is a press and then its score
typed (``Press`` then ``Record``); a challenge stops the clock and is then ruled by the verdict
player's press on the judge screen, after the words are typed; a stop asks why; the director's
commands go through the director's menu (a long press of the centre button, the PIN, the
action's number, its questions, RECORD, BACK), and a running clock the menu stopped is
restarted at the same instant.
"""
from __future__ import annotations

from dataclasses import dataclass

from table_input import PLAYER_SIDES, Side
from common.game import commands as cmd
from common.game.errors import GameError
from common.game.game import decide
from common.game.state import GameState
from common.game.tiles import RACK_SIZE
from common.game.vocabulary import OVER, Phase, TurnKind
from kiosk.ui.clock.word import HALF_KEYS, last_play, on_half, typed_as

NS = 1_000_000_000


class CannotPlay(ValueError):
    """The table has no way to do what the line says (names what is missing)."""


@dataclass(frozen=True)
class Press:
    side: str
    t_ns: int
    releases: bool = False          # a release follows (the director's long press)


@dataclass(frozen=True)
class Release:
    side: str
    t_ns: int


@dataclass(frozen=True)
class Tap:
    key: str                        # the key's name as the screen's keys carry it
    t_ns: int


Group = tuple


class Hands:
    """Inputs for a line at time ``t``."""

    def __init__(self, t_ns: int, *, pin: str = "0000", long_press_s: float = 3.0):
        self.t, self.pin, self.long_ns = t_ns, pin, round(long_press_s * NS) + 1

    def _now(self) -> int:
        return self.t

    def press(self, side: str) -> Press:
        return Press(side, self._now())

    def keys(self, text: str) -> list[Group]:
        """Each character a tap of its own; ``\\n`` is ENTER, ``\\t`` the kind's key (Tab)."""
        names = {"\n": "Enter", "\t": "Tab", "\b": "Backspace", "\x1b": "Escape"}
        return [(Tap(names.get(ch, ch), self._now()),) for ch in text]

    def director(self, keys: str, state: GameState, *, resume: int | None = None) -> list[Group]:
        """The director's menu: the long press, the PIN, ``keys`` (the action and its answers,
        ``\n`` for ENTER and, last, RECORD), BACK to leave; then ``resume`` presses to restart a
        clock the long press stopped. With the clock stopped the long press begins early enough
        for RECORD to come at the line's instant (never before the game's last event); a
        running clock stops at the press, as the director stops it, and the command is
        recorded once the menu is open."""
        typed = self.pin + "\n" + keys
        down = self.t
        if state.clock.running is None:
            down = max(self.t - self.long_ns, state.last_ns or 0)
        groups = [(Press(Side.CENTRE, down, releases=True), Release(Side.CENTRE, down + self.long_ns))]
        self.t = down + self.long_ns
        groups += self.keys(typed + "\x1b")
        if resume is not None:
            groups.append((self.press(PLAYER_SIDES[resume]),))
        return groups


def stopped_by_the_table(data: dict, state: GameState, before: GameState) -> bool:
    """The script has a clock running where the table's is stopped (a restart brings the
    game back neutral): it is restarted before the line is played."""
    return (before.clock.running is not None and state.clock.running is None
            and state.phase == Phase.PLAYING and data["cmd"] not in ("resume", "neutral"))


def resumer(state: GameState, t_ns: int) -> int:
    """A player whose press the core takes as restarting the stopped clock."""
    waiting = 1 - state.to_move if state.to_move is not None else 1
    for player in (waiting, 1 - waiting):
        try:
            decide(state, cmd.Resume(player), max(t_ns, state.last_ns or t_ns))
            return player
        except GameError:
            continue
    return waiting


def _pending(state: GameState, player: int) -> bool:
    return any(t.player == player and t.kind == TurnKind.PENDING for t in state.turns)


def turn_text(kind: str, data: dict, bonus: bool = False) -> str:
    """What the player types for a turn entered after its press; a play of all seven tiles
    (``placed`` 7) with BONUS (``*``) where the rules ask for it (``bonus``: result.bonus_words)."""
    if kind == TurnKind.EXCHANGE:
        return f"\t{data['tiles']}\n"
    if kind == TurnKind.PASS:
        return "\t\t\n"
    blanks = "".join(f"?{letter.upper()}" for letter in str(data.get("blanks", "")))
    seven = "*" if bonus and data.get("placed") == RACK_SIZE else ""     # BONUS: all seven tiles
    return f"{data.get('score', 0)}{blanks}{seven}\n"


def rack_text(tiles: str) -> str:
    return "".join("?" if ch in "?." else ch.upper() for ch in tiles) + "\n"


def stop_reasons(state: GameState) -> tuple[str, ...]:
    return tuple(r for r in state.rules.clock.neutral_reasons if r != "challenge")[:9]


def inputs(data: dict, state: GameState, t_ns: int, *, before: GameState, command=None,
           linked: bool = False, pin: str = "0000", long_press_s: float = 3.0,
           words_typed: tuple[str, ...] = (), judged_here: bool = True) -> list[Group]:
    """The groups of inputs that do the line ``data`` (its core ``command``) from where the
    table's game ``state`` stands (``before`` is the game as the script has it before the
    line). ``words_typed``: the words the judge screen shows typed already. An empty list:
    nothing to do (the table does it by itself, or the director's link will)."""
    hands = Hands(t_ns, pin=pin, long_press_s=long_press_s)
    name, player = data["cmd"], data.get("player")
    side = PLAYER_SIDES[player] if player in (0, 1) else None
    if name in ("start", "arrive", "accept", "confirm", "resume"):
        if name == "start":
            side = PLAYER_SIDES[1 - data["first"]]
        return [(hands.press(side),)]
    if name in ("play", "exchange", "pass", "press", "record", "out"):
        return _turn(hands, name, data, state, player)
    if name in ("hold", "send_back"):
        return [(Tap({"hold": "Hold", "send_back": "SendBack"}[name], hands._now()),)]
    if name == "false_blank":           # FALSE ? asks; the team whose play it is agrees
        return [(Tap("FalseBlank", hands._now()),), (hands.press(PLAYER_SIDES[1 - player]),)]
    if name == "no_blank":              # the mover's NO BLANK, or the sender's TAKE BACK
        mover = state.turns[state.sent_back].player if state.sent_back is not None else player
        return [(Tap("NoBlank" if player == mover else "SendBack", hands._now()),)]
    if name == "declare":
        return hands.keys(f"{str(data['blanks']).upper()}\n")
    if name == "tick":
        return []                   # the table's own passes bring what falls due
    if name == "challenge" and data.get("open"):
        return _challenge(hands, {"words": []}, state, player, words_typed, False)[:1]
    if name in ("challenge", "rule"):
        if name == "rule" and state.phase != Phase.CHALLENGE:
            return []
        return _challenge(hands, data, state, player, words_typed, judged_here)
    if name == "withdraw":
        if state.phase != Phase.CHALLENGE:
            return []
        if not data.get("agreed"):
            raise CannotPlay("a table withdraws a challenge only with both players' agreement "
                             "(\"agreed\": true)")
        return [(Tap("Escape", hands._now()),), (hands.press(Side.LEFT), hands.press(Side.RIGHT))]
    if name == "neutral":
        return _stop(hands, data, state)
    if name == "rack":
        return hands.keys(rack_text(str(data["tiles"])))
    if name == "word":
        return _word(hands, data, state)
    if name == "correct":
        return _correct(hands, data, state)
    return _director(hands, name, data, state, before, linked, command)


def _turn(hands: Hands, name: str, data: dict, state: GameState, player: int) -> list[Group]:
    kind = {"play": TurnKind.PLAY, "exchange": TurnKind.EXCHANGE, "pass": TurnKind.PASS,
            "out": TurnKind.PLAY}.get(name, data.get("kind"))
    bonus = state.rules.result.bonus_words
    if _pending(state, player):
        return hands.keys(turn_text(kind, data, bonus)) if name != "press" else []
    groups: list[Group]
    if name == "out":
        groups = [(hands.press(Side.CENTRE), hands.press(PLAYER_SIDES[player]))]
        if "score" not in data:
            return groups
    elif name == "record":
        return []                   # nothing pending: the table has no turn to enter
    else:
        groups = [(hands.press(PLAYER_SIDES[player]),)]
    if name != "press":
        groups += hands.keys(turn_text(kind, data, bonus))
    return groups


def _challenge(hands: Hands, data: dict, state: GameState, player: int,
               typed: tuple[str, ...], judged_here: bool) -> list[Group]:
    """Stop the clock and challenge (centre twice while the challenger's clock runs, once when
    it is stopped or after a play-out), the challenger types the words on the judge screen,
    the verdict player presses (unless the judge station rules)."""
    groups: list[Group] = []
    if state.phase != Phase.CHALLENGE:
        if state.phase == Phase.PLAYING and state.clock.running == player:
            groups.append((hands.press(Side.CENTRE), hands.press(Side.CENTRE)))
        else:
            groups.append((hands.press(Side.CENTRE),))
        typed = ()
    words = [str(w).upper() for w in data["words"]]
    if list(typed) != words:
        groups += hands.keys("\b" * sum(len(w) + 1 for w in typed))
        groups += hands.keys(" ".join(words))
    if judged_here:
        verdict_player = state.verdict_player if state.phase == Phase.CHALLENGE else \
            _verdict_player(state, player)
        groups.append((hands.press(PLAYER_SIDES[verdict_player]),))
    return groups


def _verdict_player(state: GameState, challenger: int) -> int:
    """Who presses for the verdict once ``challenger`` has challenged (the preset says)."""
    return challenger if state.rules.challenge.verdict_by == "challenger" else 1 - challenger


def _stop(hands: Hands, data: dict, state: GameState) -> list[Group]:
    mover = state.clock.running
    if mover is None:
        raise CannotPlay("the table stops a running clock: here it is already stopped")
    reason = data.get("reason")
    groups: list[Group] = [(hands.press(Side.CENTRE), hands.press(PLAYER_SIDES[1 - mover]))]
    if reason in (None, "unspecified"):
        return groups + hands.keys("\n")
    reasons = stop_reasons(state)
    if reason not in reasons:
        raise CannotPlay(f"the table offers no stop for {reason!r} (it offers {', '.join(reasons)})")
    return groups + hands.keys(str(reasons.index(reason) + 1))


def _correct(hands: Hands, data: dict, state: GameState) -> list[Group]:
    """Both players correct a score (FIX SCORE, the turn's number, the score, both buttons);
    a running clock is stopped first and restarted after, at the same instant."""
    groups: list[Group] = []
    mover = state.clock.running
    if mover is not None and state.phase == Phase.PLAYING:
        groups += [(hands.press(Side.CENTRE), hands.press(PLAYER_SIDES[1 - mover]))]
        groups += hands.keys("\n")
    groups.append((Tap("Correct", hands._now()),))
    groups += hands.keys(f"{data['turn']}\n{data['score']}\n")
    groups.append((hands.press(Side.LEFT), hands.press(Side.RIGHT)))
    if mover is not None and state.phase == Phase.PLAYING:
        groups.append((hands.press(PLAYER_SIDES[1 - mover]),))
    return groups


def _word(hands: Hands, data: dict, state: GameState) -> list[Group]:
    """A play's word noted: WORD on the player's half (the word of their last play), its
    letters (``?`` before a blank's, which the line writes in lower case; a word noted before
    deleted first), ENTER."""
    player, turn = data["player"], data["turn"]
    if last_play(state, player) != turn - 1 or not on_half(state, player):
        raise CannotPlay("a table notes a word for a player's own last play while the game is "
                         f"played: turn {turn} is not {state.players[player]}'s last play now")
    key = next(name for name, whose in HALF_KEYS.items() if whose == player)
    noted = state.turns[turn - 1].word          # the letters open on it: DEL each first
    return [(Tap(key, hands._now()),)] + hands.keys("\b" * len(noted) + typed_as(str(data["word"])) + "\n")


def _director(hands: Hands, name: str, data: dict, state: GameState, before: GameState,
              linked: bool, command=None) -> list[Group]:
    """The director's commands, through the director's menu (kiosk.ui.menu.actions)."""
    mover = before.clock.running if before.phase == Phase.PLAYING else None
    again = None if mover is None else 1 - mover        # the waiting player may always restart it
    player_digit = {0: "1", 1: "2"}
    if name in ("call", "absent"):
        absent = tuple(sorted(data["absent"]))
        if name == "call" and linked and not absent:
            return []               # the director's start of the round: the link brings it
        if name == "absent" and len(absent) == 1:     # the opponent who is there says so
            return [(Tap("AbsentLeft" if absent == (0,) else "AbsentRight", hands._now()),)]
        digit = {(0,): "1", (1,): "2", (0, 1): "3"}.get(absent)
        if digit is None:
            raise CannotPlay("the director's start of the round with nobody absent comes by the link "
                             f"alone; here absent is one or both players, not {list(absent)}")
        return hands.director(f"1{digit}\n", state)   # late start: a call, or since the call a declaration
    if name == "adjust":
        delta = int(data["delta_ms"])
        if delta % 1000:
            raise CannotPlay("the director's menu adjusts a time in whole seconds")
        seconds = delta // 1000             # + is that much more time left on the clock
        return hands.director(f"3{player_digit[data['player']]}{seconds:+d}\n\n", state, resume=again)
    if name == "clock_in":
        if data.get("played_s") is not None:
            raise CannotPlay("the director's menu brings a clock in without the time played")
        return hands.director("33\n", state, resume=again)
    if name == "forfeit":
        reason = {"director": "1", "late": "2"}.get(data.get("reason") or "director")
        if reason is None:
            raise CannotPlay(f"a forfeit's reason is director or late, not {data.get('reason')!r}")
        return hands.director(f"4{player_digit[data['player']]}{reason}\n", state)
    if name == "end" and state.phase in OVER:
        return []                   # over already (a forfeit on time): nothing to end; 5 now locks
    if name in ("end", "void", "lock"):
        return hands.director({"end": "5", "void": "9", "lock": "5"}[name] + "\n", state)
    if name in ("found", "reopen"):
        if data.get("tiles"):
            raise CannotPlay("the director's menu records tiles found without the tiles")
        asks = state.phase not in (Phase.PLAYING, Phase.CHALLENGE, Phase.OUT) and state.end == "out"
        taker = player_digit[data["player"]] if asks and data.get("player") in (0, 1) else ""
        return hands.director(f"6{taker}\n", state, resume=again)
    if name == "recheck":
        verdict = "1" if (command.valid if isinstance(command, cmd.Recheck) else data.get("valid")) else "2"
        return hands.director(f"0{player_digit[data['player']]}{verdict}\n", state)
    raise CannotPlay(f"the table has no way to {name!r}")
