"""The director's page in headless Chromium (Debian's, through Playwright), logged in with the
director's password: tiles, results and standings follow what the tables post, live over
server-sent events, with no reload; the round buttons work. Screenshots go to the folder each
test prints."""
import shutil
import time

import pytest

from director.tables.ingest import receive
from director.event.model import Pairing, Player
from director.event.rounds import start_round, store_pairings, store_players
from director.event.standings import format_spread, format_wins
from director.event.tournament import standings
from tests.support.director_harness import KEY, four_tables_at_play, result_doc, signed_bytes, status_doc
from tests.support.page_browser import (CLIPPED_NAMES, TIMEOUT_MS, TSH_NAMES, log_in, new_context,
                                       save_for_docs, shown_names)

pytestmark = pytest.mark.slow          # headless Chromium: make check leaves it out

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]


@pytest.fixture
def shots(tmp_path):
    folder = tmp_path / "screenshots"
    folder.mkdir()
    print(f"screenshots in {folder}")
    return folder


@pytest.fixture
def paired(director):
    store_players(director.db, [Player(n, name, 1600 - 10 * n) for n, name in enumerate(NAMES, 1)])
    store_pairings(director.db, [Pairing(1, "1", (1, 2), 0), Pairing(1, "2", (3, 4), 1),
                                 Pairing(1, "3", (5, 6), None), Pairing(1, "", (7, 0))])
    return director


@pytest.fixture
def page(browser, paired):
    context = new_context(browser, 1100, 900)
    opened = context.new_page()
    navigations = []
    log_in(opened, paired)
    opened.on("framenavigated", lambda frame: navigations.append(frame.url) if frame == opened.main_frame else None)
    opened.wait_for_selector('.tile[data-table="3"]', timeout=TIMEOUT_MS)
    opened.evaluate("window.__marker = 'still the same page'")
    opened.navigations = navigations
    yield opened
    context.close()


def same_page(page) -> bool:
    return page.evaluate("window.__marker") == "still the same page" and page.navigations == []


def tile(page, table):
    return page.locator(f'.tile[data-table="{table}"]')


def wait_state(page, table, state, silent="no"):
    page.wait_for_selector(f'.tile[data-table="{table}"][data-state="{state}"][data-silent="{silent}"]',
                           timeout=TIMEOUT_MS)


def test_a_posted_result_shows_on_the_page_without_a_reload(paired, page, shots):
    assert tile(page, 1).get_attribute("data-state") == "waiting"
    assert tile(page, 1).locator(".players").inner_text().split() == ["Ann", "Bob"]
    start_round(paired.db, 1, time.time())                  # a result counts once its round has started
    answer = paired.post(2, "results", signed_bytes(result_doc(2, players=("Cat", "Dan"), scores=(300, 290))))
    assert answer.body["outcome"] == "stored"
    wait_state(page, 2, "result")
    row = page.locator('.division[data-division="A"] .results tr[data-table="2"]')
    row.wait_for(timeout=TIMEOUT_MS)
    final = paired.rows("results")[0]
    assert f"{final['score0']}–{final['score1']}" in row.inner_text() and "Cat – Dan" in row.inner_text()
    assert tile(page, 2).get_attribute("data-state") == "result"
    assert same_page(page)
    page.screenshot(path=str(shots / "result-received.png"), full_page=True)


def test_a_refused_result_is_listed_among_the_pages_problems_until_its_game_has_a_result(paired, page, shots):
    start_round(paired.db, 1, time.time())
    doctored = result_doc(1, scores=(350, 300))
    doctored["result"]["final"] = [400, 298]
    answer = paired.post(1, "results", signed_bytes(doctored))
    assert answer.code == 422 and answer.body["error"].startswith("result.final[0]: the document says 400")
    problem = page.locator("#problems li", has_text="round 1 table 1: the table's result was refused (422)")
    problem.wait_for(timeout=TIMEOUT_MS)
    assert "result.final[0]: the document says 400; its events give 362" in problem.inner_text()
    page.screenshot(path=str(shots / "refused-result.png"), full_page=True)
    assert paired.post(1, "results", signed_bytes(result_doc(1, scores=(350, 300)))).code == 200
    problem.wait_for(state="detached", timeout=TIMEOUT_MS)       # the game's true result counts
    assert same_page(page)


def test_tiles_show_each_state_of_a_table(paired, page, shots):
    paired.request("POST", "/api/rounds/start", b"{}")
    paired.post(1, "status", signed_bytes(status_doc(1, times_ms=(754_000, 1_200_000), scores=(180, 150))))
    wait_state(page, 1, "playing")
    times = tile(page, 1).locator(".times").inner_text().split()
    minutes, seconds = times[0].split(":")
    assert times[1] == "20:00" and int(minutes) * 60 + int(seconds) <= 12 * 60 + 34   # it counts down
    paired.post(2, "status", signed_bytes(status_doc(2, phase="challenge", alerts={
        "overtime": [], "hold": None, "challenge": 1, "neutral": "challenge", "absent": []})))
    wait_state(page, 2, "challenge")
    paired.post(3, "status", signed_bytes(status_doc(3, times_ms=(-65_000, 30_000), alerts={
        "overtime": [0], "hold": None, "challenge": None, "neutral": None, "absent": []})))
    wait_state(page, 3, "overtime")
    assert tile(page, 3).locator(".state").inner_text() == "overtime"
    page.screenshot(path=str(shots / "playing-challenge-overtime.png"), full_page=True)

    paired.post(3, "status", signed_bytes(status_doc(3, phase="ended")))
    wait_state(page, 3, "finished")
    # table 1 last heard from two minutes ago (as a serial poll that came in then would record)
    receive(paired.db, "1", "status", signed_bytes(status_doc(1)), KEY.encode(),
            paired.db.db.execute("SELECT received_wall FROM status WHERE table_name = '1'").fetchone()[0] - 120,
            rules=paired.config.rules)
    wait_state(page, 1, "playing", silent="yes")
    assert "link silent" in tile(page, 1).inner_text()
    assert same_page(page)
    page.screenshot(path=str(shots / "finished-and-silent.png"), full_page=True)


def expected_rows(director):
    table, problems = standings(director.db, director.config.rules, director.config.tournament)
    assert problems == []
    return [[str(s.rank), str(s.player.number), s.player.name, str(s.player.rating),
             format_wins(s.wins), format_wins(s.losses), format_spread(s.spread), str(s.games)]
            for s in table]


def page_rows(page, division="A"):
    return page.evaluate("""division => [...document.querySelectorAll(
        `.division[data-division="${division}"] .standings tbody tr`)]
        .map(tr => [...tr.cells].map(td => td.textContent))""", division)


def test_the_standings_on_the_page_are_the_computed_standings(paired, page, shots):
    paired.request("POST", "/api/rounds/start", b"{}")          # Gus's bye counts from the start
    games = {1: (("Ann", "Bob"), (350, 300)), 2: (("Cat", "Dan"), (280, 410)), 3: (("Eve", "Fay"), (316, 330))}  # 328-328 after the play-out
    for table, (players, scores) in games.items():
        assert paired.post(table, "results", signed_bytes(
            result_doc(table, players=players, scores=scores))).code == 200
    expected = expected_rows(paired)
    by_name = {row[2]: row for row in expected}
    assert (by_name["Gus"][4], by_name["Gus"][6]) == ("1", "+50")   # the bye: aspa's forfeit spread
    assert (by_name["Eve"][4], by_name["Eve"][5]) == ("0.5", "0.5")  # a tie is half a win
    assert expected[0][2] == "Dan"                                  # Dan won by most
    page.wait_for_function("expected => JSON.stringify([...document.querySelectorAll('.standings tbody tr')]"
                           ".map(tr => [...tr.cells].map(td => td.textContent))) === JSON.stringify(expected)",
                           arg=expected, timeout=TIMEOUT_MS)
    assert page_rows(page) == expected
    assert same_page(page)
    page.screenshot(path=str(shots / "standings.png"), full_page=True)


def test_the_round_buttons_start_and_end_the_round(paired, page, shots):
    division = '.division[data-division="A"]'
    assert page.locator(f"{division} .round-state").inner_text() == "not started"
    page.click(f"{division} .start-round")
    page.wait_for_function(f"document.querySelector('{division} .round-state').textContent.startsWith('started')",
                           timeout=TIMEOUT_MS)
    assert paired.request("GET", "/api/tables/1/assignment").body["document"]["round_started_wall"]
    assert page.locator(f"{division} .start-round").is_disabled() and page.locator("#start-all").is_disabled()
    page.click(f"{division} .end-round")
    page.wait_for_function(f"document.querySelector('{division} .round-state').textContent.startsWith('ended')",
                           timeout=TIMEOUT_MS)
    assert paired.request("GET", "/api/tables/1/assignment").body["document"]["round_ended_wall"]
    assert same_page(page)
    page.screenshot(path=str(shots / "round-ended.png"), full_page=True)


def test_importing_from_the_page_fills_the_tables(browser, director, tmp_path, shots):
    (tmp_path / "players.csv").write_text("name,rating\nAnn,1500\nBob,1400\nCat,1300\nDan,1200\n")
    (tmp_path / "round1.csv").write_text("round,table,player1,player2\n1,1,Ann,Bob\n1,2,Cat,Dan\n")
    (tmp_path / "bad.csv").write_text("round,table,player1,player2\n1,1,Ann,Zed\n")
    context = new_context(browser, 1100, 900)
    page = context.new_page()
    try:
        log_in(page, director)
        page.evaluate("window.__marker = 'still the same page'")
        page.select_option("#import-kind", "players-csv")
        page.set_input_files("#import-file", str(tmp_path / "players.csv"))
        page.click("#import-button")
        page.wait_for_function("document.querySelector('#message').textContent === 'players.csv: 4 players'",
                               timeout=TIMEOUT_MS)
        page.select_option("#import-kind", "pairings-csv")
        page.set_input_files("#import-file", str(tmp_path / "bad.csv"))
        page.click("#import-button")
        page.wait_for_selector("#message.error", timeout=TIMEOUT_MS)
        assert "bad.csv:2: column 'player2'" in page.inner_text("#message")
        page.set_input_files("#import-file", str(tmp_path / "round1.csv"))
        page.click("#import-button")
        page.wait_for_selector('.tile[data-table="2"][data-state="waiting"]', timeout=TIMEOUT_MS)
        assert page.locator('.tile[data-table="2"] .players').inner_text().split() == ["Cat", "Dan"]
        assert page.inner_text('.division[data-division="A"] .round') == "Round 1"
        assert page.evaluate("window.__marker") == "still the same page"
        page.screenshot(path=str(shots / "imported.png"), full_page=True)
    finally:
        context.close()


@pytest.fixture
def two_divisions(director):
    """Division A (Ann, Bob, Cat, Dan at tables 1 and 2) and division B (Eve, Fay, Gus, Hal, Ida:
    tables 3 and 4, Ida's bye), their round 1 paired."""
    store_players(director.db, [Player(n, name, 1800 - 10 * n, "A") for n, name in enumerate(NAMES[:4], 1)]
                  + [Player(n, name, 1500 - 10 * n, "B") for n, name in
                     enumerate(["Eve", "Fay", "Gus", "Hal", "Ida"], 1)])
    store_pairings(director.db, [Pairing(1, "1", (1, 2), 0, "A"), Pairing(1, "2", (3, 4), 1, "A"),
                                 Pairing(1, "3", (1, 2), 0, "B"), Pairing(1, "4", (3, 4), None, "B"),
                                 Pairing(1, "", (5, 0), None, "B")])
    return director


def division_tables(page, division):
    return page.evaluate("""division => [...document.querySelectorAll(
        `.division[data-division="${division}"] .tile`)].map(t => t.dataset.table)""", division)


def test_two_divisions_each_with_its_tiles_results_and_standings(browser, two_divisions, shots):
    director = two_divisions
    context = new_context(browser, 1100, 1300)
    page = context.new_page()
    try:
        log_in(page, director)
        page.wait_for_selector('.division[data-division="B"] .tile[data-table="4"]', timeout=TIMEOUT_MS)
        assert page.evaluate("[...document.querySelectorAll('.division')].map(s => s.dataset.division)") == ["A", "B"]
        assert division_tables(page, "A") == ["1", "2"] and division_tables(page, "B") == ["3", "4"]
        assert page.locator('.tile[data-table="3"] .players').inner_text().split() == ["Eve", "Fay"]

        page.click('.division[data-division="B"] .start-round')       # B starts on its own
        page.wait_for_function("""document.querySelector('.division[data-division="B"] .round-state')
                               .textContent.startsWith('started')""", timeout=TIMEOUT_MS)
        assert page.inner_text('.division[data-division="A"] .round-state') == "not started"
        page.click("#start-all")                                         # then A with it
        page.wait_for_function("""document.querySelector('.division[data-division="A"] .round-state')
                               .textContent.startsWith('started')""", timeout=TIMEOUT_MS)

        for table, state in four_tables_at_play(director).items():
            wait_state(page, table, state)
        page.locator('.division[data-division="B"] .results tr[data-table="3"]').wait_for(timeout=TIMEOUT_MS)
        assert page.locator('.division[data-division="A"] .results tbody tr').count() == 0

        for division in ("A", "B"):
            table, problems = standings(director.db, director.config.rules, director.config.tournament, division)
            assert problems == []
            expected = [[str(s.rank), str(s.player.number), s.player.name, str(s.player.rating),
                         format_wins(s.wins), format_wins(s.losses), format_spread(s.spread), str(s.games)]
                        for s in table]
            page.wait_for_function("([division, expected]) => JSON.stringify([...document.querySelectorAll("
                                   "`.division[data-division=\"${division}\"] .standings tbody tr`)]"
                                   ".map(tr => [...tr.cells].map(td => td.textContent))) === JSON.stringify(expected)",
                                   arg=[division, expected], timeout=TIMEOUT_MS)
        b_rows = page_rows(page, "B")
        assert {row[2] for row in b_rows[:2]} == {"Ida", "Eve"}          # Eve's win and Ida's bye
        assert [row[4] for row in b_rows] == ["1", "1", "0", "0", "0"]
        assert {row[2] for row in page_rows(page, "A")} == {"Ann", "Bob", "Cat", "Dan"}
        page.screenshot(path=str(shots / "two-divisions.png"), full_page=True)
        save_for_docs(page, "director.png")
    finally:
        context.close()


def test_a_config_and_its_t_files_imported_from_the_page_make_two_divisions(browser, director, shared, tmp_path, shots):
    (tmp_path / "config.tsh").write_text('division A a.t\ndivision B b.t\nconfig event_name = "Winter Open"\n')
    shutil.copy(shared.tsh / "naspa-2023-division-a.t", tmp_path / "a.t")
    shutil.copy(shared.tsh / "naspa-2023-division-b.t", tmp_path / "b.t")
    context = new_context(browser, 1100, 900)
    page = context.new_page()
    try:
        log_in(page, director)
        assert page.is_visible("#no-divisions")
        page.set_input_files("#import-file", [str(tmp_path / n) for n in ("config.tsh", "a.t", "b.t")])
        page.click("#import-button")
        page.wait_for_selector('.division[data-division="B"]', timeout=TIMEOUT_MS)
        page.wait_for_function("document.querySelector('#message').textContent.includes('division B')",
                               timeout=TIMEOUT_MS)
        assert page.inner_text("#message").splitlines() == [
            "a.t: division A: 26 players, 23 rounds of pairings, 303 results",
            "b.t: division B: 109 players, 14 rounds of pairings, 770 results, its boards at tables 14 onwards",
            "config.tsh: event Winter Open"]
        assert page.inner_text("#tournament") == "Winter Open" and not page.is_visible("#no-divisions")
        page.wait_for_function("document.querySelectorAll('.division[data-division=\"B\"] .standings tbody tr').length === 109",
                               timeout=TIMEOUT_MS)
        assert page_rows(page, "A")[0][2] == "Sokol, Joshua"
        assert page.get_attribute('.division[data-division="B"] .export-t', "href") == "/export/division.t?division=B"
        page.screenshot(path=str(shots / "imported-event.png"))
    finally:
        context.close()


def test_the_director_corrects_a_result_on_the_page_and_the_public_view_shows_it(browser, paired, page, shots):
    paired.request("POST", "/api/rounds/start", b"{}")
    assert paired.post(1, "results", signed_bytes(result_doc(1, players=("Ann", "Bob"), scores=(350, 300)))).code == 200
    row = page.locator('.division[data-division="A"] .results tr[data-table="1"]')
    row.wait_for(timeout=TIMEOUT_MS)
    signed = paired.rows("results")[0]
    row.locator("button.correct").click()                 # fills the form: division, round, table
    assert page.input_value("#correct-table") == "1" and page.input_value("#correct-round") == "1"
    assert [page.input_value("#correct-score0"), page.input_value("#correct-score1")] == [
        str(signed["score0"]), str(signed["score1"])]
    page.fill("#correct-score1", "400")
    page.fill("#correct-reason", "Bob's last play was 52, not 2")
    page.click("#correct-button")
    page.wait_for_selector('.division[data-division="A"] .results tr.corrected[data-table="1"]', timeout=TIMEOUT_MS)
    assert page.inner_text("#message").startswith(
        f"division A round 1 table 1: Ann {signed['score0']} - Bob 400 (was Ann {signed['score0']} - "
        f"Bob {signed['score1']}), corrected: Bob's last play was 52, not 2")
    cell = row.locator("td.corrected").inner_text()
    assert f"{signed['score0']}–400" in cell and "corrected" in cell and f"recorded {signed['score0']}–{signed['score1']}" in cell
    page.locator("#correction-log li", has_text="Bob's last play was 52, not 2").wait_for(timeout=TIMEOUT_MS)
    expected = expected_rows(paired)
    assert expected[0][2] == "Bob" or [r[2] for r in expected].index("Bob") < [r[2] for r in expected].index("Ann")
    page.wait_for_function("expected => JSON.stringify([...document.querySelectorAll('.standings tbody tr')]"
                           ".map(tr => [...tr.cells].map(td => td.textContent))) === JSON.stringify(expected)",
                           arg=expected, timeout=TIMEOUT_MS)
    assert paired.rows("results")[0] == signed                 # the table's signed result, untouched
    refused_reason = page.locator("#correct-reason")
    refused_reason.fill("again")
    page.click("#correct-button")                             # the same scores again: refused
    page.wait_for_selector("#message.error", timeout=TIMEOUT_MS)
    assert "already" in page.inner_text("#message")
    assert same_page(page)
    page.screenshot(path=str(shots / "corrected.png"), full_page=True)

    context = new_context(browser, 800, 900)                   # a player's phone: the public view
    public = context.new_page()
    try:
        public.goto(paired.url + "/live")
        public.locator("#corrections li", has_text="round 1 table 1: Ann").wait_for(timeout=TIMEOUT_MS)
        assert public.inner_text("#corrections li") == (
            f"Division A round 1 table 1: Ann {signed['score0']} - Bob 400 (corrected)")
        assert "last play" not in public.inner_text("body")      # the reason is the director's
        public_cell = public.locator('.results tr[data-table="1"] td.corrected').inner_text()
        assert "corrected" in public_cell
        public.screenshot(path=str(shots / "corrected-public.png"), full_page=True)
    finally:
        context.close()


def test_a_challenge_at_the_judge_station_shows_on_its_tables_tile(paired, page, shots):
    """The station's flow on the page: table 2 sends its challenge to the judge station (its
    tile says it waits there, with the words), the station rules on it (the tile says so, on its
    way to the table), the table rules with it (the note goes)."""
    from common.wire.signing import sign, station_key
    import json

    def challenge(state):
        return {"schema": 1, "kind": "challenge", "tournament": "Test Open", "table": "2", "round": 1,
                "game_id": "t2-r1", "challenge_id": "t2-r1:turn-4:99", "player": 0, "turn": 4,
                "words": ["QUIRE", "ZEBRA"], "state": state, "seq": {"open": 1, "ruled": 2}[state],
                "sent_wall": 0.0}

    paired.request("POST", "/api/rounds/start", b"{}")
    paired.post(2, "status", signed_bytes(status_doc(2, phase="challenge", alerts={
        "overtime": [], "hold": None, "challenge": 0, "neutral": "challenge", "absent": []})))
    assert paired.post(2, "challenge", signed_bytes(challenge("open"))).body["outcome"] == "open"
    note = tile(page, 2).locator(".judge")
    note.wait_for(timeout=TIMEOUT_MS)
    assert note.inner_text() == "at the judge station: waiting (QUIRE ZEBRA)"
    page.screenshot(path=str(shots / "challenge-at-the-station.png"), full_page=True)
    verdict = {"schema": 1, "kind": "verdict", "tournament": "Test Open", "station": "1", "table": "2",
               "challenge_id": "t2-r1:turn-4:99", "words": ["QUIRE", "ZEBRA"], "valid": True,
               "lexicon": "ENABLE", "lexicon_fingerprint": "x", "sent_wall": 0.0}
    ruled = paired.request("POST", "/api/stations/1/verdicts",
                           json.dumps(sign(verdict, station_key(KEY.encode(), "1"))).encode(), anonymous=True)
    assert ruled.code == 200
    page.wait_for_selector('.tile[data-table="2"] .judge:has-text("judge station 1: QUIRE ZEBRA acceptable")',
                           timeout=TIMEOUT_MS)
    paired.post(2, "challenge", signed_bytes(challenge("ruled")))
    note.wait_for(state="detached", timeout=TIMEOUT_MS)
    assert same_page(page)


def test_tsh_names_show_whole_on_the_page_at_1280_px(browser, director, shots):
    """tsh's "Surname, Given" names, long, with hyphens and diacritics: each whole in its
    table's tile (wrapped where both do not fit side by side, never cut with an ellipsis)."""
    store_players(director.db, [Player(n, name, 1600 - 10 * n) for n, name in enumerate(TSH_NAMES, 1)])
    store_pairings(director.db, [Pairing(1, str(t), (2 * t - 1, 2 * t), 0) for t in range(1, 5)])
    context = new_context(browser, 1280, 900)
    page = context.new_page()
    try:
        log_in(page, director)
        page.wait_for_selector('.tile[data-table="4"]', timeout=TIMEOUT_MS)
        page.screenshot(path=str(shots / "tsh-names-1280.png"), full_page=True)
        assert page.evaluate(CLIPPED_NAMES, TSH_NAMES) == []
        assert sorted(name.replace("\n", " ") for name in shown_names(page)) == sorted(TSH_NAMES)
    finally:
        context.close()
