"""The table's hardware beyond the screen and the three buttons, seen from the game:
``player_displays`` (what each player's own display and the status LEDs show) and ``selftest``
(each button, display and LED tested in turn; ``selftest_cli`` runs it on a terminal)."""
