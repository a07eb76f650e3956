"""A whole game end to end through the real app: the kiosk as ``python -m kiosk run`` builds it
(config -> GPIO buttons, SQLite journal, screens, loop) on SDL's dummy driver, the buttons
pressed on gpiozero MockFactory pins with ``drive_low()``, entries typed on the keyboard and on
the touch keypad, the journal a real SQLite file. A PNG of every screen (pre-game, clock,
entry, challenge, verdict, overtime, went out, end, confirmed) is saved in the folder
``end-to-end-screens`` (under $TABLEKEEPER_SHOTS when set, else the test's tmp dir), each
checked for the text it must show (through the view model, and pixel for pixel where the text
is a line on the screen) and for not being blank; then the journal and the final result."""
from __future__ import annotations

import os
from pathlib import Path

import pygame

from tests.support.app_harness import KEY, S, T0
from common.game import events as ev
from common.game.result import compute
from common.wire.signing import verify
from kiosk.ui.widgets import theme
from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.clock.paint import keyboard_keys, layout
from kiosk.ui.judge.screen import JudgeScreen
from kiosk.ui.setup.screen import SetupScreen
from kiosk.ui.judge.verdict import VerdictScreen
from tests.support.ui_pixels import shows

SHORT = {"clock": {"time_per_side_s": 120}}     # two minutes a side: overtime comes soon


def screens_folder(tmp_path: Path) -> Path:
    base = os.environ.get("TABLEKEEPER_SHOTS")
    folder = (Path(base) if base else tmp_path) / "end-to-end-screens"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def save(k, folder: Path, name: str) -> Path:
    """The screen as a PNG; it must not be blank (many colours, spread over the screen)."""
    path = k.loop.save(folder / f"{name}.png")
    image = pygame.image.load(str(path))
    w, h = image.get_size()
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, w, 8) for y in range(0, h, 8)}
    assert len(colours) > 8, f"{name}.png is blank"
    return path


def tap_key(k, player: int, key: str, at: float):
    lay = layout(k.surface.get_size())
    centre = next(rect.center for rect, name in keyboard_keys(k.surface.get_size(), k.view) if name.key == key)
    assert lay.halves[player].collidepoint(centre)           # on the half of the player typing
    return k.tap(centre, at=at)


def test_a_whole_game_through_the_real_app(kiosks, tmp_path):
    folder = screens_folder(tmp_path)
    k = kiosks(overrides=SHORT, names=("Ann", "Bob"), table="7")
    assert k.factory is not None                            # GPIO buttons on MockFactory pins

    assert isinstance(k.screen, SetupScreen)
    assert k.view.names == ("Ann", "Bob") and "Table 7" in k.view.top and "Round 3" in k.view.top
    assert "ASPA" in k.view.top and "enable2k" in k.view.top
    save(k, folder, "1-pre-game")

    k.press("right", at=2)                                  # Bob goes second: Ann's clock runs
    k.at(12).step()
    assert isinstance(k.screen, ClockScreen) and k.view.halves[0].running
    assert [h.time for h in k.view.halves] == ["1:50", "2:00"]
    lay = layout(k.surface.get_size())
    assert shows(k.surface, lay.rows[0]["name"], "Ann", theme.FG)
    save(k, folder, "2-clock")

    k.press("left", at=30)                                  # Ann's turn ends: she enters it
    assert k.view.halves[0].entry == "SCORE _" and k.view.halves[0].keyboard
    save(k, folder, "3-entry")
    tap_key(k, 0, "2", at=31)
    tap_key(k, 0, "4", at=31)                               # by touch ...
    k.key("Enter", at=32)                                   # ... and the keyboard's Enter
    assert k.view.halves[0].score == "24" and k.view.halves[0].last == "+24"

    k.press("right", at=50).type("30\n", at=51)             # Bob 30
    k.press("left", at=60).type("40\n", at=61)              # Ann 40: a phony
    k.press("centre", at=65).press("centre", at=66)         # Bob challenges
    assert isinstance(k.screen, JudgeScreen)
    k.type("zzxq", at=67)
    assert k.view.heading == "CHALLENGE: Bob challenges Ann's play" and (*k.view.words, k.view.typing) == ("ZZXQ",)
    save(k, folder, "4-challenge")
    k.press("left", at=70)                                  # Ann, challenged, asks the verdict
    assert isinstance(k.screen, VerdictScreen) and k.view.valid is False
    save(k, folder, "5-verdict")
    k.at(81).step()
    assert isinstance(k.screen, ClockScreen) and k.state.turns[-1].phony
    assert k.view.halves[0].score == "24"                   # the phony scores nothing

    k.press("left", at=82)                                  # Ann restarts Bob's clock
    k.at(186).step()                                        # Bob thinks into overtime
    bob = k.view.halves[1]
    assert bob.running and bob.overtime and bob.time == "-0:09" and bob.penalty == 10
    save(k, folder, "6-overtime")
    k.press("right", at=187).type("12\n", at=188)           # Bob 12

    k.press("centre", at=190).press("left", at=191)         # Ann went out
    k.type("16\n", at=192)
    assert k.view.banner[0] == "Ann WENT OUT"
    save(k, folder, "7-went-out")
    k.press("right", at=193)                                # Bob accepts
    k.type("qu?\n", at=194)                                 # Bob's rack
    assert k.state.phase == "ended" and k.view.banner[0] == "GAME OVER: played out"
    assert [h.score for h in k.view.halves] == ["51", "21"]  # 24+16+11 / 30+12-11-10
    save(k, folder, "8-end")
    k.press("left", at=200).press("right", at=201)          # both confirm: locked
    assert k.view.banner == ("RESULT CONFIRMED", "the result is locked")
    save(k, folder, "9-confirmed")

    names = sorted(p.name for p in folder.glob("*.png"))
    assert names == ["1-pre-game.png", "2-clock.png", "3-entry.png", "4-challenge.png", "5-verdict.png",
                     "6-overtime.png", "7-went-out.png", "8-end.png", "9-confirmed.png"]

    events = k.journal.events                               # read back from the SQLite file
    assert [type(e) for e in events if not isinstance(e, (ev.ClockNeutralised, ev.ClockResumed))] == [
        ev.GameStarted, ev.TurnEnded, ev.TurnRecorded, ev.TurnEnded, ev.TurnRecorded, ev.TurnEnded,
        ev.TurnRecorded, ev.ChallengeOpened, ev.ChallengeRuled, ev.PhonyWithdrawn, ev.TurnEnded, ev.TurnRecorded,
        ev.TurnEnded, ev.TurnRecorded, ev.PlayOutAccepted, ev.GameEnded, ev.RackEntered,
        ev.ResultConfirmed, ev.ResultConfirmed, ev.ResultLocked]
    assert events[0] == ev.GameStarted(T0 + 2 * S, 0)
    result = compute(k.state, T0 + 201 * S)
    assert result.final == (51, 21) and result.winner == 0 and result.end == "out"
    assert result.overtime_penalty == (0, 10) and result.rack_adjust == (11, -11)
    (document,) = k.session.outbox.due(10**12)
    assert verify(document.body, KEY)["result"] == result.to_dict()
