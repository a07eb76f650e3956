"""What the director prints from the page, printed by headless Chromium to A4 PDF as a browser
prints it: the table cards two to a page (four cards, two pages), each number on one line, the
QR code at least 45 mm with its caption under it; and the standings of a two-division event with
their Print button, laid out for A4."""
import re

import pytest

from director.files.imports import Upload, import_files
from director.web.routes.print_pages import standings_page
from tests.support.director_harness import Director
from tests.support.page_browser import TIMEOUT_MS, log_in, new_context

pytestmark = pytest.mark.slow          # headless Chromium: make check leaves it out

MM = 96 / 25.4                          # CSS pixels in a millimetre
A4_POINTS = (596, 843)                  # A4 in PDF points (595.92 x 842.88), rounded
CONFIG_TSH = ('division A a.t\ndivision B b.t\nconfig event_name = "Winter Open"\n'
              'config event_date = "February 17-19, 2023"\n')


def pages(pdf: bytes) -> int:
    """The pages of a PDF: its page objects (``/Type /Page``, not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def page_sizes(pdf: bytes) -> set[tuple[int, int]]:
    return {(round(float(w)), round(float(h))) for w, h in
            re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)}


@pytest.fixture
def running(tmp_path):
    made = []

    def start(**settings) -> Director:
        director = Director(tmp_path / f"director-{len(made)}.sqlite", settings=settings).start()
        made.append(director)
        return director
    yield start
    for director in made:
        director.stop()


def test_four_table_cards_print_on_two_a4_pages_each_number_on_one_line_and_a_large_qr(
        browser, running, tmp_path):
    director = running(**{"tournament.tables": "1-4, 12, 123"})
    context = new_context(browser, 1000, 800)
    page = context.new_page()
    try:
        log_in(page, director)
        page.goto(director.url + "/tables/cards")
        page.wait_for_selector("section.card svg", timeout=TIMEOUT_MS)
        assert page.locator("section.card").count() == 6
        assert "6 table cards on 3 A4 pages" in page.inner_text(".hint")
        page.emulate_media(media="print")
        assert page.is_hidden(".hint")                       # the Print button is not printed
        for card in page.locator("section.card").all():
            number, word = card.locator(".n"), card.locator(".word")
            box, size = number.bounding_box(), float(number.evaluate(
                "n => parseFloat(getComputedStyle(n).fontSize)"))
            assert box["height"] < 1.3 * size, f"table {number.inner_text()} over two lines"
            assert size >= 40 * MM and word.bounding_box()["y"] < box["y"]
            qr, caption = card.locator("svg").bounding_box(), card.locator("figcaption").bounding_box()
            assert qr["width"] >= 45 * MM and qr["height"] >= 45 * MM
            assert 0 <= caption["y"] - (qr["y"] + qr["height"]) < 5 * MM    # right under the code
            assert card.evaluate("c => c.scrollHeight <= c.clientHeight + 1")   # nothing cut
        page.screenshot(path=str(tmp_path / "cards.png"), full_page=True)
        pdf = page.pdf(format="A4")
        assert pages(pdf) == 3 and page_sizes(pdf) == {A4_POINTS}
        four = running(**{"tournament.tables": "1-4"})
        log_in(page, four)
        page.goto(four.url + "/tables/cards")
        page.wait_for_selector("section.card svg", timeout=TIMEOUT_MS)
        assert pages(page.pdf(format="A4")) == 2
        five = running(**{"tournament.tables": "1-5"})
        log_in(page, five)
        page.goto(five.url + "/tables/cards")
        page.wait_for_selector("section.card svg", timeout=TIMEOUT_MS)
        assert pages(page.pdf(format="A4")) == 3
    finally:
        context.close()


def test_the_standings_of_two_divisions_print_on_a4_from_the_page(browser, running, shared, tmp_path):
    director = running()
    files = {name: (shared.tsh / f"naspa-2023-division-{name[0]}.t").read_bytes()
             for name in ("a.t", "b.t")}
    import_files(director.db, [Upload("config.tsh", CONFIG_TSH.encode())],
                 beside=lambda config, name: files.get(name))
    context = new_context(browser, 1000, 800)
    page = context.new_page()
    try:
        log_in(page, director)
        page.click("#print-standings")
        page.wait_for_selector("table.standings", timeout=TIMEOUT_MS)
        assert page.locator("h1").inner_text() == "Winter Open"
        heads = page.locator("h2").all_inner_texts()
        assert [h.split(" after ")[0] for h in heads] == ["Division A", "Division B"]
        assert page.locator("table.standings tbody tr").count() == 26 + 109
        assert page.is_visible("#print")
        assert page.get_attribute("#results-report", "href") == "/export/results.html"
        page.emulate_media(media="print")
        assert page.is_hidden("#print")
        pdf = page.pdf(format="A4")
        assert page_sizes(pdf) == {A4_POINTS}
        assert 3 <= pages(pdf) <= 5                 # 135 rows, about 50 to a page, heads repeated
        page.emulate_media(media="screen")
        page.goto(director.url + "/standings?division=A")
        page.wait_for_selector("table.standings", timeout=TIMEOUT_MS)
        assert page.locator("table.standings tbody tr").count() == 26
        assert pages(page.pdf(format="A4")) == 1
    finally:
        context.close()


def test_the_results_reports_link_shows_beside_the_print_button_when_there_is_one():
    page = standings_page("Winter Open", "<h1>Winter Open</h1>", results_report="/results/nzasp")
    assert '<a id="results-report" href="/results/nzasp">the NZASP results report</a>' in page
    assert 'id="results-report"' not in standings_page("Winter Open", "")
