"""The director's password: kept as a salted slow hash in a file of its own, never in clear.

The file (``service.password_file``, default ``var/director.password``) holds one line,
``scrypt$N$r$p$<salt>$<hash>`` (hashlib.scrypt, 16 random bytes of salt, 32 bytes of hash, in
hex), readable by the director's user only. ``python -m director passwd`` writes it; the service
reads it at start (``load_password_hash``) and checks a login against it (``verify_password``,
constant time, some 50 ms on a PC: run it off the event loop).

A service with no password file refuses to start when it listens on the venue's network; on
this machine only (127.0.0.1) it makes a password for the run and prints it (``one_time``), so
that ``make director`` works on a fresh checkout.
"""
from __future__ import annotations

import argparse
import getpass
import hashlib
import hmac
import os
import re
import secrets
import sys
from pathlib import Path

from .config import ConfigError, load_config

MIN_LENGTH = 10
EXPECTED = f"a password of at least {MIN_LENGTH} characters"
_N, _R, _P = 2 ** 14, 8, 1                  # scrypt's cost: 16 MiB, some 50 ms on a PC
_HASH = re.compile(r"scrypt\$([0-9]+)\$([0-9]+)\$([0-9]+)\$([0-9a-f]{32})\$([0-9a-f]{64})")


class PasswordError(ValueError):
    """A password too short, two that differ, or a password file the service cannot use."""


def _parse(hashed: str) -> tuple[int, int, int, bytes, bytes]:
    match = _HASH.fullmatch(hashed)
    if match is None:
        raise PasswordError("one line scrypt$N$r$p$SALT$HASH, as python -m director passwd "
                            "writes it")
    n, r, p = (int(match[i]) for i in (1, 2, 3))
    if not (2 ** 10 <= n <= 2 ** 20 and n & (n - 1) == 0 and 1 <= r <= 32 and 1 <= p <= 16):
        raise PasswordError("a cost within bounds (N a power of two 1024-1048576, r 1-32, p 1-16)")
    return n, r, p, bytes.fromhex(match[4]), bytes.fromhex(match[5])


def _derive(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password.encode(), salt=salt, n=n, r=r, p=p, dklen=32,
                          maxmem=256 * r * n + (1 << 20))


def hash_password(password: str) -> str:
    """The line to keep for ``password`` (at least MIN_LENGTH characters)."""
    if len(password) < MIN_LENGTH:
        raise PasswordError(f"expected {EXPECTED}; got {len(password)}")
    salt = secrets.token_bytes(16)
    return f"scrypt${_N}${_R}${_P}${salt.hex()}${_derive(password, salt, _N, _R, _P).hex()}"


def verify_password(password: str, hashed: str) -> bool:
    """Whether ``password`` is the one ``hashed`` was made from (constant time)."""
    n, r, p, salt, expected = _parse(hashed)
    if not isinstance(password, str) or not password or len(password) > 1024:
        return False
    return hmac.compare_digest(_derive(password, salt, n, r, p), expected)


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
    hashed = text.strip()
    try:
        _parse(hashed)
    except PasswordError as exc:
        raise ConfigError(str(path), "service.password_file", str(exc),
                          detail="got something else") from None
    return hashed


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
