"""Benchmarks: ``make bench`` (``python -m bench``). Performance figures live here, never in a
timed unit test.

A benchmark is a module of this package listed in ``bench.__main__.BENCHES`` with a
``main(argv=None) -> int`` that prints a readable table of figures beside their targets and
returns 0 when every target is met, 1 otherwise (2 when it cannot run at all).
"""


def print_table(header: tuple[str, ...], rows: list[tuple[str, ...]], out) -> None:
    """Rows of text cells as aligned columns under ``header``."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip(), file=out)


def all_passed(rows: list[tuple[str, ...]]) -> int:
    """0 when every row with a verdict in its last cell says PASS, else 1."""
    return 0 if all(row[-1] == "PASS" for row in rows if row[-1]) else 1
