"""The game journal on a real SQLite file: schema, durability pragmas, append/load round trip."""
from __future__ import annotations

import json
import sqlite3

import pytest

from common.game import commands as c
from common.game import events as ev
from common.game.errors import GameError
from common.game.game import decide
from common.game.rules import rules_from_preset
from common.game.state import new_game, replay
from common.presets import load_rules, preset_names
from kiosk.store import SCHEMA_VERSION, Journal, StoreError, UnknownRecord
from kiosk.store.db import pragmas


FULL_GAME = [
    (0, c.CallStart((1,))), (30, c.Arrive(1)), (35, c.Start(0)),
    (40, c.Play(0, 30, blanks="E")), (45, c.Hold(1)), (50, c.Challenge(1)),
    (60, c.Rule(("JOEY",), True)), (62, c.Resume(0)),
    (80, c.Press(1)), (85, c.Record(1, "play", score=24)),
    (100, c.Exchange(0, 3)), (120, c.Play(1, 18)),
    (125, c.Challenge(0, ("ZZXQ",), valid=False)), (130, c.Resume(1)),
    (140, c.Neutral("score")), (150, c.Resume(1)), (160, c.AdjustTime(0, 5000)),
    (170, c.Pass(0)), (180, c.Correct(1, 31)), (200, c.Play(1, 12)),
    (220, c.Out(0, 20)), (230, c.Accept(1)), (240, c.Rack(1, "QU?")),
    (250, c.Confirm(0)), (255, c.Confirm(1)),
]


def test_the_file_is_durable_wal_with_full_sync_and_carries_its_schema_version(tmp_path):
    path = tmp_path / "kiosk.db"
    with Journal.open(path) as journal:
        assert pragmas(journal.db) == {"journal_mode": "wal", "synchronous": 2,   # 2 = FULL
                                       "foreign_keys": 1, "user_version": SCHEMA_VERSION}
    raw = sqlite3.connect(path)                  # WAL is a property of the file itself
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    raw.close()
    with Journal.open(path) as journal:          # synchronous is per connection: set again
        assert journal.db.execute("PRAGMA synchronous").fetchone()[0] == 2


def test_tables_are_declared_with_keys_and_not_null(journal):
    assert set(journal.db.table_names()) == {"games", "events", "checkpoints", "adjudications",
                                             "director_menu", "outbox"}  # a recovery is an event
    events = journal.db["events"]
    assert events.pks == ["game_id", "seq"]
    assert {c.name for c in events.columns if c.notnull} == {
        "game_id", "seq", "type", "body", "at_ns", "boot_id", "wall"}
    assert journal.db["games"].pks == ["id"] and journal.db["checkpoints"].pks == ["game_id"]
    assert "STRICT" in journal.db["events"].schema
    with pytest.raises(sqlite3.IntegrityError):  # no event for a game that does not exist
        journal.db.execute("INSERT INTO events VALUES (99, 1, 'Tick', '{}', 0, 'b', 0.0)")


def test_who_starts_is_kept_with_the_game_and_a_schema_1_file_gains_its_column(tmp_path):
    path = tmp_path / "kiosk.db"
    rules = load_rules("aspa")
    with Journal.open(path) as journal:
        drawn = journal.new_game(rules, 2, ("Ann", "Bob"), "7", starts=1)
        state = journal.replay(drawn).state
        assert (journal.game(drawn).starts, state.starts) == (1, 1)
        with pytest.raises(GameError, match="the director has Bob going first: Ann presses"):
            decide(state, c.Start(first=0), 0)
        with pytest.raises(StoreError, match="who starts is player 0 or 1"):
            journal.new_game(rules, 2, ("Ann", "Bob"), "7", starts=2)
    raw = sqlite3.connect(path)                  # the file as the kiosk wrote it at schema 1
    raw.execute("ALTER TABLE games DROP COLUMN starts")
    raw.execute("DROP TABLE director_menu")      # schema 3's
    raw.execute("PRAGMA user_version=1")
    raw.commit()
    raw.close()
    with Journal.open(path) as journal:
        assert journal.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
        assert journal.game(drawn).starts is None and journal.game(drawn).players == ("Ann", "Bob")
        assert journal.game(journal.new_game(rules, 3, ("Cy", "Dee"), "7", starts=0)).starts == 0


def test_a_newer_schema_or_a_foreign_file_is_refused_by_name(tmp_path):
    newer = tmp_path / "newer.db"
    Journal.open(newer).close()
    raw = sqlite3.connect(newer)
    raw.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    raw.commit()
    raw.close()
    newer_schema = rf"newer\.db: written by a newer kiosk \(schema {SCHEMA_VERSION + 1}\)"
    with pytest.raises(StoreError, match=newer_schema):
        Journal.open(newer)
    foreign = tmp_path / "other.db"
    raw = sqlite3.connect(foreign)
    raw.execute("CREATE TABLE notes (x)")
    raw.commit()
    raw.close()
    with pytest.raises(StoreError, match="other.db: schema 0 with tables"):
        Journal.open(foreign)
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="junk.db: not a usable SQLite database"):
        Journal.open(junk)
    with pytest.raises(StoreError, match="does not exist"):
        Journal.open(tmp_path / "missing" / "kiosk.db")


@pytest.mark.parametrize("preset", preset_names())
def test_rules_stored_as_json_come_back_equal(journal, preset):
    rules = load_rules(preset, {"challenge.points": 7, "clock.time_per_side_s": 1320})
    assert rules_from_preset(json.loads(json.dumps(rules.to_dict())), "test") == rules
    game_id = journal.new_game(rules, 2, ("Ann", "Bob"), "12")
    record = journal.game(game_id)
    assert (record.rules, record.round, record.players, record.table, record.preset) == (
        rules, 2, ("Ann", "Bob"), "12", preset)


def test_a_whole_game_round_trips_through_the_file(kiosk, tmp_path):
    k = kiosk()
    for seconds, command in FULL_GAME:
        k.at(seconds, command)
    assert k.state.phase == "confirmed"
    kinds = {type(e).__name__ for e in k.events}
    assert {"StartCalled", "Arrived", "HoldCalled", "ChallengeRuled", "PhonyWithdrawn",
            "TurnRecorded", "TimeAdjusted", "ScoreCorrected", "RackEntered", "ResultLocked"} <= kinds
    k.journal.close()

    with type(k.journal).open(tmp_path / "kiosk.db") as reopened:
        state, events = reopened.load(k.game_id)
        assert events == k.events
        assert state == k.state
        rules = load_rules("aspa")
        assert state == replay(new_game(rules, 3, ("Ann", "Bob")), k.events)
        rows = list(reopened.db.query("SELECT seq, type, at_ns, wall, boot_id FROM events "
                                      "WHERE game_id = ? ORDER BY seq", [k.game_id]))
        assert [r["seq"] for r in rows] == list(range(1, len(k.events) + 1))
        assert [r["type"] for r in rows] == [type(e).__name__ for e in k.events]
        assert [r["at_ns"] for r in rows] == [e.at_ns for e in k.events]
        assert rows[-1]["wall"] == k.wall(255) and {r["boot_id"] for r in rows} == {reopened.boot_id}
        assert reopened.current_game() is None            # the result is locked
        assert reopened.game(k.game_id).finished_wall == k.wall(255)


def test_one_command_is_one_transaction_all_or_nothing(kiosk):
    k = kiosk().opening()
    before = k.journal.load(k.game_id)
    bad = [ev.TurnEnded(k.ns(100), 1, "play", score=12), ev.TurnEnded(k.ns(99), 0, "play", score=3)]
    with pytest.raises(StoreError, match="is before the game's last instant"):
        k.journal.append(k.game_id, bad, k.wall(100))
    assert k.journal.load(k.game_id) == before          # the first event was not kept either
    with pytest.raises(StoreError, match="not a game event"):
        k.journal.append(k.game_id, [c.Play(1, 12)])
    with pytest.raises(UnknownRecord, match="there is no game 404"):
        k.journal.append(404, [ev.TurnEnded(k.ns(100), 1, "play", score=12)])
    assert k.journal.load(k.game_id) == before


def test_current_game_is_the_latest_unfinished_one(journal, kiosk):
    assert journal.current_game() is None
    first = kiosk().opening()
    second = kiosk(players=("Cy", "Di"))
    assert journal.current_game() == second.game_id
    journal.close_game(second.game_id, "replaced by the director's pairing")
    assert journal.current_game() == first.game_id
    with pytest.raises(StoreError, match="was closed"):
        second.at(0, c.Start(1))
    assert journal.game(second.game_id).closed_reason == "replaced by the director's pairing"


def test_events_of_another_boot_are_refused_until_the_game_is_recovered(kiosk, tmp_path):
    k = kiosk().opening()                        # last event at 95 s on the first boot
    with Journal.open(tmp_path / "kiosk.db", boot_id="after-a-reboot") as rebooted:
        with pytest.raises(StoreError, match="last journaled in another boot: recover it"):
            rebooted.append(k.game_id, [ev.TurnEnded(5, 1, "play", score=12)])
        with pytest.raises(StoreError, match=r"game 1: Recovered from \d+ ns is before the "
                                             r"game's last event at \d+ ns"):
            rebooted.append(k.game_id, [ev.Recovered(5, from_ns=k.ns(94))])
        with pytest.raises(StoreError, match="last journaled in another boot"):
            rebooted.append(k.game_id, [ev.TurnEnded(5, 1, "play", score=12),
                                        ev.Recovered(6, from_ns=k.ns(95))])
        assert rebooted.load(k.game_id) == (k.state, k.events)      # nothing was kept
        # the recovery first (its at_ns on the new clock, far below the old one), then events
        rebooted.append(k.game_id, [ev.Recovered(5, from_ns=k.ns(96)),
                                    ev.ClockResumed(7, 0, 1)])
        with pytest.raises(StoreError, match="ClockResumed at 6 ns is before the game's last "
                                             "instant 7 ns"):
            rebooted.append(k.game_id, [ev.ClockResumed(6, 0, 1)])
        state, events = rebooted.load(k.game_id)
        assert state.clock.running == 1 and state.clock.since_ns == 7
        assert state == replay(new_game(load_rules("aspa"), 3, ("Ann", "Bob")), events)
        with pytest.raises(StoreError, match="Recovered at 8 ns is before the instant it resumes "
                                             "from, 9 ns, on the same boot"):
            rebooted.append(k.game_id, [ev.Recovered(8, from_ns=9)])
    with pytest.raises(StoreError, match="nothing to recover before the game's first event"):
        k.journal.append(kiosk().game_id, [ev.Recovered(5, from_ns=4)])


def test_a_boot_change_without_a_recovery_or_a_recovery_that_does_not_fit_is_reported(kiosk):
    k = kiosk().opening()
    k.journal.db.execute("UPDATE events SET boot_id = 'elsewhere' WHERE game_id = ? AND seq = 4",
                         [k.game_id])
    with pytest.raises(StoreError, match=r"kiosk\.db: game 1: event 4 \(TurnEnded\) is from "
                                         "another boot than event 3, and only a Recovered event"):
        k.journal.load(k.game_id)
    k.journal.db.execute("UPDATE events SET boot_id = ? WHERE game_id = ? AND seq = 4",
                         [k.journal.boot_id, k.game_id])
    early = ev.Recovered(2, from_ns=k.ns(90))    # the game stopped before its last event?
    k.journal.db["events"].insert({"game_id": k.game_id, "seq": 5, "type": "Recovered",
                                   "body": ev.to_json(early), "at_ns": 2, "boot_id": "next-boot",
                                   "wall": k.wall(200)})
    with pytest.raises(StoreError, match=r"kiosk\.db: game 1: event 5 \(Recovered\) does not "
                                         "fit the game: the game stopped at .* before its last event"):
        k.journal.load(k.game_id)


def test_a_damaged_row_is_reported_with_its_game_and_seq(kiosk):
    k = kiosk().opening()
    k.journal.db.execute("UPDATE events SET body = '{\"schema\": 1, \"type\": \"Nope\", "
                         "\"at_ns\": 1}' WHERE game_id = ? AND seq = 3", [k.game_id])
    unreadable = r"kiosk\.db: game 1: event 3 cannot be read: unknown event type 'Nope'"
    with pytest.raises(StoreError, match=unreadable):
        k.journal.load(k.game_id)
    k.journal.db.execute("DELETE FROM events WHERE game_id = ? AND seq = 3", [k.game_id])
    with pytest.raises(StoreError, match="game 1: event 3 is missing"):
        k.journal.load(k.game_id)


def test_bad_game_details_are_refused(journal):
    rules = load_rules("aspa")
    with pytest.raises(StoreError, match="a round is a whole number"):
        journal.new_game(rules, 0, ("Ann", "Bob"), 1)
    with pytest.raises(StoreError, match="two named players"):
        journal.new_game(rules, 1, ("Ann", " "), 1)
    with pytest.raises(StoreError, match="table's name or number"):
        journal.new_game(rules, 1, ("Ann", "Bob"), "")
    assert journal.db["games"].count == 0


def test_a_game_stored_before_a_setting_existed_is_read_with_its_legacy_value(journal):
    """An older kiosk's row holds rules without issue 19's settings (and no [cite]): the game
    comes back, played on under the readings it began with (rules.legacy values)."""
    rules = load_rules("nzasp")
    game_id = journal.new_game(rules, 1, ("Ann", "Bob"), "3")
    old = rules.to_dict()
    del old["cite"], old["clock"]["overtime_counts"], old["late"]["charge_limit_s"]
    old["late"]["forfeit_after_s"] = 1500               # as the nzasp preset had it then
    with journal.transaction():
        journal.conn.execute("UPDATE games SET rules = ? WHERE id = ?",
                             [json.dumps(old, sort_keys=True), game_id])
    stored = journal.game(game_id).rules
    assert stored.clock.overtime_counts == "whole_seconds" and stored.late.charge_limit_s == 0
    assert stored.late.forfeit_after_s == 1500 and stored.cites == ()
