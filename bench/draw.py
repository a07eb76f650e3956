"""The draw: ``python -m bench.draw [--players 60] [--runs 3] [--intake-players 300]
[--intake-rounds 6] [--clients 8]``.

First, one round drawn: a division of ``--players`` players is drawn round by round
(director.event.draw.draw_round), each game given a random result: a Swiss of 12 rounds, a long
Swiss of 40 (repeats become hard to avoid, then unavoidable), a single round robin (n - 1 or n
rounds). Each round is timed as the director's page would draw it: from the players and every
earlier round's pairings and results, in CPU time (the machine may be shared: wall time there
measures the others' work too). Target: every round under 50 ms of CPU at the median of
``--runs``; the worst round beside it. The draws are checked: every active player in each round
once, and no repeat in the round robin.

Then, what the draw costs the service (``intake``): one division of ``--intake-players`` players
(300), its pairings of ``--intake-rounds`` rounds (6) stored and started, every table's signed
result of every round (whole games, built by the replay core beforehand: bench.director) posted
over HTTP by ``--clients`` keep-alive connections to ``python -m director`` twice, each time on a
fresh database: with the draw off (the division's pairings are tsh's) and with it on (a Swiss,
the service drawing the next round's proposal after the changes, director.web.draw_page.watch).
Results per second each time, and the rate with the draw on as a share of the rate with it off
(target at least 90%); then the time from the last result's answer to the next round's proposal
in the database (target at most 1 s). Checked: every result stored once by each service, and the
proposal pairs every player.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench import all_passed, print_table

TARGET_MS = 50.0
TABLES = tuple(str(t) for t in range(1, 200))
INTAKE_TARGET = 0.90            # the rate with the draw on, as a share of the rate with it off
PROPOSAL_TARGET_S = 1.0         # from a round's last result to the next round's proposal
PROPOSAL_TIMEOUT_S = 120.0


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


def _seeded(path: Path, players: list, pairings: list, rounds: int) -> None:
    """A fresh database at ``path`` with the division's players and pairings, every round started."""
    from director.event.db import DirectorDB
    from director.event.rounds import start_round, store_pairings, store_players

    with DirectorDB.open(path) as db:
        store_players(db, players)
        store_pairings(db, pairings)
        for r in range(1, rounds + 1):          # a result counts once its round has started
            start_round(db, r, time.time())


def _proposal_after(path: Path, round_number: int, began: float) -> tuple[float, int]:
    """Seconds from ``began`` (perf_counter) until the division's proposal of ``round_number`` is
    in the database at ``path``, and how many players it pairs."""
    from director.event.db import DirectorDB
    from director.event.next_round import proposal

    with DirectorDB.open(path) as db:
        while time.perf_counter() - began < PROPOSAL_TIMEOUT_S:
            stored = proposal(db, "A")
            if stored and stored.get("round") == round_number and "pairings" in stored:
                paired = sum(1 for row in stored["pairings"] for n in row[1:3] if n)
                return time.perf_counter() - began, paired
            time.sleep(0.005)
    raise RuntimeError(f"no proposal of round {round_number} after {PROPOSAL_TIMEOUT_S:.0f} s")


def intake(players: int, rounds: int, clients: int, out=sys.stdout) -> int:
    """Results into the service with the draw off, then on (see the module's docstring)."""
    from bench.director import BENCH_LIMITS, build, free_port, post_all, start_director
    from director.event.db import DirectorDB

    tables = players // 2
    began = time.perf_counter()
    (people, pairings), documents = build(tables, rounds)
    build_s = time.perf_counter() - began
    bodies = [(str(t), body) for (r, t), (_, body) in sorted(documents.items())]
    draw = f'[draw]\nsystem = "swiss"\nrounds = {rounds + 1}\n'
    figures = {}
    with tempfile.TemporaryDirectory(prefix="bench-draw-") as tmp:
        for name, config in (("off", BENCH_LIMITS), ("on", BENCH_LIMITS + draw)):
            path = Path(tmp) / f"draw-{name}.sqlite"
            _seeded(path, people, pairings, rounds)
            port = free_port()
            process = start_director(path, port, config=config)
            try:
                seconds, answers = post_all(port, bodies, clients)
                ended = time.perf_counter()
                proposal = _proposal_after(path, rounds + 1, ended) if name == "on" else None
            finally:
                process.terminate()
                process.wait(timeout=60)
            with DirectorDB.open(path) as db:
                stored = db.count("results")
            figures[name] = (len(bodies) / seconds, answers, stored, proposal)
    off, on = figures["off"][0], figures["on"][0]
    ready_s, paired = figures["on"][3]
    share = on / off
    rows = [
        ("intake, the draw off (tsh's pairings)", f"{off:,.0f} results/s", "", ""),
        ("intake, the draw on (a Swiss proposed after the changes)", f"{on:,.0f} results/s",
         f">= {INTAKE_TARGET:.0%} of off: {share:.0%}", "PASS" if share >= INTAKE_TARGET else "FAIL"),
        (f"round {rounds}'s last result -> round {rounds + 1} proposed", f"{ready_s * 1000:,.0f} ms",
         f"<= {PROPOSAL_TARGET_S * 1000:,.0f} ms", "PASS" if ready_s <= PROPOSAL_TARGET_S else "FAIL"),
    ]
    print(f"Draw at intake: one division of {len(people)} players, {rounds} rounds, "
          f"{len(bodies):,} results posted by {clients} clients to python -m director, draw off "
          f"then on (documents built in {build_s:.1f} s, not timed); Python "
          f"{sys.version.split()[0]}", file=out)
    print_table(("", "rate", "target", ""), rows, out)
    wrong = [f"draw {name}: stored {stored} of {len(bodies)}"
             for name, (_, answers, stored, _) in figures.items()
             if stored != len(bodies) or sorted(answers) != [(200, "stored")] * len(bodies)]
    if paired != len(people):
        wrong.append(f"the proposal pairs {paired} of {len(people)} players")
    if wrong:
        print("WRONG: " + "; ".join(wrong), file=out)
        return 1
    return all_passed(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.draw", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=60, help="the drawn division's players (60)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each draw (3)")
    parser.add_argument("--intake-players", type=int, default=300,
                        help="the division's players at intake (300; an even number)")
    parser.add_argument("--intake-rounds", type=int, default=6, help="rounds posted (6)")
    parser.add_argument("--clients", type=int, default=8, help="connections posting at once (8)")
    args = parser.parse_args(argv)
    if args.intake_players < 4 or args.intake_players % 2 or not 1 <= args.intake_rounds < args.intake_players - 1:
        parser.error("--intake-players is an even number from 4, and --intake-rounds from 1 to "
                     "fewer than the players less one")
    drawn = run(args.players, args.runs)
    print(flush=True)
    return max(drawn, intake(args.intake_players, args.intake_rounds, args.clients))


if __name__ == "__main__":
    sys.exit(main())
