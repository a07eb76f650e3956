"""The next round of a division whose pairings the director's draw makes (director.event.draw):
proposed, checked and adjusted by the director, then published to the tables.

A division's draw is the director's choice on the page (director.event.divisions.draw_choice),
else its ``[draw.DIVISION]`` in the director's config, else the config's ``[draw]``, else
``tsh`` (its pairings come from tsh imports, as before the draw; only its king-of-the-hill
rounds, if it has any, are drawn here). For any other system, round by round:

- once every game of the division's last round has its result (``refresh``, which the service
  calls after each change), or when the director presses for it (``propose``), the next round is
  drawn and kept as a *proposal* (director.event.proposals): no table is told of it;
- the director may swap two players (``swap``) or move a game to another table (``set_table``,
  the game there taking the first one's table); who starts a game changed this way is chosen
  again as the draw chooses it, by the starts each player had so far (NZASP 5.3);
- ``publish`` stores the proposal as the round's pairings, as an import of them does
  (director.event.rounds.store_pairings): each table's next assignment carries its game and
  who starts;
- a result that changes (a correction, a late result) before the proposal is published draws
  it again; once the round is published it stands, and ``state`` says that the results it was
  drawn from have changed since (tsh does not pair a round again either).

A .t file imported from tsh replaces a division's pairings as it always did; a proposal whose
round it pairs is dropped. Pure of the web: the page (director.web.draw_page) calls these.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

from common.game.rules import Rules

from . import counted, divisions, tournament
from .counted import CountedDivision
from .db import DirectorDB
from .draw import DrawError, DrawSettings, draw, round_count, starts_so_far
from .model import NO_OPPONENT, ModelError, Pairing
from .proposals import proposal, published, store_proposal, store_published
from .rounds import RoundError, player_names, store_pairings

TRIGGERS = ("results", "corrections", "imported_results", "pairings", "players", "draw")
SETTLE_S = 0.2      # after a change, how long the service lets more gather before ``refresh``


@dataclass(frozen=True)
class Event:
    """What the draw needs of the director's config: the rules and tournament results count
    under, each division's draw as the config sets it ({"": every division's, NAME: one's}) and
    the venue's tables (``tournament.tables``; empty: numbered from each division's offset)."""
    rules: Rules
    tournament: str
    draws: dict = field(default_factory=dict)
    tables: tuple[str, ...] = ()


def settings(db: DirectorDB, event: Event, name: str) -> tuple[DrawSettings, str]:
    """The division's draw and where it was chosen: ``page``, ``config`` or ``default``."""
    chosen = divisions.draw_choice(db, name)
    if chosen is not None:
        return DrawSettings(**chosen), "page"
    configured = event.draws.get(name) or event.draws.get("")
    if configured:
        return DrawSettings(**configured), "config"
    return DrawSettings(), "default"


def drawn_here(chosen: DrawSettings, round_number: int) -> bool:
    """Whether the draw pairs the round: any round but under tsh, whose king-of-the-hill
    rounds only are drawn here (director.event.draw)."""
    return chosen.system != "tsh" or chosen.is_king_of_the_hill(round_number)


def next_round_number(db: DirectorDB, name: str) -> int:
    with db.locked() as conn:
        row = conn.execute("SELECT MAX(round) FROM pairings WHERE division = ?", [name]).fetchone()
    return (row[0] or 0) + 1


def _view(db: DirectorDB, event: Event, name: str) -> CountedDivision:
    return counted.load(db, event.rules, event.tournament, name)


def _tables(db: DirectorDB, event: Event, name: str, round_number: int, count: int) -> list[str]:
    """The tables the division's round may use, in order: those of its last round first, then
    the venue's (``tournament.tables``) or numbers after its table offset, none another
    division's in that round or in its own latest round."""
    with db.locked() as conn:
        own = [r[0] for r in conn.execute(
            "SELECT table_name FROM pairings WHERE division = ? AND round = ? AND table_name IS NOT "
            "NULL", [name, round_number - 1])]
        others = {r[0] for r in conn.execute(
            "SELECT p.table_name FROM pairings p WHERE p.division != ? AND p.table_name IS NOT NULL "
            "AND (p.round = ? OR p.round = (SELECT MAX(q.round) FROM pairings q WHERE q.division = "
            "p.division))", [name, round_number])}
    order = lambda t: (0, int(t), "") if re.fullmatch(r"\d+", t) else (1, 0, t)     # noqa: E731
    tables = sorted((t for t in own if t not in others), key=order)
    for table in event.tables:
        if len(tables) >= count:
            break
        if table not in others and table not in tables:
            tables.append(table)
    division = divisions.find(db, name)
    number = division.table_offset if division else 0
    while len(tables) < count:
        number += 1
        if str(number) not in others and str(number) not in tables:
            tables.append(str(number))
    return tables


def _draw(db: DirectorDB, event: Event, name: str, round_number: int, now_wall: float) -> dict:
    """The round drawn from the division as counted, by its standings as shown (its rules)."""
    chosen, _ = settings(db, event, name)
    view = _view(db, event, name)
    paired = [p for p in view.pairings if p.round < round_number]
    active = sum(1 for p in view.players if not p.withdrawn)
    tables = _tables(db, event, name, round_number, (active + 1) // 2)
    made = draw(chosen, view.players, paired, view.results, round_number, tables, rules=view.rules)
    return {"round": round_number, "made_wall": now_wall,
            "basis": view.digest(round_number),
            "pairings": [[p.table, p.players[0], p.players[1], p.first] for p in made.pairings],
            "why": [made.why.get(frozenset(p.players)) for p in made.pairings],
            "adjusted": []}


def _proposed(stored: dict, name: str) -> list[Pairing]:
    return [Pairing(stored["round"], table or "", (a, b), first, name)
            for table, a, b, first in stored["pairings"]]


def propose(db: DirectorDB, event: Event, name: str, now_wall: float) -> dict:
    """Draw the division's next round now (the director's press; again, if one was proposed:
    their adjustments are lost) and keep it as its proposal. Raises RoundError (a tsh division,
    every round drawn) or DrawError."""
    name = divisions.resolve(db, name)
    chosen, _ = settings(db, event, name)
    round_number = next_round_number(db, name)
    if not drawn_here(chosen, round_number):
        raise RoundError(f"division {name}'s pairings come from tsh: choose a draw for it first")
    total = round_count(chosen, tournament.players(db, name))
    if total and round_number > total:
        raise RoundError(f"division {name}: its draw has {total} rounds, every one paired")
    made = _draw(db, event, name, round_number, now_wall)
    store_proposal(db, name, made)
    db.changed("proposal")
    return made


def refresh(db: DirectorDB, event: Event, now_wall: float) -> list[str]:
    """After a change: each drawn division's proposal drawn again if the results it came from
    changed, made if its last round is complete, dropped if tsh paired its round; a published
    round whose results changed since marked so (``state`` tells the director). What was done,
    in words. A division whose draw fails keeps the reason in its proposal, for the page."""
    done = []
    for name in divisions.names(db):
        chosen, _ = settings(db, event, name)
        stored = proposal(db, name)
        round_number = next_round_number(db, name)
        here = drawn_here(chosen, round_number)
        if not here or (stored and stored.get("round") != round_number):
            if stored:
                store_proposal(db, name, None)
                done.append(f"division {name}: the proposed round {stored.get('round')} dropped")
            if not here:
                continue
            stored = None
        try:
            view = _view(db, event, name)
            drawn = published(db, name)
            if (drawn and not drawn.get("changed")
                    and drawn["basis"] != view.digest(drawn["round"])):
                store_published(db, name, {**drawn, "changed": True})
                done.append(f"division {name}: a result round {drawn['round']} was drawn from "
                            "changed after it was published")
            if stored and "basis" in stored and stored["basis"] == view.digest(round_number):
                continue
            if stored is None:
                total = round_count(chosen, view.players)
                if (round_number == 1 or (total and round_number > total)
                        or not view.complete(round_number - 1)):
                    continue
            made = _draw(db, event, name, round_number, now_wall)
            if stored and "basis" in stored:
                made["adjusted"] = ["drawn again: a result of an earlier round changed"]
        except (DrawError, ModelError, RoundError) as exc:
            made = {"round": round_number, "error": str(exc), "made_wall": now_wall}
        store_proposal(db, name, made)
        done.append(f"division {name}: round {round_number} proposed")
    if done:
        db.changed("proposal")
    return done


def _starts(db: DirectorDB, name: str, round_number: int) -> dict[int, tuple[int, int]]:
    return starts_so_far([p for p in tournament.pairings(db, name) if p.round < round_number])


def _who_starts(players: tuple[int, int], starts: dict) -> int | None:
    """Who starts a game the director changed: the player who started less often so far, else
    the one who went second more often, else the first named (NZASP 5.3's balance)."""
    if players[1] == NO_OPPONENT:
        return None
    (a0, a1), (b0, b1) = (starts.get(n, (0, 0)) for n in players)
    if a0 != b0:
        return 0 if a0 < b0 else 1
    return 1 if b1 > a1 else 0


def _adjusted(db: DirectorDB, name: str, words: str, change) -> dict:
    name = divisions.resolve(db, name)
    stored = proposal(db, name)
    if not stored or "pairings" not in stored:
        raise RoundError(f"division {name} has no proposed round to change: draw it first")
    change(stored)
    stored["adjusted"] = [*stored.get("adjusted", []), words]
    store_proposal(db, name, stored)
    db.changed("proposal")
    return stored


def swap(db: DirectorDB, name: str, a: int, b: int) -> dict:
    """Players ``a`` and ``b`` (numbers) take each other's places in the proposed round; who
    starts each game they are in is chosen again."""
    name = divisions.resolve(db, name)

    def change(stored: dict) -> None:
        rows = stored["pairings"]
        where = {n: i for i, row in enumerate(rows) for n in row[1:3] if n != NO_OPPONENT}
        for n in (a, b):
            if n not in where:
                raise RoundError(f"division {name} round {stored['round']}: player {n} is not in "
                                 "the proposed round")
        if where[a] == where[b]:
            raise RoundError(f"players {a} and {b} already play each other")
        starts = _starts(db, name, stored["round"])
        for i in (where[a], where[b]):
            if stored.get("why"):
                stored["why"][i] = None         # the reason was the drawn pair's
            row = rows[i]
            row[1:3] = [b if n == a else a if n == b else n for n in row[1:3]]
            if row[2] == NO_OPPONENT:
                row[0] = ""
            elif not row[0]:                    # the bye's player now plays: the other's table
                row[0] = rows[where[a] + where[b] - i][0]
            row[3] = _who_starts((row[1], row[2]), starts)

    return _adjusted(db, name, f"players {a} and {b} swapped", change)


def set_table(db: DirectorDB, name: str, player: int, table: str) -> dict:
    """The game of ``player`` moves to ``table``; a game proposed there takes its table."""
    name = divisions.resolve(db, name)
    table = str(table).strip()

    def change(stored: dict) -> None:
        rows = stored["pairings"]
        mine = next((row for row in rows if player in row[1:3]), None)
        if mine is None:
            raise RoundError(f"player {player} is not in the proposed round")
        if mine[2] == NO_OPPONENT:
            raise RoundError(f"player {player} has the bye: a bye takes no table")
        if not table:
            raise RoundError("a table is needed")
        with db.locked() as conn:
            other = conn.execute("SELECT division FROM pairings WHERE round = ? AND table_name = ? "
                                 "AND division != ?", [stored["round"], table, name]).fetchone()
        if other:
            raise RoundError(f"table {table} is division {other[0]}'s in round {stored['round']}")
        there = next((row for row in rows if row[0] == table), None)
        if there is not None:
            there[0] = mine[0]
        mine[0] = table

    return _adjusted(db, name, f"player {player}'s game moved to table {table}", change)


def publish(db: DirectorDB, name: str) -> int:
    """Store the proposed round as the division's pairings (each table's next assignment); the
    number of games and byes stored."""
    name = divisions.resolve(db, name)
    stored = proposal(db, name)
    if not stored or "pairings" not in stored:
        raise RoundError(f"division {name} has no proposed round to publish: draw it first")
    if stored["round"] != next_round_number(db, name):
        raise RoundError(f"division {name}: round {stored['round']} is paired already")
    with db.transaction():
        store_proposal(db, name, None)
        store_published(db, name, {"round": stored["round"], "basis": stored["basis"]})
        count = store_pairings(db, _proposed(stored, name), division=name)
    db.changed("proposal")
    return count


def state(db: DirectorDB, event: Event, name: str) -> dict:
    """What the page shows of the division's draw: its settings and where they were chosen, the
    next round, the proposal (each game's table, players, who starts, the starts each had so far
    and why the two meet when they cross score groups) and what to tell the director (a draw that failed; a result changed after a round was
    published). Reads what ``refresh`` keeps: no result is counted here."""
    chosen, source = settings(db, event, name)
    shown = {"division": name, "settings": asdict(chosen), "source": source,
             "next_round": next_round_number(db, name), "rounds": 0, "proposal": None, "notes": []}
    if not drawn_here(chosen, shown["next_round"]):
        return shown
    shown["rounds"] = round_count(chosen, tournament.players(db, name))
    stored = proposal(db, name)
    if stored and "pairings" in stored:
        names = player_names(db, name)
        starts = _starts(db, name, stored["round"])
        why = stored.get("why") or [None] * len(stored["pairings"])
        shown["proposal"] = {"round": stored["round"], "made_wall": stored["made_wall"],
                             "adjusted": stored.get("adjusted", []), "games": [
            {"table": table, "numbers": [a, b], "first": first,
             "players": [names.get(a, f"#{a}"), names.get(b, f"#{b}") if b else "bye"],
             "starts": [list(starts.get(a, (0, 0))), list(starts.get(b, (0, 0)))],
             "why": reason}
            for (table, a, b, first), reason in zip(stored["pairings"], why)]}
    elif stored and "error" in stored:
        shown["notes"].append(f"round {stored['round']} could not be drawn: {stored['error']}")
    drawn = published(db, name)
    if drawn and drawn.get("changed"):
        shown["notes"].append(f"round {drawn['round']} was published before a result of an earlier "
                              "round changed: its pairings stand (they are not drawn again)")
    return shown
