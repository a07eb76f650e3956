"""Why the kiosk's screen could not be opened, in words the volunteer at the table can act on.

The kiosk's unit (systemd/tablekeeper-kiosk.service) draws through KMS/DRM
(``SDL_VIDEODRIVER=kmsdrm``), and when SDL finds no screen there pygame says only "kmsdrm not
available": no screen on the cable, no KMS driver loaded, or a user not allowed to use it.
``display_error`` turns that into a ``DisplayError`` naming what is missing, what was found and
what to check; the command line reports it like any other missing part (a GPIO, a serial port):
the message on stderr, exit status 2 (kiosk/cli.py), and the unit tries again.
"""
from __future__ import annotations

import glob
import os

#: The groups whose members may draw on the screen through /dev/dri (the unit adds both).
SCREEN_GROUPS = ("video", "render")


class DisplayError(RuntimeError):
    """The screen cannot be opened: no display device, no permission, no video driver."""


def _user() -> str:
    import pwd                          # Unix only, as KMS/DRM is
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return str(os.geteuid())


def _groups_missing() -> list[str]:
    """The screen's groups this process is not in (root needs none)."""
    import grp
    if os.geteuid() == 0:
        return []
    mine = set(os.getgroups()) | {os.getegid()}
    missing = []
    for name in SCREEN_GROUPS:
        try:
            if grp.getgrnam(name).gr_gid not in mine:
                missing.append(name)
        except KeyError:
            continue                    # no such group on this system: nothing to join
    return missing


def _found() -> str:
    """What this machine has for KMS/DRM, as the volunteer would look for it."""
    cards = sorted(glob.glob("/dev/dri/card*"))
    if not cards:
        return "no /dev/dri/card* on this machine (no KMS/DRM driver for a screen)"
    found = f"{', '.join(cards)} found"
    missing = _groups_missing()
    if missing:
        found += f", but user {_user()} is not in the {' and '.join(missing)} group"
    return found


def display_error(exc: Exception, driver: str | None) -> DisplayError:
    """The error to report for ``exc``, pygame's failure to open a screen with SDL's video
    ``driver`` (the value of SDL_VIDEODRIVER, None when not set)."""
    said = str(exc) or type(exc).__name__
    if (driver or "").lower() != "kmsdrm":
        return DisplayError(f"the screen cannot be opened (SDL_VIDEODRIVER={driver or 'not set'}; "
                            f"pygame: {said}). Check that a display is there for this driver, or run "
                            "with --headless to draw off-screen")
    return DisplayError(
        f"no screen through KMS/DRM (SDL_VIDEODRIVER=kmsdrm; pygame: {said}): {_found()}. Check: "
        "the screen's cable and power, plugged in before the Pi starts; `ls -l /dev/dri` lists "
        "card0 or card1; the kiosk's user in the video and render groups (`id kiosk`); "
        "dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt (then reboot); nothing else holds the "
        "screen (a desktop session, a second kiosk). Without a screen: --headless draws off-screen")


__all__ = ["DisplayError", "SCREEN_GROUPS", "display_error"]
