"""How a screen looks to a player with one of the three common colour-vision deficiencies, and how
far apart two colours are for them.

The simulation is Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for
Simulation of Color Vision Deficiency" (IEEE TVCG 15(6)), at severity 1.0 (a dichromat): a 3x3
matrix per deficiency applied to linear RGB. The contrast ratio is WCAG 2's: (L1 + 0.05) /
(L2 + 0.05) of the relative luminances. ``simulate_png`` writes a whole screenshot as the
deficiency shows it (read and written with Pillow, which luma.oled brings).
"""
from __future__ import annotations

from pathlib import Path

#: Machado et al. 2009, Table 1 at severity 1.0: linear RGB in, linear RGB out.
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
DEFICIENCIES = tuple(MACHADO)


def linear(channel: float) -> float:
    """An sRGB channel (0-255) in linear light (0-1)."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def encoded(value: float) -> float:
    """A linear channel (0-1, clipped) back to sRGB (0-255)."""
    v = min(1.0, max(0.0, value))
    return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def simulate(colour, deficiency: str) -> tuple[int, int, int]:
    """``colour`` (sRGB) as a dichromat of ``deficiency`` sees it (sRGB)."""
    rgb = [linear(c) for c in colour[:3]]
    return tuple(round(encoded(sum(m * c for m, c in zip(row, rgb)))) for row in MACHADO[deficiency])


def luminance(colour) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG 2's contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def seen_contrast(a, b, deficiency: str | None) -> float:
    """The contrast of ``a`` and ``b`` as a dichromat of ``deficiency`` sees them (None: as
    typical colour vision does)."""
    if deficiency is None:
        return contrast(a, b)
    return contrast(simulate(a, deficiency), simulate(b, deficiency))


def dominant(path: Path) -> tuple[int, int, int]:
    """The commonest colour of a PNG (a screen's background)."""
    from PIL import Image
    with Image.open(path) as image:
        counts = image.convert("RGB").getcolors(maxcolors=1 << 24)
    return max(counts)[1]


def simulate_png(source: Path, target: Path, deficiency: str) -> Path:
    """The screenshot ``source`` as a dichromat of ``deficiency`` sees it, written to ``target``
    (each distinct colour simulated once)."""
    from PIL import Image
    with Image.open(source) as image:
        rgb = image.convert("RGB")
    seen: dict = {}
    flat = rgb.get_flattened_data() if hasattr(rgb, "get_flattened_data") else rgb.getdata()
    pixels = [seen.get(c) or seen.setdefault(c, simulate(c, deficiency)) for c in flat]
    out = Image.new("RGB", rgb.size)
    out.putdata(pixels)
    out.save(target)
    return target
