"""The store's ballast (kiosk/store/ballast.py): a file of real, allocated blocks beside the
store, given back on the first full-disk error; which errors mean a full disk."""
import sqlite3

import pytest

from kiosk.store.ballast import Ballast, full
from tests.support.small_fs import fill, small_fs


def test_the_ballast_is_allocated_beside_the_store_and_given_back_once(tmp_path):
    ballast = Ballast(tmp_path / "kiosk.sqlite", 256)
    assert ballast.path == tmp_path / "kiosk.sqlite.ballast"
    assert ballast.keep() and ballast.keep()
    assert ballast.path.stat().st_size == 256 * 1024
    assert ballast.path.stat().st_blocks * 512 >= 256 * 1024      # real blocks, not a sparse file
    assert ballast.release() and not ballast.path.exists()
    assert not ballast.release()
    none = Ballast(tmp_path / "other.sqlite", 0)
    assert none.keep() and not none.path.exists()


def test_on_a_full_disk_no_ballast_is_made_and_no_part_of_it_left(tmp_path):
    with small_fs(tmp_path / "card", "64k") as card:
        fill(card)
        ballast = Ballast(card / "kiosk.sqlite", 16)
        assert not ballast.keep()
        assert not ballast.path.exists()


def test_sqlites_full_error_is_a_full_disk_and_a_locked_database_is_not(tmp_path):
    db = sqlite3.connect(tmp_path / "x.sqlite")
    db.execute("CREATE TABLE t (x)")
    db.execute(f"PRAGMA max_page_count={db.execute('PRAGMA page_count').fetchone()[0]}")
    with pytest.raises(sqlite3.OperationalError) as caught:
        db.execute("INSERT INTO t VALUES (?)", [b"x" * 100_000])
    assert str(caught.value) == "database or disk is full" and full(caught.value)
    other = sqlite3.connect(tmp_path / "x.sqlite", timeout=0)
    db.execute("BEGIN IMMEDIATE")
    with pytest.raises(sqlite3.OperationalError) as locked:
        other.execute("BEGIN IMMEDIATE")
    assert not full(locked.value)
    assert full(OSError(28, "No space left on device")) and not full(OSError(5, "I/O error"))
