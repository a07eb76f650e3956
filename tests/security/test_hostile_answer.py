"""Attack (issue 27 item 7): a hostile answer froze or crashed a table. An enrollment answer of
64 KiB of ``[`` killed the ENROLL screen's worker (a RecursionError: the screen stayed on
"working" until a power cycle); a signed assignment whose correction names a game id of 20
digits or with ``²`` sent the table to its failsafe on every pass (SQLite's integer overflowed;
``int`` refused the superscript ``str.isdigit`` took); answers parsed by ``json.loads`` (a
result's acknowledgement, a serial ACK, a verdict) recursed on deep nesting; a tournament name
of 5,000 characters, mostly spaces, got through the config into every document.

Each attack runs against a real table: the kiosk (its loop, screens, store and link) linked to a
director on 127.0.0.1 that answers what the attack sends (tests/support/protocol_director.py),
or, for enrolling, the ENROLL screen with the real director's service behind a hostile door.
Every answer the table takes is checked against the protocol's one schema (common.wire.schema
and the types made of its parts: common.wire.code_exchange's, kiosk.link.answers) before anything
reads it: the table refuses it, says what it refused, and keeps playing (or lets the volunteer
try again). Those main already refused (the schema's ``Wall``, ``Name``, ``Tournament``) are
here too, so that they stay refused."""
from __future__ import annotations

import json
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from bench.rigs.linked_kiosk import LinkedKiosk
from bench.rigs.sync_kiosks import KEY, TOURNAMENT
from kiosk.config import load
from common.game.errors import ConfigError
from kiosk.link.answers import Challenges, Verdict, checked
from common.wire.code_exchange import director_answer, enrollment, parse_start
from kiosk.link.http_client import AssignmentError, DirectorClient
from common.wire.signing import sign, station_key, table_key
from kiosk.link.station_link import StationClient
from kiosk.ui.setup.enroll import EnrollScreen
from kiosk.ui.widgets.failsafe import FailsafeScreen
from tests.support.protocol_director import ProtocolDirector
from tests.support.wait import wait_until
from tests.support.enroll_steps import new_code, until
from tests.support.ui_harness import Harness
from tests.support.dummy_display import display  # noqa: F401 - the session's display
from tests.support.served import serve

WAIT_S = 60
BRACKETS = b"[" * (64 << 10)


# --- enrolling: the ENROLL screen behind a hostile door ------------------------------------------------

class HostileDoor:
    """The director's service behind a door that answers the table's first ``len(answers)``
    enrollment starts itself (each a (code, bytes), or a callable of the start's body giving
    them), and hands every other request to the real service."""

    def __init__(self, real_url: str, answers: list):
        self.real_url, self.answers = real_url, list(answers)
        door = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if self.path == "/api/enroll/start" and door.answers:
                    answer = door.answers.pop(0)
                    code, data = answer(body) if callable(answer) else answer
                else:
                    code, data = door.forward(self.path, body)
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        serve(self.server)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def forward(self, path: str, body: bytes) -> tuple[int, bytes]:
        request = urllib.request.Request(self.real_url + path, data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=WAIT_S) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def director(make_director):
    """The real director's service (in this process, tests/support/fixtures.py)."""
    return make_director(key=KEY, tournament=TOURNAMENT)


def sealed_by_a_hostile_director(code: str, **fields):
    """A start answered by a director who knows the code but seals an enrollment of its own."""
    def answer(body: bytes) -> tuple[int, bytes]:
        start = parse_start(body)
        sealed = enrollment(table=start.table, tournament=TOURNAMENT, key=table_key(KEY, start.table),
                            pin_hash="scrypt$" + "ab" * 40, preset="aspa", overrides={}) | fields
        return 200, director_answer(start.table, code, start.message, sealed).body(2)
    return answer


HOSTILE_STARTS = {
    "64 KiB of [ answered 200": ((200, BRACKETS), "the director's answer is not one this table takes "
                                 "(the director's answer: expected a JSON object of at most 8192 bytes)"),
    "64 KiB of [ answered 500": ((500, BRACKETS), "the director answered 500 with no answer the "
                                 "protocol has (65536 bytes)"),
    "8,000 [ answered 200": ((200, b"[" * 8000), "the director's answer: Expected `object`, got `array`"),
    "a sealed part not hex": ((200, json.dumps({"exchange": "a" * 32, "message": "b" * 66, "sealed": "zz" * 40,
                                                "tries_left": 3}).encode()),
                              "sealed: Expected `str` of pairs of lowercase hex digits"),
    "an error of 5,000 lines": ((404, json.dumps({"error": "no\n" * 5000}).encode()),
                                "the director answered 404 with no answer the protocol has"),
}


@pytest.mark.parametrize("name", list(HOSTILE_STARTS))
def test_a_hostile_enrollment_answer_is_refused_on_the_screen_and_the_volunteer_tries_again(
        tmp_path, director, name):
    answer, said = HOSTILE_STARTS[name]
    door = HostileDoor(director.url, [answer])
    saved = tmp_path / "data" / "enrollment.toml"
    k = Harness(tmp_path / "shots", store=tmp_path / "kiosk.sqlite", gpio=True, pin_hash=None,
                table="1", enrollment=str(saved), director_url=door.url)
    try:
        assert isinstance(k.screen, EnrollScreen)
        code = new_code(director, "7")
        k.type("\b7\n", at=1).type(code + "\n", at=2)
        second = until(k, lambda: "not enrolled" in k.view.error, 2)
        assert said in k.view.error, k.view.error
        assert k.view.error.isprintable() and len(k.view.error) < 600
        assert k.screen.step == "code" and not saved.exists()
        assert k.kiosk.machine.failures == 0
        k.type(code + "\n", at=second + 1)                     # the volunteer tries again
        until(k, lambda: k.kiosk.machine.restart, second + 1)
        assert k.view.entry == "ENROLLED: starting again" and saved.exists()
    finally:
        k.close()
        door.close()


@pytest.mark.parametrize("fields, said", [
    ({"tournament": "T" * 101}, "tournament: Expected `str` of length <= 100"),
    ({"tournament": "T" * 5000}, "the director's answer: expected a JSON object of at most 8192 bytes"),
    ({"tournament": "Open\nkey = 1"}, "tournament: Expected `str` of single-line printable text"),
    ({"director": "\x00" * 10}, "director: Expected `str` of single-line printable text"),
    ({"overrides": {"timing": 5}}, "overrides[...]: Expected `object`, got `int`"),
], ids=["101 characters", "5,000 characters", "a newline", "a NUL", "overrides not a table"])
def test_a_sealed_enrollment_the_schema_refuses_is_never_written(tmp_path, director, fields, said):
    """A director who knows the code seals a tournament of 5,000 characters (or a line break, a
    NUL): the table opens the seal, refuses what is in it, writes nothing and says why."""
    code = new_code(director, "7")
    door = HostileDoor(director.url, [sealed_by_a_hostile_director(code, **fields)])
    saved = tmp_path / "data" / "enrollment.toml"
    k = Harness(tmp_path / "shots", store=tmp_path / "kiosk.sqlite", gpio=True, pin_hash=None,
                table="1", enrollment=str(saved), director_url=door.url)
    try:
        k.type("\b7\n", at=1).type(code + "\n", at=2)
        until(k, lambda: "not enrolled" in k.view.error, 2)
        assert said in k.view.error, k.view.error
        assert not saved.exists() and k.screen.step == "code" and k.kiosk.machine.failures == 0
    finally:
        k.close()
        door.close()


# --- the assignment and its corrections: a real table linked to a hostile director -------------------

@pytest.fixture
def linked(tmp_path):
    """(the protocol director on 127.0.0.1, make(): a kiosk of table 7 linked to it)."""
    server = ProtocolDirector(KEY).up()
    made = []

    def make() -> LinkedKiosk:
        made.append(LinkedKiosk(tmp_path / f"kiosk-{len(made)}.sqlite", server.url))
        return made[-1]
    yield server, make
    for kiosk in made:
        kiosk.close()
    server.down()


def assign(server, **fields) -> None:
    server.assign("7", **({"tournament": TOURNAMENT, "division": "A", "players": ["Ann", "Bob"]} | fields))


def passes(kiosk, count: int = 20) -> None:
    """``count`` passes of the table's loop after its link has fetched the assignment again."""
    fetched = kiosk.link.sender.link
    wait_until(lambda: kiosk.step() is not None and kiosk.link.sender.link is not fetched,
               what="the link's next pass")
    for _ in range(count):
        kiosk.step()


def assert_playing(kiosk) -> None:
    assert not isinstance(kiosk.kiosk.machine.screen, FailsafeScreen)
    assert kiosk.kiosk.machine.failures == 0


@pytest.mark.parametrize("fields, why", [
    ({"round_started_wall": -1e300}, "round_started_wall: Expected `float` >= 0.0"),
    ({"round_started_wall": float("-inf")}, "no answer the protocol has (not JSON: "),
    ({"round_ended_wall": 1e300}, "round_ended_wall: Expected `float` <= 17179869184.0"),
    ({"players": ["Ann\x00", "Bob"]}, "players[0]: Expected `str` of single-line printable text"),
    ({"tournament": "T" * 5000}, "tournament: Expected `str` of length <= 100"),
    ({"corrections": [{"id": 10 ** 19, "round": 1, "game_id": "g", "kind": "void", "final": None,
                       "reason": "x", "wall": 1.7e9}]}, "corrections[0].id: Expected `int` <= 2147483647"),
], ids=["wall -1e300", "wall -Infinity", "wall 1e300", "a NUL in a name", "tournament 5,000",
        "a correction id of 20 digits"])
def test_a_signed_assignment_out_of_the_schema_is_refused_said_and_the_table_plays_on(linked, fields, why):
    """Already refused on main (the schema's ``Wall``, ``Name``, ``Tournament``...): the table
    keeps its game, its top line says what it refused, and it never reaches the failsafe."""
    server, make = linked
    assign(server, players=["Cy", "Dee"])
    kiosk = make()
    wait_until(lambda: kiosk.step() is not None and kiosk.state.players == ("Cy", "Dee"),
               what="the honest assignment")
    assign(server, **({"players": ["Cy", "Dee"], "revision": 2} | fields))
    wait_until(lambda: kiosk.step() is not None and why in kiosk.kiosk.table.info.alert,
               what="the refusal on the table's top line")
    assert kiosk.view.top.startswith("call the director: this table refused the director's last assignment")
    passes(kiosk)
    assert_playing(kiosk)
    assert kiosk.state.players == ("Cy", "Dee") and TOURNAMENT == kiosk.kiosk.session.setup.tournament
    kiosk.press("left", at=1)                                  # the game goes on
    assert kiosk.state.clock.running == 1


@pytest.mark.parametrize("game_id", ["table-7-round-1-game-12345678901234567890", "table-7-round-1-game-²",
                                     "table-7-round-1-game-" + "9" * 79])
def test_a_correction_naming_a_game_no_journal_holds_is_said_and_the_table_plays_on(linked, game_id):
    """Fixed: a game id of 20 digits overflowed SQLite's integer, ``²`` passed ``isdigit`` and
    failed ``int``: the failsafe on every pass. Such an id names no game of the journal: the
    correction is journaled in the game at the table, as for any game it does not hold, and said."""
    server, make = linked
    assign(server, corrections=[{"id": 3, "round": 1, "game_id": game_id, "kind": "void", "final": None,
                                 "reason": "wrong pairing", "wall": 1.7e9}])
    kiosk = make()
    wait_until(lambda: kiosk.step() is not None
               and "the director corrected round 1: void, no game (wrong pairing)" in kiosk.view.top,
               what="the correction said on the top line")
    passes(kiosk)
    assert_playing(kiosk)
    assert kiosk.kiosk.table.info.alert == ""
    kiosk.press("left", at=1)
    assert kiosk.state.clock.running == 1


def test_a_superscript_in_a_name_is_a_name_and_the_game_is_played(linked):
    """``²`` is printable text: a name may hold it, and the table plays under it."""
    server, make = linked
    assign(server, players=["Ann²", "Bob"])
    kiosk = make()
    wait_until(lambda: kiosk.step() is not None and kiosk.state.players == ("Ann²", "Bob"),
               what="the assignment taken")
    passes(kiosk)
    assert_playing(kiosk)
    kiosk.press("left", at=1)
    assert kiosk.state.clock.running == 1 and kiosk.kiosk.table.info.alert == ""


# --- the other answers: a result's acknowledgement, a status's, an assignment's bytes ---------------

@pytest.mark.parametrize("path, code, raw, reason, shown", [
    ("status", 200, BRACKETS, "director answered 200 with no answer the protocol has (not JSON this "
     "schema has: nested deeper than any document; 65536 bytes)", "director not reached"),
    ("status", 200, json.dumps({"outcome": "stored", "held": "all"}).encode(),
     "the director's answer is not the protocol's: held: Expected `array | null`, got `str`",
     "director not reached"),
    ("status", 200, json.dumps({"outcome": "taken\x00"}).encode(),
     "the director's answer is not the protocol's: outcome", "director not reached"),
    ("assignment", 200, BRACKETS, "director answered 200 with no answer the protocol has (not JSON this "
     "schema has: nested deeper than any document; 65536 bytes)", "call the director: this table "
     "refused the director's last assignment (director answered 200 with no answer the protocol has"),
    ("status", 403, json.dumps({"error": "no\n" * 50_000}).encode(), "403 no no no",
     "the director refused the status: no no no"),
], ids=["status: 64 KiB of [", "status: held not a list", "status: an outcome with a NUL",
        "assignment: 64 KiB of [", "status: an error of 50,000 lines"])
def test_a_hostile_answer_to_the_link_is_not_believed_and_the_table_plays_on(linked, path, code, raw,
                                                                              reason, shown):
    """The link's answers are parsed by the schema's bounded parser and an acknowledgement is
    checked as the schema's ``Answer``: what is not one is not believed (the director counts
    as not reached, asked again later), with the reason in one printable line."""
    server, make = linked
    assign(server)
    server.raw[f"/api/tables/7/{path}"] = (code, raw)
    client = DirectorClient(server.url, "7", table_key(KEY, "7"))
    answer = (client._answer(urllib.request.Request(f"{client.base}/assignment")) if path == "assignment"
              else client.post("status", {"document": {"table": "7"}, "signature": "0" * 64}))
    assert reason in answer.reason and answer.reason.isprintable() and len(answer.reason) <= 300
    kiosk = make()
    wait_until(lambda: kiosk.step() is not None and shown in kiosk.view.top,
               what=f"{shown!r} on the table's top line")
    passes(kiosk)
    assert_playing(kiosk)
    assert len(kiosk.kiosk.table.info.link) < 400
    kiosk.press("left", at=1)
    assert kiosk.state.clock.running == 1


def test_a_results_acknowledgement_out_of_the_schema_leaves_the_result_to_send_again(linked):
    """A 200 whose body is not the protocol's answer is not believed: the result stays in the
    outbox (sent again later), the table says it waits, and plays on."""
    from tests.security.test_honest_slip import GAME
    server, make = linked
    assign(server)
    server.raw["/api/tables/7/results"] = (200, json.dumps({"outcome": ["stored"]}).encode())
    kiosk = make()
    wait_until(lambda: kiosk.step() is not None and kiosk.state.players == ("Ann", "Bob"),
               what="the assignment taken")
    for command, at in GAME:
        assert kiosk.submit(command, at), command
    wait_until(lambda: kiosk.step() is not None and ("results", 200) in server.posts,
               what="the result posted")
    passes(kiosk)
    assert_playing(kiosk)
    assert server.results == {} and kiosk.link.sender.link.pending == 1
    assert kiosk.kiosk.table.info.link == "result waiting to send (1)"


# --- the judge station's answers -------------------------------------------------------------------

VERDICT = {"schema": 1, "kind": "verdict", "tournament": TOURNAMENT, "table": "7", "challenge_id": "c1",
           "words": ["QI"], "valid": True, "station": "1", "lexicon": "CSW21"}


@pytest.mark.parametrize("fields, said", [
    ({"words": 5}, "words: Expected `array`, got `int`"),
    ({"words": ["Q\x00"]}, "words[0]: Expected `str` of single-line printable text"),
    ({"valid": "yes"}, "valid: Expected `bool`, got `str`"),
], ids=["words a number", "a NUL in a word", "valid a word"])
def test_a_signed_verdict_out_of_the_schema_is_refused_naming_the_field(linked, fields, said):
    server, _ = linked
    server.raw["/api/tables/7/verdict"] = (200, json.dumps(sign(VERDICT | fields, table_key(KEY, "7"))).encode())
    client = DirectorClient(server.url, "7", table_key(KEY, "7"))
    with pytest.raises(AssignmentError, match="the judge station's verdict refused: " + said.replace("[", "\\[")):
        client.verdict()
    checked(VERDICT, Verdict)                                  # what the director sends is taken


@pytest.mark.parametrize("challenges, said", [
    ([{"challenge_id": "c", "table": "7", "round": 10 ** 20, "words": []}], "challenges[0].round: Expected `int` <= 999"),
    ([{"challenge_id": "c", "table": "7\n", "round": 1, "words": []}], "challenges[0].table"),
    ("all", "challenges: Expected `array`, got `str`"),
], ids=["a round of 21 digits", "a table with a newline", "not a list"])
def test_the_stations_challenges_out_of_the_schema_are_refused_naming_the_field(linked, challenges, said):
    server, _ = linked
    document = {"schema": 1, "kind": "challenges", "tournament": TOURNAMENT, "station": "1",
                "challenges": challenges}
    server.raw["/api/stations/1/challenges"] = (200, json.dumps(sign(document, station_key(KEY, "1"))).encode())
    client = StationClient(server.url, "1", station_key(KEY, "1"))
    with pytest.raises(ValueError, match="the challenges open refused: " + said.replace("[", "\\[")):
        client.challenges()
    checked(document | {"challenges": [{"challenge_id": "c", "table": "7", "round": 1, "player": 0,
                                        "words": ["QI"], "opened_wall": 1.7e9}]}, Challenges)


# --- the config -----------------------------------------------------------------------------------

@pytest.mark.parametrize("tournament", [" " * 4990 + "Open", "T" * 5000, "Open\x00", "Open\u2028Cup"],
                         ids=["5,000, mostly spaces", "5,000", "a NUL", "a line separator"])
def test_a_tournament_name_the_schema_refuses_stops_at_the_config(tmp_path, tournament):
    """Fixed for the first: the config's length was counted without the spaces around the name,
    so 4,990 spaces and "Open" went into every document (and the director refused them all)."""
    config = tmp_path / "kiosk.toml"
    config.write_text(f"[kiosk]\ntournament = {json.dumps(tournament)}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="kiosk.tournament.*single-line printable text of at most 100"):
        load(config)
