"""Table cards whose QR code is this machine's own address (the service on 127.0.0.1) are
warned of, on the tables page and above the cards, never on them (issue 36): no phone could
open it. On the venue's network (0.0.0.0) nothing is said. The real service's pages."""
import html
import urllib.request

import pytest

from tests.support.director_harness import Director


@pytest.fixture
def running(tmp_path):
    made = []

    def start(host: str) -> Director:
        director = Director(tmp_path / f"d{len(made)}.sqlite", settings={
            "service.host": host, "tournament.tables": "1-2"}).start()
        made.append(director)
        return director
    yield start
    for director in made:
        director.stop()


def page(director, path: str) -> str:
    request = urllib.request.Request(director.url + path, headers=director.page.headers("GET"))
    with urllib.request.urlopen(request, timeout=30) as answer:
        return html.unescape(answer.read().decode())


WARNING = "this machine's own address: no player's phone can open it"


def test_cards_pointing_at_this_machine_only_are_warned_of(running):
    director = running("127.0.0.1")
    cards = page(director, "/tables/cards")
    assert "These cards' QR code is http://127.0.0.1:8080/live, " + WARNING in cards
    assert 'class="warning" role="alert"' in cards
    assert cards.index(WARNING) < cards.index('<div class="sheet">')         # above the cards
    assert cards.count('<section class="card">') == 2
    tables = page(director, "/tables")
    assert WARNING in tables and 'id="cards-warning" class="error" role="alert" >' in tables


def test_cards_on_the_venues_network_say_nothing_of_it(running):
    venue = running("0.0.0.0")
    cards = page(venue, "/tables/cards")
    assert WARNING not in cards and cards.count('<section class="card">') == 2
    assert 'id="cards-warning" class="error" role="alert" hidden>' in page(venue, "/tables")
