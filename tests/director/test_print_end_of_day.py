"""The end of the day printed (issue 37 items 1, 3, 4, 5): headless Chromium opens each printable
page from the director's page in one click and prints it to PDF as a browser prints it: the
prize table and the pairings sheet on A4 portrait, the wall chart on A4 landscape (its own page
size), each over the pages it needs, with every name whole (no cell's text wider than its cell,
no table wider than the paper) and the settings' forms and the Print button left off paper.
The event: the real NASPA 2023 division A (26 players, 23 rounds) and a division played at real
tables by players with names as long as real ones get. And the public view's "find my table" on
a phone 360 px wide: a few letters of a name, in any order, case and accents aside, show the
table, the opponent and who starts, and nothing runs off the screen."""
from __future__ import annotations

import math
import re

import pytest

from director.event import counted
from director.event.model import Player
from director.files.imports import Upload, import_files
from director.files.sheets import rounds_per_block, charts
from tests.support.director_harness import Director
from tests.support.page_browser import TIMEOUT_MS, TSH_NAMES, log_in, new_context
from tests.support.played_event import play_division

pytestmark = pytest.mark.slow          # headless Chromium: make check leaves it out

MM = 96 / 25.4                          # CSS pixels in a millimetre
A4 = (596, 843)                         # A4 in PDF points, rounded, as page.pdf(format="A4") has it
A4_LANDSCAPE = (842, 595)               # 297 x 210 mm in points, as the page's own @page size has it
A = "naspa-2023-division-a"
#: The names of the division played at tables: tsh's long names, with more to make eight.
LONG = TSH_NAMES[:8]

#: Every name's cell whose text does not show whole (wider than its cell, or past the paper's
#: width), and every table wider than the paper.
CUT = """width => {
  const cut = [];
  for (const el of document.querySelectorAll('td.name, td.player, td.prize, td.cell, table')) {
    const box = el.getBoundingClientRect();
    if (el.scrollWidth > el.clientWidth + 1 || box.right > width + 0.5)
      cut.push(el.tagName + ' ' + (el.textContent || '').slice(0, 40));
  }
  return cut;
}"""


def pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def page_sizes(pdf: bytes) -> set[tuple[int, int]]:
    return {(round(float(w)), round(float(h))) for w, h in
            re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)}


@pytest.fixture(scope="module")
def event(shared, tmp_path_factory):
    folder = tmp_path_factory.mktemp("end-of-day")
    director = Director(folder / "event.sqlite", settings={
        "draw.rounds": 23, "draw.L": {"system": "tsh", "rounds": 3},
        "prizes.lucky_stiff": 3}).start()
    import_files(director.db, [Upload(f"{A}.t", (shared.tsh / f"{A}.t").read_bytes())])
    play_division(director.db, division="L", rounds=3,
                  people=[Player(n, name, 1300 + 60 * n) for n, name in enumerate(LONG, 1)])
    yield director
    director.stop()


def printed(page, width_mm: float) -> list[str]:
    """The page as printed (print media, the paper's width inside its margins): what is cut."""
    page.emulate_media(media="print")
    page.set_viewport_size({"width": round(width_mm * MM), "height": 1000})
    return page.evaluate(CUT, round(width_mm * MM))


def test_the_prize_table_prints_on_a4_from_the_page_in_one_click(browser, event):
    context = new_context(browser, 1000, 800)
    page = context.new_page()
    try:
        log_in(page, event)
        page.click("#print-prizes")
        page.wait_for_selector("table.prizes", timeout=TIMEOUT_MS)
        assert page.locator("section.prize-division").count() == 2
        assert page.is_visible("form.prize-form") and page.is_visible("#print")
        assert "High word" in page.inner_text('section[data-division="L"]')
        assert printed(page, 210 - 24) == []
        assert page.is_hidden("form.prize-form") and page.is_hidden("#print")
        pdf = page.pdf(format="A4")
        assert page_sizes(pdf) == {A4} and 1 <= pages(pdf) <= 4
    finally:
        context.close()


def test_the_pairings_sheet_prints_each_division_by_name_then_by_table(browser, event):
    context = new_context(browser, 1000, 800)
    page = context.new_page()
    try:
        log_in(page, event)
        page.click("#print-pairings")
        page.wait_for_selector("table.pairings", timeout=TIMEOUT_MS)
        assert page.locator("section.sheet").count() == 4           # A and L, by name and by table
        size = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector("
                             "'table.pairings td.name')).fontSize)")
        assert printed(page, 210 - 24) == []
        assert page.evaluate("() => parseFloat(getComputedStyle(document.querySelector("
                             "'table.pairings td.name')).fontSize)") >= 6 * MM - 0.5 > size - 100
        pdf = page.pdf(format="A4")
        # each sheet starts a page: A's 26 names (2 pages at 6 mm), its 13 tables, L's two
        assert page_sizes(pdf) == {A4} and 4 <= pages(pdf) <= 6
    finally:
        context.close()


def test_the_wall_chart_prints_on_a4_landscape_in_blocks_of_rounds_names_whole(browser, event):
    context = new_context(browser, 1200, 800)
    page = context.new_page()
    try:
        log_in(page, event)
        page.click("#print-wallchart")
        page.wait_for_selector("table.wall", timeout=TIMEOUT_MS)
        made = charts(event.db, event.config)
        blocks = [math.ceil(c.rounds / rounds_per_block(c)) for c in made]
        assert page.locator("table.wall").count() == sum(blocks)
        assert printed(page, 297 - 20) == []
        names = page.evaluate("() => [...document.querySelectorAll('td.name')].map(n => n.innerText)")
        assert set(LONG) <= set(names) and "Ó Dálaigh-Featherstonehaugh, Zoë" in names
        pdf = page.pdf(prefer_css_page_size=True)
        assert page_sizes(pdf) == {A4_LANDSCAPE}                # the page's own size: landscape
        view = counted.load(event.db, event.config.rules, event.config.tournament, A)
        rows_a = len(view.players)
        # each block starts a page; A's 26 rows take two landscape pages a block, L's 8 one
        assert sum(blocks) <= pages(pdf) <= blocks[0] * math.ceil(rows_a / 12) + blocks[1]
    finally:
        context.close()


def test_find_my_table_on_a_phone_360_px_wide(browser, event):
    context = new_context(browser, 360, 740)
    page = context.new_page()
    try:
        page.goto(event.url + "/live")
        page.wait_for_selector("#link.up", timeout=TIMEOUT_MS)
        page.fill("#find-name", "jackson SMYL")
        page.wait_for_selector("#find-results li.seat", timeout=TIMEOUT_MS)
        found = page.inner_text("#find-results")
        view = counted.load(event.db, event.config.rules, event.config.tournament, A)
        smylie = next(p for p in view.players if p.name == "Smylie, Jackson")
        pairing = next(p for p in view.round_pairings(23) if smylie.number in p.players)
        names = {p.number: p.name for p in view.players}
        other = names[pairing.players[1 - pairing.players.index(smylie.number)]]
        assert "Smylie, Jackson" in found and f"round 23: table {pairing.table} against {other}" in found
        page.fill("#find-name", "dalaigh")                  # accents aside
        page.wait_for_selector("#find-results li.seat", timeout=TIMEOUT_MS)
        assert "Ó Dálaigh-Featherstonehaugh, Zoë" in page.inner_text("#find-results")
        assert "Division L round 3" in page.inner_text("#find-results")
        page.fill("#find-name", "zzqx")
        page.wait_for_selector("#find-results li.none", timeout=TIMEOUT_MS)
        page.fill("#find-name", "dalaigh")
        page.wait_for_selector("#find-results li.seat", timeout=TIMEOUT_MS)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 360
        for box in (page.locator("#find-name").bounding_box(),
                    page.locator("#find-results li.seat").first.bounding_box()):
            assert box["x"] >= 0 and box["x"] + box["width"] <= 360 + 0.5
        assert page.is_visible("#prizes-link")                 # division A is over
        page.click("#wallchart-link")
        page.wait_for_selector("table.wall", timeout=TIMEOUT_MS)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
