"""The tests: one folder per part of the product (core, store, sync, ui, app, director...), their
helpers in tests/support, the held-in games in tests/scenarios. The root conftest.py names the
development files beside the repository (../shared) that some tests read."""
