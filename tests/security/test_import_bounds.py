"""Attack (or an honest slip: a file of another program): an 80,000-round .t file was taken
(16-22 s to import, then 10 s each page load). A .t file holds at most 999 rounds (the
protocol's schema's, which the tables take), 1,000 players and 10,000 games: past any of them it
is refused 400 naming the line, before a pairing is stored, and the service still serves."""
import pytest

from director.files.tsh import MAX_GAMES, MAX_PLAYERS
from common.wire.schema import MAX_ROUND
from tests.security.conftest import assert_honest_table_served


def t_file(players: int, rounds: int) -> bytes:
    lines = []
    for number in range(1, players + 1):
        opponent = number + 1 if number % 2 else number - 1
        lines.append(f"Player{number} 1500 " + " ".join([str(opponent)] * rounds) + "; "
                     + " ".join(["400" if number % 2 else "300"] * rounds))
    return "\n".join(lines).encode("latin-1")


@pytest.mark.parametrize("players, rounds, where", [
    (2, 80_000, "a.t:1: a .t file holds at most"),
    (2, MAX_ROUND + 1, "a.t:1: a .t file holds at most"),
    (MAX_PLAYERS + 2, 1, f"a.t:{MAX_PLAYERS + 1}: a .t file holds at most"),
    (2 * (MAX_GAMES // 40) + 2, 40, "a .t file holds at most"),
], ids=["80,000 rounds", "1,000 rounds", "1,002 players", "over 10,000 games"])
def test_a_t_file_past_what_an_event_holds_is_refused(director, players, rounds, where):
    before = director.stored()
    answer = director.request("POST", "/api/import?kind=tsh&name=a.t", t_file(players, rounds),
                              {"Content-Type": "text/plain"})
    assert answer.code == 400 and where in answer.body["error"], answer
    assert f"{MAX_ROUND} rounds, {MAX_PLAYERS} players and {MAX_GAMES} games" in answer.body["error"]
    assert director.stored() == before and director.stored()["players"] == []
    assert_honest_table_served(director)


def test_a_long_event_is_still_taken(director):
    answer = director.request("POST", "/api/import?kind=tsh&name=a.t", t_file(2, MAX_ROUND),
                              {"Content-Type": "text/plain"})
    assert answer.code == 200 and f"{MAX_ROUND} rounds of pairings" in answer.body["message"], answer
