"""The director's service: receives results over HTTP and serial, shows every table live,
keeps standings and exports to tsh. It reuses common.game (rules, results) and kiosk.link's
document and signing code, never pygame or gpiozero (tests/test_architecture.py)."""
