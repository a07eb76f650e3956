"""A two-division event's morning and first round driven from the director's page in headless
Chromium (Debian's, through Playwright), as the club director of issue 36 ran it: the tables
enrolled before any round is drawn are heard from, waiting for their round (none refused, none
red); division B is given its own tables on the page; both round ones are drawn before either is
published, B first, and published A first, with no game at another division's table; a typo in
*Move* is refused with the reason and nothing moves; the division's links read apart and its
results to forward open as a page to print. Screenshots go to the folder the test prints."""
import json

import pytest

from common.game.state import new_game
from common.presets import load_preset
from common.wire.status import status_document
from director.event.model import Player
from director.event.rounds import store_players
from director.event.tournament import pairings
from tests.support.director_harness import TOURNAMENT, Director, signed_bytes
from tests.support.page_browser import TIMEOUT_MS, director_page, said

pytestmark = pytest.mark.slow          # headless Chromium: make check leaves it out

NAMES = {"A": ["Aroha Ngata", "Björn Ødegård", "Chen Wei", "Dmitri Volkov", "Émile Zola", "Fatima Idris"],
         "B": ["Giorgos Papadakis", "Hana Kimura", "Ilse Brandt", "Jamal Osei", "Keren Levi",
               "Lars Holm", "Mele Taufa", "Nguyen Lan"]}


@pytest.fixture
def director(tmp_path):
    running = Director(tmp_path / "director.sqlite", settings={"tournament.tables": "1-20"}).start()
    store_players(running.db, [Player(n, name, 1800 - 10 * n, division)
                               for division, names in NAMES.items() for n, name in enumerate(names, 1)])
    yield running
    running.stop()


@pytest.fixture
def page(browser, director, tmp_path):
    yield from director_page(browser, director, tmp_path / "screenshots", 1200, 1000)


def box(page, name):
    return page.locator(f'.division[data-division="{name}"] .draw')


def test_tables_heard_from_before_the_draw_are_waiting_for_their_round(page, director):
    for table in ("1", "2", "3"):                    # at their setup screens, enrolled, no round
        document = status_document(new_game(load_preset("aspa")), 0, tournament=TOURNAMENT,
                                   table=table, game_id=f"table-{table}", outbox_pending=0,
                                   sent_wall=1e9)
        assert director.post(table, "status", signed_bytes(document)).code == 200
    page.goto(director.url + "/tables")
    row = page.locator('#tables tr[data-table="2"]')
    row.filter(has_text="waiting for its round").wait_for(timeout=TIMEOUT_MS)
    assert page.locator("#tables tr.missing").count() == 17     # 4 to 20, never heard from
    assert "missing" not in (row.get_attribute("class") or "")
    assert "3 of 20 tables heard from" in page.inner_text("#summary")
    assert "no player's phone can open it" in page.inner_text("#cards-warning")  # 127.0.0.1
    assert director.rows("rejections") == []
    page.screenshot(path=str(page.shots / "tables-waiting.png"), full_page=True)


def test_two_divisions_drawn_in_one_order_and_published_in_the_other(page, director):
    b = box(page, "B")
    b.wait_for(timeout=TIMEOUT_MS)
    b.locator(".draw-tables").fill("11-14")
    b.locator(".draw-tables-save").click()
    said(page, "division B: its own tables are 11-14")
    b.locator(".draw-tables-source").filter(has_text="its own, set here").wait_for(timeout=TIMEOUT_MS)
    for name in ("B", "A"):                          # B drawn first
        own = box(page, name)
        own.locator(".draw-system").select_option("swiss")
        own.locator(".draw-rounds").fill("3")
        own.locator(".draw-save").click()
        said(page, f"division {name}: the draw is swiss")
        own.locator(".draw-propose").filter(has_text="Draw round 1 now").click()
        said(page, f"division {name}: round 1 drawn")
        own.locator(".draw-title").filter(has_text="Round 1, proposed").wait_for(timeout=TIMEOUT_MS)
    tables = {name: [row.inner_text() for row in box(page, name).locator(".draw-games tbody td:first-child").all()]
              for name in ("A", "B")}
    assert tables == {"A": ["1", "2", "3"], "B": ["11", "12", "13", "14"]}
    a = box(page, "A")
    player = a.locator(".draw-games tbody tr").first.get_attribute("data-players").split()[0]
    a.locator(".move-player").fill(player)
    a.locator(".move-table").fill("1O")
    a.locator(".draw-move button").click()
    said(page, "table '1O' is not one of the event's tables (1-20) (did you mean 10?)")
    a.locator(".move-table").fill("12")
    a.locator(".draw-move button").click()
    said(page, "table 12 is division B's own (its tables: 11-14)")
    assert [row.inner_text() for row in a.locator(".draw-games tbody td:first-child").all()] == tables["A"]
    page.screenshot(path=str(page.shots / "both-proposed.png"), full_page=True)
    for name in ("A", "B"):                          # A published first
        box(page, name).locator(".draw-publish").click()
        said(page, f"division {name}: round 1 published")
    assert {p.table for p in pairings(director.db, "A")} == {"1", "2", "3"}
    assert {p.table for p in pairings(director.db, "B")} == {"11", "12", "13", "14"}


def test_the_divisions_links_read_apart_and_its_results_open_as_a_page(page, director):
    section = page.locator('.division[data-division="A"]')
    section.wait_for(timeout=TIMEOUT_MS)
    assert section.locator(".division-files").inner_text() == "tsh .t file · results to forward (as CSV)"
    with page.context.expect_page(timeout=TIMEOUT_MS) as opened:
        section.locator(".export-results").click()
    report = opened.value
    report.wait_for_load_state()
    assert report.locator("h2").first.inner_text() == "Grade A"
    assert report.url.endswith("/export/results.html?division=A")
    report.close()


def test_a_draw_form_being_typed_in_keeps_its_focus_and_words_while_the_event_changes(page, director):
    """Found by the event day's test (tests/director/test_page_event_day.py): each change of the
    event (a division imported, a round started) moved every division's section back into its
    place, which took the focus from the form the director was typing in, and the draw's next
    update then wrote the stored settings over what they had typed."""
    rounds = box(page, "A").locator(".draw-rounds")
    rounds.click()
    rounds.fill("5")                                 # typed, not yet set
    answer = director.request("POST", "/api/import?kind=players-csv&name=c.csv",
                              "name,rating,division\nOla Nordmann,1500,C\nKari Nordmann,1400,C\n".encode(),
                              headers={"Content-Type": "application/octet-stream"})
    assert answer.code == 200, answer.body          # another window: a third division comes in
    page.locator('.division[data-division="C"]').wait_for(timeout=TIMEOUT_MS)
    answer = director.request("POST", "/api/draw/settings", json.dumps(
        {"division": "B", "system": "swiss", "king_of_the_hill": 0, "seeding": "rating", "rounds": 3}).encode())
    assert answer.code == 200, answer.body          # and the draw's update that follows
    box(page, "B").locator(".draw-source").filter(has_text="set here").wait_for(timeout=TIMEOUT_MS)
    assert page.evaluate("() => document.activeElement.className") == "draw-rounds"
    assert rounds.input_value() == "5"
    box(page, "A").locator(".draw-system").select_option("swiss")
    box(page, "A").locator(".draw-save").click()
    said(page, "division A: the draw is swiss")
    box(page, "A").locator(".draw-source").filter(has_text="next: round 1 of 5").wait_for(timeout=TIMEOUT_MS)
