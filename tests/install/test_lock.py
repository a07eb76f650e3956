"""The lock files (install/lock/, make lock) agree with pyproject.toml: each direct dependency a
lock is made from is in it at the version pyproject pins (or within the range it allows, for the
build backend's setuptools>=65), every entry carries sha256 hashes, a package shared by two locks
has one version and the same files in both, and gpio.txt (installed beside table.txt or
director.txt) shares no package with them. And what a Pi takes from them: each Pi's Python its
own lgpio, nothing of another machine's. Quick: the files alone, no network, no uv."""
import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from install import lockfile

ROOT = Path(__file__).resolve().parents[2]


def disagreements(project: dict, locks: dict[str, list[lockfile.Entry]]) -> list[str]:
    """What the locks say otherwise than pyproject.toml (``project``), one line each."""
    wrong = []
    for lock, entries in locks.items():
        found = {entry.name: entry for entry in entries}
        for line in lockfile.wanted(project, lock):
            requirement = Requirement(line)
            name = lockfile.normalized(requirement.name)
            if name not in found:
                wrong.append(f"{lock}.txt: no {name} (pyproject.toml: {line})")
            elif not requirement.specifier.contains(found[name].version, prereleases=True):
                wrong.append(f"{lock}.txt: {name}=={found[name].version}, pyproject.toml: {line}")
        wrong += [f"{lock}.txt: {e.name}=={e.version} has no hashes" for e in entries if not e.hashes]
        names = [entry.name for entry in entries]
        wrong += [f"{lock}.txt: {name} locked {names.count(name)} times" for name in sorted(set(names))
                  if names.count(name) > 1]
    return wrong


def the_project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def the_locks() -> dict[str, list[lockfile.Entry]]:
    return {lock: lockfile.read(lock) for lock in lockfile.LOCKS}


def test_every_lock_holds_every_direct_dependency_at_pyprojects_pin_with_hashes():
    locks = the_locks()
    assert disagreements(the_project(), locks) == []
    assert {lock: len(entries) > 0 for lock, entries in locks.items()} == dict.fromkeys(lockfile.LOCKS, True)


def test_the_locks_hold_the_indirect_packages_too():
    """The issue's examples of what was pinned nowhere: now locked for a table and the director."""
    table = {entry.name for entry in lockfile.read("table")}
    director = {entry.name for entry in lockfile.read("director")}
    assert {"ifaddr", "cffi", "luma-core", "pillow", "click", "setuptools", "pip"} <= table
    assert {"h11", "anyio", "click"} <= director


def test_a_changed_pin_a_new_dependency_or_a_lost_hash_is_caught():
    project = the_project()
    moved = tomllib.loads((ROOT / "pyproject.toml").read_text().replace('"msgspec==0.22.0"', '"msgspec==0.22.1"'))
    assert moved != project, "pyproject.toml no longer pins msgspec==0.22.0: pick another pin for this test"
    said = disagreements(moved, the_locks())
    assert [line for line in said if "msgspec" in line] == [
        f"{lock}.txt: msgspec==0.22.0, pyproject.toml: msgspec==0.22.1" for lock in ("table", "director", "dev")]

    project["project"]["optional-dependencies"]["director"].append("itsdangerous==2.2.0")
    assert disagreements(project, the_locks()) == [
        f"{lock}.txt: no itsdangerous (pyproject.toml: itsdangerous==2.2.0)" for lock in ("director", "dev")]

    text = (lockfile.FOLDER / "table.txt").read_text()
    stripped = re.sub(r"(pyserial==3\.5 \\\n)(?:    --hash=\S+(?: \\)?\n)+", r"\1", text)
    assert stripped != text
    assert disagreements(the_project(), {"table": lockfile.entries(stripped)}) == [
        "table.txt: pyserial==3.5 has no hashes"]


def test_a_package_in_two_locks_is_locked_alike_and_gpio_shares_none():
    """So the tests' venv (dev.txt) runs the versions the fleet runs, and the Pi's two installs
    (table.txt or director.txt, and gpio.txt) never ask pip for one package twice."""
    seen: dict[str, tuple[str, str, frozenset]] = {}
    unlike = []
    for lock, entries in the_locks().items():
        for entry in entries:
            first = seen.setdefault(entry.name, (lock, entry.version, frozenset(entry.hashes)))
            if first[1:] != (entry.version, frozenset(entry.hashes)):
                unlike.append(f"{entry.name}: {first[0]}.txt {first[1]}, {lock}.txt {entry.version}")
    assert unlike == []
    gpio = {entry.name for entry in lockfile.read("gpio")}
    assert gpio == {"lgpio", "adafruit-lgpio"}
    for lock in ("table", "director"):
        assert gpio.isdisjoint(entry.name for entry in lockfile.read(lock))


def test_a_line_that_is_no_locked_requirement_is_refused_by_its_line_number():
    with pytest.raises(lockfile.LockError, match=r"table.txt:2: .*pyserial>=3"):
        lockfile.entries("# made by make lock\npyserial>=3\n", "table.txt")


@pytest.mark.parametrize("python, lgpio", [("3.11", "lgpio"), ("3.13", "adafruit-lgpio")])
def test_each_pi_takes_its_own_lgpio_and_nothing_meant_for_another_machine(python, lgpio):
    picked = lockfile.pick([lockfile.read("table"), lockfile.read("gpio"), lockfile.read("director")],
                           lockfile.pi_environment(python))
    names = [entry.name for entry in picked]
    assert lgpio in names and ({"lgpio", "adafruit-lgpio"} - {lgpio}).isdisjoint(names)
    assert "rpi-ws281x" not in names                    # luma.led_matrix's, for 32-bit ARM alone
    assert {"pygame-ce", "uvicorn", "cffi"} <= set(names)
    assert len(names) == len(set(names))
    assert all(";" not in entry.requirement() for entry in picked)


def test_two_locks_that_disagree_cannot_be_picked_together():
    table = lockfile.entries("click==8.5.1 \\\n    --hash=sha256:" + "a" * 64 + "\n")
    other = lockfile.entries("click==8.4.0 \\\n    --hash=sha256:" + "b" * 64 + "\n")
    with pytest.raises(lockfile.LockError, match="click: locked as 8.5.1 and as 8.4.0"):
        lockfile.pick([table, other], lockfile.pi_environment("3.11"))
