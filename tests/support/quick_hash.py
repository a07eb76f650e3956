"""The tests' own PINs and passwords, hashed at the least cost the product checks.

common.secret_hash checks a hash at the cost written in it, anywhere between scrypt N=1024 and
N=2**20; what the product makes (``make_hash``: a director's PIN for a table, a password) is
N=2**14, some 48 ms to check here. A test that types a PIN or logs in hashes its own secret
here at N=1024: the same checks, the same refusals, some 3 ms each (the suite checks a PIN or
a password some 470 times). What the product's own hashes cost stays asserted where they are
made (tests/security/test_kiosk_pin.py, tests/director/test_password.py)."""
from __future__ import annotations

from common import secret_hash


def quick_hash(secret: str) -> str:
    """``secret``'s hash in secret_hash's form, at its least cost (``LEAST_N``, N=1024)."""
    return secret_hash.make_hash(secret, n=secret_hash.LEAST_N)
