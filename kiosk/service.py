"""Telling systemd how the kiosk is doing (``Type=notify`` with ``WatchdogSec=``), with the
standard library only: one datagram on the unix socket systemd names in ``NOTIFY_SOCKET``.

``READY=1`` once the first frame is on the screen; ``WATCHDOG=1`` from the main loop at half
the interval systemd asks for (``WATCHDOG_USEC``), so a loop that hangs stops feeding the
watchdog and systemd restarts the kiosk; ``STOPPING=1`` on the way out. Outside systemd (no
``NOTIFY_SOCKET``) every call does nothing. A socket that cannot be reached (or whose queue
is full) is never fatal and never waited for: the clock matters more than the service manager
hearing about it.
"""
from __future__ import annotations

import logging
import os
import socket
from typing import Mapping

log = logging.getLogger(__name__)


class ServiceNotifier:
    """``ready()``, ``alive(now_ns)`` and ``stopping()`` for the service manager."""

    def __init__(self, environ: Mapping[str, str] | None = None):
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        if address.startswith("@"):                 # an abstract socket
            address = "\0" + address[1:]
        self.address = address or None
        self.interval_ns = None
        usec, pid = env.get("WATCHDOG_USEC", ""), env.get("WATCHDOG_PID", "")
        if usec.isdigit() and int(usec) > 0 and (not pid or pid == str(os.getpid())):
            self.interval_ns = int(usec) * 1000 // 2    # feed it twice per interval
        self._fed_ns: int | None = None
        self.sent: list[str] = []                   # what was sent, for the log and the tests

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def notify(self, message: str) -> bool:
        """Send ``message`` (``KEY=value`` lines); False if there is no socket or it failed."""
        if self.address is None:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.connect(self.address)
                sock.send(message.encode("utf-8"), socket.MSG_DONTWAIT)    # never block the clock
        except OSError as exc:
            log.warning("cannot tell the service manager %r: %s", message, exc)
            return False
        self.sent.append(message)
        return True

    def ready(self, now_ns: int) -> None:
        """The first frame is up: the service has started."""
        self.notify(f"READY=1\nSTATUS=table kiosk running\nMAINPID={os.getpid()}")
        self._fed_ns = now_ns

    def alive(self, now_ns: int) -> None:
        """Once per loop pass: feed the watchdog when half its interval has gone by."""
        if self.interval_ns is None or self.address is None:
            return
        if self._fed_ns is None or now_ns - self._fed_ns >= self.interval_ns:
            self.notify("WATCHDOG=1")
            self._fed_ns = now_ns

    def stopping(self) -> None:
        self.notify("STOPPING=1")
