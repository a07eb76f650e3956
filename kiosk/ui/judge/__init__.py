"""Judging a challenge: the judge screen at the table (screen, draw), the verdict filling the
screen (verdict), and the shared judge station (station) behind its failsafe (guard)."""
