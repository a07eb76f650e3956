"""The live status document: what the director's page shows for a table between results.

``status_document(state, now_ns, ...)`` reads the game at one instant, as the core computes
it: the phase, both clocks (milliseconds left, negative in overtime; a late player's clock
counts their absence down as the core will charge it on arrival), both scores, whose turn it
is, whose clock runs, and the alerts a director acts on (overtime, a hold or a challenge in
progress, the clock stopped and why). Pure: no I/O; the caller passes the time, the outbox's
pending count and the wall-clock time of sending; ``about``, what the director's tables page
shows of the table itself (its software's version, its lexicon's name and fingerprint, its last
self-test: ``about_table``), when the link has it; and why the table refused the director's
last assignment (``assignment_refused``), while it does.
"""
from __future__ import annotations

from common.game import clock as clk
from common.game.late import pending_charge
from common.game.result import compute
from common.game.state import GameState
from common.game.vocabulary import IN_PLAY, OVER, Phase
from common.wire.document import DOCUMENT_SCHEMA
from common.wire.schema import MAX_REFUSAL

NS_PER_MS = 1_000_000


def awaited(state: GameState, player: int) -> bool:
    """Absent at the director's start call and not arrived yet."""
    return state.phase == Phase.WAITING and player in state.absent and state.arrivals[player] is None


def remaining_ms(state: GameState, player: int, now_ns: int) -> int:
    """Milliseconds left on ``player``'s clock at ``now_ns`` (rounded down; negative in
    overtime); an awaited player's absence is counted as it will be charged, and kept if they
    never came."""
    left = clk.remaining(state.clock, player, now_ns) - pending_charge(state, player, now_ns)
    return left // NS_PER_MS


def alerts(state: GameState, now_ns: int) -> dict:
    """What needs the director's eye: who is in overtime, a hold or a challenge in progress
    (who called it), the clock stopped mid-game (the reason given) and who is still awaited."""
    playing = state.phase in IN_PLAY
    neutral = playing and state.clock.running is None
    return {
        "overtime": [p for p in (0, 1)
                     if state.clock.started and clk.remaining(state.clock, p, now_ns) < 0],
        "hold": state.hold.player if state.hold is not None and playing else None,
        "challenge": state.challenge.player if state.challenge is not None else None,
        "neutral": (state.neutral_reason or "unspecified") if neutral else None,
        "absent": [p for p in (0, 1) if awaited(state, p)],
    }


def scores(state: GameState, now_ns: int) -> tuple[int, int]:
    """The score sheet's totals while the game runs; the final scores (racks, penalties,
    caps counted) once it has ended."""
    if state.phase in OVER:
        return compute(state, now_ns).final
    return state.scores()


def about_table(software: str, lexicon: str, fingerprint: str, selftest: str) -> dict:
    """The table itself, as its status carries it: ``software`` (its version), ``lexicon`` (the
    word list's name as the top line shows it), ``lexicon_sha256`` (its fingerprint, "" unknown),
    ``selftest`` (the last hardware self-test's outcome and when, "" never run)."""
    return {"software": software[:40], "lexicon": lexicon[:100], "lexicon_sha256": fingerprint[:64],
            "selftest": selftest[:200]}


def status_document(state: GameState, now_ns: int, *, tournament: str, table: str | int,
                    game_id: str, outbox_pending: int, sent_wall: float,
                    division: str = "", about: dict | None = None,
                    assignment_refused: str = "") -> dict:
    """The status of the game at ``now_ns`` (monotonic ns, as the game's events); ``division``
    as the result document's; ``assignment_refused``: why the table refused the director's last
    assignment (it plays the one it had), for the director's tables page."""
    running = state.clock.running if not state.clock.stopped else None
    return {
        "schema": DOCUMENT_SCHEMA,
        "kind": "status",
        "tournament": tournament,
        **({"division": division} if division else {}),
        "round": state.round,
        "table": str(table),
        "game_id": str(game_id),
        "players": list(state.players),
        "phase": state.phase,
        "times_ms": [remaining_ms(state, p, now_ns) for p in (0, 1)],
        "scores": list(scores(state, now_ns)),
        "to_move": state.to_move if state.phase in IN_PLAY else None,
        "running": running,
        "alerts": alerts(state, now_ns),
        "outbox_pending": int(outbox_pending),
        "sent_wall": float(sent_wall),
        **({"about": dict(about)} if about else {}),
        **({"assignment_refused": assignment_refused[:MAX_REFUSAL]} if assignment_refused else {}),
    }
