"""The log's bound (director.limits.LogLimiter): one address writes at most a burst of lines and
then one a second, every address together a bigger burst and 20 a second, and the next line
written about an address says how many were not."""
import logging

from director.limits import (LOG_LINES_AT_ONCE, LOG_LINES_TOTAL_AT_ONCE, LogLimiter)


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
