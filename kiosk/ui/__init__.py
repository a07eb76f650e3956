"""The table kiosk's screens (pygame-ce): they draw a view of the game state and own no rules.

Modules: ``base`` (what a screen is), ``entry`` (what a key does to typed text), ``clockview``
(the clock screen as data) and ``clockdraw`` (painting it), ``setup``, ``clock``, ``judge``
and ``verdict`` (the table's screens), ``correct`` (score corrections), ``director`` (the
director's menu: ``director_door`` the way in, ``director_actions`` what it offers,
``director_draw`` its painting), ``failsafe`` (when a screen fails), ``machine`` (which screen
shows), ``loop`` (the pygame shell: events in, redraw on change), ``station`` (the shared
adjudication station) and ``guard`` (its failsafe), ``theme``.

Importing ``kiosk.ui`` itself imports no pygame; its screen modules do.
"""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")     # no banner on the kiosk's console
