"""Browser tests: the app served on 127.0.0.1, driven by Debian's Chromium at a phone's size."""

import json
import os
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from app import create_app
from tests.conftest import TEST_RATE_LIMITS
from tests.served import serving

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# How long an expectation waits for the page to show what it expects (Playwright's default is 5 s). The suite runs
# three browsers beside the other Pythons' runs on two cores, where a page load can take seconds: no expectation
# here is about speed (tests/browser/test_live.py measures that, alone), so they wait longer before failing.
expect.set_options(timeout=15_000)
SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"
ROOT = Path(__file__).resolve().parent.parent.parent
# axe-core from the npm registry, installed by scripts/install-axe (make test runs it) outside static/.
AXE = ROOT / ".axe" / "node_modules" / "axe-core" / "axe.min.js"
# Every impact axe reports fails a page: a person cannot use it (critical), has real trouble (serious), is slowed
# or confused (moderate), or meets a lesser flaw (minor). A page ships with none of them.
AXE_FAILING = ("minor", "moderate", "serious", "critical")


def pytest_collection_modifyitems(items):
    for item in items:
        if "browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
        if "axe" in getattr(item, "fixturenames", ()):
            # axe-core is injected as a script element, which the app's Content-Security-Policy (rightly) blocks:
            # tests that run it open their pages with CSP bypassed, on top of any context arguments they ask for.
            asked = next(item.iter_markers("browser_context_args"), None)
            kwargs = {**(asked.kwargs if asked else {}), "bypass_csp": True}
            item.add_marker(pytest.mark.browser_context_args(**kwargs), append=False)
    # The long tests go first: when a run is spread over workers (scripts/test-each-python), they start at once and
    # the short ones fill in around them, rather than one long test starting last while the other workers wait. In
    # the browser tests, those marked slow (each walks every page state, for a minute or more) go ahead of the others,
    # for that run hands its workers one test at a time; in the other tests, a file with a test marked slow goes ahead
    # of the other files, for those runs hand out whole files. Otherwise every test keeps its order.
    slow_files = {item.path for item in items if item.get_closest_marker("slow")}

    def later(item) -> bool:
        if item.get_closest_marker("browser"):
            return item.get_closest_marker("slow") is None
        return item.path not in slow_files

    items.sort(key=later)


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
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "browser.sqlite3"),
            "SECRET_KEY": "browser-test",
            **TEST_RATE_LIMITS,
        }
    )
    with serving(app) as url:
        yield url


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


def axe_report(violations: list[dict]) -> str:
    """The violations as a person reads them: rule, impact, what it means, and the elements at fault."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} <{v['helpUrl']}>")
        for node in v["nodes"][:8]:
            target = " ".join(str(t) for t in node["target"])
            summary = " ".join(node.get("failureSummary", "").split())
            lines.append(f"    {target}: {node['html'][:160]}\n        {summary[:300]}")
        if len(v["nodes"]) > 8:
            lines.append(f"    ... and {len(v['nodes']) - 8} more elements")
    return "\n".join(lines)


@pytest.fixture(scope="session")
def axe_source() -> Path:
    if not AXE.exists():
        # The same set-up `make test` runs, so that a single test file also runs on a fresh checkout.
        subprocess.run([str(ROOT / "scripts" / "install-axe")], check=False)
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run scripts/install-axe (make test does)")
    return AXE


@pytest.fixture
def axe(page, axe_source):
    """``axe(label)`` runs axe-core on the page as it is now and returns its violations, of every impact.

    ``assert not (found := axe("home")), found`` fails with each rule, its impact and the elements at fault.
    """

    class Violations(list):
        def __init__(self, label: str, items: list[dict]):
            super().__init__(items)
            self.label = label

        def __repr__(self) -> str:
            return f"{len(self)} axe violations on {self.label}:\n{axe_report(self)}"

    def run(label: str = "the page") -> Violations:
        page.wait_for_load_state("load")
        if not page.evaluate("typeof window.axe === 'object'"):
            page.add_script_tag(path=str(axe_source))
        result = page.evaluate(
            "async () => JSON.stringify((await axe.run(document, {resultTypes: ['violations']})).violations)"
        )
        found = [v for v in json.loads(result) if v.get("impact") in AXE_FAILING]
        return Violations(f"{label} ({page.url})", found)

    return run
