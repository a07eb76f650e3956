"""A director restored from a backup (or moved to a new laptop) lacks results it had
acknowledged, and a table never sends an acknowledged result again on its own. The tables keep
every result they sent; the director's answer to each status names the results it holds for the
table, and a table sends again, once, each acknowledged one it lacks (kiosk.store.outbox
``resend_unheld``): the real director's database is put back as it was before the results, and
the table's sender, as it runs, gives it back both rounds, each stored once, listed on the
director's page as taken back; the table deleted nothing."""
import json
import shutil
import sqlite3

from common.replay import replay_lines
from kiosk.store.outbox import Outbox
from kiosk.link.http_client import DirectorClient
from kiosk.link.sender import Sender
from common.wire.signing import table_key
from bench.rigs.sync_kiosks import KEY, play, script
from director.event.db import DirectorDB
from director.config import load_config
from director.web import view
from director.web.tables import tables_view
from tests.support.wait import wait_until

PAIRINGS = {1: {"3": ("Ann", "Bob", 0)}, 2: {"3": ("Ann", "Cy", 0)}}
FAST = dict(idle_s=0.02, status_s=0.2, poll_s=0.2, base_delay_s=0.05, max_delay_s=0.5)


def backup(db, to) -> None:
    """The director's database copied as its backup would be (SQLite's online backup)."""
    source, target = sqlite3.connect(db), sqlite3.connect(to)
    with target:
        source.backup(target)
    source.close()
    target.close()


def test_a_director_restored_from_a_backup_takes_back_each_result_it_lacks_once(tmp_path, real_director):
    director = real_director(PAIRINGS)
    backup(director.db_path, tmp_path / "backup.sqlite")            # before any result came in
    store = tmp_path / "kiosk.sqlite"
    play(store, "3", script(1, ("Ann", "Bob"), (30, 24)))
    play(store, "3", script(2, ("Ann", "Cy"), (10, 50)))
    playing = replay_lines(json.dumps(line) for line in script(3, ("Ann", "Di"), (1, 1))[:2]).state
    key = table_key(KEY, "3")
    sender = Sender(store, DirectorClient(director.url, "3", key, timeout_s=30), key, **FAST).start()
    try:
        wait_until(lambda: len(director.rows("results")) == 2, what="both results")
        wait_until(lambda: sender.link.pending == 0, what="both acknowledged")
        first = sorted((r["round"], r["sha256"]) for r in director.rows("results"))

        director.stop()                                         # the laptop dies; the backup comes back
        for suffix in ("", "-wal", "-shm"):
            (director.db_path.parent / (director.db_path.name + suffix)).unlink(missing_ok=True)
        shutil.copyfile(tmp_path / "backup.sqlite", director.db_path)
        director.start()
        sender.publish(playing, "table-3-round-3", "Link Open", "3")    # the table posts its status
        wait_until(lambda: len(director.rows("results")) == 2, what="both results taken back")
        wait_until(lambda: sender.link.pending == 0, what="both acknowledged again")
        rows = director.rows("results")
        assert sorted((r["round"], r["sha256"]) for r in rows) == first        # the same results
        assert {r["source"] for r in rows} == {"http (sent again)"}
        with DirectorDB.open(director.db_path) as db:
            (row,) = [r for r in tables_view(db, load_config(None, {}, need_key=False), 0.0)["tables"]
                      if r["table"] == "3"]
            assert row["taken_back"] == "round 1, round 2"              # the tables page
            assert view.taken_back(db) == [
                "table 3: round 1 (revision 1) taken back from the table, which had it acknowledged (http)",
                "table 3: round 2 (revision 1) taken back from the table, which had it acknowledged (http)"]
        sender.wake()                                           # more statuses: nothing more is sent
        wait_until(lambda: sender.link.pending == 0, what="quiet")
        assert len(director.rows("results")) == 2 and director.rows("results_audit") == []
    finally:
        assert sender.stop(60)
    with Outbox.open(store) as outbox:                          # the table deleted nothing
        rows = outbox.conn.execute("SELECT acked IS NOT NULL FROM outbox WHERE kind = 'result'").fetchall()
    assert rows == [(1,)] * 4
