"""What a rehearsal will play and break, decided before it starts, from its options and seed.

``plan_games``: a game for each table and round (director.rehearsal.games), the scripts alone
deciding each result: in every round a late player at one table and a player running into
overtime at another, besides what the seed gives the others. ``plan_faults``: the faults an
event meets, each at a table and round where it shows:

The tables are named 1 to N, or the event's own (``Options.names``, its config's tables): "table
1" below is the first of them, "table 2" the second, "the last table" the last.

- ``power``: table 1's kiosk killed (SIGKILL, as a power cut) mid-game in round 1, and started
  again 2 s later on the same store;
- ``director``: the director's service killed mid-round (round 2, or the last) and started
  again on the same database;
- ``network``: table 2 loses the network for ``net_cut_s`` (a minute) mid-game in round 3 (or
  the last), its game long enough for the network to come back before it ends;
- ``serial``: the last table is on a serial line (a pty pair) for the whole event.

With fewer than four tables only the faults that have a table of their own are played, and
the report says which were left out.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path

from .games import Game, GamePlan, make_game


@dataclass
class Options:
    tables: int = 30
    rounds: int = 3
    speed: float = 10.0             # the tables' clocks run this many times faster than real time
    seed: int = 23
    net_cut_s: float = 60.0         # how long a table is without its network
    faults: bool = True
    folder: Path | None = None      # where its files go (default: a temporary folder)
    keep: bool = True               # keep the folder (the benchmark's is deleted when all went right)
    tournament: str = "Rehearsal"
    preset: str = "aspa"
    overrides: dict = field(default_factory=dict)   # the event's rules overrides, by section
    event_file: Path | None = None  # the event's players (tournament.event_file): its own event
    names: tuple[str, ...] = ()     # the venue's tables (tournament.tables), else 1..tables
    draws: dict = field(default_factory=dict)       # the config's draw of each division ("": all)

    @property
    def table_names(self) -> list[str]:
        return list(self.names) or [str(t) for t in range(1, self.tables + 1)]

    def director_toml(self, folder: Path, key: str, port: int) -> str:
        """The rehearsal director's config: the event's rules, a key made for the rehearsal,
        its own database and password, and the limits of a venue whose tables all share this
        machine's one address."""
        lines = ["[tournament]", f"name = {json.dumps(self.tournament)}",
                 f"preset = {json.dumps(self.preset)}", f"key = {json.dumps(key)}",
                 *([f"tables = {json.dumps(', '.join(self.names))}"] if self.names else []), ""]
        for section, settings in self.overrides.items():
            lines += [f"[rules.{section}]",
                      *(f"{name} = {json.dumps(value)}" for name, value in settings.items()), ""]
        lines += ["[service]", 'host = "127.0.0.1"', f"port = {port}",
                  f"db = {json.dumps(str(folder / 'director.sqlite'))}",
                  f"password_file = {json.dumps(str(folder / 'director.password'))}", "",
                  "[limits]", "requests_per_s = 200",
                  f"table_requests_per_s = {max(200, 20 * self.tables)}", ""]
        for name in ["", *sorted(n for n in self.draws if n)]:        # every round by the draw
            drawn = self.rehearsal_draw(self.draws.get(name))
            lines += [f"[draw.{name}]" if name else "[draw]",
                      *(f"{k} = {json.dumps(v)}" for k, v in drawn.items()), ""]
        return "\n".join(lines)

    def rehearsal_draw(self, configured: dict | None) -> dict:
        """A division's draw in the rehearsal: the config's, but a Swiss of ``rounds`` rounds
        for a division under tsh (or none set: its pairings would come from tsh), and a Swiss of
        fewer rounds given ``rounds``."""
        configured = dict(configured or {})
        if configured.get("system", "tsh") == "tsh":
            return {"system": "swiss", "rounds": self.rounds,
                    "seeding": configured.get("seeding", "rating")}
        if configured["system"] == "swiss":
            configured["rounds"] = max(configured.get("rounds", 0), self.rounds)
        return configured


@dataclass
class FaultPlan:
    kind: str                       # power, director, network, serial
    round: int                      # 0 for every round (serial)
    table: str | None
    at_s: float = 0.0               # seconds of real time after the round's start
    seconds: float = 0.0            # how long (the network's loss)
    done: str = ""                  # what was done, once it was

    @property
    def name(self) -> str:
        return {"power": "power cut", "director": "director killed", "network": "network lost",
                "serial": "serial line"}[self.kind]


def plan_games(options: Options, config, people, paired) -> dict[tuple[int, str], Game]:
    names = {(p.division, p.number): p.name for p in people}
    header = {"preset": config.preset, "overrides": config.overrides}
    last = options.rounds
    net_round = min(3, last)
    order = {name: i + 1 for i, name in enumerate(options.table_names)}
    games = {}
    for pairing in paired:
        r, table = pairing.round, pairing.table
        if not table:
            continue                    # a bye: no game, no table
        t = order[table]
        rng = random.Random(options.seed * 100_003 + r * 1009 + t)
        late = overtime = None
        if rng.random() < 0.1 or t == (r + 2) % options.tables + 1:
            late = rng.randint(0, 1)
        if rng.random() < 0.1 or t == (r + 4) % options.tables + 1 or (t == 2 and r == net_round):
            overtime = rng.randint(0, 1)
        lines = {**header, "round": r, "players": [names[(pairing.division, n)] for n in pairing.players],
                 "first": pairing.first}
        games[(r, table)] = make_game(lines, table, rng.randrange(1 << 30), GamePlan(late, overtime))
    return games


def plan_faults(options: Options, games: dict[tuple[int, str], Game]) -> list[FaultPlan]:
    if not options.faults:
        return []
    speed, last = options.speed, options.rounds
    real = {key: game.length_s / speed for key, game in games.items()}
    names = options.table_names
    faults = []
    if options.tables >= 4:
        faults.append(FaultPlan("serial", 0, names[-1]))
    if options.tables >= 1:
        faults.append(FaultPlan("power", 1, names[0], at_s=0.35 * real[(1, names[0])]))
    round_ = min(2, last)
    shortest = min(length for (r, _), length in real.items() if r == round_)
    faults.append(FaultPlan("director", round_, None, at_s=0.4 * shortest))
    if options.tables >= 3:
        round_ = min(3, last)
        length = real[(round_, names[1])]
        at = max(3.0, 0.15 * length)
        faults.append(FaultPlan("network", round_, names[1], at_s=at,
                                seconds=max(1.0, min(options.net_cut_s, length - at - 15))))
    return faults
