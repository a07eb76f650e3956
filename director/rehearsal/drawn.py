"""The rehearsal's rounds paired by the draw, as the director's page pairs them.

A table's scripts are made before its kiosk starts, so the rehearsal plays the event once
beforehand (``plan_rounds``): in a database of its own, the event's files imported (the
director's own event or the made-up division: director.rehearsal.venue), the director's own
draw (director.event.next_round: each division's draw of the rehearsal's config,
director.rehearsal.plan) pairs each division's rounds from the results the scripts give the
round before, stored as the tables send them (signed result documents). During
the rehearsal the director's service draws each round again from the results the tables sent
(``publish_round``: round 1 at the page's press, each later one by itself once the round's last
result is in), and the rehearsal publishes it from the page after checking that it is the round
the scripts were made for: a round drawn otherwise is a problem the report lists.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

from director.config import DirectorConfig
from director.event import divisions, next_round, tournament
from director.event.db import DirectorDB
from director.event.draw import DrawError
from director.event.model import Pairing
from director.event.rounds import RoundError, start_round
from director.files import imports
from director.tables.ingest import receive
from common.wire.document import result_document
from common.wire.signing import sign, table_key, wire
from . import event
from .plan import Options, plan_games
from .venue import EventFileError

PROPOSAL_WAIT_S = 30.0          # how long the rehearsal waits for a round to be drawn by itself


def division_file(people) -> bytes:
    """The event's division file as the rehearsal imports it: its players, no pairings."""
    return event.event_file(people, [])


def plan_rounds(folder: Path, options: Options, config: DirectorConfig, people,
                uploads: list[imports.Upload] | None = None) -> tuple[list[Pairing], dict]:
    """Every round's pairings, each division's as the director's draw makes them from the
    scripts' results, and each table's game of each round (director.rehearsal.plan.plan_games).
    ``uploads``: the event's files (none: the made-up division of ``people``). Once round 1 is
    drawn, ``options`` names the tables its games are at (the venue's order) and their count."""
    path = folder / "draw-plan.sqlite"
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    drawing = next_round.Event(config.rules, config.tournament, config.draw, config.tables,
                               config.division_tables)
    paired: list[Pairing] = []
    games: dict = {}
    with DirectorDB.open(path) as db:
        imports.import_files(db, uploads or [imports.Upload(event.FILE, division_file(people))])
        names = divisions.names(db)
        people = tournament.players(db)             # each of its division, as the import has it
        for round_number in range(1, options.rounds + 1):
            wall = 1e9 + 10_000 * round_number
            drawn = []
            for name in names:
                try:
                    next_round.propose(db, drawing, name, wall)
                except (RoundError, DrawError) as exc:
                    raise EventFileError(f"the rehearsal's round {round_number}: {exc}") from None
                next_round.publish(db, name)
                drawn += [p for p in tournament.pairings(db, name) if p.round == round_number]
            if round_number == 1:
                _venue_tables(options, drawn)
            made = plan_games(options, config, people, drawn)
            for name in names:
                start_round(db, round_number, wall, name)
            for game in made.values():
                state = game.replayed.state
                document = result_document(state, game.replayed.events, state.last_ns,
                                           tournament=config.tournament, table=game.table,
                                           game_id=f"plan-{game.table}-{round_number}")
                signed = sign(document, table_key(config.key, game.table))
                reply = receive(db, game.table, "results", wire(signed), config.key,
                                wall + 60, rules=config.rules)
                if reply.code != 200:
                    raise ValueError(f"the draw's plan: round {round_number} table {game.table}: "
                                     f"{reply.body}")
            paired += drawn
            games.update(made)
    return paired, games


def _venue_tables(options: Options, drawn: list[Pairing]) -> None:
    """The tables round 1's games are at, in the venue's order (the config's, else by number),
    become the rehearsal's tables."""
    used = {p.table for p in drawn if p.table}
    known = [t for t in options.names if t in used]
    rest = sorted(used - set(known), key=lambda t: (0, int(t), "") if t.isdigit() else (1, 0, t))
    options.names = tuple(known + rest)
    options.tables = len(options.names)


def _proposal(page, name: str, round_number: int) -> dict | None:
    status, data = page.request("GET", "/api/state")
    if status != 200:
        return None
    group = next((g for g in json.loads(data).get("draw", []) if g.get("division") == name), None)
    shown = (group or {}).get("proposal")
    return shown if shown and shown["round"] == round_number else None


def publish_round(page, name: str, round_number: int, planned: list[Pairing]) -> list[str]:
    """The director's round ``round_number`` published from the page: drawn by itself (round 1,
    or one not drawn within PROPOSAL_WAIT_S: at the page's press), checked against ``planned``;
    what went wrong, in words."""
    deadline = time.monotonic() + (0 if round_number == 1 else PROPOSAL_WAIT_S)
    shown = _proposal(page, name, round_number)
    while shown is None and time.monotonic() < deadline:
        time.sleep(0.5)
        shown = _proposal(page, name, round_number)
    problems = []
    if shown is None:
        if round_number > 1:
            problems.append(f"round {round_number}: not drawn by itself within "
                            f"{PROPOSAL_WAIT_S:.0f} s of the round before's last result")
        page.post("/api/draw/propose", {"division": name})
        shown = _proposal(page, name, round_number)
    games = {(g["table"], tuple(g["numbers"]), g["first"]) for g in (shown or {}).get("games", [])}
    wanted = {(p.table, p.players, p.first) for p in planned}
    if games != wanted:
        problems.append(f"round {round_number}: the director drew {len(games - wanted)} game(s) "
                        "other than the scripts were made for")
    page.post("/api/draw/publish", {"division": name})
    return problems
