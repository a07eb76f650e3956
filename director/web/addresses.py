"""The addresses people open: the director's page, and the public live view players' phones can
reach (never 127.0.0.1 when the service listens on the venue's network).

``service_addresses(config)`` gives ``page`` (what the director opens: this machine's own
address when it listens on every address) and ``live`` (the public view as a phone reaches it:
this machine's first LAN address, else its ``NAME.local``, or the service's own host when it
names one). The console prints both when the service starts; the pages show ``live``.
"""
from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass

from director.config import DirectorConfig


@dataclass(frozen=True)
class Addresses:
    page: str
    live: str
    lan: str            # the address the tables and phones reach (http://IP:PORT)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on a network, loopback and link-local left out."""
    try:
        import ifaddr
    except ImportError:                                     # zeroconf brings it
        return []
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                address = ipaddress.ip_address(ip.ip)
                if not (address.is_loopback or address.is_link_local):
                    found.append(ip.ip)
    return list(dict.fromkeys(found))


def service_addresses(config: DirectorConfig) -> Addresses:
    port, host = config.port, config.host
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        ip = None
    if ip is not None and ip.is_unspecified:
        lan = lan_addresses()
        reach = lan[0] if lan else f"{socket.gethostname().split('.')[0]}.local"
        base = f"http://{reach}:{port}"
        return Addresses(page=f"http://127.0.0.1:{port}/ (from elsewhere {base}/)",
                         live=f"{base}/live", lan=base)
    shown = f"[{host}]" if ip is not None and ip.version == 6 else host
    base = f"http://{shown}:{port}"
    return Addresses(page=f"{base}/", live=f"{base}/live", lan=base)
