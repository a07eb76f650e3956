"""The director's menu at the table: the way in and the PIN (door), what it offers (actions),
the screen and its painting (screen, draw), and the hardware self-test it opens (selftest)."""
