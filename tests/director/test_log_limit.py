"""The log's bound (director.limits.LogLimiter): one address writes at most a burst of lines and
then one a second, every address together a bigger burst and 20 a second, and the next line
written about an address says how many were not; a library's lines (uvicorn's) are held the
same way, each message on its own."""
import logging

from director.limits import (LIBRARY_LINES_AT_ONCE, LIBRARY_LINES_PER_S, LOG_LINES_AT_ONCE,
                             LOG_LINES_TOTAL_AT_ONCE, LogLimiter, keep_lines_of)


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_one_address_writes_a_burst_then_a_line_a_second_saying_what_was_dropped(caplog):
    clock, logger = Clock(), logging.getLogger("tests.log_limit")
    limited = LogLimiter(logger, clock=clock)
    with caplog.at_level(logging.INFO, logger="tests.log_limit"):
        written = [limited.info("10.0.0.9", "enrollment of table %s from %s refused", "7", "10.0.0.9")
                   for _ in range(500)]
        assert sum(written) == LOG_LINES_AT_ONCE
        clock.now = 1.0
        assert limited.info("10.0.0.9", "enrollment of table %s from %s refused", "7", "10.0.0.9")
        assert limited.warning("10.0.0.5", "another address: %s", "10.0.0.5")   # not held up
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == LOG_LINES_AT_ONCE + 2
    assert lines[-2] == ("enrollment of table 7 from 10.0.0.9 refused (and 490 more lines about "
                         "10.0.0.9 not written before it: over the log's limit)")
    assert lines[-1] == "another address: 10.0.0.5"


def test_many_addresses_together_are_bounded_too(caplog):
    clock, logger = Clock(), logging.getLogger("tests.log_limit.many")
    limited = LogLimiter(logger, clock=clock)
    with caplog.at_level(logging.INFO, logger="tests.log_limit.many"):
        written = sum(limited.info(f"10.0.{n // 250}.{n % 250}", "a line") for n in range(2000))
    assert written == LOG_LINES_TOTAL_AT_ONCE == len(caplog.records)


def test_a_level_the_logger_does_not_write_is_neither_written_nor_counted(caplog):
    logger = logging.getLogger("tests.log_limit.quiet")
    logger.setLevel(logging.WARNING)
    limited = LogLimiter(logger, clock=Clock())
    assert not any(limited.info("10.0.0.9", "a line") for _ in range(50))
    assert limited.dropped == {} and limited.warning("10.0.0.9", "a warning")


def test_a_librarys_lines_are_held_per_message_and_the_next_says_how_many(caplog):
    """uvicorn's own warnings (director.web.connections.quiet_logs): a few of each message, then
    a few a minute; another message is not held up by the first."""
    clock, logger = Clock(), logging.getLogger("tests.log_limit.library")
    keep_lines_of(logger, clock=clock)
    with caplog.at_level(logging.WARNING, logger="tests.log_limit.library"):
        for _ in range(200):
            logger.warning("Invalid HTTP request received.")
        logger.warning("Unsupported upgrade request.")
        clock.now = 1 / LIBRARY_LINES_PER_S                     # one more line allowed since
        logger.warning("Invalid HTTP request received.")
    lines = [r.getMessage() for r in caplog.records]
    assert lines[:LIBRARY_LINES_AT_ONCE] == ["Invalid HTTP request received."] * LIBRARY_LINES_AT_ONCE
    assert lines[LIBRARY_LINES_AT_ONCE:] == [
        "Unsupported upgrade request.",
        f"Invalid HTTP request received. (and {200 - LIBRARY_LINES_AT_ONCE} more like it, not logged)"]
