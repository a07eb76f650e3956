"""The public view fits a phone (issue 22 item 6): at 360, 390 and 430 CSS px wide nothing runs
off the screen (the page never scrolls sideways; a table too wide would scroll inside its own box,
and the standings collapse to the columns a phone has room for: rank, name, wins, losses,
spread) and a player's name keeps to one line in a table's tile. Headless Chromium; ``make screenshots``
keeps the phone's view for the director's guide."""
import os
from pathlib import Path

import pytest

from director.event.model import Pairing, Player
from director.event.rounds import store_pairings, store_players
from tests.support.director_harness import result_doc, signed_bytes, status_doc
from tests.support.page_browser import CLIPPED_NAMES, TIMEOUT_MS, TSH_NAMES, new_context, save_for_docs, shown_names

pytestmark = pytest.mark.slow          # headless Chromium: make check leaves it out

#: Names as long as real ones get (a name is at most 40 characters at the table).
NAMES_A = ["Alexandra Featherstonehaugh", "Bartholomew Okonkwo-Smith", "Catriona MacGillivray", "Dan Li"]
NAMES_B = ["Evangeline Vanderhoeven", "Fay Ng", "Gustavo Albuquerque-Lima", "Hal Abernethy-Oduya"]

#: What runs off the screen: an element whose right edge is past the viewport's, unless a box
#: between it and the page scrolls it (overflow-x auto or scroll), and that box ends within it.
OFF_SCREEN = """() => {
  const width = document.documentElement.clientWidth, off = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (!box.width || box.right <= width + 0.5) continue;
    let scroller = el.parentElement, kept = false;
    while (scroller && scroller !== document.body) {
      const style = getComputedStyle(scroller);
      if (['auto', 'scroll'].includes(style.overflowX) && scroller.getBoundingClientRect().right <= width + 0.5) {
        kept = true; break;
      }
      scroller = scroller.parentElement;
    }
    if (!kept) off.push(el.tagName + '.' + el.className + ' ' + (el.textContent || '').slice(0, 30));
  }
  return {off, page: document.documentElement.scrollWidth, width};
}"""

#: Each player's name in a tile, and whether it keeps to one line.
WRAPPED_NAMES = """() => [...document.querySelectorAll('.tile .players span')]
  .filter(el => el.getClientRects().length > 1 || el.getBoundingClientRect().height >
                1.5 * parseFloat(getComputedStyle(el).lineHeight || '20'))
  .map(el => el.textContent)"""


@pytest.fixture
def event(director):
    store_players(director.db, [Player(n, name, 1800 - 10 * n, "A") for n, name in enumerate(NAMES_A, 1)]
                  + [Player(n, name, 1500 - 10 * n, "B") for n, name in enumerate(NAMES_B, 1)])
    store_pairings(director.db, [Pairing(1, "1", (1, 2), 0, "A"), Pairing(1, "2", (3, 4), 1, "A"),
                                 Pairing(1, "3", (1, 2), 0, "B"), Pairing(1, "4", (3, 4), None, "B")])
    assert director.request("POST", "/api/rounds/start", b"{}").code == 200
    for table, players, phase in ((1, NAMES_A[:2], "playing"), (2, NAMES_A[2:], "challenge"),
                                  (4, NAMES_B[2:], "playing")):
        director.post(table, "status", signed_bytes({**status_doc(table, phase=phase), "players": players}))
    document = {**result_doc(3, players=tuple(NAMES_B[:2]), scores=(330, 290)), "division": "B"}
    assert director.post(3, "results", signed_bytes(document)).body["outcome"] == "stored"
    return director


@pytest.mark.parametrize("width", [360, 390, 430])
def test_the_public_view_fits_a_phone(browser, event, width, tmp_path):
    shots_dir = Path(os.environ.get("TABLEKEEPER_SHOTS") or tmp_path)
    shots_dir.mkdir(parents=True, exist_ok=True)
    context = new_context(browser, width, 844)
    page = context.new_page()
    try:
        page.goto(event.url + "/live")
        page.wait_for_selector("#link.up", timeout=TIMEOUT_MS)
        page.wait_for_selector('.division[data-division="B"] .results tr[data-table="3"]', timeout=TIMEOUT_MS)
        page.wait_for_selector('.division[data-division="B"] .standings tbody tr', timeout=TIMEOUT_MS)
        measured = page.evaluate(OFF_SCREEN)
        page.screenshot(path=str(shots_dir / f"live-phone-{width}.png"), full_page=True)
        if width == 390:
            save_for_docs(page, "live-phone.png")
        assert measured["off"] == [] and measured["page"] <= measured["width"], measured
        assert page.evaluate(WRAPPED_NAMES) == []
        overflowing = page.evaluate("() => [...document.querySelectorAll('.standings, .results')]"
                                    ".filter(box => box.scrollWidth > box.clientWidth + 1).length")
        assert overflowing == 0                         # the standings collapse: no column cut off
    finally:
        context.close()


def test_the_public_view_shows_tsh_names_whole_at_1280_px(browser, director, tmp_path):
    """tsh's "Surname, Given" names on a wide screen: whole in each tile, the results and the
    standings (no ellipsis where the page has room)."""
    store_players(director.db, [Player(n, name, 1600 - 10 * n) for n, name in enumerate(TSH_NAMES, 1)])
    store_pairings(director.db, [Pairing(1, str(t), (2 * t - 1, 2 * t), 0) for t in range(1, 5)])
    assert director.request("POST", "/api/rounds/start", b"{}").code == 200
    document = result_doc(4, players=tuple(TSH_NAMES[6:]), scores=(330, 290))
    assert director.post(4, "results", signed_bytes(document)).body["outcome"] == "stored"
    context = new_context(browser, 1280, 900)
    page = context.new_page()
    try:
        page.goto(director.url + "/live")
        page.wait_for_selector("#link.up", timeout=TIMEOUT_MS)
        page.wait_for_selector('.tile[data-table="3"]', timeout=TIMEOUT_MS)
        page.wait_for_selector('.results tr[data-table="4"]', timeout=TIMEOUT_MS)
        page.screenshot(path=str(tmp_path / "live-tsh-names-1280.png"), full_page=True)
        assert page.evaluate(CLIPPED_NAMES, TSH_NAMES) == []
        shown = {name.replace("\n", " ") for name in shown_names(page)}
        assert set(TSH_NAMES[:6]) <= shown
    finally:
        context.close()
