"""The director's page as a script or a test uses it, over real HTTP: log in with the director's
password through the login form (its token and cookie), then send requests with the session's
cookie, its CSRF token and the page's own Origin, as the page's JavaScript does."""
from __future__ import annotations

import http.client
import re
import urllib.parse
from http.cookies import SimpleCookie

TIMEOUT_S = 60.0
SESSION_COOKIE, LOGIN_COOKIE = "tablekeeper_session", "tablekeeper_login"


class LoginRefused(RuntimeError):
    pass


def cookies_of(response: http.client.HTTPResponse) -> dict[str, str]:
    jar = SimpleCookie()
    for header in response.headers.get_all("Set-Cookie") or []:
        jar.load(header)
    return {name: morsel.value for name, morsel in jar.items()}


class PageSession:
    def __init__(self, url: str, password: str):
        self.url, self.password = url.rstrip("/"), password
        parsed = urllib.parse.urlsplit(self.url)
        self.host, self.port = parsed.hostname, parsed.port
        self.token: str | None = None
        self.csrf: str | None = None

    def _send(self, method: str, path: str, body: bytes | None = None,
              headers: dict | None = None) -> tuple[int, bytes, http.client.HTTPResponse]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT_S)
        try:
            conn.request(method, path, body, headers or {})
            response = conn.getresponse()
            return response.status, response.read(), response
        finally:
            conn.close()

    def login_form(self) -> tuple[str, str]:
        """A fresh login form's token and the cookie that goes with it."""
        status, page, response = self._send("GET", "/login")
        token = re.search(rb'name="csrf" value="([^"]+)"', page)
        if status != 200 or token is None:
            raise LoginRefused(f"no login form at {self.url}/login ({status})")
        return token[1].decode(), cookies_of(response)[LOGIN_COOKIE]

    def try_login(self, password: str | None = None) -> int:
        """One login; its status (303 when it worked, the session then kept)."""
        token, cookie = self.login_form()
        form = urllib.parse.urlencode({"csrf": token, "password": password or self.password})
        status, _, response = self._send("POST", "/login", form.encode(), {
            "Content-Type": "application/x-www-form-urlencoded", "Origin": self.url,
            "Cookie": f"{LOGIN_COOKIE}={cookie}"})
        if status == 303:
            self.token = cookies_of(response)[SESSION_COOKIE]
            _, page, _ = self._send("GET", "/", headers={"Cookie": f"{SESSION_COOKIE}={self.token}"})
            self.csrf = re.search(rb'name="csrf-token" content="([^"]+)"', page)[1].decode()
        return status

    def login(self) -> "PageSession":
        status = self.try_login()
        if status != 303:
            raise LoginRefused(f"the director's login was refused ({status})")
        return self

    def headers(self, method: str) -> dict:
        """The headers the page's own requests carry."""
        if self.token is None:
            self.login()
        headers = {"Cookie": f"{SESSION_COOKIE}={self.token}"}
        if method not in ("GET", "HEAD"):
            headers.update({"Origin": self.url, "X-CSRF-Token": self.csrf})
        return headers

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict | None = None) -> tuple[int, bytes]:
        status, data, _ = self._send(method, path, body, {**self.headers(method), **(headers or {})})
        return status, data
