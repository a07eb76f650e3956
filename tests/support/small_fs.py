"""A small real file system for the tests of a full disk: a tmpfs of ``size`` mounted in the
test's folder (root only, as on the kiosk's test machines), and ``fill`` to fill it up."""
from __future__ import annotations

import errno
import os
import subprocess
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def small_fs(folder: Path, size: str = "400k"):
    """``folder`` as a file system of its own of ``size``, unmounted afterwards."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small file system (tmpfs) needs root")
    folder.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], check=True,
                   timeout=60)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False, timeout=60)


def fill(folder: Path) -> int:
    """Fill the file system with another file until it is full, as a log might: bytes written."""
    written = 0
    with open(folder / "filler.log", "wb", buffering=0) as filler:
        try:
            while True:
                written += filler.write(b"x" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    return written
