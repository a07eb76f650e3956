"""Enrolling a table by its one-time code, for real: the director's service on 127.0.0.1, its
code made by ``python -m director enroll``, the table's side as ``python -m kiosk enroll`` or the
protocol's code over real sockets; the enrollment on the table's data partition read as its
config, its results then taken. The first journey runs every part as the process it is on the
day (``python -m director``, both commands as processes of their own); the others run the same
service and commands in the test's process (tests/support/cli.py, tests/support/fixtures.py).

And the attacks: a wrong code (each a try, three from one address end it there), an expired code, a used code, a
replayed exchange (either message again), and a sniffed exchange, recorded by a proxy between
the table and the director, that gives no key, not even to someone who then learns the code."""
import json
import re
import socket
import stat
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from director.event.db import DirectorDB
from director.tables import codes
from kiosk.config import kiosk_config, load
from kiosk.pin import verify_pin
from common.wire import code_exchange as protocol
from common.wire.signing import sign, table_key, wire
from tests.support import cli
from tests.support.director_harness import result_doc

KEY = b"enrollment-test-key-0123"
TOURNAMENT = "Newcomer Open"


@pytest.fixture
def director(make_director):
    return make_director(key=KEY, tournament=TOURNAMENT)


def director_enroll(director, *tables, extra=(), command=cli.run):
    """``python -m director enroll`` as the director types it: {table: (code, PIN)}."""
    out = command("director", "enroll", *tables, "--db", director.db_path, "--key-file",
                  director.key_file, "--tournament", TOURNAMENT, *extra)
    assert out.returncode == 0, out.stderr
    made = re.findall(r"table (\S+): code (\d{3} \d{3}) \(until \d\d:\d\d, 3 tries\); its "
                      r"director's PIN (\d{8})", out.stdout)
    return {table: (code.replace(" ", ""), pin) for table, code, pin in made}


def table_config(tmp_path) -> Path:
    path = tmp_path / "kiosk.toml"
    path.write_text(f'[hardware]\nbuttons = "sim"\n[kiosk]\nenrollment = "{tmp_path / "data" / "enrollment.toml"}"\n')
    return path


def kiosk_enroll(config: Path, table: str, code: str, url: str, command=cli.run):
    return command("kiosk", "enroll", "--config", config, "--table", table, "--code", code,
                   "--director", url)


def code_row(director, table: str) -> dict:
    [row] = [r for r in director.rows("enrollment_codes") if r["table_name"] == table]
    return row


@pytest.mark.slow
def test_a_table_enrolls_by_its_code_and_signs_what_the_director_takes(tmp_path, director_process):
    director = director_process(key=KEY, tournament=TOURNAMENT)      # every part a real process
    made = director_enroll(director, "7", "8", command=cli.spawn)
    code, pin = made["7"]
    assert made["8"][1] != pin and made["8"][0] != code          # each table its own code, PIN
    config = table_config(tmp_path)
    out = kiosk_enroll(config, "7", code, director.url, command=cli.spawn)
    assert out.returncode == 0, out.stderr
    enrollment = tmp_path / "data" / "enrollment.toml"
    assert out.stdout.strip() == (f"table 7 of {TOURNAMENT} enrolled by its code, from the "
                                  f"director at {director.url}: {enrollment}")
    assert stat.S_IMODE(enrollment.stat().st_mode) == 0o600     # it holds the table's key
    settings = load(config)
    kiosk = kiosk_config(settings)
    assert (kiosk.table, kiosk.tournament, kiosk.director_url) == ("7", TOURNAMENT, director.url)
    assert kiosk.key == table_key(KEY, "7") and settings.enrolled == str(enrollment)
    assert verify_pin(pin, kiosk.director_pin_hash) and pin not in enrollment.read_text()
    assert KEY.decode() not in enrollment.read_text()            # never the tournament key
    assert code_row(director, "7")["state"] == "used"
    assert [(r["table_name"], r["how"]) for r in director.rows("enrolled")] == [("7", "code")]
    signed = wire(sign(result_doc(7, tournament=TOURNAMENT), kiosk.key))
    request = urllib.request.Request(f"{director.url}/api/tables/7/results", data=signed, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert json.loads(answer.read())["outcome"] == "stored"
    assert "was wrong" not in director.log.read_text()            # a right code is not called wrong
    again = kiosk_enroll(config, "7", code, director.url, command=cli.spawn)  # a code works once
    assert again.returncode == 1 and "table 7's code was used already" in again.stderr


def test_wrong_codes_spend_the_tries_and_three_end_the_code_for_that_address(tmp_path, director):
    code, _ = director_enroll(director, "7")["7"]
    wrong = f"{(int(code) + 1) % 10**6:06d}"
    config = table_config(tmp_path)
    said = [kiosk_enroll(config, "7", wrong, director.url) for _ in range(3)]
    assert [s.returncode for s in said] == [1, 1, 1]
    assert "not table 7's code: 2 tries left" in said[0].stderr
    assert "not table 7's code: 1 try left" in said[1].stderr
    assert "the code has ended: ask the director for a new one" in said[2].stderr
    wrongs = director.log.read_text().count("the code typed at table 7 was wrong")
    assert wrongs == 3                             # the director's log says each try was wrong
    right = kiosk_enroll(config, "7", code, director.url)        # too late: its tries are spent
    assert right.returncode == 1 and ("table 7's code: the 3 tries from this address (127.0.0.1) "
                                      "are spent") in right.stderr
    assert not (tmp_path / "data").exists()                      # nothing written
    # the tries were this address's: the code is still open to another (issue 27: one phone's
    # wrong tries must not end a table's code), until its tries in all are spent
    assert (code_row(director, "7")["state"], code_row(director, "7")["tries_left"]) == (
        "open", codes.TRIES_IN_ALL - 3)
    assert director.rows("enrolled") == []
    other = kiosk_enroll(config, "9", code, director.url)         # table 9 has no code at all
    assert other.returncode == 1 and "no enrollment code for table 9" in other.stderr
    fresh, _ = director_enroll(director, "7")["7"]                 # the director makes a new one
    assert kiosk_enroll(config, "7", fresh, director.url).returncode == 0


def test_an_expired_code_is_refused(tmp_path, director):
    with DirectorDB.open(director.db_path) as db:                     # made an hour ago, 10 minutes
        made = codes.make(db, "7", time.time() - 3600)
    out = kiosk_enroll(table_config(tmp_path), "7", made.code, director.url)
    assert out.returncode == 1 and "table 7's code expired" in out.stderr
    assert not (tmp_path / "data").exists()


def test_a_code_for_table_7_does_not_enroll_table_8(tmp_path, director):
    made = director_enroll(director, "7", "8")
    out = kiosk_enroll(table_config(tmp_path), "8", made["7"][0], director.url)
    assert out.returncode == 1 and "not table 8's code: 2 tries left" in out.stderr


def post(url: str, body: bytes) -> tuple[int, bytes]:
    request = urllib.request.Request(url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def test_a_replayed_exchange_gives_nothing_and_confirms_nothing(director):
    code, _ = director_enroll(director, "7")["7"]
    table = protocol.TableExchange("7", code)
    status, raw = post(f"{director.url}/api/enroll/start", table.start_body())
    assert status == 200
    answer = protocol.parse_start_answer(raw)
    table.open(answer)                                           # the table's own exchange
    confirm = table.confirm_body(answer.exchange)
    # the table's first message sent again by someone else: a new exchange, sealed under a key
    # only the table's secret half could give; the replayer cannot open it with the right code
    status, raw = post(f"{director.url}/api/enroll/start", table.start_body())
    assert status == 200
    replayed = protocol.parse_start_answer(raw)
    assert replayed.exchange != answer.exchange and replayed.sealed != answer.sealed
    with pytest.raises(protocol.WrongCode):
        protocol.TableExchange("7", code).open(replayed)
    # the director's old answer replayed to a new table exchange: it does not open
    with pytest.raises(protocol.WrongCode):
        protocol.TableExchange("7", code).open(answer)
    assert post(f"{director.url}/api/enroll/confirm", confirm)[0] == 200
    status, raw = post(f"{director.url}/api/enroll/confirm", confirm)    # confirmed once only
    assert status == 404 and b"no such enrollment exchange" in raw
    forged = json.dumps({"exchange": replayed.exchange, "confirm": "0" * 64}).encode()
    assert post(f"{director.url}/api/enroll/confirm", forged)[0] == 403
    assert [(r["table_name"], r["how"]) for r in director.rows("enrolled")] == [("7", "code")]


class Recorder:
    """A TCP proxy on 127.0.0.1 that forwards to ``target`` and keeps every byte both ways: what
    a neighbour on the Wi-Fi sees."""

    def __init__(self, target_port: int):
        self.target, self.seen = target_port, []
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target), timeout=30)
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, source, sink):
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            if not data:
                for s in (source, sink):
                    try:
                        s.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass
                return
            self.seen.append(data)
            sink.sendall(data)

    def close(self):
        self.server.close()


def test_a_sniffed_exchange_yields_no_key_even_to_someone_who_learns_the_code(tmp_path, director):
    code, _ = director_enroll(director, "7")["7"]
    proxy = Recorder(director.port)
    try:
        out = kiosk_enroll(table_config(tmp_path), "7", code, f"http://127.0.0.1:{proxy.port}")
    finally:
        proxy.close()
    assert out.returncode == 0, out.stderr
    crossed = b"".join(proxy.seen)
    secret = table_key(KEY, "7")
    assert secret.hex().encode() not in crossed and secret not in crossed and b"scrypt$" not in crossed
    bodies = [json.loads(m) for m in re.findall(rb"\{[^{}]*\}", crossed)]
    start = next(b for b in bodies if "protocol" in b)
    answer = protocol.parse_start_answer(json.dumps(next(b for b in bodies if "sealed" in b)).encode())
    assert start["table"] == "7" and code.encode() not in crossed
    # Every guess of the code, the right one among them, against what was seen: none opens the
    # seal, since SPAKE2's key also needs a secret neither side ever sent. (A guess can only be
    # tried in an exchange of one's own with the director, who ends a code after three.)
    guesses = [code] + [f"{(int(code) + n) % 10**6:06d}" for n in range(1, 40)]
    for guess in guesses:
        eavesdropper = protocol.TableExchange("7", guess)
        with pytest.raises(protocol.WrongCode):
            eavesdropper.open(answer)


def test_a_table_on_a_serial_line_enrolls_from_a_usb_stick_by_its_number(tmp_path):
    (tmp_path / "t.key").write_bytes(KEY + b"\n")
    stick = tmp_path / "stick"
    made = cli.run("director", "enroll", "7", "8", "--serial", "/dev/serial0", "--stick", stick,
                   "--key-file", tmp_path / "t.key", "--tournament", TOURNAMENT)
    assert made.returncode == 0, made.stderr
    assert sorted(p.name for p in (stick / "tablekeeper").iterdir()) == ["table-7.toml", "table-8.toml"]
    assert stat.S_IMODE((stick / "tablekeeper" / "table-7.toml").stat().st_mode) == 0o600
    code = re.search(r"table 7: .* its code (\d{3} \d{3}) \(not on the stick\)", made.stdout)[1]
    assert code.replace(" ", "") not in (stick / "tablekeeper" / "table-7.toml").read_text()
    config = table_config(tmp_path)
    out = cli.run("kiosk", "enroll", "--config", config, "--table", "7", "--stick", stick, "--code", code)
    assert out.returncode == 0, out.stderr
    assert "[stick]" not in (tmp_path / "data" / "enrollment.toml").read_text()   # the seal stays behind
    kiosk = kiosk_config(load(config))
    assert (kiosk.table, kiosk.director_serial, kiosk.director_serial_address) == ("7", "/dev/serial0", 7)
    assert kiosk.key == table_key(KEY, "7") and kiosk.director_url == ""
    missing = cli.run("kiosk", "enroll", "--config", config, "--table", "9", "--stick", stick, "--code", code)
    assert missing.returncode == 1 and "no tablekeeper/table-9.toml on a USB stick" in missing.stderr
