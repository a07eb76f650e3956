"""The live pages' events (director.web.live): rendered once and shared by every open page, a burst
of changes sent as one update, a page that falls behind dropped with its reason rather than
piling up; the public stream carries none of the director's own parts."""
import asyncio
import json
import socket
import threading

import pytest

from director.limits import Slots
from director.web.live import BEHIND_S, MAX_QUEUED, Broadcaster, Stream

WAIT_S = 30


def parts_counting(calls: list, block_on: dict):
    """A compute that counts its calls and, at the call numbered in ``block_on``, waits for its
    event (so that changes can come in while it computes)."""
    def compute():
        calls.append(None)
        if len(calls) in block_on:
            block_on[len(calls)].wait(WAIT_S)
        return {"clock": {"now": len(calls)}, "tiles": [{"division": "A", "tiles": [
            {"table": "1", "state": "playing" if len(calls) % 2 else "result"}]}]}
    return compute


async def until(test):
    for _ in range(WAIT_S * 100):
        if test():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("not within the wait")


def test_a_burst_of_changes_is_one_update_shared_by_every_page():
    calls, computing = [], threading.Event()

    async def scenario():
        live = Broadcaster(parts_counting(calls, {2: computing}), {"public": ("clock", "tiles")},
                           Slots(10, 10), min_interval=0.0, tick=3600)
        live.attach(asyncio.get_running_loop())
        (one, first), (two, _) = await live.open("public", "a"), await live.open("public", "b")
        assert len(calls) == 1 and first.startswith(b"retry: 2000\n\nevent: clock")
        live.notify()
        await until(lambda: len(calls) == 2)            # the update under way...
        changes = [threading.Thread(target=live.notify) for _ in range(100)]
        for thread in changes:                          # ...while 100 changes come in
            thread.start()
        for thread in changes:
            thread.join()
        computing.set()
        await until(lambda: len(one.queued) == 2)
        await asyncio.sleep(0.2)                        # nothing more comes
        assert len(calls) == 3 and len(one.queued) == len(two.queued) == 2
        assert all(a is b for a, b in zip(one.queued, two.queued))     # the same bytes, once
        assert one.queued[0] == (b'event: clock\ndata: {"now":2}\n\nevent: tiles\ndata: {"groups":'
                                 b'[{"division":"A","items":[{"table":"1","state":"result"}]}]}\n\n')
        await live.close()

    asyncio.run(scenario())


def test_a_crowd_opening_at_once_is_computed_for_once():
    calls = []

    async def scenario():
        live = Broadcaster(parts_counting(calls, {}), {"public": ("clock", "tiles")},
                           Slots(100, 100), tick=3600)
        live.attach(asyncio.get_running_loop())
        opened = await asyncio.gather(*(live.open("public", "a") for _ in range(50)))
        assert len(calls) == 1 and len({first for _, first in opened}) == 1
        await live.close()

    asyncio.run(scenario())


def test_the_updates_outlive_a_read_that_failed():
    calls = []

    def compute():
        calls.append(None)
        if len(calls) == 2:
            raise OSError("disk I/O error")
        return {"clock": {"now": len(calls)}}

    async def scenario():
        live = Broadcaster(compute, {"public": ("clock",)}, Slots(10, 10), min_interval=0.0, tick=0.01)
        live.attach(asyncio.get_running_loop())
        stream, _ = await live.open("public", "a")
        live.notify()                                   # the read that fails
        await until(lambda: len(calls) >= 3 and stream.queued)
        assert stream.queued[-1].startswith(b'event: clock\ndata: {"now":')
        await live.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("waiting, at", [(MAX_QUEUED, 0.0), (1, BEHIND_S + 1)],
                         ids=["MAX_QUEUED updates waiting", "an update waiting over BEHIND_S"])
def test_a_page_that_falls_behind_is_dropped_with_its_reason_and_sent_nothing_more(waiting, at):
    """A page whose updates wait (its connection holds its share: the stream cannot write) has
    fallen behind once MAX_QUEUED wait or the oldest has waited over BEHIND_S (issue 39: before,
    a page too slow was sent every part whole again, and 300 that never read held 150 KB each):
    the updates waiting are let go, it is sent a ``dropped`` event with the reason, and its
    stream ends, its slot free for the page opened again."""
    calls, now = [], [0.0]

    async def scenario():
        live = Broadcaster(parts_counting(calls, {}), {"public": ("clock", "tiles")}, Slots(10, 10),
                           tick=3600, clock=lambda: now[0])
        live.attach(asyncio.get_running_loop())
        stream, first = await live.open("public", "a")
        reader = live.stream(stream, first)
        assert await reader.__anext__() == first        # every part whole, at once
        for n in range(waiting):
            assert stream.push(b"update %d" % n, 0.0)
        now[0] = at
        live.publish({"clock": {"now": 99}, "tiles": []})   # the update that finds it behind
        assert stream.dropped is not None and not stream.queued
        dropped = await reader.__anext__()
        assert dropped.startswith(b"event: dropped\ndata: ")
        reason = json.loads(dropped.split(b"data: ", 1)[1])["reason"]
        assert reason == (f"this page fell behind the live updates: {waiting} waited, the oldest "
                          f"{at:.0f} s, while its connection held its share ({live.share // 1024} "
                          "KB) of the 8192 KB all live pages may hold together; it opens again by "
                          "itself, with everything afresh")
        with pytest.raises(StopAsyncIteration):
            await reader.__anext__()
        assert live.streams == set() and live.slots.count == 0
        await live.close()

    asyncio.run(scenario())


def test_a_page_reading_its_updates_is_never_behind():
    """Updates taken as they come never wait: however long the stream is open, none is dropped."""
    calls, now = [], [0.0]

    async def scenario():
        live = Broadcaster(parts_counting(calls, {}), {"public": ("clock",)}, Slots(10, 10),
                           tick=3600, clock=lambda: now[0])
        live.attach(asyncio.get_running_loop())
        stream, first = await live.open("public", "a")
        reader = live.stream(stream, first)
        await reader.__anext__()
        for n in range(3 * MAX_QUEUED):
            now[0] = n * BEHIND_S
            live.publish({"clock": {"now": 1000 + n}})
            assert (await reader.__anext__()).startswith(b"event: clock")
        assert stream.dropped is None
        await reader.aclose()
        await live.close()

    asyncio.run(scenario())


def test_a_new_page_is_sent_the_parts_whole_shared_and_half_a_share_at_a_time():
    """Every page opened between two updates is handed the same bytes (no copy of its own), and
    its stream writes them half its share at a time: what its connection may hold unread."""
    calls = []

    async def scenario():
        live = Broadcaster(parts_counting(calls, {}), {"public": ("clock", "tiles")}, Slots(10, 10),
                           tick=3600, budget=10 * 4096)
        live.attach(asyncio.get_running_loop())
        live.publish({"clock": {"now": 1}, "tiles": [{"division": "A", "tiles": [
            {"table": str(t), "state": "playing"} for t in range(500)]}]})
        (one, first), (two, again) = await live.open("public", "a"), await live.open("public", "b")
        assert first is again and len(first) > live.share == 4096
        reader = live.stream(one, first)
        pieces = [await reader.__anext__() for _ in range(-(-len(first) // 2048))]
        assert b"".join(pieces) == first and max(map(len, pieces)) == 2048
        await reader.aclose()
        await live.close()

    asyncio.run(scenario())


def first_events(director, path: str, headers: str = "") -> bytes:
    """The opening of a live stream, up to its standings."""
    sock = socket.create_connection(("127.0.0.1", director.port), timeout=WAIT_S)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}\r\n".encode())
    data = b""
    while b"event: standings" not in data or not data.endswith(b"\n\n\r\n"):
        data += sock.recv(65536)
    sock.close()
    return data


def test_the_public_stream_carries_none_of_the_directors_own_parts(director):
    public = first_events(director, "/live/events")
    own = first_events(director, "/events", f"Cookie: {director.page.headers('GET')['Cookie']}\r\n")
    for name in (b"clock", b"event", b"tiles", b"results", b"standings"):
        assert b"event: " + name + b"\n" in public and b"event: " + name + b"\n" in own
    assert b"event: problems\n" in own and b"problems" not in public
    assert Stream("public", "a").queued.maxlen is None


def test_the_standings_are_computed_again_at_most_every_two_seconds_while_results_pour_in(director):
    from director.event.model import Pairing, Player
    from director.web.parts import STANDINGS_EVERY_S, Snapshot
    from director.event.rounds import start_round, store_pairings, store_players
    from tests.support.director_harness import result_doc, signed_bytes

    store_players(director.db, [Player(n, name) for n, name in enumerate(["Ann", "Bob", "Cat", "Dan"], 1)])
    store_pairings(director.db, [Pairing(1, "1", (1, 2), 0), Pairing(1, "2", (3, 4), 1)])
    start_round(director.db, 1, 1e9)
    clock = [100.0]
    snapshot = Snapshot(director.db, director.config, lambda: 0.0, lambda: clock[0])
    before = snapshot()["standings"]
    assert snapshot.held_for() is None
    for table, players in (("1", ("Ann", "Bob")), ("2", ("Cat", "Dan"))):
        assert director.post(table, "results", signed_bytes(result_doc(table, players=players))).code == 200
    clock[0] += STANDINGS_EVERY_S / 2
    assert snapshot()["standings"] == before                    # held back...
    assert snapshot.held_for() == STANDINGS_EVERY_S / 2         # ...for the rest of the 2 s
    clock[0] += STANDINGS_EVERY_S / 2
    after = snapshot()["standings"]
    assert after != before and "+" in after[0]["html"] and snapshot.held_for() is None
