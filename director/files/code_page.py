"""Text in Windows-1252, the code page the rating programs read a ``.TOU`` file in, in the most
faithful form that code page holds: every character Windows-1252 has stays as it is (``Seán Ó
Dálaigh``, ``Zoë Ångström``, ``Šimon Žák``), every other one is romanised (``Małgorzata`` ->
``Malgorzata``, ``Te Whatu Māori`` -> ``Te Whatu Maori``, ``Дмитрий Иванов`` -> ``Dmitriy
Ivanov``, ``Ελένη`` -> ``Eleni``, ``王伟`` -> ``WangWei``, ``김민준`` -> ``GimMinJun``). Typographic
quotes and dashes, which Windows-1252 has too, are written plain (``D’Souza`` -> ``D'Souza``, as
the ratings lists spell them and a phone types them), and a no-break space is a space. Only the
``.TOU`` file is written so: the name as typed stays everywhere else (the database, the page, the
tables, a ``.t`` file in UTF-8).

The romanisation is anyascii's (https://github.com/anyascii/anyascii): one well-kept table for
every script, each after a usual romanisation system (BGN/PCGN-like for Cyrillic, pinyin for
Chinese, Revised Romanisation for Korean, Hepburn for kana), character by character, without
context (a Japanese name in kanji reads as Chinese: ``山田`` -> ``ShanTian``; type it in kana,
``やまだ``, for ``yamada``). Why it and not another: it is ISC-licensed (Unidecode is GPL-2.0+, whose
terms would bind what we ship; text-unidecode is Artistic/GPL and unreleased since 2019), pure
Python with no dependencies (one wheel for the Pi's aarch64 and every Python from 3.3), small
(a 350 KB wheel, its tables loaded a script at a time) and released in 2025; PyICU would bring
the ICU C++ library for the same result. Pure.
"""
from __future__ import annotations

import unicodedata

from anyascii import anyascii

ENCODING = "cp1252"
_PLAIN = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201c": '"', "\u201d": '"',
                        "\u201e": '"', "\u2013": "-", "\u2014": "-", "\u00a0": " "})


def held(char: str) -> bool:
    """Whether Windows-1252 holds the character."""
    try:
        char.encode(ENCODING)
        return True
    except UnicodeEncodeError:
        return False


def cp1252_form(text: str) -> str:
    """``text`` as Windows-1252 holds it (see the module's docstring): composed first (a decomposed
    ``é`` is the code page's ``é``), then each character the code page lacks romanised."""
    composed = unicodedata.normalize("NFC", text).translate(_PLAIN)
    return "".join(char if held(char) else anyascii(char) for char in composed)


def changed(text: str) -> list[tuple[str, str]]:
    """The characters of ``text`` that cp1252_form writes otherwise, each with what it writes
    (``[('ł', 'l')]``), in order, once each: what a director is told."""
    seen: dict[str, str] = {}
    for char in unicodedata.normalize("NFC", text).translate(_PLAIN):
        if not held(char) and char not in seen:
            seen[char] = anyascii(char)
    return list(seen.items())
