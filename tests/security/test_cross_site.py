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


# --- the tables' API: a web page a phone opens, making the phone post --------------------------------
# Attack: any page a player's phone opens on the venue's Wi-Fi makes the phone send a "simple"
# request (text/plain or a form: no preflight) to the tables' API, to spend enrollment codes or
# push documents through every visitor's phone; or has its own name point at the service (DNS
# rebinding), so that its Origin matches its Host. The tables' API takes no request with an
# Origin (403), no cross-site Sec-Fetch-Site (403) and, on a POST, no body but JSON (415): every
# real client (a table, the judge station, an enrolling kiosk) sends JSON and no Origin.

def raw_request(director, method: str, path: str, body: bytes | None, headers: dict):
    """A request with exactly ``headers`` (urllib adds a form's Content-Type to a body without
    one; http.client adds nothing but Host and the length)."""
    import http.client
    conn = http.client.HTTPConnection("127.0.0.1", director.port, timeout=30)
    try:
        conn.request(method, path, body, headers)
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"{}")
    finally:
        conn.close()


def a_result(table: str = "5") -> bytes:
    from tests.security.conftest import played
    from tests.support.director_harness import signed_bytes
    return signed_bytes(played(table))


BROWSER = [
    ({"Content-Type": "text/plain", "Origin": "http://evil.example"}, 403, "cross-site request refused: Origin http://evil.example"),
    ({"Content-Type": "application/json", "Origin": "null"}, 403, "cross-site request refused: Origin null"),
    ({"Content-Type": "text/plain", "Origin": "http://evil.example", "Host": "evil.example"}, 403,
     "cross-site request refused: Origin http://evil.example"),
    ({"Content-Type": "application/json", "Origin": "http://rebound.example:{port}",
      "Host": "rebound.example:{port}"}, 403, "cross-site request refused: Origin http://rebound.example"),
    ({"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, 403,
     "cross-site request refused: Sec-Fetch-Site cross-site"),
    ({"Content-Type": "text/plain"}, 415, "the tables' API takes JSON only: Content-Type application/json, not text/plain"),
    ({"Content-Type": "application/x-www-form-urlencoded"}, 415, "the tables' API takes JSON only"),
    ({"Content-Type": "multipart/form-data; boundary=x"}, 415, "the tables' API takes JSON only"),
    ({}, 415, "the tables' API takes JSON only: Content-Type application/json, not none"),
]
BROWSER_IDS = ["text-plain-foreign-origin", "null-origin", "foreign-host-too", "dns-rebinding",
               "sec-fetch-cross-site", "text-plain", "form", "multipart", "no-content-type"]


def filled(headers: dict, director) -> dict:
    return {name: value.replace("{port}", str(director.port)) for name, value in headers.items()}


@pytest.mark.parametrize("headers, code, reason", BROWSER, ids=BROWSER_IDS)
def test_a_result_a_browser_posts_to_the_tables_api_is_refused(paired_director, headers, code, reason):
    before = paired_director.stored()
    status, body = raw_request(paired_director, "POST", "/api/tables/5/results", a_result(),
                               filled(headers, paired_director))
    assert (status, body["error"].startswith(reason)) == (code, True), (status, body)
    assert paired_director.stored() == before and paired_director.rows("results") == []
    assert paired_director.rows("rejections") == []             # refused at the door
    from tests.security.conftest import assert_still_serving
    assert_still_serving(paired_director)                        # the table's own post is taken


@pytest.mark.parametrize("path", ["/api/tables/8/status", "/api/tables/5/challenge",
                                  "/api/stations/1/verdicts", "/api/enroll/confirm"])
def test_every_post_of_the_tables_api_refuses_a_pages_text(director, path, caplog):
    before = director.stored()
    status, body = raw_request(director, "POST", path, b'{"a": 1}',
                               {"Content-Type": "text/plain;charset=UTF-8",
                                "Origin": "http://evil.example"})
    assert status == 403 and body["error"].startswith("cross-site request refused"), body
    status, body = raw_request(director, "POST", path, b'{"a": 1}', {"Content-Type": "text/plain"})
    assert status == 415 and body["error"].startswith("the tables' API takes JSON only"), body
    assert director.stored() == before and director.rows("rejections") == []
    logged = [r.getMessage() for r in caplog.records if r.name == "director.web.guard"]
    assert [line.split(": ")[0] for line in logged] == [
        f"POST {path} from 127.0.0.1 refused 403", f"POST {path} from 127.0.0.1 refused 415"]
    from tests.security.conftest import assert_honest_table_served
    assert_honest_table_served(director)


def test_a_page_spends_no_try_of_an_enrollment_code(director):
    from director.tables import codes
    from common.wire import code_exchange as protocol
    made = director.request("POST", "/api/enroll", b'{"table": "7"}').body
    start = protocol.TableExchange("7", made["code"]).start_body()
    for headers in ({"Content-Type": "text/plain", "Origin": "http://evil.example"},
                    {"Content-Type": "application/x-www-form-urlencoded"}):
        status, _ = raw_request(director, "POST", "/api/enroll/start", start, headers)
        assert status in (403, 415)
    (row,) = director.rows("enrollment_codes")
    assert (row["tries_left"], row["state"]) == (codes.TRIES_IN_ALL, "open")
    status, _ = raw_request(director, "POST", "/api/enroll/start", start,
                            {"Content-Type": "application/json"})
    assert status == 200                                          # the table's own start works


@pytest.mark.parametrize("path", ["/api/tables/5/assignment", "/api/tables/5/verdict",
                                  "/api/stations/1/challenges"])
def test_a_page_of_another_site_reads_nothing_of_the_tables_api(paired_director, path):
    status, body = raw_request(paired_director, "GET", path, None, {"Origin": "http://evil.example"})
    assert status == 403 and body["error"].startswith("cross-site request refused"), body


def test_every_real_client_of_the_tables_api_is_taken(paired_director):
    """The kiosk's own clients, as they run: the table's (kiosk.link.http_client: a result, its
    assignment), the judge station's (kiosk.link.station_link) and the enrolling kiosk's
    (kiosk.link.enroll); and a JSON body with its charset named."""
    from kiosk.link.enroll import by_code
    from kiosk.link.http_client import DELIVERED, DirectorClient
    from common.wire.signing import sign, station_key, table_key
    from kiosk.link.station_link import StationClient
    from tests.security.conftest import played
    from tests.support.director_harness import KEY, signed_bytes, status_doc
    director = paired_director
    table = DirectorClient(director.url, "5", table_key(KEY.encode(), "5"))
    assert table.post("results", sign(played("5"), table.key)).kind == DELIVERED
    assert table.assignment()["table"] == "5"
    assert StationClient(director.url, "1", station_key(KEY.encode(), "1")).challenges() == ()
    made = director.request("POST", "/api/enroll", b'{"table": "7"}').body
    assert by_code(director.url, "7", made["code"]).table == "7"
    status, body = raw_request(director, "POST", "/api/tables/8/status",
                               signed_bytes(status_doc(8)),
                               {"Content-Type": "application/json; charset=utf-8"})
    assert status == 200, body
