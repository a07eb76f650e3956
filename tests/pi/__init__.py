"""make pi-check: the real install and the program run on arm64 Debian (bookworm and trixie)
under qemu-user emulation, each step timed (tests/pi/check.py)."""
