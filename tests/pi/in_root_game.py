"""Run inside a root where install/pi-install.sh installed a table and the director on one
machine (make pi-check): the director's service started as its unit starts it (user director,
/etc/tablekeeper/director.toml), a one-table event imported through its page, a code made with
``python -m director enroll``, the table enrolled by that code with ``python -m kiosk enroll`` as
the kiosk user, then a game script played at that table (``python -m kiosk run --script``, its
buttons simulated, headless) once the round is started on the page; the game's result must show
on the director's page and the table exit 0 (its result acknowledged).

    /opt/tablekeeper/.venv/bin/python -m tests.pi.in_root_game PASSWORD
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time

from director.config import load_config
from director.rehearsal import event
from director.rehearsal.games import GamePlan, make_game
from director.rehearsal.page import Page, Watcher
from director.rehearsal.processes import READY, _wait_for_port

PYTHON = "/opt/tablekeeper/.venv/bin/python"
DIRECTOR_CONFIG = "/etc/tablekeeper/director.toml"
KIOSK_CONFIG = "/etc/tablekeeper/kiosk.toml"
DIRECTOR_HOME = "/var/lib/tablekeeper-director"
KIOSK_HOME = "/var/lib/tablekeeper"
URL = "http://127.0.0.1:8080"
TABLE = "1"
WAIT_S = 600          # emulated: everything is some five times slower than on a desktop


def as_user(user: str, *command: str) -> list[str]:
    return ["runuser", "-u", user, "--", *command]


def say(line: str) -> None:
    print(line, flush=True)


def main(password: str) -> int:
    config = load_config(DIRECTOR_CONFIG, {})
    director = subprocess.Popen(as_user("director", PYTHON, "-m", "director", "--config", DIRECTOR_CONFIG),
                                cwd=DIRECTOR_HOME, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True)
    table = None
    try:
        _wait_for_port(URL, WAIT_S)
        say(f"director: up on {URL} (user director, {DIRECTOR_CONFIG})")
        page = Page(URL, password).login()
        people, paired = event.players(2), event.pairings(1, 1)
        say(f"event: {page.import_file(event.FILE, event.event_file(people, paired))}")
        made = subprocess.run(as_user("director", PYTHON, "-m", "director", "enroll", TABLE,
                                      "--config", DIRECTOR_CONFIG),
                              cwd=DIRECTOR_HOME, capture_output=True, text=True, timeout=WAIT_S)
        found = re.search(r"table 1: code (\d{3} \d{3}) .* director's PIN (\d{8})", made.stdout)
        if made.returncode or not found:
            say(f"FAILED: python -m director enroll: {made.stdout}{made.stderr}")
            return 1
        code, pin = found[1].replace(" ", ""), found[2]
        enrolled = subprocess.run(as_user("kiosk", PYTHON, "-m", "kiosk", "enroll", "--config", KIOSK_CONFIG,
                                          "--table", TABLE, "--code", code, "--director", URL),
                                  cwd=KIOSK_HOME, capture_output=True, text=True, timeout=WAIT_S)
        if enrolled.returncode:
            say(f"FAILED: python -m kiosk enroll: {enrolled.stdout}{enrolled.stderr}")
            return 1
        say(enrolled.stdout.strip())
        names = {p.number: p.name for p in people}
        [pairing] = paired
        header = {"preset": config.preset, "overrides": config.overrides, "round": 1,
                  "players": [names[n] for n in pairing.players], "first": pairing.first}
        game = make_game(header, TABLE, 23, GamePlan())
        script = os.path.join(KIOSK_HOME, "pi-check-game.jsonl")
        with open(script, "w") as handle:
            handle.write(game.text)
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   TABLEKEEPER_DIRECTOR_PIN=pin)
        table = subprocess.Popen(as_user("kiosk", PYTHON, "-m", "kiosk", "run", "--headless", "--config",
                                         KIOSK_CONFIG, "--size", "480x320", "--speed", "20",
                                         "--script", script),
                                 cwd=KIOSK_HOME, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True)
        ready = threading.Event()
        lines: list[str] = []

        def read() -> None:
            for line in table.stdout:
                lines.append(line.rstrip("\n"))
                if READY.match(line.rstrip("\n")):
                    ready.set()
        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(WAIT_S):
            say(f"FAILED: the table never had its game: {lines[-5:]} {table.stderr.read()[-1500:] if table.poll() is not None else ''}")
            return 1
        watcher = Watcher(page).start()
        page.post("/api/rounds/start", {"round": 1})
        say(f"round 1 started; the table plays {len(game.lines)} lines at 20x")
        missing = watcher.wait_for({(1, TABLE)}, game.length_s / 20 + WAIT_S)
        watcher.stop()
        if missing:
            say(f"FAILED: no result for table 1 on the director's page; the table said {lines[-5:]}")
            return 1
        [row] = [r for g in watcher.parts["results"] if g["round"] == 1 for r in g["rows"]
                 if str(r["table"]) == TABLE]
        final = list(game.replayed.result.final)
        status = table.wait(WAIT_S)
        say(f"the director's page: round 1, table 1: {row}")
        if not all(str(score) in str(row) for score in final):
            say(f"FAILED: the page does not show the scripted game's final scores {final}")
            return 1
        if status != 0:
            say(f"FAILED: the table exited {status}: {table.stderr.read()[-1500:]}")
            return 1
        say(f"the scripted game's final scores {final} on the page; the table exited 0 (acknowledged)")
        return 0
    finally:
        for process in (table, director):
            if process is not None and process.poll() is None:
                process.terminate()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
        if director.stderr is not None and director.returncode not in (0, -15, None):
            say(director.stderr.read()[-1500:])


if __name__ == "__main__":
    start = time.monotonic()
    status = main(sys.argv[1])
    say(f"{'ok' if status == 0 else 'FAILED'} in {time.monotonic() - start:.0f} s")
    sys.exit(status)
