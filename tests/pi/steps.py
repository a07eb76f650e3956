"""The steps of make pi-check in one release's arm64 root, in order, each a shell script run in
the root under ``env -i`` (tests/pi/roots.py) and what its output must say. The root is a
Raspberry Pi as a volunteer installs it, less the Pi itself: the real install/pi-install.sh for
a table, then the director's service on the same machine (a small club's single Pi), then again
from the wheelhouse with no network at all.
"""
from __future__ import annotations

from dataclasses import dataclass

APP = "/opt/tablekeeper"
PY = f"{APP}/.venv/bin/python"
CHECKOUT = "/srv/tablekeeper"           # the checkout, as a volunteer's clone or USB stick has it
WHEELHOUSE = "/srv/wheelhouse"           # make wheelhouse's, carried in
PASSWORD = "pi-check director password"  # the page's password (a throwaway root's)
SDL = "SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy"
KIOSK = "cd /var/lib/tablekeeper && runuser -u kiosk --"


@dataclass(frozen=True)
class Step:
    name: str
    script: str
    says: tuple[str, ...] = ()          # each must be in its output (stdout and stderr)
    network: bool = True                # False: a network namespace of its own, loopback only
    stdin: str | None = None


def tools_install(pins: list[str]) -> str:
    return f"{PY} -m pip install --quiet {' '.join(pins)}"


def steps(release: str, python: str, tool_pins: list[str]) -> list[Step]:
    """The steps for ``release`` (its Python ``python``, "3.11" or "3.13")."""
    setup = f"printf '%s\\n' '{PASSWORD}' > /root/pw && cd {CHECKOUT}"
    return [
        Step("table: pi-install.sh (online)",
             f"cd {CHECKOUT} && install/pi-install.sh --no-systemctl",
             (f"release: {release}", f"Python {python}", "user kiosk: groups", "venv: ")),
        Step("director on the same Pi: pi-install.sh --director (online)",
             f"{setup} && install/pi-install.sh --director --no-systemctl --password-file /root/pw",
             ("user director", "config: ", "director's password")),
        Step("both services read their config",
             f"{KIOSK} {PY} -m kiosk config /etc/tablekeeper/kiosk.toml && "
             f"cd /var/lib/tablekeeper-director && runuser -u director -- {PY} -c "
             f"'from director.config import load_config; c = load_config(\"/etc/tablekeeper/director.toml\", {{}}); "
             f"print(\"director.toml read by director:\", c.tournament)' && "
             "stat -c '%n %U:%G %a' /etc/tablekeeper /etc/tablekeeper/*.toml",
             ("director.toml read by director:",)),
        Step("test tools into the venv (pytest, pinned)", tools_install(tool_pins)),
        Step("headless demo to its result",
             f"{KIOSK} env {SDL} {PY} -m kiosk demo --headless --shots /tmp/demo-shots "
             "--store /tmp/demo.sqlite --limit 1200",
             ("screens saved in",)),
        Step("golden scenarios replayed, byte for byte",
             f"cd {APP} && {PY} -m pytest -p no:cacheprovider tests/core/test_scenarios_golden.py",
             (" passed",)),
        Step("director up, table enrolled by code, a scripted game's result on its page",
             f"cd {APP} && {PY} -m tests.pi.in_root_game '{PASSWORD}'",
             ("enrolled by its code", "on the page; the table exited 0"), network=False),
        Step("kiosk selftest --sim",
             f"{KIOSK} env {SDL} {PY} -m kiosk selftest --sim --config /etc/tablekeeper/kiosk.toml "
             "--timeout 60 --pattern-s 0.1",
             ("screen libraries", "self-test done: all OK"), stdin="l\nr\nc\n"),
        Step("pytest tests/core",
             f"cd {APP} && env {SDL} {PY} -m pytest -p no:cacheprovider -n 2 tests/core "
             "--ignore=tests/core/test_scenarios_golden.py",
             (" passed",)),
        Step("start to first frame (and import pygame)",
             f"cd {APP} && env {SDL} {PY} -m tests.pi.in_root_checks first-frame",
             ("first frame",)),
        Step("table and director again from the wheelhouse, no network at all",
             f"{setup} && rm -rf {APP}/.venv && install/pi-install.sh --no-systemctl "
             f"--wheelhouse {WHEELHOUSE} && install/pi-install.sh --director --no-systemctl "
             f"--wheelhouse {WHEELHOUSE} --password-file /root/pw && "
             f"{PY} -c 'import pygame, gpiozero, lgpio, spidev, msgspec, marisa_trie, cryptography, "
             "spake2, zeroconf, starlette, uvicorn, segno; print(\"imported: all\")' && "
             f"cd {APP} && {PY} -m tests.pi.in_root_checks replay aspa-full-game",
             ("apt packages: all installed already", "from /srv/wheelhouse alone", "imported: all",
              "golden output byte for byte"),
             network=False),
    ]
