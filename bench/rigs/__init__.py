"""Rigs the benchmarks and the tests share: simulated kiosks on real stores (``sync_kiosks``), a
whole linked kiosk (``linked_kiosk``), the director as a real process (``director_process``), a
serial line that loses, corrupts and repeats frames (``lossy_proxy``) and signed results to send
over it (``serial_fixtures``)."""
