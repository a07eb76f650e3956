"""The record of the director's menu at the table, on a real SQLite file: each use with its game,
in order; a game replaced before its first event hands its uses on; and a kiosk store of the
schema before the record existed is brought up to date on open, its games kept."""
from __future__ import annotations

import sqlite3

import pytest

from common.game.vocabulary import MenuUse
from common.presets import load_rules
from kiosk.store import SCHEMA_VERSION, Journal, StoreError
from kiosk.store.menu_uses import menu_uses, move_menu_uses, record_menu_use


def test_each_use_is_kept_with_its_game_in_order(journal, kiosk):
    game = kiosk().opening()
    record_menu_use(journal, game.game_id, MenuUse.WRONG_PIN, at_ns=game.ns(100), wall=5.0)
    record_menu_use(journal, game.game_id, MenuUse.OPENED, at_ns=game.ns(101), wall=6.0)
    record_menu_use(journal, game.game_id, "recorded", "adjust a player's time: Ann +0:30",
                    at_ns=game.ns(110), wall=7.0)
    uses = menu_uses(journal, game.game_id)
    assert [(u["use"], u["detail"], u["wall"]) for u in uses] == [
        ("wrong_pin", "", 5.0), ("opened", "", 6.0),
        ("recorded", "adjust a player's time: Ann +0:30", 7.0)]
    assert uses[0]["at_ns"] == game.ns(100) and uses[0]["boot_id"] == journal.boot_id
    other = kiosk(players=("Cy", "Di"))
    assert menu_uses(journal, other.game_id) == []


def test_a_use_names_a_known_game_and_a_known_kind(journal, kiosk):
    game = kiosk()
    with pytest.raises(ValueError):
        record_menu_use(journal, game.game_id, "opened the bag", at_ns=1)
    with pytest.raises(StoreError):
        record_menu_use(journal, game.game_id + 99, MenuUse.OPENED, at_ns=1)
    assert journal.db["director_menu"].count == 0


def test_a_replaced_game_hands_its_uses_to_the_next(journal, kiosk):
    first, second = kiosk(), kiosk(players=("Cy", "Di"))
    record_menu_use(journal, first.game_id, MenuUse.SELFTEST, "self-test: all OK", at_ns=1)
    move_menu_uses(journal, first.game_id, second.game_id)
    assert menu_uses(journal, first.game_id) == []
    assert [u["detail"] for u in menu_uses(journal, second.game_id)] == ["self-test: all OK"]


def test_a_store_of_the_schema_before_is_brought_up_to_date_and_keeps_its_games(tmp_path):
    path = tmp_path / "old.db"
    with Journal.open(path) as journal:
        game_id = journal.new_game(load_rules("aspa"), 2, ("Ann", "Bob"), "7")
    raw = sqlite3.connect(path)             # as a kiosk of schema 2 left it
    raw.execute("DROP TABLE director_menu")
    raw.execute("PRAGMA user_version=2")
    raw.commit()
    raw.close()
    with Journal.open(path) as journal:
        assert journal.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
        assert journal.game(game_id).players == ("Ann", "Bob")
        record_menu_use(journal, game_id, MenuUse.OPENED, at_ns=5)
        assert [u["use"] for u in menu_uses(journal, game_id)] == ["opened"]
