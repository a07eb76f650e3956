"""Attack: a hundred guesses of the director's password at once. The throttle counted a wrong
password after checking it, and a check takes a while (a slow hash): all hundred were checked
before the first counted. Each try now counts before its check: of a hundred at once from one
address, five are checked (401) and the rest refused 429 at once; no session is made, nothing is
stored, and an honest table's post is answered while they run (how fast: python -m bench honest)."""
from concurrent.futures import ThreadPoolExecutor

import pytest

from bench.rigs.page_session import PageSession
from director.web.sessions import FAILURES_AT_ONCE
from tests.security.conftest import assert_honest_table_served
from tests.support.director_harness import PASSWORD

TRIES = 100


@pytest.mark.parametrize("limited", [{"limits.requests_per_s": 10_000}], indirect=True)
def test_a_hundred_guesses_at_once_are_counted_before_they_are_checked(limited):
    """(The page's requests a second raised: the login's own throttle is what is tested.)"""
    director = limited
    guessers = [PageSession(director.url, PASSWORD) for _ in range(TRIES)]
    forms = [g.login_form() for g in guessers]                 # each its own form, as a browser

    def guess(n: int) -> int:
        token, cookie = forms[n]
        status, _, _ = guessers[n]._send(
            "POST", "/login", f"csrf={token}&password=guess{n}".encode(),
            {"Content-Type": "application/x-www-form-urlencoded", "Origin": director.url,
             "Cookie": f"tablekeeper_login={cookie}"})
        return status

    statuses = []
    with ThreadPoolExecutor(TRIES) as pool:
        running = pool.map(guess, range(TRIES))
        assert_honest_table_served(director)
        statuses = list(running)
    assert statuses.count(401) == FAILURES_AT_ONCE and statuses.count(429) == TRIES - FAILURES_AT_ONCE
    assert all(g.token is None for g in guessers)
    assert director.request("GET", "/api/state", anonymous=True).code == 401
    assert director.stored()["rounds"] == [] and director.stored()["results"] == []
    assert_honest_table_served(director)
