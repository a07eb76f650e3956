"""Attack: a phone on the venue's Wi-Fi acts as the director without the password. Every route
of the app is either in director.web.guard's PUBLIC list (the tables' API, signed; the public live
view, its wall chart and its prize table; the login; the pages' scripts) or refused without a session before its handler runs: a
route added later is refused unless it is added to that list. Nothing is stored; the service
still serves."""
import re

import pytest
from starlette.routing import Mount, Route

from director.web.guard import PUBLIC
from director.event.model import Pairing, Player
from director.event.rounds import store_pairings, store_players

SAMPLES = {"table": "7", "action": "end", "file": "standings.csv"}
BODIES = {"rounds": b"{}", "import": b"name,rating\nMallory,2500\n", "logout": b"{}",
          "enroll": b'{"table": "7"}'}


def path_of(route: Route) -> str:
    return re.sub(r"{(\w+)(:\w+)?}", lambda m: SAMPLES[m[1]], route.path)


def director_routes(app) -> list[tuple[str, str, str]]:
    """(name, method, path) of every route that is not public."""
    return [(route.name, method, path_of(route)) for route in app.routes
            if isinstance(route, Route) and route.name not in PUBLIC
            for method in sorted(route.methods - {"HEAD"})]


def test_the_public_routes_are_the_tables_api_the_live_view_the_login_and_the_scripts(director):
    assert set(PUBLIC) == {"tables.results", "tables.status", "tables.assignment", "live",
                           "live.events", "login", "login.post", "static",
                           "enroll.start", "enroll.confirm",    # a code is the table's proof
                           "tables.challenge", "tables.verdict",     # signed by or for a table
                           "stations.challenges", "stations.verdicts",   # by or for a station
                           "live.wallchart", "live.prizes"}     # the public view's, as the standings
    names = {route.name for route in director.app.routes}
    assert set(PUBLIC) <= names
    assert all(isinstance(r, Mount) == (r.name == "static") for r in director.app.routes)


def paired(director):
    store_players(director.db, [Player(1, "Ann"), Player(2, "Bob")])
    store_pairings(director.db, [Pairing(1, "7", (1, 2), 0)])
    assert director.request("POST", "/api/rounds/start", b"{}").code == 200


def test_every_other_route_refuses_without_a_session_before_its_handler(director):
    paired(director)
    before = director.stored()
    routes = director_routes(director.app)
    assert {name for name, _, _ in routes} >= {"page", "events", "state", "rounds", "import",
                                                "enroll", "export", "logout"}
    for name, method, path in routes:
        for headers in ({}, {"Origin": director.url}):      # the page's own origin is not a session
            answer = director.request(method, path, BODIES.get(name) if method == "POST" else None,
                                      headers, anonymous=True)
            assert answer.code == 401, (name, method, path, answer)
            assert answer.body["error"].startswith("log in first"), (name, answer.body)
            assert "key_file_text" not in answer.body
    assert director.stored() == before                      # no round ended, no player imported
    assert director.up()


def test_ending_a_round_without_a_session_is_refused_not_answered_by_the_handler(director):
    refused = director.request("POST", "/api/rounds/end", b"{}", anonymous=True)
    assert refused.code == 401                  # before: 409 "no round", from the handler itself
    assert director.stored()["rounds"] == [] and director.up()


def test_a_path_that_is_no_route_is_refused_the_same_way(director):
    assert director.request("POST", "/api/secret", b"{}", anonymous=True).code == 401
    assert director.request("GET", "/api/secret", anonymous=True).code == 401
    assert director.up()


def test_a_browser_without_a_session_is_sent_to_the_login(director):
    import http.client
    conn = http.client.HTTPConnection("127.0.0.1", director.port, timeout=30)
    conn.request("GET", "/", headers={"Accept": "text/html"})
    response = conn.getresponse()
    assert (response.status, response.getheader("Location")) == (303, "/login")
    conn.close()


@pytest.mark.parametrize("path", ["/live", "/login", "/static/live.js", "/static/director.css"])
def test_the_public_pages_need_no_session_and_carry_the_pages_policy(director, path):
    import urllib.request
    with urllib.request.urlopen(director.url + path, timeout=30) as response:
        assert response.status == 200
        policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
