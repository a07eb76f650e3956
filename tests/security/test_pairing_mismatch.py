"""Attack: a table's result that is not its pairing's. Table 5 (round 1: Ann v Bob) signs a game
of other players, or of another round: refused 409 naming both pairs, kept in the rejections
with its document and listed on the page, nothing stored."""
import pytest

from tests.security.conftest import assert_refused_and_nothing_stored, played
from tests.support.director_harness import signed_bytes


@pytest.mark.parametrize("document, reason", [
    (played(players=("Ann", "Cat")),
     "players: the document has Ann and Cat in round 1; round 1 table 5 is paired Ann and Bob"),
    (played(players=("Dan", "Cat")),            # table 6's players, as table 5
     "players: the document has Dan and Cat in round 1; round 1 table 5 is paired Ann and Bob"),
    (played(round_number=2),
     "pairing: table 5 has no pairing in round 2; the document has Ann and Bob "
     "(table 5 pairs Ann and Bob in round 1)"),
], ids=["another player", "another tables players", "another round"])
def test_a_result_that_is_not_its_tables_pairing_is_refused(paired_director, document, reason):
    answer = paired_director.post(5, "results", signed_bytes(document))
    assert_refused_and_nothing_stored(paired_director, answer, 409, reason)


def test_a_result_at_a_table_without_a_pairing_is_refused(paired_director):
    answer = paired_director.post(9, "results", signed_bytes(played(table="9")))
    assert_refused_and_nothing_stored(paired_director, answer, 409,
                                      "pairing: table 9 has no pairing in round 1; the document has "
                                      "Ann and Bob")
