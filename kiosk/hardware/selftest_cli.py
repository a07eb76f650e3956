"""``python -m kiosk selftest``: the hardware self-test (kiosk/hardware/selftest.py) on a terminal, with
the table's config (pins, displays, LEDs).

On a Pi it reads the GPIO buttons (lgpio). With ``--sim`` the buttons are gpiozero MockFactory
pins pressed from the keyboard: type ``l``, ``r`` or ``c`` (or left / right / centre) and Enter;
the presses go through drivers.buttons exactly as real edges do. Each configured display and LED
is opened; one that is not there is reported NOT FOUND with the reason. The libraries the
KMSDRM screen loads are checked too (kiosk/hardware/screen_libraries.py): one missing is named
with its Debian package (NOT FOUND on a Pi; with ``--sim``, on a desktop, only said). Exit
status: 0 when everything answered, 1 when a button never arrived or a device is missing, 2 when
the config is bad or there is no GPIO at all.
"""
from __future__ import annotations

import argparse
import queue
import sys
import threading
import time

from drivers.buttons import DEFAULT_PINS, Buttons, HardwareError, pin_factory
from drivers.displays import open_display
from drivers.leds import StatusLeds
from kiosk.config import ConfigError, kiosk_config, load
from kiosk.hardware import screen_libraries
from kiosk.hardware.selftest import SelfTest

KEYS = {"l": "left", "left": "left", "r": "right", "right": "right", "c": "centre", "centre": "centre",
        "center": "centre"}


def open_devices(config, factory) -> tuple[dict, StatusLeds | None, dict]:
    """(displays by side, LEDs, what is missing and why): each device opened on its own, so one
    missing display does not hide the others."""
    displays, missing, leds = {}, {}, None
    for side, spec in config.displays.items():
        try:
            displays[side] = open_display(spec, factory)
        except HardwareError as exc:
            missing[f"{side} display ({spec.kind})"] = str(exc)
    if config.leds:
        try:
            leds = StatusLeds(factory, config.leds)
        except HardwareError as exc:
            missing["status LEDs"] = str(exc)
    return displays, leds, missing


def read_presses(stream, factory, pins, out) -> None:
    """--sim: each line typed presses (and releases) a simulated button's pin."""
    for line in stream:
        side = KEYS.get(line.strip().lower())
        if side is None:
            if line.strip():
                print(f"  type l, r or c (not {line.strip()!r})", file=out, flush=True)
            continue
        pin = factory.pin(pins[side])
        pin.drive_low()
        pin.drive_high()


def run_selftest(test: SelfTest, inputs: queue.Queue, out, *, clock=time.monotonic_ns,
                 pass_s: float = 0.005) -> int:
    """Run ``test`` to the end, printing its report as it grows; 0 if all OK, else 1."""
    for line in test.lines:
        print(line, file=out, flush=True)
    shown, prompt = len(test.lines), test.prompt
    print(prompt, file=out, flush=True)
    test.start(clock())
    while not test.finished:
        while True:
            try:
                item = inputs.get_nowait()
            except queue.Empty:
                break
            test.handle(item, clock())
        test.update(clock())
        for line in test.lines[shown:]:
            print(line, file=out, flush=True)
        shown = len(test.lines)
        if test.prompt != prompt:
            prompt = test.prompt
            print(prompt, file=out, flush=True)
        time.sleep(pass_s)
    return 0 if test.ok else 1


def _command(args) -> int:
    name = "python -m kiosk selftest"
    try:
        config = kiosk_config(load(args.config, {"hardware.buttons": "sim" if args.sim else None}))
        factory = pin_factory("mock" if config.sim else "lgpio")
    except (ConfigError, HardwareError) as exc:
        print(f"{name}: {exc}", file=sys.stderr)
        return 2
    inputs = queue.Queue()
    pins = config.pins or DEFAULT_PINS
    buttons = leds = None
    displays = {}
    try:
        try:
            buttons = Buttons(inputs, factory, pins)
        except HardwareError as exc:
            busy = "" if config.sim else (" (if the kiosk is running it has the pins: "
                                          "sudo systemctl stop tablekeeper-kiosk)")
            print(f"{name}: {exc}{busy}", file=sys.stderr)
            return 2
        displays, leds, missing = open_devices(config, factory)
        screen = screen_libraries.missing()
        if screen and not config.sim:
            missing["screen (KMSDRM)"] = screen_libraries.report(screen).split(": ", 1)[1]
        if config.sim:
            print("simulated buttons: type l, r or c and Enter to press one", flush=True)
            threading.Thread(target=read_presses, args=(sys.stdin, factory, pins, sys.stdout),
                             daemon=True).start()
        print(screen_libraries.report(screen), flush=True)
        test = SelfTest(timeout_s=args.timeout, displays=displays, leds=leds, missing=missing,
                        pattern_s=args.pattern_s)
        return run_selftest(test, inputs, sys.stdout)
    finally:
        for display in displays.values():
            if display is not None:
                display.close()
        if leds is not None:
            leds.close()
        if buttons is not None:
            buttons.close()


def seconds_above_zero(text: str) -> float:
    """A command line's seconds: a number above 0 (argparse names the option and the value)."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = float("nan")
    if not seconds > 0 or seconds == float("inf"):
        raise argparse.ArgumentTypeError(f"expected seconds above 0, such as 1 or 0.5; got {text!r}")
    return seconds


def add_parser(sub) -> None:
    parser = sub.add_parser("selftest", help="hardware self-test: each button (with its latency), "
                                             "each player display's segments, each status LED")
    parser.add_argument("--config", metavar="FILE", help="the kiosk's config file (pins, displays, LEDs)")
    parser.add_argument("--sim", action="store_true",
                        help="simulated buttons (gpiozero MockFactory), pressed by typing l, r or c")
    parser.add_argument("--timeout", type=seconds_above_zero, default=10.0, metavar="SECONDS",
                        help="how long to wait for each button before reporting it MISSING (default 10)")
    parser.add_argument("--pattern-s", type=seconds_above_zero, default=1.0, metavar="SECONDS",
                        help="how long each test pattern stays lit (default 1)")
    parser.set_defaults(func=_command)
