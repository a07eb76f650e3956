"""tablekeeper: the table kiosk for tournament Scrabble (clock, score sheet, word judge, sync)."""

#: The software's version, as pyproject.toml has it (a table's status carries it to the director).
VERSION = "0.1.0"
