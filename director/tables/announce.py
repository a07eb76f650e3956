"""Announcing the director's service on the venue network (DNS-SD over multicast DNS,
python-zeroconf): ``_tablekeeper._tcp``, named after the tournament, on the address and port the
tables reach, so that a table being enrolled finds it without an address typed
(kiosk.sync.discovery).

``announce(config)`` registers the service and returns the running ``Announcement`` (``close()``
withdraws it), or None when it cannot (no network interface with an address, multicast
refused): the service runs all the same, and a table can be given the address by hand.
The addresses announced are the service's ``host`` when it names one, else every IPv4 address of
this machine but the loopback (the loopback alone when the service listens only there: the
tests, in a network namespace of their own).
"""
from __future__ import annotations

import ipaddress
import logging
import re
import socket
from dataclasses import dataclass

from kiosk.sync.enrollment import PROTOCOL, SERVICE_TYPE

from director.config import DirectorConfig

log = logging.getLogger("director.tables.announce")


def addresses(host: str) -> list[str]:
    """The IPv4 addresses to announce for a service listening on ``host``."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        ip = None
    if ip is not None and not ip.is_unspecified:
        return [host] if ip.version == 4 else []
    import ifaddr
    found = [a.ip for adapter in ifaddr.get_adapters() for a in adapter.ips
             if isinstance(a.ip, str) and not ipaddress.ip_address(a.ip).is_loopback]
    return list(dict.fromkeys(found))


def instance_name(config: DirectorConfig) -> str:
    """The service's name on the network: the tournament's, as DNS-SD allows (63 bytes)."""
    name = re.sub(r"[\x00-\x1f.]", " ", config.tournament).strip() or "tablekeeper director"
    return name.encode("utf-8")[:60].decode("utf-8", "ignore").strip()


@dataclass
class Announcement:
    zeroconf: object
    info: object
    addresses: list[str]

    def close(self) -> None:
        try:
            self.zeroconf.unregister_service(self.info)
        finally:
            self.zeroconf.close()


def announce(config: DirectorConfig, *, host: str | None = None) -> Announcement | None:
    """Announce this service (on ``host``, default the config's), or None if it cannot."""
    from zeroconf import IPVersion, NonUniqueNameException, ServiceInfo, Zeroconf
    listen = host or config.host
    chosen = addresses(listen)
    if not chosen:
        log.warning("no IPv4 address to announce the service on (%s): tables need its address "
                    "typed", listen)
        return None
    name = instance_name(config)
    try:
        zc = Zeroconf(interfaces=chosen, ip_version=IPVersion.V4Only)
        info = ServiceInfo(SERVICE_TYPE, f"{name}.{SERVICE_TYPE}",
                           addresses=[socket.inet_aton(a) for a in chosen], port=config.port,
                           properties={"protocol": str(PROTOCOL)},
                           server=f"{socket.gethostname().split('.')[0]}.local.")
        try:
            zc.register_service(info, allow_name_change=True)
        except NonUniqueNameException:
            zc.close()
            raise
    except (OSError, NonUniqueNameException) as exc:
        log.warning("the service could not be announced on the network (%s): tables need its "
                    "address typed", exc)
        return None
    log.info("announced as %r (%s) on %s port %d", name, SERVICE_TYPE, ", ".join(chosen), config.port)
    return Announcement(zc, info, chosen)
