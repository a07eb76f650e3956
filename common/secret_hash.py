"""A secret kept as a salted slow hash, never in clear: the director's PIN at a table
(kiosk.pin) and the director's password for the page (director.web.password) alike.

A hash is one line ``scrypt$N$r$p$<salt>$<hash>`` (hashlib.scrypt, 16 random bytes of salt and
32 bytes of hash, in hex). ``make_hash(secret)`` makes one; ``verify(secret, hashed)`` checks a
secret against it in constant time (some 40 ms on a PC: not on an event loop);
``check(hashed, what)`` raises HashError when ``hashed`` is not one this code can check. A slow
hash keeps a secret from being read off a stolen file; it cannot make a short secret long.
Standard library only (the install script runs kiosk.pin with the system's Python alone).
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets

N, R, P = 2 ** 14, 8, 1                     # scrypt's cost: 16 MiB, some 40 ms on a PC
LEAST_N, MOST_N = 2 ** 10, 2 ** 20          # the costs a hash may name and still be checked
_HASH = re.compile(r"scrypt\$([0-9]+)\$([0-9]+)\$([0-9]+)\$([0-9a-f]{32})\$([0-9a-f]{64})")


class HashError(ValueError):
    """Not a hash this code can check: says why."""


def _parse(hashed: str, what: str) -> tuple[int, int, int, bytes, bytes]:
    match = _HASH.fullmatch(hashed) if isinstance(hashed, str) else None
    if match is None:
        raise HashError(f"not a {what}")
    n, r, p = (int(match[i]) for i in (1, 2, 3))
    if not (LEAST_N <= n <= MOST_N and n & (n - 1) == 0 and 1 <= r <= 32 and 1 <= p <= 16):
        raise HashError("its cost is out of bounds (N a power of two 1024-1048576, r 1-32, p 1-16)")
    return n, r, p, bytes.fromhex(match[4]), bytes.fromhex(match[5])


def check(hashed: str, what: str = "hash") -> str:
    """``hashed`` if it is a hash this code can check; else HashError ("not a ``what``")."""
    _parse(hashed, what)
    return hashed


def _derive(secret: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(secret.encode(), salt=salt, n=n, r=r, p=p, dklen=32,
                          maxmem=256 * r * n + (1 << 20))


def make_hash(secret: str, *, salt: bytes | None = None, n: int = N) -> str:
    """``secret``'s hash at scrypt cost ``n`` (the product's ``N``; the tests' own secrets take
    ``LEAST_N``), checked as ``verify`` will check it."""
    salt = secrets.token_bytes(16) if salt is None else salt
    return check(f"scrypt${n}${R}${P}${salt.hex()}${_derive(secret, salt, n, R, P).hex()}")


def verify(secret: str, hashed: str) -> bool:
    """Whether ``secret`` is the one ``hashed`` was made from (constant time); HashError when
    ``hashed`` is no hash."""
    n, r, p, salt, expected = _parse(hashed, "hash")
    return hmac.compare_digest(_derive(secret, salt, n, r, p), expected)
