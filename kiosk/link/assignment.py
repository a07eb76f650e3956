"""What the director's assignment asks of this table, as core commands and a game setup (pure).

An assignment (docs/sync-protocol.md) names the division (a director's of several divisions
says which one the table plays for; the table's result and status documents then carry it), the
round, both players (left, right), who starts (0, 1 or None: the players decide as usual), once
the director presses the buttons, when the round started and ended (wall-clock seconds), and,
when the director names it, the word list (name and fingerprint) and whether the round is rated.
This module checks it and reads it against the game:

- ``check``: the assignment is the protocol's (common.wire.schema.AssignmentDocument, the schema
  the director checks what it stores and sends against); the link checks it at its door
  (kiosk.link.http_client, kiosk.link.serial_link) with the signature, and a refused one is
  not believed: the table keeps the one it has, says why on its top line and in its status;
- ``word_list_refusal``: a rated round on a word list other than the director's does not start;

- ``new_setup``: the (round, players, who starts) a new game should have, while the game may
  still change (nothing recorded yet) or once its result is locked and the assignment is for
  another round; who starts is the core's setup (``new_game(..., starts)``), so the core itself
  refuses a start press that would make the other player first, as a replay of the game does;
- ``round_commands``: the round's start with both players still at the setup screen is the
  core's ``CallStart`` with nobody absent (players sitting at the table are charged nothing
  before they press; a player who is not there is declared absent afterwards, by the opponent
  or the director, and is late from this call: common.game.late), the round's end is the core's
  ``End`` (every clock stops); each stamped when the director gave it, as far as the game
  allows.

- ``corrections_of``: the director's corrections of this table's games (their id, round, the
  table's game id, the kind, the final scores in the table's order of the players, the reason),
  which the link journals once each in the game they correct and shows on the top line; the
  game's own journal never changes (the result the table signed stays what it was).

The rules stay the core's: the app submits these commands like any other and journals them.
"""
from __future__ import annotations

from common.game import commands as cmd
from common.game.state import GameState
from common.game.vocabulary import IN_PLAY, Phase
from common.wire.schema import AssignmentDocument, SchemaError, convert


class AssignmentFormatError(ValueError):
    """An assignment that is not the protocol's (common.wire.schema.AssignmentDocument): names the
    field and what it should be."""


def check(assignment: dict) -> dict:
    """The assignment if it is the protocol's ``AssignmentDocument`` (the one schema the director
    checks what it stores and sends against: common.wire.schema); else AssignmentFormatError
    naming the field ("assignment refused: players[1]: Expected `str` of length <= 100")."""
    try:
        convert(assignment, AssignmentDocument)
    except SchemaError as exc:
        raise AssignmentFormatError(f"assignment refused: {exc.field or 'the document'}: {exc}") from None
    return assignment


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
