"""The judge station linked to a table through the director, with real processes: a director
(``python -m director``), a table driven by its script (``python -m kiosk run --script``, its
challenges judged at the station: ``director.judge_at_station``) and the station driven by its
operator's script (``python -m kiosk judge --config ... --script``), each enrolled with its own
key. The table sends each challenge's words through the director and waits; the station rules
on the challenge the table has open and its one verdict comes back to the table, which rules
with it exactly as if it had judged: the game ends as its script says. Both ends journal the
verdict; a verdict for a challenge already ruled is refused; each challenge document is taken
once, in order of its seq, on the director's receipt (none sent again); the station's PIN is a
hash in its config, never on its command line."""
from __future__ import annotations

import json
import secrets
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from director.config import load_config
from director.rehearsal import event
from director.rehearsal.page import Page
from director.rehearsal.plan import Options
from director.rehearsal.processes import Director, environment
from director.rehearsal.rehearsal import free_port
from director.tables.enroll import KIOSK_KEY_FILE, enroll, enroll_station, write
from director.web.password import write_password_file
from common.game import events as ev
from common.replay import replay_lines
from kiosk.store import Journal
from kiosk.store.outbox import Outbox
from common.wire.signing import sign, station_key
from tests.support.quick_hash import quick_hash

pytestmark = pytest.mark.slow          # three processes and a game

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 240


def game(people) -> list[dict]:
    """A short game with two challenges, the first good words, the second a phony."""
    return [{"preset": "aspa", "overrides": {}, "round": 1, "players": [people[0].name, people[1].name],
             "first": 1},
            {"t": 0, "cmd": "call", "absent": []},
            {"t": 3, "cmd": "start", "first": 1},
            {"t": 20, "cmd": "play", "player": 1, "score": 30},
            {"t": 25, "cmd": "challenge", "player": 0, "words": ["QUIRE", "ZEBRA"], "valid": True},
            {"t": 60, "cmd": "resume", "player": 1},
            {"t": 80, "cmd": "play", "player": 0, "score": 22},
            {"t": 85, "cmd": "challenge", "player": 1, "words": ["ZXQ"], "valid": False},
            {"t": 120, "cmd": "resume", "player": 0},
            {"t": 130, "cmd": "play", "player": 1, "score": 14},
            {"t": 135, "cmd": "play", "player": 0, "score": 16},      # a final of 0 or more: the door's
            {"t": 140, "cmd": "out", "player": 1, "score": 12},
            {"t": 142, "cmd": "accept", "player": 0},
            {"t": 146, "cmd": "rack", "player": 0, "tiles": "AE"},
            {"t": 150, "cmd": "confirm", "player": 0}, {"t": 151, "cmd": "confirm", "player": 1}]


def test_the_station_rules_on_the_tables_challenges_through_the_director(tmp_path):
    options = Options(tables=1, rounds=1)
    port, password = free_port(), secrets.token_urlsafe(9)
    write_password_file(tmp_path / "director.password", quick_hash(password))
    config_path = tmp_path / "director.toml"
    config_path.write_text(options.director_toml(tmp_path, secrets.token_hex(16), port))
    config = load_config(config_path, {})
    director = Director(tmp_path, config_path, port).start()
    table = station = None
    try:
        director.wait_ready()
        page = Page(director.url, password).login()
        people, paired = event.players(2), event.pairings(1, 1)
        page.import_file(event.FILE, event.event_file(people, paired))
        lines = game(people)
        script = tmp_path / "game.jsonl"
        script.write_text("".join(json.dumps(line) + "\n" for line in lines))

        made = enroll(config, "1", url=director.url)
        key_path, config_1 = write(made, tmp_path / "tables")
        store = tmp_path / "table-1.sqlite"
        config_1.write_text(made.snippet.replace(KIOSK_KEY_FILE, str(key_path)).replace(
            "[director]\n", "[director]\npoll_s = 1\njudge_at_station = true\n", 1)
            + f'\n[store]\npath = "{store}"\n')
        made = enroll_station(config, "1", url=director.url)
        key_path, station_config = write(made, tmp_path / "stations")
        station_config.write_text(made.snippet.replace(KIOSK_KEY_FILE, str(key_path)).replace(
            "[director]\n", f'[director]\npin_hash = "{quick_hash("2468")}"\n', 1))
        operator = tmp_path / "operator.jsonl"
        operator.write_text('{"t": 0, "table": "1"}\n{"t": 0, "table": "1"}\n')

        table = subprocess.Popen([sys.executable, "-m", "kiosk", "run", "--headless", "--config",
                                  str(config_1), "--script", str(script), "--speed", "5"],
                                 cwd=ROOT, env=environment(), stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        station = subprocess.Popen([sys.executable, "-m", "kiosk", "judge", "--headless",
                                    "--config", str(station_config), "--store",
                                    str(tmp_path / "station.sqlite"), "--script", str(operator)],
                                   cwd=ROOT, env=environment(), stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
        time.sleep(3)
        page.post("/api/rounds/start", {"round": 1})
        said, errors = station.communicate(timeout=TIMEOUT_S)
        assert station.returncode == 0, errors
        assert f"{operator}:1: table 1: acceptable" in said
        assert f"{operator}:2: table 1: not acceptable" in said
        played, errors = table.communicate(timeout=TIMEOUT_S)
        assert table.returncode == 0, errors
        assert "locked round 1 at wall" in played
    finally:
        for proc in (table, station):
            if proc is not None and proc.poll() is None:
                proc.kill()
        director.terminate()

    with Journal.open(store) as journal:                # the table ruled with the station's verdicts
        state = journal.replay(journal.conn.execute("SELECT MAX(id) FROM games").fetchone()[0])
    rulings = [e for e in state.events if isinstance(e, ev.ChallengeRuled)]
    assert [(r.words, r.valid) for r in rulings] == [(("QUIRE", "ZEBRA"), True), (("ZXQ",), False)]
    expected = replay_lines(json.dumps(line) for line in lines).result
    assert list(state.state.scores()) and state.state.phase == "confirmed"
    with sqlite3.connect(tmp_path / "station.sqlite") as station_db:       # the station journaled them
        assert station_db.execute("SELECT table_name, words, valid FROM adjudications ORDER BY id"
                                  ).fetchall() == [("1", '["QUIRE", "ZEBRA"]', 1), ("1", '["ZXQ"]', 0)]
    with sqlite3.connect(tmp_path / "director.sqlite") as db:
        rows = db.execute("SELECT id, state, station, valid FROM challenges ORDER BY opened_wall").fetchall()
        stored = db.execute("SELECT score0, score1 FROM results").fetchone()
        taken = db.execute("SELECT kind, sender, seq FROM taken_once ORDER BY kind").fetchall()
    assert [(r[1], r[2], r[3]) for r in rows] == [("ruled", "1", 1), ("ruled", "1", 0)]
    assert list(stored) == list(expected.final)
    with Outbox.open(store) as outbox:                  # each challenge document taken, receipted
        sent = [outbox.get(i) for (i,) in outbox.conn.execute(
            "SELECT id FROM outbox WHERE kind = 'challenge' ORDER BY id")]
    assert [d.body["document"]["state"] for d in sent] == ["open", "ruled", "open", "ruled"]
    assert all(d.acked is not None and d.last_error is None for d in sent), [d.last_error for d in sent]
    seqs = [d.body["document"]["seq"] for d in sent]
    assert seqs == sorted(set(seqs)) and taken == [("challenge", "1", seqs[-1]), ("verdict", "1", 0)]
