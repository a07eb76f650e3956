"""A crowd of spectators' phones on the public live view, in a process of its own:
``python -m bench.rigs.sse_crowd --port PORT --clients 500``.

Each spectator is a real HTTP client on its own socket (asyncio streams): ``GET /live/events``,
the chunked body read as it comes, every server-sent event applied to the spectator's own copy
of the page's parts (director.web.live_patch.apply, as the page's JavaScript does). The process
prints ``ready N`` once every spectator has its first parts; then reads one line from standard
input, the final state as JSON ({part: value}, the parts to compare), waits until every
spectator's copy equals it (or ``--settle-s`` passes) and prints one JSON line: ``clients``,
``matched``, ``refused`` (connections the service refused), ``events`` and ``bytes`` received in
all, ``settled_s``.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time

from director.web.live_patch import apply


class Spectator:
    def __init__(self):
        self.parts: dict = {}
        self.events = self.bytes = 0
        self.first = asyncio.Event()
        self.changed = asyncio.Event()
        self.refused: str | None = None

    async def watch(self, host: str, port: int) -> None:
        try:
            reader, writer = await asyncio.open_connection(host, port, limit=1 << 24)
        except OSError as exc:
            self.refused = str(exc)
            self.first.set()
            return
        writer.write(f"GET /live/events HTTP/1.1\r\nHost: {host}:{port}\r\n"
                     "Accept: text/event-stream\r\n\r\n".encode())
        head = await reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200"):
            self.refused = head.split(b"\r\n", 1)[0].decode()
            self.first.set()
            writer.close()
            return
        buffer = b""
        try:
            while True:
                size = int((await reader.readline()).strip() or b"0", 16)
                if size == 0:
                    break
                buffer += (await reader.readexactly(size + 2))[:-2]
                self.bytes += size
                *blocks, buffer = buffer.split(b"\n\n")
                for block in blocks:
                    self.take(block)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    def take(self, block: bytes) -> None:
        name, data = None, None
        for line in block.split(b"\n"):
            if line.startswith(b"event: "):
                name = line[7:].decode()
            elif line.startswith(b"data: "):
                data = line[6:]
        if name is None or data is None:
            return                                  # a keep-alive comment, or the retry line
        apply(self.parts, name, json.loads(data))
        self.events += 1
        if name == "standings":                     # the last part of an opening
            self.first.set()
        self.changed.set()


async def settle(spectator: Spectator, expected: dict, deadline: float) -> bool:
    while True:
        if all(spectator.parts.get(name) == value for name, value in expected.items()):
            return True
        spectator.changed.clear()
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        try:
            await asyncio.wait_for(spectator.changed.wait(), timeout=left)
        except asyncio.TimeoutError:
            return False


async def main_async(host: str, port: int, clients: int, settle_s: float) -> dict:
    crowd = [Spectator() for _ in range(clients)]
    tasks = []
    for spectator in crowd:
        tasks.append(asyncio.create_task(spectator.watch(host, port)))
        await asyncio.sleep(0)
    await asyncio.wait_for(asyncio.gather(*(s.first.wait() for s in crowd)), timeout=600)
    print(f"ready {sum(s.refused is None for s in crowd)}", flush=True)
    line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    expected = json.loads(line)
    began = time.monotonic()
    settled = await asyncio.gather(*(settle(s, expected, began + settle_s) for s in crowd))
    report = {"clients": clients, "matched": sum(settled),
              "refused": sum(s.refused is not None for s in crowd),
              "events": sum(s.events for s in crowd), "bytes": sum(s.bytes for s in crowd),
              "settled_s": time.monotonic() - began}
    for task in tasks:
        task.cancel()
    return report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.rigs.sse_crowd", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--clients", type=int, default=500)
    parser.add_argument("--settle-s", type=float, default=60.0,
                        help="how long every spectator may take to reach the final state")
    args = parser.parse_args(argv)
    report = asyncio.run(main_async(args.host, args.port, args.clients, args.settle_s))
    print(json.dumps(report), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
