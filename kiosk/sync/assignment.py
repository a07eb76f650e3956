"""What the director's assignment asks of this table, as core commands and a game setup (pure).

An assignment (docs/sync-protocol.md) names the division (a director's of several divisions
says which one the table plays for; the table's result and status documents then carry it), the
round, both players (left, right), who starts (0, 1 or None: the players decide as usual), once
the director presses the buttons, when the round started and ended (wall-clock seconds), and,
when the director names it, the word list (name and fingerprint) and whether the round is rated.
This module only reads it against the game:

- ``word_list_refusal``: a rated round on a word list other than the director's does not start;

- ``new_setup``: the (round, players, who starts) a new game should have, while the game may
  still change (nothing recorded yet) or once its result is locked and the assignment is for
  another round; who starts is the core's setup (``new_game(..., starts)``), so the core itself
  refuses a start press that would make the other player first, as a replay of the game does;
- ``round_commands``: the round's start with both players still at the setup screen is the
  core's ``CallStart`` with nobody absent (players sitting at the table are charged nothing
  before they press; a player who is not there is declared absent afterwards, by the opponent
  or the director, and is late from this call: kiosk.core.late), the round's end is the core's
  ``End`` (every clock stops); each stamped when the director gave it, as far as the game
  allows.

- ``corrections_of``: the director's corrections of this table's games (their id, round, the
  table's game id, the kind, the final scores in the table's order of the players, the reason),
  which the link journals once each in the game they correct and shows on the top line; the
  game's own journal never changes (the result the table signed stays what it was).

The rules stay the core's: the app submits these commands like any other and journals them.
"""
from __future__ import annotations

import re

from kiosk.core import commands as cmd
from kiosk.core.state import GameState
from kiosk.core.vocabulary import IN_PLAY, Phase


class AssignmentFormatError(ValueError):
    """An assignment without the fields the kiosk needs (names the field)."""


def check(assignment: dict) -> dict:
    """The assignment if its fields are usable; else AssignmentFormatError naming the field."""
    def need(name: str, ok) -> None:
        if not ok(assignment.get(name)):
            raise AssignmentFormatError(f"assignment refused: {name} is {assignment.get(name)!r}")
    need("round", lambda v: isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 999)
    need("players", lambda v: isinstance(v, list) and len(v) == 2
         and all(isinstance(p, str) and p.strip() and len(p) <= 40 for p in v))
    need("first", lambda v: v in (None, 0, 1) and not isinstance(v, bool))
    need("division", lambda v: v is None or isinstance(v, str) and len(v) <= 40)
    for name in ("round_started_wall", "round_ended_wall"):
        need(name, lambda v: v is None or (isinstance(v, (int, float)) and not isinstance(v, bool)))
    need("corrections", lambda v: v is None or (isinstance(v, list) and len(v) <= 50
                                                and all(_correction(c) for c in v)))
    need("lexicon", lambda v: v is None or (isinstance(v, dict) and set(v) == {"name", "fingerprint"}
                                            and isinstance(v["name"], str) and 0 < len(v["name"]) <= 40
                                            and isinstance(v["fingerprint"], str)
                                            and re.fullmatch(r"[0-9a-f]{64}", v["fingerprint"]) is not None))
    need("rated", lambda v: v is None or isinstance(v, bool))
    return assignment


CORRECTION_KINDS = ("scores", "forfeit", "void", "original")


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _correction(c) -> bool:
    return (isinstance(c, dict) and _int(c.get("id")) and _int(c.get("round"))
            and isinstance(c.get("game_id"), str) and len(c["game_id"]) <= 100
            and c.get("kind") in CORRECTION_KINDS
            and (c.get("final") is None or (isinstance(c["final"], list) and len(c["final"]) == 2
                                             and all(_int(x) for x in c["final"])))
            and isinstance(c.get("reason"), str) and len(c["reason"]) <= 300
            and c["reason"].isprintable())


def corrections_of(assignment: dict) -> list[dict]:
    """The director's corrections the (checked) assignment carries, oldest first."""
    return list(assignment.get("corrections") or [])


def correction_words(correction: dict) -> str:
    """A correction as the table says it: ``the director corrected round 3: 405-380 (the sheet
    says 405)``."""
    kind, final = correction["kind"], correction["final"]
    now = {"void": "void, no game", "original": "as the table recorded it again"}.get(
        kind, f"{final[0]}-{final[1]}" + (" by forfeit" if kind == "forfeit" else "") if final else kind)
    return f"the director corrected round {correction['round']}: {now} ({correction['reason']})"


def word_list_refusal(assignment: dict, name: str, fingerprint: str) -> str:
    """Why this table may not start its game, if the assignment names the director's word list,
    the round is rated and the table's list (``name``, ``fingerprint``) is another; else ""."""
    expected = assignment.get("lexicon")
    if not expected or assignment.get("rated") is False or fingerprint.lower() == expected["fingerprint"]:
        return ""
    return (f"word list {name} is not the director's {expected['name']} (fingerprint "
            f"{fingerprint[:8]}, not {expected['fingerprint'][:8]}): a rated game cannot start  ·  "
            f"call the director")


def new_setup(state: GameState, assignment: dict) -> tuple[int, tuple[str, str], int | None] | None:
    """(round, players, who starts) for a new game, if the assignment changes them and the game
    allows it."""
    wanted = (assignment["round"], tuple(assignment["players"]), assignment["first"])
    if (state.round, tuple(state.players), state.starts) == wanted:
        return None
    if state.phase == Phase.SETUP and state.last_ns is None:
        return wanted
    if state.phase == Phase.VOID:           # the director voided it (a wrong pairing): the new one
        return wanted
    if state.phase == Phase.CONFIRMED and assignment["round"] != state.round:
        return wanted
    return None


def round_commands(state: GameState, assignment: dict, now_wall: float) -> list[tuple[object, float]]:
    """The round's start or end as (core command, seconds since the director gave it)."""
    if assignment["round"] != state.round:
        return []
    started, ended = assignment.get("round_started_wall"), assignment.get("round_ended_wall")
    if ended is not None:
        return [(cmd.End(), max(0.0, now_wall - ended))] if state.phase in IN_PLAY else []
    if (started is not None and state.phase == Phase.SETUP and state.start_called_ns is None
            and state.last_ns is None):
        return [(cmd.CallStart(), max(0.0, now_wall - started))]
    return []
