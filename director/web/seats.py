"""The public view's ``seats`` part (director.web.parts): each division's round in play, where
every player sits (name, table, opponent, whether they start: director.event.seating), for the
phone view's "find my table"; and whether the division is over, for its prize table's link
(director.event.prizes.is_final: its last round, as its draw knows it, has every result)."""
from __future__ import annotations

from director.config import DirectorConfig
from director.event import counted, divisions, prizes, rounds
from director.event.db import DirectorDB
from director.event.seating import round_seats
from director.files.prize_report import prize_event


def seats_part(db: DirectorDB, config: DirectorConfig) -> list[dict]:
    out = []
    event = prize_event(config)
    for name in divisions.names(db):
        number = rounds.current_round(db, name)
        view = counted.load(db, config.rules, config.tournament, name)
        seated = round_seats(name, number or 0, view.players, view.pairings)
        try:
            final = prizes.is_final(db, event, name)
        except ValueError:                  # a draw or prize setting refused: not over as far as known
            final = False
        out.append({"division": name, "round": number, "final": final,
                    "seats": [{"name": s.player.name, "table": s.table,
                               "opponent": s.opponent.name if s.opponent else None,
                               "starts": s.starts} for s in seated.seats]})
    return out
