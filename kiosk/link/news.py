"""What the director's link has to say to the table, as plain values: ``DirectorNews``, the
snapshot the link (kiosk.link.table_link.TableLink) makes on each pass and the table reads
(kiosk.table.Table.hear), and ``StationVerdict``, the judge station's verdict in it. The screens
read them through the table; nothing of the link writes into the table. ``in_words``: a time
limit of the judge station's as the table's and the station's screens say it.

Small and pure on purpose: every table loads it before its first frame, linked or not (the
link's own code, urllib, ssl, pyserial, only when a link is configured).
"""
from __future__ import annotations

from common.game.frozen import value

#: The top line's word on a table with a director link but no table key (it keeps its results).
NO_TABLE_KEY = "no table key: results kept here"
#: The top line's word on a table with no enrollment and no key (it keeps its results).
NOT_ENROLLED = "not enrolled: results kept here"


@value
class StationVerdict:
    """The judge station's one verdict on the table's open challenge, as the table ruled with it
    (kiosk.link.station_wait): the judge screen shows it as the table's own."""
    valid: bool
    words: tuple[str, ...]
    label: str                      # "judge station 1 · ENABLE": who judged, with which lexicon
    at_ns: int


@value
class DirectorNews:
    """What the link says, as of its last pass (the table without a link hears one at its start:
    ``NO_TABLE_KEY``, ``NOT_ENROLLED`` or nothing)."""
    words: str = ""                 # the top line's words for the link ("result sent to director")
    alert: str = ""                 # what the director must see first: the assignment refused
    division: str = ""              # the division the director's assignment names, if any
    start_refusal: str = ""         # why the game may not start (a rated round on another word list)
    judge_at_station: bool = False  # director.judge_at_station: the station rules on challenges
    station_line: str = ""          # what the link says of the challenge sent to the station
    station_verdict: StationVerdict | None = None   # the station's verdict the table ruled with
    station_gave_up: bool = False   # the table stopped waiting for the station: a press sends again


def in_words(seconds: float) -> str:
    """A time limit as a player reads it: "2 minutes", "1 minute", "90 seconds"."""
    whole = round(seconds)
    if whole >= 60 and whole % 60 == 0:
        minutes = whole // 60
        return f"{minutes} minute" + ("s" if minutes != 1 else "")
    return f"{whole} second" + ("s" if whole != 1 else "")
