"""A stand-in for espeak-ng on the PATH, for the spoken-times tests: a tiny shell script that
records what it was asked to say, and a wait for the file it writes."""
from __future__ import annotations

import stat

from tests.support.wait import wait_until


def fake_espeak(folder, body):
    """A stand-in for espeak-ng on PATH: a tiny shell script."""
    folder.mkdir(exist_ok=True)
    path = folder / "espeak-ng"
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def wait_for(path):
    """Until the stand-in has written ``path`` (it runs as a process of its own); whether it did."""
    try:
        return wait_until(path.exists, what=f"{path.name} written")
    except AssertionError:
        return False
