"""make pi-check: the Pi before a Pi. An arm64 Debian root for each release (bookworm, Python
3.11; trixie, Python 3.13), run under qemu-user emulation through binfmt_misc, made with
debootstrap once and kept as a tarball in a cache outside the checkout; in a fresh copy of it
the real install/pi-install.sh installs a table, then the director's service on the same
machine, then both again from make wheelhouse's wheels with no network; and in it the headless
demo plays to its result, the golden scenarios replay byte for byte, the director starts and a
table enrolls by code and plays a scripted game whose result shows on the director's page,
``kiosk selftest --sim`` passes, and ``pytest tests/core`` passes. Also: every compiled library
in the wheelhouse's aarch64 wheels loads on a kernel with 16 KB pages (the Pi 5's).

Each step is timed; the last line is ``pi-check: N passed, N failed``. With a time budget
(``--budget-s``, ``$PI_CHECK_BUDGET_S``: CI's), the steps the budget leaves no time for are
SKIPPED, each named, and the count says so. A machine that cannot
run arm64 programs (not root, no binfmt_misc, no qemu) prints ``pi-check: SKIPPED: why`` and
exits 0; a failed step exits 1. What emulation cannot show (GPIO, SPI and I2C, the KMSDRM
screen, systemd, the Pi's speed) is listed in docs/install.md's "Before your first real Pi".

    sudo .venv/bin/python -m tests.pi.check [--release bookworm] [--release trixie] [--keep-going]
"""
from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

from tests.pi import elf, roots
from tests.pi.steps import CHECKOUT, WHEELHOUSE, steps

REPO = Path(__file__).resolve().parents[2]
RELEASES = {"bookworm": "3.11", "trixie": "3.13"}
IGNORED = shutil.ignore_patterns(".git", ".venv*", "var", "__pycache__", ".pytest_cache", ".hypothesis",
                                 "*.egg-info", "wheelhouse")


def say(line: str) -> None:
    print(line, flush=True)


def tool_pins() -> list[str]:
    extra = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]
    return [pin.split("#")[0].strip() for pin in extra if not pin.startswith("playwright")]


def wheelhouse(cache: Path) -> tuple[Path, float | None]:
    """make wheelhouse's folder for this checkout's locks, in the cache (built when missing)."""
    made_from = [REPO / "install" / "wheelhouse.sh", REPO / "install" / "lockfile.py",
                 *sorted((REPO / "install" / "lock").glob("*.txt"))]
    digest = hashlib.sha256(b"".join(path.read_bytes() for path in made_from)).hexdigest()[:12]
    folder = cache / f"wheelhouse-{digest}"
    if folder.exists():
        return folder, None
    start = time.monotonic()
    building = cache / f"wheelhouse-{digest}.tmp"
    shutil.rmtree(building, ignore_errors=True)
    subprocess.run(["bash", str(REPO / "install" / "wheelhouse.sh"), "--python", sys.executable,
                    str(building)], check=True, capture_output=True, text=True, timeout=1800)
    building.rename(folder)
    return folder, time.monotonic() - start


VERDICTS = {True: "ok", False: "FAILED", None: "SKIPPED"}


class Report:
    """Each step's time and verdict: ok, FAILED, or SKIPPED (not run, or cut short, because the
    time budget was spent: said as such, never counted as passed)."""

    def __init__(self, budget_s: float | None = None):
        self.rows: list[tuple[str, str, float, bool | None, str]] = []
        self.deadline = time.monotonic() + budget_s if budget_s else None

    def left_s(self) -> float | None:
        return None if self.deadline is None else self.deadline - time.monotonic()

    def add(self, release: str, name: str, seconds: float, ok: bool | None, note: str = "") -> None:
        self.rows.append((release, name, seconds, ok, note))
        say(f"pi-check {release}: {VERDICTS[ok]} {seconds:7.1f} s  {name}" + (f"  ({note})" if note else ""))

    def count(self, verdict: bool | None) -> int:
        return sum(1 for row in self.rows if row[3] is verdict)

    @property
    def failed(self) -> int:
        return self.count(False)

    def summary(self) -> None:
        say("\npi-check: each step's time (emulated arm64 under qemu-user)")
        for release, name, seconds, ok, _ in self.rows:
            say(f"  {release:9} {seconds:7.1f} s  {VERDICTS[ok]:7} {name}")
        skipped = self.count(None)
        if skipped:
            say(f"pi-check: {skipped} steps SKIPPED: the time budget (PI_CHECK_BUDGET_S) was spent "
                "before them; this machine is too slow or too busy for the whole check")
        say(f"pi-check: {self.count(True)} passed, {self.failed} failed" + (f", {skipped} skipped" if skipped else ""))


def page_sizes(folder: Path, report: Report) -> None:
    start = time.monotonic()
    found = elf.wheel_libraries(folder)
    bad = elf.too_small(found)
    note = (f"{len(found)} libraries in {len({w for w, _, _ in found})} aarch64 wheels, LOAD aligned "
            f"to at least {min(a for _, _, a in found) // 1024} KB" if found else "no libraries")
    for wheel, library, align in bad:
        say(f"  16 KB pages: {wheel}: {library}: LOAD segments aligned to {align // 1024} KB: "
            "would not load on a Pi 5's kernel_2712.img")
    report.add("wheels", "every .so loads with 16 KB pages (the Pi 5's kernel)", time.monotonic() - start,
               not bad, note if not bad else f"{len(bad)} of {len(found)} would not load")


def one_release(release: str, python: str, wheels: Path, report: Report, keep_going: bool) -> None:
    start = time.monotonic()
    tarball, took = roots.tarball(release, say)
    if took is not None:
        report.add(release, f"debootstrap --arch=arm64 --variant=minbase {release}", took, True)
    with roots.Root(tarball, say) as root:
        added = root.host_certificates()
        root.put(REPO, CHECKOUT, IGNORED)
        root.put(wheels, WHEELHOUSE)
        report.add(release, "root from the cache, the checkout and the wheelhouse copied in",
                   time.monotonic() - start, True,
                   f"{added} of the host's CA certificates added" if added else "")
        logs = roots.cache_folder() / "logs"
        logs.mkdir(parents=True, exist_ok=True)
        for n, step in enumerate(steps(release, python, tool_pins()), 1):
            left = report.left_s()
            if left is not None and left < 1:
                report.add(release, step.name, 0.0, None, "not run: the time budget was spent")
                continue
            begun = time.monotonic()
            timeout = roots.STEP_TIMEOUT_S if left is None else left     # a budget: its end alone
            done = root.run(step.script, network=step.network, stdin=step.stdin, timeout=timeout)
            if done.returncode == 124 and left is not None:
                report.add(release, step.name, time.monotonic() - begun, None,
                           f"cut short after {timeout:.0f} s: the time budget was spent")
                continue
            said = done.stdout + done.stderr
            (logs / f"{release}-{n:02d}.log").write_text(f"$ {step.script}\n{said}")
            missing = [s for s in step.says if s not in said]
            ok = done.returncode == 0 and not missing
            last = [line for line in done.stdout.splitlines() if line.strip()][-1:] or [""]
            report.add(release, step.name, time.monotonic() - begun, ok, last[0][:160] if ok else
                       f"exit {done.returncode}" + (f", no {missing}" if missing else ""))
            if not ok:
                say("\n".join(said.splitlines()[-40:]))
                if not keep_going:
                    return


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.pi.check", description=__doc__.split("\n\n")[0])
    parser.add_argument("--release", action="append", choices=sorted(RELEASES),
                        help="a release to check (default both)")
    parser.add_argument("--keep-going", action="store_true", help="go on after a failed step")
    parser.add_argument("--budget-s", type=float, default=float(os.environ.get("PI_CHECK_BUDGET_S") or 0),
                        help="stop starting steps after this many seconds; those left are SKIPPED and "
                             "said so (default $PI_CHECK_BUDGET_S, else none)")
    args = parser.parse_args(argv)
    releases = args.release or list(RELEASES)
    try:
        roots.prepare_host(say)
    except roots.Skip as why:
        say(f"pi-check: SKIPPED: {why}")
        return 0
    cache = roots.cache_folder()
    cache.mkdir(parents=True, exist_ok=True)
    say(f"pi-check: {', '.join(releases)}; roots and wheels cached in {cache}")
    report = Report(args.budget_s or None)
    wheels, took = wheelhouse(cache)
    if took is not None:
        report.add("host", "make wheelhouse (aarch64 wheels, 3.11 and 3.13)", took, True)
    page_sizes(wheels, report)
    for release in releases:
        one_release(release, RELEASES[release], wheels, report, args.keep_going)
    report.summary()
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
