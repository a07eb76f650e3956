"""Announcing the director's service on the venue network (DNS-SD over multicast DNS,
python-zeroconf): ``_tablekeeper._tcp``, named after the tournament, on the address and port the
tables reach, so that a table being enrolled finds it without an address typed
(kiosk.link.discovery).

``announce(config)`` registers the service and returns the running ``Announcement`` (``close()``
withdraws it), or None when it cannot (no network interface with an address, multicast
refused): the service runs all the same, and a table can be given the address by hand.
The addresses announced are the service's ``host`` when it names one, else every IPv4 address of
this machine but the loopback (the loopback alone when the service listens only there: the
tests, in a network namespace of their own).

A DNS-SD name is first come, first served: someone else on the network (a rogue, or a second
director) may hold the tournament's name already. Before registering, the name is looked up; if
another service answers for it, or python-zeroconf renames ours while probing, the service is
announced under the name it really got (``… -2``), the log says so (never that it announced the
name it asked for), and ``Announcement.conflict`` names the conflict, which the director's page
and the tables page show in red (director.web). A browser on the service type keeps watching:
another service announcing the asked name later, or our own name with addresses or a port not
ours, is a conflict too. A table enrolled by code keeps the address the director sealed
(common.wire.code_exchange), so whoever holds the name does not become its director.
"""
from __future__ import annotations

import ipaddress
import logging
import re
import socket
import threading
from dataclasses import dataclass, field

from common.wire.code_exchange import PROTOCOL, SERVICE_TYPE

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


LOOKUP_MS = 1500               # how long the name is looked up before it is registered
RENAMES = 9                    # names tried after the one asked: "Open-2" ... "Open-10"


@dataclass
class Announcement:
    zeroconf: object
    info: object
    addresses: list[str]
    asked: str = ""                     # the instance name asked for (the tournament's)
    conflict: str = ""                  # the name conflict, in words for the page; "" if none
    browser: object = None
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def name(self) -> str:
        """The instance name the service is really announced under."""
        return self.info.name[:-len(SERVICE_TYPE) - 1]

    def conflicted(self, words: str) -> None:
        with self._lock:
            if self.conflict:
                return
            self.conflict = words
        log.warning("%s", words)

    def close(self) -> None:
        try:
            if self.browser is not None:
                self.browser.cancel()
            self.zeroconf.unregister_service(self.info)
        finally:
            self.zeroconf.close()


def conflict_words(asked: str, got: str, port: int) -> str:
    """What the page and the log say when another service holds the tournament's name."""
    return (f"name conflict on the network: another service already announces {asked!r} "
            f"(a rogue, or a second director): this service is announced as {got!r} (port "
            f"{port}). Tables enrolled by code keep the director's own address; enroll new "
            "tables with this service's address typed, and find who announces the name")


def _taken(zc, name: str) -> bool:
    """Whether another service answers for instance ``name`` (looked up for ``LOOKUP_MS``)."""
    return zc.get_service_info(SERVICE_TYPE, f"{name}.{SERVICE_TYPE}", timeout=LOOKUP_MS) is not None


def announce(config: DirectorConfig, *, host: str | None = None) -> Announcement | None:
    """Announce this service (on ``host``, default the config's), or None if it cannot."""
    from zeroconf import IPVersion, NonUniqueNameException, ServiceInfo, Zeroconf
    listen = host or config.host
    chosen = addresses(listen)
    if not chosen:
        log.warning("no IPv4 address to announce the service on (%s): tables need its address "
                    "typed", listen)
        return None
    asked = instance_name(config)
    try:
        zc = Zeroconf(interfaces=chosen, ip_version=IPVersion.V4Only)
        try:
            name = asked
            for number in range(2, RENAMES + 2):
                if not _taken(zc, name):
                    break
                name = f"{asked}-{number}"
            info = ServiceInfo(SERVICE_TYPE, f"{name}.{SERVICE_TYPE}",
                               addresses=[socket.inet_aton(a) for a in chosen], port=config.port,
                               properties={"protocol": str(PROTOCOL)},
                               server=f"{socket.gethostname().split('.')[0]}.local.")
            zc.register_service(info, allow_name_change=True)
        except BaseException:
            zc.close()
            raise
    except (OSError, NonUniqueNameException) as exc:
        log.warning("the service could not be announced on the network (%s): tables need its "
                    "address typed", exc)
        return None
    announced = Announcement(zc, info, chosen, asked)
    if announced.name != asked:
        announced.conflicted(conflict_words(asked, announced.name, config.port))
    log.info("announced as %r (%s) on %s port %d", announced.name, SERVICE_TYPE,
             ", ".join(chosen), config.port)
    _watch(announced, config.port)
    return announced


def _watch(announced: Announcement, port: int) -> None:
    """Keep watching the service type: the asked name announced by another later, or our own
    name with addresses or a port not ours, is a conflict."""
    from zeroconf import ServiceBrowser, ServiceInfo, ServiceListener
    ours = {socket.inet_aton(a) for a in announced.addresses}

    class Watch(ServiceListener):
        def add_service(self, zc, type_, name):
            self.seen(zc, name)

        def update_service(self, zc, type_, name):
            self.seen(zc, name)

        def remove_service(self, zc, type_, name):
            pass

        def seen(self, zc, name):
            instance = name[:-len(SERVICE_TYPE) - 1]
            if instance == announced.asked and name != announced.info.name:
                announced.conflicted(conflict_words(announced.asked, announced.name, port))
            elif name == announced.info.name:
                info = ServiceInfo(SERVICE_TYPE, name)
                if info.load_from_cache(zc) and (info.port != port
                                                 or set(info.addresses) - ours):
                    announced.conflicted(
                        f"name conflict on the network: another service announces this "
                        f"service's name {announced.name!r} at another address: tables looking "
                        "for the director may find it; find who announces the name")

    try:
        announced.browser = ServiceBrowser(announced.zeroconf, SERVICE_TYPE, Watch())
    except OSError as exc:
        log.warning("the network is not watched for a name conflict (%s)", exc)
