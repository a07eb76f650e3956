"""The errors of the game and of its settings, each a ValueError with a plain reason a player or
director can read: ``GameError`` and its kinds for a refused command; ``ConfigError`` for a
setting refused (a config file, a command-line option, a preset), raised by the kiosk's and the
director's config files alike and, as ``RulesError``, by the rules."""
from __future__ import annotations

import json
from typing import Any


class GameError(ValueError):
    """A command the game refuses. Nothing is recorded."""


class NotStarted(GameError):
    """The game's clock has not been started."""


class GameOver(GameError):
    """The game has ended: turns and clock commands are refused."""


class ResultLocked(GameOver):
    """Both players confirmed the result: nothing more may change."""


class NotYourTurn(GameError):
    """A press or turn by the side whose clock is not running."""


class BadTurn(GameError):
    """A turn that cannot be: negative score, exchange of no tiles, bad blank letters..."""


class ClockStateError(GameError):
    """The clock is not in the state the command needs (already neutral, not neutral...)."""


class ChallengeRefused(GameError):
    """Nothing to challenge, a second challenge of one play, a hold that lapsed..."""


class BadCorrection(GameError):
    """A correction of a turn that does not exist or cannot carry a score."""


class BadRack(GameError):
    """A rack that cannot be entered now or holds impossible tiles."""


class ConfigError(ValueError):
    """A setting refused: ``source: key: expected ...; got ...`` (``detail`` replaces the
    ``got ...`` part where the value itself must not be shown, a key say)."""

    def __init__(self, source: str, key: str, expected: str, got: Any = None, *, detail: str | None = None):
        self.source, self.key, self.expected = source, key, expected
        detail = detail if detail is not None else f"got {_show(got)}"
        where = f"{source}: {key}" if key else source
        super().__init__(f"{where}: expected {expected}; {detail}")


def _show(value: Any) -> str:
    return repr(value) if isinstance(value, str) else json.dumps(value) if isinstance(value, (dict, list)) \
        else str(value).lower() if isinstance(value, bool) else str(value)
