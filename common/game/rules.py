"""The rule settings a preset carries, with their schema and validation.

Every difference between rule books is a value here, never an ``if preset == ...`` in code.
A preset file (config/presets/*.toml) must give every setting; a tournament's overrides may
give any subset. Both are checked against one schema: each setting has a kind, a help text and
its allowed values, and a bad value is refused with the source, the key and what was expected.

A preset may also carry a ``[cite]`` table: for a setting, the rule it comes from ("ABSP 3.1.3"),
which a command refused by that setting names. A game stored before a setting existed is read
back with the setting's ``legacy`` value, the reading the core took before the setting was made.

Pure: takes already-parsed mappings (the edge reads the TOML files) and returns frozen data.
"""
from __future__ import annotations

from dataclasses import field, fields, replace
from typing import Any, Mapping

from .errors import ConfigError
from .frozen import value

#: Kinds of turn a zero-score run may count (see ZeroRunRules.counts).
ZERO_TURN_KINDS = ("pass", "exchange", "phony", "lost", "zero_play")
CHALLENGE_OUTCOMES = ("none", "points_per_challenge", "points_per_word", "challenger_loses_turn")
RESUME_BY = ("waiting", "either")
BOTH_ABSENT = ("split_half", "own_clocks")
TIE_RULES = ("half_win",)
NEUTRAL_REASONS = ("challenge", "score", "tiles", "blank", "director", "end", "observers",
                   "bag_count", "player_left")
WITHDRAW = ("never", "both_agree")
VERDICT_BY = ("challenged", "challenger")
INTERVAL_COUNTS = ("completed", "started")
CORRECTIONS_UNTIL = ("confirmed", "game_end")
SIGN_OFF = ("both", "loser")
RANKINGS = ("wins_losses_spread", "wins_spread")
OVERTIME_COUNTS = ("whole_seconds", "any_fraction")
MARGINS = ("exactly", "at_least")
BROUGHT_IN_OVER = ("split", "zero")
NO_BLANK_TIME = ("undone", "mover")


class RulesError(ConfigError):
    """A preset or override is malformed: names the source, the key and what was expected."""

    def __init__(self, source: str, key: str, expected: str, got: Any = None, *, missing=False):
        if missing:
            detail = "missing"
        elif got is _UNKNOWN:
            detail = "unknown setting"
        else:
            detail = f"got {got!r}"
        super().__init__(source, key, expected, detail=detail)


_UNKNOWN = object()


def _setting(help: str, kind: str, **allowed):
    """A setting's schema. ``legacy``: the value that gives the reading the core took before the
    setting existed, for a game stored by an older kiosk (see ``rules_from_preset(stored=True)``).
    ``quiet``: the rules as data (``Rules.to_dict``: a result document's, a journal's) leave the
    setting out while it has its legacy value, so that the games of the presets without it read
    as they did before it existed."""
    return field(metadata={"help": help, "kind": kind, **allowed})


@value
class ClockRules:
    time_per_side_s: int = _setting("time on each player's clock, in seconds", "int", min=1)
    overtime_penalty_points: int = _setting(
        "points off the player's own score per started overtime period", "int", min=0)
    overtime_penalty_period_s: int = _setting(
        "length of one overtime period, in seconds", "int", min=1)
    overtime_counts: str = _setting(
        "what of the time past zero counts towards the overtime penalty: the whole seconds the "
        "clock shows (overtime begins at -0:01), or any fraction of a second", "choice",
        choices=OVERTIME_COUNTS, legacy="whole_seconds")
    overtime_forfeit_after_s: int = _setting(
        "overtime after which the player forfeits the game; 0 = never", "int", min=0)
    overtime_forfeit_spread: int = _setting(
        "losing margin of an overtime forfeit (see overtime_forfeit_margin)", "int", min=0)
    overtime_forfeit_margin: str = _setting(
        "whether an overtime forfeit's margin is exactly overtime_forfeit_spread, or at least "
        "it (the margin on the scores if greater)", "choice", choices=MARGINS, legacy="at_least")
    overtime_forfeit_counts_late: bool = _setting(
        "whether time charged for arriving late counts towards overtime_forfeit_after_s (else "
        "only overtime run after the game started does)", "bool", legacy=True)
    round_limit_s: int = _setting(
        "the director ends every game this long after it starts; 0 = no limit", "int", min=0)
    resume_by: str = _setting(
        "who may restart the clock after a neutral: the player waiting for the opponent to move, "
        "or either player", "choice", choices=RESUME_BY)
    neutral_reasons: tuple = _setting(
        "reasons for which the clock may be neutralised", "choices", choices=NEUTRAL_REASONS)
    blank_send_back: bool = _setting(
        "the opponent may restart the mover's clock to have an undeclared blank declared "
        "(not a passed turn)", "bool", legacy=False)
    no_blank_time: str = _setting(
        "the time the mover's clock ran for a play sent back that had no blank: charged as if it "
        "had not been sent back, to the opponent's clock or (a play-out) to nobody (undone); or "
        "left on the mover's, as when a chess clock is pressed back (mover)", "choice",
        choices=NO_BLANK_TIME, legacy="undone", quiet=True)
    divide_when_brought_in: bool = _setting(
        "a clock brought in during the game divides the time left equally between the players",
        "bool", legacy=False)
    brought_in_over: str = _setting(
        "a clock brought in once more than both players' time was played (the time left below "
        "zero): the time divided as it is, each player that much over and penalised for it "
        "(split), or both clocks at 0:00, overtime counted from then (zero)", "choice",
        choices=BROUGHT_IN_OVER, legacy="split", quiet=True)


@value
class HoldRules:
    min_view_s: int = _setting(
        "seconds the holder must be given to see the play before it may be accepted", "int", min=0)
    draw_after_s: int = _setting(
        "seconds into a hold after which the held player may draw (keeping tiles apart); "
        "-1 = not until the play is accepted", "int", min=-1)
    lapse_s: int = _setting(
        "seconds after which a hold lapses and the play can no longer be challenged; 0 = never",
        "int", min=0)


@value
class ChallengeRules:
    outcome_valid: str = _setting(
        "what a challenge of an acceptable play costs the challenger", "choice",
        choices=CHALLENGE_OUTCOMES)
    points: int = _setting(
        "points given to the challenged player per challenge or per word challenged", "int", min=0)
    final_play_exempt: bool = _setting(
        "no penalty for challenging the final play of the game", "bool")
    max_words: int = _setting("most words one challenge may name", "int", min=1, max=32)
    withdraw: str = _setting(
        "whether a challenge may be withdrawn once the clock is neutralised", "choice",
        choices=WITHDRAW)
    verdict_by: str = _setting(
        "who presses to get the verdict once the words are typed and checked", "choice",
        choices=VERDICT_BY)
    rechecks: int = _setting("how many times a verdict may be re-adjudicated", "int", min=0)
    false_blank: bool = _setting(
        "a play found to use a false blank before the opponent's next play comes off the board "
        "and its player loses the turn", "bool", legacy=False)


@value
class ZeroRunRules:
    turns: int = _setting("successive counting turns that end the game", "int", min=1)
    counts: tuple = _setting(
        "kinds of turn that count towards the run; any other turn breaks it", "choices",
        choices=ZERO_TURN_KINDS)
    not_at_zero_zero: bool = _setting("the run does not end a game standing at 0-0", "bool")
    late_penalty_in_score: bool = _setting(
        "whether the 0-0 test counts late-arrival penalties in the score", "bool", legacy=False)


@value
class EndRules:
    out_bonus_multiplier: int = _setting(
        "the player going out gains this many times the value of the opponent's rack", "int", min=0)
    opponent_minus_own: bool = _setting(
        "when a player goes out, the opponent loses the value of their own rack", "bool")
    accept_window_s: int = _setting(
        "seconds the opponent has to accept or challenge a play-out before the player who went "
        "out may restart the opponent's clock", "int", min=0)
    full_racks: bool = _setting(
        "when nobody went out, a rack entered at the end holds 7 tiles while the bag (known from "
        "the tiles each play placed) still holds tiles", "bool", legacy=False)


@value
class LateRules:
    charge_clock: bool = _setting(
        "a late player's absence is charged to their clock", "bool")
    both_absent: str = _setting(
        "when both are late: each is charged half the time until the first arrives (then the "
        "second's own), or each the time until their own arrival", "choice", choices=BOTH_ABSENT)
    penalty_points: int = _setting(
        "points off per started interval of absence (0 = none)", "int", min=0)
    penalty_interval_s: int = _setting("length of one absence interval, in seconds", "int", min=1)
    penalty_counts: str = _setting(
        "whether only completed absence intervals cost points, or every started one", "choice",
        choices=INTERVAL_COUNTS)
    charge_limit_s: int = _setting(
        "the late player's clock stops once it has been charged this much (they start with what "
        "is left, perhaps 0:00); 0 = no limit", "int", min=0, legacy=0)
    forfeit_after_s: int = _setting(
        "absence (as charged to the clock, if it is) after which a late player forfeits; "
        "0 = no automatic forfeit", "int", min=0)
    elect_forfeit_under_s: int = _setting(
        "a late player may elect to forfeit (a late forfeit) only once less than this much time "
        "is left on their clock before penalties; 0 = at any time", "int", min=0, legacy=0)
    forfeit_spread: int = _setting("winning margin of a late-arrival forfeit", "int", min=0)
    forfeit_margin: str = _setting(
        "whether a late forfeit's margin is exactly forfeit_spread, or at least it", "choice",
        choices=MARGINS, legacy="at_least")


@value
class ResultRules:
    tie: str = _setting("how a tie counts in the standings", "choice", choices=TIE_RULES)
    spread_caps: tuple = _setting(
        "spread cap for round 1, 2, ...; the last applies to later rounds; empty = no cap",
        "ints", min=1)
    forfeit_spread: int = _setting("winning margin of a forfeit or bye", "int", min=0)
    forfeit_margin: str = _setting(
        "whether the director's forfeit gives exactly forfeit_spread, or at least it (the margin "
        "on the scores if greater)", "choice", choices=MARGINS, legacy="at_least")
    corrections_until: str = _setting(
        "a score may be corrected until the result is confirmed, or only until the game ends",
        "choice", choices=CORRECTIONS_UNTIL)
    sign_off: str = _setting(
        "who confirms the result: both players, or the loser (both on a tie)", "choice",
        choices=SIGN_OFF)
    ranking: str = _setting(
        "the standings' order (the director's): most wins (a tie half), then fewest losses, then "
        "spread, as tsh ranks; or most wins, then spread", "choice", choices=RANKINGS,
        legacy="wins_losses_spread")
    bonus_words: bool = _setting(
        "the score entry asks whether a play used all seven tiles (a bonus word) and the result "
        "counts each player's bonus words (NZASP 9.2, 10.2)", "bool", legacy=False, quiet=True)
    average_credit: bool = _setting(
        "the director adds a player's average score and average bonus words to their aggregates "
        "for a forfeit win, and for a bye when the division's players have unequal numbers of "
        "byes (NZASP 9.2, 10.2)", "bool", legacy=False, quiet=True)


SECTIONS = {
    "clock": ClockRules, "hold": HoldRules, "challenge": ChallengeRules,
    "zero_run": ZeroRunRules, "end": EndRules, "late": LateRules, "result": ResultRules,
}


@value
class Rules:
    """A complete, validated rule set: a preset with any overrides applied."""
    name: str
    title: str
    clock: ClockRules
    hold: HoldRules
    challenge: ChallengeRules
    zero_run: ZeroRunRules
    end: EndRules
    late: LateRules
    result: ResultRules
    cites: tuple[tuple[str, str], ...] = ()     # (dotted setting, the rule it comes from)

    def cite(self, key: str) -> str:
        """The rule a setting comes from, as the preset cites it ("ABSP 3.1.3"), or ""."""
        return dict(self.cites).get(key, "")

    def spread_cap(self, round_number: int) -> int | None:
        caps = self.result.spread_caps
        if not caps:
            return None
        return caps[min(round_number, len(caps)) - 1]

    def to_dict(self) -> dict:
        out: dict = {"name": self.name, "title": self.title}
        for section in SECTIONS:
            values = getattr(self, section)
            out[section] = {f.name: (list(v) if isinstance(v := getattr(values, f.name), tuple) else v)
                            for f in fields(values)
                            if not (f.metadata.get("quiet")
                                    and getattr(values, f.name) == f.metadata["legacy"])}
        out["cite"] = dict(self.cites)
        return out


def describe_settings() -> list[tuple[str, str, str]]:
    """(dotted key, allowed values, help) for every setting: the schema as documentation."""
    rows = []
    for section, cls in SECTIONS.items():
        for f in fields(cls):
            rows.append((f"{section}.{f.name}", _expected(f.metadata), f.metadata["help"]))
    return rows


def _expected(meta: Mapping) -> str:
    kind = meta["kind"]
    if kind == "int":
        lo, hi = meta.get("min"), meta.get("max")
        if hi is not None:
            return f"an integer from {lo} to {hi}"
        return f"an integer >= {lo}" if lo is not None else "an integer"
    if kind == "bool":
        return "true or false"
    if kind == "choice":
        return "one of " + ", ".join(repr(c) for c in meta["choices"])
    if kind == "choices":
        return "a list drawn from " + ", ".join(repr(c) for c in meta["choices"])
    if kind == "ints":
        return f"a list of integers >= {meta['min']}"
    return kind


def _check(source: str, key: str, meta: Mapping, value: Any) -> Any:
    kind, bad = meta["kind"], False
    if kind == "int":
        bad = (isinstance(value, bool) or not isinstance(value, int)
               or ("min" in meta and value < meta["min"]) or ("max" in meta and value > meta["max"]))
    elif kind == "bool":
        bad = not isinstance(value, bool)
    elif kind == "choice":
        bad = value not in meta["choices"]
    elif kind == "choices":
        bad = (not isinstance(value, (list, tuple)) or any(v not in meta["choices"] for v in value)
               or len(set(value)) != len(value))
        value = tuple(value) if not bad else value
    elif kind == "ints":
        bad = (not isinstance(value, (list, tuple))
               or any(isinstance(v, bool) or not isinstance(v, int) or v < meta["min"] for v in value))
        value = tuple(value) if not bad else value
    if bad:
        raise RulesError(source, key, _expected(meta), value)
    return value


def _section_values(source: str, section: str, data: Any, *, complete: bool) -> dict:
    cls = SECTIONS[section]
    if not isinstance(data, Mapping):
        raise RulesError(source, section, "a table of settings", data)
    known = {f.name: f for f in fields(cls)}
    for key in data:
        if key not in known:
            raise RulesError(source, f"{section}.{key}", "one of " + ", ".join(known), _UNKNOWN)
    values = {}
    for name, f in known.items():
        if name in data:
            values[name] = _check(source, f"{section}.{name}", f.metadata, data[name])
        elif complete:
            raise RulesError(source, f"{section}.{name}", _expected(f.metadata), missing=True)
    return values


def _legacy(section: str, values: Mapping, *, quiet_only: bool = False) -> dict:
    """A stored section with the settings it predates filled in with their legacy values
    (``quiet_only``: only the quiet ones, which ``Rules.to_dict`` leaves out at that value)."""
    filled = dict(values)
    for f in fields(SECTIONS[section]):
        if f.name not in filled and "legacy" in f.metadata and (f.metadata.get("quiet") or not quiet_only):
            filled[f.name] = f.metadata["legacy"]
    return filled


def _cites(source: str, data: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(data, Mapping):
        raise RulesError(source, "cite", "a table of dotted settings and the rules they come from", data)
    known = {key for key, _, _ in describe_settings()}
    for key, text in data.items():
        if key not in known:
            raise RulesError(source, f"cite.{key}", "a setting such as late.forfeit_spread", _UNKNOWN)
        if not isinstance(text, str) or not text.strip():
            raise RulesError(source, f"cite.{key}", "the rule's name, e.g. \"ABSP 3.1.3\"", text)
    return tuple(sorted((key, text.strip()) for key, text in data.items()))


def rules_from_preset(data: Mapping, source: str, *, stored: bool = False) -> Rules:
    """Build Rules from a parsed preset file, which must give every setting but a quiet one (its
    legacy value if not given, as ``Rules.to_dict`` leaves it out). ``stored``: the rules of a
    game an older kiosk stored, where a setting it predates takes its legacy value."""
    for key in data:
        if key not in SECTIONS and key not in ("name", "title", "cite"):
            raise RulesError(source, key, "name, title, cite or a section: " + ", ".join(SECTIONS),
                             _UNKNOWN)
    for key in ("name", "title"):
        if not isinstance(data.get(key), str) or not data.get(key):
            raise RulesError(source, key, "a non-empty string", data.get(key), missing=key not in data)
    sections = {}
    for section, cls in SECTIONS.items():
        if section not in data:
            raise RulesError(source, section, "a table of settings", missing=True)
        values = data[section]
        if isinstance(values, Mapping):          # a quiet setting at its legacy value: left out
            values = _legacy(section, values, quiet_only=not stored)
        sections[section] = cls(**_section_values(source, section, values, complete=True))
    return Rules(name=data["name"], title=data["title"], cites=_cites(source, data.get("cite", {})),
                 **sections)


def apply_overrides(rules: Rules, overrides: Mapping, source: str) -> Rules:
    """Return ``rules`` with a tournament's overrides applied.

    Overrides are nested like a preset (``{"challenge": {"points": 10}}``) or dotted
    (``{"challenge.points": 10}``).
    """
    nested: dict[str, dict] = {}
    for key, value in overrides.items():
        if "." in key:
            section, _, name = key.partition(".")
            nested.setdefault(section, {})[name] = value
        elif isinstance(value, Mapping):
            nested.setdefault(key, {}).update(value)
        else:
            raise RulesError(source, key, "a section table or a dotted key such as clock.time_per_side_s",
                             value)
    changes = {}
    for section, values in nested.items():
        if section not in SECTIONS:
            raise RulesError(source, section, "a section: " + ", ".join(SECTIONS), _UNKNOWN)
        checked = _section_values(source, section, values, complete=False)
        changes[section] = replace(getattr(rules, section), **checked)
    return replace(rules, **changes)
