"""Players who come and go, as the director says it on the page or the command line: a late
entry, a withdrawal from a round on and a return, a player absent for one round only, and a
no-show's forfeit (a player who never came to any table).

- ``late_entry``: the player is the division's next number (tsh's ADDPLAYER: a new line at the
  end); every round already paired is one they missed, written as tsh writes it (against no
  one, 0: no game, or a forfeit loss: director.event.roster.missed), but a round published
  and not started with a bye, whose bye they play instead (director.event.published.put_in);
- ``withdraw``: from round N on (default: the first round not started), tsh's ``off`` tag with
  what each round they miss is written as; a published round not started that pairs them is
  repaired (their opponent plays the bye, else has it: director.event.published.take_out);
- ``come_back``: the ``off`` tag (or the absence) taken away; a published round not started
  that they miss, with a bye, pairs them with it;
- ``absent``: one round only: a published round not started is repaired as for a withdrawal;
  the next round to draw marks them (director.event.roster.ABSENT) until it is published;
- ``no_show``: in a round under way, a player who never came forfeits: their opponent wins by
  the book's late forfeit spread (``late.forfeit_spread``: ABSP 3.1.4, a win by 75, unrated;
  NZASP 10.2-10.3, +50 and a win for the opponent, -50 and a loss for the player; school 25,
  +50 / -50; ASPA 2.4 gives no amount: 50, the preset's choice), as the director's result of
  the game beside the table's; both named: each a forfeit loss; a bye forfeited: a loss.

Each is one transaction (one writer at a time), then the division's proposal is drawn again
if who plays its round changed (director.event.next_round.refresh_division), and the answer
says everything that was done, in words. A change that cannot be made raises RosterError
(director.event.roster) or RoundError naming the player and the round, and changes nothing.
"""
from __future__ import annotations

from . import counted, divisions, next_round, published, roster, tournament
from .db import DirectorDB
from .draw import ROUND_ROBINS
from .model import NO_OPPONENT, GameResult, Pairing, Player, forfeit, name_key, name_refusal
from .next_round import Event
from .roster import RosterError
from .rounds import add_pairings, add_player


def _player(db: DirectorDB, name: str, who: str | int) -> Player:
    """The division's player named by number or name (case and spacing aside)."""
    text = str(who).strip()
    players = tournament.players(db, name)
    if text.isdigit():
        found = [p for p in players if p.number == int(text)]
    else:
        found = [p for p in players if name_key(p.name) == name_key(text)]
    if len(found) != 1:
        raise RosterError(f"division {name}: {text!r} is none of its players (give their number "
                          "or their name)")
    return found[0]


def _called(player: Player) -> str:
    return f"{player.name} ({player.number})"


def _paired_rounds(db: DirectorDB, name: str) -> list[int]:
    with db.locked() as conn:
        return [r for (r,) in conn.execute("SELECT DISTINCT round FROM pairings WHERE division = ? "
                                           "ORDER BY round", [name])]


def _with_results(db: DirectorDB, event: Event, name: str) -> set[tuple[int, int]]:
    """(round, player) of every result a table sent or the director holds (a bye of a round
    under way aside: it is no result yet of a game that could be forfeited)."""
    view = counted.load(db, event.rules, event.tournament, name)
    held = view.count(sources=("tables", "imported")).results
    return {(r.round, n) for r in held for n in r.players if n != NO_OPPONENT}


def _missed_words(value: int) -> str:
    return "no game" if value == 0 else f"a forfeit loss, {value}"


def rounds_words(rounds: list[int]) -> str:
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    if rounds == list(range(rounds[0], rounds[-1] + 1)):
        return f"rounds {rounds[0]} to {rounds[-1]}"
    return "rounds " + ", ".join(map(str, rounds))


def write_missed(db: DirectorDB, name: str, number: int, rounds: list[int], value: int) -> None:
    """The rounds the player missed, as tsh writes them (a pairing against no one and its
    result): a late entry's before they came. Call inside a transaction."""
    add_pairings(db, [Pairing(r, "", (number, NO_OPPONENT), None, name) for r in rounds],
                 division=name)
    tournament.add_results(db, [roster.missed(r, number, value) for r in rounds], division=name)


def _after(db: DirectorDB, event: Event, name: str, now_wall: float, words: list[str]) -> list[str]:
    """What was done, and what the division's proposal became."""
    db.changed("players")
    return words + next_round.refresh_division(db, event, name, now_wall)


def late_entry(db: DirectorDB, event: Event, division: str | None, player_name: str,
               rating: int = 0, missed: str = "none", now_wall: float = 0.0) -> list[str]:
    """A player entered late (see the module's docstring)."""
    value = roster.missed_value(event.rules, missed)
    player_name = " ".join(str(player_name).split())
    with db.transaction():
        name = divisions.resolve(db, division)
        bad = name_refusal(player_name)
        if bad:
            raise RosterError(f"the name {player_name[:40]!r} is {bad}")
        players = tournament.players(db, name)
        twin = [p for p in players if name_key(p.name) == name_key(player_name)]
        if twin:
            raise RosterError(f"division {name}: {player_name!r} is player {twin[0].number} already")
        rounds = _paired_rounds(db, name)
        chosen, _ = next_round.settings(db, event, name)
        if rounds and chosen.system in ROUND_ROBINS:
            raise RosterError(f"division {name} is a round robin and round {rounds[0]} is paired: a "
                              "late entry would change every round's pairings (enter them before "
                              "round 1 is paired, or choose a Swiss)")
        player = Player(max((p.number for p in players), default=0) + 1, player_name,
                        max(0, int(rating)), name)
        add_player(db, name, player)
        words = [f"division {name}: {_called(player)} entered late"]
        open_round = published.last_published(db, name)
        before = [r for r in rounds if r != open_round]
        if before:
            write_missed(db, name, player.number, before, value)
            words.append(f"{rounds_words(before)} missed ({_missed_words(value)}), as tsh writes them")
        if open_round is not None:
            words.append(published.put_in(db, event, name, open_round, player.number, value))
    return _after(db, event, name, now_wall, words)


def withdraw(db: DirectorDB, event: Event, division: str | None, who: str | int,
             from_round: int | None = None, missed: str = "none",
             now_wall: float = 0.0) -> list[str]:
    """A player withdrawn from a round on (see the module's docstring)."""
    value = roster.missed_value(event.rules, missed)
    with db.transaction():
        name = divisions.resolve(db, division)
        player = _player(db, name, who)
        own = roster.tags_of(db, name).get(player.number, [])
        if roster.off_value(own) is not None:
            raise RosterError(f"division {name}: {_called(player)} is withdrawn already")
        start, changed = _from(db, event, name, player, from_round)
        roster.store_tags(db, name, player.number, roster.with_tag(
            roster.with_tag(own, roster.ABSENT, None), roster.OFF, str(value)))
        words = [f"division {name}: {_called(player)} withdrawn from round {start}: not paired "
                 f"again and not ranked (tsh's off {value}: each round missed is "
                 f"{_missed_words(value)})"]
        for r in changed:
            words.append(published.take_out(db, name, r, player.number, value) or
                         f"round {r}: {_called(player)} misses it")
    return _after(db, event, name, now_wall, words)


def _from(db: DirectorDB, event: Event, name: str, player: Player,
          from_round: int | None) -> tuple[int, list[int]]:
    """The round a withdrawal or absence takes effect in, and the published rounds not started
    it changes; a round under way or played, or one past the next to draw, refused."""
    rounds = _paired_rounds(db, name)
    next_number = next_round.next_round_number(db, name)
    held = _with_results(db, event, name)
    free = [r for r in rounds if not published.started(db, name, r)
            and (r, player.number) not in held]
    start = from_round if from_round is not None else (free[0] if free else next_number)
    if start > next_number:
        raise RosterError(f"division {name}: round {start} is not the next to be paired (round "
                          f"{next_number} is): say it once round {start - 1} is published")
    under_way = [r for r in rounds if r >= start and r not in free]
    if under_way:
        raise RosterError(f"division {name}: round {under_way[0]} has started (or "
                          f"{_called(player)} has its result): a game under way is forfeited "
                          f"or corrected, not withdrawn; say it from round {under_way[-1] + 1}")
    return start, [r for r in rounds if r >= start]


def come_back(db: DirectorDB, event: Event, division: str | None, who: str | int,
              from_round: int | None = None, now_wall: float = 0.0) -> list[str]:
    """A withdrawn or absent player back (see the module's docstring)."""
    with db.transaction():
        name = divisions.resolve(db, division)
        player = _player(db, name, who)
        own = roster.tags_of(db, name).get(player.number, [])
        value = roster.off_value(own)
        absent = roster.absent_in(own)
        rounds = [r for r in _paired_rounds(db, name) if not published.started(db, name, r)
                  and (from_round is None or r >= from_round)]
        missing = [r for r in rounds if player.number in published.rows_of(db, name, r)[1]]
        if value is None and absent is None and not missing:
            raise RosterError(f"division {name}: {_called(player)} plays already (neither "
                              "withdrawn nor absent)")
        roster.store_tags(db, name, player.number,
                          roster.with_tag(roster.with_tag(own, roster.OFF, None), roster.ABSENT, None))
        start = from_round or (missing[0] if missing else next_round.next_round_number(db, name))
        words = [f"division {name}: {_called(player)} back from round {start}: paired and ranked "
                 "again"]
        for r in missing:
            words.append(published.put_in(db, event, name, r, player.number,
                                          published.rows_of(db, name, r)[1][player.number]))
    return _after(db, event, name, now_wall, words)


def absent(db: DirectorDB, event: Event, division: str | None, who: str | int,
           round_number: int | None = None, missed: str = "none",
           now_wall: float = 0.0) -> list[str]:
    """A player absent for one round only (see the module's docstring)."""
    value = roster.missed_value(event.rules, missed)
    with db.transaction():
        name = divisions.resolve(db, division)
        player = _player(db, name, who)
        own = roster.tags_of(db, name).get(player.number, [])
        if roster.off_value(own) is not None:
            raise RosterError(f"division {name}: {_called(player)} is withdrawn: they miss every "
                              "round already")
        start, changed = _from(db, event, name, player, round_number)
        words = [f"division {name}: {_called(player)} absent from round {start} only "
                 f"({_missed_words(value)}); paired again from round {start + 1}"]
        if start in changed:
            words.append(published.take_out(db, name, start, player.number, value)
                         or f"round {start}: {_called(player)} misses it")
        else:
            chosen, _ = next_round.settings(db, event, name)
            if not next_round.drawn_here(chosen, start):
                raise RosterError(f"division {name}: round {start} is paired in tsh, not here: "
                                  "leave the player out there (tsh's off, then unoff)")
            roster.store_tags(db, name, player.number,
                              roster.with_tag(own, roster.ABSENT, f"{start} {value}"))
    return _after(db, event, name, now_wall, words)


def no_show(db: DirectorDB, event: Event, division: str | None, round_number: int,
            who: list[str | int], now_wall: float = 0.0) -> list[str]:
    """A no-show's forfeit entered by the director (see the module's docstring)."""
    spread = event.rules.late.forfeit_spread
    with db.transaction():
        name = divisions.resolve(db, division)
        if not 1 <= len(who) <= 2:
            raise RosterError("name the player who did not come (or both of a game's)")
        absent_ones = [_player(db, name, w) for w in who]
        if not published.started(db, name, round_number):
            raise RosterError(f"division {name}: round {round_number} has not started: a player "
                              "who will not come is absent (their opponent is paired again)")
        paired = {n: p for p in tournament.pairings(db, name) if p.round == round_number
                  for n in p.players if n != NO_OPPONENT}
        held = _with_results(db, event, name)
        for p in absent_ones:
            if p.number not in paired:
                raise RosterError(f"division {name}: {_called(p)} is not paired in round {round_number}")
            if (round_number, p.number) in held:
                raise RosterError(f"division {name} round {round_number}: {_called(p)}'s game has "
                                  "its result: correct it instead (python -m director correct "
                                  f"--round {round_number} --forfeit {p.number})")
        names = {p.number: _called(p) for p in tournament.players(db, name)}
        results, words = _forfeits(name, round_number, absent_ones, paired, spread, event, names)
        tournament.add_results(db, results, division=name)
    return _after(db, event, name, now_wall, words)


def take_back_no_show(db: DirectorDB, event: Event, division: str | None, round_number: int,
                      who: str | int, now_wall: float = 0.0) -> list[str]:
    """A no-show's forfeit entered by mistake (the player came after all, or the wrong one was
    named) taken away: the game is as the table sends it again."""
    with db.transaction():
        name = divisions.resolve(db, division)
        player = _player(db, name, who)
        chosen, _ = next_round.settings(db, event, name)
        if not next_round.drawn_here(chosen, round_number):
            raise RosterError(f"division {name}: round {round_number}'s results come from tsh's "
                              "file: put it right there, and import the .t again")
        gone = tournament.remove_forfeits(db, name, round_number, player.number)
        if not gone:
            raise RosterError(f"division {name} round {round_number}: no forfeit of "
                              f"{_called(player)} was entered")
    return _after(db, event, name, now_wall, [
        f"division {name} round {round_number}: {_called(player)}'s forfeit taken back: their "
        "game counts as its table sends it"])


def _forfeits(name: str, round_number: int, absent_ones: list[Player], paired: dict,
              spread: int, event: Event, called: dict[int, str]) -> tuple[list[GameResult], list[str]]:
    numbers = {p.number for p in absent_ones}
    results, words = [], []
    book = f"{event.rules.title or event.rules.name}'s late forfeit spread, {spread}"
    for p in absent_ones:
        pairing = paired[p.number]
        other = next((n for n in pairing.players if n not in (p.number, NO_OPPONENT)), None)
        where = f"division {name} round {round_number}" + (f" table {pairing.table}" if pairing.table else "")
        if other is None or other in numbers:
            results.append(GameResult(round_number, pairing.table if other else "",
                                      (p.number, NO_OPPONENT), (0, spread), None, "forfeit", winner=1))
            words.append(f"{where}: {called[p.number]} did not come: a forfeit loss, -{spread} "
                         f"({book}; not rated)")
        else:
            results.append(forfeit(round_number, pairing.table, other, p.number, spread))
            words.append(f"{where}: {called[p.number]} did not come: {called[other]} wins by "
                         f"forfeit, +{spread} ({book}; not rated)")
    return results, words


def shown(db: DirectorDB, name: str) -> dict:
    """Who of the division does not play, for the page: the withdrawn (and what each round they
    miss is written as) and those absent for one round."""
    tags = roster.tags_of(db, name)
    withdrawn, away = [], []
    for player in tournament.players(db, name):
        own = tags.get(player.number, ())
        value = roster.off_value(own)
        absent = roster.absent_in(own)
        if value is not None:
            withdrawn.append({"number": player.number, "name": player.name,
                              "missed": _missed_words(value)})
        elif absent is not None:
            away.append({"number": player.number, "name": player.name, "round": absent[0],
                         "missed": _missed_words(absent[1])})
    return {"withdrawn": withdrawn, "absent": away}
