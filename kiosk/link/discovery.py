"""Finding the director's service on the venue network by DNS-SD over multicast DNS
(python-zeroconf): the director announces ``_tablekeeper._tcp`` (director.tables.announce), a
table that is enrolling looks for it, so nobody types an address.

``find_directors(wait_s)`` browses for ``wait_s`` seconds and gives every director found, each
as its instance name (the tournament's) and the address a table reaches it at
(``http://IP:PORT``). ``interfaces`` limits the search to some addresses (the tests: the
loopback of a network namespace of their own). Nothing found is an empty list, never an error:
the caller says "no director found" and lets the volunteer try again. A director's
announcement is believed for its address only, and only while enrolling: what a table then does
there (enrolling by code) proves the director knows the code, and the table keeps the address
the director sealed in its enrollment (common.wire.code_exchange.kept_url), not this one. A name is
first come, first served: a rogue may hold the tournament's, the director then "… -2".
"""
from __future__ import annotations

import socket
import time
from dataclasses import dataclass

from common.wire.code_exchange import SERVICE_TYPE


@dataclass(frozen=True)
class Found:
    name: str           # the instance's name: the tournament's
    url: str            # http://IP:PORT


def find_directors(wait_s: float = 3.0, *, interfaces: list[str] | None = None) -> list[Found]:
    """Every director announced on the network within ``wait_s`` seconds, by name."""
    from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceListener, Zeroconf

    names: list[str] = []

    class Listener(ServiceListener):
        def add_service(self, zc, type_, name):
            names.append(name)

        def update_service(self, zc, type_, name):
            pass

        def remove_service(self, zc, type_, name):
            pass

    zc = Zeroconf(interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)
    try:
        browser = ServiceBrowser(zc, SERVICE_TYPE, Listener())
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline and not names:
            time.sleep(0.1)
        time.sleep(min(0.5, max(0.0, deadline - time.monotonic())))    # others answering too
        browser.cancel()
        found = []
        for name in dict.fromkeys(names):
            info = zc.get_service_info(SERVICE_TYPE, name, timeout=2000)
            if info is None or not info.port:
                continue
            for address in info.addresses:
                if len(address) == 4:
                    found.append(Found(name[:-len(SERVICE_TYPE) - 1],
                                       f"http://{socket.inet_ntoa(address)}:{info.port}"))
                    break
        return found
    finally:
        zc.close()
