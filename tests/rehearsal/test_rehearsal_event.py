"""The rehearsal plays the director's own event (``tournament.event_file`` of its config): its
divisions and players as the director's import reads them, each division's rounds drawn by the
director's draw as the config sets it (a division under tsh: a Swiss of the rehearsal's rounds;
no one meets twice, one bye a round in an odd division), at the config's tables; the director
reads the pairings back as the scripts have them; an event it cannot play is refused
with the reason. And ``python -m director rehearse --config`` on the two-division example plays
it for real (slow: real processes)."""
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from director.config import load_config
from director.event.db import DirectorDB
from director.event.draw import DrawSettings, draw_round
from director.event.model import NO_OPPONENT
from director.event.tournament import pairings
from director.files.imports import Upload, import_files
from director.rehearsal import drawn
from director.rehearsal.plan import Options
from director.rehearsal.venue import PAIRINGS_FILE, EventFileError, from_event_file, made_up

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "config" / "rehearsal" / "director.toml"


def test_the_example_config_names_its_two_division_event_and_its_tables():
    config = load_config(EXAMPLE, {}, need_key=False)
    assert config.event_file == EXAMPLE.parent / "config.tsh" and config.event_file.is_file()
    assert config.tables == tuple(str(t) for t in range(1, 8))


def drawn_event(tmp_path, rounds, draw=""):
    """The example event planned as the rehearsal plans it: its rounds drawn by the draw."""
    example = load_config(EXAMPLE, {}, need_key=False)
    options = Options(rounds=rounds, event_file=example.event_file, names=example.tables,
                      draws=dict(example.draw))
    path = tmp_path / "rehearsal.toml"
    path.write_text(options.director_toml(tmp_path, "a-key-for-the-test-0123", 8080) + draw)
    config = load_config(path, {})
    plan = from_event_file(tmp_path, example.event_file, example.tables)
    paired, games = drawn.plan_rounds(tmp_path, options, config, plan.people, plan.uploads)
    plan.drawn(paired, options.table_names, example.tables)
    return example, config, plan, games


def test_each_division_is_drawn_at_the_venues_tables_no_one_meeting_twice(tmp_path):
    example, config, plan, games = drawn_event(tmp_path, rounds=3)
    assert example.draw[""]["system"] == "tsh"                 # its rounds come from tsh ...
    assert config.draw[""] == {"system": "swiss", "rounds": 3, "seeding": "rating",
                               "king_of_the_hill": 0, "gibson": 0}   # ... drawn as a Swiss in rehearsal
    assert plan.divisions == ["A", "B"] and plan.words() == "2 divisions (A 8, B 7 players), 7 tables"
    assert Counter(p.division for p in plan.people) == {"A": 8, "B": 7}
    met = set()
    for r in range(1, 4):
        games_r = [p for p in plan.games if p.round == r]
        byes = [p for p in plan.paired if p.round == r and p.players[1] == NO_OPPONENT]
        assert sorted(p.table for p in games_r) == sorted(example.tables)      # each table once
        assert sorted(p.table for p in games_r if p.division == "A") == ["1", "2", "3", "4"]
        assert [(b.division, b.table) for b in byes] == [("B", "")]            # B is odd
        for division, size in (("A", 8), ("B", 7)):
            seated = [n for p in plan.paired if p.round == r and p.division == division
                      for n in p.players if n != NO_OPPONENT]
            assert sorted(seated) == list(range(1, size + 1))                  # everyone once
        for p in games_r:
            pair = (p.division, frozenset(p.players))
            assert pair not in met
            met.add(pair)
    assert sorted(games) == sorted((p.round, p.table) for p in plan.games)   # a script a game


def test_a_divisions_own_draw_from_the_config_is_the_rehearsals(tmp_path):
    _, config, plan, _ = drawn_event(tmp_path, rounds=3,
                                     draw='\n[draw.B]\nsystem = "round_robin"\n')
    assert config.draw["B"]["system"] == "round_robin"
    b = [p for p in plan.paired if p.division == "B"]
    seen = Counter(n for p in b for n in p.players if n != NO_OPPONENT)
    assert len({frozenset(p.players) for p in b}) == len(b)                # no one meets twice
    assert sum(1 for p in b if p.players[1] == NO_OPPONENT) == 3           # a bye a round
    assert sorted(seen) == list(range(1, 8)) and set(seen.values()) == {3}   # each in each round
    roster = [p for p in plan.people if p.division == "B"]
    tables = sorted({p.table for p in b if p.round == 1 and p.table}, key=int)
    first = draw_round(DrawSettings("round_robin"), roster, [], [], 1, tables)
    assert {(p.table, p.players) for p in first} == {(p.table, p.players) for p in b if p.round == 1}


def test_the_director_reads_the_pairings_back_as_the_scripts_have_them(tmp_path):
    example, config, plan, games = drawn_event(tmp_path, rounds=3)
    with DirectorDB.open(tmp_path / "director.sqlite") as db:
        import_files(db, plan.uploads)
        import_files(db, [Upload(PAIRINGS_FILE, plan.pairings_csv)])
        read = [p for d in ("A", "B") for p in pairings(db, d)]
    key = lambda p: (p.round, p.division, p.table, p.players, p.first)   # noqa: E731
    assert sorted(map(key, read), key=str) == sorted(map(key, plan.paired), key=str)
    assert len(games) == 3 * 7
    names = {(p.division, p.number): p.name for p in plan.people}
    for p in plan.games:                    # each table's script: its pairing's names, in order
        assert games[(p.round, p.table)].players == tuple(names[(p.division, n)] for n in p.players)


def test_an_event_it_cannot_play_is_refused_with_the_reason(tmp_path, shared):
    config = load_config(EXAMPLE, {}, need_key=False)
    with pytest.raises(EventFileError, match=r"needs 7 tables a round \(division A: 4, "
                                             r"division B: 3\); tournament.tables names 5"):
        from_event_file(tmp_path, config.event_file, ("1", "2", "3", "4", "5"))
    played = tmp_path / "a.t"                         # a division with its rounds played already
    played.write_bytes((shared.tsh / "naspa-2023-division-a.t").read_bytes())
    with pytest.raises(EventFileError, match="has pairings or results already"):
        from_event_file(tmp_path, played, ())
    with pytest.raises(EventFileError, match="no such file"):
        from_event_file(tmp_path, tmp_path / "missing.tsh", ())


@pytest.mark.parametrize("named", ["../outside/a.t", "/etc/shadow", "/proc/self/environ",
                                   "sub/a.t", "a.key", "link.t"])
def test_a_config_naming_a_file_not_a_t_file_in_its_own_folder_is_refused_by_its_line(tmp_path, named):
    """Only .t files in the config's own folder, as ``python -m director import`` reads them: a
    folder, an absolute path, another suffix, or a link out of the folder (``link.t`` to
    ``../outside/a.t``) is refused naming the config's line, before the file is read."""
    outside, event_dir = tmp_path / "outside", tmp_path / "event"
    outside.mkdir()
    (event_dir / "sub").mkdir(parents=True)
    (outside / "a.t").write_bytes((EXAMPLE.parent / "a.t").read_bytes())
    (event_dir / "sub" / "a.t").write_bytes((EXAMPLE.parent / "a.t").read_bytes())
    (event_dir / "link.t").symlink_to(outside / "a.t")
    config = event_dir / "config.tsh"
    config.write_text(f"# an event\ndivision A {named}\n")
    said = ("is a link out of the config's folder" if named == "link.t"
            else f"must be a .t file beside the config (a name without a folder), not {named!r}")
    with pytest.raises(EventFileError) as refused:
        from_event_file(tmp_path / "work", config, ())
    assert str(refused.value).startswith(f"tournament.event_file: {config}:2: division A: its file")
    assert said in str(refused.value)
    assert not (tmp_path / "work" / "event.sqlite").exists()           # nothing imported


def test_a_made_up_event_is_drawn_at_the_configs_table_names(tmp_path):
    options = Options(tables=3, rounds=2, names=("A1", "A2", "B1"))
    path = tmp_path / "rehearsal.toml"
    path.write_text(options.director_toml(tmp_path, "a-key-for-the-test-0123", 8080))
    plan = made_up(3)
    paired, games = drawn.plan_rounds(tmp_path, options, load_config(path, {}), plan.people,
                                      plan.uploads)
    plan.drawn(paired, options.table_names, ("A1", "A2", "B1"))
    assert plan.tables == ["A1", "A2", "B1"] and {p.table for p in plan.paired} == {"A1", "A2", "B1"}
    assert plan.pairings_csv.splitlines()[1].split(b",")[1] == b"A1"
    assert sorted(games) == [(r, t) for r in (1, 2) for t in ("A1", "A2", "B1")]


@pytest.mark.slow                       # real processes: a director and seven kiosks, a round
def test_the_two_division_example_is_rehearsed_from_its_own_config(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "director", "rehearse", "--config", str(EXAMPLE), "--rounds", "1",
         "--speed", "40", "--net-cut-s", "15", "--out", str(tmp_path / "rehearsal")],
        cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True,
        timeout=900)
    report = out.stdout
    print(report)
    assert out.returncode in (0, 3), report + out.stderr      # 3: checked out, the p99 over target
    assert "the event: 2 divisions (A 8, B 7 players), 7 tables" in report
    assert "7 tables enrolled by their codes" in report
    assert "round 1 started on the page (Start all rounds: divisions A, B)" in report
    assert "results in: 7 of 7 on the director's page; 7 stored once (revision 1)" in report
    assert "standings: equal to the scripts' (15 players, standings.csv)" in report
    assert "faults survived: 4 of 4\n" in report and "problems: none" in report
    folder = tmp_path / "rehearsal"
    assert f"every file kept in {folder}" in report
    for table in range(1, 8):                 # each table in its folder, enrolled on its own
        assert (folder / "tables" / f"table-{table}" / "enrollment.toml").is_file()
