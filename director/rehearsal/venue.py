"""The rehearsal's event: the made-up one (one division of ``2 * tables`` players,
director.rehearsal.event), or the director's own (``tournament.event_file`` of its config: a tsh
``config.tsh`` with its ``.t`` files, a ``.t`` file or a players CSV), its divisions and players
as the director's import reads them, at the config's tables (``tournament.tables``).

``from_event_file(folder, path, tables)`` imports the event's files into a database of the
rehearsal's own (``event.sqlite``, as the page will import them into the rehearsal's director)
and reads back each division's players (a withdrawn player is not paired). The event's files
must hold players only: pairings or results already there are refused (a rehearsal is of the
rounds to come), and the config's tables must seat a round. The rounds are drawn by the
director's draw (director.rehearsal.drawn), each division's as the config sets it (``[draw]``,
``[draw.DIVISION]``; under tsh, or none set, a Swiss of the rehearsal's rounds:
director.rehearsal.plan), at the config's tables; ``EventPlan.drawn`` keeps what was drawn.

``expected_standings(...)`` is the standings CSV the scripts alone give: the same files and the
drawn pairings (as a pairings CSV: round, table, players by number, who goes first, division)
imported into another database of the rehearsal's, each game's result (from its script, as the
director reads a table's document) stored as an imported result, every round started (a bye
counts in a started round), the standings exported as the page does.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePath

from director.config import DirectorConfig
from director.event import divisions as event_divisions
from director.event.db import DirectorDB
from director.event.model import NO_OPPONENT, Pairing, Player
from director.event.rounds import start_round
from director.event.tournament import imported_results, pairings as stored_pairings, players
from director.event.tournament import store_imported_results
from director.files import exports, imports
from director.files.beside import OutsideTheFolder, read_beside
from . import event

PAIRINGS_FILE = "rehearsal-pairings.csv"


class EventFileError(ValueError):
    """The event's files cannot be rehearsed: says why."""


@dataclass
class EventPlan:
    uploads: list[imports.Upload]           # what the page imports first, in one go
    people: list[Player]                    # every division's players (each its division)
    divisions: list[str] = field(default_factory=list)
    paired: list[Pairing] = field(default_factory=list)  # every round's games and byes, drawn
    tables: list[str] = field(default_factory=list)      # the tables that play, in order
    spare: list[str] = field(default_factory=list)       # the config's tables no game needs

    def drawn(self, paired: list[Pairing], tables: list[str], venue: tuple[str, ...]) -> None:
        """The rounds as the draw paired them (director.rehearsal.drawn), at ``tables``, of the
        config's ``venue``."""
        self.paired, self.tables = paired, list(tables)
        self.spare = [t for t in venue if t not in self.tables]

    @property
    def pairings_csv(self) -> bytes:
        return pairings_csv(self.paired)

    @property
    def games(self) -> list[Pairing]:
        return [p for p in self.paired if p.players[1] != NO_OPPONENT]

    def words(self) -> str:
        """The event in a line: its divisions, players and tables."""
        counts = ", ".join(f"{d} {sum(p.division == d for p in self.people)}"
                           for d in self.divisions)
        spare = f" ({len(self.spare)} of the config's tables not needed)" if self.spare else ""
        return (f"{len(self.divisions)} division{'s' * (len(self.divisions) != 1)} ({counts} "
                f"players), {len(self.tables)} tables{spare}")


def made_up(tables: int) -> EventPlan:
    """The made-up event of director.rehearsal.event: one division, ``2 * tables`` players."""
    name = PurePath(event.FILE).stem                 # the division the .t file makes
    people = [replace(p, division=name) for p in event.players(2 * tables)]
    return EventPlan([imports.Upload(event.FILE, event.event_file(people, []))], people, [name])


def event_uploads(path: Path) -> list[imports.Upload]:
    """The event's file and, for a tsh config, the .t files it names, each a .t file in the
    config's own folder (director.files.beside, as ``python -m director import`` reads them):
    a config naming any other file is refused by its line before that file is read."""
    if not path.is_file():
        raise EventFileError(f"tournament.event_file: {path}: no such file")
    first = imports.Upload(path.name, path.read_bytes())
    uploads = [first]
    if imports.kind_of(first) == "tsh-config":
        try:
            config = imports.parse_tsh_config(first)
        except imports.FileRefused as exc:
            raise EventFileError(f"tournament.event_file: {exc}") from None
        for line in config.divisions:
            if line.file in config.files:
                continue                            # an archive holds its .t files
            where = f"tournament.event_file: {path}:{line.line_no}: division {line.name}"
            try:
                data = read_beside(path, line.file)
            except OutsideTheFolder as exc:
                raise EventFileError(f"{where}: {exc}") from None
            if data is None:
                raise EventFileError(f"{where}: its file {path.parent / line.file} is missing")
            uploads.append(imports.Upload(line.file, data))
    return uploads


def _fresh(path: Path) -> DirectorDB:
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    return DirectorDB.open(path)


def from_event_file(folder: Path, path: Path, tables: tuple[str, ...]) -> EventPlan:
    """The director's event from its file, to be drawn at ``tables`` (the config's; none: the
    draw numbers them)."""
    uploads = event_uploads(path)
    try:
        with _fresh(folder / "event.sqlite") as db:
            imports.import_files(db, uploads)
            names = event_divisions.names(db)
            people = players(db)
            held = [d for d in names if stored_pairings(db, d) or imported_results(db, d)]
    except imports.FileRefused as exc:
        raise EventFileError(f"tournament.event_file: {exc}") from None
    if held:
        raise EventFileError(f"tournament.event_file: {path}: division {held[0]} has pairings or "
                             "results already; a rehearsal plays the rounds to come: give it the "
                             "players alone")
    groups = {d: [p.number for p in people if p.division == d and not p.withdrawn] for d in names}
    short = [d for d, numbers in groups.items() if len(numbers) < 2]
    if short:
        raise EventFileError(f"tournament.event_file: division {short[0]} has fewer than two "
                             "players to pair")
    per_round = sum(len(n) // 2 for n in groups.values())
    if tables and len(tables) < per_round:
        raise EventFileError(f"the event needs {per_round} tables a round ("
                             + ", ".join(f"division {d}: {len(n) // 2}" for d, n in groups.items())
                             + f"); tournament.tables names {len(tables)}")
    return EventPlan(uploads, people, names)


def pairings_csv(paired: list[Pairing]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["round", "table", "player1", "player2", "first", "division"])   # first: 1 or 2
    for p in paired:
        bye = p.players[1] == NO_OPPONENT
        writer.writerow([p.round, p.table, p.players[0], "bye" if bye else p.players[1],
                         "" if p.first is None else p.first + 1, p.division])
    return out.getvalue().encode()


def expected_standings(folder: Path, config: DirectorConfig, plan: EventPlan, games) -> bytes:
    """The standings (CSV, as the page exports them) the scripts alone give."""
    with _fresh(folder / "expected.sqlite") as db:
        imports.import_files(db, plan.uploads)
        imports.import_files(db, [imports.Upload(PAIRINGS_FILE, plan.pairings_csv)])
        division_of = {(p.round, p.table): p.division for p in plan.games}
        for name in plan.divisions:
            roster = [p for p in plan.people if p.division == name]
            results = [event.result_of(game, config.tournament, roster) for game in games
                       if division_of[(game.round, game.table)] == name]
            store_imported_results(db, results, division=name)
            for round_number in sorted({p.round for p in plan.paired if p.division == name}):
                start_round(db, round_number, 0.0, name)      # its byes count once it started
        return exports.export_standings_csv(db, config.rules, config.tournament)
