"""The code both ends share: the table (kiosk/) and the director (director/) may import anything
here, and nothing here imports either of them, the drivers, pygame or gpiozero.

- ``common.game``: the pure game core (rules, clock, commands -> events -> state, result, judge);
  standard library only, no I/O, time passed in.
- ``common.wire``: the protocol between table and director: the one schema of every body, the
  result and status documents, signatures and receipts, serial frames, enrollment by code.
- ``common.presets`` (the rule books read from disk), ``common.replay`` (a game script replayed
  through the core), ``common.sqlite_schema`` (a SQLite file's versioned schema, checked on open),
  ``common.secret_hash`` (the one salted slow hash of a secret: the PIN's, the password's).
"""
