"""The command lines as a user types them, ``python -m kiosk ...`` and ``python -m director ...``,
run in the test's own process: ``run("director", "enroll", "7", ...)`` calls the program's own
``main`` with those arguments, its standard output and error captured and its exit status given
as the process's would be (an exception's traceback on stderr and 1; argparse's ``SystemExit``
its code). What it gives has a ``CompletedProcess``'s names (``returncode``, ``stdout``,
``stderr``), so a test reads the same either way.

Starting the real process costs a second or more of a loaded machine's time (the interpreter
and the imports); its entry (``python -m``, the exit status through ``sys.exit``) is tested
once per journey with ``spawn``, which is ``subprocess.run`` from the checkout."""
from __future__ import annotations

import contextlib
import importlib
import io
import os
import subprocess
import sys
import threading
import traceback
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 120
#: The programs a test runs, by the name ``python -m`` takes.
PROGRAMS = {"kiosk": "kiosk.__main__", "director": "director.__main__"}

_ONE_AT_A_TIME = threading.Lock()      # sys.stdout, sys.argv and the folder are the process's


@dataclass
class Ran:
    """What a command gave: its exit status and everything it wrote (text, or bytes)."""
    args: list[str]
    returncode: int
    stdout: str | bytes
    stderr: str | bytes


def run(program: str, *args, cwd: Path | str | None = None, input: str = "",
        env: dict[str, str] | None = None, text: bool = True) -> Ran:
    """``python -m program *args`` in this process, in folder ``cwd`` (the checkout by default,
    as ``spawn`` runs it), ``input`` on its standard input, ``env`` added to its environment;
    its output as text (UTF-8, as the process's pipes are here), or as bytes if not ``text``."""
    main = importlib.import_module(PROGRAMS[program]).main
    argv = [str(a) for a in args]
    out, err = _pipe("surrogateescape"), _pipe("backslashreplace")
    with _ONE_AT_A_TIME, _folder(cwd or ROOT), _environment(env or {}), \
            _argv([str(Path(sys.modules[PROGRAMS[program]].__file__)), *argv]), \
            _stdin(input), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit_:
            code = _exit_status(exit_.code)
        except Exception:                       # noqa: BLE001 - as the interpreter reports it
            traceback.print_exc()
            code = 1
        out.flush()
        err.flush()
    said = [pipe.buffer.getvalue() for pipe in (out, err)]
    if text:
        said = [data.decode("utf-8", "replace") for data in said]
    return Ran([program, *argv], _exit_status(code), *said)


def spawn(program: str, *args, cwd: Path | str | None = None, input: str | None = None,
          env: dict[str, str] | None = None, timeout: float = TIMEOUT_S,
          text: bool = True) -> subprocess.CompletedProcess:
    """``python -m program *args`` as a process of its own, from the checkout (or ``cwd``)."""
    return subprocess.run([sys.executable, "-m", program, *map(str, args)], cwd=cwd or ROOT,
                          input=input, capture_output=True, text=text, timeout=timeout,
                          env={**os.environ, **env} if env else None)


def _pipe(errors: str) -> io.TextIOWrapper:
    """A standard stream as a pipe's: text written as UTF-8, ``.buffer`` for bytes."""
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=errors, write_through=True)


def _exit_status(code) -> int:
    """What the process's exit status would be for ``sys.exit(code)``."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)            # sys.exit("message"): said on stderr, status 1
    return 1


@contextlib.contextmanager
def _folder(path):
    before = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


@contextlib.contextmanager
def _environment(more: dict[str, str]):
    before = {name: os.environ.get(name) for name in more}
    os.environ.update(more)
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextlib.contextmanager
def _argv(argv: list[str]):
    before = sys.argv
    sys.argv = argv
    try:
        yield
    finally:
        sys.argv = before


@contextlib.contextmanager
def _stdin(text: str):
    before = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        yield
    finally:
        sys.stdin = before
