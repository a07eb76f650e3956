"""A config.tsh's division files, read from beside it on disk: the one way the command line's
import (``python -m director import``) and the rehearsal (``python -m director rehearse``, its
config's ``tournament.event_file``) read them. (The page's import reads only the files it is
sent.)

A config's ``division NAME FILE`` line may name a ``.t`` file beside the config and nothing
else: no folder, no ``..``, no other suffix (``plain_t_name``), and the file found there must
be in the config's own folder once links are followed: a ``a.t`` that is a link to
``/etc/shadow`` or to ``../outside/a.t`` is refused (``OutsideTheFolder``), as a name with a
folder is, before a byte of it is read.
"""
from __future__ import annotations

from pathlib import Path, PurePath

DIVISION_FILE = ("must be a .t file beside the config (a name without a folder)")


class OutsideTheFolder(ValueError):
    """A division's file that is not a plain .t file in the config's own folder: says why."""


def plain_t_name(file: str) -> bool:
    """Whether a config's division ``file`` names a .t file beside it, and nothing else (no
    folder, no ``..``: a config cannot make the director read a table's key file)."""
    path = PurePath(file)
    return (path.name == file and file not in (".", "..") and "\\" not in file
            and path.suffix.lower() == ".t")


def read_beside(config: str | Path, file: str) -> bytes | None:
    """The bytes of the division file ``file`` beside ``config``, or None when there is no such
    file; OutsideTheFolder when ``file`` is not a plain .t name, or leads (by a link) out of the
    config's folder."""
    if not plain_t_name(file):
        raise OutsideTheFolder(f"its file {DIVISION_FILE}, not {file[:80]!r}")
    folder = Path(config).parent.resolve()
    path = folder / file
    if not path.is_file():
        return None
    if path.resolve().parent != folder:
        raise OutsideTheFolder(f"its file {file} is a link out of the config's folder: "
                               f"it {DIVISION_FILE}")
    return path.read_bytes()
