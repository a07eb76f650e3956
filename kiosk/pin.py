"""The director's PIN at a table, kept as a salted slow hash, never in clear.

A table's config holds ``director.pin_hash``: ``scrypt$N$r$p$<salt>$<hash>`` (common.secret_hash,
the same as the director's password). ``hash_pin`` makes one, ``verify_pin``
checks a PIN typed at the table against it in constant time; ``is_default`` says whether a hash
is the default PIN's, ``DEFAULT_PIN`` (0000), which only a simulated kiosk (``--sim``, the demo)
may keep. ``main`` is ``python -m kiosk pin`` (also ``python -m kiosk.pin``, which the install
script runs with the standard library alone): it asks for a PIN, or makes one, and prints the
config line. Standard library only.

A slow hash keeps the PIN from being read off a stolen card; it cannot make a short PIN long:
four digits are ten thousand guesses. The install script makes eight.
"""
from __future__ import annotations

import argparse
import re
import secrets
import sys

from common import secret_hash

DEFAULT_PIN = "0000"
MIN_DIGITS, MAX_DIGITS, MADE_DIGITS = 4, 12, 8
PIN_EXPECTED = f"{MIN_DIGITS} to {MAX_DIGITS} digits"
HASH_EXPECTED = "\"\" or a hash made by python -m kiosk pin (scrypt$...)"


class PinError(ValueError):
    """A PIN that is not 4-12 digits, or a hash this kiosk cannot check."""


def valid_pin(pin: str) -> bool:
    return isinstance(pin, str) and re.fullmatch(rf"[0-9]{{{MIN_DIGITS},{MAX_DIGITS}}}", pin) is not None


def check_hash(hashed: str) -> str:
    """``hashed`` if it is a PIN hash this kiosk can check; else PinError."""
    try:
        return secret_hash.check(hashed, "PIN hash")
    except secret_hash.HashError as exc:
        raise PinError(str(exc)) from None


def hash_pin(pin: str, *, salt: bytes | None = None) -> str:
    """The hash to keep in the config for ``pin`` (4-12 digits)."""
    if not valid_pin(pin):
        raise PinError(f"a PIN is {PIN_EXPECTED}")
    return secret_hash.make_hash(pin, salt=salt)


def verify_pin(pin: str, hashed: str) -> bool:
    """Whether ``pin`` is the PIN ``hashed`` was made from (constant time)."""
    check_hash(hashed)
    return valid_pin(pin) and secret_hash.verify(pin, hashed)


def is_default(hashed: str) -> bool:
    """Whether ``hashed`` is a hash of the default PIN 0000."""
    return verify_pin(DEFAULT_PIN, hashed)


def make_pin(digits: int = MADE_DIGITS) -> str:
    return "".join(secrets.choice("0123456789") for _ in range(digits))


# --- python -m kiosk pin -------------------------------------------------------------------------

def add_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    made = parser.add_mutually_exclusive_group()
    made.add_argument("--generate", action="store_true",
                      help=f"make a random PIN of {MADE_DIGITS} digits and show it once (on stderr)")
    made.add_argument("--check", metavar="HASH",
                      help="check a hash made before (not the default PIN's) and print its line")
    return parser


def _ask() -> str:
    import getpass                  # the command line's alone: not loaded with the kiosk
    first = getpass.getpass(f"the director's PIN ({PIN_EXPECTED}; Enter alone makes one): ")
    if not first:
        return ""
    if getpass.getpass("the same PIN again: ") != first:
        raise PinError("the two PINs differ")
    return first


def run(args: argparse.Namespace) -> int:
    """Print ``pin_hash = "..."`` (for the [director] table of the kiosk's config) for a PIN
    asked at the terminal, read from stdin, or made (``--generate``, or Enter alone); or for a
    hash made before, once checked (``--check``)."""
    try:
        if args.check is not None:
            if is_default(check_hash(args.check)):
                raise PinError(f"that is the hash of the default PIN {DEFAULT_PIN}: choose another")
            print(f'pin_hash = "{args.check}"')
            return 0
        pin = "" if args.generate else _ask() if sys.stdin.isatty() else sys.stdin.readline().strip()
        if not pin:
            pin = make_pin()
            print(f"the director's PIN: {pin}  (shown once: write it down)", file=sys.stderr)
        if pin == DEFAULT_PIN:
            raise PinError(f"the default PIN {DEFAULT_PIN} opens no kiosk on its buttons: choose another")
        line = f'pin_hash = "{hash_pin(pin)}"'
    except PinError as exc:
        print(f"python -m kiosk pin: {exc}", file=sys.stderr)
        return 2
    print(line)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kiosk pin", description=run.__doc__)
    return run(add_arguments(parser).parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
