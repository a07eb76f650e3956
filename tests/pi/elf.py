"""Whether a compiled library loads on a kernel with 16 KB pages (the Raspberry Pi 5's
kernel_2712.img): every LOAD segment of an ELF file must be aligned to at least the kernel's page
size, or the dynamic loader refuses it. ``load_alignments`` reads the program headers (as
``readelf -l`` shows them) with the standard library alone; ``wheel_libraries`` checks every
``.so`` in a folder of wheels."""
from __future__ import annotations

import struct
import zipfile
from pathlib import Path

PT_LOAD = 1
PAGE_16K = 16 * 1024


def load_alignments(data: bytes) -> list[int]:
    """The alignment (p_align) of each LOAD segment of the ELF file ``data``; ValueError if it is
    not a 64-bit or 32-bit ELF file."""
    if data[:4] != b"\x7fELF":
        raise ValueError("not an ELF file")
    bits, order = data[4], {1: "<", 2: ">"}[data[5]]
    if bits == 2:                    # ELF64: e_phoff at 32, e_phentsize/e_phnum at 54/56
        phoff, = struct.unpack_from(order + "Q", data, 32)
        entsize, count = struct.unpack_from(order + "HH", data, 54)
        header, align_at = order + "I", 48
        fetch = order + "Q"
    elif bits == 1:                  # ELF32: e_phoff at 28, e_phentsize/e_phnum at 42/44
        phoff, = struct.unpack_from(order + "I", data, 28)
        entsize, count = struct.unpack_from(order + "HH", data, 42)
        header, align_at = order + "I", 28
        fetch = order + "I"
    else:
        raise ValueError("neither ELF32 nor ELF64")
    aligns = []
    for n in range(count):
        at = phoff + n * entsize
        kind, = struct.unpack_from(header, data, at)
        if kind == PT_LOAD:
            aligns.append(struct.unpack_from(fetch, data, at + align_at)[0])
    return aligns


def wheel_libraries(folder: Path, pattern: str = "*aarch64*.whl") -> list[tuple[str, str, int]]:
    """(wheel, library, smallest LOAD alignment) for every ``.so`` in the wheels of ``folder``."""
    found = []
    for wheel in sorted(folder.glob(pattern)):
        with zipfile.ZipFile(wheel) as archive:
            for name in archive.namelist():
                if name.endswith(".so") or ".so." in name.rsplit("/", 1)[-1]:
                    aligns = load_alignments(archive.read(name))
                    found.append((wheel.name, name, min(aligns)))
    return found


def too_small(found: list[tuple[str, str, int]], page: int = PAGE_16K) -> list[tuple[str, str, int]]:
    """Those of ``found`` a kernel with pages of ``page`` bytes would refuse to load."""
    return [row for row in found if row[2] < page]
