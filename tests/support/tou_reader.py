"""A .TOU file read as the format describes it (../shared/formats/README.md, AUPAIR's layout), this
suite's own reader, made apart from the director's: Windows-1252 bytes, CRLF line ends; ``*M``
and the date ``dd.mm.yyyy`` then the event's name; a ``*`` line per division, then its
high-word line (38 spaces and 0); a line per player: the name in 20 columns, then a 9-character
block per round: a space, the result digit (``2`` win, ``1`` tie, space loss), the score in 3,
a space, then in the last 3 the opponent's line right-aligned with ``+`` before it if the
player went first (`` 2402  +2``, `` 1425  12``); ``*** END OF FILE ***``."""
from __future__ import annotations

import datetime as dt


def read_tou(data: bytes) -> dict:
    """{"date", "event", "divisions": {name: [(name, [(result, score, first, opponent)...])]},
    "after": what follows the END line}; an AssertionError where the file is not so."""
    text = data.decode("cp1252")
    lines = text.split("\r\n")
    assert "\n" not in text.replace("\r\n", ""), "line ends other than CRLF"
    assert lines[0].startswith("*M"), lines[0]
    out = {"date": dt.datetime.strptime(lines[0][2:12], "%d.%m.%Y").date(), "event": lines[0][13:],
           "divisions": {}}
    end = lines.index("*** END OF FILE ***")
    out["after"] = "\r\n".join(lines[end + 1:])
    division = None
    for line in lines[1:end]:
        if line.startswith("*"):
            division = out["divisions"].setdefault(line[1:], [])
        elif line == " " * 38 + "0":
            continue
        else:
            blocks = [line[i:i + 9] for i in range(20, len(line), 9)]
            assert all(len(b) == 9 and b[0] == " " and b[5] == " " for b in blocks), line
            division.append((line[:20].rstrip(), [(b[1], int(b[2:5]), b[6:].strip()[0] == "+",
                                                   int(b[6:].strip().lstrip("+"))) for b in blocks]))
    return out
