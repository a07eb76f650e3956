"""The end of a game: what the screens say once a player went out or the game is over, while the
result waits for both players' confirmations, and once it is locked (summary)."""
