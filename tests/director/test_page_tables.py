"""The director's page and the tables, in headless Chromium: the tables page makes one-time codes
for tables to enroll, lists every table (heard from, its link, its word list flagged when it
differs, its self-test, an assignment it refused, its PIN on request) and prints the table cards with a QR code (the
tournament key never on the page); the uses
of the director's menu at a table show beside its result on the director's page, never on the
public view."""
import pytest

from director.event.model import Pairing, Player
from director.event.rounds import start_round, store_pairings, store_players
from common.wire.code_exchange import table_pin
from common.wire.signing import key_hex, table_key
from tests.support.director_harness import KEY, result_doc, signed_bytes, status_doc
from tests.support.page_browser import TIMEOUT_MS, log_in, new_context

pytestmark = pytest.mark.slow          # headless Chromium: make check leaves it out


def test_the_tables_page_makes_codes_lists_every_table_and_prints_its_cards(browser, director, tmp_path):
    director.post(3, "status", signed_bytes({**status_doc(3), "about": {
        "software": "0.1.0", "lexicon": "CSW21", "lexicon_sha256": "a" * 64, "selftest": "passed"}}))
    refused = "players[1]: Expected `str` of length <= 100"
    for table in (4, 5):
        director.post(table, "status", signed_bytes({**status_doc(table), "about": {
            "software": "0.1.0", "lexicon": "CSW21", "lexicon_sha256": "b" * 64, "selftest": ""},
            **({"assignment_refused": refused} if table == 5 else {})}))
    context = new_context(browser, 1300, 900)
    page = context.new_page()
    try:
        log_in(page, director)
        page.click("#tables-link")
        page.wait_for_selector("#tables tbody tr", timeout=TIMEOUT_MS)
        page.fill("#enroll-table", "1-2")
        page.fill("#enroll-minutes", "30")                 # 30 tables take more than 10 minutes
        page.click("#enroll-button")
        page.wait_for_function("document.querySelectorAll('#tables td.code').length >= 2 && "
                               "[...document.querySelectorAll('#tables td.code')].filter(c => c.textContent).length === 2",
                               timeout=TIMEOUT_MS)
        codes = {r["table_name"]: r["code"] for r in director.rows("enrollment_codes")}
        assert sorted(codes) == ["1", "2"]
        assert page.inner_text('#tables tr[data-table="1"] td.code') == f"{codes['1'][:3]} {codes['1'][3:]}"
        assert "table 1: " in page.inner_text("#message")
        assert {r["expires_wall"] - r["made_wall"] for r in director.rows("enrollment_codes")} == {1800}
        assert "Codes made, open until " in page.inner_text("#message")
        assert page.inner_text('#tables tr[data-table="1"] td.until') != ""
        row3 = page.inner_text('#tables tr[data-table="3"]')
        assert "network" in row3 and "CSW21 aaaaaaaaaaaa (DIFFERS" in row3 and "passed" in row3
        assert "DIFFERS" not in page.inner_text('#tables tr[data-table="4"]')
        row5 = page.locator('#tables tr[data-table="5"]')              # the table that refused
        assert f"REFUSED the assignment: {refused} · round 1: Ann - Bob" in row5.inner_text()
        assert "refused" in row5.get_attribute("class")
        assert "REFUSED" not in page.inner_text('#tables tr[data-table="4"]')
        assert page.is_hidden('#tables tr[data-table="1"] td.pin')
        assert table_pin(KEY.encode(), "1") not in page.content()    # not sent until asked
        page.check("#show-pins")
        page.wait_for_function("document.querySelector('#tables tr[data-table=\"1\"] td.pin')"
                               ".textContent !== ''", timeout=TIMEOUT_MS)
        assert page.inner_text('#tables tr[data-table="1"] td.pin') == table_pin(KEY.encode(), "1")
        page.screenshot(path=str(tmp_path / "tables.png"))
        assert KEY not in page.content()
        page.goto(director.url + "/tables/cards")
        assert page.locator("section.card").count() == 5 and page.locator("section.card svg").count() == 5
        assert "Table\n3\n" in page.inner_text("body") and "/live" in page.inner_text("body")
    finally:
        context.close()


def test_the_enrollment_is_the_directors_only(director):
    refused = director.request("POST", "/api/enroll", b'{"table": "7"}', {"Origin": director.url},
                               anonymous=True)
    assert refused.code == 401 and "code" not in refused.body
    made = director.request("POST", "/api/enroll", b'{"table": "7"}')
    assert made.code == 200 and len(made.body["code"]) == 6 and made.body["pin"] == table_pin(KEY.encode(), "7")
    stick = director.request("POST", "/api/enroll", b'{"table": "7", "stick": true, "serial": "/dev/serial0"}')
    assert stick.code == 200 and stick.body["file_name"] == "table-7.toml"
    assert 'serial = "/dev/serial0"' in stick.body["file_text"]
    assert f'table_key = "{key_hex(table_key(KEY.encode(), "7"))}"' in stick.body["file_text"]
    assert director.request("POST", "/api/enroll", b'{"table": 7}').code == 400
    longer = director.request("POST", "/api/enroll", b'{"table": "8", "minutes": 45}')
    assert longer.code == 200 and [r["expires_wall"] - r["made_wall"] for r in
                                   director.rows("enrollment_codes") if r["table_name"] == "8"] == [2700]
    for minutes in (b"0", b"241", b"1.5"):
        refused = director.request("POST", "/api/enroll", b'{"table": "8", "minutes": ' + minutes + b"}")
        assert refused.code == 400 and "minutes" in refused.body["error"]
    assert director.request("GET", "/api/tables", anonymous=True).code == 401
    assert director.request("GET", "/tables/cards", anonymous=True).code == 401


USES = [{"use": "wrong_pin", "detail": "", "at_ns": 1, "boot_id": "b", "wall": 1_700_000_000.0},
        {"use": "opened", "detail": "", "at_ns": 2, "boot_id": "b", "wall": 1_700_000_010.0},
        {"use": "corrected", "detail": "turn 3: 26 for 62", "at_ns": 3, "boot_id": "b",
         "wall": 1_700_000_020.0}]


def test_the_uses_of_the_directors_menu_show_beside_the_result_for_the_director_only(browser, director):
    store_players(director.db, [Player(n, name) for n, name in enumerate(["Ann", "Bob", "Cat", "Dan"], 1)])
    store_pairings(director.db, [Pairing(1, "1", (1, 2), 0), Pairing(1, "2", (3, 4), 1)])
    start_round(director.db, 1, 1.7e9)                     # a result counts once its round has started
    context = new_context(browser, 1100, 900)
    own, public = context.new_page(), browser.new_context(bypass_csp=True).new_page()
    try:
        log_in(own, director)
        public.goto(director.url + "/live")
        public.wait_for_selector("#link.up", timeout=TIMEOUT_MS)
        assert director.post(1, "results", signed_bytes({**result_doc(1), "director_menu": USES})).code == 200
        assert director.post(2, "results", signed_bytes(result_doc(2, players=("Cat", "Dan")))).code == 200
        cell = own.locator('.results tr[data-table="1"] td.menu-uses')
        cell.wait_for(timeout=TIMEOUT_MS)
        own.wait_for_function("document.querySelectorAll('.results tr[data-table=\"1\"] .menu-uses li').length === 3",
                              timeout=TIMEOUT_MS)
        items = cell.locator("li").all_inner_texts()
        assert items[0].startswith("a wrong PIN (") and items[1].startswith("the director's menu opened")
        assert items[2].startswith("a score corrected by the director: turn 3: 26 for 62 (")
        assert "warn" in cell.get_attribute("class")                  # a wrong PIN stands out
        assert own.inner_text('.results tr[data-table="2"] td.menu-uses') == ""
        assert own.locator(".results thead th").all_inner_texts()[-2:] == ["Director's menu", "Correct"]
        public.locator('.results tr[data-table="1"]').wait_for(timeout=TIMEOUT_MS)
        assert public.locator(".menu-uses").count() == 0
        assert "PIN" not in public.inner_text("main") and "Director's menu" not in public.inner_text("main")
    finally:
        context.close()
        public.context.close()
