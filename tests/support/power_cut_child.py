"""The kiosk's writing side, run as a child process that the power-cut test kills with SIGKILL.

``python -m tests.support.power_cut_child DB [PAUSE_AFTER]`` plays ``plan()`` against the journal at DB,
keeping the kiosk's discipline (decide, journal, apply; a checkpoint every quarter second while
time runs) and printing ``done I`` once write I is committed. After write PAUSE_AFTER (or at the
end of the plan) it prints ``waiting`` and blocks until it is killed. The test imports ``plan``
to know what each prefix of the writes must give.
"""
from __future__ import annotations

import random
import sys

from common.game import commands as c
from common.game.clock import NS_PER_S

BOOT_ZERO_S = 5_000                 # the kiosk had been up a while when the game began
WALL_ZERO = 1_767_200_000.0


def plan(seed: int = 2024) -> list[tuple[float, object]]:
    """(seconds, command) pairs, or (seconds, None) for a checkpoint: a long game."""
    rng, steps, t = random.Random(seed), [], 0.0
    steps.append((t, c.Start(0)))
    mover = 0
    for turn in range(60):
        think = rng.uniform(3, 25)
        ticks = int(think * 4)
        steps += [(round(t + (i + 1) * 0.25, 2), None) for i in range(ticks)]
        t = round(t + think, 2)
        if turn == 17:
            steps.append((t, c.Neutral("score")))
            t += 9
            steps.append((t, c.Resume(1 - mover)))
            continue
        if turn == 31:
            steps.append((t, c.AdjustTime(mover, -2500)))
            continue
        steps.append((t, c.Play(mover, rng.randint(2, 60))))
        mover = 1 - mover
    return steps


def main(db_path: str, pause_after: int | None) -> None:
    from common.game.game import decide
    from common.game.state import replay
    from common.presets import load_rules
    from kiosk.store import Journal

    journal = Journal.open(db_path)
    game_id = journal.new_game(load_rules("aspa"), 4, ("Ann", "Bob"), 9, WALL_ZERO)
    state, _ = journal.load(game_id)
    print("game", game_id, journal.boot_id, flush=True)
    for index, (seconds, command) in enumerate(plan()):
        now_ns = round((BOOT_ZERO_S + seconds) * NS_PER_S)
        if command is None:
            journal.checkpoint(game_id, state, now_ns, WALL_ZERO + seconds)
        else:
            made = decide(state, command, now_ns)
            journal.append(game_id, made, WALL_ZERO + seconds)
            state = replay(state, made)
        print("done", index, flush=True)
        if index == pause_after:
            break
    print("waiting", flush=True)
    sys.stdin.read()                 # until killed


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None)
