"""What a rehearsal plays, before it plays it: every game's script is one the rules take and
the tables' lexicon judges as the script says; the event's pairings give each player a new
opponent each round, at tables 1 to N; every round has a late player and an overtime; the
faults fall mid-game, the network's loss over before its table's game ends."""
from __future__ import annotations

import json
from collections import Counter

from director.config import load_config
from director.rehearsal import event
from director.rehearsal.games import GOOD, PHONY
from director.rehearsal.plan import Options, plan_faults, plan_games
from common.game.judge import adjudicate
from kiosk.lexicon import BUNDLED_LEXICON, open_lexicon
from common.replay import replay_lines


def planned(tmp_path, tables=6, rounds=3, **options):
    opts = Options(tables=tables, rounds=rounds, **options)
    path = tmp_path / "director.toml"
    path.write_text(opts.director_toml(tmp_path, "a-key-for-the-test-0123", 8080))
    config = load_config(path, {})
    people, paired = event.players(2 * tables), event.pairings(tables, rounds)
    return opts, config, people, paired, plan_games(opts, config, people, paired)


def test_every_game_is_one_the_rules_take_with_late_players_and_overtime(tmp_path):
    opts, config, people, paired, games = planned(tmp_path)
    assert len(games) == 18
    for (r, table), game in games.items():
        again = replay_lines(json.dumps(line) for line in game.lines)
        assert again.result == game.replayed.result
        assert game.replayed.state.phase == "confirmed"
        assert game.lines[1] == {"t": 0.0, "cmd": "call", "absent": []}    # both present at the start
        kinds = Counter(line.get("cmd") for line in game.lines[1:])
        assert kinds["challenge"] >= 2 and kinds["out"] == 1 and kinds["confirm"] == 2
    for r in (1, 2, 3):
        results = [g.replayed.result for (rr, _), g in games.items() if rr == r]
        assert any(max(res.overtime_penalty) > 0 for res in results)
        assert any(any(line.get("cmd") == "arrive" and line["t"] > 100 for line in g.lines)
                   for (rr, _), g in games.items() if rr == r)           # a player minutes late


def test_the_tables_lexicon_judges_the_challenged_words_as_the_scripts_say():
    lexicon = open_lexicon(BUNDLED_LEXICON)
    assert all(adjudicate([word], lexicon, 8).valid for word in GOOD)
    assert not any(adjudicate([word], lexicon, 8).valid for word in PHONY)


def test_each_round_pairs_every_player_once_with_a_new_opponent(tmp_path):
    paired = event.pairings(5, 4)
    met = set()
    for r in range(1, 5):
        this = [p for p in paired if p.round == r]
        assert sorted(p.table for p in this) == ["1", "2", "3", "4", "5"]
        assert sorted(n for p in this for n in p.players) == list(range(1, 11))
        for p in this:
            assert frozenset(p.players) not in met
            met.add(frozenset(p.players))
    people = event.players(10)
    assert len({p.name for p in people}) == 10
    assert event.event_file(people, paired).decode("iso-8859-1").count("\n") == 10


def test_the_faults_fall_mid_game_and_the_network_comes_back_before_its_game_ends(tmp_path):
    opts, _, _, _, games = planned(tmp_path, tables=4, rounds=1, speed=20, net_cut_s=20)
    faults = {f.kind: f for f in plan_faults(opts, games)}
    assert sorted(faults) == ["director", "network", "power", "serial"]
    assert faults["serial"].table == "4" and faults["power"].table == "1"
    for kind in ("power", "director", "network"):
        fault = faults[kind]
        ends = [g.length_s / opts.speed for (r, _), g in games.items() if r == fault.round]
        assert 0 < fault.at_s < min(ends) - 5
    net = faults["network"]
    assert net.seconds == 20
    assert net.at_s + net.seconds < games[(1, "2")].length_s / opts.speed - 10
    assert plan_faults(Options(tables=2, rounds=1, faults=False), games) == []


def test_the_pairings_read_back_from_the_event_file_as_the_scripts_have_them():
    """The director reads the event's .t file: each pairing must come back with the same left
    and right players and who goes first, or a table's assignment would not be its script's."""
    from director.files import tsh
    people, paired = event.players(12), event.pairings(6, 5)
    read = tsh.parse_t(event.event_file(people, paired).decode(tsh.ENCODING), division="x")
    assert sorted((p.round, p.table, p.players, p.first) for p in read.pairings) == \
        sorted((p.round, p.table, p.players, p.first) for p in paired)
