"""What the tests share, imported as ``tests.support.NAME``:

- ``dummy_display``: the session's pygame display on SDL's dummy driver;
- ``ui_harness``, ``app_harness``, ``station_harness``: a whole kiosk (or the judge station) on a
  real SQLite file, driven by key events or MockFactory pins at explicit times;
- ``ui_pixels``, ``director_steps``: reading a screen's pixels; opening the director's menu;
- ``director_harness``: the director's service on a real port (in the test's process), and
  documents to post to it; ``fixtures``: the fixtures that make it, or ``python -m director``
  as a process (a pytest plugin named in the root conftest.py);
- ``cli``: the command lines (``python -m kiosk ...``, ``python -m director ...``) run in the
  test's process, or as the process (one test per journey);
- ``protocol_director``: a small server giving the answers a real director never gives;
- ``luma_dummy``: reading what luma's dummy devices show;
- ``espeak``: a stand-in for espeak-ng; ``wait``: ``wait_until``, waiting for a condition, generously;
- ``kiosk_child``, ``power_cut_child``: the kiosk as a child process to kill
  (``python -m tests.support.kiosk_child``).

The rigs the benchmarks use too (simulated kiosks, the director as a process, a lossy serial
line) are in bench/rigs.
"""
