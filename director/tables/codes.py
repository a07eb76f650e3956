"""Tables' one-time enrollment codes, kept in the director's database (``enrollment_codes``), and
the record of every table enrolled (``enrolled``).

``make(db, table, now)`` opens a new code for a table (replacing any it had): ``CODE_DIGITS``
digits, open ``CODE_MINUTES`` minutes unless the director sets another time (1 to
``MAX_MINUTES``: 30 tables take more than 10 minutes), good for ``TRIES_IN_ALL`` exchanges from every address
together (the service lets one address spend ``TRIES`` of them: director.tables.exchange). The
command line (``python -m director enroll T``) and the page make them; the service takes them:
``open_code`` gives a table's open code without spending anything, ``take_try`` spends one
exchange of it, each or says why there is none (never made, used, expired, its tries spent);
``used`` closes it once a table confirms. Times are passed in (wall-clock seconds). The code is kept in clear for its few
minutes: the exchange needs it, and the database is the director's machine's (threat model).
"""
from __future__ import annotations

from dataclasses import dataclass

from common.wire.code_exchange import CODE_MINUTES, make_code

from director.event.db import DirectorDB

OPEN, USED, ENDED, REPLACED = "open", "used", "ended", "replaced"
TRIES_IN_ALL = 10           # exchanges a code allows from every address together (each one guess)
MAX_MINUTES = 240           # the longest a code may be open (its tries bound the guesses, not its time)


@dataclass(frozen=True)
class Code:
    table: str
    code: str
    made_wall: float
    expires_wall: float
    tries_left: int


class NoCode(LookupError):
    """No code open for the table: says why (none made, used, expired, ended)."""


def make(db: DirectorDB, table: str, now: float, *, minutes: float = CODE_MINUTES,
         code: str | None = None) -> Code:
    """A new code for ``table``, open until ``now`` + ``minutes`` (1 to MAX_MINUTES: ValueError
    otherwise); any code it had is replaced."""
    if not 1 <= minutes <= MAX_MINUTES:
        raise ValueError(f"a code is open 1 to {MAX_MINUTES} minutes, not {minutes:g}")
    made = Code(table, code or make_code(), now, now + minutes * 60, TRIES_IN_ALL)
    with db.transaction() as conn:
        conn["enrollment_codes"].upsert({
            "table_name": table, "code": made.code, "made_wall": now,
            "expires_wall": made.expires_wall, "tries_left": TRIES_IN_ALL, "state": OPEN,
            "ended_wall": None}, pk="table_name")
    db.changed("enrollment")
    return made


def _open(conn, table: str, now: float) -> Code:
    row = conn.execute("SELECT code, made_wall, expires_wall, tries_left, state FROM "
                       "enrollment_codes WHERE table_name = ?", [table]).fetchone()
    if row is None:
        raise NoCode(f"no enrollment code for table {table}: the director makes one "
                     f"(python -m director enroll {table}, or the page's Tables)")
    code, made_wall, expires_wall, tries_left, state = row
    if state == USED:
        raise NoCode(f"table {table}'s code was used already: the director makes a new one")
    if state == ENDED or tries_left <= 0:
        raise NoCode(f"table {table}'s code ended after {TRIES_IN_ALL} tries: the director makes "
                     "a new one")
    if now >= expires_wall:
        raise NoCode(f"table {table}'s code expired (it was open "
                     f"{round((expires_wall - made_wall) / 60)} minutes): the director makes a new "
                     "one, and may keep it open longer")
    return Code(table, code, made_wall, expires_wall, tries_left)


def open_code(db: DirectorDB, table: str, now: float) -> Code:
    """The table's open code, nothing spent; NoCode naming why there is none."""
    with db.locked() as conn:
        return _open(conn, table, now)


def take_try(db: DirectorDB, table: str, now: float) -> Code:
    """The table's open code with one try spent (``tries_left`` is what is left after it);
    NoCode naming why there is none."""
    with db.transaction() as conn:
        code = _open(conn, table, now)
        left = code.tries_left - 1
        conn.execute("UPDATE enrollment_codes SET tries_left = ?, state = ?, ended_wall = ? "
                     "WHERE table_name = ?", [left, OPEN if left else ENDED,
                                              None if left else now, table])
    db.changed("enrollment")
    return Code(table, code.code, code.made_wall, code.expires_wall, left)


def used(db: DirectorDB, table: str, code: str, now: float, *, source: str) -> None:
    """Table ``table`` confirmed its enrollment by ``code``: the code is closed (if it is still
    the table's) and the table recorded as enrolled."""
    with db.transaction() as conn:
        conn.execute("UPDATE enrollment_codes SET state = ?, ended_wall = ? WHERE table_name = ? "
                     "AND code = ?", [USED, now, table, code])
    record(db, table, now, how="code", source=source)


def record(db: DirectorDB, table: str, now: float, *, how: str, source: str = "") -> None:
    """Note ``table`` as enrolled at ``now`` (``how``: code, stick or files)."""
    with db.transaction() as conn:
        conn["enrolled"].upsert({"table_name": table, "enrolled_wall": now, "how": how,
                                 "source": source}, pk="table_name")
    db.changed("enrollment")


def codes(db: DirectorDB) -> dict[str, dict]:
    """Every table's latest code as the page shows it (the code itself only while it is open)."""
    with db.locked() as conn:
        rows = list(conn.query("SELECT * FROM enrollment_codes"))
    return {r["table_name"]: r for r in rows}


def enrolled(db: DirectorDB) -> dict[str, dict]:
    with db.locked() as conn:
        return {r["table_name"]: r for r in conn.query("SELECT * FROM enrolled")}
