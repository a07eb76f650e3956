"""The director's service: receives results over HTTP and serial, shows every table live,
keeps standings and exports to tsh. It reuses kiosk.core (rules, results) and kiosk.sync's
document and signing code, never pygame or gpiozero (tests/test_architecture.py)."""
