"""Browser tests: the app served on 127.0.0.1, driven by Debian's Chromium at a phone's size."""

import os
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from app import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]  # fmt: skip
SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"


def pytest_collection_modifyitems(items):
    for item in items:
        if "browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run scripts/install-browser (make test does)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # A phone: 390 x 844 CSS pixels, touch.
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    }


@pytest.fixture
def live_server(tmp_path):
    """The app on a free port of 127.0.0.1 with its own database; yields its base URL."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "browser.sqlite3"), "SECRET_KEY": "browser-test"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


def page_width(page) -> int:
    """The page's width in CSS pixels once it has loaded, as a person sees it.

    Playwright's click returns as soon as the next page starts loading. Until its stylesheet has arrived (Flask
    serves static files with no-cache, so every page revalidates style.css) and its deferred script has run, the
    unstyled 40-card table is about 540 px wide: a moment a person never sees, since the browser does not paint
    before the stylesheet, but one a script can measure.
    """
    page.wait_for_load_state("load")
    return page.evaluate("document.documentElement.scrollWidth")


@pytest.fixture
def shot(page):
    """Save a full-page screenshot under tests/screenshots/ for a person to look at."""
    SCREENSHOTS.mkdir(exist_ok=True)

    def take(name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take
