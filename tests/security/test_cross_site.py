"""Attack: a page of another site, open in the director's browser while it is logged in, makes
the browser post to the service (cross-site request forgery); or a script sends the session's
cookie without the page's token. With a session, a request that changes something is refused
(403) when its Origin is not the service's own, when it has none, or without the session's CSRF
token; nothing is stored, and the service still serves. The login itself is refused from
another site, or without its form's own token."""
import json

import pytest

from bench.rigs.page_session import LOGIN_COOKIE, PageSession
from director.event.model import Pairing, Player
from director.event.rounds import store_pairings, store_players
from tests.support.director_harness import PASSWORD

START = "/api/rounds/start"


@pytest.fixture
def paired(director):
    store_players(director.db, [Player(1, "Ann"), Player(2, "Bob")])
    store_pairings(director.db, [Pairing(1, "7", (1, 2), 0)])
    return director


def with_session(director, **changed) -> dict:
    """The headers of the page's own request, with some changed (None: left out)."""
    headers = director.page.headers("POST")
    for name, value in changed.items():
        name = name.replace("_", "-")
        headers.pop(name, None) if value is None else headers.update({name: value})
    return headers


@pytest.mark.parametrize("changed, reason", [
    ({"Origin": "http://evil.example"}, "cross-site request refused: Origin http://evil.example "
                                        "is not this service"),
    ({"Origin": "null"}, "cross-site request refused: no Origin header"),
    ({"Origin": None}, "cross-site request refused: no Origin header"),
    ({"Origin": None, "Referer": "http://evil.example/page"}, "cross-site request refused: "
                                                              "Referer http://evil.example/page"),
    ({"X_CSRF_Token": None}, "the page's CSRF token is missing or wrong"),
    ({"X_CSRF_Token": "guessed"}, "the page's CSRF token is missing or wrong"),
], ids=["foreign-origin", "null-origin", "no-origin", "foreign-referer", "no-csrf", "wrong-csrf"])
def test_a_request_with_the_session_but_not_from_the_page_is_refused(paired, changed, reason):
    before = paired.stored()
    answer = paired.request("POST", START, b"{}", with_session(paired, **changed), anonymous=True)
    assert answer.code == 403 and answer.body["error"].startswith(reason), answer
    assert paired.stored() == before and paired.stored()["rounds"] == []
    assert paired.up()
    assert paired.request("POST", START, b"{}").code == 200      # the page's own request works


def test_an_import_from_another_site_stores_no_player(paired):
    before = paired.stored()
    answer = paired.request("POST", "/api/import?kind=players-csv&name=p.csv",
                            b"name,rating\nMallory,2500\n",
                            with_session(paired, Origin="http://evil.example"), anonymous=True)
    assert answer.code == 403
    assert paired.stored() == before and paired.up()


def test_the_login_is_refused_from_another_site_and_without_its_forms_token(director):
    session = PageSession(director.url, PASSWORD)
    token, cookie = session.login_form()
    form = f"csrf={token}&password={PASSWORD.replace(' ', '+')}".encode()
    base = {"Content-Type": "application/x-www-form-urlencoded"}
    refused = [
        session._send("POST", "/login", form, {**base, "Origin": "http://evil.example",
                                                "Cookie": f"{LOGIN_COOKIE}={cookie}"})[0],
        session._send("POST", "/login", form, {**base, "Origin": director.url})[0],     # no cookie
        session._send("POST", "/login", form.replace(token.encode(), b"guessed"), {
            **base, "Origin": director.url, "Cookie": f"{LOGIN_COOKIE}={cookie}"})[0],
    ]
    assert refused == [403, 403, 403]
    assert session.token is None and director.up()
    assert session.login().token                              # the login form itself works


def test_the_session_cookie_is_httponly_and_same_site_strict(director):
    session = PageSession(director.url, PASSWORD)
    token, cookie = session.login_form()
    status, _, response = session._send(
        "POST", "/login", f"csrf={token}&password={PASSWORD.replace(' ', '+')}".encode(), {
            "Content-Type": "application/x-www-form-urlencoded", "Origin": director.url,
            "Cookie": f"{LOGIN_COOKIE}={cookie}"})
    assert status == 303
    (set_cookie,) = [c for c in response.headers.get_all("Set-Cookie") if "tablekeeper_session=" in c]
    assert "HttpOnly" in set_cookie and "SameSite=strict" in set_cookie and "Path=/" in set_cookie


def test_after_logout_the_session_opens_nothing(director):
    headers = director.page.headers("POST")
    assert director.request("POST", "/logout", b"{}").code == 200
    answer = director.request("POST", START, b"{}", headers, anonymous=True)
    assert answer.code == 401 and director.stored()["rounds"] == []
    assert json.loads(json.dumps(answer.body))["error"].startswith("log in first")
