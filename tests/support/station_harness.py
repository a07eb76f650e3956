"""Driving the shared judge station (``python -m kiosk judge``) in tests: the app's own
``build_station`` (the station behind its failsafe, the loop, the keyboard driver, the queue, the
SQLite journal and the JSON-lines log, in a folder of the test's) on a real pygame Surface; keys as
pygame key events, GPIO buttons on gpiozero MockFactory pins if asked for, and the station's clock
at an explicit ``now``, so nothing sleeps.
"""
from __future__ import annotations

import json
from pathlib import Path

import pygame

from kiosk.station_app import StationConfig, build_station, open_station_journal
from tests.support.quick_hash import quick_hash
from kiosk.ui import touch
from tests.support.ui_harness import ENABLE, S, T0, post, post_tap, post_text


class StationHarness:
    def __init__(self, folder: Path, *, lexicon: tuple | None = None, factory=None,
                 size: tuple[int, int] = (1280, 720), pin: str = "9753", link=None, **options):
        """``lexicon``: (words, label) already opened (default: the ENABLE list); ``factory``:
        MockFactory pins for the buttons; ``size``: the screen's; ``pin``: the PIN that leaves
        (its hash in the config); ``link``: the director's (kiosk.link.station_link);
        ``options``: the rest of the ``StationConfig``."""
        folder.mkdir(parents=True, exist_ok=True)
        options["pin_hash"] = quick_hash(pin)
        self.now = T0
        self.log, self.store = folder / "verdicts.jsonl", folder / "station.sqlite"
        self.surface = pygame.Surface(size)
        config = StationConfig(lexicon=str(ENABLE), log=str(self.log), store=str(self.store),
                               buttons=factory is not None, size=size, **options)
        pygame.event.clear()
        self.journal = open_station_journal(config.store)
        self.station, self.loop, self.buttons = build_station(
            config, self.surface, clock=lambda: self.now, factory=factory, lexicon=lexicon,
            journal=self.journal, link=link)
        self.loop.step()

    def close(self) -> None:
        if self.buttons is not None:
            self.buttons.close()
            self.buttons = None
        if self.journal is not None:
            self.journal.close()
            self.journal = None

    def at(self, seconds: float) -> "StationHarness":
        self.now = T0 + round(seconds * S)
        return self

    def keys(self, text: str, at: float | None = None) -> "StationHarness":
        """Type ``text`` (``\\n`` Enter, ``\\t`` Tab), then one pass of the loop."""
        if at is not None:
            self.at(at)
        post_text(self.loop, text)
        self.loop.step()
        return self

    def key(self, pygame_key: int, at: float | None = None) -> "StationHarness":
        """A key that types nothing (Escape, F12 ...), then one pass of the loop."""
        if at is not None:
            self.at(at)
        post(self.loop, pygame_key, "")
        self.loop.step()
        return self

    def tap(self, pos: tuple[int, int], at: float | None = None) -> "StationHarness":
        """A tap on the screen at ``pos``, then one pass of the loop."""
        if at is not None:
            self.at(at)
        post_tap(self.loop, self.surface.get_size(), pos)
        self.loop.step()
        return self

    def tap_key(self, key: str, at: float | None = None) -> "StationHarness":
        """A tap on the key on screen that types ``key`` (fails if none shows)."""
        point = touch.where(self.surface.get_size(), self.view, ("key", key), sim=False)
        assert point is not None, f"no {key!r} key on the station's screen ({type(self.view).__name__})"
        return self.tap(point, at=at)

    def taps(self, text: str, at: float | None = None) -> "StationHarness":
        """``text`` tapped key by key on the screen's keys (``\n`` ENTER, ``\t`` VERDICT, a
        space NEXT WORD)."""
        names = {"\n": "Enter", "\t": "Tab"}
        for ch in text:
            self.tap_key(names.get(ch, ch.upper() if ch.isalpha() else ch), at=at)
        return self

    @property
    def view(self):
        return self.loop.last_view

    def logged(self) -> list[dict]:
        """The JSON-lines log, one dict per verdict."""
        return [json.loads(line) for line in self.log.read_text().splitlines()] if self.log.exists() else []
