"""The kiosk's config file: ``schema`` (every key, its default, help and checks; the example file
and the docs table come from it), ``kinds`` (what a value may be), ``director`` (the link's keys)
and ``hardware`` (the players' displays and the LEDs).

The names a caller needs are here: ``load`` a file, ``kiosk_config`` to turn it into the
``KioskConfig`` the app runs on, ``ConfigError`` for what it refuses.
"""
from kiosk.config.kinds import ConfigError
from kiosk.pin import DEFAULT_PIN as DEFAULT_DIRECTOR_PIN
from kiosk.config.keys import (DEFAULT_STORE, EXAMPLE, KEYS, SCHEMA, KioskConfig,
                                 Settings, defaults, keys_table, kiosk_config, load, render)

__all__ = ["ConfigError", "DEFAULT_DIRECTOR_PIN", "DEFAULT_STORE", "EXAMPLE", "KEYS", "SCHEMA",
           "KioskConfig", "Settings", "defaults", "keys_table", "kiosk_config", "load", "render"]
