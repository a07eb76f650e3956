"""Players who come and go, driven from the director's page in headless Chromium (Debian's,
through Playwright): round 2 proposed by itself when round 1's last result is in, then a
withdrawal, a late entry and an absence typed on the page, each drawing the proposal again
with the reason in *The draw* box; round 2 published, one of its games repaired, the round taken
back and published again; a no-show's forfeit in the round under way; and a swap asked of a
round published meanwhile refused with the reason. Screenshots go to the folder the test prints."""
import json

import pytest

from director.event import next_round
from director.event.rounds import assignment
from director.event.tournament import pairings, players
from tests.support.director_harness import TOURNAMENT, result_doc, signed_bytes
from tests.support.page_browser import TIMEOUT_MS, director_page, said

pytestmark = pytest.mark.slow          # headless Chromium: make check leaves it out

NAMES = ["Ann Able", "Bob Baker", "Cat Cole", "Dan Dale", "Eve Ellis", "Fay Ford", "Gus Grant"]
PLAYERS = ("name,rating\n" + "".join(f"{n},{1800 - 100 * i}\n" for i, n in enumerate(NAMES))).encode()


@pytest.fixture
def page(browser, director, tmp_path):
    yield from director_page(browser, director, tmp_path / "screenshots", 1200, 1100)


def division(page):
    return page.locator('.division[data-division="A"]')


def adjusted(page, words):
    division(page).locator(".draw-proposal .draw-adjusted li").filter(has_text=words).wait_for(
        timeout=TIMEOUT_MS)


def proposed(director):
    stored = next_round.proposal(director.db, "A")
    return {n for row in stored["pairings"] for n in row[1:3] if n}


def round_one(page, director):
    """The players imported and round 1 drawn, published and played from the page."""
    page.set_input_files("#import-file", files=[{"name": "players.csv", "mimeType": "text/csv",
                                                 "buffer": PLAYERS}])
    page.click("#import-button")
    box = division(page).locator(".draw")
    box.wait_for(timeout=TIMEOUT_MS)
    box.locator(".draw-system").select_option("swiss")
    box.locator(".draw-rounds").fill("4")
    box.locator(".draw-save").click()
    said(page, "the draw is swiss")
    box.locator(".draw-propose").click()
    division(page).locator(".draw-proposal .draw-title").filter(has_text="Round 1, proposed").wait_for(timeout=TIMEOUT_MS)
    box.locator(".draw-publish").click()
    said(page, "round 1 published")
    division(page).locator(".start-round").click()
    said(page, "Started: division A round 1")
    roster = {p.number: p.name for p in players(director.db, "A")}
    for p in pairings(director.db, "A"):
        if p.players[1]:
            reply = director.post(p.table, "results", signed_bytes(result_doc(
                p.table, 1, players=(roster[p.players[0]], roster[p.players[1]]), scores=(410, 380))))
            assert reply.body["outcome"] == "stored", reply.body
    division(page).locator(".draw-proposal .draw-title").filter(has_text="Round 2, proposed").wait_for(timeout=TIMEOUT_MS)
    division(page).locator(".end-round").click()
    said(page, "Ended: division A round 1")


def change(page, what, player, round_number=None, missed="none"):
    box = division(page).locator(".players")
    box.locator(".players-who").fill(str(player))
    box.locator(".players-round").fill("" if round_number is None else str(round_number))
    box.locator(".players-change .players-missed").select_option(missed)
    box.locator(f".players-{what}").click()


def test_players_come_and_go_from_the_page_and_the_proposal_says_why(page, director):
    round_one(page, director)
    change(page, "withdraw", "Cat Cole")
    said(page, "Cat Cole (3) withdrawn from round 2")
    adjusted(page, "drawn again: Cat Cole (3) withdrawn")
    division(page).locator(".players-away li").filter(has_text="Cat Cole (3): withdrawn").wait_for(timeout=TIMEOUT_MS)
    assert 3 not in proposed(director)
    box = division(page).locator(".players")
    box.locator(".late-name").fill("Hana Ito")
    box.locator(".late-rating").fill("1650")
    box.locator(".players-late button").click()
    message = said(page, "Hana Ito (8) entered late")
    assert "round 1 missed (no game), as tsh writes them" in message
    adjusted(page, "Hana Ito (8) entered late")
    change(page, "absent", "2")
    said(page, "Bob Baker (2) absent from round 2 only")
    adjusted(page, "Bob Baker (2) absent from round 2")
    assert proposed(director) == {1, 4, 5, 6, 7, 8}
    page.screenshot(path=str(page.shots / "round-2-proposed-again.png"), full_page=True)
    division(page).locator(".draw-publish").click()
    said(page, "round 2 published")
    opened = division(page).locator(".draw-published")
    opened.locator(".repair-title").filter(has_text="Round 2, published: not started").wait_for(timeout=TIMEOUT_MS)
    opened.locator(".repair-adjusted li").filter(has_text="Cat Cole (3) misses it").wait_for(timeout=TIMEOUT_MS)
    assert opened.locator(".repair-games th").all_text_contents() == [      # no reasons kept once published
        "Table", "Starts", "Second", "Starts so far (first–second)"]
    one, two = [p for p in pairings(director.db, "A") if p.round == 2 and p.players[1]][:2]
    opened.locator(".repair-a").fill(str(one.players[0]))
    opened.locator(".repair-b").fill(str(two.players[0]))
    opened.locator(".repair-swap button").click()
    said(page, f"swapped in round 2 as published: tables {one.table} and {two.table} have their new games")
    roster = {p.number: p.name for p in players(director.db, "A")}
    sent = assignment(director.db, one.table, TOURNAMENT)
    assert set(sent["players"]) == {roster[two.players[0]], roster[one.players[1]]}
    page.screenshot(path=str(page.shots / "round-2-published.png"), full_page=True)
    opened.locator(".draw-takeback").click()
    said(page, "round 2 taken back from the tables: it is the proposal again")
    assert [p for p in pairings(director.db, "A") if p.round == 2] == []
    division(page).locator(".draw-proposal .draw-title").filter(has_text="Round 2, proposed").wait_for(timeout=TIMEOUT_MS)
    division(page).locator(".draw-publish").click()
    said(page, "round 2 published")
    division(page).locator(".start-round").click()
    said(page, "Started: division A round 2")
    game = next(p for p in pairings(director.db, "A") if p.round == 2 and p.players[1])
    division(page).locator(".noshow-round").fill("2")
    division(page).locator(".noshow-who").fill(str(game.players[0]))
    division(page).locator(".noshow-forfeit").click()
    said(page, "did not come")
    assert "wins by forfeit, +50" in page.locator("#message").text_content()
    division(page).locator(".noshow-who").fill(str(game.players[0]))       # they came after all
    division(page).locator(".noshow-undo").click()
    said(page, "'s forfeit taken back")
    change(page, "back", "Cat Cole")
    said(page, "Cat Cole (3) back from round 3")


def test_a_swap_of_a_round_published_meanwhile_is_refused_on_the_page(page, director):
    round_one(page, director)
    rows = next_round.proposal(director.db, "A")["pairings"]
    a, c = rows[0][1], rows[1][1]
    published = director.request("POST", "/api/draw/publish", json.dumps(
        {"division": "A", "round": 2}).encode())          # another window, a command line...
    assert published.code == 200
    # the director's swap was on its way when the publish landed: the form of the proposal the
    # page showed, sent as its button sends it (the box may be hidden by now)
    box = division(page).locator(".draw-proposal")
    box.locator(".swap-a").evaluate("(e, v) => { e.value = v; }", str(a))
    box.locator(".swap-b").evaluate("(e, v) => { e.value = v; }", str(c))
    box.locator(".draw-swap").dispatch_event("submit")
    words = said(page, "round 2 was published meanwhile: the swap was not made")
    assert words.startswith("Draw: division A: round 2 was published meanwhile")
    stored = {frozenset(p.players) for p in pairings(director.db, "A") if p.round == 2}
    assert stored == {frozenset(r[1:3]) for r in rows}
