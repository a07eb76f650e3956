"""The director's page as a script or a test uses it, over real HTTP: the rehearsal's ``Page``
(director.rehearsal.page: the login form, the session's cookie, its CSRF token and the page's own
Origin, as the page's JavaScript sends them), with a request that takes any headers and logs in
first when it has no session yet."""
from __future__ import annotations

from director.rehearsal.page import LOGIN_COOKIE, SESSION_COOKIE, Page

__all__ = ["LOGIN_COOKIE", "SESSION_COOKIE", "PageSession"]


class PageSession(Page):
    def headers(self, method: str) -> dict:
        """The headers the page's own requests carry (logging in first if need be)."""
        if self.token is None:
            self.login()
        return super().headers(method)

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict | None = None) -> tuple[int, bytes]:
        status, data, _ = self._send(method, path, body, {**self.headers(method), **(headers or {})})
        return status, data
