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
pages open), then gets each update's events. A page too slow to read them (more than
``MAX_QUEUED`` updates waiting) is sent every part whole again instead, so a slow phone costs
neither memory nor the others' updates. Open streams are counted per client address and in all,
the director's page's in a reserve of their own (director.limits.Slots).
"""
from __future__ import annotations

import asyncio
import collections
import logging
from typing import AsyncIterator, Callable

from starlette.concurrency import run_in_threadpool

from . import live_patch
from director.limits import Slots

log = logging.getLogger("director.web.live")

TICK_S = 5.0
MIN_INTERVAL_S = 0.4
MAX_QUEUED = 25
RETRY = b"retry: 2000\n\n"
KEEP_ALIVE = b": keep-alive\n\n"


class Stream:
    """One open page: the updates waiting for it; ``session``, the director's session it was
    opened under (its stream ends with the session)."""

    def __init__(self, channel: str, address: str, session: str | None = None):
        self.channel, self.address, self.session = channel, address, session
        self.queued: collections.deque[bytes] = collections.deque()
        self.resync = self.ended = False
        self.wake = asyncio.Event()

    def push(self, data: bytes) -> None:
        if len(self.queued) >= MAX_QUEUED:
            self.queued.clear()
            self.resync = True
        else:
            self.queued.append(data)
        self.wake.set()


class Broadcaster:
    def __init__(self, compute: Callable[[], dict], channels: dict[str, tuple[str, ...]],
                 slots: Slots, *, held_for: Callable[[], float | None] = lambda: None,
                 min_interval: float = MIN_INTERVAL_S, tick: float = TICK_S):
        self.compute, self.channels, self.slots, self.held_for = compute, channels, slots, held_for
        self.min_interval, self.tick = min_interval, tick
        self.loop: asyncio.AbstractEventLoop | None = None
        self.streams: set[Stream] = set()
        self.parts: dict | None = None
        self.whole: dict[str, bytes] = {}           # channel -> every part whole, this update's
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
        for stream in self.streams:
            if batches[stream.channel]:
                stream.push(batches[stream.channel])

    def _whole(self, channel: str) -> bytes:
        if channel not in self.whole:
            self.whole[channel] = b"".join(
                live_patch.event(name, live_patch.whole(name, self.parts[name]))
                for name in self.channels[channel])
        return self.whole[channel]

    def end_session(self, session: str) -> None:
        """End the streams opened under the director's ``session`` (logged out)."""
        for stream in self.streams:
            if stream.session == session:
                stream.ended = True
                stream.wake.set()

    async def open(self, channel: str, address: str,
                   session: str | None = None) -> tuple[Stream, bytes]:
        """A new stream and its first bytes (every part, whole); LimitExceeded when the address,
        or the service, has as many open as it may."""
        self.slots.acquire(address, channel)
        try:
            if self.stale:                      # a crowd arriving at once: computed once
                await self.refresh(only_if_stale=True)
        except BaseException:
            self.slots.release(address, channel)
            raise
        stream = Stream(channel, address, session)
        self.streams.add(stream)           # no await since the parts were read: nothing missed
        return stream, RETRY + self._whole(channel)

    async def stream(self, stream: Stream, first: bytes) -> AsyncIterator[bytes]:
        """The bytes of one open page's event stream."""
        try:
            yield first
            while not self.closing and not stream.ended:
                if not stream.queued and not stream.resync:
                    stream.wake.clear()
                    try:
                        await asyncio.wait_for(stream.wake.wait(), timeout=self.tick)
                    except asyncio.TimeoutError:
                        yield KEEP_ALIVE
                        continue
                    if stream.ended:
                        break
                if stream.resync:                   # the parts whole hold what was queued
                    stream.resync = False
                    stream.queued.clear()
                    yield self._whole(stream.channel)
                elif stream.queued:
                    yield stream.queued.popleft()
        finally:
            self.streams.discard(stream)
            self.slots.release(stream.address, stream.channel)
