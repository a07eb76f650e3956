"""The boundaries of ../shared/DESIGN.md, enforced by reading the imports."""
import ast
import functools
import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def parse(text: str, name: str = "<unknown>") -> ast.Module:
    """``ast.parse`` with the garbage collector held off: in a test worker that ran the page
    tests, a collection during the parse can finish Playwright's greenlets, which on Python 3.11
    breaks the parser's depth count ("SystemError: AST constructor recursion depth mismatch")."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        return ast.parse(text, name)
    finally:
        if was_on:
            gc.enable()


@functools.cache
def parsed(path: Path) -> ast.Module:
    """A file's syntax tree, read once for every test of this file."""
    return parse(path.read_text(encoding="utf-8"), str(path))


def imports_of(path: Path):
    """(module imported, is relative) for every import statement in a file."""
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, False
        elif isinstance(node, ast.ImportFrom):
            yield node.module or "", node.level > 0


@functools.cache
def python_files(folder: str) -> tuple[Path, ...]:
    files = tuple(sorted((ROOT / folder).rglob("*.py")))
    assert files or folder != "common/game", f"no Python files under {folder}"
    return files


# --- the house's rooms (docs/development.md: the layout) ----------------------------------------
# Each top room and the rooms of ours it may import besides itself. common/ is what both ends
# share, and imports neither; the table (kiosk/) and the director (director/) never import each
# other; the core (common.game) imports nothing of ours.
HOUSE_ROOMS = {
    "table_input": (),                              # the inputs the drivers make and screens read
    "common.game": (),                              # the pure game core
    "common.wire": ("common.game",),                # the protocol both ends speak
    "common": ("common.game",),                     # presets, replay, sqlite_schema, secret_hash
    "drivers": ("table_input",),                    # the table's hardware edges
    "kiosk": ("common", "drivers", "table_input"),  # the table
    "director": ("common",),                        # the director's service
}
#: What each shared room may import besides the standard library and the rooms above.
SHARED_LIBRARIES = {
    "common.game": (),
    "common.wire": ("msgspec", "spake2", "cryptography"),
    "common": (),
}
#: What the director never imports, however it is installed: the table's screen and pins.
NEVER_AT_THE_DIRECTOR = ("pygame", "gpiozero", "luma", "PIL", "marisa_trie")


def house_room(module: str) -> str | None:
    """The top room a module of ours stands in (the longest that holds it), or None."""
    holding = [room for room in HOUSE_ROOMS if module == room or module.startswith(room + ".")]
    return max(holding, key=len, default=None)


def may_use(allowed: tuple[str, ...], room: str) -> bool:
    return any(room == a or room.startswith(a + ".") for a in allowed)


def house_offenders(rooms=HOUSE_ROOMS) -> list[str]:
    offenders = []
    for folder in ("table_input", "common", "drivers", "kiosk", "director"):
        for path in python_files(folder):
            here = house_room(module_name(path))
            for module in absolute_imports(path):
                there = house_room(module)
                if there is not None and there != here and not may_use(rooms[here], there):
                    offenders.append(f"{path.relative_to(ROOT)}: {module} ({here} may not import {there})")
    return offenders


def test_the_house_rooms_import_only_what_they_may():
    """The table and the director each import only common/ (and the table its drivers); common/
    imports neither end; the core imports nothing else of ours."""
    assert sorted(p.name for p in (ROOT / "common").iterdir() if p.is_dir() and p.name != "__pycache__") == [
        "game", "wire"]
    assert house_offenders() == []


def test_a_house_check_finds_a_wrong_direction():
    """The check above can fail: the director imports the wire protocol, which a director
    allowed only the core may not."""
    narrower = dict(HOUSE_ROOMS, director=("common.game",))
    assert any(o.endswith("(director may not import common.wire)") for o in house_offenders(narrower))


def test_the_shared_rooms_import_only_the_standard_library_and_their_own_libraries():
    offenders = []
    for folder, room in (("common/game", "common.game"), ("common/wire", "common.wire"), ("common", "common")):
        for path in python_files(folder):
            if house_room(module_name(path)) != room:
                continue
            for module, relative in imports_of(path):
                top = module.split(".")[0]
                if not relative and top not in sys.stdlib_module_names and top not in (
                        "__future__", "common", *SHARED_LIBRARIES[room]):
                    offenders.append(f"{path.relative_to(ROOT)}: {module}")
    assert offenders == []


def test_the_core_does_no_io():
    """The game core takes time and text as arguments: it opens no file, socket or process and
    reads no clock of its own."""
    banned = {"os", "io", "socket", "subprocess", "pathlib", "time", "sqlite3", "threading", "tomllib"}
    offenders = [f"{p.relative_to(ROOT)}: {m}" for p in python_files("common/game")
                 for m, rel in imports_of(p) if not rel and m.split(".")[0] in banned]
    offenders += [f"{p.relative_to(ROOT)}:{node.lineno}: open()" for p in python_files("common/game")
                  for node in ast.walk(parsed(p)) if isinstance(node, ast.Call)
                  and isinstance(node.func, ast.Name) and node.func.id == "open"]
    assert offenders == []


def test_drivers_never_import_kiosk():
    offenders = [f"{p.relative_to(ROOT)}: {m}" for p in python_files("drivers")
                 for m, rel in imports_of(p) if not rel and m.split(".")[0] in ("kiosk", "director", "common")]
    assert offenders == []


def test_the_director_never_imports_the_tables_screen_or_pins():
    offenders = [f"{p.relative_to(ROOT)}: {m}" for p in python_files("director")
                 for m, rel in imports_of(p) if not rel and m.split(".")[0] in NEVER_AT_THE_DIRECTOR]
    assert offenders == []


@pytest.mark.slow
def test_importing_kiosk_does_not_import_pygame():
    code = ("import sys, kiosk, common.game, common.game.game, common.game.result, common.replay, "
            "common.presets, kiosk.__main__; print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


#: What a table's start to its first frame leaves unloaded, loaded when first used (issue 30 item 6):
#: the screens shown later, the wire schema and its msgspec, the enrollment, the PIN prompt,
#: pyserial (a serial link's port).
LOADED_WHEN_USED = ("kiosk.ui.clock.correct", "kiosk.ui.judge.screen", "kiosk.ui.judge.station",
                    "kiosk.ui.menu.screen", "kiosk.ui.menu.actions", "kiosk.ui.setup.enroll",
                    "common.wire.schema", "kiosk.link.enroll", "msgspec", "getpass", "serial")


@pytest.mark.slow
def test_a_tables_start_to_its_first_frame_leaves_later_screens_and_tools_unloaded(tmp_path):
    code = ("import sys; from kiosk.__main__ import main\n"
            "try:\n"
            f"    main(['run', '--sim', '--headless', '--exit-after', '0.1', '--store', {str(tmp_path / 's.sqlite')!r}])\n"
            "except SystemExit:\n"
            "    pass\n"
            "print('drawn' if 'kiosk.ui.clock.view' in sys.modules and 'pygame' in sys.modules else 'not drawn')\n"
            f"print(' '.join(m for m in {LOADED_WHEN_USED!r} if m in sys.modules) or 'none')")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-2:] == ["drawn", "none"]     # the clock drawn, the rest not loaded


def test_no_module_is_over_500_lines():
    long = [f"{p.relative_to(ROOT)}: {n}" for folder in ("common", "kiosk", "drivers", "director")
            for p in python_files(folder)
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500]
    assert long == []


#: A function fits on a screen (STYLE: under ~100 lines): none of ours is longer than this.
MAX_FUNCTION_LINES = 120


def long_functions(paths, limit: int = MAX_FUNCTION_LINES) -> list[str]:
    """Every function (or method) in ``paths`` over ``limit`` lines, decorators left out."""
    long = []
    for path in paths:
        name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
        for node in ast.walk(parsed(path)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > limit:
                    long.append(f"{name}: {node.name} ({lines} lines)")
    return long


def test_no_function_is_over_120_lines():
    long = long_functions(p for folder in ("common", "kiosk", "drivers", "director", "table_input")
                          for p in python_files(folder))
    assert long == []


def test_a_function_length_check_finds_a_long_one(tmp_path):
    """The check above can fail: a function of 121 lines is found, one of 120 is not."""
    body = "".join(f"    x{n} = {n}\n" for n in range(119))
    source = tmp_path / "long.py"
    source.write_text(f"def fits():\n{body}\n\ndef too_long():\n{body}    return x0\n",
                      encoding="utf-8")
    assert long_functions([source]) == ["long.py: too_long (121 lines)"]


def screen_imports(paths) -> list[str]:
    """Every import of the screens (kiosk.ui) in ``paths``, however made: inside a function or
    under TYPE_CHECKING too."""
    return [f"{p.relative_to(ROOT)}: {m}" for p in paths for m in absolute_imports(p)
            if m == "kiosk.ui" or m.startswith("kiosk.ui.")]


def test_the_link_imports_nothing_of_the_screens():
    """The director's link (kiosk/link) makes values the screens read (kiosk.link.news, the
    enroller's Progress); it never imports the screens, nor writes into them."""
    assert screen_imports(python_files("kiosk/link")) == []


def test_a_link_check_finds_a_screen_import():
    """The check above can fail: the judge screen's room imports the screens' widgets."""
    assert "kiosk/ui/judge/screen.py: kiosk.ui.widgets.base" in screen_imports(
        python_files("kiosk/ui/judge"))


def test_every_module_says_what_it_is_for():
    missing = [str(p.relative_to(ROOT)) for folder in ("common", "kiosk", "drivers", "director")
               for p in python_files(folder)
               if p.read_text(encoding="utf-8").strip() and ast.get_docstring(parse(p.read_text())) is None]
    assert missing == []


def test_no_product_file_reaches_outside_the_repository():
    """../shared is for development and CI only: the product (what a clone runs or installs)
    never names it; tests and benchmarks may."""
    product = ("common", "kiosk", "drivers", "director", "table_input", "install", "systemd", "config")
    tracked = subprocess.run(["git", "ls-files", *product], cwd=ROOT, capture_output=True, text=True,
                             timeout=60).stdout.split()
    assert len(tracked) > 50
    offenders = []
    for name in tracked:
        path = ROOT / name
        if path.suffix in (".lex", ".png", ".ttf"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if "../shared" in text or '"shared"' in text or "shared/" in text:
            offenders.append(name)
    assert offenders == []


def test_screens_never_import_drivers():
    """The screens read inputs as table_input's events, whatever device made them."""
    offenders = [f"{p.relative_to(ROOT)}: {m}" for p in python_files("kiosk/ui")
                 for m, rel in imports_of(p) if not rel and m.split(".")[0] == "drivers"]
    assert offenders == []


def test_the_input_vocabulary_imports_only_the_standard_library():
    offenders = [f"{p.relative_to(ROOT)}: {m}" for p in python_files("table_input")
                 for m, rel in imports_of(p)
                 if rel or (m.split(".")[0] not in sys.stdlib_module_names and m != "__future__")]
    assert offenders == []


def test_the_loop_and_the_screens_find_nothing_by_name():
    """Seams are declared (kiosk.ui.widgets.base.Screen, Table): no getattr/hasattr contracts."""
    offenders = []
    for path in python_files("kiosk/ui"):
        for node in ast.walk(parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                    "getattr", "hasattr"):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_benchmarks_never_import_the_tests_and_nothing_reaches_for_sys_path():
    """bench/ stands alone (the rigs both use are in bench/rigs); tests import their helpers as
    tests.support, never by putting folders on sys.path."""
    offenders = [f"{p.relative_to(ROOT)}: {m}" for p in sorted((ROOT / "bench").rglob("*.py"))
                 for m, rel in imports_of(p) if not rel and m.split(".")[0] == "tests"]
    for folder in ("tests", "bench"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "sys.path" in path.read_text(encoding="utf-8") and path.name != "test_architecture.py":
                offenders.append(f"{path.relative_to(ROOT)}: sys.path")
    assert offenders == []


# --- rooms (docs/development.md: the layout) ------------------------------------------------------
# Each room of the director and of the table's screens, and the rooms it may import besides itself.
# A module at the top of a package (director/__main__.py, kiosk/ui/machine.py ...) is the
# composition around the rooms and may import any of them; the rooms never import it.

DIRECTOR_ROOMS = {
    "director.limits": (),                          # what one client may ask: shared by the doors
    "director.config": ("director.limits",),        # the settings every room reads
    "director.event": (),                           # the bottom room: the event itself
    "director.files": ("director.event", "director.config"),
    "director.tables": ("director.event", "director.config", "director.limits"),
    "director.web": ("director.event", "director.files", "director.tables", "director.config",
                     "director.limits"),
    # the rehearsal (python -m director rehearse): the event's files, the tables' enrollment,
    # the page's password and live parts, around real processes
    "director.rehearsal": ("director.event", "director.files", "director.tables", "director.web",
                           "director.config", "director.limits"),
}
SCREEN_ROOMS = {
    "kiosk.ui.widgets": (),                         # what every screen shares
    "kiosk.ui.end": ("kiosk.ui.widgets",),
    "kiosk.ui.clock": ("kiosk.ui.widgets", "kiosk.ui.end"),
    "kiosk.ui.setup": ("kiosk.ui.widgets",),
    "kiosk.ui.judge": ("kiosk.ui.widgets",),
    "kiosk.ui.menu": ("kiosk.ui.widgets", "kiosk.ui.clock"),    # its correction is the clock's
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def absolute_imports(path: Path):
    """Every module ``path`` imports, relative imports resolved (``from . import x`` as ``pkg.x``)."""
    here = module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def room_of(module: str, rooms) -> str | None:
    return next((room for room in rooms if module == room or module.startswith(room + ".")), None)


def room_offenders(rooms) -> list[str]:
    offenders = []
    for room, allowed in rooms.items():
        files = [ROOT / (room.replace(".", "/") + ".py")]
        if not files[0].exists():
            files = python_files(room.replace(".", "/"))
        for path in files:
            for module in absolute_imports(path):
                other = room_of(module, rooms)
                top = room.rsplit(".", 1)[0]
                if other is None and module.startswith(top + ".") and module != top:
                    offenders.append(f"{path.relative_to(ROOT)}: {module} (the composition above the rooms)")
                elif other is not None and other != room and other not in allowed:
                    offenders.append(f"{path.relative_to(ROOT)}: {module} ({room} may not import {other})")
    return offenders


def test_the_directors_rooms_import_only_downwards():
    """The event at the bottom; its files and the tables above it; the web above them all;
    python -m director (director/__main__.py) composes them."""
    assert sorted(p.name for p in (ROOT / "director").iterdir() if p.is_dir() and p.name != "__pycache__") == [
        "event", "files", "rehearsal", "tables", "web"]
    assert room_offenders(DIRECTOR_ROOMS) == []


def test_the_screens_rooms_import_only_the_widgets_and_what_they_show():
    """Each screen's room imports the shared widgets (and the clock the end of the game, the
    menu the clock's correction); the shell (machine, loop, touch) composes them."""
    assert sorted(p.name for p in (ROOT / "kiosk/ui").iterdir() if p.is_dir() and p.name != "__pycache__") == [
        "clock", "end", "judge", "menu", "setup", "widgets"]
    assert room_offenders(SCREEN_ROOMS) == []


def test_a_room_check_finds_a_wrong_direction():
    """The check above can fail: the clock's screen imports the end of a game, which a clock
    room allowed only the widgets may not."""
    narrower = dict(SCREEN_ROOMS, **{"kiosk.ui.clock": ("kiosk.ui.widgets",)})
    assert "kiosk/ui/clock/screen.py: kiosk.ui.end (kiosk.ui.clock may not import kiosk.ui.end)" in (
        room_offenders(narrower))


def test_no_import_circles_among_our_modules():
    """No module imports, however indirectly, a module that imports it back (imports inside a
    function and under TYPE_CHECKING count too)."""
    ours = {module_name(p): p for folder in ("common", "kiosk", "drivers", "director", "table_input")
            for p in python_files(folder)}
    graph = {}
    for name, path in ours.items():
        graph[name] = {m for m in absolute_imports(path) if m in ours and m != name
                       and not name.startswith(m + ".")}
    circles, state = [], {}

    def visit(node, trail):
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                circles.append(" -> ".join(trail[trail.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert circles == []
