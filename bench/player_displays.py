"""Player displays benchmark: what feeding the players' displays costs the kiosk's loop.

On luma's dummy devices (the drawing is the same as on the real ones; the bus transfer is not
included: SPI at 8 MHz moves a 128x64 OLED frame, 1 KB, in about 1 ms), with both displays and
four status LEDs (gpiozero MockFactory pins) fitted, a game's clock running:

- a pass with nothing to redraw (``PlayerOutputs.push``: both faces worked out, compared, no
  write): a checkpoint's or a heartbeat's pass of the loop; target under 0.2 ms;
- a pass where a second ticks over (the running side's display rewritten), for the 7-segment
  module and the OLED; target under 5 ms for the OLED, 1 ms for the module (pygame's events
  are read every 33 ms while someone is at the table).

``python -m bench.player_displays [--passes N]``.
"""
from __future__ import annotations

import argparse
import statistics
import time

from luma.core.device import dummy

from drivers.buttons import pin_factory
from drivers.leds import StatusLeds
from drivers.oled import OledDisplay
from drivers.sevenseg import SevenSegmentDisplay
from common.game import commands as c
from common.game.game import step
from common.game.state import new_game
from kiosk.hardware.player_displays import PlayerOutputs
from common.presets import load_rules

S = 1_000_000_000
IDLE_TARGET_S = 0.0002
OLED_TARGET_S = 0.005
MODULE_TARGET_S = 0.001


def _game():
    state = new_game(load_rules("aspa"), 1, ("Ann", "Bob"))
    state, _ = step(state, c.Start(first=0), 0)
    return state


def _median_push(outputs, state, times) -> float:
    spent = []
    for now in times:
        start = time.perf_counter()
        outputs.push(state, now)
        spent.append(time.perf_counter() - start)
    return statistics.median(spent)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.player_displays", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--passes", type=int, default=3000, help="loop passes measured (default 3000)")
    args = parser.parse_args(argv)
    factory = pin_factory("mock")
    state = _game()
    rows = []
    for label, display, target in (("7-segment module", SevenSegmentDisplay(dummy(8, 8, mode="1")), MODULE_TARGET_S),
                                   ("SSD1306 OLED", OledDisplay(dummy(128, 64, mode="1")), OLED_TARGET_S)):
        outputs = PlayerOutputs({"left": display, "right": None},
                                StatusLeds(factory, {"left_runs": 5, "right_runs": 6, "neutral": 13,
                                                     "result_sent": 19}))
        outputs.push(state, S // 2)
        idle = _median_push(outputs, state, [S // 2 + i for i in range(args.passes)])
        ticks = _median_push(outputs, state, [(i + 1) * S + S // 2 for i in range(min(args.passes, 1400))])
        writes = display.writes
        rows.append((f"{label}: pass, nothing to redraw", idle, IDLE_TARGET_S))
        rows.append((f"{label}: pass, a second ticks over ({writes} writes)", ticks, target))
        outputs.close()
    factory.reset()
    worst = 0
    print(f"{'figure':58} {'median':>10} {'target':>10}")
    for label, value, target in rows:
        ok = value < target
        worst = max(worst, 0 if ok else 1)
        print(f"{label:58} {value * 1e3:8.3f} ms {'<':>2}{target * 1e3:6.2f} ms  {'PASS' if ok else 'FAIL'}")
    return worst


if __name__ == "__main__":
    raise SystemExit(main())
