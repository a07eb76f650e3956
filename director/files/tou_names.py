"""Each player's name as a ``.TOU`` file's name column holds it: given name first (tsh's
``Smylie, Jackson`` is ``Jackson Smylie``), in Windows-1252 (director.files.code_page: ``Łukasz
Żak`` is ``Lukasz Zak``, ``Seán`` stays ``Seán``), in 20 columns. The name as typed stays
everywhere else.

The rating programs know a player by the name column alone, across the whole file (the
cocoscrabble ratings program keeps one player per name for every section), so two players whose
columns come out the same are told apart, or refused: where a long name was cut to 20 columns
(``Christopher Montgomery-Smith`` and ``Christopher Montgomery-Smythe`` are both ``Christopher
Montgomery``), each such name is written with its given names as initials (``C Montgomery-Smith``,
``C Montgomery-Smythe``); where the names themselves are the same in the column's form (two
``John Smith``, or ``Łukasz Nowak`` and ``Lukasz Nowak``), the export is refused naming both and
what to do. Names an imported ``.TOU`` wrote so are written back as it wrote them. Pure.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from director.event.model import Player, not_one_line
from .code_page import cp1252_form
from .tou_read import NAME_WIDTH, TouError


def tou_name(name: str) -> str:
    """A name as the rating programs keep it, given name first: ``Smylie, Jackson`` -> ``Jackson
    Smylie`` (tsh's surname-first order turned round); any other name as it is."""
    family, comma, given = name.partition(",")
    return f"{given.strip()} {family.strip()}" if comma and given.strip() and "," not in given else name


def tou_text(text: str, *, where: str) -> str:
    """A name (a player's, the event's, a division's) as a .TOU file writes it, in Windows-1252
    (director.files.code_page); a TouError if it is not one line or nothing of it can be written."""
    if not_one_line(text):
        raise TouError(f"{where}: {text!r} is not one line of text ({not_one_line(text)})")
    form = cp1252_form(text)
    if text.strip() and not form.strip():
        raise TouError(f"{where}: {text!r} has no form in Windows-1252, the .TOU file's code page: "
                       "give it a name in letters of any alphabet")
    return form


Entry = tuple[str, Player, bool]        # (division, player, its name as an imported file wrote it)


def name_columns(entries: Iterable[Entry]) -> dict[tuple[str, int], str]:
    """Every player's name column ((division, number) -> the column's text, not padded), two that
    come out the same told apart or refused (see the module's docstring)."""
    full: dict[tuple[str, int], str] = {}
    named: dict[tuple[str, int], tuple[Player, bool]] = {}
    for division, player, as_written in entries:
        key = (division, player.number)
        full[key] = tou_text(tou_name(player.name), where=f"division {division}, player {player.number}")
        named[key] = (player, as_written)
    columns = {key: form[:NAME_WIDTH].rstrip() for key, form in full.items()}
    for group in _alike(columns):
        if all(named[key][1] for key in group):
            continue                                  # an imported file wrote them so: as it was
        _refuse_the_same(group, full, named)
        for key in group:
            if len(full[key]) > NAME_WIDTH:
                columns[key] = initials(full[key])[:NAME_WIDTH].rstrip()
        for still in _alike({key: columns[key] for key in group}):
            a, b = still[:2]
            raise TouError(_told(a, b, named, columns[a]) + ", even with the given names as "
                           "initials: " + _WHAT_TO_DO)
    return columns


def initials(name: str) -> str:
    """A name with every word but the last as its initial: ``Christopher James Montgomery-Smith``
    -> ``C J Montgomery-Smith``."""
    words = name.split()
    return " ".join([w[0] for w in words[:-1]] + words[-1:])


_WHAT_TO_DO = ("the rating programs would take them for one player. Rename one as the ratings "
               "list knows them (a middle initial, 'Jr', a second given name), then download again")


def _key(text: str) -> str:
    return " ".join(text.split()).casefold()


def _alike(columns: dict[tuple[str, int], str]) -> list[list[tuple[str, int]]]:
    """The groups of players whose columns are the same (case and spacing aside)."""
    groups: dict[str, list[tuple[str, int]]] = {}
    for key, text in columns.items():
        groups.setdefault(_key(text), []).append(key)
    return [group for group in groups.values() if len(group) > 1]


def _refuse_the_same(group: Sequence[tuple[str, int]], full: dict, named: dict) -> None:
    seen: dict[str, tuple[str, int]] = {}
    for key in group:
        other = seen.setdefault(_key(full[key]), key)
        if other != key:
            raise TouError(_told(other, key, named, full[key]) + ": " + _WHAT_TO_DO)


def _told(a: tuple[str, int], b: tuple[str, int], named: dict, column: str) -> str:
    def who(key):
        return f"division {key[0]} player {key[1]} ({named[key][0].name!r})"
    return f"{who(a)} and {who(b)} are both {column!r} in the .TOU's name column"
