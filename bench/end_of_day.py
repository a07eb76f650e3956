"""The end of the day of a whole event: ``python -m bench.end_of_day [--players 400]
[--divisions 3] [--rounds 12] [--runs 3]``.

The event: bench.divisions' (synthetic tsh divisions: random pairings, byes), its players and
pairings imported, and every game a table's result: a real game of some twenty-four turns
(director.rehearsal.games, ``GAMES`` of them, each used again with the pairing's names), its
document stored in the ``results`` table with its columns as the door writes them
(director.event.model.TableResult; the door's own checks, signature and read-back, are
``bench.director``'s to measure, not these). Each run, on a fresh SQLite file, times:

- the prize table of every division the first time (every document's turns read, for the high
  word: director.event.prizes.turns) and again after a table's status changed the database
  (the documents' turns kept: only the rows that changed are read again);
- the wall chart of every division and the pairings sheet of every division's round, as the
  printable pages render them (director.files.sheets), and the public view's ``seats`` part.

Targets: the first prize table under 3 s, the next under 1 s (medians of ``--runs``). The
figures are checked: every game counted, a high word found in every division.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench import all_passed, print_table
from bench.director_data import synthetic_tournament
from bench.divisions import TOURNAMENT

FIRST_TARGET_S, AGAIN_TARGET_S = 3.0, 1.0
GAMES = 12


def build_archive(players: int, divisions: int, rounds: int) -> bytes:
    """The event as a tsh archive of its players and pairings (no result: the tables give them)."""
    from dataclasses import replace

    from director.event.model import EventSettings
    from director.files.tsh import format_t
    from director.files.tsh_config import format_archive

    files = []
    for index in range(divisions):
        size = players // divisions + (1 if index < players % divisions else 0)
        roster, pairings, _ = synthetic_tournament(size, rounds, seed=index + 1)
        name = "ABCDEFGHIJ"[index] if divisions <= 10 else f"D{index + 1}"
        roster = [replace(p, name=f"{p.name} {name}") for p in roster]
        files.append((name, f"{name.lower()}.t", format_t(roster, pairings, [])))
    return format_archive([], files, EventSettings("Bench Open", "2026-11-21")).encode("iso-8859-1")


def games() -> list[dict]:
    """``GAMES`` real games' result documents (the names to be replaced)."""
    from common.wire.document import result_document
    from director.rehearsal.games import make_game
    out = []
    for seed in range(GAMES):
        game = make_game({"preset": "aspa", "round": 1, "players": ["A", "B"], "first": 0}, "1", seed)
        state = game.replayed.state
        out.append(result_document(state, game.replayed.events, state.last_ns,
                                   tournament=TOURNAMENT, table="1", game_id=f"g{seed}"))
    return out


def store_results(db, played: list[dict]) -> int:
    """A table's result for every game paired: one of ``played`` under the pairing's names."""
    from director.event.model import table_result_of
    rows = []
    with db.locked() as conn:
        names = {(d, n): name for d, n, name in conn.execute(
            "SELECT division, number, name FROM players")}
        paired = conn.execute("SELECT division, round, table_name, player0, player1 FROM pairings "
                              "WHERE player1 != 0").fetchall()
    for i, (division, round_, table, a, b) in enumerate(paired):
        document = {**played[i % len(played)], "round": round_, "table": table,
                    "players": [names[(division, a)], names[(division, b)]],
                    "game_id": f"{division}-{round_}-{table}"}
        text = json.dumps(document)
        rows.append({"tournament": TOURNAMENT, "division": division, "game_id": document["game_id"],
                     "revision": 1, **table_result_of(document).columns(),
                     "spread": document["result"]["spread"], "document": text, "signature": "",
                     "sha256": hashlib.sha256(text.encode()).hexdigest(), "received_wall": 1.0,
                     "source": "bench"})
    with db.transaction() as conn:
        conn["results"].insert_all(rows)
        conn.execute("INSERT OR REPLACE INTO rounds (division, round, started_wall, ended_wall, "
                     "revision) SELECT DISTINCT division, round, 1.0, 2.0, 1 FROM pairings")
    db.changed("results")
    return len(rows)


def one_run(archive: bytes, played: list[dict], folder: Path, run: int) -> tuple[dict, dict]:
    from director.config import load_config
    from director.event import prizes
    from director.event.db import DirectorDB
    from director.files import prize_report, sheets
    from director.files.imports import Upload, import_files
    from director.web.seats import seats_part

    config = load_config(None, {"tournament.name": TOURNAMENT}, need_key=False)
    event = prize_report.prize_event(config)
    times = {}
    with DirectorDB.open(folder / f"event-{run}.sqlite") as db:
        import_files(db, [Upload("event.tsh", archive)])
        stored = store_results(db, played)
        began = time.perf_counter()
        first = prizes.load_all(db, event)
        times["first"] = time.perf_counter() - began
        with db.transaction() as conn:          # a table's status: the database has changed
            conn.execute("INSERT OR REPLACE INTO status (table_name, document, received_wall, "
                         "source) VALUES ('1', '{}', 2.0, 'bench')")
        began = time.perf_counter()
        again = prizes.load_all(db, event)
        times["again"] = time.perf_counter() - began
        began = time.perf_counter()
        walls = sheets.wallchart_html(sheets.charts(db, config))
        times["wall"] = time.perf_counter() - began
        began = time.perf_counter()
        sheet = sheets.pairings_html(sheets.seats(db, config))
        times["pairings"] = time.perf_counter() - began
        began = time.perf_counter()
        seats = seats_part(db, config)
        times["seats"] = time.perf_counter() - began
        words = [next(a for a in t.awards if a.kind == "high_word") for t in first]
        check = {"stored": stored, "same": [t.awards for t in first] == [t.awards for t in again],
                 "high words": sum(1 for w in words if w.winners),
                 "seated": sum(len(g["seats"]) for g in seats) > 0 and bool(walls) and bool(sheet)}
    return times, check


def run(players: int, divisions: int, rounds: int, runs: int, out=sys.stdout) -> int:
    archive = build_archive(players, divisions, rounds)
    played = games()
    measured, checks = [], []
    with tempfile.TemporaryDirectory(prefix="bench-end-of-day-") as tmp:
        for n in range(runs):
            times, check = one_run(archive, played, Path(tmp), n)
            measured.append(times)
            checks.append(check)
    median = {k: statistics.median(t[k] for t in measured) for k in measured[0]}
    ms = lambda s: f"{s * 1000:,.0f} ms"        # noqa: E731
    rows = [
        ("every division's prize table, its documents' turns read", ms(median["first"]),
         f"< {ms(FIRST_TARGET_S)}", "PASS" if median["first"] < FIRST_TARGET_S else "FAIL"),
        ("again, after a table's status changed the database", ms(median["again"]),
         f"< {ms(AGAIN_TARGET_S)}", "PASS" if median["again"] < AGAIN_TARGET_S else "FAIL"),
        ("every division's wall chart, rendered", ms(median["wall"]), "", ""),
        ("every division's pairings sheet, rendered", ms(median["pairings"]), "", ""),
        ("the public view's seats part", ms(median["seats"]), "", ""),
    ]
    stored = checks[0]["stored"]
    print(f"End of the day: {players} players in {divisions} divisions, {rounds} rounds, "
          f"{stored:,} table results ({GAMES} real games' documents, each some twenty-four "
          f"turns); {runs} runs on fresh SQLite files; Python {sys.version.split()[0]}", file=out)
    print_table(("", "median", "target", ""), rows, out)
    expected = {"stored": stored, "same": True, "high words": divisions, "seated": True}
    wrong = [c for c in checks if c != expected]
    if wrong:
        print(f"WRONG: expected {expected}; got {wrong[0]}", file=out)
        return 1
    return all_passed(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.end_of_day", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=400, help="players in all (default 400)")
    parser.add_argument("--divisions", type=int, default=3, help="divisions (default 3)")
    parser.add_argument("--rounds", type=int, default=12, help="rounds, all played (default 12)")
    parser.add_argument("--runs", type=int, default=3, help="fresh events measured (default 3)")
    args = parser.parse_args(argv)
    if (args.divisions < 1 or args.runs < 1 or args.rounds < 1
            or args.players // args.divisions <= args.rounds):
        parser.error("--divisions, --rounds and --runs are at least 1, and each division has "
                     "more players than rounds")
    return run(args.players, args.divisions, args.rounds, args.runs)


if __name__ == "__main__":
    sys.exit(main())
