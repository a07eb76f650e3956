"""The kiosk as a child process for the crash test: ``python -m tests.support.kiosk_child DB
BOOT_ID`` (from the repository's root) builds the real app on the store at DB (MockFactory pins,
the dummy video driver, explicit times), plays ``app_harness.opening()``, prints ``ready`` and
blocks until it is killed with SIGKILL."""
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(db: str, boot_id: str) -> None:
    import pygame

    from tests.support.app_harness import StoreHarness, opening

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    kiosk = StoreHarness(Path(db).parent / "child-shots", store=Path(db), boot_id=boot_id)
    opening(kiosk)
    print("ready", flush=True)
    sys.stdin.read()                    # until killed


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
