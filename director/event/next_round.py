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
  the game there taking the first one's table: one of the event's tables, the division's own
  when it has some, never another division's: director.event.venue); who starts a game changed
  this way is chosen again as the draw chooses it, by the starts each player had so far (NZASP
  5.3);
- ``publish`` stores the proposal as the round's pairings, as an import of them does
  (director.event.rounds.store_pairings): each table's next assignment carries its game and
  who starts;
- a result that changes (a correction, a late result) before the proposal is published draws
  it again; once the round is published it stands, and ``state`` says that the results it was
  drawn from have changed since (tsh does not pair a round again either);
- so does a change of who plays the round (director.event.roster: a late entry, a withdrawal, a
  return, a player absent for the round, a rating before round one): the proposal keeps what it
  was drawn from (``basis``: the results' digest and the players'), and its ``adjusted`` says
  why it was drawn again ("drawn again: Cat Cole (3) withdrawn"). A proposal that no longer
  pairs who plays is not published: it is drawn again first. Publishing writes the rounds the
  withdrawn and the absent miss as tsh writes them (director.event.roster.missed).

One writer at a time: each change of a proposal reads it and stores it in one transaction
(director.event.db's ``BEGIN IMMEDIATE`` under the database's lock), so a swap and a publish
that race are one after the other, and the one that comes second says what it found: a change
asked of round 4's proposal once round 4 is published is not made, and says so. A draw (which
may take seconds) is made outside the lock and stored only if the proposal is still the one it
was drawn for. director.event.published changes a published round not yet started.

A round's games are at the division's tables (director.event.venue: its own, else the venue's
from its place after the divisions before it), never at a table another division holds or has
proposed: the proposals of several divisions never collide, whichever is drawn or published
first. A .t file imported from tsh replaces a division's pairings as it always did; a proposal
whose round it pairs is dropped. Pure of the web: the page (director.web.draw_page) calls these.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field

from common.game.rules import Rules

from . import counted, divisions, roster, tournament, venue
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
    under, each division's draw as the config sets it ({"": every division's, NAME: one's}),
    the venue's tables (``tournament.tables``; empty: numbered from each division's offset) and
    each division's own (``[divisions.NAME] tables``: {NAME: tables})."""
    rules: Rules
    tournament: str
    draws: dict = field(default_factory=dict)
    tables: tuple[str, ...] = ()
    division_tables: dict = field(default_factory=dict)

    @property
    def venue(self) -> venue.Venue:
        return venue.Venue(self.tables, self.division_tables)


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


def tables_for(db: DirectorDB, event: Event, name: str, round_number: int, count: int) -> list[str]:
    """The tables the division's round may use, in order (director.event.venue.tables_for)."""
    return venue.tables_for(db, event.venue, name, round_number, count)


def basis(view: CountedDivision, round_number: int) -> str:
    """What a proposal of ``round_number`` is drawn from: the digest of the results before it,
    then (after a ``.``) the digest of who plays it and their ratings (director.event.roster)."""
    return (f"{results_digest(view, round_number)}."
            f"{roster.digest(view.players, view.tags, round_number)}")


def results_digest(view: CountedDivision, before: int) -> str:
    """The digest of the results before ``before`` (director.event.counted's), the rounds
    missed aside (no game: a late entry's or a withdrawn player's round written as tsh writes
    it changes no result a round is drawn from; who plays is the basis' other part)."""
    if not any(r.no_game for r in view.results if r.round < before):
        return view.digest(before)
    rows = [json.dumps(row) for row in sorted((r.round, r.players, r.scores, r.kind, r.winner)
                                              for r in view.results
                                              if r.round < before and not r.no_game)]
    return hashlib.sha256(("[" + ", ".join(rows) + "]").encode()).hexdigest()[:16]


def _results_part(stored_basis: str) -> str:
    return stored_basis.partition(".")[0]


def _draw(db: DirectorDB, event: Event, name: str, round_number: int, now_wall: float) -> dict:
    """The round drawn from the division as counted, by its standings as shown (its rules)."""
    chosen, _ = settings(db, event, name)
    view = _view(db, event, name)
    paired = [p for p in view.pairings if p.round < round_number]
    players = roster.playing(view.players, view.tags, round_number)
    active = sum(1 for p in players if not p.withdrawn)
    tables = tables_for(db, event, name, round_number, (active + 1) // 2)
    made = draw(chosen, players, paired, view.results, round_number, tables, rules=view.rules)
    return {"round": round_number, "made_wall": now_wall, "basis": basis(view, round_number),
            "pairings": [[p.table, p.players[0], p.players[1], p.first] for p in made.pairings],
            "why": [made.why.get(frozenset(p.players)) for p in made.pairings],
            "adjusted": []}


def _in(stored: dict) -> set[int]:
    """The players a proposal pairs."""
    return {n for _, a, b, _ in stored.get("pairings", ()) for n in (a, b) if n != NO_OPPONENT}


def why_again(stored: dict, view: CountedDivision, round_number: int) -> str:
    """Why a proposal is drawn again, in words: a result changed, and who plays it now that it
    did not pair or pairs who does not (director.event.roster.came_and_went)."""
    why = []
    if _results_part(stored.get("basis", "")) != results_digest(view, round_number):
        why.append("a result of an earlier round changed")
    why += roster.came_and_went(view.players, view.tags, view.pairings, round_number, _in(stored))
    return "drawn again: " + "; ".join(why or ["a rating changed"])


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
    with db.transaction():
        if next_round_number(db, name) != round_number:
            raise RoundError(f"division {name}: round {round_number} was published meanwhile: "
                             "not drawn again")
        store_proposal(db, name, made)
    db.changed("proposal")
    return made


def refresh(db: DirectorDB, event: Event, now_wall: float) -> list[str]:
    """After a change: each drawn division's proposal drawn again if what it came from changed
    (the results before it, who plays it), made if its last round is complete, dropped if tsh
    paired its round; a published round whose results changed since marked so (``state`` tells
    the director). What was done, in words. A division whose draw fails keeps the reason in its
    proposal, for the page."""
    done = []
    for name in divisions.names(db):
        done += refresh_division(db, event, name, now_wall)
    return done


def refresh_division(db: DirectorDB, event: Event, name: str, now_wall: float) -> list[str]:
    """``refresh`` for one division (a change of who plays it is answered with what it did to
    its proposal: director.event.entries). The draw is made outside the database's lock and
    stored only if the proposal and the round are still what they were."""
    chosen, _ = settings(db, event, name)
    stored = proposal(db, name)
    round_number = next_round_number(db, name)
    here = drawn_here(chosen, round_number)
    done = []
    if not here or (stored and stored.get("round") != round_number):
        if stored:
            with db.transaction():
                if proposal(db, name) == stored:
                    store_proposal(db, name, None)
                    done.append(f"division {name}: the proposed round {stored.get('round')} dropped")
        if not here:
            return _changed(db, done)
        stored = None
    try:
        view = _view(db, event, name)
        drawn = published(db, name)
        if (drawn and not drawn.get("changed")
                and _results_part(drawn["basis"]) != results_digest(view, drawn["round"])):
            store_published(db, name, {**drawn, "changed": True})
            done.append(f"division {name}: a result round {drawn['round']} was drawn from "
                        "changed after it was published")
        if (stored and "basis" in stored and _same_basis(stored["basis"], view, round_number)
                and not stale(db, name, stored)):
            return _changed(db, done)
        if stored is None:
            total = round_count(chosen, view.players)
            if (round_number == 1 or (total and round_number > total)
                    or not view.complete(round_number - 1)):
                return _changed(db, done)
        made = _draw(db, event, name, round_number, now_wall)
        if stored and "basis" in stored:
            made["adjusted"] = [why_again(stored, view, round_number)]
    except (DrawError, ModelError, RoundError) as exc:
        made = {"round": round_number, "error": str(exc), "made_wall": now_wall}
    with db.transaction():
        if proposal(db, name) != stored or next_round_number(db, name) != round_number:
            return _changed(db, done)       # changed meanwhile: its own change looks again
        store_proposal(db, name, made)
    done.append(f"division {name}: round {round_number} proposed"
                + (f" ({made['adjusted'][0]})" if made.get("adjusted") else ""))
    return _changed(db, done)


def _same_basis(stored: str, view: CountedDivision, round_number: int) -> bool:
    """Whether a proposal's basis is the division's now (one kept before the players' part was,
    by its results alone)."""
    results, _, players = stored.partition(".")
    now = basis(view, round_number)
    return stored == now if players else results == _results_part(now)


def _changed(db: DirectorDB, done: list[str]) -> list[str]:
    if done:
        db.changed("proposal")
    return done


def starts_before(db: DirectorDB, name: str, round_number: int) -> dict[int, tuple[int, int]]:
    return starts_so_far([p for p in tournament.pairings(db, name) if p.round < round_number])


def who_starts(players: tuple[int, int], starts: dict) -> int | None:
    """Who starts a game the director changed: the player who started less often so far, else
    the one who went second more often, else the first named (NZASP 5.3's balance)."""
    if players[1] == NO_OPPONENT:
        return None
    (a0, a1), (b0, b1) = (starts.get(n, (0, 0)) for n in players)
    if a0 != b0:
        return 0 if a0 < b0 else 1
    return 1 if b1 > a1 else 0


def _adjusted(db: DirectorDB, name: str, words: str, change, round_number: int | None,
              what: str) -> dict:
    """The proposal read, changed and stored in one transaction: ``round_number`` is the round
    the director saw proposed (a change of another, or of none, is not made, and says why)."""
    with db.transaction():
        stored = proposal(db, name)
        if not stored or "pairings" not in stored or (
                round_number is not None and stored["round"] != round_number):
            raise RoundError(not_proposed(db, name, round_number, f"the {what} was not made"))
        before = [set(row[1:3]) for row in stored["pairings"]]
        change(stored["pairings"], stored["round"])
        if stored.get("why"):               # a reason was the drawn pair's: a changed pair has none
            stored["why"] = [why if set(row[1:3]) == was else None for row, was, why
                             in zip(stored["pairings"], before, stored["why"])]
        stored["adjusted"] = [*stored.get("adjusted", []), words]
        store_proposal(db, name, stored)
    db.changed("proposal")
    return stored


def not_proposed(db: DirectorDB, name: str, round_number: int | None, undone: str,
                 doing: str = "change") -> str:
    """Why a change of a proposal was not made (``undone``: "the swap was not made"): the round
    was published meanwhile (started or not), or another round is proposed, or none."""
    stored = proposal(db, name)
    last = next_round_number(db, name) - 1
    if round_number is not None and round_number <= last:
        started = round_started(db, name, round_number)
        return (f"division {name}: round {round_number} was published meanwhile: {undone}"
                + (" (the round has started)" if started else
                   " (change it in the published round, which has not started)"))
    if stored and "pairings" in stored:
        return (f"division {name}: round {stored['round']} is proposed, not round {round_number}: "
                f"{undone}")
    return f"division {name} has no proposed round to {doing}: draw it first"


def round_started(db: DirectorDB, name: str, round_number: int) -> bool:
    with db.locked() as conn:
        row = conn.execute("SELECT started_wall FROM rounds WHERE division = ? AND round = ?",
                           [name, round_number]).fetchone()
    return bool(row and row[0] is not None)


def swap_rows(db: DirectorDB, name: str, rows: list, round_number: int, a: int, b: int,
              where_words: str = "the proposed round") -> None:
    """Players ``a`` and ``b`` take each other's places in ``rows`` (a round's games, then its
    bye: ``[table, player, player, first]``); who starts each game they are in chosen again."""
    where = {n: i for i, row in enumerate(rows) for n in row[1:3] if n != NO_OPPONENT}
    for n in (a, b):
        if n not in where:
            raise RoundError(f"division {name} round {round_number}: player {n} is not in "
                             f"{where_words}")
    if where[a] == where[b]:
        raise RoundError(f"players {a} and {b} already play each other")
    starts = starts_before(db, name, round_number)
    for i in (where[a], where[b]):
        row = rows[i]
        row[1:3] = [b if n == a else a if n == b else n for n in row[1:3]]
        if row[2] == NO_OPPONENT:
            row[0] = ""
        elif not row[0]:                    # the bye's player now plays: the other's table
            row[0] = rows[where[a] + where[b] - i][0]
        row[3] = who_starts((row[1], row[2]), starts)


def table_rows(db: DirectorDB, name: str, rows: list, round_number: int, player: int,
               table: str, place: venue.Venue, where_words: str = "the proposed round") -> None:
    """The game of ``player`` in ``rows`` moves to ``table`` (one of ``place``'s, checked by
    director.event.venue.check); a game there takes its table."""
    mine = next((row for row in rows if player in row[1:3]), None)
    if mine is None:
        raise RoundError(f"player {player} is not in {where_words}")
    if mine[2] == NO_OPPONENT:
        raise RoundError(f"player {player} has the bye: a bye takes no table")
    venue.check(db, place, name, round_number, table)
    there = next((row for row in rows if row[0] == table), None)
    if there is not None:
        there[0] = mine[0]
    mine[0] = table


def swap(db: DirectorDB, name: str, a: int, b: int, round_number: int | None = None) -> dict:
    """Players ``a`` and ``b`` (numbers) take each other's places in the proposed round (the
    round the director saw proposed, if given); who starts each game they are in is chosen
    again."""
    name = divisions.resolve(db, name)
    return _adjusted(db, name, f"players {a} and {b} swapped",
                     lambda rows, r: swap_rows(db, name, rows, r, a, b), round_number, "swap")


def set_table(db: DirectorDB, name: str, player: int, table: str, event: Event | None = None,
              round_number: int | None = None) -> dict:
    """The game of ``player`` moves to ``table`` (one of ``event``'s tables, checked by
    director.event.venue.check: RoundError saying why not, nothing stored); a game proposed
    there takes its table."""
    name = divisions.resolve(db, name)
    table = str(table).strip()
    place = event.venue if event is not None else venue.Venue()
    return _adjusted(db, name, f"player {player}'s game moved to table {table}",
                     lambda rows, r: table_rows(db, name, rows, r, player, table, place),
                     round_number, "move")


def stale(db: DirectorDB, name: str, stored: dict) -> bool:
    """Whether a proposal no longer pairs who plays its round (a late entry, a withdrawal, a
    return or an absence since it was drawn): it is drawn again, never published."""
    view_players = tournament.players(db, name)
    away = roster.away(view_players, roster.tags_of(db, name), stored["round"])
    return _in(stored) != {p.number for p in view_players if p.number not in away}


def publish(db: DirectorDB, name: str, event: Event | None = None,
            now_wall: float | None = None, round_number: int | None = None) -> int:
    """Store the proposed round as the division's pairings (each table's next assignment), with
    the rounds its withdrawn and absent players miss (director.event.roster.missed); the number
    of games and byes stored. A proposal that no longer pairs who plays is not published: with
    ``event`` it is drawn again now, and the RoundError says so. ``round_number``: the round the
    director saw proposed."""
    name = divisions.resolve(db, name)
    with db.transaction():
        stored = proposal(db, name)
        if not stored or "pairings" not in stored or (
                round_number is not None and stored["round"] != round_number):
            raise RoundError(not_proposed(db, name, round_number, "nothing was published",
                                          "publish"))
        if stored["round"] != next_round_number(db, name):
            raise RoundError(f"division {name}: round {stored['round']} is paired already")
        old = stale(db, name, stored)
        if not old:
            count = _store_round(db, name, stored)
    if old:
        if event is not None:
            refresh_division(db, event, name, now_wall if now_wall is not None else 0.0)
        raise RoundError(f"division {name}: round {stored['round']}'s proposal no longer pairs who "
                         "plays it (a player came or went since it was drawn)"
                         + (": drawn again; check it and publish it" if event is not None else
                            ": draw it again"))
    db.changed("proposal")
    return count


def _store_round(db: DirectorDB, name: str, stored: dict) -> int:
    """The proposal as the round's pairings, and the rounds the withdrawn and absent miss."""
    round_number = stored["round"]
    players = tournament.players(db, name)
    tags = roster.tags_of(db, name)
    away = roster.away(players, tags, round_number)
    store_proposal(db, name, None)
    store_published(db, name, {"round": round_number, "basis": stored["basis"]})
    missed = [Pairing(round_number, "", (n, NO_OPPONENT), None, name) for n in sorted(away)]
    count = store_pairings(db, _proposed(stored, name) + missed, division=name)
    tournament.add_results(db, [roster.missed(round_number, n, away[n]) for n in sorted(away)],
                           division=name)
    for number, own in tags.items():
        absent = roster.absent_in(own)
        if absent is not None and absent[0] <= round_number:
            roster.store_tags(db, name, number, roster.with_tag(own, roster.ABSENT, None))
    return count - len(missed)


def games_shown(db: DirectorDB, name: str, round_number: int, rows,
                why: list | None = None) -> list[dict]:
    """A round's rows as the page shows them: each game's table, players, who starts, the
    starts each had so far and, when ``why`` (in the rows' order) says, why the two meet."""
    names = player_names(db, name)
    starts = starts_before(db, name, round_number)
    why = why or [None] * len(rows)
    return [{"table": table, "numbers": [a, b], "first": first,
             "players": [names.get(a, f"#{a}"), names.get(b, f"#{b}") if b else "bye"],
             "starts": [list(starts.get(a, (0, 0))), list(starts.get(b, (0, 0)))],
             "why": reason}
            for (table, a, b, first), reason in zip(rows, why)]


def state(db: DirectorDB, event: Event, name: str) -> dict:
    """What the page shows of the division's draw: its settings and where they were chosen, the
    next round, the proposal (each game's table, players, who starts, the starts each had so far
    and why the two meet when they cross score groups) and what to tell the director (a draw
    that failed; a result changed after a round was published). Reads what ``refresh`` keeps: no result is counted here."""
    chosen, source = settings(db, event, name)
    tables, given = venue.own(db, event.venue, name)
    shown = {"division": name, "settings": asdict(chosen), "source": source,
             "next_round": next_round_number(db, name), "rounds": 0, "proposal": None, "notes": [],
             "tables": venue.words(tables), "tables_source": given}
    if not drawn_here(chosen, shown["next_round"]):
        return shown
    shown["rounds"] = round_count(chosen, tournament.players(db, name))
    stored = proposal(db, name)
    if stored and "pairings" in stored:
        shown["proposal"] = {"round": stored["round"], "made_wall": stored["made_wall"],
                             "adjusted": stored.get("adjusted", []),
                             "games": games_shown(db, name, stored["round"], stored["pairings"],
                                                  stored.get("why"))}
    elif stored and "error" in stored:
        shown["notes"].append(f"round {stored['round']} could not be drawn: {stored['error']}")
    drawn = published(db, name)
    if drawn and drawn.get("changed"):
        shown["notes"].append(f"round {drawn['round']} was published before a result of an earlier "
                              "round changed: its pairings stand (they are not drawn again)")
    return shown
