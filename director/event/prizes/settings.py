"""The prize table's settings (the config's ``[prizes]`` and ``[prizes.DIVISION]``, or the
director's choice on the page), and the checks that need the event: a division the settings
name must be one of the event's, a band must hold a player of its division, class prizes need
players with a class (tsh's ``class`` tag). Every refusal is a ``PrizeError`` naming the key.

``FIELDS`` are the settings' names as the config's keys and the page's form spell them:

- ``places``: the places of each division with a prize (1st, 2nd, 3rd...);
- ``class_places``: the places with a prize within each class of a division's players (tsh's
  ``class`` tag; 0: no class prizes);
- ``bands``: rating bands by the ratings before the event, each ``"1500-1799"`` (both ends in
  the band) or ``"1800+"`` (1800 and over); ``band_places``: the places with a prize in each;
- ``high_win``, ``high_loss``, ``high_game``, ``high_combined``, ``upset``, ``high_word``:
  whether each of those prizes is given;
- ``lucky_stiff``: the number of a player's narrowest losses whose sum the prize goes to the
  smallest of (0: no such prize);
- ``one_each``: a player takes one prize, the first of the table's order they win.

A division's settings are its page choice when the director made one, else the defaults with
``[prizes]``'s keys over them and ``[prizes.DIVISION]``'s over those (``resolve``); each knows
the key every value came from, for the refusals. Pure: no I/O.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from typing import Mapping, Sequence

from director.event.model import Player

MAX_PLACES = 50
MAX_LOSSES = 50
BAND = re.compile(r"(\d{1,4})\s*(?:-\s*(\d{1,4})|(\+))")
COUNTS = {"places": (0, MAX_PLACES), "class_places": (0, MAX_PLACES),
          "band_places": (1, MAX_PLACES), "lucky_stiff": (0, MAX_LOSSES)}
SWITCHES = ("high_win", "high_loss", "high_game", "high_combined", "upset", "high_word",
            "one_each")
EXPECTED = {       # each setting in words, as the config's reference and the refusals say it
    "places": f"a whole number of places from 0 to {MAX_PLACES}",
    "class_places": f"a whole number of places from 0 to {MAX_PLACES} (0: no class prizes)",
    "bands": 'a list of rating bands, each "LOW-HIGH" (both in the band) or "LOW+" (LOW and over)',
    "band_places": f"a whole number of places from 1 to {MAX_PLACES}",
    "lucky_stiff": f"a whole number of losses from 0 to {MAX_LOSSES} (0: no lucky stiff prize)",
    **{name: "true or false" for name in SWITCHES},
}


class PrizeError(ValueError):
    """A prize setting refused: ``key`` (``prizes.bands``, ``prizes.B.class_places``) and why."""

    def __init__(self, key: str, why: str, source: str = ""):
        self.key, self.why, self.source = key, why, source
        super().__init__(f"{source + ': ' if source else ''}{key}: {why}")


@dataclass(frozen=True, order=True)
class Band:
    """A rating band: ``low`` to ``high`` (None: no top), both in the band."""
    low: int
    high: int | None = None

    @classmethod
    def parse(cls, text: str, key: str) -> "Band":
        match = BAND.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise PrizeError(key, f"expected {EXPECTED['bands']}; got {text!r}")
        low, high = int(match[1]), None if match[3] else int(match[2])
        if high is not None and high < low:
            raise PrizeError(key, f"the band {text!r} ends below where it begins")
        return cls(low, high)

    @property
    def label(self) -> str:
        return f"{self.low}+" if self.high is None else f"{self.low}-{self.high}"

    def holds(self, rating: int) -> bool:
        return self.low <= rating and (self.high is None or rating <= self.high)


@dataclass(frozen=True)
class PrizeSettings:
    """One division's prize table settings (see the module's docstring); ``keys``: the key each
    value came from ({"bands": "prizes.B.bands"}), ``source``: the config file or ``the page``."""
    places: int = 3
    class_places: int = 0
    bands: tuple[Band, ...] = ()
    band_places: int = 1
    high_win: bool = True
    high_loss: bool = True
    high_game: bool = True
    high_combined: bool = True
    upset: bool = True
    lucky_stiff: int = 0
    high_word: bool = True
    one_each: bool = True
    keys: Mapping[str, str] = field(default_factory=dict, compare=False)
    source: str = field(default="", compare=False)

    def key(self, name: str) -> str:
        return self.keys.get(name, f"prizes.{name}")

    def as_dict(self) -> dict:
        """The settings as the config and the page spell them (bands as text)."""
        out = {name: getattr(self, name) for name in FIELDS}
        out["bands"] = [band.label for band in self.bands]
        return out


FIELDS = tuple(f.name for f in fields(PrizeSettings) if f.name not in ("keys", "source"))


def checked(values: Mapping, prefix: str, source: str = "") -> dict:
    """``values`` (a ``[prizes]`` table, or the page's form) each checked, bands parsed;
    PrizeError naming ``prefix.NAME`` for the first that is not what its setting takes."""
    out = {}
    for name, value in values.items():
        key = f"{prefix}.{name}"
        if name not in FIELDS:
            raise PrizeError(key, "expected one of " + ", ".join(FIELDS) + "; got an unknown key",
                             source)
        if name in COUNTS:
            least, most = COUNTS[name]
            if type(value) is not int or not least <= value <= most:
                raise PrizeError(key, f"expected {EXPECTED[name]}; got {value!r}", source)
        elif name in SWITCHES:
            if not isinstance(value, bool):
                raise PrizeError(key, f"expected {EXPECTED[name]}; got {value!r}", source)
        elif name == "bands":
            if not isinstance(value, (list, tuple)) or len(value) > MAX_PLACES:
                raise PrizeError(key, f"expected {EXPECTED['bands']}; got {value!r}", source)
            try:
                value = tuple(Band.parse(text, key) for text in value)
            except PrizeError as exc:
                raise PrizeError(key, exc.why, source) from None
            if len(set(value)) != len(value):
                raise PrizeError(key, "a band is given twice", source)
        out[name] = value
    return out


def resolve(config: Mapping[str, Mapping], division: str, chosen: Mapping | None = None,
            source: str = "") -> PrizeSettings:
    """The division's settings: ``chosen`` (its page choice, every field) if given, else the
    defaults with ``config[""]`` (``[prizes]``) and ``config[division]`` (``[prizes.DIVISION]``)
    over them. ``config``'s values are checked (``checked``) as they are read."""
    if chosen is not None:
        prefix = f"prizes.{division}"
        values = checked(chosen, prefix, "the page")
        return PrizeSettings(**values, keys={n: f"{prefix}.{n}" for n in values}, source="the page")
    values, keys = {}, {}
    for prefix, given in (("prizes", config.get("", {})),
                          (f"prizes.{division}", config.get(division, {}))):
        for name, value in checked(given, prefix, source).items():
            values[name], keys[name] = value, f"{prefix}.{name}"
    return PrizeSettings(**values, keys=keys, source=source)


def check_divisions(config: Mapping[str, Mapping], names: Sequence[str], source: str = "") -> None:
    """Each ``[prizes.DIVISION]`` names a division of the event (``names``); else PrizeError
    naming its key."""
    for division in config:
        if division and division not in names:
            raise PrizeError(f"prizes.{division}", f"no division {division!r}: the event's "
                             f"divisions are {', '.join(names) or 'none yet'}", source)


def check_players(settings: PrizeSettings, division: str, players: Sequence[Player],
                  classes: Mapping[int, str]) -> None:
    """What the settings ask of the division's players can be given: every band holds one of
    them (by the rating before the event), and class prizes have classes to give them in.
    PrizeError naming the key otherwise."""
    playing = [p for p in players if not p.withdrawn]
    for band in settings.bands:
        if not any(band.holds(p.rating) for p in playing):
            ratings = sorted(p.rating for p in playing)
            held = f"their ratings are {ratings[0]} to {ratings[-1]}" if ratings else "it has no players"
            raise PrizeError(settings.key("bands"), f"the band {band.label} holds no player of "
                             f"division {division} ({held})", settings.source)
    if settings.class_places and not any(classes.get(p.number) for p in playing):
        raise PrizeError(settings.key("class_places"), f"division {division}'s players have no "
                         "class (tsh's class tag): no class prizes can be given there",
                         settings.source)
