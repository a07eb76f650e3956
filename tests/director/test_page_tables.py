"""The director's page and the tables, in headless Chromium: the enrollment button gives a table
its key file and config lines to download (the tournament key never on the page), and the uses
of the director's menu at a table show beside its result on the director's page, never on the
public view."""
import pytest

from director.event.model import Pairing, Player
from director.event.rounds import store_pairings, store_players
from kiosk.sync.signing import key_hex, table_key
from tests.support.director_harness import KEY, result_doc, signed_bytes
from tests.support.page_browser import TIMEOUT_MS, log_in, new_context

pytestmark = pytest.mark.slow          # headless Chromium: make check leaves it out


def test_the_enrollment_button_gives_a_table_its_key_file_and_config_lines(browser, director, tmp_path):
    context = new_context(browser, 1100, 900)
    page = context.new_page()
    try:
        log_in(page, director)
        page.fill("#enroll-table", "7")
        page.fill("#enroll-url", "http://192.168.1.10:8080")
        page.click("#enroll-button")
        page.wait_for_selector("#enrolled:not([hidden])", timeout=TIMEOUT_MS)
        with page.expect_download(timeout=TIMEOUT_MS) as key_download:
            page.click("#enroll-key")
        with page.expect_download(timeout=TIMEOUT_MS) as lines_download:
            page.click("#enroll-lines-file")
        key_file, lines_file = key_download.value, lines_download.value
        assert (key_file.suggested_filename, lines_file.suggested_filename) == ("table-7.key", "table-7.toml")
        key_path, lines_path = tmp_path / "table-7.key", tmp_path / "table-7.toml"
        key_file.save_as(key_path)
        lines_file.save_as(lines_path)
        assert key_path.read_text().splitlines()[0] == key_hex(table_key(KEY.encode(), "7"))
        lines = lines_path.read_text()
        assert 'table = "7"' in lines and 'url = "http://192.168.1.10:8080"' in lines
        assert 'table_key_file = "/etc/tablekeeper/table.key"' in lines
        assert page.inner_text("#enroll-lines").strip() == lines.strip()
        assert KEY not in page.content() and KEY.encode().hex() not in page.content()

        page.fill("#enroll-table", "a-table-name-far-too-long")      # a name no kiosk takes
        page.click("#enroll-button")
        page.wait_for_selector("#message.error", timeout=TIMEOUT_MS)
        assert ("enroll table a-table-name-far-too-long: table: expected a table number or name of "
                "1 to 20 characters") in page.inner_text("#message")
        assert page.is_hidden("#enrolled")
    finally:
        context.close()


def test_the_enrollment_is_the_directors_only(director):
    refused = director.request("POST", "/api/enroll", b'{"table": "7"}', {"Origin": director.url},
                               anonymous=True)
    assert refused.code == 401 and "key" not in refused.body
    made = director.request("POST", "/api/enroll", b'{"table": "7", "serial": "/dev/serial0"}')
    assert made.code == 200 and made.body["key_file_text"].startswith(key_hex(table_key(KEY.encode(), "7")))
    assert 'serial = "/dev/serial0"' in made.body["snippet"]
    assert director.request("POST", "/api/enroll", b'{"table": 7}').code == 400


USES = [{"use": "wrong_pin", "detail": "", "at_ns": 1, "wall": 1_700_000_000.0},
        {"use": "opened", "detail": "", "at_ns": 2, "wall": 1_700_000_010.0},
        {"use": "corrected", "detail": "turn 3: 26 for 62", "at_ns": 3, "wall": 1_700_000_020.0}]


def test_the_uses_of_the_directors_menu_show_beside_the_result_for_the_director_only(browser, director):
    store_players(director.db, [Player(n, name) for n, name in enumerate(["Ann", "Bob", "Cat", "Dan"], 1)])
    store_pairings(director.db, [Pairing(1, "1", (1, 2), 0), Pairing(1, "2", (3, 4), 1)])
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
        assert own.locator(".results thead th").last.inner_text() == "Director's menu"
        public.locator('.results tr[data-table="1"]').wait_for(timeout=TIMEOUT_MS)
        assert public.locator(".menu-uses").count() == 0
        assert "PIN" not in public.inner_text("main") and "Director's menu" not in public.inner_text("main")
    finally:
        context.close()
        public.context.close()
