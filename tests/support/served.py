"""A test's own HTTP server (http.server's: a hostile or rogue director, a relay) served from a
thread, and stopped at once."""
from __future__ import annotations

import threading
from socketserver import BaseServer

#: How often the serving thread looks for ``shutdown()``: http.server's own half second made
#: each test that stops a server wait that long (the hostile answers' 36 tests, 18 s of waiting).
POLL_S = 0.02


def serve(server: BaseServer) -> threading.Thread:
    """``server.serve_forever`` in a daemon thread, started; ``server.shutdown()`` returns within
    ``POLL_S``."""
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": POLL_S}, daemon=True)
    thread.start()
    return thread
