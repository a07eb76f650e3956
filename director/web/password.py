"""The director's password: kept as a salted slow hash in a file of its own, never in clear.

The file (``service.password_file``, default ``var/director.password``) holds one line,
``scrypt$N$r$p$<salt>$<hash>`` (common.secret_hash, as the tables keep the director's PIN),
readable by the director's user only. ``python -m director passwd`` writes it; the service
reads it at start (``load_password_hash``) and checks a login against it (``verify_password``,
constant time, some 50 ms on a PC: run it off the event loop).

A service with no password file refuses to start when it listens on the venue's network; on
this machine only (127.0.0.1) it makes a password for the run and prints it (``one_time``), so
that ``make director`` works on a fresh checkout.
"""
from __future__ import annotations

import argparse
import getpass
import os
import secrets
import sys
from pathlib import Path

import common.secret_hash as secret_hash

from director.config import ConfigError, load_config

MIN_LENGTH = 10
EXPECTED = f"a password of at least {MIN_LENGTH} characters"
FILE_EXPECTED = "one line scrypt$N$r$p$SALT$HASH, as python -m director passwd writes it"


class PasswordError(ValueError):
    """A password too short, two that differ, or a password file the service cannot use."""


def hash_password(password: str) -> str:
    """The line to keep for ``password`` (at least MIN_LENGTH characters)."""
    if len(password) < MIN_LENGTH:
        raise PasswordError(f"expected {EXPECTED}; got {len(password)}")
    return secret_hash.make_hash(password)


def verify_password(password: str, hashed: str) -> bool:
    """Whether ``password`` is the one ``hashed`` was made from (constant time)."""
    if not isinstance(password, str) or not password or len(password) > 1024:
        return False
    return secret_hash.verify(password, hashed)


def load_password_hash(path: Path) -> str | None:
    """The hash kept in ``path``; None when there is no such file; ConfigError naming the key
    and the file when it cannot be used."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(str(path), "service.password_file", "a readable file written by python "
                          "-m director passwd", detail=f"got {exc}") from None
    try:
        return secret_hash.check(text.strip(), "password hash")
    except secret_hash.HashError as exc:
        raise ConfigError(str(path), "service.password_file", FILE_EXPECTED,
                          detail=f"got {exc}") from None


def write_password_file(path: Path, hashed: str) -> None:
    """``hashed`` into ``path`` (mode 0600, replaced in one step; its folder made if need be)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".new")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(hashed + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.chmod(temporary, 0o600)
    os.replace(temporary, path)


def one_time() -> str:
    """A password for one run of a service on 127.0.0.1 with no password file."""
    return "-".join(secrets.token_hex(3) for _ in range(3))


# --- python -m director passwd -------------------------------------------------------------------

def add_parsers(sub) -> None:
    """The ``passwd`` subcommand, on ``python -m director``'s subparsers."""
    parser = sub.add_parser(
        "passwd", help="set the director's password (the page's login)",
        description="Set the password of the director's page. Asked twice at a terminal, or read "
                    "from the first line of standard input; kept as a salted scrypt hash in "
                    "service.password_file (default var/director.password), readable by you "
                    "only. The running service reads it when it starts: restart it.")
    parser.add_argument("--config", metavar="FILE", help="the director's config (its "
                        "service.password_file)")
    parser.add_argument("--password-file", metavar="FILE",
                        help="the file to write (service.password_file)")
    parser.set_defaults(func=run)


def _ask() -> str:
    first = getpass.getpass(f"the director's password ({EXPECTED}): ")
    if getpass.getpass("the same password again: ") != first:
        raise PasswordError("the two passwords differ")
    return first


def run(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config, {"service.password_file": args.password_file},
                             need_key=False)
        password = _ask() if sys.stdin.isatty() else sys.stdin.readline().rstrip("\r\n")
        write_password_file(config.password_file, hash_password(password))
    except (ConfigError, PasswordError, OSError) as exc:
        print(f"python -m director passwd: {exc}", file=sys.stderr)
        return 2
    print(f"the director's password is set ({config.password_file}); restart the service for it "
          f"to take effect")
    return 0
