"""A whole event into the director: ``python -m bench.divisions [--players 400] [--divisions 3]
[--rounds 12] [--runs 5]``.

The event: ``--players`` players in ``--divisions`` divisions (134, 133 and 133 by default),
each a synthetic tsh division (bench.director_data: random pairings, scores, byes) of
``--rounds`` rounds with every result in, its boards numbered from 1 as tsh numbers them; one
tsh archive holds the config and the three ``.t`` files. Each run, on a fresh SQLite file:

- import: the archive read and stored as the page's import and ``python -m director import`` do
  (director.files.imports: every division parsed, its boards moved to the venue's tables, players,
  pairings and results stored in one transaction);
- standings: every division's counted results read from the database and its standings computed
  and rendered as the page's HTML (director.web.parts.standings_part).

Target: the import and all the standings together under 1 s (median of ``--runs``). The figures
are checked: every player ranked, every result counted, nothing reported as a problem.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench import all_passed, print_table
from bench.director_data import synthetic_tournament

TARGET_S = 1.0
TOURNAMENT = "Bench Open"


def build_archive(players: int, divisions: int, rounds: int) -> tuple[bytes, int]:
    """The event as a tsh archive, and how many results it holds."""
    from dataclasses import replace

    from director.event.model import EventSettings
    from director.files.tsh import format_t
    from director.files.tsh_config import format_archive

    files, results_held = [], 0
    for index in range(divisions):
        size = players // divisions + (1 if index < players % divisions else 0)
        roster, pairings, results = synthetic_tournament(size, rounds, seed=index + 1)
        name = "ABCDEFGHIJ"[index] if divisions <= 10 else f"D{index + 1}"
        roster = [replace(p, name=f"{p.name} {name}") for p in roster]
        files.append((name, f"{name.lower()}.t", format_t(roster, pairings, results)))
        results_held += len(results)
    text = format_archive([], files, EventSettings("Bench Open", "2026-11-21", (500,)))
    return text.encode("iso-8859-1"), results_held


def one_run(archive: bytes, folder: Path, run: int) -> tuple[float, float, dict]:
    from director.web.parts import standings_part
    from director.config import load_config
    from director.event.db import DirectorDB
    from director.files.imports import Upload, import_files
    from director.event.tournament import counted_results

    config = load_config(None, {"tournament.name": TOURNAMENT}, need_key=False)
    with DirectorDB.open(folder / f"event-{run}.sqlite") as db:
        began = time.perf_counter()
        import_files(db, [Upload("event.tsh", archive)])
        imported = time.perf_counter()
        part = standings_part(db, config)
        done = time.perf_counter()
        check = {"ranked": sum(g["html"].count("<tr data-player=") for g in part["divisions"]),
                 "problems": sum(len(g["problems"]) for g in part["divisions"]) + len(part["problems"]),
                 "divisions": len(part["divisions"]),
                 "counted": sum(len(counted_results(db, config.rules, TOURNAMENT, g["division"]).results)
                                for g in part["divisions"])}
    return imported - began, done - imported, check


def run(players: int, divisions: int, rounds: int, runs: int, out=sys.stdout) -> int:
    began = time.perf_counter()
    archive, results_held = build_archive(players, divisions, rounds)
    build_s = time.perf_counter() - began
    imports, standings, checks = [], [], []
    with tempfile.TemporaryDirectory(prefix="bench-divisions-") as tmp:
        for n in range(runs):
            imported_s, standings_s, check = one_run(archive, Path(tmp), n)
            imports.append(imported_s)
            standings.append(standings_s)
            checks.append(check)
    totals = [a + b for a, b in zip(imports, standings)]
    total = statistics.median(totals)
    rows = [
        (f"import a tsh archive: {players} players, {divisions} divisions, {rounds} rounds",
         f"{statistics.median(imports) * 1000:,.0f} ms", "", ""),
        ("every division's standings, computed and rendered",
         f"{statistics.median(standings) * 1000:,.0f} ms", "", ""),
        ("the two together (median of runs)", f"{total * 1000:,.0f} ms",
         f"< {TARGET_S * 1000:,.0f} ms", "PASS" if total < TARGET_S else "FAIL"),
    ]
    print(f"Divisions: an event of {players} players in {divisions} divisions, {rounds} rounds "
          f"({results_held:,} results, a {len(archive) / 1024:,.0f} KB archive built in "
          f"{build_s:.1f} s, not timed); {runs} runs on fresh SQLite files; "
          f"Python {sys.version.split()[0]}", file=out)
    print_table(("", "median", "target", ""), rows, out)
    expected = {"ranked": players, "problems": 0, "divisions": divisions, "counted": results_held}
    wrong = [c for c in checks if c != expected]
    if wrong:
        print(f"WRONG: expected {expected}; got {wrong[0]}", file=out)
        return 1
    return all_passed(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.divisions", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=400, help="players in all (default 400)")
    parser.add_argument("--divisions", type=int, default=3, help="divisions (default 3)")
    parser.add_argument("--rounds", type=int, default=12, help="rounds, all played (default 12)")
    parser.add_argument("--runs", type=int, default=5, help="fresh imports measured (default 5)")
    args = parser.parse_args(argv)
    if (args.divisions < 1 or args.runs < 1 or args.rounds < 1
            or args.players // args.divisions <= args.rounds):
        parser.error("--divisions, --rounds and --runs are at least 1, and each division has "
                     "more players than rounds")
    return run(args.players, args.divisions, args.rounds, args.runs)


if __name__ == "__main__":
    sys.exit(main())
