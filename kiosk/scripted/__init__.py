"""A table driven by replay scripts (``python -m kiosk run --script GAME.jsonl``): the plan of
each line against the core (plan.py), the presses and taps that do it at the table (hands.py),
and the runner between the passes of the real kiosk's loop (runner.py); command.py is the
command line's side."""
