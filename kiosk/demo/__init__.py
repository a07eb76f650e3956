"""The demo game (``python -m kiosk demo``, what ``make run`` starts): ``command`` runs the kiosk
with simulated hardware, ``players`` are the two simulated players who press and type."""
