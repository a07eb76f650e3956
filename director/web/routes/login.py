"""The director's login and logout (director.web.guard lets the login through without a
session; everything else of the director's needs one).

- ``GET /login``: the login form, with a CSRF token of its own (the same value in a hidden field
  and in the ``LOGIN_COOKIE``, which a page of another site can neither read nor set);
- ``POST /login`` (form: ``password``, ``csrf``): 403 when the form's token is not the
  cookie's; refused 429 while the address or the network is throttled
  (director.web.sessions.LoginThrottle: each try counted before its password is checked, given
  back when it is right), 401 for a wrong password (logged); else a new session, its cookie
  (HttpOnly, SameSite=Strict) and a redirect to the page;
- ``POST /logout``: the session ends (and its live page's stream), its cookie is cleared.

Its routes are ``login``, ``login.post`` and ``logout``; the page itself is
director/web/templates/login.html (director.web.templating).
"""
from __future__ import annotations

import logging
import secrets
import urllib.parse

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from director.limits import PAGE_BODY, LimitExceeded
from ..password import verify_password
from ..service import service_of
from ..sessions import LOGIN_COOKIE, SESSION_COOKIE, same_secret
from ..templating import render
from .base import client_address

log = logging.getLogger("director.web.routes.login")


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


async def login_page(request: Request) -> Response:
    return login_form(request)


async def login(request: Request) -> Response:
    service, address = service_of(request), client_address(request)
    body = await request.body()
    form = urllib.parse.parse_qs(body[:PAGE_BODY].decode("utf-8", "replace"), max_num_fields=10)
    cookie = request.cookies.get(LOGIN_COOKIE)
    if not cookie or not same_secret(form.get("csrf", [None])[0], cookie):
        return login_form(request, "The login form had expired: log in again.", 403)
    try:
        service.throttle.attempt(address)       # counted before the slow check, not after
    except LimitExceeded as exc:
        return login_form(request, f"{exc.reason}: try again in {round(exc.retry_after)} s",
                          429, {"Retry-After": str(max(1, round(exc.retry_after)))})
    password = form.get("password", [""])[0]
    if not await run_in_threadpool(verify_password, password, service.password_hash):
        log.warning("login refused from %s: wrong password", address)
        return login_form(request, "Wrong password.", 401)
    service.throttle.succeeded(address)
    session = service.sessions.create()
    log.info("the director logged in from %s", address)
    response = RedirectResponse("/", status_code=303)
    response.set_cookie(SESSION_COOKIE, session.token, path="/", httponly=True,
                        samesite="strict", secure=_secure(request))
    response.delete_cookie(LOGIN_COOKIE, path="/login")
    return response


async def logout(request: Request) -> Response:
    """The session ends, and what was opened under it (its live page's stream)."""
    service, token = service_of(request), request.state.session.token
    service.sessions.drop(token)
    service.live.end_session(token)
    response = JSONResponse({"message": "logged out"})
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="strict")
    return response


routes = [Route("/login", login_page, methods=["GET"], name="login"),
          Route("/login", login, methods=["POST"], name="login.post"),
          Route("/logout", logout, methods=["POST"], name="logout")]
