"""Attack: the power pulled under the director. Its database ran with synchronous=NORMAL: a
commit was in the kernel's memory, not on the disk, when the table was told its result was
stored, and a table never sends an acknowledged result again. With synchronous=FULL a result is
on the disk before it is acknowledged. The service runs on a real ext4 file system on a loop
device (tests/support/power_cut_disk.py), tables post their results, and the power is cut (the
disk taken as it is at that instant, the service killed): on the disk as found afterwards, every
acknowledged result is there, stored once, while a file written without a sync beside it is
lost, as a power cut loses it; the director started again on that disk serves and takes the
next result."""
import sqlite3
import urllib.request

import pytest

from bench.rigs.director_process import DirectorProcess, seed
from tests.security.conftest import played
from tests.support.director_harness import KEY, TOURNAMENT, signed_bytes
from tests.support.power_cut_disk import power_cut_disk

TABLES = 30


def post(url: str, table: str, raw: bytes) -> int:
    request = urllib.request.Request(f"{url}/api/tables/{table}/results", data=raw, method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except OSError:
        return 0


@pytest.mark.slow
def test_every_result_the_director_acknowledged_is_on_the_disk_after_a_power_cut(tmp_path):
    with power_cut_disk(tmp_path / "card") as disk:
        db = disk.mount / "director.sqlite"
        pairings = {1: {str(t): (f"A{t}", f"B{t}", 0) for t in range(1, TABLES + 1)}}
        seed(db, pairings)
        director = DirectorProcess(db, KEY.encode(), tournament=TOURNAMENT,
                                   log=tmp_path / "director.log").start()
        disk.sync()                                        # the event as it was set up: on the disk
        acknowledged = []
        for t in range(1, TABLES + 1):
            document = played(table=str(t), players=(f"A{t}", f"B{t}"), scores=(30 + t, 20))
            if post(director.url, str(t), signed_bytes(document)) == 200:
                acknowledged.append(str(t))
        (disk.mount / "unsynced.log").write_bytes(b"written, never synced\n" * 1000)
        disk.cut()                                         # the power goes, here
        director.kill()
        assert len(acknowledged) == TABLES
        with disk.restored() as card:
            assert not (card / "unsynced.log").exists() or (card / "unsynced.log").stat().st_size == 0
            conn = sqlite3.connect(card / "director.sqlite")
            try:
                assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
                found = sorted(r[0] for r in conn.execute("SELECT table_name FROM results"))
            finally:
                conn.close()
            assert found == sorted(acknowledged)
            again = DirectorProcess(card / "director.sqlite", KEY.encode(), tournament=TOURNAMENT,
                                    log=tmp_path / "again.log").start()
            try:
                first = played(table="1", players=("A1", "B1"), scores=(31, 20))
                assert post(again.url, "1", signed_bytes(first)) == 200          # a duplicate
                assert len(again.rows("results")) == TABLES
            finally:
                again.stop()
