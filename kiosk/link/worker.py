"""The director link's worker as the table's loop sees it, whichever line it runs on: ``Link``.

Two workers carry the table's outbox and status to the director, each on a thread of its own:
kiosk.link.sender.Sender over HTTP, kiosk.link.serial_link.SerialLink over a serial line. The
loop (kiosk.link.table_link.TableLink) holds one as a ``Link`` and asks it only this, none of
which waits:

- ``publish(state, game_id, tournament, table, division, about)``: the game as the loop has it
  now (an immutable state); the worker makes its status (``Published.status``) when it sends;
- ``link``: a ``LinkState``, the snapshot the worker's thread replaces whole (results pending,
  the last acknowledged, the director's refusal, whether it answers, the checked assignment);
  reading it takes no lock;
- ``wake()``: something was put in the outbox (a challenge for the judge station): send it now
  rather than at the next pass, where the line lets the table speak first;
- ``start()`` and ``stop()``.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from common.wire.status import status_document


@dataclass(frozen=True)
class LinkState:
    """What the kiosk knows of its link to the director, as of the worker's last pass."""
    pending: int = 0                    # signed results the director has not acknowledged
    delivered_wall: float | None = None  # when the director last acknowledged a result
    refused: str | None = None          # the director's reason for refusing a pending result
    reached: bool | None = None         # the director answered the last request (None: not tried)
    assignment: dict | None = None      # the table's checked assignment, if the director has one
    assignment_error: str | None = None  # why the last assignment was not believed
    status_refused: str | None = None   # the director's reason for refusing the last status
    verdict: dict | None = None         # the judge station's verdict on the challenge awaited
    unconfirmed: str | None = None      # why a "stored" answer was not believed (no receipt)
    challenge_pending: str | None = None    # the newest challenge for the judge station, not
                                        # yet taken: its last failure ("" untried); None: taken


@dataclass(frozen=True)
class Published:
    """What the loop last published: the game's state and identity (read by the worker)."""
    state: object
    game_id: str
    round_table: tuple[str, str]        # (tournament, table)
    division: str = ""
    about: dict | None = None           # the table itself (common.wire.status.about_table)

    def status(self, now_ns: int, *, outbox_pending: int, sent_wall: float,
               assignment_refused: str) -> dict:
        """The game's live status (common.wire.status, unsigned) at ``now_ns``."""
        tournament, table = self.round_table
        return status_document(self.state, now_ns, tournament=tournament, table=table,
                               game_id=self.game_id, division=self.division, about=self.about,
                               outbox_pending=outbox_pending, sent_wall=sent_wall,
                               assignment_refused=assignment_refused)


class Link(ABC):
    """A worker of the director link, as the loop uses it (see the module's docstring)."""
    link: LinkState
    _published: Published | None = None

    def publish(self, state, game_id: str, tournament: str, table: str, division: str = "",
                about: dict | None = None) -> None:
        """The game as the loop has it now; the worker is woken when it changed."""
        current = self._published
        if (current is None or current.state is not state or current.game_id != game_id
                or current.division != division or current.about != about):
            self._published = Published(state, game_id, (tournament, table), division, about)
            self.wake()

    @abstractmethod
    def wake(self) -> None:
        """Send what waits now rather than at the next pass (never waits itself)."""

    @abstractmethod
    def start(self) -> "Link":
        """Start the worker's thread; the worker itself."""

    @abstractmethod
    def stop(self, timeout_s: float | None = None) -> bool:
        """Stop the worker's thread; True if it has stopped."""
