"""The draw of one round: ``python -m bench.draw [--players 60] [--runs 3]``.

A division of ``--players`` players is drawn round by round (director.event.draw.draw_round),
each game given a random result: a Swiss of 12 rounds, a long Swiss of 40 (repeats become hard to
avoid, then unavoidable), a single round robin (n - 1 or n rounds). Each round is timed as the
director's page would draw it: from the players and every earlier round's pairings and results,
in CPU time (the machine may be shared: wall time there measures the others' work too).
Target: every round under 50 ms of CPU at the median of ``--runs``; the worst round beside it. The
draws are checked: every active player in each round once, and no repeat in the round robin.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from bench import all_passed, print_table

TARGET_MS = 50.0
TABLES = tuple(str(t) for t in range(1, 200))


def play(system: str, players: int, rounds: int, seed: int) -> tuple[list[float], bool]:
    """Every round drawn in turn: each round's time in ms, and whether the draws were right."""
    from director.event.draw import DrawSettings, draw_round, round_count
    from director.event.model import NO_OPPONENT, GameResult, Player, bye

    rng = random.Random(seed)
    people = [Player(n, f"Player{n:03d}, Bench", rng.randrange(800, 2200))
              for n in range(1, players + 1)]
    settings = DrawSettings(system, rounds=rounds)
    pairings: list = []
    results: list = []
    times, right = [], True
    for number in range(1, round_count(settings, people) + 1):
        began = time.process_time()
        drawn = draw_round(settings, people, pairings, results, number, TABLES)
        times.append((time.process_time() - began) * 1000)
        right &= sorted(n for p in drawn for n in p.players if n) == list(range(1, players + 1))
        pairings += drawn
        for p in drawn:
            if p.players[1] == NO_OPPONENT:
                results.append(bye(number, p.players[0], 50))
            else:
                results.append(GameResult(number, p.table, p.players,
                                          (rng.randrange(250, 550), rng.randrange(250, 550)), p.first))
    if system == "round_robin":
        games = [frozenset(p.players) for p in pairings if NO_OPPONENT not in p.players]
        right &= len(games) == len(set(games)) == players * (players - 1) // 2
    return times, right


def run(players: int, runs: int, out=sys.stdout) -> int:
    cases = [("swiss", 12), ("swiss", 40), ("round_robin", 0)]
    rows = []
    print(f"Draw: a division of {players} players, every round drawn from the ones before "
          f"(median of {runs} runs)", file=out)
    for system, rounds in cases:
        per_run = [play(system, players, rounds, seed) for seed in range(1, runs + 1)]
        medians = [statistics.median(t[i] for t, _ in per_run) for i in range(len(per_run[0][0]))]
        right = all(ok for _, ok in per_run)
        worst = max(medians)
        label = f"{system} {len(medians)} rounds"
        verdict = "PASS" if right and worst < TARGET_MS else "FAIL"
        rows.append((label, f"{statistics.median(medians):.1f}", f"{worst:.1f}", f"< {TARGET_MS:g}",
                     "yes" if right else "WRONG", verdict))
    print_table(("draw", "median CPU ms", "worst CPU ms", "target", "right", ""), rows, out)
    return all_passed(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.draw", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    return run(args.players, args.runs)


if __name__ == "__main__":
    sys.exit(main())
