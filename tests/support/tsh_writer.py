"""tsh's own .t line, as tsh writes it (its TFile.pm, FormatLine), this suite's copy, made apart
from the director's writer so that a test can hold the director to what tsh writes:

    sprintf("%-22s %5s %s; %s", name, rating, join(' ', pairings), join(' ', scores))

then, per tag sorted by name with words, ``join(' ', ';', tag, words)``. Older tsh wrote the
rating ``%4s``; Woogles' exporter one space after the name (``name_format="%s"``)."""
from __future__ import annotations


def format_line(name: str, rating: str, pairings, scores, etc=(), *, name_format: str = "%-22s",
                rating_format: str = "%5s") -> str:
    """One player's line (``etc``: (tag, words as written) pairs), with its line end."""
    line = f"{name_format} {rating_format} %s; %s" % (name, rating, " ".join(map(str, pairings)),
                                                    " ".join(map(str, scores)))
    return line + "".join(" ".join([";", tag, *words.split()]) for tag, words in sorted(etc) if words) + "\n"


def tsh_file(players, **formats) -> str:
    """A .t file of players given as format_line's arguments."""
    return "".join(format_line(*p, **formats) for p in players)
