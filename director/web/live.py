"""Server-sent events for the live pages, rendered once and shared by every open page.

``Broadcaster`` is woken by the database's change notices (``notify``, from any thread: the web
app's worker threads or the serial poller). Its one task then computes the parts (director.web.parts)
once, in a worker thread, works out what changed since the last time (director.web.live_patch) and
writes those events once, as bytes that every open stream of a channel is handed as they are:
``public`` (the public live view) gets the public parts, ``director`` every part. A burst of
changes is one update: after an update the task waits ``MIN_INTERVAL_S`` before the next, so a
page gets at most a few a second however fast results come in. Every ``TICK_S`` it looks again
anyway (a table falls silent without any notice), and sooner when the computing held a part
back (``held_for``: the standings, at most every 2 s); a stream with nothing to send for that
long gets a keep-alive comment.

A stream opens with every part of its channel, whole (computed once per update however many
pages open), then gets each update's events. Open streams are counted per client address and in
all, the director's page's in a reserve of their own (director.limits.Slots).

What the open pages hold of the service's memory together is bounded by ``budget`` (the
service's ``director.limits.LIVE_BUFFER``; 300 public streams that never read held some 150 KB
each before, 46 to 106 MB): each page's share is the budget over the streams the service may
have open (``limits.live_total``), and what is written to a page's connection that its reader
has not taken is held to it (``Unsent``, the door's wires, director.web.connections: its
transport's write buffer and its kernel's send buffer limited to half the share, and the page's
bytes written half a share at a time). A page whose connection holds its share while an update
has waited for it over ``BEHIND_S``, or while ``MAX_QUEUED`` updates wait, has fallen behind: it
is dropped, the updates waiting let go, and sent a ``dropped`` event with the reason once its
reader takes what it holds; its browser then opens it again (``retry``) and is sent every part
whole. A reader that takes nothing has its connection cut after
``DROP_GRACE_S``, what it held let go.
"""
from __future__ import annotations

import asyncio
import collections
import json
import logging
import time
from typing import AsyncIterator, Callable, Protocol

from starlette.concurrency import run_in_threadpool

from . import live_patch
from director.limits import LIVE_BUFFER, Slots

log = logging.getLogger("director.web.live")

TICK_S = 5.0
MIN_INTERVAL_S = 0.4
MAX_QUEUED = 25
BEHIND_S = 2 * TICK_S       # an update waiting this long for a page: the page has fallen behind
RETRY = b"retry: 2000\n\n"
KEEP_ALIVE = b": keep-alive\n\n"
DROP_GRACE_S = 2.0          # a dropped page's reader has this long to take what it holds
LEAST_SHARE = 4096          # a page's share of the budget, however many pages may be open


class Unsent(Protocol):
    """What the live pages ask of the connections under them (director.web.connections.Wires),
    each named by its client's (address, port): the bytes written to it that its reader has not
    taken; its write buffer held to ``high`` bytes (a write past it waits for the reader); and
    the connection cut, what it held let go."""

    def unsent(self, client: tuple | None) -> int: ...

    def hold_to(self, client: tuple | None, high: int) -> None: ...

    def cut(self, client: tuple | None, why: str) -> None: ...


class NoWires:
    """The connections of an app served without the door: nothing known unsent, held or cut."""

    def unsent(self, client: tuple | None) -> int:
        return 0

    def hold_to(self, client: tuple | None, high: int) -> None:
        return None

    def cut(self, client: tuple | None, why: str) -> None:
        return None


def dropped_event(reason: str) -> bytes:
    """The event a dropped page is sent last: ``dropped``, its data ``{"reason": ...}``."""
    return b"event: dropped\ndata: " + json.dumps({"reason": reason}).encode() + b"\n\n"


class Stream:
    """One open page: the updates waiting for it; ``session``, the director's session it was
    opened under (its stream ends with the session); ``client``, its connection's (address,
    port); ``dropped``, why it was dropped, once it is."""

    def __init__(self, channel: str, address: str, session: str | None = None,
                 client: tuple | None = None):
        self.channel, self.address, self.session, self.client = channel, address, session, client
        self.queued: collections.deque[bytes] = collections.deque()
        self.since = 0.0            # when the oldest update waiting was queued
        self.ended = False
        self.dropped: str | None = None
        self.wake = asyncio.Event()

    def push(self, data: bytes, now: float) -> bool:
        """``data`` queued at ``now`` (seconds); False (nothing queued) once the page has fallen
        behind: ``MAX_QUEUED`` updates wait, or the oldest has waited over ``BEHIND_S``."""
        if len(self.queued) >= MAX_QUEUED or (self.queued and now - self.since > BEHIND_S):
            return False
        if self.dropped is None:
            if not self.queued:
                self.since = now
            self.queued.append(data)
            self.wake.set()
        return True

    def drop(self, reason: str) -> None:
        """No more updates: the page is sent ``reason`` and its stream ends."""
        self.dropped = reason
        self.queued.clear()
        self.wake.set()


class Broadcaster:
    def __init__(self, compute: Callable[[], dict], channels: dict[str, tuple[str, ...]],
                 slots: Slots, *, held_for: Callable[[], float | None] = lambda: None,
                 min_interval: float = MIN_INTERVAL_S, tick: float = TICK_S,
                 budget: int = LIVE_BUFFER, wires: Unsent | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self.compute, self.channels, self.slots, self.held_for = compute, channels, slots, held_for
        self.min_interval, self.tick = min_interval, tick
        self.budget, self.wires, self.clock = budget, wires or NoWires(), clock
        self.share = max(LEAST_SHARE, budget // max(1, slots.total))    # each page's at most
        self.loop: asyncio.AbstractEventLoop | None = None
        self.streams: set[Stream] = set()
        self.parts: dict | None = None
        self.whole: dict[str, bytes] = {}           # channel -> a stream's first bytes, this update's
        self.stale, self.flagged, self.closing = True, False, False
        self.dirty: asyncio.Event | None = None
        self.computing: asyncio.Lock | None = None
        self.task: asyncio.Task | None = None

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start on the running loop (the app's lifespan)."""
        self.loop, self.dirty, self.computing = loop, asyncio.Event(), asyncio.Lock()
        self.task = loop.create_task(self.run())

    def notify(self, what: str = "") -> None:
        """Called from any thread after the database changed."""
        if self.flagged or self.loop is None or self.loop.is_closed():
            return
        self.flagged = True
        self.loop.call_soon_threadsafe(self.dirty.set)

    async def close(self) -> None:
        self.closing = True
        for stream in self.streams:
            stream.wake.set()
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except asyncio.CancelledError:
                pass

    async def run(self) -> None:
        while not self.closing:
            held = self.held_for() if self.streams else None
            try:
                await asyncio.wait_for(self.dirty.wait(), timeout=min(self.tick, held or self.tick))
            except asyncio.TimeoutError:
                pass
            if not self.streams:
                self.stale, self.flagged = True, False
                self.dirty.clear()
                continue
            try:
                await self.refresh()
            except Exception:                  # noqa: BLE001 - the pages must outlive a bad read
                log.exception("the live pages' parts could not be read; trying again")
                await asyncio.sleep(self.tick)
            await asyncio.sleep(self.min_interval)

    async def refresh(self, only_if_stale: bool = False) -> None:
        """Compute the parts once and hand every open stream what changed (``only_if_stale``:
        unless another refresh brought them up to date while this one waited its turn)."""
        async with self.computing:
            if only_if_stale and not self.stale:
                return
            self.flagged = False
            self.dirty.clear()
            parts = await run_in_threadpool(self.compute)
            self.publish(parts)

    def publish(self, parts: dict) -> None:
        old = self.parts or {}
        changed = {}
        for name, value in parts.items():
            data = live_patch.diff(name, old.get(name), value)
            if data is not None:
                changed[name] = live_patch.event(name, data)
        self.parts, self.whole, self.stale = parts, {}, False
        batches = {channel: b"".join(changed[n] for n in names if n in changed)
                   for channel, names in self.channels.items()}
        now = self.clock()
        for stream in self.streams:
            if batches[stream.channel] and not stream.push(batches[stream.channel], now):
                self._drop(stream, now)

    def _drop(self, stream: Stream, now: float) -> None:
        stream.drop(f"this page fell behind the live updates: {len(stream.queued)} waited, the "
                    f"oldest {now - stream.since:.0f} s, while its connection held its share "
                    f"({self.share // 1024} KB) of the {self.budget // 1024} KB all live pages "
                    "may hold together; it opens again by itself, with everything afresh")
        log.info("a live page of %s dropped: behind the live updates", stream.address)
        if self.loop is not None:
            self.loop.call_later(DROP_GRACE_S, self._cut_if_unread, stream)

    def _cut_if_unread(self, stream: Stream) -> None:
        """A dropped page whose reader has still not taken what it holds: its connection cut."""
        if self.wires.unsent(stream.client) > 0:
            self.wires.cut(stream.client, "a live page dropped behind, its reader taking nothing")

    def _pieces(self, data: bytes):
        """``data`` half a share at a time: what a page's connection may hold unread."""
        step = self.share // 2
        return (data[i:i + step] for i in range(0, len(data), step)) if len(data) > step else (data,)

    def _whole(self, channel: str) -> bytes:
        """A new stream's first bytes: the retry and every part whole, one object shared by every
        stream opened on ``channel`` since the last update (a stream holds no copy of its own)."""
        if channel not in self.whole:
            self.whole[channel] = RETRY + b"".join(
                live_patch.event(name, live_patch.whole(name, self.parts[name]))
                for name in self.channels[channel])
        return self.whole[channel]

    def end_session(self, session: str) -> None:
        """End the streams opened under the director's ``session`` (logged out)."""
        for stream in self.streams:
            if stream.session == session:
                stream.ended = True
                stream.wake.set()

    async def open(self, channel: str, address: str, session: str | None = None,
                   client: tuple | None = None) -> tuple[Stream, bytes]:
        """A new stream and its first bytes (every part, whole); LimitExceeded when the address,
        or the service, has as many open as it may. ``client``: its connection's (address,
        port), whose unread bytes are held to the page's share (``Unsent``)."""
        self.slots.acquire(address, channel)
        try:
            if self.stale:                      # a crowd arriving at once: computed once
                await self.refresh(only_if_stale=True)
        except BaseException:
            self.slots.release(address, channel)
            raise
        stream = Stream(channel, address, session, client)
        self.streams.add(stream)           # no await since the parts were read: nothing missed
        self.wires.hold_to(client, self.share // 2)
        return stream, self._whole(channel)

    async def stream(self, stream: Stream, first: bytes) -> AsyncIterator[bytes]:
        """The bytes of one open page's event stream."""
        try:
            for piece in self._pieces(first):
                yield piece
            while not self.closing and not stream.ended:
                if stream.dropped is not None:
                    yield dropped_event(stream.dropped)
                    break
                if not stream.queued:
                    stream.wake.clear()
                    try:
                        await asyncio.wait_for(stream.wake.wait(), timeout=self.tick)
                    except asyncio.TimeoutError:
                        yield KEEP_ALIVE
                    continue
                for piece in self._pieces(stream.queued.popleft()):
                    yield piece
        finally:
            self.streams.discard(stream)
            self.slots.release(stream.address, stream.channel)
