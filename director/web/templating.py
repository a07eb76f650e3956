"""The pages of director/web/templates, filled: ``render(name, **values)`` puts HTML-escaped
values in a page's ``{{name}}`` places and the pages it includes in its ``{{include NAME}}``
ones (the division's section, which the director's page and the public view share)."""
from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parent / "templates"
INCLUDE = re.compile(r"{{include ([\w.-]+)}}")


@lru_cache(maxsize=None)
def _template(name: str) -> str:
    """The page, with the pages it includes (``{{include NAME}}``) in it."""
    text = (TEMPLATES / name).read_text(encoding="utf-8")
    return INCLUDE.sub(lambda m: _template(m[1]), text)


def render(name: str, **values: str) -> str:
    text = _template(name)
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", html.escape(value))
    return text
