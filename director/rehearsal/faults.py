"""What a rehearsal breaks on purpose, besides killing processes: a table's network, and the
serial line a table is on.

``NetCut(target_port)`` is a TCP relay on a port of its own between one table and the director:
the table is enrolled with the relay's address. ``cut(seconds)`` makes it lose the network for
that long as a table that walked out of the Wi-Fi does: what it sends in the meantime gets no
answer at all (each connection is taken and left hanging, then dropped when the network comes
back), so the table's requests time out and it keeps its results to send later.

``SerialLine()`` is a serial line over two pseudo-terminal pairs: the director opens one
device (``director_port``), the table the other (``table_port``), and a relay thread carries the
bytes both ways, as a cable does. Either end may close and open its device again (the director
killed and restarted): the relay waits for it.
"""
from __future__ import annotations

import errno
import os
import select
import socket
import threading
import time
import tty


class NetCut:
    def __init__(self, target_port: int, host: str = "127.0.0.1"):
        self.target = (host, target_port)
        self.server = socket.create_server((host, 0))
        self.port = self.server.getsockname()[1]
        self.cut_until = 0.0
        self.cuts = 0                       # how many times the network was cut
        self.held: list[socket.socket] = []
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._accept, name="net-cut", daemon=True)

    def start(self) -> "NetCut":
        self._thread.start()
        return self

    def cut(self, seconds: float) -> None:
        """No network for ``seconds`` from now."""
        with self._lock:
            self.cut_until = time.monotonic() + seconds
            self.cuts += 1

    @property
    def is_cut(self) -> bool:
        return time.monotonic() < self.cut_until

    def _accept(self) -> None:
        self.server.settimeout(0.2)
        while not self._stop.is_set():
            self._drop_held()
            try:
                client, _ = self.server.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            if self.is_cut:
                with self._lock:
                    self.held.append(client)    # no answer, ever: it times out or we drop it
                continue
            threading.Thread(target=self._relay, args=(client,), daemon=True).start()

    def _drop_held(self) -> None:
        if self.is_cut:
            return
        with self._lock:
            held, self.held = self.held, []
        for sock in held:
            sock.close()

    def _relay(self, client: socket.socket) -> None:
        try:
            upstream = socket.create_connection(self.target, timeout=10)
        except OSError:
            client.close()                  # the director is down: the table hears it refused
            return
        pair = {client: upstream, upstream: client}
        try:
            while not self._stop.is_set():
                ready, _, _ = select.select(list(pair), [], [], 0.5)
                if self.is_cut:
                    break                   # the network went: the connection dies with it
                for sock in ready:
                    data = sock.recv(65536)
                    if not data:
                        return
                    pair[sock].sendall(data)
        except OSError:
            pass
        finally:
            client.close()
            upstream.close()

    def stop(self) -> None:
        self._stop.set()
        self.server.close()
        self.cut_until = 0.0
        self._drop_held()


class _Pty:
    """One pseudo-terminal pair in raw mode: the relay holds the master, a process opens
    ``name``."""

    def __init__(self):
        self.fd, slave = os.openpty()
        tty.setraw(slave)
        os.set_blocking(self.fd, False)     # nobody reading the other end: bytes are lost
        self.name = os.ttyname(slave)
        self._slave = slave                 # kept open: the device stays while the ends come and go

    def close(self) -> None:
        os.close(self.fd)
        os.close(self._slave)


class SerialLine:
    def __init__(self):
        self.director, self.table = _Pty(), _Pty()
        self.carried = 0                    # bytes carried, both ways
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="serial-line", daemon=True)

    @property
    def director_port(self) -> str:
        return self.director.name

    @property
    def table_port(self) -> str:
        return self.table.name

    def start(self) -> "SerialLine":
        self._thread.start()
        return self

    def _run(self) -> None:
        ends = {self.director.fd: self.table.fd, self.table.fd: self.director.fd}
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select(list(ends), [], [], 0.2)
            except OSError:
                return
            for fd in ready:
                try:
                    data = os.read(fd, 4096)
                except BlockingIOError:
                    continue
                except OSError as exc:
                    if exc.errno != errno.EIO:
                        raise
                    time.sleep(0.05)        # nobody holds this end now: wait for it
                    continue
                try:
                    self.carried += os.write(ends[fd], data)
                except BlockingIOError:
                    pass                    # the other end reads nothing now: lost, as on a cable

    def stop(self) -> None:
        if self._stop.is_set():
            return
        self._stop.set()
        self._thread.join(5)
        self.director.close()
        self.table.close()
