"""Live readers that never read, in a process of their own: ``python -m bench.rigs.slow_readers
--port PORT --readers 300``.

Each reader is a socket from one of ten loopback addresses (``127.0.0.40`` to ``127.0.0.49``:
the public view's streams are capped per address), with a receive buffer as small as the
kernel allows, that asks ``GET /live/events`` and then reads nothing: what the service sends it
piles up on the service's side. The process prints ``ready N`` once every reader has sent its
request; then waits for a line on standard input, and only then reads what each socket holds,
to its end or until it is quiet for half a second, and prints one JSON line: ``readers``, ``dropped`` (the
streams the service ended with its ``dropped`` event, each with its reason), ``cut`` (ended
without it: the connection reset or closed), ``open`` (still open), and ``reasons`` (each
distinct reason, as the service gave it).
"""
from __future__ import annotations

import argparse
import json
import socket
import sys

ADDRESSES = [f"127.0.0.{n}" for n in range(40, 50)]
DROPPED = b"event: dropped\n"


def open_readers(port: int, count: int) -> list[socket.socket]:
    readers = []
    for n in range(count):
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1)      # the kernel's least
        sock.bind((ADDRESSES[n % len(ADDRESSES)], 0))
        sock.connect(("127.0.0.1", port))
        sock.sendall(f"GET /live/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                     "Accept: text/event-stream\r\n\r\n".encode())
        readers.append(sock)
    return readers


def read_out(sock: socket.socket, idle_s: float = 0.5) -> tuple[str, bytes]:
    """How the stream ended, read now until it ends or is quiet for ``idle_s``: ("dropped", its
    event), ("cut", b"": closed or reset without it) or ("open", b"")."""
    got, ended = b"", False
    sock.settimeout(idle_s)
    while True:
        try:
            data = sock.recv(1 << 20)
        except socket.timeout:
            break
        except OSError:
            ended = True
            break
        if not data:
            ended = True
            break
        got += data
    if DROPPED in got:
        return "dropped", got[got.index(DROPPED):].split(b"\n\n", 1)[0]
    return ("cut" if ended else "open"), b""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.rigs.slow_readers")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--readers", type=int, default=300)
    args = parser.parse_args(argv)
    readers = open_readers(args.port, args.readers)
    print(f"ready {len(readers)}", flush=True)
    sys.stdin.readline()
    counts, reasons = {"dropped": 0, "cut": 0, "open": 0}, set()
    for sock in readers:
        how, event = read_out(sock)
        counts[how] += 1
        for line in event.split(b"\n"):
            if line.startswith(b"data: "):
                reasons.add(json.loads(line[6:]).get("reason", ""))
        sock.close()
    print(json.dumps({"readers": len(readers), **counts, "reasons": sorted(reasons)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
