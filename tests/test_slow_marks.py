"""The line between ``make check`` and ``make test`` holds: a test that starts a Python or a
shell (conftest.STARTS_SLOW) and is not marked slow fails, naming what it started; marked slow,
or starting another program, it passes. Run in a pytest of its own (pytester), with this
repository's conftest."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: The repository's conftest loaded under a name of its own, its two hooks the run's.
OURS = '''
import importlib.util, sys
spec = importlib.util.spec_from_file_location("tablekeeper_conftest", {conftest!r})
ours = sys.modules["tablekeeper_conftest"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ours)
pytest_runtest_setup, pytest_runtest_call = ours.pytest_runtest_setup, ours.pytest_runtest_call
'''

TESTS = '''
import subprocess, sys
import pytest

def test_starts_a_python():
    subprocess.run([sys.executable, "-c", "pass"], check=True)

def test_starts_a_shell():
    subprocess.run(["bash", "-c", "true"], check=True)

@pytest.mark.slow
def test_starts_a_python_marked_slow():
    subprocess.run([sys.executable, "-c", "pass"], check=True)

def test_starts_another_program():
    subprocess.run(["true"], check=True)
'''


@pytest.mark.slow
def test_a_test_that_starts_a_python_or_a_shell_unmarked_fails_naming_it(pytester):
    pytester.makeconftest(OURS.format(conftest=str(ROOT / "conftest.py")))
    pytester.makeini("[pytest]\nmarkers = slow: takes seconds\n")
    pytester.makepyfile(test_starts=TESTS)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, failed=2)
    result.stdout.fnmatch_lines(["*_ test_starts_a_python _*",
                                 "it started '*python -c pass': a test that starts a Python or a shell is "
                                 "marked slow (conftest.STARTS_SLOW)",
                                 "*_ test_starts_a_shell _*", "it started 'bash -c true': *"])
