"""The lock files in install/lock/ (``make lock`` writes them with uv; docs/development.md): what
each one locks, read back as entries, and the entries a given Pi installs.

Each lock is a pip requirements file: every package a machine installs, direct or indirect, as
``name==version`` with its environment marker (if any) and the sha256 of every file of that
version on the package index, so ``pip install --require-hashes -r LOCK`` installs exactly that
and nothing else. The locks, and the parts of pyproject.toml each one is made from:

    table.txt     the program's dependencies and its build backend (a table)
    gpio.txt      the [gpio] extra alone (lgpio's wheel, where apt has no python3-lgpio):
                  installed beside table.txt or director.txt, it shares no package with them
    director.txt  the dependencies, the build backend and the [director] extra
    dev.txt       those and the [test] extra: make's venv, for the tests and CI

    python3 install/lockfile.py inputs LOCK                 # what make lock resolves for LOCK
    python3 install/lockfile.py pick [--pi 3.13] LOCK...    # the entries a machine installs

``inputs`` prints the requirement lines pyproject.toml gives LOCK, for uv. ``pick`` prints the
entries of the LOCKs (each package once) whose marker holds on a Pi (Linux, aarch64, CPython
``--pi`` 3.11 or 3.13) or, without ``--pi``, on this machine, each with its hashes and without its
marker: install/wheelhouse.sh downloads them (pip reads a marker for the Python that runs it, not
for the one a download is for). The standard library alone, but for ``pick``: packaging's markers
(pytest's dependency, and inside every pip).
"""
from __future__ import annotations

import argparse
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FOLDER = REPO / "install" / "lock"

#: Each lock and the parts of pyproject.toml it is made from: "dependencies", "build" (the build
#: system's requires: the program itself is built from its folder), or an extra's name.
LOCKS: dict[str, tuple[str, ...]] = {
    "table": ("dependencies", "build"),
    "gpio": ("gpio",),
    "director": ("dependencies", "build", "director"),
    "dev": ("dependencies", "build", "director", "test"),
}

REQUIREMENT = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")
HASH = re.compile(r"^--hash=sha256:([0-9a-f]{64})\s*\\?$")


class LockError(ValueError):
    """A lock file that cannot be read as one: the line, and what is wrong with it."""


@dataclass(frozen=True)
class Entry:
    """One locked package: its normalized name, its version, its marker ("" where it holds
    everywhere) and the sha256 of each of its files."""
    name: str
    version: str
    marker: str
    hashes: tuple[str, ...]

    def requirement(self) -> str:
        """The entry as pip reads it, without its marker."""
        return " ".join([f"{self.name}=={self.version}", *(f"--hash=sha256:{h}" for h in self.hashes)])


def normalized(name: str) -> str:
    """A package's name as the index compares them (PEP 503): luma.oled is luma-oled."""
    return re.sub(r"[-_.]+", "-", name).lower()


def wanted(project: dict, lock: str) -> list[str]:
    """The requirement lines pyproject.toml (``project``, as tomllib read it) gives ``lock``."""
    lines: list[str] = []
    for part in LOCKS[lock]:
        if part == "dependencies":
            lines += project["project"]["dependencies"]
        elif part == "build":
            lines += project["build-system"]["requires"]
        else:
            lines += project["project"]["optional-dependencies"][part]
    return lines


def entries(text: str, where: str = "lock") -> list[Entry]:
    """The entries of a lock file's ``text``; LockError for a line that is neither an entry, one
    of its hashes, a comment nor blank."""
    found: list[Entry] = []
    current: tuple[str, str, str] | None = None
    hashes: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        requirement, digest = REQUIREMENT.match(line), HASH.match(line)
        if requirement:
            if current:
                found.append(Entry(*current, tuple(hashes)))
            name, version, marker = requirement.groups()
            current, hashes = (normalized(name), version, marker or ""), []
        elif digest and current:
            hashes.append(digest.group(1))
        else:
            raise LockError(f"{where}:{number}: not a locked requirement (name==version) nor its "
                            f"--hash=sha256: {line[:80]}")
    if current:
        found.append(Entry(*current, tuple(hashes)))
    return found


def read(lock: str) -> list[Entry]:
    """The entries of install/lock/LOCK.txt."""
    path = FOLDER / f"{lock}.txt"
    return entries(path.read_text(), str(path.relative_to(REPO)))


def pi_environment(python: str) -> dict[str, str]:
    """The marker environment of a Raspberry Pi with CPython ``python`` ("3.11", "3.13")."""
    return {"python_version": python, "python_full_version": f"{python}.0", "os_name": "posix",
            "sys_platform": "linux", "platform_system": "Linux", "platform_machine": "aarch64",
            "platform_python_implementation": "CPython", "implementation_name": "cpython",
            "implementation_version": f"{python}.0"}


def holds(marker: str, environment: dict[str, str] | None) -> bool:
    """Whether ``marker`` holds in ``environment`` (None: this machine's)."""
    if not marker:
        return True
    try:
        from packaging.markers import Marker
    except ImportError:                          # a bare system Python: the copy pip carries
        from pip._vendor.packaging.markers import Marker
    return Marker(marker).evaluate(environment)


def pick(locks: list[list[Entry]], environment: dict[str, str] | None) -> list[Entry]:
    """The entries of ``locks`` that hold in ``environment``, each package once; LockError where
    two locks lock one package differently."""
    chosen: dict[str, Entry] = {}
    for entry in (e for lock in locks for e in lock if holds(e.marker, environment)):
        before = chosen.setdefault(entry.name, entry)
        if (before.version, set(before.hashes)) != (entry.version, set(entry.hashes)):
            raise LockError(f"{entry.name}: locked as {before.version} and as {entry.version} "
                            "(or with other hashes): make lock")
    return sorted(chosen.values(), key=lambda e: e.name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="install/lockfile.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    inputs = commands.add_parser("inputs", help="the requirement lines pyproject.toml gives a lock")
    inputs.add_argument("lock", choices=sorted(LOCKS))
    chosen = commands.add_parser("pick", help="the entries a machine installs, with hashes")
    chosen.add_argument("--pi", choices=("3.11", "3.13"), help="a Pi's Python (default: this machine)")
    chosen.add_argument("locks", nargs="+", choices=sorted(LOCKS))
    args = parser.parse_args(argv)
    if args.command == "inputs":
        print("\n".join(wanted(tomllib.loads((REPO / "pyproject.toml").read_text()), args.lock)))
        return 0
    try:
        picked = pick([read(lock) for lock in args.locks], pi_environment(args.pi) if args.pi else None)
    except LockError as error:
        print(f"install/lockfile.py: {error}", file=sys.stderr)
        return 1
    print("\n".join(entry.requirement() for entry in picked))
    return 0


if __name__ == "__main__":
    sys.exit(main())
