"""The judge station's composition root (``python -m kiosk judge``): a screen, a lexicon, the
keyboard (and, if asked, the GPIO buttons as the verdict key), the station's journal, and with
``director.url`` and ``director.station`` its link to the director; then its loop.

The station (kiosk.ui.judge.station) runs behind its failsafe screen (kiosk.ui.judge.failsafe).
Every adjudication is journaled in its SQLite file (kiosk.store.adjudications: each word's
validity, for the director's export only) and, if asked, as a JSON line people can read, which
never says which word failed. The table's own program is kiosk/app.py.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Container

from common.game.judge import Adjudication
from drivers.buttons import Buttons, pin_factory
from kiosk.config import KEYS
from kiosk.lexicon import Lexicon, LexiconError
from kiosk.opening import DEFAULT_LEXICON, open_display, open_lexicon
from kiosk.ui.widgets.base import UiSettings


@dataclass
class StationConfig:
    """The station's settings (kiosk/cli.py makes them from its config file and command line)."""
    lexicon: str | None = None
    official: dict = field(default_factory=dict)
    preset: str = ""                    # the rule book whose official word list the label names, if any
    pin_hash: str = ""                  # the PIN that leaves the station, hashed (kiosk.pin): no default
    max_words: int = 8
    store: str = "var/station.sqlite"   # every adjudication, per-word validity for the director
    log: str | None = None              # also JSON lines, one per adjudication (never per word)
    buttons: bool = False               # also read the GPIO buttons (lgpio) as the verdict key
    size: tuple[int, int] = (1280, 720)
    fullscreen: bool = True
    headless: bool = False
    screenshot_dir: str | None = None
    exit_after_s: float | None = None
    ui: UiSettings = field(default_factory=UiSettings)
    director_url: str = ""              # linked to the director as judge station ``station``
    station: str = ""
    key: bytes | None = None            # the station's own key (python -m director enroll --station)
    tournament: str = ""
    wait_s: float = KEYS["director.station_wait_s"].default  # a verdict sent this long at most


def station_recorder(journal, lexicon: Lexicon, label: str, log: str | None = None):
    """``record(adjudication, table, at_ns)`` for the station: each adjudication into the SQLite
    journal (kiosk.store.adjudications: per-word validity for the director's export only) and,
    if asked, a JSON line for people to read, which never says which word failed."""
    from kiosk.store.adjudications import record_adjudication

    def record(adjudication: Adjudication, table: str, at_ns: int) -> None:
        wall = time.time()
        record_adjudication(journal, adjudication, lexicon=label,
                            lexicon_fingerprint=lexicon.fingerprint or "unknown",
                            table=table, at_ns=at_ns, wall=wall)
        if log:
            entry = {"table": table, "words": list(adjudication.words), "valid": adjudication.valid,
                     "lexicon": label, "at_ns": at_ns, "wall_time": wall}
            with open(log, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(entry, sort_keys=True) + "\n")
                handle.flush()
                os.fsync(handle.fileno())
    return record


def station_lexicon(config: StationConfig) -> tuple[Container[str], str]:
    """The station's lexicon and label. Without one the station refuses to start."""
    lexicon, label = open_lexicon(config.lexicon, config.official, config.preset)
    if lexicon is None:
        raise LexiconError(f"no lexicon: name one with --lexicon FILE (the default, {DEFAULT_LEXICON}, "
                           "is not there)")
    return lexicon, label


def build_station(config: StationConfig, surface, *, clock: Callable[[], int] = time.monotonic_ns,
                  factory=None, lexicon: tuple[Container[str], str] | None = None, journal=None,
                  link=None):
    """(station, loop, buttons) for ``python -m kiosk judge``: the loop runs the station
    behind the failsafe screen (kiosk.ui.judge.failsafe); every verdict is journaled in ``journal``
    (the SQLite file ``config.store`` when not given); ``link``: the director's
    (kiosk.link.station_link), for a linked station."""
    from drivers.keyboard import Keyboard
    from kiosk.ui.judge.failsafe import GuardedStation
    from kiosk.ui.loop import InputQueue, Loop
    from kiosk.ui.judge.station import Station
    from kiosk.ui.touch import station_touch

    lexicon, label = lexicon or station_lexicon(config)
    inputs = InputQueue()
    buttons = None
    if config.buttons:
        buttons = Buttons(inputs, factory if factory is not None else pin_factory("lgpio"), clock=clock)
    if journal is None:
        journal = open_station_journal(config.store)
    station = Station(lexicon, label, max_words=config.max_words, pin_hash=config.pin_hash,
                      settings=config.ui, record=station_recorder(journal, lexicon, label, config.log),
                      link=link, fingerprint=lexicon.fingerprint or "unknown", wait_s=config.wait_s)
    loop = Loop(GuardedStation(station), inputs, Keyboard(inputs, buttons_twin=True), surface,
                clock=clock, screenshot_dir=config.screenshot_dir,
                display=surface is not None and not config.headless, touch=station_touch(inputs))
    return station, loop, buttons


def open_station_journal(path: str):
    """The station's SQLite journal at ``path`` (its folder made if need be)."""
    from kiosk.store import Journal
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return Journal.open(path)


def open_station_link(config: StationConfig):
    """The director link of a linked judge station, else None."""
    if not (config.director_url and config.station):
        return None
    from kiosk.link.station_link import StationLink
    return StationLink.open(config.director_url, config.station, config.key,
                            tournament=config.tournament)


def run_station(config: StationConfig, *, drive=None) -> int:
    """``python -m kiosk judge``: the shared adjudication station until the PIN is given.
    ``drive(station, loop)``: plays the station instead of its operator (a script)."""
    import pygame
    lexicon = station_lexicon(config)           # refuse before opening a screen
    buttons = link = None
    journal = open_station_journal(config.store)
    try:
        surface = open_display(config.size, fullscreen=config.fullscreen, headless=config.headless,
                               caption="tablekeeper: word judge")
        link = open_station_link(config)
        station, loop, buttons = build_station(config, surface, lexicon=lexicon, journal=journal,
                                               link=link)
        if drive is not None:
            return drive(station, loop)
        loop.run(exit_after_s=config.exit_after_s, idle_fps=30)   # typing is all it takes
    finally:
        if link is not None:
            link.close()
        journal.close()
        if buttons is not None:
            buttons.close()
        pygame.quit()
    return 0


__all__ = ["StationConfig", "build_station", "run_station", "station_lexicon"]
