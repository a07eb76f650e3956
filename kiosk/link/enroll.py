"""The table's end of being enrolled: by its one-time code over the network, or from a USB stick;
what it learns is written to its data partition (kiosk.config.enrolled) and read as config
from then on.

- ``by_code(url, table, code)``: the exchange of common.wire.code_exchange with the director at
  ``url`` (found by kiosk.link.discovery, or given): its first message, the director's answer
  opened with the code (``WrongCode`` if it does not open: the answer says how many tries are
  left; the confirmation is sent all the same, for the director's log to say the code was
  wrong), then the confirmation. Gives the enrollment as config lines (``Enrolled``), whose
  director's address is one the director sealed as its own (common.wire.code_exchange.kept_url),
  not merely the one that answered: a relay in the director's place (a rogue that announced
  the tournament's name first) is not the table's director afterwards. The confirmation goes
  to that address, so a table that cannot reach it is not enrolled.
- ``from_stick(table, code, roots)``: the file ``tablekeeper/table-T.toml`` on a stick mounted
  under one of ``roots`` (``STICK_ROOTS``), as ``python -m director enroll T --stick`` wrote it,
  taken only if it is sealed under the code typed at the table (the one the director printed
  beside the file), and checked as an enrollment: a fresh table takes no stick from anyone else.
- ``save(enrolled, path)``: the enrollment written, durably, readable by the kiosk only.

Every failure is ``EnrollFailed`` with a sentence for the volunteer (the screen shows it).
Standard library (urllib) for HTTP; blocking: the screen runs these on a thread of their own.
"""
from __future__ import annotations

import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from kiosk.config import enrolled as enrollment_file
from common.wire.code_exchange import (EnrollmentError, StickNotSealed, TableExchange, WrongCode,
                                   enrollment_toml, kept_url, parse_start_answer, refusal_words,
                                   stick_name, stick_open)

TIMEOUT_S = 10.0
STICK_ROOTS = ("/media", "/mnt", "/run/media")      # where a USB stick is mounted


class EnrollFailed(Exception):
    """The table is not enrolled: why, for the volunteer."""


@dataclass(frozen=True)
class Enrolled:
    table: str
    tournament: str
    text: str           # the config lines (kiosk.config.enrolled reads them)
    how: str            # "by code from http://..." or "from /media/usb/tablekeeper/table-7.toml"


def _post(url: str, body: bytes, timeout_s: float) -> tuple[int, bytes]:
    request = urllib.request.Request(url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout_s) as answer:
            return answer.status, answer.read(1 << 16)
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(1 << 16)
    except (OSError, ValueError) as exc:
        raise EnrollFailed(f"the director at {url.rsplit('/api/', 1)[0]} did not answer "
                           f"({getattr(exc, 'reason', None) or exc})") from None


def by_code(url: str, table: str, code: str, *, timeout_s: float = TIMEOUT_S) -> Enrolled:
    """Enroll as ``table`` with ``code`` at the director's service at ``url``."""
    base = url.rstrip("/")
    try:
        exchange = TableExchange(table, code)
    except EnrollmentError as exc:
        raise EnrollFailed(str(exc)) from None
    status, raw = _post(f"{base}/api/enroll/start", exchange.start_body(), timeout_s)
    if status != 200:
        raise EnrollFailed(refusal_words(status, raw))
    try:
        answer = parse_start_answer(raw)
        enrolled = exchange.open(answer)
    except WrongCode:
        left = answer.tries_left
        _tell_wrong(base, exchange, answer.exchange, timeout_s)
        raise EnrollFailed(f"that is not table {table}'s code: "
                           + (f"{left} {'try' if left == 1 else 'tries'} left" if left else
                              "the code has ended: ask the director for a new one")) from None
    except EnrollmentError as exc:
        raise EnrollFailed(f"the director's answer is not one this table takes ({exc}): "
                           "nothing was written; try again, or call the director") from None
    kept = kept_url(enrolled, base)
    how = f"by its code, from the director at {kept}" + (
        "" if kept == base else f" (the answer came through {base}, not the director's own)")
    text = enrollment_toml(enrolled, url=kept, how=how)
    try:
        enrollment_file.parse_enrollment(text, "the director's enrollment", _check)
    except ValueError as exc:
        raise EnrollFailed(f"the director's enrollment is not one this table takes: {exc}") from None
    status, raw = _post(f"{kept}/api/enroll/confirm", exchange.confirm_body(answer.exchange),
                        timeout_s)
    if status != 200:
        raise EnrollFailed(f"the director did not take the confirmation: {refusal_words(status, raw)}")
    return Enrolled(table, enrolled["tournament"], text, how)


def _tell_wrong(base: str, exchange: TableExchange, exchange_id: str, timeout_s: float) -> None:
    """After a wrong code, its confirmation all the same: it does not match, so the director's
    log says the code was wrong (the director cannot tell otherwise). Its answer is not read."""
    try:
        _post(f"{base}/api/enroll/confirm", exchange.confirm_body(exchange_id), timeout_s)
    except (EnrollFailed, EnrollmentError):
        pass


def from_stick(table: str, code: str, roots: tuple[str, ...] = STICK_ROOTS) -> Enrolled:
    """Table ``table``'s enrollment file from a USB stick mounted under one of ``roots`` (the
    root itself, or a folder in it: /media/usb, /media/pi/STICK), taken only if it is sealed
    under ``code``, the one the director printed beside it (common.wire.code_exchange.stick_open):
    a stick from anyone else, or a file changed since, is refused and nothing is written."""
    name = stick_name(table)
    candidates = []
    for root in map(Path, roots):
        candidates += [root / "tablekeeper" / name, *sorted(root.glob(f"*/tablekeeper/{name}")),
                       *sorted(root.glob(f"*/*/tablekeeper/{name}"))]
    found = next((path for path in candidates if path.is_file()), None)
    if found is None:
        raise EnrollFailed(f"no tablekeeper/{name} on a USB stick (looked in {', '.join(roots)}): "
                           f"the director writes it with python -m director enroll {table} --stick")
    try:
        text = stick_open(found.read_text(encoding="utf-8"), code)
        values = enrollment_file.parse_enrollment(text, str(found), _check)
    except (OSError, UnicodeDecodeError) as exc:
        raise EnrollFailed(f"{found}: cannot be read ({exc})") from None
    except StickNotSealed as exc:
        raise EnrollFailed(f"{found} refused: {exc}; nothing was written") from None
    except ValueError as exc:
        raise EnrollFailed(str(exc)) from None
    if values["kiosk.table"] != table:
        raise EnrollFailed(f"{found} enrolls table {values['kiosk.table']}, not {table}")
    return Enrolled(table, values.get("kiosk.tournament", ""), text, f"from {found}")


def _check(source: str, name: str, value):
    from kiosk.config.keys import KEYS
    return KEYS[name].kind.check(source, name, value)


def save(enrolled: Enrolled, path: str | Path) -> Path:
    """Write the enrollment to the table's data partition (``kiosk.enrollment``)."""
    try:
        return enrollment_file.write(path, enrolled.text)
    except OSError as exc:
        raise EnrollFailed(f"the enrollment could not be written to {path}: "
                           f"{exc.strerror or exc}") from None
