"""The director's login and logout, and the pages that carry a token (director.web.guard lets the
login through without a session; everything else of the director's needs one).

- ``GET /login``: the login form, with a CSRF token of its own (the same value in a hidden field
  and in the ``LOGIN_COOKIE``, which a page of another site can neither read nor set);
- ``POST /login`` (form: ``password``, ``csrf``): 403 when the form's token is not the
  cookie's; refused 429 while the address or the network is throttled
  (director.web.sessions.LoginThrottle: each try counted before its password is checked, given
  back when it is right), 401 for a wrong password (logged); else a new session, its cookie
  (HttpOnly, SameSite=Strict) and a redirect to the page;
- ``POST /logout``: the session ends (and its live page's stream), its cookie is cleared.

``render(name, **values)`` fills a page of director/web/templates with HTML-escaped values
(``{{name}}``) and the pages it includes (``{{include NAME}}``: the division's section, which
the director's page and the public view share).
"""
from __future__ import annotations

import html
import logging
import re
import secrets
import urllib.parse
from functools import lru_cache
from pathlib import Path
from typing import Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from director.limits import PAGE_BODY, LimitExceeded
from .password import verify_password
from .sessions import LOGIN_COOKIE, SESSION_COOKIE, LoginThrottle, SessionStore, same_secret

TEMPLATES = Path(__file__).resolve().parent / "templates"
log = logging.getLogger("director.web.login")


INCLUDE = re.compile(r"{{include ([\w.-]+)}}")


@lru_cache(maxsize=None)
def _template(name: str) -> str:
    """The page, with the pages it includes (``{{include NAME}}``) in it."""
    text = (TEMPLATES / name).read_text(encoding="utf-8")
    return INCLUDE.sub(lambda m: _template(m[1]), text)


def render(name: str, **values: str) -> str:
    text = _template(name)
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", html.escape(value))
    return text


def _secure(request: Request) -> bool:
    return request.url.scheme == "https"


def login_form(request: Request, message: str = "", status: int = 200,
               headers: dict | None = None) -> Response:
    """The login page with a fresh token (in its form and its cookie)."""
    token = secrets.token_urlsafe(32)
    response = HTMLResponse(render("login.html", csrf=token, message=message), status_code=status,
                            headers=headers)
    response.set_cookie(LOGIN_COOKIE, token, path="/login", httponly=True, samesite="strict",
                        secure=_secure(request))
    return response


def login_routes(sessions: SessionStore, throttle: LoginThrottle, password_hash: str, *,
                 on_logout: Callable[[str], None]) -> list[Route]:
    """The routes; ``on_logout(token)`` ends what was opened under a session (its live page)."""
    async def login_page(request: Request) -> Response:
        return login_form(request)

    async def login(request: Request) -> Response:
        address = request.client.host if request.client else "unknown"
        body = await request.body()
        form = urllib.parse.parse_qs(body[:PAGE_BODY].decode("utf-8", "replace"), max_num_fields=10)
        cookie = request.cookies.get(LOGIN_COOKIE)
        if not cookie or not same_secret(form.get("csrf", [None])[0], cookie):
            return login_form(request, "The login form had expired: log in again.", 403)
        try:
            throttle.attempt(address)           # counted before the slow check, not after
        except LimitExceeded as exc:
            return login_form(request, f"{exc.reason}: try again in {round(exc.retry_after)} s",
                              429, {"Retry-After": str(max(1, round(exc.retry_after)))})
        password = form.get("password", [""])[0]
        if not await run_in_threadpool(verify_password, password, password_hash):
            log.warning("login refused from %s: wrong password", address)
            return login_form(request, "Wrong password.", 401)
        throttle.succeeded(address)
        session = sessions.create()
        log.info("the director logged in from %s", address)
        response = RedirectResponse("/", status_code=303)
        response.set_cookie(SESSION_COOKIE, session.token, path="/", httponly=True,
                            samesite="strict", secure=_secure(request))
        response.delete_cookie(LOGIN_COOKIE, path="/login")
        return response

    async def logout(request: Request) -> Response:
        sessions.drop(request.state.session.token)
        on_logout(request.state.session.token)
        response = JSONResponse({"message": "logged out"})
        response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="strict")
        return response

    return [Route("/login", login_page, methods=["GET"], name="login"),
            Route("/login", login, methods=["POST"], name="login.post"),
            Route("/logout", logout, methods=["POST"], name="logout")]
