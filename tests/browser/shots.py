"""Screenshots of every page state, for a person to look at: `python -m tests.browser.shots [FOLDER] [NAME...]`.

With SHOTS_LOCALE set (e.g. ``SHOTS_LOCALE=it-IT``) the phone asks for that language, as a phone set to it does.

Each state at 390x844 in the light and the dark theme, and at 195 px wide (a phone at 200% zoom, drawn at twice
the pixels, as that phone shows it), full page, into FOLDER (default /tmp/shots/look), cut into screens of 844
CSS px (NAME-VIEW-1.png, -2, ...) so that each can be looked at closely. Names limit it to the states whose name
starts with one of them.
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from app import create_app
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.states import states

VIEWS = [("light", 390, "light", 1), ("dark", 390, "dark", 1), ("zoom", 195, "light", 2)]
SCREEN = 844


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "/tmp/shots/look")
    wanted = tuple(argv[1:])
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "DATABASE": f"{tmp}/shots.sqlite3", "SECRET_KEY": "shots"})
        server = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}"
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                pages = {
                    scale: browser.new_page(
                        viewport={"width": 390, "height": SCREEN},
                        device_scale_factor=scale,
                        is_mobile=True,
                        has_touch=True,
                        locale=os.environ.get("SHOTS_LOCALE") or None,
                    )
                    for scale in (1, 2)
                }
                for page in pages.values():
                    page.goto(base)
                chosen = {scale: dict(states(page, base)) for scale, page in pages.items()}
                for name in chosen[1]:
                    if wanted and not name.startswith(wanted):
                        continue
                    for label, width, scheme, scale in VIEWS:
                        page = pages[scale]
                        page.set_viewport_size({"width": width, "height": SCREEN})
                        page.emulate_media(color_scheme=scheme)
                        chosen[scale][name]()
                        page.wait_for_load_state("load")
                        height = page.evaluate("document.documentElement.scrollHeight")
                        for part in range(0, -(-height // SCREEN)):
                            clip = {
                                "x": 0,
                                "y": part * SCREEN,
                                "width": width,
                                "height": min(SCREEN, height - part * SCREEN),
                            }
                            path = folder / f"{name}-{label}-{part + 1}.png"
                            page.screenshot(path=str(path), full_page=True, clip=clip)
                        print(folder / f"{name}-{label}-*.png", height)
                browser.close()
        finally:
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
