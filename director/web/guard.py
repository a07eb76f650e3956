"""The one door of the director's service: every HTTP request passes here before any handler.

``Guard`` (an ASGI middleware around the whole app) finds the request's route by name, then:

1. counts the request against its client address (``director.limits.RateLimiter``: the
   tables' API has its own, larger, allowance): 429 over it; a request the tables' API refuses
   (``REFUSED``) costs its address more, by the bytes it sent (director.limits.refusal_cost);
2. lets the tables' API through, unless a browser sent it (``from_a_browser``): a table is
   no browser, and its documents are signed. A web page a phone opens can make the phone post
   a "simple" request (text/plain, a form) to any address without asking first, so the
   tables' API refuses any ``Origin`` or a cross-site ``Sec-Fetch-Site`` (403) and,
   on a POST, any body but JSON (415: ``application/json``, what every table, station and
   enrolling kiosk sends); each refusal is logged, at most a few lines a second per address;
3. any route not in ``PUBLIC`` needs the director's session (its cookie, director.web.sessions):
   without one, 401 (a browser asking for a page is sent to the login page instead); a path
   that is no route is answered the same way, so nothing is learnt from it;
4. refuses (403) a request that changes something (not GET or HEAD) from another site: its
   ``Origin`` (else its ``Referer``) must be this service's own address; and, with a session,
   without the session's CSRF token in ``X-CSRF-Token``;
5. reads at most ``BODY_CAPS[route]`` (else ``PAGE_BODY``) bytes of the body: 413 over it,
   however the handler reads it, and at once when the request declares a longer body (but on
   the tables' API, whose handler refuses it itself and keeps the refusal, director.tables.ingest);
6. adds ``SECURITY_HEADERS`` to every answer: the pages run only the service's own scripts and
   styles (a name from a table cannot become a script) and no other site may frame them.

The routes a handler may serve without a session are the names in ``PUBLIC``, and only those:
a route added later needs the session unless it is added there. tests/security checks every
route of the app against this list.
"""
from __future__ import annotations

import logging

from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Match

from director.tables.ingest import MAX_BODY
from director.limits import (IMPORT_BODY, PAGE_BODY, LimitExceeded, Limits, LogLimiter, RateLimiter,
                             refusal_cost)
from .sessions import SESSION_COOKIE, SessionStore, same_secret

PUBLIC = {
    "tables.results": "the tables' API: a document is taken under its table's signature only",
    "tables.status": "the tables' API: a document is taken under its table's signature only",
    "tables.assignment": "the tables' API: an assignment is signed for its table",
    "tables.challenge": "the tables' API: a challenge is taken under its table's signature only",
    "tables.verdict": "the tables' API: a verdict is signed for its table",
    "stations.challenges": "the judge station's API: the challenges open, signed for the station, "
                           "given only with its key's proof (X-Station-Proof, checked by the handler)",
    "stations.verdicts": "the judge station's API: a verdict is taken under its station's signature only",
    "enroll.start": "a table enrolling by its one-time code: one try of the code, the "
                    "enrollment sealed under a key only that code gives (common.wire.code_exchange)",
    "enroll.confirm": "a table confirming its enrollment: a MAC only the exchange's key makes",
    "live": "the public live view, for players' phones: it shows, it changes nothing",
    "live.events": "the public live view's server-sent events",
    "live.wallchart": "the public view's wall chart: the results the standings show, round by round",
    "live.prizes": "the public view's prize table, of the divisions whose last round is in",
    "login": "the login page",
    "login.post": "the login itself (its form's own CSRF token, checked by the handler)",
    "static": "the pages' scripts and styles",
}
TABLES_API = {"tables.results", "tables.status", "tables.assignment", "tables.challenge",
              "tables.verdict", "stations.challenges", "stations.verdicts", "enroll.start",
              "enroll.confirm"}
BODY_CAPS = {"tables.results": 2 * MAX_BODY,      # the handler refuses over MAX_BODY first (and
             "tables.status": 2 * MAX_BODY,       # records it, director.tables.ingest), a chunk past it
             "tables.challenge": 2 * MAX_BODY, "stations.verdicts": 2 * MAX_BODY,
             "import": 2 * IMPORT_BODY}           # (naming the file, routes.import_files)
SAFE_METHODS = {"GET", "HEAD"}
REFUSED = {400, 401, 403, 409, 413, 415, 422}   # a tables' API answer that costs its sender more
JSON_TYPE = "application/json"      # the one body the tables' API takes (kiosk.link's clients)
BROWSER_SITES = {"same-origin", "none"}     # the Sec-Fetch-Site a page of another site never sends
log = logging.getLogger("director.web.guard")
CSRF_HEADER = "x-csrf-token"
LOGIN_PATH = "/login"
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; object-src 'none'; "
                                 b"base-uri 'none'; frame-ancestors 'none'; form-action 'self'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]


class BodyTooLarge(Exception):
    pass


def route_name(routes: list[BaseRoute], scope) -> str | None:
    """The name of the route ``scope`` is for (its path, whatever its method); None: no route."""
    partial = None
    for route in routes:
        match, _ = route.matches(scope)
        if match == Match.FULL:
            return route.name
        if match == Match.PARTIAL and partial is None:
            partial = route.name
    return partial


def cross_site(headers: Headers, scheme: str) -> str | None:
    """Why a request that changes something is not from this service's own page; None if it is."""
    own = f"{scheme}://{headers.get('host', '')}"
    origin = headers.get("origin")
    if origin is not None and origin != "null":
        return None if origin == own else f"Origin {origin[:100]} is not this service ({own})"
    referer = headers.get("referer")
    if referer is None:
        return "no Origin header: a request that changes something must come from the page"
    return None if referer == own or referer.startswith(own + "/") else (
        f"Referer {referer[:100]} is not this service ({own})")


def from_a_browser(headers: Headers, method: str) -> tuple[int, str] | None:
    """Why a request to the tables' API is one a web page made a browser send (the status and
    the reason), or None. No table, station or enrolling kiosk sends an ``Origin``, and the
    director's page never calls the tables' API: any Origin is refused, this service's own
    name too (a page of another site that has its name point at this address, DNS
    rebinding, sends an Origin that matches its Host)."""
    origin = headers.get("origin")
    if origin is not None:
        return 403, (f"cross-site request refused: Origin {origin[:100]}: the tables' API takes "
                     "no request from a web page")
    site = headers.get("sec-fetch-site")
    if site is not None and site not in BROWSER_SITES:
        return 403, (f"cross-site request refused: Sec-Fetch-Site {site[:20]}: the tables' API "
                     "takes no request from a web page")
    if method not in SAFE_METHODS:
        media = headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if media != JSON_TYPE:
            return 415, (f"the tables' API takes JSON only: Content-Type {JSON_TYPE}, not "
                         f"{media[:60] or 'none'}")
    return None


def session_token(headers: Headers) -> str | None:
    return cookie_parser(headers.get("cookie", "")).get(SESSION_COOKIE)


def declared_length(scope) -> int:
    length = Headers(scope=scope).get("content-length", "")
    return int(length) if length.isdigit() else 0


def refusal(code: int, reason: str, retry_after: float | None = None, *,
            close: bool = False) -> Response:
    """The refusal's answer; ``close`` (or a 413): the connection closed after it, so that the
    service never reads the body it refused (a sender over its rate posting again at once)."""
    headers = {"Retry-After": str(max(1, round(retry_after)))} if retry_after is not None else {}
    if code == 413 or close:
        headers["Connection"] = "close"
    return JSONResponse({"error": reason}, status_code=code, headers=headers)


def table_rate(limits: Limits, clock=None) -> RateLimiter:
    """The tables' API's requests per second per address: the guard's, and the door's at the
    socket (director.web.connections: a connection from an address over it is refused unread)."""
    clocked = {"clock": clock} if clock is not None else {}
    return RateLimiter(limits.table_requests_per_s, lambda a: f"too many requests from {a}: over "
                       f"{limits.table_requests_per_s:g} a second (limits.table_requests_per_s)",
                       **clocked)


class Guard:
    def __init__(self, app, *, routes: list[BaseRoute], sessions: SessionStore, limits: Limits,
                 clock=None, table_requests: RateLimiter | None = None):
        self.app, self.routes, self.sessions = app, routes, sessions
        clocked = {"clock": clock} if clock is not None else {}
        self.table_requests = table_requests or table_rate(limits, clock)
        self.refusals_logged = LogLimiter(log, **clocked)
        self.page_requests = RateLimiter(
            limits.requests_per_s, lambda a: f"too many requests from {a}: over "
            f"{limits.requests_per_s:g} a second (limits.requests_per_s)", **clocked)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        name = route_name(self.routes, scope)
        try:
            refused = self.check(scope, name)
        except LimitExceeded as exc:
            refused = refusal(exc.code, exc.reason, exc.retry_after,
                              close=scope["method"] not in SAFE_METHODS)
        cap = BODY_CAPS.get(name, PAGE_BODY)
        if refused is None and name not in TABLES_API and declared_length(scope) > cap:
            refused = refusal(413, f"body over {cap} bytes")
        if refused is not None:
            await refused(scope, receive, send)
            return
        await self.capped(scope, receive, send, cap,
                          charged=(scope.get("client") or ("unknown", 0))[0]
                          if name in TABLES_API else None)

    def check(self, scope, name: str | None) -> Response | None:
        """The refusal of the request, or None to let it through (its session in its state)."""
        address = (scope.get("client") or ("unknown", 0))[0]
        (self.table_requests if name in TABLES_API else self.page_requests).take(address)
        headers = Headers(scope=scope)
        if name in TABLES_API:
            why = from_a_browser(headers, scope["method"])
            if why is None:
                return None
            self.refusals_logged.warning(address, "%s %s from %s refused %d: %s", scope["method"],
                                         scope.get("path", "")[:100], address, *why)
            return refusal(*why)
        changes = scope["method"] not in SAFE_METHODS
        session = None if name in PUBLIC else self.sessions.get(session_token(headers))
        if name not in PUBLIC and session is None:
            if not changes and "text/html" in headers.get("accept", ""):
                return RedirectResponse(LOGIN_PATH, status_code=303)
            return refusal(401, "log in first: this needs the director's session (the page's "
                                f"login at {LOGIN_PATH})")
        if changes and (why := cross_site(headers, scope.get("scheme", "http"))) is not None:
            return refusal(403, f"cross-site request refused: {why}")
        if session is not None:
            if changes and not same_secret(headers.get(CSRF_HEADER), session.csrf):
                return refusal(403, "the page's CSRF token is missing or wrong (X-CSRF-Token): "
                                    "reload the page")
            scope.setdefault("state", {})["session"] = session
        return None

    async def capped(self, scope, receive, send, cap: int, charged: str | None = None) -> None:
        """The app, reading at most ``cap`` bytes of the body (413 past them); a refusal
        (``REFUSED``) of the tables' API charged to its sender's address (``charged``) by the
        bytes it sent (director.limits.refusal_cost): while its address is in debt, the door
        refuses its next request unread (director.web.connections)."""
        received, started, status = 0, False, 0

        async def counted_receive():
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > cap:
                    raise BodyTooLarge
            return message

        async def watched_send(message):
            nonlocal started, status
            if message["type"] == "http.response.start":
                started, status = True, message.get("status", 0)
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except BodyTooLarge:
            if started:
                raise
            status = 413
            await refusal(413, f"body over {cap} bytes")(scope, receive, send)
        finally:
            if charged is not None and status in REFUSED:
                self.table_requests.charge(charged, refusal_cost(received))
