"""The attacks of docs/threat-model.md, one test each, against the real parts: the director's
service on 127.0.0.1 (in a thread, tests/support/director_harness.py, or as a process with a
serial line on a pseudo-terminal, bench/rigs/director_process.py), the kiosk as a process.
Each asserts the answer, that nothing was stored (beyond the rejection row that audits a refusal),
and that the service still serves."""
from __future__ import annotations

import json
import os
import select

import pytest

from bench.rigs.director_process import DirectorProcess
from bench.rigs.lossy_proxy import Pty
from director.web.parts import standings_part
from director.event.model import Pairing, Player
from director.event.rounds import start_round, store_pairings, store_players
from common.game import events as ev
from common.replay import replay_lines
from common.wire.document import journal_hash, result_document
from common.wire.framing import ACK, DATA, POLL, Frame, FrameReader, encode
from tests.support.director_harness import KEY, TOURNAMENT, Director, game_script, signed_bytes
from tests.support.wait import wait_until

WAIT_S = 60.0


@pytest.fixture
def limited(make_director, request):
    """A director with the limits the test names (``@pytest.mark.parametrize("limited",
    [{"limits.requests_per_s": 1}], indirect=True)``)."""
    return make_director(settings=request.param)


class SerialTable:
    """The table's end of a serial line to the real director, played by hand: answer its POLL
    for ``address`` with a DATA frame and read its ACK."""

    def __init__(self, pty: Pty, address: int):
        self.pty, self.address, self.reader, self.seq = pty, address, FrameReader(), 100

    def _frames(self, until):
        def heard():
            if select.select([self.pty.fd], [], [], 0.05)[0]:
                for frame in self.reader.feed(os.read(self.pty.fd, 65536)):
                    if frame.address == self.address and until(frame):
                        return frame
            return None
        return wait_until(heard, WAIT_S, "the director's answer on the serial line", every=0)

    def send(self, path: str, raw: bytes) -> Frame:
        """At the next POLL, DATA ``path`` + the signed document's bytes; the director's ACK."""
        self._frames(lambda f: f.type == POLL)
        self.seq += 1
        os.write(self.pty.fd, encode(Frame(DATA, self.address, self.seq, path.encode() + b"\n" + raw)))
        return self._frames(lambda f: f.type == ACK and f.seq == self.seq)


@pytest.fixture
def serial_director(tmp_path):
    """(the director as a process polling table 5 on a serial line, the table's end of it)."""
    pty = Pty()
    process = DirectorProcess(tmp_path / "serial-director.sqlite", KEY.encode(), tournament=TOURNAMENT,
                              args=("--serial", pty.name, "--addresses", "5")).start()
    yield process, SerialTable(pty, 5)
    process.stop()
    pty.close()


@pytest.fixture
def paired_director(director):
    """The director (aspa) with round 1's pairings, started: Ann v Bob at table 5, Cat v Dan at
    table 6."""
    store_players(director.db, [Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cat"), Player(4, "Dan")])
    store_pairings(director.db, [Pairing(1, "5", (1, 2), 0), Pairing(1, "6", (3, 4), 1)])
    start_round(director.db, 1, 1000.0)
    return director


def played(table="5", round_number=1, players=("Ann", "Bob"), scores=(30, 20), preset="aspa",
           overrides=None) -> dict:
    """The result document of a game really played through the core (the harness's game)."""
    script = game_script(round_number, players, scores, preset)
    if overrides:
        script[0]["overrides"] = overrides
    replayed = replay_lines(json.dumps(line) for line in script)
    return result_document(replayed.state, replayed.events, replayed.state.last_ns,
                           tournament=TOURNAMENT, table=table,
                           game_id=f"t{table}-r{round_number}")


def with_events(document: dict, events: list[dict]) -> dict:
    """``document`` carrying ``events`` (plain JSON) under their own journal hash: only the
    read-back can tell them from the result."""
    hashed = journal_hash(ev.from_dict(e) for e in events)
    return {**document, "events": events, "journal_sha256": hashed}


def assert_refused_and_nothing_stored(director: Director, answer, code: int, reason: str) -> None:
    """The answer, an empty database but for the one rejection row that audits the document
    (with its reason and the document), the page's problems list naming it, a live service."""
    assert (answer.code, answer.body) == (code, {"error": reason})
    assert director.rows("results") == director.rows("results_audit") == director.rows("status") == []
    (rejection,) = director.rows("rejections")
    assert (rejection["code"], rejection["reason"], rejection["path"]) == (code, reason, "results")
    assert json.loads(rejection["document"])["table"] == rejection["table_name"]
    problems = standings_part(director.db, director.config)["problems"]
    assert any(reason in problem and f"table {rejection['table_name']}:" in problem
               for problem in problems), problems
    assert_still_serving(director)


def assert_still_serving(director: Director) -> None:
    """The service answers, and takes the table's true result (under its own preset)."""
    assert director.up()
    true = director.post(5, "results", signed_bytes(played(preset=director.config.preset)))
    assert true.code == 200 and true.body["outcome"] == "stored"


def assert_honest_table_served(director, table: str = "8", tries: int = 3) -> None:
    """``tries`` honest status posts of ``table`` (a fresh connection each, as a kiosk's), each
    answered 200 and stored, within the harness's generous timeout. How fast they are answered
    under each attack is a figure of ``python -m bench honest``, not a test's."""
    from tests.support.director_harness import status_doc
    for n in range(tries):
        answer = director.post(table, "status", signed_bytes(status_doc(table, sent_wall=float(n))))
        assert answer.code == 200, answer
    assert table in {row["table_name"] for row in director.rows("status")}


class Attack:
    """``attack()`` called again and again in a thread of its own until the block ends (at least
    ``least`` times): the honest table posts while it runs."""

    def __init__(self, attack, least: int = 1):
        import threading
        self.attack, self.least, self.count, self.errors = attack, least, 0, []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.stop.is_set() or self.count < self.least:
            try:
                self.attack()
            except Exception as exc:        # noqa: BLE001 - reported by __exit__
                self.errors.append(exc)
                return
            self.count += 1

    def __enter__(self) -> "Attack":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(WAIT_S)
        assert not self.errors, self.errors
        assert self.count >= self.least
