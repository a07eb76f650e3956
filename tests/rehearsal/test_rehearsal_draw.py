"""The rehearsal's rounds are paired by the director's draw (director.rehearsal.drawn): planned
beforehand by the director's own draw from the results the scripts give, each round from the
round before's (a Swiss: no one meets twice, the winners of a round meet the winners); and a
small rehearsal whose director draws every round itself, published from the page, as planned."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from director.config import load_config
from director.rehearsal import drawn, event
from director.rehearsal.plan import Options

ROOT = Path(__file__).resolve().parents[2]


def test_the_plan_pairs_each_round_by_the_draw_from_the_round_befores_results(tmp_path):
    options = Options(tables=4, rounds=3)
    path = tmp_path / "director.toml"
    path.write_text(options.director_toml(tmp_path, "a-key-for-the-test-0123", 8080))
    config = load_config(path, {})
    assert config.draw[""]["system"] == "swiss" and config.draw[""]["rounds"] == 3
    people = event.players(8)
    paired, games = drawn.plan_rounds(tmp_path, options, config, people)
    assert sorted(games) == sorted((r, str(t)) for r in (1, 2, 3) for t in range(1, 5))
    met = [frozenset(p.players) for p in paired]
    assert len(met) == 12 and len(set(met)) == 12                # no one meets twice
    winners = set()
    for (r, table), game in games.items():
        if r == 1:
            pairing = next(p for p in paired if p.round == 1 and p.table == table)
            assert game.lines[0]["players"] == [people[n - 1].name for n in pairing.players]
            assert game.lines[0]["first"] == pairing.first
            result = drawn_result(game, config, people)
            winners.add(result.players[result.winner])
    top = [p for p in paired if p.round == 2][:2]               # round 2's first tables: 1-0 v 1-0
    assert all(set(p.players) <= winners for p in top)


def drawn_result(game, config, people):
    return event.result_of(game, config.tournament, people)


@pytest.mark.slow                       # real kiosks, two rounds: some two minutes
def test_a_rehearsal_whose_director_draws_every_round(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "director", "rehearse", "--tables", "2", "--rounds", "2",
         "--speed", "40", "--no-faults", "--out", str(tmp_path / "rehearsal")],
        cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True,
        timeout=900)
    report = out.stdout
    print(report)
    assert out.returncode in (0, 3), report + out.stderr
    for r in (1, 2):
        assert f"round {r} drawn and published from the page" in report
    assert "results in: 4 of 4 on the director's page" in report
    assert "problems: none" in report
