"""``python -m tests.support.switching_director [OPTIONS]``: ``python -m director`` with the same
options, whose threads take turns as often as the interpreter lets them
(``sys.setswitchinterval``): a race between the service's worker threads that a busy Pi meets
at one start in many is met at most starts (tests/security/test_first_posts_at_once.py). A
crash writes every thread's stack to stderr (faulthandler)."""
import faulthandler
import runpy
import sys

if __name__ == "__main__":
    faulthandler.enable()
    sys.setswitchinterval(1e-6)
    runpy.run_module("director", run_name="__main__", alter_sys=True)
