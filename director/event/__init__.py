"""The event: the director's database and its migrations, the tournament's model (players,
pairings, results), its divisions and rounds, and the standings computed from them.

The bottom room of the director: it imports nothing of the director's other rooms, only the
game's core and the shared parts of the kiosk (common.presets, common.sqlite_schema)."""
