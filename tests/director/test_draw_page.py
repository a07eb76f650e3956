"""A three-round event run from the director's page in headless Chromium (Debian's, through
Playwright) with no import after the first (the players): the division's draw chosen on the
page, each round drawn, checked, adjusted and published there, the next one proposed by itself
when the round's last result is in; a correction before a round is published draws it again,
after it does not (the page says so); each table's assignment says who starts, and the .t
export holds every round as tsh writes it. Screenshots go to the folder the test prints."""
import pytest

from director.event import divisions
from director.event.proposals import proposal
from director.event.rounds import assignment
from director.event.tournament import pairings
from director.files import tsh
from tests.support.director_harness import TOURNAMENT, result_doc, signed_bytes
from tests.support.page_browser import TIMEOUT_MS, director_page, said

pytestmark = pytest.mark.slow          # headless Chromium: make check leaves it out

NAMES = ["Ann Able", "Bob Baker", "Cat Cole", "Dan Dale", "Eve Ellis", "Fay Ford", "Gus Grant"]
PLAYERS = ("name,rating\n" + "".join(f"{n},{1800 - 100 * i}\n" for i, n in enumerate(NAMES))).encode()


@pytest.fixture
def page(browser, director, tmp_path):
    yield from director_page(browser, director, tmp_path / "screenshots", 1200, 1000)


def division(page):
    return page.locator('.division[data-division="A"]')


def proposed(page, round_number):
    title = division(page).locator(".draw-proposal .draw-title")
    title.filter(has_text=f"Round {round_number}, proposed").wait_for(timeout=TIMEOUT_MS)
    return [row.get_attribute("data-players") for row in
            division(page).locator(".draw-games tbody tr").all()]


def publish(page, director, round_number):
    division(page).locator(".draw-publish").click()
    said(page, f"round {round_number} published")
    stored = [p for p in pairings(director.db, "A") if p.round == round_number]
    assert len(stored) == 4                                     # three games and a bye
    return stored


def play(page, director, round_number, stored):
    """The round started from the page, each table's game played as its assignment says
    (who starts first), its result posted as the table posts it."""
    division(page).locator(".start-round").click()
    said(page, f"Started: division A round {round_number}")
    for p in stored:
        if p.players[1] == 0:
            continue
        sent = assignment(director.db, p.table, TOURNAMENT)
        assert sent["round"] == round_number and sent["first"] in (0, 1)
        starter = sent["players"][sent["first"]]
        other = sent["players"][1 - sent["first"]]
        reply = director.post(p.table, "results", signed_bytes(result_doc(
            p.table, round_number, players=(starter, other), scores=(410, 380 + round_number))))
        assert reply.body["outcome"] == "stored", reply.body


def correct(page, round_number, table, scores):
    page.fill("#correct-division", "A")
    page.fill("#correct-round", str(round_number))
    page.fill("#correct-table", table)
    page.select_option("#correct-kind", "scores")
    page.fill("#correct-score0", str(scores[0]))
    page.fill("#correct-score1", str(scores[1]))
    page.fill("#correct-reason", "the score sheet says otherwise")
    page.click("#correct-button")
    said(page, f"division A round {round_number} table {table}:")


def test_a_three_round_event_drawn_and_published_from_the_page(page, director):
    page.set_input_files("#import-file", files=[{"name": "players.csv", "mimeType": "text/csv",
                                                 "buffer": PLAYERS}])
    page.click("#import-button")
    division(page).wait_for(timeout=TIMEOUT_MS)
    box = division(page).locator(".draw")
    box.locator(".draw-system").select_option("swiss")
    box.locator(".draw-rounds").fill("3")
    box.locator(".draw-gibson").fill("1")
    box.locator(".draw-save").click()
    said(page, "the draw is swiss")
    assert divisions.draw_choice(director.db, "A")["gibson"] == 1
    box.locator(".draw-propose").filter(has_text="Draw round 1 now").click()
    games = proposed(page, 1)
    assert len(games) == 4 and pairings(director.db, "A") == []          # no table told yet
    a, b = (int(g.split()[0]) for g in games[:2])
    box.locator(".swap-a").fill(str(a))
    box.locator(".swap-b").fill(str(b))
    box.locator(".draw-swap button").click()
    box.locator(".draw-adjusted li").filter(has_text=f"players {a} and {b} swapped").wait_for(timeout=TIMEOUT_MS)
    page.screenshot(path=str(page.shots / "round-1-proposed.png"), full_page=True)
    rounds = {1: publish(page, director, 1)}
    assert {frozenset(p.players) for p in rounds[1]} == {frozenset(map(int, g.split())) for g in proposed_after(games, a, b)}
    play(page, director, 1, rounds[1])
    proposed(page, 2)                                   # the last result in: round 2 drawn by itself
    division(page).locator(".end-round").click()
    said(page, "Ended: division A round 1")
    rounds[2] = publish(page, director, 2)
    play(page, director, 2, rounds[2])
    shown_why(page, director)
    game = next(p for p in rounds[2] if p.players[1])
    correct(page, 2, game.table, (300, 450))            # before round 3 is published: drawn again
    box.locator(".draw-adjusted li").filter(has_text="drawn again").wait_for(timeout=TIMEOUT_MS)
    division(page).locator(".end-round").click()
    said(page, "Ended: division A round 2")
    rounds[3] = publish(page, director, 3)
    correct(page, 2, game.table, (450, 300))            # after: round 3 stands, and the page says so
    box.locator(".draw-notes li").filter(has_text="round 3 was published before").wait_for(timeout=TIMEOUT_MS)
    assert [p for p in pairings(director.db, "A") if p.round == 3] == rounds[3]
    page.screenshot(path=str(page.shots / "round-3-published.png"), full_page=True)
    met = [frozenset(p.players) for r in rounds.values() for p in r if p.players[1]]
    assert len(met) == len(set(met)), "a Swiss draw of seven pairs no one twice in three rounds"
    text, _ = director.download("/export/division.t?division=A")
    read = tsh.parse_t(text.decode(tsh.ENCODING), division="A")
    stored = {(p.round, p.table, frozenset(p.players), p.players[p.first] if p.first is not None else None)
              for r in rounds.values() for p in r if p.players[1]}
    assert {(p.round, p.table, frozenset(p.players), p.players[p.first]) for p in read.pairings
            if p.players[1]} == stored


def shown_why(page, director):
    """Round 3's proposal on the page: each pair the draw says crosses score groups shows why,
    the others nothing."""
    rows = proposed(page, 3)
    why = proposal(director.db, "A")["why"]
    cells = [c.text_content() for c in division(page).locator(".draw-games tbody td.why").all()]
    assert len(rows) == len(why) == len(cells) and [c or None for c in cells] == why
    assert all(" meets " in w for w in why if w)


def proposed_after(games, a, b):
    """The proposal's games once players a and b took each other's places."""
    swap = {a: b, b: a}
    return [" ".join(str(swap.get(int(n), int(n))) for n in g.split()) for g in games]
