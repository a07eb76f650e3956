"""The docs stay true where they live: the README is a short front door with a picture, every page
of docs/ is reachable from it, every link and anchor resolves, every generated table (presets,
commands) is identical to the code, and every command they show exists with the options they
give it. (tests/test_config.py holds the config keys table to the schema the same way.)"""
import re
import shlex
from pathlib import Path

import pytest

from kiosk.__main__ import build_parser
from common.presets import presets_table
from common.replay import _FIELDS

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
GUIDES = ["players.md", "director.md", "install.md", "reference.md", "development.md"]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def block(page: Path, name: str) -> str:
    """The generated block between ``<!-- name -->`` and ``<!-- /name -->``."""
    return text(page).split(f"<!-- {name} -->\n")[1].split(f"\n<!-- /{name} -->")[0]


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {slug(line.lstrip("#")) for line in text(page).splitlines() if re.match(r"#{1,6} ", line)}


def links(page: Path) -> list[str]:
    """Every link and image of a page, without the code blocks."""
    prose = re.sub(r"```.*?```", "", text(page), flags=re.S)
    return LINK.findall(prose)


def relative_links(page: Path) -> list[tuple[Path, str]]:
    """(target file, anchor) of every link to this repository."""
    found = []
    for target in links(page):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        found.append(((page.parent / path).resolve() if path else page, anchor))
    return found


def test_the_readme_is_a_front_door_of_at_most_15_kb():
    assert len(README.read_bytes()) <= 15 * 1024


def test_the_readme_shows_screenshots_that_are_in_the_repository():
    images = [target for target in links(README) if target.endswith(".png")]
    assert "docs/images/clock.png" in images and "docs/images/director.png" in images
    for image in images:
        data = (ROOT / image).read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) < 400_000, image


def test_the_readme_links_every_guide():
    linked = {path.name for path, _ in relative_links(README) if path.parent == DOCS}
    assert set(GUIDES) <= linked and len(linked) >= 4


def test_every_link_and_anchor_resolves():
    broken = []
    for page in PAGES:
        for path, anchor in relative_links(page):
            if not path.exists():
                broken.append(f"{page.name}: {path}")
            elif anchor and path.suffix == ".md" and anchor not in anchors(path):
                broken.append(f"{page.name}: {path.name}#{anchor}")
    assert broken == []


def test_no_page_is_an_orphan():
    reached, todo = {README.resolve()}, [README]
    while todo:
        for path, _ in relative_links(todo.pop()):
            if path.suffix == ".md" and path.resolve() not in reached and path.exists():
                reached.add(path.resolve())
                todo.append(path)
    assert sorted(p.name for p in DOCS.glob("*.md") if p.resolve() not in reached) == []


@pytest.mark.parametrize("guide", GUIDES)
def test_each_guide_links_back_to_the_readme_and_to_another_guide(guide):
    targets = {path.resolve() for path, _ in relative_links(DOCS / guide)}
    assert README.resolve() in targets
    assert any((DOCS / other).resolve() in targets for other in GUIDES if other != guide)


def test_the_presets_table_matches_the_preset_files():
    assert block(DOCS / "reference.md", "presets-table") == presets_table()


def test_the_sync_protocols_fields_are_the_schemas():
    """docs/sync-protocol.md's tables are made from common/wire/schema.py, the one place the
    documents are defined (python -m common.wire.schema_doc prints them)."""
    from common.wire.schema_doc import markdown
    assert block(DOCS / "sync-protocol.md", "schema") == markdown()


def test_the_table_key_example_is_the_derivation_itself():
    from common.wire.signing import table_key
    shown = re.search(r"<!-- table-7-key -->([0-9a-f]+)<!-- /table-7-key -->",
                      text(DOCS / "sync-protocol.md"))[1]
    assert shown == table_key(b"example-key-change-me", "7").hex()
    assert 'key = "example-key-change-me"' in text(ROOT / "config" / "director.example.toml")


def test_every_replay_command_is_documented():
    documented = set(re.findall(r'"cmd": "(\w+)"', text(DOCS / "reference.md")))
    assert documented == set(_FIELDS)


def _subcommands(parser):
    action = next(a for a in parser._actions if a.dest == "command")
    return action.choices, {a.dest: a.help for a in action._choices_actions}


def test_the_commands_table_is_the_command_line_itself():
    choices, helps = _subcommands(build_parser())
    rows = ["| command | what it does |", "|---|---|"] + [
        f"| `python -m kiosk {name}` | {' '.join(helps[name].split())} |" for name in choices]
    assert block(DOCS / "reference.md", "kiosk-commands") == "\n".join(rows)


def _command_lines():
    """Every shell line of the docs' code blocks that runs the kiosk, the director or make."""
    for page in PAGES:
        for code in re.findall(r"```sh\n(.*?)```", text(page), flags=re.S):
            joined = re.sub(r"\n\s+(?=\[|--)", " ", code)      # continuation lines of one command
            for line in joined.splitlines():
                line = line.split("#")[0].strip()
                if re.search(r"python -m (kiosk|director)\b|^make ", line):
                    yield page.name, line


def _options(command: str) -> set[str]:
    """The option strings written in a usage line (``[--pin 0000]``, ``--sim``...)."""
    return set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", command))


def _director_parser(words: list[str]):
    """The parser of ``python -m director WORDS...``: a subcommand's, or the service's (no
    subcommand); None for a word that is neither."""
    from director.__main__ import build_parser as director_parser
    parser = director_parser()
    commands, _ = _subcommands(parser)
    if words and not words[0].startswith("-"):
        return commands.get(words[0])
    return parser


def test_every_command_in_the_docs_exists_with_the_options_it_shows():
    choices, _ = _subcommands(build_parser())
    makefile = text(ROOT / "Makefile")
    targets = set(re.findall(r"^([a-z][\w-]*):", makefile, flags=re.M))
    wrong, seen = [], 0
    for page, line in _command_lines():
        seen += 1
        if line.startswith("make "):
            missing = [t for t in shlex.split(line)[1:] if t not in targets]
            wrong += [f"{page}: make {t}" for t in missing]
            continue
        if "-m director" in line:
            words = line.split("-m director", 1)[1].split()
            parser = _director_parser(words)
            if parser is None:
                wrong.append(f"{page}: python -m director {words[0]}")
                continue
            known = set(parser._option_string_actions)
            wrong += [f"{page}: director {' '.join(words[:1])} {o}" for o in _options(line) if o not in known]
            continue
        words = line.split("-m kiosk", 1)[1].split()
        name = words[0] if words and not words[0].startswith("-") else "run"
        if name not in choices:
            wrong.append(f"{page}: python -m kiosk {name}")
            continue
        parser = choices[name]
        nested = [a for a in parser._actions if a.choices and a.dest not in ("help",) and
                  isinstance(a.choices, dict)]
        if nested:                                      # python -m kiosk lexicon import ...
            parser = nested[0].choices.get(words[1]) if len(words) > 1 else None
            if parser is None:
                wrong.append(f"{page}: python -m kiosk {' '.join(words[:2])}")
                continue
        known = set(parser._option_string_actions)
        wrong += [f"{page}: kiosk {name} {o}" for o in _options(line) if o not in known]
    assert seen >= 15 and wrong == []


def test_every_subcommand_is_documented_where_its_reader_looks():
    choices, _ = _subcommands(build_parser())
    everything = "".join(text(page) for page in PAGES)
    for name in choices:
        assert f"python -m kiosk {name}" in everything, name
    from director.__main__ import build_parser as director_parser
    commands, _ = _subcommands(director_parser())
    assert commands                                  # python -m director import, export, ...
    director_guide = text(DOCS / "director.md")
    for name in commands:
        assert f"python -m director {name}" in director_guide, name


def test_every_key_of_the_directors_config_is_in_the_reference_and_the_example():
    from director.config import KEYS
    reference = text(DOCS / "reference.md")
    example = (ROOT / "config" / "director.example.toml").read_text(encoding="utf-8")
    for key in KEYS:
        section, name = key.split(".")
        if section == "rules":          # [rules.SECTION]: a table of the preset's settings to override
            assert "`rules.SECTION`" in reference and f"`{name}`" in reference and "[rules." in example, key
            continue
        assert f"`{key}`" in reference or f"`{key}`, " in reference or f", `{key}`" in reference, key
        assert f"[{section}]" in example and re.search(rf"^#? ?{name} = ", example, re.M), key


def test_a_director_subcommand_in_the_docs_is_checked_against_its_own_options():
    assert _director_parser(["export"]) is not None and _director_parser(["exprot"]) is None
    assert "--format" in _director_parser(["export"])._option_string_actions
    assert "--format" not in _director_parser(["--port"])._option_string_actions
