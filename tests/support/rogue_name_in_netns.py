"""Run inside a network namespace of the test's own (tests/security/test_rogue_name.py): the
director's real announce (director.tables.announce) on the namespace's loopback, first alone,
then after a rogue announced the tournament's name; each time the director's page and tables
page as the director sees them (the real app, tests/support/director_harness.py), what a table
browsing for directors finds (kiosk.link.discovery), and the announce's log. Prints one JSON line."""
import html
import json
import logging
import socket
import sys
from pathlib import Path

from zeroconf import IPVersion, ServiceInfo, Zeroconf

from director.config import load_config
from director.tables.announce import announce
from kiosk.link.discovery import find_directors
from common.wire.code_exchange import SERVICE_TYPE
from tests.support.director_harness import KEY, TOURNAMENT, Director
from tests.support.wait import WAIT_S, wait_until

folder = Path(sys.argv[1])
said: list[str] = []


class Kept(logging.Handler):
    def emit(self, record):
        said.append(record.getMessage())


logging.getLogger("director.tables.announce").addHandler(Kept())
logging.getLogger("director.tables.announce").setLevel(logging.INFO)
config = load_config(None, {"tournament.name": TOURNAMENT, "tournament.key": KEY,
                            "service.host": "127.0.0.1", "service.port": 18093,
                            "service.db": str(folder / "d.sqlite")})


def found_directors(expected: int) -> list[tuple[str, str]]:
    """What a table browsing for 3 s finds, browsing again (up to a minute) until it finds
    ``expected`` directors: on a loaded machine an answer may come after the first 3 s."""
    found: list[tuple[str, str]] = []

    def browsed() -> bool:
        found[:] = sorted((f.name, f.url) for f in find_directors(3.0, interfaces=["127.0.0.1"]))
        return len(found) >= expected
    try:
        wait_until(browsed, WAIT_S, what="the directors found", every=0)
    except AssertionError:
        pass                                # the test says what was found, and what was not
    return found


def run(name: str, expected: int) -> dict:
    start = len(said)
    announced = announce(config)
    try:
        director = Director(folder / f"{name}.sqlite", announcement=announced).start()
        try:
            pages = {path: director.download(path)[0].decode() for path in ("/", "/tables")}
        finally:
            director.stop()
        found = found_directors(expected)
        banner = html.escape(announced.conflict)
        return {"name": announced.name, "conflict": announced.conflict,
                "banner": {path: (banner in page if banner else
                                  'class="name-conflict" role="alert" hidden>' in page)
                           for path, page in pages.items()},
                "found": found, "log": said[start:]}
    finally:
        announced.close()


report = {"alone": run("alone", 1)}
rogue = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
try:
    rogue.register_service(ServiceInfo(SERVICE_TYPE, f"{TOURNAMENT}.{SERVICE_TYPE}",
                                       addresses=[socket.inet_aton("127.0.0.1")], port=18094,
                                       server="rogue.local."))
    report["rogue first"] = run("rogue", 2)
finally:
    rogue.close()
print(json.dumps(report))
