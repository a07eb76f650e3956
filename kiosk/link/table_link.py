"""The table's side of the director link, called from the kiosk's loop (kiosk.app.Kiosk).

``TableLink.open(config, table, now_ns)`` starts the link's worker (a kiosk.link.worker.Link):
the HTTP sync worker (kiosk.link.sender) when ``director.url`` is set, the serial link
(kiosk.link.serial_link, on a drivers.serial_port port) when ``director.serial`` is; the table
link uses only what both are. A serial port that cannot be opened stops the kiosk with
``HardwareError`` naming the key and the device, as a missing display does. A kiosk with a link
but without its table's key (``director.table_key_file``) opens no link: its top line says so
(kiosk.link.news.NO_TABLE_KEY) and its results wait in the outbox.

On every pass ``tick`` hands the worker the game (an immutable state: no lock, no wait),
applies the director's assignment, and makes ``news`` (kiosk.link.news.DirectorNews), the
snapshot the table reads after it (kiosk.table.Table.hear): the link's words for the top line
("result sent to director", "result waiting to send (n)", "director refused: ..."), an
assignment the table refused as the line's alert (``assignment_alert``, which its status also
carries to the director), the division, and the judge station's line and verdict. Nothing here
sets anything on the table: it reads the game and asks what a player could ask
(``Table.submit``, ``Table.restart``).

The assignment (kiosk.link.assignment): the director's tournament name and the table's division
for the results and statuses from now on (``Session.change_setup``), a new game with the
assigned round, players and who starts while the game may still change (who starts is the
game's setup: the core refuses the other start press), the round's start and end as core
commands through ``Table.submit`` (judged by the core and journaled like a press); and, in a
rated round, a word list other than the director's stops the game's start (the news'
``start_refusal``). Each of those is done once per assignment revision: a command the core
refuses shows its reason once, and is not asked again. The director's corrections of this
table's games (kiosk.link.assignment.corrections_of) are journaled once each in the game they
correct (else the game on screen), as a use ``corrected`` of the director's menu, and the top
line says the newest for NOTICE_S. With
``director.judge_at_station`` the table's challenges go to the venue's judge station and its
verdicts come back through the same worker (kiosk.link.station_wait).
"""
from __future__ import annotations

import logging
import re
import time
from typing import Callable

from drivers.buttons import HardwareError
from drivers.serial_port import SerialPort, SerialPortError
from kiosk import VERSION
from kiosk.lexicon import Lexicon
from common.game.vocabulary import MenuUse
from kiosk.store.db import UnknownRecord
from kiosk.store.menu_uses import record_once
from kiosk.link import assignment as plan
from kiosk.link.http_client import DirectorClient
from kiosk.link.news import DirectorNews
from kiosk.link.sender import Sender, assignment_alert, link_text
from kiosk.link.serial_link import SerialLink
from kiosk.link.worker import Link
from common.wire.status import about_table

log = logging.getLogger(__name__)
NS = 1_000_000_000
NOTICE_S = 600                  # how long the top line says the director corrected a result


class TableLink:
    """The table's end of the link: its worker (``sender``, HTTP or serial) and the news."""

    def __init__(self, table, sender: Link, started_ns: int, *,
                 wall: Callable[[], float] = time.time, port: SerialPort | None = None,
                 station=None):
        self.table, self.sender, self.started_ns, self.wall = table, sender, started_ns, wall
        self.port = port                        # the serial link's port, closed with the link
        self.station = station                  # kiosk.link.station_wait.StationWait, if judged there
        self.done: set[tuple] = set()           # (revision, what) already applied
        self._game: tuple[int, str] | None = None   # (session's game id, its document id)
        self.notice: tuple[str, int] | None = None  # (what the director corrected, shown until ns)
        self._about_seen: tuple | None = None   # ((lexicon, self-test), the about it gave)
        self.start_refusal = ""                 # the assignment's word list refused, if so
        self.news = DirectorNews(judge_at_station=station is not None)    # what the table reads

    @classmethod
    def open(cls, config, table, now_ns: int, *, clock: Callable[[], int] = time.monotonic_ns
             ) -> "TableLink | None":
        """The link for ``config``, its worker started; None without ``director.url`` or
        ``director.serial``, and without the table's key (then the table's top line says so)."""
        if not (config.director_url or config.director_serial):
            return None
        if not config.key:
            log.warning("a director link is set but the table has no key (director.table_key_file): "
                        "nothing is sent; the results wait in the outbox")
            return None
        if config.director_serial:
            return cls._serial(config, table, now_ns, clock)
        client = DirectorClient(config.director_url, str(config.table), config.key)
        cap = config.director_retry_max_s
        sender = Sender(config.store, client, config.key, status_s=config.director_poll_s,
                        poll_s=config.director_poll_s, base_delay_s=min(1.0, cap),
                        max_delay_s=cap, clock=clock)
        station = None
        if config.judge_at_station:
            from kiosk.link.station_wait import StationWait
            station = StationWait(table, sender, config.key, wait_s=config.station_wait_s)
        return cls(table, sender.start(), now_ns, station=station)

    @classmethod
    def _serial(cls, config, table, now_ns: int, clock: Callable[[], int]) -> "TableLink":
        try:
            port = SerialPort(config.director_serial, config.director_serial_baud,
                              rs485=config.director_serial_rs485)
        except SerialPortError as exc:
            raise HardwareError(f"director.serial = {config.director_serial!r}: {exc}") from None
        try:
            link = SerialLink(port, config.director_serial_address, config.store, key=config.key,
                              table=str(config.table), status_every_s=config.director_poll_s,
                              game_clock=clock)
        except BaseException:
            port.close()
            raise
        log.info("director link: serial line %s, address %s", port.url, link.address)
        return cls(table, link.start(), now_ns, port=port)

    def tick(self, now_ns: int) -> None:
        """Every pass of the loop: publish the game, apply the assignment, make the news."""
        table, session = self.table, self.table.session
        self.sender.publish(table.state, self._document_id(session), session.setup.tournament,
                            table.info.table, session.setup.division, about=self._about())
        link = self.sender.link
        if link.assignment is not None:
            self._apply(link.assignment, now_ns)
        station = self.station
        if station is not None:
            station.tick(now_ns, self._document_id(session))
        words = link_text(link)
        if self.notice is not None and now_ns < self.notice[1]:
            words = f"{self.notice[0]}  ·  {words}" if words else self.notice[0]
        news = DirectorNews(words=words, alert=assignment_alert(link),
                            division=session.setup.division, start_refusal=self.start_refusal,
                            judge_at_station=station is not None,
                            station_line=station.line if station is not None else "",
                            station_verdict=station.verdict if station is not None else None,
                            station_gave_up=station is not None and station.gave_up)
        if news != self.news:
            self.news = news

    def _about(self) -> dict:
        """The table itself for its status: version, lexicon and fingerprint, last self-test."""
        table = self.table
        seen = (table.info.lexicon, table.selftest)
        if self._about_seen is None or self._about_seen[0] != seen:
            fingerprint = (table.lexicon.fingerprint or "") if isinstance(table.lexicon, Lexicon) else ""
            self._about_seen = (seen, about_table(VERSION, table.info.lexicon, fingerprint,
                                                  table.selftest))
        return self._about_seen[1]

    def _document_id(self, session) -> str:
        if self._game is None or self._game[0] != session.game_id:
            self._game = (session.game_id, session.document_id())
        return self._game[1]

    def _apply(self, assignment: dict, now_ns: int) -> None:
        """The assignment, checked at the link's door (kiosk.link.assignment.check), applied."""
        revision = (assignment.get("round"), assignment.get("revision"))
        table, session = self.table, self.table.session
        tournament = assignment.get("tournament")
        if isinstance(tournament, str) and tournament and tournament != session.setup.tournament:
            session.change_setup(tournament=tournament)
        division = assignment.get("division") or ""
        if division != session.setup.division:
            session.change_setup(division=division)
        self.start_refusal = plan.word_list_refusal(assignment, session.lexicon_name,
                                                    session.lexicon_fingerprint)
        setup = plan.new_setup(table.state, assignment)
        if setup is not None:
            session.change_setup(round=setup[0], players=setup[1], starts=setup[2])
            table.restart(session.replace_game().state)
            log.info("assignment: round %s, %s v %s, first: %s", setup[0], *setup[1], setup[2])
        for correction in plan.corrections_of(assignment):
            self._corrected(correction, now_ns)
        for command, ago_s in plan.round_commands(table.state, assignment, self.wall()):
            key = (revision, type(command).__name__)
            if key in self.done:
                continue
            self.done.add(key)
            at = max(self.started_ns, now_ns - round(ago_s * NS))
            log.info("assignment: %s", command)
            table.submit(command, at)

    def _corrected(self, correction: dict, now_ns: int) -> None:
        """A correction of the director's journaled once in the game it corrects, and said."""
        key = ("correction", correction["id"])
        if key in self.done:
            return
        self.done.add(key)
        session = self.table.session
        words = plan.correction_words(correction)
        detail = f"at the director's service (correction {correction['id']}): {words}"
        game = _game_number(correction["game_id"])
        try:
            session.journal.game(game)
        except (UnknownRecord, TypeError):
            game = session.game_id
        if record_once(session.journal, game, MenuUse.CORRECTED, detail, at_ns=now_ns, wall=self.wall()):
            log.info("%s", detail)
            self.notice = (words, now_ns + NOTICE_S * NS)

    def close(self) -> None:
        if not self.sender.stop():
            log.warning("the director link's worker did not stop in time")
        if self.port is not None:
            self.port.close()


def _game_number(game_id: str) -> int | None:
    """The journal's game a document's game id names (``table-5-round-3-game-12``: 12), if any:
    ASCII digits only (``²`` is no digit for ``int``), and no more than SQLite's integer holds
    (a 20-digit number is no game of this journal)."""
    tail = game_id.rsplit("-game-", 1)
    return int(tail[1]) if len(tail) == 2 and re.fullmatch(r"[0-9]{1,18}", tail[1]) else None
