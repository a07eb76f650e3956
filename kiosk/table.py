"""The game at this table: its state, its store, and how a command gets in (``Table``).

The screens know it as kiosk.ui.widgets.base.Table. ``submit`` asks the core
(``decide(state, command, t_ns)``); a refused command shows its reason on the bottom line and
writes nothing; accepted events go to the journal (kiosk.session.Session.append: durable
first) and only then does the state move. ``tick`` is the loop's every pass: what falls due
with time alone (a forfeit on time, the round's end), and the running clock's checkpoint.

An input is stamped with its own time (a press at its edge), and inputs are handled in time
order; one drained after something later was journaled (an event that fell due, the director's
round end) is placed at the game's last instant, never before it. That is no check of time: the
one check, which keeps the journal in order whoever writes it, is the journal's own
(kiosk.store.journal.Journal.append).

What the director's link says (the top line's words, a refused assignment, the division, a
start refused for the word list, the judge station's line and verdict) the table reads from
the link's snapshot on each pass (``hear``: a kiosk.link.news.DirectorNews); the link never
sets anything here.
"""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Container

from common.game.commands import Start, Tick
from common.game.errors import GameError
from common.game.events import Event
from common.game.game import decide
from common.game.judge import Adjudication
from common.game.state import GameState, replay
from common.game.vocabulary import MenuUse
from kiosk.hardware.player_displays import PlayerOutputs
from kiosk.link.news import DirectorNews, StationVerdict
from kiosk.session import Session
from kiosk.store import StorageFull
from kiosk.ui.widgets.base import BottomLine, UiSettings
from kiosk.ui.widgets.words import Info

#: The top line's alert once the store's file system was found full (kiosk.store.ballast).
STORAGE_FULL = "storage full — call the director"


class Table(BottomLine):
    """The game at this table, its store (``session``: the journal) and what the director's
    link last said (``news``). ``info`` is the top line's: the table's own (``own``: table,
    lexicon, legend) with the link's words and the store's alert. ``notice`` (what a recovery
    says) shows as a notice (``told``: news in its own colour, never the error's), when nothing
    else is told, until the next accepted command."""

    def __init__(self, state: GameState, session: Session, info: Info,
                 lexicon: Container[str] | None, settings: UiSettings, *, notice: str | None = None,
                 outputs: PlayerOutputs | None = None, new_game_after_s: int = 0):
        self.state, self.session, self.own = state, session, info
        self.lexicon, self.settings, self.notice = lexicon, settings, notice
        self.outputs = outputs          # the players' displays and LEDs (the self-test lights them)
        self.new_game_after_s = new_game_after_s    # kiosk.new_game_after_s (the director's menu says it)
        self.selftest = last_selftest(session)      # the last hardware self-test, for the director
        self.news = DirectorNews()      # what the director's link said last (``hear``)
        self.station_request: tuple[tuple[str, ...], int] | None = None    # words to send, when
        self.info = info
        self._show()

    # --- what the director's link says, read on each pass --------------------------------------

    def hear(self, news: DirectorNews) -> None:
        """The link's snapshot as of its last pass (kiosk.link.table_link), or what a table
        without a link says (kiosk.app)."""
        if news != self.news:
            self.news = news
            self._show()

    @property
    def start_refusal(self) -> str:
        return self.news.start_refusal

    @property
    def judge_at_station(self) -> bool:
        return self.news.judge_at_station

    @property
    def station_line(self) -> str:
        return self.news.station_line

    @property
    def station_verdict(self) -> StationVerdict | None:
        return self.news.station_verdict

    @property
    def station_gave_up(self) -> bool:
        return self.news.station_gave_up

    def to_station(self, words: tuple[str, ...], t_ns: int) -> None:
        """The judge screen's request: the link (kiosk.link.station_wait) reads it and sends
        the challenge, once for each request."""
        self.station_request = (tuple(words), t_ns)

    def _show(self) -> None:
        """The top line's ``info``: the table's own, the link's words and division, and one
        alert first: the store's disk full before anything the link says."""
        news = self.news
        alert = STORAGE_FULL if self.session.storage_full else news.alert
        info = replace(self.own, link=news.words, division=news.division, alert=alert)
        if info != self.info:
            self.info = info

    def _show_storage(self) -> None:
        """Once the store's file system was found full, the top line says so (every screen)."""
        if self.session.storage_full and self.info.alert != STORAGE_FULL:
            self._show()

    # --- commands -------------------------------------------------------------------------------

    def _at(self, t_ns: int) -> int:
        """An input's instant as the game takes it: its own, or the game's last instant if that
        is later (the input was drained after a later event was journaled)."""
        last = self.state.last_ns
        return t_ns if last is None or t_ns >= last else last

    def submit(self, command, t_ns: int, *, adjudication: Adjudication | None = None) -> bool:
        t_ns = self._at(t_ns)
        if isinstance(command, Start) and self.start_refusal:
            self.say(self.start_refusal, t_ns)      # a rated round on another word list
            return False
        try:
            events = decide(self.state, command, t_ns)
        except GameError as exc:
            self.say(str(exc), t_ns)
            return False
        try:
            self._commit(events, adjudication)
        except StorageFull:
            self.say(f"{STORAGE_FULL}: not recorded", t_ns)
            return False
        self._message = self._told = self.notice = None
        return True

    def menu_used(self, use: MenuUse, detail: str, t_ns: int) -> None:
        self.session.record_menu_use(use, detail, self._at(t_ns))
        if use == MenuUse.SELFTEST:
            self.selftest = f"{detail} ({time.strftime('%H:%M %d %b')})"

    def tick(self, now_ns: int) -> None:
        try:
            self._commit(decide(self.state, Tick(), self._at(now_ns)))
        except StorageFull:
            pass                        # what fell due is decided again on the next pass
        self.session.checkpoint(self.state, now_ns)
        self._show_storage()

    def _commit(self, events: list[Event], adjudication: Adjudication | None = None) -> None:
        """Journal ``events`` in one transaction (with the adjudication behind a ruling), then
        apply them; if the journal raises, the state stays as it was."""
        if events:
            try:
                self.session.append(events, adjudication=adjudication)  # durable first ...
            finally:
                self._show_storage()
            self.state = replay(self.state, events)  # ... then the state (and screen) move on

    def restart(self, state: GameState) -> None:
        """Play ``state`` (a new game) from now on."""
        self.state, self._message, self._told, self.notice = state, None, None, None

    def told(self, now_ns: int) -> str:
        return super().told(now_ns) or self.notice or ""

    def close(self) -> None:
        self.session.close()


def last_selftest(session: Session) -> str:
    """The last hardware self-test's outcome and when, as the store keeps it ("" never run)."""
    row = session.journal.conn.execute(
        "SELECT detail, wall FROM director_menu WHERE use = ? ORDER BY id DESC LIMIT 1",
        [str(MenuUse.SELFTEST)]).fetchone()
    if row is None:
        return ""
    return f"{row[0]} ({time.strftime('%H:%M %d %b', time.localtime(row[1]))})" if row[1] else row[0]
