"""The rehearsal before the doors open (python -m director rehearse)."""
