"""The screens' font (kiosk.ui.widgets.theme.font): the file shipped beside the widgets, with its
licence, drawing each size as large as pygame's default font of the same design drew it, and a
glyph for every letter of every name in a real-shaped set (tests.support.names): no name is
drawn with an empty box for a letter."""
import pygame
import pytest

from kiosk.ui.widgets import theme
from tests.support.names import PAIRS, REAL_NAMES


@pytest.mark.parametrize("size", [6, 7, 13, 20, 48, 77, 144, 300, 513])
def test_the_font_is_the_shipped_file_at_pygames_scale(size):
    """Each size is the shipped file at pygame's default-font scale: the capitals as tall as
    ``pygame.font.Font(None, size)`` draws them (the same design), so no layout shrinks."""
    pygame.font.init()
    text = "24:59  Ann  -0:07  HOLD 0:05"
    ours = theme.font(size).render(text, True, theme.FG)
    shipped = pygame.font.Font(str(theme.FONT_FILE), max(1, int(size * theme.FONT_SCALE))).render(text, True, theme.FG)
    assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(shipped, "RGBA")
    pygames = pygame.font.Font(None, size).render("H", True, theme.FG).get_bounding_rect()
    assert abs(theme.render("H", size, theme.FG).get_bounding_rect().height - pygames.height) <= max(1, size // 40)


def test_the_font_ships_with_its_licence():
    folder = theme.FONT_FILE.parent
    assert "GNU GENERAL PUBLIC LICENSE" in (folder / "COPYING").read_text(encoding="utf-8")
    readme = (folder / "README.txt").read_text(encoding="utf-8")
    assert "GNU FreeFont" in readme and "pyftsubset" in readme


@pytest.mark.parametrize("name", REAL_NAMES + tuple(n for pair in PAIRS.values() for n in pair))
def test_every_letter_of_a_real_name_has_its_glyph(name):
    assert theme.missing_glyphs(name) == ""


def test_the_glyph_check_can_fail():
    """A letter of a script the font does not hold (Chinese, Arabic) is found, each once; a
    space is never missing."""
    assert theme.missing_glyphs("Wáng 王 王 · علي") == "王علي"
