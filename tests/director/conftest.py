"""Director tests: a real server (uvicorn on a free 127.0.0.1 port, tests/support/
director_harness.py; the ``director`` fixture of tests/support/fixtures.py) with its SQLite file
in tmp_path; real signed documents from the replay core."""
import pytest

from tests.support.page_browser import launch


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium for the page tests (Debian's, through Playwright)."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        launched = launch(p)
        yield launched
        launched.close()
