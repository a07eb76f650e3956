"""Attack (issue 39, item 3): a table's own key signs a result whose tallies no game can hold:
twenty bonus words from twenty one-point plays of seven tiles, 140 tiles from one player when a
set has 100. The events are of the schema and give the result they carry, so only their count
of tiles tells them from a game: the read-back refuses the play that puts the board past the
set's 100 tiles (422, by its place and type), and nothing is stored."""
import pytest

from common.game import events as ev
from common.game.state import new_game, replay
from common.game.vocabulary import EndReason, TurnKind
from common.presets import load_rules
from common.wire.document import result_document
from director.event.model import Pairing, Player
from director.event.rounds import start_round, store_pairings, store_players
from tests.security.conftest import assert_refused_and_nothing_stored
from tests.support.director_harness import TOURNAMENT, Director, signed_bytes

S = 10**9


@pytest.fixture
def nzasp_director(tmp_path):
    """A director under NZASP (whose results count bonus words, 9.2), Ann v Bob at table 5."""
    running = Director(tmp_path / "director.sqlite", preset="nzasp").start()
    store_players(running.db, [Player(1, "Ann"), Player(2, "Bob")])
    store_pairings(running.db, [Pairing(1, "5", (1, 2), 0)])
    start_round(running.db, 1, 1000.0)
    yield running
    running.stop()


def game(bonus_words: int) -> dict:
    """A finished, confirmed game under NZASP in which Ann plays ``bonus_words`` one-point plays
    of all seven tiles, Bob a point a turn, then Ann goes out: its result is what its events
    give (as a forger with the table's key would make it)."""
    events: list[ev.Event] = [ev.GameStarted(0, 0)]
    for n in range(bonus_words):
        events += [ev.TurnEnded((2 * n + 1) * S, 0, TurnKind.PLAY, score=1, placed=7),
                   ev.TurnEnded((2 * n + 2) * S, 1, TurnKind.PLAY, score=1)]
    end = (2 * bonus_words + 2) * S
    events += [ev.TurnEnded(end, 0, TurnKind.PLAY, score=10, out=True),
               ev.PlayOutAccepted(end + S, 1), ev.GameEnded(end + S, EndReason.OUT),
               ev.RackEntered(end + 2 * S, 1, "AE"), ev.ResultConfirmed(end + 3 * S, 0),
               ev.ResultConfirmed(end + 4 * S, 1), ev.ResultLocked(end + 4 * S)]
    state = replay(new_game(load_rules("nzasp"), 1, ("Ann", "Bob")), events)
    return result_document(state, events, state.last_ns, tournament=TOURNAMENT, table="5",
                           game_id="t5-r1")


def test_twenty_bonus_words_from_one_player_are_refused_at_the_play_past_the_set(nzasp_director):
    forged = game(20)
    assert forged["result"]["bonus_words"] == [20, 0]        # what the red team's result said
    answer = nzasp_director.post(5, "results", signed_bytes(forged))
    assert_refused_and_nothing_stored(
        nzasp_director, answer, 422,
        "events: events[29] (TurnEnded): the plays on the board placed 105 tiles; a set has 100")


def test_fourteen_bonus_words_are_a_game_and_are_stored(nzasp_director):
    """98 tiles on the board: a game can hold it, and the director stores its tally."""
    answer = nzasp_director.post(5, "results", signed_bytes(game(14)))
    assert (answer.code, answer.body["outcome"]) == (200, "stored")
    (stored,) = nzasp_director.rows("results")
    assert stored["table_name"] == "5"
