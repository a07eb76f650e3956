"""The director's login and the public live view in headless Chromium: the page asks for the
password, refuses a wrong one and opens with the right one (its session cookie out of the
page's scripts' reach), logs out; the public view on a phone shows the tables, results and
standings as they change, with no control on it and nothing a control would call answering it.
``make screenshots`` keeps the login and the public view for the director's guide."""
import pytest

from director.event.model import Pairing, Player
from director.event.rounds import store_pairings, store_players
from director.event.standings import format_spread, format_wins
from director.event.tournament import standings
from tests.support.director_harness import four_tables_at_play
from tests.support.page_browser import TIMEOUT_MS, log_in, new_context, save_for_docs

pytestmark = pytest.mark.slow          # headless Chromium: make check leaves it out


def login_post(page):
    return page.expect_response(lambda r: r.url.endswith("/login") and r.request.method == "POST",
                                timeout=TIMEOUT_MS)


def test_the_page_asks_for_the_password_refuses_a_wrong_one_and_logs_out(browser, director, tmp_path):
    context = new_context(browser, 900, 380)
    page = context.new_page()
    try:
        page.goto(director.url + "/")
        assert page.url == director.url + "/login"                 # sent to the login first
        page.wait_for_selector("#password", timeout=TIMEOUT_MS)
        assert page.locator("#start-all").count() == 0
        save_for_docs(page, "login.png")
        page.screenshot(path=str(tmp_path / "login.png"))

        page.fill("#password", "not the director's password")
        with login_post(page) as refused:
            page.click("#login")
        assert refused.value.status == 401
        page.wait_for_selector("#login-message", timeout=TIMEOUT_MS)
        assert page.inner_text("#login-message") == "Wrong password."
        assert page.locator("#start-all").count() == 0 and director.page.token is None
        page.screenshot(path=str(tmp_path / "wrong-password.png"))

        log_in(page, director)
        assert page.url == director.url + "/" and page.is_visible("#start-all")
        (cookie,) = [c for c in context.cookies() if c["name"] == "tablekeeper_session"]
        assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
        assert "tablekeeper_session" not in page.evaluate("document.cookie")
        assert page.evaluate("fetch('/api/state').then(r => r.status)") == 200

        other = context.new_page()                  # the page open in another tab too
        other.goto(director.url + "/")
        other.wait_for_selector("#link.up", timeout=TIMEOUT_MS)
        page.click("#logout")
        page.wait_for_selector("#password", timeout=TIMEOUT_MS)
        assert page.evaluate("fetch('/api/state').then(r => r.status)") == 401
        other.wait_for_selector("#password", timeout=TIMEOUT_MS)     # its stream ended with the session
        assert other.url == director.url + "/login"
        page.goto(director.url + "/")
        assert page.url == director.url + "/login"
    finally:
        context.close()


@pytest.fixture
def event(director):
    """Division A (Ann, Bob, Cat, Dan at tables 1 and 2) and division B (Eve, Fay, Gus, Hal at
    tables 3 and 4), round 1 paired and started."""
    store_players(director.db, [Player(n, name, 1800 - 10 * n, "A") for n, name in
                                enumerate(["Ann", "Bob", "Cat", "Dan"], 1)]
                  + [Player(n, name, 1500 - 10 * n, "B") for n, name in
                     enumerate(["Eve", "Fay", "Gus", "Hal"], 1)])
    store_pairings(director.db, [Pairing(1, "1", (1, 2), 0, "A"), Pairing(1, "2", (3, 4), 1, "A"),
                                 Pairing(1, "3", (1, 2), 0, "B"), Pairing(1, "4", (3, 4), None, "B")])
    assert director.request("POST", "/api/rounds/start", b"{}").code == 200
    return director


def standings_rows(director, division):
    table, _ = standings(director.db, director.config.rules, director.config.tournament, division)
    return [[str(s.rank), str(s.player.number), s.player.name, str(s.player.rating),
             format_wins(s.wins), format_wins(s.losses), format_spread(s.spread), str(s.games)]
            for s in table]


def test_the_public_view_has_no_controls_and_follows_the_tables_live(browser, event, tmp_path):
    director = event
    context = new_context(browser, 412, 915)               # a phone
    page = context.new_page()
    navigations = []
    try:
        page.goto(director.url + "/live")
        page.wait_for_selector("#link.up", timeout=TIMEOUT_MS)
        page.wait_for_selector('.division[data-division="B"] .tile[data-table="4"]', timeout=TIMEOUT_MS)
        page.on("framenavigated", lambda frame: navigations.append(frame.url))
        # no control: only the search box of "find my table", which asks the service nothing
        assert page.locator("button, form, input:not(#find-name), select, a[href^='/export'], "
                            ".problems").count() == 0
        assert page.locator("#find-name").count() == 1
        for method, path in (("POST", "/api/rounds/end"), ("POST", "/api/import"), ("GET", "/events"),
                             ("GET", "/api/state"), ("GET", "/export/standings.csv")):
            status = page.evaluate("([m, p]) => fetch(p, {method: m, body: m === 'POST' ? '{}' : null,"
                                   " headers: {'Content-Type': 'application/json'}}).then(r => r.status)",
                                   [method, path])
            assert status in (401, 403), (method, path, status)
        assert director.rows("rounds")[0]["ended_wall"] is None

        for table, state in four_tables_at_play(director).items():
            page.wait_for_selector(f'.tile[data-table="{table}"][data-state="{state}"]', timeout=TIMEOUT_MS)
        row = page.locator('.division[data-division="B"] .results tr[data-table="3"]')
        row.wait_for(timeout=TIMEOUT_MS)
        assert "Eve – Fay" in row.inner_text()
        expected = standings_rows(director, "B")
        page.wait_for_function("expected => JSON.stringify([...document.querySelectorAll("
                               "'.division[data-division=\"B\"] .standings tbody tr')]"
                               ".map(tr => [...tr.cells].map(td => td.textContent))) === JSON.stringify(expected)",
                               arg=expected, timeout=TIMEOUT_MS)
        assert expected[0][2] == "Eve" and navigations == []      # live, without a reload
        save_for_docs(page, "live.png")
        page.screenshot(path=str(tmp_path / "live.png"), full_page=True)
    finally:
        context.close()
