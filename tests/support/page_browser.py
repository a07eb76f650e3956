"""The director's pages in headless Chromium (Debian's, through Playwright): the browser, a
window, the director's login, and the screenshots ``make screenshots`` keeps for the docs."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.support.director_harness import PASSWORD

CHROMIUM = "/usr/bin/chromium"
TIMEOUT_MS = 30_000


def launch(playwright):
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.fail(f"{CHROMIUM} is missing: the page tests need Debian's chromium "
                    "(apt-get install chromium; .ci/run installs it)")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])


def save_for_docs(page, name: str) -> None:
    """``make screenshots`` sets TABLEKEEPER_DOCS_IMAGES to docs/images: the page as the README
    and the director's guide show it."""
    folder = os.environ.get("TABLEKEEPER_DOCS_IMAGES")
    if folder:
        page.screenshot(path=str(Path(folder) / name))


def new_context(browser, width: int, height: int):
    """A browser window. Playwright's wait_for_function evaluates its text as a script, which
    the pages' Content-Security-Policy forbids (tests/security checks the policy): bypassed."""
    return browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)


def log_in(page, director, password: str = PASSWORD) -> None:
    """The login page, the director's password, and the page it opens."""
    page.goto(director.url + "/")
    page.wait_for_selector("#password", timeout=TIMEOUT_MS)
    page.fill("#password", password)
    page.click("#login")
    page.wait_for_selector("#link.up", timeout=TIMEOUT_MS)


def director_page(browser, director, folder: Path, width: int, height: int):
    """The director's page logged in, in a window ``width`` x ``height``, its screenshots' folder
    made and printed (``page.shots``); yields it, then closes its window. For a fixture:
    ``yield from director_page(...)``."""
    context = new_context(browser, width, height)
    opened = context.new_page()
    log_in(opened, director)
    folder.mkdir()
    print(f"screenshots in {folder}")
    opened.shots = folder
    yield opened
    context.close()


def said(page, words: str) -> str:
    """The page's message once it says ``words``."""
    page.wait_for_function("w => document.getElementById('message').textContent.includes(w)",
                           arg=words, timeout=TIMEOUT_MS)
    return page.locator("#message").text_content()


#: tsh's names ("Surname, Given") as long as real ones get, with hyphens and diacritics.
TSH_NAMES = ["Evans, Elizabeth", "Hall, Harriet", "Montgomery-Smith, Christopher",
             "Ó Dálaigh-Featherstonehaugh, Zoë", "Vanderhoeven, Evangeline", "Ng, Fay",
             "Albuquerque-Lima, Gustavo", "Abernethy-Oduya, Hal"]

#: Each player's name on the page (a table's tile, the results, the standings) that does not
#: show whole: its text wider than its box (cut, or run under an ellipsis).
CLIPPED_NAMES = """names => [...document.querySelectorAll('.tile .players span, .results td, .standings td')]
  .filter(el => names.some(name => el.textContent.includes(name)))
  .filter(el => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right >
                document.documentElement.clientWidth + 0.5)
  .map(el => el.textContent)"""


def shown_names(page) -> list[str]:
    """The players' names in the tiles, as the page shows them."""
    return page.evaluate("() => [...document.querySelectorAll('.tile .players span')].map(el => el.innerText)")
