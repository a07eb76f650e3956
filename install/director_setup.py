"""The director's part of install/pi-install.sh --director, on the system's Python alone (the
standard library and common.secret_hash, from the checkout beside it):

    python3 install/director_setup.py config EXAMPLE DEST      # director.toml with a fresh key
    python3 install/director_setup.py password FILE [--generate]

``config`` writes DEST from the example config: a fresh tournament key (43 characters from the
system's random source), ``host = "0.0.0.0"`` (the venue's network); it prints what it did. An
existing DEST is kept as it is, but for the lines an older example wrote for the database and the
password file (``db = "var/director.sqlite"``, ``password_file = "var/director.password"``):
a config's paths are relative to its own folder now, so those lines are made comments, and the
defaults, the same files in the service's folder, hold as before. Another relative path it gives
is named, to be checked. ``password`` keeps the director's password for the page as a
salted scrypt hash in FILE (mode 0600), as ``python -m director passwd`` does: read from the first
line of standard input, or made (``--generate``, or an empty line) and printed once.
"""
from __future__ import annotations

import os
import re
import secrets
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from common.secret_hash import make_hash   # noqa: E402 - the checkout's, after its path

MIN_PASSWORD = 10            # director.web.password.MIN_LENGTH


OLD_DEFAULTS = re.compile(r'(?m)^((?:db = "var/director\.sqlite")|(?:password_file = '
                          r'"var/director\.password"))[ \t]*$')
PATH_KEYS = re.compile(r'(?m)^(key_file|event_file|db|password_file) = "([^"/][^"]*)"')


def kept(dest: Path) -> int:
    """An existing config kept, its older example's database and password lines made comments
    (the defaults hold: the same files), any other relative path named."""
    text = dest.read_text(encoding="utf-8")
    text, made = OLD_DEFAULTS.subn(r"# \1  (the default: in the service's folder)", text)
    if made:
        with open(dest, "w", encoding="utf-8") as handle:      # its owner and mode kept
            handle.write(text)
        print(f"{dest} kept, its database and password lines left to their defaults (the same "
              "files, in the service's folder: a config's own paths are relative to its folder)")
    else:
        print(f"{dest} kept as it is")
    for key, value in PATH_KEYS.findall(text):
        print(f"{dest}: {key} = {value!r} is relative to {dest.parent}: check it, or give the "
              "whole path")
    return 0


def config(example: Path, dest: Path) -> int:
    if dest.exists():
        return kept(dest)
    text = example.read_text(encoding="utf-8")
    key = secrets.token_urlsafe(32)
    text, keys = re.subn(r'(?m)^key = ".*"$', f'key = "{key}"', text)
    text, hosts = re.subn(r'(?m)^host = ".*"$', 'host = "0.0.0.0"', text)
    if (keys, hosts) != (1, 1):
        print(f"{example}: expected one key = and one host = line", file=sys.stderr)
        return 2
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o640)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    print(f"{dest}: from {example.name}, with a fresh tournament key, on the venue's network (0.0.0.0)")
    return 0


def password(path: Path, generate: bool) -> int:
    given = "" if generate else sys.stdin.readline().rstrip("\n")
    if not given:
        given = "-".join(secrets.token_hex(3) for _ in range(3))
        print(f"the director's password for the page: {given}  (shown once: write it down)",
              file=sys.stderr)
    elif len(given) < MIN_PASSWORD:
        print(f"the director's password: expected at least {MIN_PASSWORD} characters; got "
              f"{len(given)}", file=sys.stderr)
        return 2
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".new")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(make_hash(given) + "\n")
    os.replace(temporary, path)
    print(f"{path}: the director's password, as a salted hash")
    return 0


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "config":
        return config(Path(argv[1]), Path(argv[2]))
    if argv and argv[0] == "password" and len(argv) in (2, 3) and argv[2:] in ([], ["--generate"]):
        return password(Path(argv[1]), argv[2:] == ["--generate"])
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
