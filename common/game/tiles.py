"""Tile values of the standard English set, and the value of a rack entered as letters.

A rack is typed as the letters left on it, ``?`` for a blank (worth 0), any case.
"""
from __future__ import annotations

TILE_VALUES = {
    **dict.fromkeys("AEILNORSTU", 1), **dict.fromkeys("DG", 2), **dict.fromkeys("BCMP", 3),
    **dict.fromkeys("FHVWY", 4), "K": 5, **dict.fromkeys("JX", 8), **dict.fromkeys("QZ", 10),
    "?": 0,
}
#: How many of each tile the standard English set has (100 tiles).
TILE_COUNTS = {
    "A": 9, "B": 2, "C": 2, "D": 4, "E": 12, "F": 2, "G": 3, "H": 2, "I": 9, "J": 1, "K": 1,
    "L": 4, "M": 2, "N": 6, "O": 8, "P": 2, "Q": 1, "R": 6, "S": 4, "T": 6, "U": 4, "V": 2,
    "W": 2, "X": 1, "Y": 2, "Z": 1, "?": 2,
}
RACK_SIZE = 7
#: Tiles in the set: no game puts more on the board.
SET_SIZE = sum(TILE_COUNTS.values())


def normalise_rack(letters: str) -> str:
    """Upper-case a rack and check it could be on a rack: A-Z or ?, at most 7 tiles."""
    rack = letters.strip().upper().replace(" ", "")
    bad = sorted({c for c in rack if c not in TILE_VALUES})
    if bad:
        raise ValueError(f"a rack holds letters A-Z and ? for a blank, not {''.join(bad)!r}")
    if len(rack) > RACK_SIZE:
        raise ValueError(f"a rack holds at most {RACK_SIZE} tiles, not {len(rack)}")
    for tile in set(rack):
        if rack.count(tile) > TILE_COUNTS[tile]:
            raise ValueError(f"the set has only {TILE_COUNTS[tile]} of {tile!r}")
    return rack


def rack_value(letters: str) -> int:
    """Sum of the tile values of a rack (blank = 0)."""
    return sum(TILE_VALUES[c] for c in normalise_rack(letters))
