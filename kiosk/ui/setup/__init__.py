"""Before the game: the table, both names, the preset and the lexicon (screen)."""
