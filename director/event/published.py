"""A published round not yet started: taken back from the tables, or one game repaired; and a
player taken out of it or put in it (a withdrawal, an absence, a late entry, a return:
director.event.entries).

A round can be changed while it has not started (*Start round*) and none of its games has a
result. Its rows are its games and its bye as a proposal holds them (``[table, player, player,
first]``, director.event.proposals), beside the rounds its withdrawn and absent players miss
(a pairing against no one with its result against no one: director.event.roster.missed).

- ``take_back``: the division's last round, as its draw published it, goes back to being the
  proposal it was (its games as published, the director's adjustments kept): no table plays it
  until it is published again (the tables show their last round's game meanwhile);
- ``swap`` and ``set_table``: one game repaired in the published round (who starts chosen again
  as the draw chooses it); each table whose game changed has its new assignment;
- ``take_out``: a player's game dissolved: their opponent plays the round's bye if it has one
  (at the table of the game), else has the bye; the player misses the round;
- ``put_in``: a player who misses the round plays its bye, if it has one, at a free table.

Each is done in one transaction, and says what it did, in words.
"""
from __future__ import annotations

from . import counted, next_round, roster, tournament, venue
from .db import DirectorDB
from .model import NO_OPPONENT, Pairing
from .next_round import Event, RoundError
from .proposals import proposal, published, store_proposal
from .rounds import player_names, remove_round, store_pairings


def started(db: DirectorDB, name: str, round_number: int) -> bool:
    return next_round.round_started(db, name, round_number)


def changeable(db: DirectorDB, name: str, round_number: int) -> str | None:
    """Why the division's paired round cannot be changed (it has started, a game has its
    result), or None."""
    if started(db, name, round_number):
        return f"division {name}: round {round_number} has started"
    with db.locked() as conn:
        results = conn.execute(
            "SELECT (SELECT COUNT(*) FROM results WHERE division = ? AND round = ?) + "
            "(SELECT COUNT(*) FROM imported_results WHERE division = ? AND round = ? AND "
            "player1 != 0)", [name, round_number, name, round_number]).fetchone()[0]
    if results:
        return f"division {name}: round {round_number} has results"
    return None


def rows_of(db: DirectorDB, name: str, round_number: int) -> tuple[list[list], dict[int, int]]:
    """The round's games and bye as rows, and the players who miss it (their value)."""
    with db.locked() as conn:
        missed = {a: s0 - s1 for a, s0, s1 in conn.execute(
            "SELECT player0, score0, score1 FROM imported_results WHERE division = ? AND "
            "round = ? AND player1 = 0", [name, round_number])}
        paired = conn.execute("SELECT table_name, player0, IFNULL(player1, 0), first FROM pairings "
                              "WHERE division = ? AND round = ? ORDER BY id",
                              [name, round_number]).fetchall()
    games = [[table or "", a, b, first] for table, a, b, first in paired if b != NO_OPPONENT]
    byes = [["", a, NO_OPPONENT, None] for _, a, b, _ in paired
            if b == NO_OPPONENT and a not in missed]
    return games + byes, missed


def _store(db: DirectorDB, name: str, round_number: int, rows: list[list],
           missed: dict[int, int], before: dict[int, int]) -> None:
    """The round's rows and missed rounds stored in place of what it had."""
    rows = [r for r in rows if r[2] != NO_OPPONENT] + [r for r in rows if r[2] == NO_OPPONENT]
    pairings = [Pairing(round_number, table or "", (a, b), first, name) for table, a, b, first in rows]
    pairings += [Pairing(round_number, "", (n, NO_OPPONENT), None, name) for n in sorted(missed)]
    store_pairings(db, pairings, division=name)
    tournament.remove_results(db, name, round_number, [n for n in before if n not in missed])
    tournament.add_results(db, [roster.missed(round_number, n, v) for n, v in sorted(missed.items())
                                if n not in before], division=name)


def last_published(db: DirectorDB, name: str) -> int | None:
    """The division's last round if its draw published it and it can still be changed."""
    last = next_round.next_round_number(db, name) - 1
    drawn = published(db, name)
    if last < 1 or not drawn or drawn["round"] != last or changeable(db, name, last):
        return None
    return last


def _open(db: DirectorDB, name: str, round_number: int) -> None:
    last = next_round.next_round_number(db, name) - 1
    if round_number > last:
        raise RoundError(f"division {name}: round {round_number} is not published")
    why = changeable(db, name, round_number)
    if why:
        raise RoundError(f"{why}: its pairings stand (correct a game's result instead)")


def take_back(db: DirectorDB, event: Event, name: str, round_number: int, now_wall: float) -> str:
    """The division's last round, published by its draw and not started, is its proposal again."""
    with db.transaction():
        _open(db, name, round_number)
        if last_published(db, name) != round_number:
            raise RoundError(f"division {name}: round {round_number} is not the last round its draw "
                             "published: only that one can be taken back")
        later = proposal(db, name)
        if later:
            store_proposal(db, name, None)          # a later round drawn already: drawn again
        rows, missed = rows_of(db, name, round_number)
        tags = roster.tags_of(db, name)
        for n, value in missed.items():
            own = tags.get(n, ())
            if roster.off_value(own) is None:       # absent for this round: marked so again
                roster.store_tags(db, name, n, roster.with_tag(own, roster.ABSENT,
                                                               f"{round_number} {value}"))
        remove_round(db, name, round_number)
        tournament.remove_results(db, name, round_number, list(missed))
        view = counted.load(db, event.rules, event.tournament, name)
        store_proposal(db, name, {
            "round": round_number, "made_wall": now_wall,
            "basis": next_round.basis(view, round_number), "pairings": rows,
            "adjusted": ["taken back from the tables after it was published"]})
    db.changed("proposal")
    return (f"division {name}: round {round_number} taken back from the tables: it is the "
            f"proposal again ({len(rows)} games and byes as published); the tables show their "
            "last round's game until it is published again"
            + (f" (round {later['round']}'s proposal dropped)" if later else ""))


def _changed_tables(before: list[list], after: list[list]) -> list[str]:
    old = {tuple(r) for r in before}
    return sorted({r[0] for r in after if tuple(r) not in old and r[0]},
                  key=lambda t: (len(t), t))


def swap(db: DirectorDB, name: str, a: int, b: int, round_number: int) -> str:
    """Players ``a`` and ``b`` swapped in the published round (not started)."""
    with db.transaction():
        _open(db, name, round_number)
        rows, missed = rows_of(db, name, round_number)
        before = [list(r) for r in rows]
        next_round.swap_rows(db, name, rows, round_number, a, b, "the published round")
        _store(db, name, round_number, rows, missed, missed)
    tables = _changed_tables(before, rows)
    return (f"division {name}: players {a} and {b} swapped in round {round_number} as published"
            + (f": table{'s' if len(tables) > 1 else ''} {' and '.join(tables)} "
               "have their new games" if tables else ""))


def set_table(db: DirectorDB, name: str, player: int, table: str, round_number: int,
              event: Event | None = None) -> str:
    """The game of ``player`` moved to ``table`` (one of ``event``'s tables) in the published
    round (not started)."""
    table = str(table).strip()
    place = event.venue if event is not None else venue.Venue()
    with db.transaction():
        _open(db, name, round_number)
        rows, missed = rows_of(db, name, round_number)
        next_round.table_rows(db, name, rows, round_number, player, table, place,
                              "the published round")
        _store(db, name, round_number, rows, missed, missed)
    return f"division {name}: player {player}'s game at table {table} in round {round_number} as published"


def take_out(db: DirectorDB, name: str, round_number: int, player: int, value: int) -> str:
    """``player`` misses the round (not started): their opponent plays the bye or has it. Call
    inside a transaction; what was done, in words."""
    rows, missed = rows_of(db, name, round_number)
    before = dict(missed)
    names = player_names(db, name)
    called = lambda n: f"{names.get(n, n)} ({n})"          # noqa: E731
    mine = next((r for r in rows if player in r[1:3]), None)
    words = ""
    if mine is not None and mine[2] == NO_OPPONENT:
        rows.remove(mine)
        words = f"the bye of round {round_number} is no one's now"
    elif mine is not None:
        other = mine[2] if mine[1] == player else mine[1]
        byes = [r for r in rows if r[2] == NO_OPPONENT]
        if byes:
            rows.remove(byes[0])
            mine[1:3] = [other, byes[0][1]]
            mine[3] = next_round.who_starts((other, byes[0][1]),
                                             next_round.starts_before(db, name, round_number))
            words = (f"{called(other)} plays {called(byes[0][1])}, who had the bye, at table "
                     f"{mine[0]} in round {round_number}")
        else:
            rows.remove(mine)
            rows.append(["", other, NO_OPPONENT, None])
            words = (f"{called(other)} has the bye in round {round_number} (table {mine[0]} is "
                     "free)")
    missed[player] = value
    _store(db, name, round_number, rows, missed, before)
    return words


def put_in(db: DirectorDB, event: Event, name: str, round_number: int, player: int,
           value: int) -> str:
    """``player`` plays the round's bye (not started) if it has one, at a free table; else they
    miss the round (``value``). Call inside a transaction; what was done, in words."""
    rows, missed = rows_of(db, name, round_number)
    before = dict(missed)
    names = player_names(db, name)
    byes = [r for r in rows if r[2] == NO_OPPONENT]
    if not byes:
        missed[player] = missed.get(player, value)
        _store(db, name, round_number, rows, missed, before)
        return (f"round {round_number} is published and has no bye to pair {names.get(player)} "
                f"with: they miss it (take round {round_number} back to draw it again with them)")
    bye = byes[0][1]
    used = {r[0] for r in rows if r[0]}
    table = _free_table(db, event, name, round_number, used)
    rows.remove(byes[0])
    game = [table, bye, player, None]
    game[3] = next_round.who_starts((bye, player), next_round.starts_before(db, name, round_number))
    rows.insert(len([r for r in rows if r[2] != NO_OPPONENT]), game)
    missed.pop(player, None)
    _store(db, name, round_number, rows, missed, before)
    return (f"{names.get(player)} ({player}) plays {names.get(bye)} ({bye}), who had the bye, at "
            f"table {table} in round {round_number}")


def _free_table(db: DirectorDB, event: Event, name: str, round_number: int, used: set) -> str:
    for count in range(len(used) + 1, len(used) + 100):
        for table in next_round.tables_for(db, event, name, round_number, count):
            if table not in used:
                return table
    raise RoundError(f"division {name} round {round_number}: no free table")


def shown(db: DirectorDB, name: str) -> dict | None:
    """What the page shows of the division's last round published by its draw while it can be
    changed: its round, its games (as a proposal's are shown) and who misses it."""
    round_number = last_published(db, name)
    if round_number is None:
        return None
    rows, missed = rows_of(db, name, round_number)
    names = player_names(db, name)
    return {"round": round_number, "games": next_round.games_shown(db, name, round_number, rows),
            "missed": [f"{names.get(n, n)} ({n})" for n in sorted(missed)]}
