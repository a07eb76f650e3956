"""The boundaries of ../shared/DESIGN.md, enforced by reading the imports."""
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imports_of(path: Path):
    """(module imported, is relative) for every import statement in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, False
        elif isinstance(node, ast.ImportFrom):
            yield node.module or "", node.level > 0


def python_files(folder: str):
    files = sorted((ROOT / folder).rglob("*.py"))
    assert files or folder != "kiosk/core", f"no Python files under {folder}"
    return files


def test_core_imports_only_the_standard_library():
    offenders = []
    for path in python_files("kiosk/core"):
        for module, relative in imports_of(path):
            top = module.split(".")[0]
            if not relative and top not in sys.stdlib_module_names and top != "__future__":
                offenders.append(f"{path.relative_to(ROOT)}: {module}")
            if not relative and top == "kiosk" and not module.startswith("kiosk.core"):
                offenders.append(f"{path.relative_to(ROOT)}: {module}")
    assert offenders == []


def test_core_imports_nothing_else_of_ours():
    offenders = [f"{p.relative_to(ROOT)}: {m}" for p in python_files("kiosk/core")
                 for m, rel in imports_of(p) if not rel and m.split(".")[0] in ("kiosk", "drivers", "director")
                 and not m.startswith("kiosk.core")]
    assert offenders == []


def test_drivers_never_import_kiosk():
    offenders = [f"{p.relative_to(ROOT)}: {m}" for p in python_files("drivers")
                 for m, rel in imports_of(p) if not rel and m.split(".")[0] in ("kiosk", "director")]
    assert offenders == []


def test_director_uses_only_the_core_and_sync_documents():
    # the sync code both ends share, all of it pure: documents, signatures, serial frames
    # the versioned-schema check both SQLite files share (kiosk.store.schema), the one preset
    # loader (kiosk.presets), the one salted slow hash of a secret (kiosk.secret_hash)
    allowed = ("kiosk.core", "kiosk.sync.document", "kiosk.sync.signing", "kiosk.sync.status",
               "kiosk.sync.framing", "kiosk.sync.protocol", "kiosk.store.schema", "kiosk.presets",
               "kiosk.secret_hash")
    offenders = []
    for path in python_files("director"):
        for module, relative in imports_of(path):
            top = module.split(".")[0]
            if top in ("pygame", "gpiozero", "drivers") or (
                    top == "kiosk" and not module.startswith(allowed)):
                offenders.append(f"{path.relative_to(ROOT)}: {module}")
    assert offenders == []


def test_importing_kiosk_does_not_import_pygame():
    code = ("import sys, kiosk, kiosk.core, kiosk.core.game, kiosk.core.result, kiosk.replay, "
            "kiosk.presets, kiosk.__main__; print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


def test_no_module_is_over_500_lines():
    long = [f"{p.relative_to(ROOT)}: {n}" for folder in ("kiosk", "drivers", "director")
            for p in python_files(folder)
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500]
    assert long == []


def test_every_module_says_what_it_is_for():
    missing = [str(p.relative_to(ROOT)) for folder in ("kiosk", "drivers", "director")
               for p in python_files(folder)
               if p.read_text(encoding="utf-8").strip() and ast.get_docstring(ast.parse(p.read_text())) is None]
    assert missing == []


def test_no_product_file_reaches_outside_the_repository():
    """../shared is for development and CI only: the product (what a clone runs or installs)
    never names it; tests and benchmarks may."""
    product = ("kiosk", "drivers", "director", "install", "systemd", "config")
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


def test_the_modules_the_director_shares_import_only_the_standard_library_and_the_core():
    leaves = {"kiosk/presets.py": (), "kiosk/store/schema.py": ("sqlite_utils",),
              "kiosk/secret_hash.py": ()}
    offenders = []
    for name, allowed in leaves.items():
        for module, relative in imports_of(ROOT / name):
            top = module.split(".")[0]
            if relative or not (top in sys.stdlib_module_names or top in allowed
                                or module.startswith("kiosk.core")):
                offenders.append(f"{name}: {module}")
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
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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
