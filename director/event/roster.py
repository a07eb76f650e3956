"""Who plays a division's round: the players who come and go, as their .t lines keep it.

tsh keeps a withdrawn player on their line with the ``off`` tag, whose value is what each round
they miss is written as: ``off 0``, no game (opponent 0, score 0), or ``off -50``, a forfeit
loss (``naspa-2023-division-a.t``'s Keras, Lydia: off after round 19, rounds 20 to 23 written
``0`` against ``-50``); tsh's UNOFF takes it away. The same here: ``off VALUE`` on the player's
tags (director.event.model.Player.withdrawn), written back in the .t file as it is.

A player absent for one round only is not withdrawn (they stay ranked): the tag `` absent``
(``ROUND VALUE``) marks them until that round is published. Its name begins with a space, which
no tsh tag has (a .t line's tags are split on spaces): it is the director's own, kept beside the
line and never written to a .t file (director.files.tsh).

A round a player misses is written as tsh writes it (``missed``): a pairing against no one, its
result against no one with the value as spread: 0 is no game at all (neither a win nor a loss:
director.event.model.GameResult.no_game), ``-S`` a forfeit loss by ``S``, the book's late forfeit
spread (``late.forfeit_spread``: ABSP 3.1.4's 75, NZASP 10.3's and the school book's 50, ASPA's
50, our choice). ``playing`` is who the draw pairs in a round (director.event.next_round).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from typing import Iterable, Mapping, Sequence

from common.game.rules import Rules

from .db import DirectorDB
from .model import GameResult, ModelError, Pairing, Player, bye

MISSED = ("none", "forfeit")        # a missed round: no game, or a forfeit loss
OFF = "off"                         # tsh's tag of a withdrawn player
ABSENT = " absent"                  # the director's own: absent for ROUND only, missed as VALUE
Tags = Mapping[int, Sequence[tuple]]


class RosterError(ModelError):
    """A change of who plays that cannot be made: says which player and why."""


def missed_value(rules: Rules, missed: str) -> int:
    """The spread a missed round is written with: 0 (``none``: no game) or minus the book's late
    forfeit spread (``forfeit``: a forfeit loss, ABSP 3.1.4, NZASP 10.3, school 25)."""
    if missed not in MISSED:
        raise RosterError(f"missed: {' or '.join(MISSED)} (no game, or a forfeit loss); got {missed!r}")
    return 0 if missed == "none" else -rules.late.forfeit_spread


def missed(round_number: int, number: int, value: int) -> GameResult:
    """A round the player misses, as tsh writes it: against no one, ``value`` the spread."""
    return bye(round_number, number, value)


def _value(text: str) -> int:
    try:
        return int(str(text).split()[0])
    except (ValueError, IndexError):
        return 0


def off_value(tags: Sequence[tuple]) -> int | None:
    """The value of a withdrawn player's ``off`` tag (what their missed rounds are written as),
    None for a player not withdrawn."""
    found = [values for tag, *values in tags if tag == OFF]
    return _value(" ".join(found[0])) if found else None


def absent_in(tags: Sequence[tuple]) -> tuple[int, int] | None:
    """(round, value) of a player absent for one round only, or None."""
    found = [" ".join(values).split() for tag, *values in tags if tag == ABSENT]
    if not found or not found[0]:
        return None
    words = found[0]
    return _value(words[0]), _value(words[1]) if len(words) > 1 else 0


def away(players: Iterable[Player], tags: Tags, round_number: int) -> dict[int, int]:
    """The players who do not play ``round_number``, each with the value their round is written
    with: the withdrawn (their ``off`` value) and those absent for that round."""
    out = {}
    for player in players:
        own = tags.get(player.number, ())
        off = off_value(own)
        absent = absent_in(own)
        if off is not None:
            out[player.number] = off
        elif absent is not None and absent[0] == round_number:
            out[player.number] = absent[1]
    return out


def playing(players: Sequence[Player], tags: Tags, round_number: int) -> list[Player]:
    """The division's players as the draw takes them for ``round_number``: those who do not
    play it marked withdrawn (the draw pairs no withdrawn player)."""
    out = away(players, tags, round_number)
    return [replace(p, withdrawn=True) if p.number in out else p for p in players]


def digest(players: Sequence[Player], tags: Tags, round_number: int) -> str:
    """Who plays ``round_number`` and their ratings, as a short digest: what a proposal was
    drawn from besides the results (director.event.next_round)."""
    out = away(players, tags, round_number)
    rows = sorted((p.number, p.rating) for p in players if p.number not in out)
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()[:16]


def came_and_went(players: Sequence[Player], tags: Tags, pairings: Iterable[Pairing],
                  round_number: int, paired: set[int]) -> list[str]:
    """Who plays ``round_number`` now that ``paired`` (a proposal's players) leaves out, and who
    of ``paired`` does not play it, in words: "Dan Wu (9) entered late", "Eve Ng (5) is back",
    "Cat Cole (3) withdrawn", "Bob Baker (2) absent from round 4"."""
    by_number = {p.number: p for p in players}
    out = away(players, tags, round_number)
    now = {n for n in by_number if n not in out}
    played = {n for p in pairings if p.round < round_number and 0 not in p.players
              for n in p.players}
    words = [f"{by_number[n].name} ({n}) " + ("is back" if n in played else "entered late")
             for n in sorted(now - paired)]
    for n in sorted(paired - now):
        if n not in by_number:
            words.append(f"player {n} is no longer in the division")
        elif off_value(tags.get(n, ())) is not None:
            words.append(f"{by_number[n].name} ({n}) withdrawn")
        else:
            words.append(f"{by_number[n].name} ({n}) absent from round {round_number}")
    return words


def with_tag(tags: Sequence[tuple], tag: str, values: str | None) -> list[list[str]]:
    """``tags`` with ``tag`` set to ``values`` (in its place, else last), or taken away (None)."""
    out, done = [], False
    for name, *rest in tags:
        if name != tag:
            out.append([name, " ".join(rest)])
        elif values is not None and not done:
            out.append([tag, values])
            done = True
    if values is not None and not done:
        out.append([tag, values])
    return out


def tags_of(db: DirectorDB, division: str) -> dict[int, list[tuple]]:
    """Each player's tags as the ``players`` table keeps them ({number: [(tag, values)]})."""
    with db.locked() as conn:
        rows = conn.execute("SELECT number, tsh_tags FROM players WHERE division = ?",
                            [division]).fetchall()
    return {number: [tuple(t) for t in json.loads(tags)] for number, tags in rows if tags}


def store_tags(db: DirectorDB, division: str, number: int, tags: Sequence[Sequence[str]]) -> None:
    """Keep the player's tags (in a transaction of the caller's, or one of its own)."""
    with db.transaction() as conn:
        conn.execute("UPDATE players SET tsh_tags = ? WHERE division = ? AND number = ?",
                     [json.dumps([list(t) for t in tags]) if tags else None, division, number])
