"""The director's page as the rehearsal uses it, over real HTTP on 127.0.0.1: the login form,
the page's own requests (the session's cookie, its CSRF token, the page's Origin) to import the
event's file and start and end rounds, its downloads, and its live events.

``Watcher`` reads the page's server-sent events (``GET /events``) in a thread, keeping the
page's parts as the page's JavaScript does (director.web.live_patch.apply), and notes the wall
time at which each result of a round first shows in the ``results`` part: when it is on the
director's page. A director killed and started again ends the stream: the watcher logs in again
and reopens it, and a result that came in meanwhile shows when the page does.
"""
from __future__ import annotations

import base64
import http.client
import json
import re
import threading
import time
import urllib.parse
from http.cookies import SimpleCookie

from director.web.live_patch import apply

SESSION_COOKIE, LOGIN_COOKIE = "tablekeeper_session", "tablekeeper_login"
TIMEOUT_S = 60.0                 # generous: a noisy 2-core machine, a director restarting


class PageError(RuntimeError):
    pass


def _cookies(response: http.client.HTTPResponse) -> dict[str, str]:
    jar = SimpleCookie()
    for header in response.headers.get_all("Set-Cookie") or []:
        jar.load(header)
    return {name: morsel.value for name, morsel in jar.items()}


class Page:
    def __init__(self, url: str, password: str):
        self.url, self.password = url.rstrip("/"), password
        parts = urllib.parse.urlsplit(self.url)
        self.host, self.port = parts.hostname, parts.port
        self.token: str | None = None
        self.csrf: str | None = None

    def _send(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
              timeout: float = TIMEOUT_S):
        conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
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
            raise PageError(f"no login form at {self.url}/login ({status})")
        return token[1].decode(), _cookies(response)[LOGIN_COOKIE]

    def try_login(self, password: str | None = None) -> int:
        """One login with ``password`` (default the director's); its status (303 when it
        worked: the session and the page's CSRF token are then kept)."""
        token, cookie = self.login_form()
        form = urllib.parse.urlencode({"csrf": token, "password": password or self.password})
        status, _, response = self._send("POST", "/login", form.encode(), {
            "Content-Type": "application/x-www-form-urlencoded", "Origin": self.url,
            "Cookie": f"{LOGIN_COOKIE}={cookie}"})
        if status == 303:
            self.token = _cookies(response)[SESSION_COOKIE]
            _, page, _ = self._send("GET", "/", headers=self.headers("GET"))
            self.csrf = re.search(rb'name="csrf-token" content="([^"]+)"', page)[1].decode()
        return status

    def login(self) -> "Page":
        status = self.try_login()
        if status != 303:
            raise PageError(f"the director's login was refused ({status})")
        return self

    def headers(self, method: str) -> dict:
        headers = {"Cookie": f"{SESSION_COOKIE}={self.token}"}
        if method not in ("GET", "HEAD"):
            headers.update({"Origin": self.url, "X-CSRF-Token": self.csrf or ""})
        return headers

    def request(self, method: str, path: str, body: bytes | None = None,
                content_type: str = "application/json") -> tuple[int, bytes]:
        """The page's request, logging in again once if the session is gone (a restart)."""
        for attempt in (0, 1):
            if self.token is None:
                self.login()
            headers = self.headers(method)
            if body is not None:
                headers["Content-Type"] = content_type
            status, data, _ = self._send(method, path, body, headers)
            if status not in (401, 403, 303) or attempt:
                return status, data
            self.token = None
        return status, data

    def post(self, path: str, document: dict) -> dict:
        status, data = self.request("POST", path, json.dumps(document).encode())
        if status != 200:
            raise PageError(f"POST {path}: {status} {data.decode(errors='replace')[:300]}")
        return json.loads(data)

    def import_file(self, name: str, data: bytes) -> str:
        status, reply = self.request("POST", f"/api/import?name={urllib.parse.quote(name)}", data,
                                     content_type="text/plain")
        if status != 200:
            raise PageError(f"import {name}: {status} {reply.decode(errors='replace')[:300]}")
        return json.loads(reply)["message"]

    def import_files(self, files: list[tuple[str, bytes]]) -> str:
        """Several files at once (a config.tsh and its .t files), as the page's form sends them."""
        body = {"files": [{"name": name, "data": base64.b64encode(data).decode()}
                          for name, data in files]}
        status, reply = self.request("POST", "/api/import", json.dumps(body).encode())
        if status != 200:
            names = ", ".join(name for name, _ in files)
            raise PageError(f"import {names}: {status} {reply.decode(errors='replace')[:300]}")
        return json.loads(reply)["message"]

    def download(self, path: str) -> bytes:
        status, data = self.request("GET", path)
        if status != 200:
            raise PageError(f"GET {path}: {status} {data.decode(errors='replace')[:300]}")
        return data


class Watcher:
    """The page's live events, read in a thread: ``seen[(round, table)]`` is the wall time each
    result first showed (its revision in ``revisions``)."""

    def __init__(self, page: Page, clock=time.time):
        self.page, self.clock = page, clock
        self.parts: dict = {}
        self.seen: dict[tuple[int, str], float] = {}
        self.revisions: dict[tuple[int, str], set[int]] = {}
        self.reconnects = 0
        self._stop = threading.Event()
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="page-watcher", daemon=True)

    def start(self) -> "Watcher":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def wait_for(self, wanted: set[tuple[int, str]], timeout_s: float) -> set[tuple[int, str]]:
        """Until every result of ``wanted`` shows (or the timeout); the ones still missing."""
        deadline = time.monotonic() + timeout_s
        with self._changed:
            while (missing := wanted - set(self.seen)) and time.monotonic() < deadline:
                self._changed.wait(min(1.0, deadline - time.monotonic()))
        return missing

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._read()
            except (OSError, http.client.HTTPException, PageError, ValueError):
                pass
            if self._stop.is_set():
                return
            self.reconnects += 1
            self.page.token = None
            time.sleep(0.5)

    def _read(self) -> None:
        if self.page.token is None:
            self.page.login()
        conn = http.client.HTTPConnection(self.page.host, self.page.port, timeout=TIMEOUT_S)
        try:
            conn.request("GET", "/events", headers={**self.page.headers("GET"),
                                                      "Accept": "text/event-stream"})
            response = conn.getresponse()
            if response.status != 200:
                raise PageError(f"/events: {response.status}")
            part, data = None, []
            while not self._stop.is_set():
                line = response.readline()
                if not line:
                    return
                line = line.decode().rstrip("\r\n")
                if line.startswith("event: "):
                    part = line[7:]
                elif line.startswith("data: "):
                    data.append(line[6:])
                elif not line and part is not None:
                    self._take(part, json.loads("\n".join(data)))
                    part, data = None, []
        finally:
            conn.close()

    def _take(self, part: str, data) -> None:
        apply(self.parts, part, data)
        if part != "results":
            return
        now = self.clock()
        with self._changed:
            for group in self.parts["results"]:
                for row in group["rows"]:
                    key = (group["round"], str(row["table"]))
                    self.seen.setdefault(key, now)
                    self.revisions.setdefault(key, set()).add(row["revision"])
            self._changed.notify_all()
