"""Enrolling a table by a one-time code: the exchange both ends share (docs/sync-protocol.md,
"Enrollment").

The director makes a code of ``CODE_DIGITS`` digits for table T (``python -m director enroll T``,
or its page); the volunteer types T and the code at the table. Both ends run SPAKE2 (the
``spake2`` package: a password-authenticated key exchange) with the code as the password and
the table's name in the table's identity, so each derives the same 32-byte key only when both
used the same code for the same table. Someone who sees the whole exchange learns neither that
key nor anything that lets them test guesses of the code offline; someone who takes part (a
false table, a false director) tests one guess per exchange, and the director ends a code after
``TRIES`` exchanges.

From that key, HKDF-SHA256 makes two: one seals the enrollment (ChaCha20-Poly1305, the table's
name and both SPAKE2 messages as associated data), one confirms it. The table opens the seal
(a wrong code cannot: ``WrongCode``) and sends the confirmation, which tells the director that
the code was used. The sealed enrollment names the director's own addresses (``urls``: the one
the table's start reached it at first, then those it announces): the table keeps one of those
(``kept_url``), never merely the address that answered, so a relay that answered in the
director's place (a rogue announcing the tournament's name first) is not the table's director
afterwards.

Over HTTP (the tables' API, no session):

- ``POST /api/enroll/start`` ``{"protocol": 1, "table": "7", "message": HEX}``: 200
  ``{"exchange": HEX, "message": HEX, "sealed": HEX, "tries_left": N}``, or 404 when no code is
  open for that table (none made, used, expired or ended);
- ``POST /api/enroll/confirm`` ``{"exchange": HEX, "confirm": HEX}``: 200 ``{"outcome":
  "enrolled"}``; 403 a confirmation that does not match; 404 an exchange the director does not
  know (ended, or replayed).

Every body is checked before anything reads it (``parse_*``): those the director is sent by the
protocol's one schema (common.wire.schema: ``EnrollStart``, ``EnrollConfirm``), the director's
answer, its refusals and the sealed enrollment by types made of the same schema's parts here
(``AnswerBody``, ``Refusal``, ``Sealed``: ``parse_start_answer``, ``refusal_words``,
``parse_enrollment``): any answer, however hostile, is refused with the field and why. Standard library, ``spake2`` and ``cryptography`` only;
no I/O.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from dataclasses import dataclass, field
from typing import Annotated, Any

import msgspec
from msgspec import Meta

import common.wire.schema as schema

PROTOCOL = 1
SERVICE_TYPE = "_tablekeeper._tcp.local."     # DNS-SD: the director's service on the venue network
CODE_DIGITS = 6
TRIES = 3                   # exchanges a code allows (each is one guess of it)
CODE_MINUTES = 10           # how long a code is open
PIN_DIGITS = 8              # a table's own director's PIN (kiosk.pin takes 4 to 12 digits)
MAX_TABLE = 20
MAX_BODY = 8192             # any enrollment body, either way
_MESSAGE_HEX = 66           # a SPAKE2 message on ed25519: 33 bytes
_EXCHANGE_HEX = 32
_CONFIRM_HEX = 64
_SEALED_MAX_HEX = 2 * 4096
_TABLE = re.compile(r"[^\s\x00-\x1f\x7f-\x9f](?:[^\x00-\x1f\x7f-\x9f]{0,18}[^\s\x00-\x1f\x7f-\x9f])?")
_AD = b"tablekeeper enrollment 1"


class EnrollmentError(ValueError):
    """A body or an enrollment that is not what the protocol says: names the field."""


class WrongCode(EnrollmentError):
    """The sealed enrollment does not open: the code typed is not the director's for this
    table (or the answer was tampered with on the way)."""


# --- the code --------------------------------------------------------------------------------------

def make_code() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(CODE_DIGITS))


def normal_code(text: str) -> str:
    """The code as typed, without spaces or dashes; EnrollmentError unless ``CODE_DIGITS`` digits."""
    code = re.sub(r"[\s-]", "", text or "")
    if not re.fullmatch(rf"[0-9]{{{CODE_DIGITS}}}", code):
        raise EnrollmentError(f"code: expected the {CODE_DIGITS} digits the director's page shows")
    return code


def shown_code(code: str) -> str:
    """The code as the director reads it out: ``482 913``."""
    return f"{code[:3]} {code[3:]}"


def check_table(table) -> str:
    if not isinstance(table, str) or not _TABLE.fullmatch(table):
        raise EnrollmentError(f"table: expected a table's number or name of 1 to {MAX_TABLE} "
                              "printable characters without spaces around it")
    return table


def table_pin(tournament_key: bytes, table: str) -> str:
    """Table ``table``'s own director's PIN, ``PIN_DIGITS`` digits derived from the tournament
    key: the director can always say it, the table keeps only its salted hash, and one table's
    PIN (or its hash, cracked) tells nothing of another's."""
    digest = hmac.new(tournament_key, b"pin:" + table.encode("utf-8"), hashlib.sha256).digest()
    return f"{int.from_bytes(digest[:8], 'big') % 10 ** PIN_DIGITS:0{PIN_DIGITS}d}"


# --- the key exchange -------------------------------------------------------------------------------

def _identity(table: str) -> bytes:
    return b"tablekeeper table:" + table.encode("utf-8")


DIRECTOR_IDENTITY = b"tablekeeper director"
TABLE_SIDE = b"A"           # a SPAKE2 message is its side's byte and a point of the group


def _not_a_point() -> tuple[type[BaseException], ...]:
    """What spake2 raises for a message that is not a point of its group (NotOnCurve is no
    SPAKEError, nor a ValueError)."""
    from spake2 import SPAKEError
    from spake2.ed25519_basic import NotOnCurve
    return SPAKEError, NotOnCurve, ValueError, AssertionError


def check_table_message(message: bytes) -> bytes:
    """``message`` if it is a table's SPAKE2 message (its side's byte, then a point of the
    group's prime-order subgroup), else EnrollmentError: checked before the director spends a
    try of a code on it."""
    from spake2.ed25519_group import Ed25519Group
    if message[:1] != TABLE_SIDE:
        raise EnrollmentError("message: not a table's SPAKE2 message (its first byte)")
    try:
        Ed25519Group.bytes_to_element(message[1:])
    except _not_a_point():
        raise EnrollmentError("message: not a SPAKE2 message (not a point of the group)") from None
    return message


def _keys(shared: bytes, table: str, table_message: bytes, director_message: bytes
          ) -> tuple[bytes, bytes, bytes]:
    """(sealing key, confirmation key, associated data) from SPAKE2's key and the transcript."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    transcript = b"|".join([_AD, table.encode("utf-8"), table_message, director_message])
    okm = HKDF(algorithm=hashes.SHA256(), length=64, salt=hashlib.sha256(transcript).digest(),
               info=b"tablekeeper enrollment keys").derive(shared)
    return okm[:32], okm[32:], transcript


def _confirmation(confirm_key: bytes, exchange: str, transcript: bytes) -> str:
    return hmac.new(confirm_key, b"confirm|" + exchange.encode() + b"|" + transcript,
                    hashlib.sha256).hexdigest()


@dataclass
class TableExchange:
    """The table's end: ``message`` to send, then ``open(answer)`` gives the enrollment (or
    raises WrongCode), then ``confirm_body`` to send back (after WrongCode too: a confirmation
    of the wrong code's key, which tells the director the code was wrong and nothing else)."""
    table: str
    code: str
    message: bytes = b""
    _spake: object = field(default=None, repr=False)
    _confirm: str = field(default="", repr=False)

    def __post_init__(self):
        from spake2 import SPAKE2_A
        self.table, self.code = check_table(self.table), normal_code(self.code)
        self._spake = SPAKE2_A(self.code.encode(), idA=_identity(self.table), idB=DIRECTOR_IDENTITY)
        self.message = self._spake.start()

    def start_body(self) -> bytes:
        return _json({"protocol": PROTOCOL, "table": self.table, "message": self.message.hex()})

    def open(self, answer: "StartAnswer") -> dict:
        """The enrollment the director sealed, checked; WrongCode if it does not open."""
        try:
            shared = self._spake.finish(answer.message)
        except _not_a_point() as exc:
            raise EnrollmentError(f"message: the director's SPAKE2 message is not one ({exc})") from None
        seal_key, confirm_key, transcript = _keys(shared, self.table, self.message, answer.message)
        # made before the seal is opened: after a wrong code the table still sends it, and the
        # director, finding it does not match, logs the code as wrong
        self._confirm = _confirmation(confirm_key, answer.exchange, transcript)
        plain = unseal(seal_key, answer.sealed, transcript)
        enrollment = parse_enrollment(plain)
        if enrollment["table"] != self.table:
            raise EnrollmentError(f"table: the director enrolled table {enrollment['table']!r}, "
                                  f"not {self.table!r}")
        return enrollment

    def confirm_body(self, exchange: str) -> bytes:
        if not self._confirm:
            raise EnrollmentError("nothing to confirm: the enrollment was not opened")
        return _json({"exchange": exchange, "confirm": self._confirm})


@dataclass(frozen=True)
class DirectorAnswer:
    """The director's end of one exchange: what it answers and the confirmation it expects."""
    exchange: str
    message: bytes
    sealed: bytes
    confirmation: str

    def body(self, tries_left: int) -> bytes:
        return _json({"exchange": self.exchange, "message": self.message.hex(),
                      "sealed": self.sealed.hex(), "tries_left": tries_left})


def director_answer(table: str, code: str, table_message: bytes, enrollment: dict) -> DirectorAnswer:
    """Answer a table's first message for ``code``: SPAKE2's message and ``enrollment`` sealed
    under the key the exchange gives (which the table gets only with the same code)."""
    from spake2 import SPAKE2_B
    spake = SPAKE2_B(normal_code(code).encode(), idA=_identity(table), idB=DIRECTOR_IDENTITY)
    message = spake.start()
    try:
        shared = spake.finish(table_message)
    except _not_a_point() as exc:
        raise EnrollmentError(f"message: not a SPAKE2 message ({exc})") from None
    seal_key, confirm_key, transcript = _keys(shared, table, table_message, message)
    exchange = secrets.token_hex(_EXCHANGE_HEX // 2)
    sealed = seal(seal_key, _json(enrollment), transcript)
    return DirectorAnswer(exchange, message, sealed, _confirmation(confirm_key, exchange, transcript))


def seal(key: bytes, plain: bytes, associated: bytes) -> bytes:
    from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
    nonce = secrets.token_bytes(12)
    return nonce + ChaCha20Poly1305(key).encrypt(nonce, plain, associated)


def unseal(key: bytes, sealed: bytes, associated: bytes) -> bytes:
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
    try:
        return ChaCha20Poly1305(key).decrypt(sealed[:12], sealed[12:], associated)
    except (InvalidTag, ValueError):
        raise WrongCode("the code is not the director's code for this table") from None


# --- the bodies, checked ----------------------------------------------------------------------------

class AnswerBody(schema.Strict):
    """The director's 200 to ``POST /api/enroll/start``."""
    exchange: schema.hex_digits(_EXCHANGE_HEX)
    message: schema.hex_digits(_MESSAGE_HEX)
    sealed: Annotated[str, Meta(min_length=2 * 28, max_length=_SEALED_MAX_HEX, pattern=schema.worded_pattern(
        "^(?:[0-9a-f]{2})*\\Z", "pairs of lowercase hex digits"))]
    tries_left: schema.whole(0, 1000)


class Refusal(msgspec.Struct):
    """The director's answer refusing an enrollment body (its other fields are skipped)."""
    error: schema.text(1000) | None = None


MAX_URLS = 8
DirectorUrl = Annotated[str, Meta(max_length=60, pattern=schema.worded_pattern(
    "^http://(?:[0-9]{1,3}(?:\\.[0-9]{1,3}){3}|\\[[0-9a-f:.]{2,45}\\]):[0-9]{1,5}\\Z",
    "an address http://IP:PORT"))]


class Sealed(schema.Strict):
    """The enrollment the director seals for a table (``enrollment``)."""
    table: schema.Table
    tournament: schema.Tournament
    key: schema.hex_digits(64)
    pin_hash: Annotated[str, Meta(max_length=300, pattern=schema.worded_pattern(
        "^scrypt\\$[0-9$a-f]{1,200}\\Z", "a PIN's hash (scrypt$...)"))]
    preset: schema.text(200, 1)
    overrides: Annotated[dict[schema.text(40, 1), Annotated[dict[schema.text(60, 1), Any],
                                                            Meta(max_length=100)]], Meta(max_length=20)]
    director: schema.text(100)
    urls: Annotated[list[DirectorUrl], Meta(min_length=1, max_length=MAX_URLS)]


def _json(value: dict) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


@dataclass(frozen=True)
class Start:
    table: str
    message: bytes


def _schema(raw: bytes, kind: type, what: str):
    """A body from the network checked by the protocol's one schema (common.wire.schema)."""
    if not isinstance(raw, (bytes, bytearray)) or len(raw) > MAX_BODY:
        raise EnrollmentError(f"{what}: expected a JSON object of at most {MAX_BODY} bytes")
    try:
        return schema.decode(bytes(raw), kind)
    except schema.SchemaError as exc:
        raise EnrollmentError(f"{exc.field or what}: {exc}") from None


def parse_start(raw: bytes) -> Start:
    body = _schema(raw, schema.EnrollStart, "start")
    if body.protocol != PROTOCOL:
        raise EnrollmentError(f"protocol: this director speaks enrollment protocol {PROTOCOL}")
    return Start(check_table(body.table), bytes.fromhex(body.message))


@dataclass(frozen=True)
class StartAnswer:
    exchange: str
    message: bytes
    sealed: bytes
    tries_left: int


def parse_start_answer(raw: bytes) -> StartAnswer:
    body = _schema(raw, AnswerBody, "the director's answer")
    return StartAnswer(body.exchange, bytes.fromhex(body.message), bytes.fromhex(body.sealed),
                       min(body.tries_left, TRIES))


def refusal_words(status: int, raw: bytes) -> str:
    """What the director's refusal (any status but 200) says: its ``error`` if the body is the
    protocol's answer (one line, at most 300 characters); else that it is not one."""
    try:
        error = schema.decode(bytes(raw), Refusal).error if len(raw) <= MAX_BODY else None
    except schema.SchemaError:
        error = None
    if error:
        return f"the director says: {error[:300]}"
    return f"the director answered {status} with no answer the protocol has ({len(raw)} bytes)"


@dataclass(frozen=True)
class Confirm:
    exchange: str
    confirm: str


def parse_confirm(raw: bytes) -> Confirm:
    body = _schema(raw, schema.EnrollConfirm, "confirm")
    return Confirm(body.exchange, body.confirm)


def same_confirmation(given: str, expected: str) -> bool:
    return hmac.compare_digest(given.encode(), expected.encode())


#: The sealed enrollment: what a table learns (kiosk.config.enrolled writes it as config).
ENROLLMENT_FIELDS = {"table": str, "tournament": str, "key": str, "pin_hash": str,
                     "preset": str, "overrides": dict, "director": str, "urls": list}


def enrollment(*, table: str, tournament: str, key: bytes, pin_hash: str, preset: str,
               overrides: dict, director: str = "", urls: list[str] = ()) -> dict:
    """The enrollment the director seals for a table (``director``: its name, for the screen;
    ``urls``: its own addresses, the one the table reached first)."""
    return {"table": table, "tournament": tournament, "key": key.hex(), "pin_hash": pin_hash,
            "preset": preset, "overrides": overrides, "director": director, "urls": list(urls)}


def director_url(host: str, port: int) -> str:
    """``http://HOST:PORT`` for an IP address (an IPv6 one in brackets)."""
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def kept_url(enrolled: dict, answered: str) -> str:
    """The director's address a table keeps from its sealed enrollment: the address that
    answered if the director sealed it as its own, else the first the director sealed (the one
    the table's start reached it at, through whoever relayed it)."""
    urls = enrolled["urls"]
    return answered if answered in urls else urls[0]


def parse_enrollment(plain: bytes) -> dict:
    body = _schema(plain, Sealed, "enrollment")
    check_table(body.table)
    return msgspec.structs.asdict(body)


# --- the enrollment as a table keeps it ---------------------------------------------------------------

ENROLLMENT_FILE = "table-{table}.toml"          # on a USB stick: tablekeeper/table-7.toml


def stick_name(table: str) -> str:
    """The enrollment's file name on a USB stick, by the table's number or name."""
    return ENROLLMENT_FILE.format(table=re.sub(r"[^A-Za-z0-9_-]", "_", table))


# --- a USB stick's file, sealed by a code ------------------------------------------------------------

STICK_SEAL = "\n[stick]\n"         # the file's last table: the seal of the lines before it


class StickNotSealed(EnrollmentError):
    """A stick's file that is not the director's for the code typed at the table: made by
    someone else, changed since, or the code of another stick."""


def _stick_mac(text: str, code: str, salt: bytes) -> str:
    """HMAC-SHA256 of ``text`` under the code stretched by scrypt with the file's own ``salt``:
    whoever holds the file tests guesses of the code at scrypt's pace, one file at a time."""
    key = hashlib.scrypt(normal_code(code).encode(), salt=b"tablekeeper stick:" + salt,
                         n=2 ** 14, r=8, p=1, dklen=32)
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


def stick_seal(text: str, code: str) -> str:
    """An enrollment's config lines (``enrollment_toml``) as a USB stick's file: the lines, then
    a ``[stick]`` table with a random ``salt`` and the HMAC-SHA256 of them (``mac``) under
    ``code`` stretched by scrypt with that salt (a one-time code the director prints beside the
    file, never written on the stick). The table takes the file only with that
    code typed at it (``stick_open``): a stick from anyone else is refused."""
    body, salt = text.rstrip("\n") + "\n", secrets.token_bytes(16)
    return (f"{body}{STICK_SEAL}# the seal of the lines above: the table takes them only with the "
            f'code printed beside this file\nsalt = "{salt.hex()}"\n'
            f'mac = "{_stick_mac(body, code, salt)}"\n')


def stick_open(file_text: str, code: str) -> str:
    """The enrollment's lines of a stick's file sealed under ``code`` (the code typed at the
    table); StickNotSealed for a file without its seal or sealed otherwise, EnrollmentError
    for a code that is not 6 digits."""
    code = normal_code(code)
    at = file_text.rfind(STICK_SEAL)
    if at < 0:
        raise StickNotSealed("the file carries no seal: a stick's file is the director's only with "
                             "the code it printed beside it (python -m director enroll --stick)")
    text, seal = file_text[:at], file_text[at + len(STICK_SEAL):]
    found = re.fullmatch(r'(?:#[^\n]*\n)*salt = "([0-9a-f]{32})"\nmac = "([0-9a-f]{64})"\n?', seal)
    if found is None or not hmac.compare_digest(found[2], _stick_mac(text, code, bytes.fromhex(found[1]))):
        raise StickNotSealed("the file is not sealed under the code typed: not the director's "
                             "file for this code (a stick from someone else, a file changed since, "
                             "or another table's code)")
    return text


def enrollment_toml(enrolled: dict, *, url: str = "", serial: str = "", how: str = "") -> str:
    """The enrollment as kiosk config lines (what kiosk.config reads from the table's data
    partition, or from a USB stick): the table, the tournament, the rules, the link (``url`` or
    ``serial``), the table's key and its PIN's hash. It holds the table's key: a secret."""
    q = lambda text: json.dumps(text, ensure_ascii=False)        # noqa: E731 - TOML's basic strings
    link = f"serial = {q(serial)}" if serial else f"url = {q(url)}"
    lines = [f"# Table {enrolled['table']} of {enrolled['tournament'] or 'the tournament'}: "
             f"enrolled {how}".rstrip(),
             "# It holds the table's key: readable by the kiosk only. Enrolling again replaces it.",
             "[kiosk]", f"table = {q(enrolled['table'])}", f"tournament = {q(enrolled['tournament'])}",
             "", "[director]", link, f"table_key = {q(enrolled['key'])}",
             f"pin_hash = {q(enrolled['pin_hash'])}", "",
             "[rules]", f"preset = {q(enrolled['preset'])}", ""]
    for section, settings in enrolled["overrides"].items():
        lines += [f"[rules.{section}]",
                  *(f"{name} = {json.dumps(value)}" for name, value in settings.items()), ""]
    return "\n".join(lines)
