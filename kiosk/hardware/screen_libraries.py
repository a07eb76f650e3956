"""What the KMSDRM screen needs from the system, and which of it is missing: SDL (bundled in
pygame-ce's wheel) reaches the GPU through DRM, GBM and EGL with GLES, which it loads at run
time, and Mesa's EGL vendor library and DRI driver (vc4 on a Pi 4, v3d on both; found through
GBM) do the drawing. An install without recommends leaves Mesa's out unless named
(install/pi-install.sh names each); a missing one shows only as a black screen and "no screen
through KMS/DRM", so ``python -m kiosk selftest`` says which, with its Debian package.
"""
from __future__ import annotations

import ctypes
import glob

#: (the library SDL or GBM loads, its Debian package), in the order they are reached.
LIBRARIES = (("libdrm.so.2", "libdrm2"), ("libgbm.so.1", "libgbm1"), ("libEGL.so.1", "libegl1"),
             ("libEGL_mesa.so.0", "libegl-mesa0"), ("libGLESv2.so.2", "libgles2"))
#: Mesa's DRI drivers (any: vc4 or v3d on a Pi), where Debian's multiarch puts them.
DRI_DRIVERS = ("/usr/lib/*-linux-gnu/dri/*_dri.so", "/usr/lib/dri/*_dri.so")
DRI_PACKAGE = "libgl1-mesa-dri"


def loads(name: str) -> bool:
    try:
        ctypes.CDLL(name)
    except OSError:
        return False
    return True


def missing(load=loads, find=glob.glob) -> list[tuple[str, str]]:
    """(what is missing, the Debian package that has it) for each part the screen lacks."""
    gone = [(name, package) for name, package in LIBRARIES if not load(name)]
    if not any(find(pattern) for pattern in DRI_DRIVERS):
        gone.append(("a Mesa DRI driver (dri/v3d_dri.so, vc4_dri.so)", DRI_PACKAGE))
    return gone


def report(gone: list[tuple[str, str]]) -> str:
    """One line for the self-test."""
    if not gone:
        return "screen libraries (KMSDRM: DRM, GBM, EGL, GLES, Mesa's DRI driver): all there"
    return ("screen libraries: MISSING " + ", ".join(name for name, _ in gone)
            + ": sudo apt-get install --no-install-recommends " + " ".join(p for _, p in gone))
