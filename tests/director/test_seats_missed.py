"""The pairings sheet (and the public view's "find my table", and the draw forwarded with the
results) tells a bye from a round a player misses: an absent player, a withdrawn one and a late
entry are paired against no one, as tsh writes them, but their round is no game (or a forfeit
loss), never a bye. Found by the event day's test (tests/director/test_page_event_day.py), whose
round 3 sheet gave the absent and the withdrawn player a bye."""
import csv
import io

from director.event.model import GameResult, Pairing, Player, bye
from director.event.seating import round_seats
from director.files import sheets

PLAYERS = [Player(1, "Ann Able"), Player(2, "Bob Baker"), Player(3, "Cat Cole"),
           Player(4, "Dan Dale", withdrawn=True), Player(5, "Eve Ellis"), Player(6, "Fay Ford")]
ROUND_3 = [Pairing(3, "1", (1, 2), 0), Pairing(3, "", (3, 0)), Pairing(3, "", (4, 0)),
           Pairing(3, "", (5, 0)), Pairing(3, "", (6, 0))]
#: Cat has the bye; Dan is withdrawn (no game), Eve absent (no game), Fay withdrawn with forfeit losses.
RESULTS = [bye(3, 3, 50), bye(3, 4, 0), bye(3, 5, 0), bye(3, 6, -50),
           GameResult(2, "1", (5, 6), (400, 350))]


def test_a_round_missed_is_no_bye_on_the_sheet():
    seated = round_seats("A", 3, PLAYERS, ROUND_3, RESULTS)
    assert [p.name for p in seated.byes] == ["Cat Cole"]
    assert [p.name for p in seated.missed] == ["Dan Dale", "Eve Ellis", "Fay Ford"]
    rows = list(csv.DictReader(io.StringIO(sheets.pairings_csv([seated]))))
    assert {r["name"]: r["opponent"] for r in rows} == {
        "Ann Able": "Bob Baker", "Bob Baker": "Ann Able", "Cat Cole": "bye",
        "Dan Dale": "no game", "Eve Ellis": "no game", "Fay Ford": "no game"}
    page = sheets.pairings_html([seated])
    assert page.count(">bye<") == 2                           # by name, and by table
    assert '<td class="name">Eve Ellis</td><td>no game</td>' in page


def test_without_the_results_a_pairing_against_no_one_is_a_bye_as_before():
    seated = round_seats("A", 3, PLAYERS, ROUND_3)
    assert len(seated.byes) == 4 and seated.missed == ()
