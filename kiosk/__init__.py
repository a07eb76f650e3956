"""tablekeeper: the table kiosk for tournament Scrabble (clock, score sheet, word judge, sync)."""
