"""Hardware edges of the table kiosk, each behind a small interface with a simulated twin.

``drivers.buttons``: the three arcade buttons (gpiozero) -> ``ButtonPressed`` on a queue.
``drivers.keyboard``: the keyboard, as typing and (in simulation) as the three buttons' twin.

Drivers never import ``kiosk``: they only turn hardware into the plain input events of
``table_input``, which the screens read too.
"""
