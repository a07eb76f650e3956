"""The table kiosk's screens (pygame-ce): they draw a view of the game state and own no rules.

Rooms, one a screen, with what they share in one place (docs/development.md has the table):
``widgets`` (the Screen base, theme, keys and keyboard, editors, the frame, the game in words,
the failsafe screen), ``clock`` (the clock screen), ``end`` (the end of a game in words),
``menu`` (the director's menu and the self-test), ``judge`` (the judge screen, the verdict, the
shared judge station), ``setup`` (before the game). Here, the shell around them: ``machine``
(which screen shows), ``loop`` (pygame's events in, a redraw on a change) and ``touch`` (what a
tap means, on whichever screen shows).

Importing ``kiosk.ui`` itself imports no pygame; its screen modules do.
"""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")     # no banner on the kiosk's console
