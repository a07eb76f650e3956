"""tsh event configs: a ``config.tsh`` (its ``division NAME FILE`` lines name the ``.t`` files
beside it) and a tsh archive ``.tsh`` (the same config, each division's file inside it between
``#begin_file name=FILE`` and ``#end_file`` lines), read and written back.

Of the config's lines the director takes what tsh users set there for the whole event: the
divisions (``division a a.t``), ``config event_name = "..."``, ``config event_date = "..."`` (the
.TOU file's event line) and ``config spread_cap = [300, 500]`` (a cap per round, the last for
later rounds, as the presets' ``result.spread_caps``; a single number caps every round; tsh's
``standings_spread_cap``, which caps the spread its ranks count, is read alike when there is no
``spread_cap``). A line
that starts with ``#`` is a comment to tsh and to us, ``# config ...`` included. Every line is
kept verbatim and written back into an archive of the event.

tsh reads every ``.t`` file of an event in one encoding, ISO-8859-1 unless its config says
``config tfile_encoding = 'utf8'`` (tsh's Config.pm; its Polish realm, ``config realm = 'pol'``,
says so too): ``says_utf8`` reads that, and an archive whose files are UTF-8 carries the line
(``format_archive``; an imported config's ``tfile_encoding`` line made so). Pure text functions.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from director.event.model import EventSettings, ModelError

_DIVISION = re.compile(r"^\s*division\s+(\S+)\s+(\S+)\s*$", re.I)
_CONFIG = re.compile(r"^\s*config\s+(\w+)\s*=\s*(.*?)\s*;?\s*$", re.I)
_BEGIN = re.compile(r"^#begin_file\s+name=(\S+)\s*$")
_END = re.compile(r"^#end_file(?:\s+name=(\S+))?\s*$")
HEADER = "# tsh archive file written by tablekeeper"
UTF8_LINE = "config tfile_encoding = 'utf8'"      # what tells tsh its .t files are UTF-8


class TshConfigError(ModelError):
    """A config or archive that cannot be read: names the file, the line and what is wrong."""


@dataclass(frozen=True)
class DivisionLine:
    name: str
    file: str
    line_no: int


@dataclass(frozen=True)
class EmbeddedFile:
    """A division file inside an archive: its text, padded with empty lines so that a line
    number in it is the archive's."""
    text: str
    line_no: int


@dataclass(frozen=True)
class TshConfig:
    source: str
    lines: tuple[str, ...]                       # every config line, the archive's files left out
    divisions: tuple[DivisionLine, ...]
    settings: EventSettings
    files: Mapping[str, EmbeddedFile] = field(default_factory=dict)


def is_config(text: str) -> bool:
    """Whether a text reads as a tsh config or archive (a ``division`` line or an embedded file)."""
    return any(_DIVISION.match(line) or _BEGIN.match(line) for line in text.splitlines())


def parse_config(text: str, *, source: str = "config.tsh") -> TshConfig:
    """Read a config.tsh or a tsh archive."""
    lines: list[str] = []
    divisions: list[DivisionLine] = []
    files: dict[str, EmbeddedFile] = {}
    settings: dict[str, tuple[str, int]] = {}        # key -> (value, line number)
    inside: tuple[str, int] | None = None
    body: list[str] = []
    for line_no, line in enumerate(text.splitlines(), 1):
        if inside is not None:
            end = _END.match(line)
            if end and end.group(1) not in (None, inside[0]):
                raise TshConfigError(f"{source}:{line_no}: #end_file name={end.group(1)} closes "
                                     f"#begin_file name={inside[0]} (line {inside[1]})")
            if end:
                files[inside[0]] = EmbeddedFile("\n".join(body) + "\n", inside[1])
                inside = None
            else:
                body.append(line)
            continue
        begin = _BEGIN.match(line)
        if begin:
            if begin.group(1) in files:
                raise TshConfigError(f"{source}:{line_no}: the file {begin.group(1)} is given twice")
            inside, body = (begin.group(1), line_no), [""] * line_no
            continue
        if _END.match(line):
            raise TshConfigError(f"{source}:{line_no}: #end_file without a #begin_file")
        lines.append(line)
        if line.lstrip().startswith("#"):
            continue
        division = _DIVISION.match(line)
        if division:
            name, file = division.groups()
            if any(d.name.casefold() == name.casefold() for d in divisions):
                raise TshConfigError(f"{source}:{line_no}: division {name} is declared twice")
            divisions.append(DivisionLine(name, file, line_no))
        elif line.strip().lower().startswith("division"):
            raise TshConfigError(f"{source}:{line_no}: expected 'division NAME FILE'; "
                                 f"got {line.strip()[:60]!r}")
        config = _CONFIG.match(line)
        if config and config.group(1).lower() in ("event_name", "event_date", "spread_cap",
                                                  "standings_spread_cap"):
            settings[config.group(1).lower()] = (_value(config.group(2), source, line_no), line_no)
    if inside is not None:
        raise TshConfigError(f"{source}:{inside[1]}: #begin_file name={inside[0]} has no #end_file")
    for name in files:
        if not any(d.file == name for d in divisions):
            raise TshConfigError(f"{source}: the file {name} is in the archive but no "
                                 "'division NAME FILE' line names it")
    if not divisions:
        raise TshConfigError(f"{source}: no 'division NAME FILE' line: not a tsh config")
    caps = settings.get("spread_cap") or settings.get("standings_spread_cap")
    return TshConfig(source, tuple(lines), tuple(divisions),
                     EventSettings(settings.get("event_name", ("",))[0],
                                   settings.get("event_date", ("",))[0],
                                   _caps(*caps, source) if caps is not None else None),
                     files)


def says_utf8(config_lines: Sequence[str]) -> bool:
    """Whether a config tells tsh its .t files are UTF-8 (``tfile_encoding`` utf8 or UTF-8, or the
    Polish realm, whose default it is)."""
    said = {}
    for line in config_lines:
        config = None if line.lstrip().startswith("#") else _CONFIG.match(line)
        if config and config.group(1).lower() in ("tfile_encoding", "realm"):
            said[config.group(1).lower()] = _plain(config.group(2)).lower()
    if "tfile_encoding" in said:
        return said["tfile_encoding"].replace("-", "") == "utf8"
    return said.get("realm") == "pol"


def format_archive(config_lines: Sequence[str], divisions: Sequence[tuple[str, str, str]],
                   settings: EventSettings, *, utf8: bool = False) -> str:
    """A tsh archive: the config (``config_lines`` as an imported config had them, its division
    lines made the event's; else a config of the event's settings), then each division's file
    (``(name, file, .t text)``) between ``#begin_file`` and ``#end_file``. ``utf8``: the files are
    UTF-8, and the config says so to tsh (UTF8_LINE, in place of a ``tfile_encoding`` line that
    says otherwise)."""
    division_lines = [f"division {name} {file}" for name, file, _ in divisions]
    out: list[str] = []
    if config_lines:
        for line in config_lines:
            if not line.lstrip().startswith("#") and _DIVISION.match(line):
                out += division_lines
                division_lines = []
            elif utf8 and _is_encoding_line(line) and not says_utf8([line]):
                continue                                   # said otherwise: UTF8_LINE below
            else:
                out.append(line)
        out += division_lines
    else:
        out = [HEADER, *division_lines]
        if settings.name:
            out.append(f"config event_name = {_quote(settings.name)}")
        if settings.date:
            out.append(f"config event_date = {_quote(settings.date)}")
        if settings.spread_caps:
            out.append("config spread_cap = [" + ", ".join(map(str, settings.spread_caps)) + "]")
    if utf8 and not says_utf8(out):
        out.append(UTF8_LINE)
    for _, file, text in divisions:
        out += [f"#begin_file name={file}", *text.splitlines(), f"#end_file name={file}"]
    return "\n".join(out) + "\n"


def _is_encoding_line(line: str) -> bool:
    config = _CONFIG.match(line)
    return bool(config) and config.group(1).lower() == "tfile_encoding"


def _plain(text: str) -> str:
    """A config value without its quotes (no error for a bad one: tsh's own reading says)."""
    try:
        return _value(text, "", 0)
    except TshConfigError:
        return text


def _value(text: str, source: str, line_no: int) -> str:
    """A config value as text: a quoted string unquoted, anything else as written."""
    if text[:1] in ("'", '"'):
        quote = text[0]
        match = re.fullmatch(quote + r"((?:\\.|[^\\" + quote + r"])*)" + quote, text)
        if not match:
            raise TshConfigError(f"{source}:{line_no}: an unclosed {quote} in {text[:60]!r}")
        return re.sub(r"\\(.)", r"\1", match.group(1))
    return text


def _caps(text: str, line_no: int, source: str) -> tuple[int, ...]:
    numbers = text.strip().removeprefix("[").removesuffix("]").replace(",", " ").split()
    if (not numbers or not all(n.isdigit() and int(n) > 0 for n in numbers)
            or text.count("[") > 1):
        raise TshConfigError(f"{source}:{line_no}: spread_cap: expected a whole number from 1 or a list "
                             f"such as [300, 500]; got {text[:60]!r}")
    return tuple(int(n) for n in numbers)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
