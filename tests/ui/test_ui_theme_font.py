"""The screens' font is pygame's default font, opened by its file (kiosk.ui.widgets.theme.font): each
size draws exactly what ``pygame.font.Font(None, size)`` draws."""
import pygame
import pytest

from kiosk.ui.widgets import theme


@pytest.mark.parametrize("size", [6, 7, 13, 20, 48, 77, 144, 300, 513])
def test_the_font_draws_as_pygames_default_font(size):
    pygame.font.init()
    assert theme.default_font_file() is not None            # opened by its file, not looked up
    text = "24:59  Ann  -0:07  HOLD 0:05"
    ours = theme.font(size).render(text, True, theme.FG)
    pygames = pygame.font.Font(None, size).render(text, True, theme.FG)
    assert ours.get_size() == pygames.get_size()
    assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(pygames, "RGBA")
