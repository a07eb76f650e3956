"""Server-sent events for the director's page: each open page gets the tiles, the round's
results, the round and the standings whenever one of them changes.

``Hub`` is woken by the database's change notices (from any thread: the web app's worker
threads or the serial poller) and wakes every open stream. A stream rebuilds the snapshot,
sends only the parts that changed (event name = the part), and at least every ``TICK_S``
seconds looks again (a table falls silent without any notice) and sends a keep-alive comment.
"""
from __future__ import annotations

import asyncio
import json
from typing import AsyncIterator, Callable

from starlette.concurrency import run_in_threadpool

TICK_S = 5.0


class Hub:
    def __init__(self):
        self.loop: asyncio.AbstractEventLoop | None = None
        self.streams: set[asyncio.Event] = set()
        self.closing = False

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def notify(self, what: str = "") -> None:
        """Called from any thread after the database changed."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        for event in self.streams:
            event.set()

    def close(self) -> None:
        self.closing = True
        self._wake()

    async def stream(self, snapshot: Callable[[], dict]) -> AsyncIterator[str]:
        """The text of one page's event stream; ``snapshot()`` gives {part: JSON-able}."""
        wake = asyncio.Event()
        self.streams.add(wake)
        sent: dict[str, str] = {}
        try:
            yield "retry: 2000\n\n"
            while not self.closing:
                wake.clear()
                parts = await run_in_threadpool(snapshot)
                for name, part in parts.items():
                    text = json.dumps(part, separators=(",", ":"))
                    if sent.get(name) != text:
                        sent[name] = text
                        yield f"event: {name}\ndata: {text}\n\n"
                try:
                    await asyncio.wait_for(wake.wait(), timeout=TICK_S)
                except asyncio.TimeoutError:
                    yield ": keep-alive\n\n"
        finally:
            self.streams.discard(wake)
