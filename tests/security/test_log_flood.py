"""Attack: one address writes the director's log full: enrollment starts for a table with no
code are answered 404 and each wrote a line (200-500 lines a second from one phone). Starts are
now counted per address (director.tables.exchange: 10, then 429 with Retry-After, unlogged), and
the lines about one address are bounded besides (director.limits.LogLimiter: a burst, then one
a second; the next line written says how many were not): nothing is stored, and an honest
table's post is answered while the flood runs (how fast: python -m bench honest). The same bound holds for the
tables' API's refusals of what a browser sends (director.web.guard), which are not otherwise
counted but by the address's requests a second."""
import logging
import math
import time

from director.limits import LOG_LINES_AT_ONCE, LOG_LINES_PER_S
from director.tables.exchange import START_EVERY_S, STARTS_AT_ONCE
from common.wire import code_exchange as protocol
from tests.security.conftest import Attack, assert_honest_table_served

FLOOD = 300


def lines_from(caplog, logger: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == logger]


def bound(started: float) -> int:
    """The lines one address may have written since ``started``."""
    return LOG_LINES_AT_ONCE + math.ceil((time.monotonic() - started) * LOG_LINES_PER_S) + 1


def test_enrollment_starts_without_a_code_write_a_few_lines_not_hundreds(director, caplog):
    start = protocol.TableExchange("7", "123456").start_body()     # table 7 has no code
    caplog.set_level(logging.INFO, logger="director.tables.exchange")
    started = time.monotonic()
    answers = [director.request("POST", "/api/enroll/start", start, anonymous=True).code
               for _ in range(FLOOD)]
    allowed = STARTS_AT_ONCE + math.ceil((time.monotonic() - started) / START_EVERY_S)
    assert answers[:STARTS_AT_ONCE] == [404] * STARTS_AT_ONCE and set(answers) == {404, 429}
    assert answers.count(404) <= allowed                     # then one every 6 s
    lines = lines_from(caplog, "director.tables.exchange")
    assert 1 <= len(lines) <= bound(started), len(lines)
    assert all(line.startswith("enrollment of table 7 from 127.0.0.1 refused: no enrollment "
                               "code for table 7") for line in lines)
    assert director.rows("enrollment_codes") == director.rows("enrolled") == []
    assert_honest_table_served(director)


def test_an_honest_table_is_served_while_the_flood_runs(director, caplog):
    start = protocol.TableExchange("7", "123456").start_body()
    caplog.set_level(logging.INFO, logger="director.tables.exchange")
    started = time.monotonic()

    def attack():
        assert director.request("POST", "/api/enroll/start", start, anonymous=True).code in (404, 429)

    with Attack(attack, least=50):
        assert_honest_table_served(director)
    assert len(lines_from(caplog, "director.tables.exchange")) <= bound(started)


def test_a_browsers_posts_refused_at_the_door_write_a_few_lines(director, caplog):
    caplog.set_level(logging.INFO, logger="director.web.guard")
    started = time.monotonic()
    answers = [director.request("POST", "/api/tables/5/status", b"{}", {
        "Content-Type": "text/plain"}, anonymous=True).code for _ in range(FLOOD)]
    assert answers == [415] * FLOOD
    assert LOG_LINES_AT_ONCE <= len(lines_from(caplog, "director.web.guard")) <= bound(started)
    assert director.rows("status") == director.rows("rejections") == []
    assert_honest_table_served(director)
