"""A disk whose power can be cut, for real: an ext4 file system on a loop device over a file
(root only). ``cut()`` takes the device's contents as they are at that instant (the backing
file: what the file system has written to its disk), and nothing the kernel still holds in
memory; ``restored()`` mounts that image on a loop device of its own, as the disk is found when
the power comes back (ext4 replays its journal). Writes younger than the kernel's writeback
delay (``vm.dirty_expire_centisecs``, 30 s by default) and not synced are lost, as in a power
cut: the file system is mounted with a long journal commit interval so that nothing but an
fsync puts them on the disk within a test.

(Where the kernel has no loop devices, or the test does not run as root, the tests that use it
skip, saying why: SIGKILL alone is no power cut.)"""
from __future__ import annotations

import os
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path

import pytest

SIZE_MB = 64
TIMEOUT_S = 60


def _run(*command: str) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True,
                          timeout=TIMEOUT_S).stdout.strip()


def _needs() -> str | None:
    """Why this machine cannot cut a disk's power, or None if it can."""
    if os.geteuid() != 0:
        return "cutting a disk's power needs root (a loop device and a mount)"
    for tool in ("losetup", "mkfs.ext4", "mount", "umount"):
        if shutil.which(tool) is None:
            return f"cutting a disk's power needs {tool}"
    if not Path("/dev/loop-control").exists() and not Path("/sys/module/loop").exists():
        return "this kernel has no loop devices"
    return None


class Disk:
    def __init__(self, folder: Path):
        self.folder = folder
        self.image, self.mount = folder / "disk.img", folder / "disk"
        self.device: str | None = None
        self.cut_image = folder / "disk-after-the-cut.img"

    def up(self) -> "Disk":
        with open(self.image, "wb") as image:
            image.truncate(SIZE_MB << 20)
        _run("mkfs.ext4", "-q", "-F", str(self.image))
        self.device = _run("losetup", "--find", "--show", str(self.image))
        self.mount.mkdir()
        _run("mount", "-o", "commit=600", self.device, str(self.mount))
        os.chmod(self.mount, 0o777)
        return self

    def sync(self) -> None:
        """Everything written so far on the disk (before the part of the test that counts)."""
        _run("sync", "-f", str(self.mount))

    def cut(self) -> Path:
        """The power cut: the disk's contents at this instant, kept aside."""
        shutil.copyfile(self.image, self.cut_image)
        return self.cut_image

    @contextmanager
    def restored(self):
        """The disk as it is found after the cut, mounted: its folder."""
        folder = self.folder / "after-the-cut"
        folder.mkdir()
        device = _run("losetup", "--find", "--show", str(self.cut_image))
        try:
            _run("mount", device, str(folder))
            try:
                yield folder
            finally:
                _run("umount", str(folder))
        finally:
            _run("losetup", "-d", device)

    def down(self) -> None:
        if self.device is not None:
            subprocess.run(["umount", "-l", str(self.mount)], check=False, timeout=TIMEOUT_S)
            subprocess.run(["losetup", "-d", self.device], check=False, timeout=TIMEOUT_S)
            self.device = None


@contextmanager
def power_cut_disk(folder: Path):
    """A ``Disk`` of its own in ``folder``, taken down afterwards; skips where it cannot be had."""
    why = _needs()
    if why is not None:
        pytest.skip(why)
    folder.mkdir()
    disk = Disk(folder)
    try:
        try:
            disk.up()
        except (subprocess.CalledProcessError, OSError) as exc:
            detail = getattr(exc, "stderr", "") or str(exc)
            pytest.skip(f"no loop device with ext4 here: {detail.strip()[:200]}")
        yield disk
    finally:
        disk.down()
