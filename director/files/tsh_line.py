"""One ``.t`` line as tsh writes and reads it (tsh's TFile.pm), the parts director.files.tsh fills:

    sprintf("%-22s %5s %s; %s", name, rating, opponents, scores), then "; tag words" per tag

so the name takes at least 22 columns and the rating is right-aligned in 5 (a name of 23 or
more characters pushes its own line's rating right, and no other line's), one space before the
opponents, ``; `` before the scores, each tag sorted by name: ``Smylie, Jackson         2009 21
17; 572 395; board 1 1; p12 2 2``. A player with no games yet is ``Lee, Ann                1575 ;
; class A`` (tsh's spaces either side of the empty opponents and scores). Older tsh wrote the
rating in 4 columns (``%-22s %4s``), Woogles' exporter one space after the name: the layout of a
file read is kept (``layout_of``) and written back (``head``), as an int the database keeps:

- ``None``: tsh's ``%-22s %5s``, the layout of every file we make (28 below, read from a file);
- ``0``: one space between the name and the rating (Woogles);
- 24 and more: the column where a rating ends on a line whose name fits 22 columns, the rating
  right-aligned in that less 23 (28: tsh's ``%5s``, 27: older tsh's ``%4s``);
- 1 to 23, or minus the column: every rating ends at that column (a file of other widths read
  before; a longer name gets one space).

A file of lines of several layouts (a line edited by hand) is written in the layout most of its
lines have, as tsh itself writes the whole file when it next saves it.

tsh reads the name as the text up to the first rating followed by opponent numbers only (``^(.+?
\\S)\\s+(\\d+(?:[.+]\\d+)*)\\s*([\\d\\s]*);``), so a name that ends in a word of digits (``Player 7``)
would be read otherwise: ``misread`` says so where a name is entered. A tag's words may hold an
escaped ``\\;`` (tsh writes ``\\;`` and ``\\\\``): ``tag_groups`` splits at the other ``;``. Pure.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Sequence

NAME_WIDTH = 22          # tsh's %-22s
RATING_WIDTH = 5         # tsh's %5s (older tsh: 4)
HEAD = re.compile(r"^(?P<name>.*?\S)\s+(?P<rating>\d+(?:[.+]\d+)*)(?P<opponents>(?:\s+\d+)*)\s*$")
_TSH = NAME_WIDTH + 1    # the rating of a layout of 24 and more ends this many columns after its width


def head(name: str, rating: str, layout: int | None) -> str:
    """The name and the rating as the layout lays them out (see the module's docstring)."""
    if layout is None:
        return f"{name:<{NAME_WIDTH}} {rating:>{RATING_WIDTH}}"
    if layout > _TSH:
        return f"{name:<{NAME_WIDTH}} {rating:>{layout - _TSH}}"
    if layout == 0:
        return f"{name} {rating}"
    end = abs(layout)
    return name + " " * max(1, end - len(name) - len(rating)) + rating


def line(head_text: str, opponents: Sequence[int], scores: Sequence[int],
         tags: Sequence[tuple[str, str]]) -> str:
    """The whole line, as tsh's FormatLine writes it (``tags``: (tag, words) in order)."""
    out = f"{head_text} {' '.join(map(str, opponents))}; {' '.join(map(str, scores))}"
    return out + "".join(f"; {tag} {words}" if words else f"; {tag}" for tag, words in tags)


def layout_of(heads: Sequence[tuple[str, str, str]]) -> int | None:
    """The layout of a file's lines, each given as (name, rating as written, the line up to the
    rating's end): the first of tsh's, older tsh's and Woogles' that writes every line so, else
    the one column where every rating ends, else the layout most lines have (tsh's first)."""
    candidates = [_TSH + RATING_WIDTH, _TSH + 4, 0]
    fits = Counter()
    for layout in candidates:
        fits[layout] = sum(head(name, rating, layout) == text for name, rating, text in heads)
        if fits[layout] == len(heads):
            return layout
    ends = {len(text) for _, _, text in heads}
    if len(ends) == 1:
        end = ends.pop()
        fitting = all(len(name) <= NAME_WIDTH and len(rating) <= end - _TSH for name, rating, _ in heads)
        return end if end > _TSH and fitting else -end
    return max(candidates, key=lambda layout: fits[layout])      # ties: the first, tsh's


def tag_groups(text: str) -> list[str]:
    """The ``; tag words`` groups after a line's scores (``text`` from the ``;`` that opens the
    first), split at each ``;`` that no backslash escapes, each group as written."""
    groups, current, escaped = [], [], False
    for char in text:
        if char == ";" and not escaped:
            groups.append("".join(current))
            current = []
        else:
            current.append(char)
        escaped = char == "\\" and not escaped
    groups.append("".join(current))
    return groups[1:]


def misread(name: str) -> str | None:
    """Why tsh would not read a .t line's name as ``name`` ("the name ..."), or None."""
    if ";" in name or name.lstrip().startswith("#"):
        return (f"the name {name!r} cannot be read back from a tsh .t line (a ';' ends tsh's name, "
                "a leading '#' makes the line a comment): write it without them")
    read = HEAD.match(f"{name} 1500")
    if read is None or read.group("name") != name.strip():
        got = read.group("name") if read else ""
        return (f"the name {name!r} ends in a word of digits, so tsh would read it as {got!r} and "
                "the digits as the rating: add a word after the number, or write the number in "
                "words ('Player 7' as 'Player Seven' or 'Player 7A')")
    return None
