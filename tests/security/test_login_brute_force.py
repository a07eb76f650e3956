"""Attack: guessing the director's password. Over real HTTP, an address gets five wrong
passwords, then 429 (even for the right password) with a Retry-After, and no session; the
service still serves. The throttle itself, with the times passed in: one more guess a minute
per address, and per address only: a dozen phones guessing as fast as they may never refuse
the director's login from the laptop or a Pi on the same Wi-Fi (issue 27: the whole network's
guesses counted together did)."""
import pytest

from bench.rigs.page_session import PageSession
from director.limits import LimitExceeded
from director.web.sessions import FAILURE_EVERY_S, FAILURES_AT_ONCE, LoginThrottle
from tests.support.director_harness import PASSWORD


def test_a_brute_force_is_throttled_and_gets_no_session(director):
    director.page.login()                                       # the director, logged in before
    guesser = PageSession(director.url, PASSWORD)
    statuses = [guesser.try_login(f"guess number {n}") for n in range(FAILURES_AT_ONCE)]
    assert statuses == [401] * FAILURES_AT_ONCE
    assert guesser.try_login("guess number 6") == 429
    assert guesser.try_login(PASSWORD) == 429                   # the right one too, for now
    assert guesser.token is None
    assert director.request("GET", "/api/state", anonymous=True).code == 401
    assert director.stored()["rounds"] == [] and director.up()     # the director's session holds


def test_a_refusal_names_the_wait(director):
    guesser = PageSession(director.url, PASSWORD)
    for n in range(FAILURES_AT_ONCE):
        guesser.try_login(f"guess {n}")
    token, cookie = guesser.login_form()
    status, page, response = guesser._send(
        "POST", "/login", f"csrf={token}&password=x".encode(),
        {"Content-Type": "application/x-www-form-urlencoded", "Origin": director.url,
         "Cookie": f"tablekeeper_login={cookie}"})
    assert status == 429 and 1 <= int(response.getheader("Retry-After")) <= FAILURE_EVERY_S
    assert b"too many wrong passwords from 127.0.0.1: try again in" in page


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def tried(throttle, address) -> bool:
    """A wrong password from ``address``: whether it was let through to be checked (it counts)."""
    try:
        throttle.attempt(address)
        return True
    except LimitExceeded:
        return False


def test_an_address_gets_one_more_guess_a_minute():
    clock = Clock()
    throttle = LoginThrottle(clock)
    assert [tried(throttle, "10.0.0.66") for _ in range(FAILURES_AT_ONCE + 1)] == [True] * FAILURES_AT_ONCE + [False]
    assert tried(throttle, "10.0.0.67")
    clock.now += FAILURE_EVERY_S - 1
    assert not tried(throttle, "10.0.0.66")
    clock.now += 1
    assert tried(throttle, "10.0.0.66") and not tried(throttle, "10.0.0.66")


def test_the_right_password_gives_its_try_back():
    throttle = LoginThrottle(Clock())
    for _ in range(FAILURES_AT_ONCE * 3):
        assert tried(throttle, "10.0.0.66")
        throttle.succeeded("10.0.0.66")


@pytest.mark.parametrize("director_at", ["127.0.0.1", "10.0.0.2"], ids=["laptop", "wifi"])
def test_a_dozen_addresses_guessing_never_lock_out_the_director(director_at):
    clock = Clock()
    throttle = LoginThrottle(clock)
    guessers = [f"10.0.1.{n}" for n in range(12)]
    for minute in range(30):                        # half an hour of guessing, as fast as allowed
        for _ in range(20):
            for address in guessers:
                tried(throttle, address)
        assert tried(throttle, director_at), minute     # the director's try is checked at once
        throttle.succeeded(director_at)                 # the right password
        clock.now += FAILURE_EVERY_S
    assert [tried(throttle, a) for a in guessers] == [True] * 12     # one a minute each, no more
    assert not any(tried(throttle, a) for a in guessers)
