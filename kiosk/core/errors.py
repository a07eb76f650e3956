"""The errors a refused command raises: one base, each a ValueError, each with a plain reason
a player or director can read on screen."""


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
