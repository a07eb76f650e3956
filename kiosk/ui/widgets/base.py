"""What every screen is and what it may ask of the table it runs on.

A screen is a small state machine step (as in pibooth): ``enter``, ``handle`` one input,
``update`` with the time, ``next`` (the screen to switch to, itself to stay, or None to let
the game's phase choose), ``view`` (plain, comparable data: the loop redraws only when it
changes) and ``draw`` (paint a view). Screens own no rules: they turn inputs into core
commands and hand them to ``Table.submit``, which asks the core and shows a refusal;
``preview`` asks the core what a command would record now, recording nothing.
"""
from __future__ import annotations

from typing import Any, Container, Hashable, Mapping, Protocol

from common.game.errors import GameError
from common.game.events import Event
from common.game.frozen import value
from common.game.game import decide
from common.game.state import GameState
from common.game.vocabulary import MenuUse
from kiosk.link.news import StationVerdict
from kiosk.ui.widgets.words import Info
from table_input import ButtonPressed, ButtonReleased, KeyTyped

NS = 1_000_000_000


@value
class UiSettings:
    verdict_s: float = 10.0          # how long the verdict fills the screen
    verdict_ignore_s: float = 0.5    # presses this soon after the verdict are ignored
    choice_timeout_s: float = 10.0   # the questions after a centre press stay open this long
    message_s: float = 5.0           # how long a refusal stays on the bottom line
    big_times_s: float = 8.0         # how long the times fill the screen (TIMES, F5)
    failsafe_ignore_s: float = 1.0   # presses this soon after a failure do not restart
    long_press_s: float = 3.0        # holding the centre button this long opens the director's menu
    keypad: bool = True              # the on-screen keyboard where something is typed (display.keypad)
    keyboard: bool = True            # a keyboard at the table (simulation, or no keypad): hints name
                                     # its keys (Enter, Tab, F9); else the on-screen keys (kiosk.app)
    speak_hold_s: float = 0.0        # holding a player's own button this long speaks the times; 0 off


class Outputs(Protocol):
    """The players' own displays and the status LEDs, as the director's self-test drives them
    (kiosk.hardware.player_displays.PlayerOutputs implements it)."""
    displays: Mapping[str, Any]     # left / right -> a player display
    leds: Any                       # the status LEDs, if fitted
    paused: bool                    # True while the self-test owns them (the game does not push)


class Table(Protocol):
    """The game at this table, as the screens see it (kiosk.table.Table implements it). What
    the director's link says the screens read, never write (kiosk.link.news.DirectorNews)."""
    state: GameState
    info: Info
    lexicon: Container[str] | None
    settings: UiSettings
    outputs: Outputs | None         # the players' displays and LEDs, if any are fitted
    new_game_after_s: int           # a locked or void game stays this long before a new one; 0: on

    @property
    def start_refusal(self) -> str:
        """Why the game may not start now (a rated round on another word list), or ""."""

    @property
    def judge_at_station(self) -> bool:
        """The venue's judge station rules on this table's challenges."""

    @property
    def station_line(self) -> str:
        """What the link says of the challenge sent to the station."""

    @property
    def station_verdict(self) -> StationVerdict | None:
        """The station's verdict, once the table ruled with it."""

    @property
    def station_gave_up(self) -> bool:
        """The table stopped waiting for the station's verdict (its time limit): the verdict
        player's press sends the challenge again."""

    def to_station(self, words: tuple[str, ...], t_ns: int) -> None:
        """Send the open challenge, with the words typed here (none: the station's operator
        types them), to the judge station through the director."""

    def submit(self, command, t_ns: int, *, adjudication=None) -> bool:
        """Ask the core; journal (with the adjudication behind a ruling, if any) and apply
        what it decides. False (and the reason shown on screen, nothing written) if refused."""

    def say(self, message: str, t_ns: int) -> None:
        """Show ``message`` on the bottom line for a while."""

    def menu_used(self, use: MenuUse, detail: str, t_ns: int) -> None:
        """Journal a use of the director's menu (what was done) with the game on screen."""

    def message(self, now_ns: int) -> str:
        """The message to show at ``now_ns``, if any."""


class BottomLine:
    """``say`` and ``message`` as a ``Table`` has them: what was said last, shown for
    ``settings.message_s`` (kiosk.table.Table, and the judge station)."""
    settings: UiSettings
    _message: tuple[str, int] | None = None

    def say(self, message: str, t_ns: int) -> None:
        self._message = (message, t_ns)

    def message(self, now_ns: int) -> str:
        if self._message and now_ns - self._message[1] < self.settings.message_s * NS:
            return self._message[0]
        return ""


def preview(state: GameState, command, t_ns: int) -> tuple[list[Event], str]:
    """(the events the core would record for ``command`` at ``t_ns``, "") or ([], its reason).
    Like ``Table.submit``, an input never goes back before the game's last instant."""
    try:
        return decide(state, command, max(t_ns, state.last_ns or t_ns)), ""
    except GameError as exc:
        return [], str(exc)


class Screen:
    """A screen of the table (or of the judge station). The machine calls ``enter`` once when
    the screen comes up, ``handle`` with each input in the order they happened, ``update``
    every pass, ``next`` after each, ``view`` and, when the view changed, ``draw`` or
    ``draw_changes``. ``handle`` dispatches by the input's type, here and only here: a screen
    overrides ``pressed``, ``released``, ``typed`` for what it answers (taps arrive already
    resolved into a press or a key, kiosk.ui.touch)."""

    #: The director's menu or one of its screens: a long centre press or F10 opens no second menu.
    director_menu = False

    def __init__(self, table: Table):
        self.table = table

    def enter(self, now_ns: int) -> None:
        pass

    def handle(self, item: ButtonPressed | ButtonReleased | KeyTyped, now_ns: int) -> None:
        """One input, each with its own ``t_ns``, to the method for its type."""
        if isinstance(item, ButtonPressed):
            self.pressed(item, now_ns)
        elif isinstance(item, ButtonReleased):
            self.released(item, now_ns)
        elif isinstance(item, KeyTyped):
            self.typed(item, now_ns)
        else:
            raise TypeError(f"a screen takes button presses, releases and keys, not {item!r}")

    def pressed(self, item: ButtonPressed, now_ns: int) -> None:
        """A button was pressed (or its keyboard or touch twin)."""

    def released(self, item: ButtonReleased, now_ns: int) -> None:
        """A GPIO button was released: only a screen that waits for releases answers."""

    def typed(self, item: KeyTyped, now_ns: int) -> None:
        """A key was typed (a character, or an ``Action`` by name), on a keyboard or a keypad."""

    def update(self, now_ns: int) -> None:
        pass

    def next(self) -> "Screen | None":
        return None

    def notify(self, message: str, t_ns: int) -> None:
        """Something a screen opened over this one has to say when it hands back (the score it
        corrected, say): the bottom line, unless the screen shows such news itself."""
        self.table.say(message, t_ns)

    def view(self, now_ns: int) -> Hashable:
        raise NotImplementedError

    def draw(self, surface, view) -> None:
        raise NotImplementedError

    def draw_upright(self, surface, view, facing: int) -> None:
        """The ``flat`` orientation: paint ``view`` upright on ``surface``, the half that is
        turned to face player ``facing`` (kiosk.ui.clock.flat). By default as ``draw``; a screen with
        an on-screen keyboard shows it only on the half of the player who types."""
        self.draw(surface, view)

    def draw_changes(self, surface, view, previous) -> list | None:
        """Paint ``view`` over the frame of ``previous`` this screen drew last: the rectangles
        painted, or None when the whole surface was. By default, all of it."""
        self.draw(surface, view)
        return None
