"""Live viewers in real Chromium at 390x844: a keeper's phone and a viewer's phone (two browser contexts). The
viewer's page shows each scopa marked during the hand and each saved hand within 2 s, polling the game's version
(304 while nothing changed)."""

import re
import time
from pathlib import Path

from playwright.sync_api import Error, expect

from tests.browser.test_keep_score import start_game
from tests.browser.test_winners import TYPICAL, tap_rows

SHOTS = Path("/tmp/shots/live")
BUDGET = 3.0  # seconds the test waits; the aim asserted is 2 s
AIM = 2.0
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def seen_after(viewer, selector: str, text: str, since: float) -> float:
    """Seconds from ``since`` until the viewer's page shows ``text`` in ``selector`` (the page reloads meanwhile, so
    the DOM is asked again every 50 ms), or the test fails after BUDGET seconds."""
    while time.monotonic() - since < BUDGET:
        try:
            shown = viewer.locator(selector).all_inner_texts()
        except Error:  # the page is between two loads
            shown = []
        if any(text in s for s in shown):
            return time.monotonic() - since
        viewer.wait_for_timeout(50)
    raise AssertionError(f"the viewer did not show {text!r} in {selector} within {BUDGET} s")


def test_a_viewer_sees_each_scopa_and_each_saved_hand_within_2_seconds(page, live_server, browser):
    url = start_game(page, live_server, "Anna", "Bruno")
    page.wait_for_load_state("load")
    context = browser.new_context(**PHONE)
    viewer = context.new_page()
    answers: list[int] = []
    viewer.on("response", lambda r: answers.append(r.status) if r.url.endswith("/version") else None)
    viewer.goto(url)
    expect(viewer.locator("#scopas-live")).to_contain_text("No scopa yet in hand 1.")
    viewer.wait_for_timeout(2000)  # a poll or two with nothing changed (Playwright's events come in its waits)
    assert 304 in answers, answers  # an unchanged game costs a 304 with no body
    latencies = {}

    page.locator(".scopa-form.side0 .scopa-add").click()  # Anna sweeps the table
    expect(page.locator(".scopa-form.side0 .count")).to_have_text("1")  # the server has it
    latencies["scopa marked"] = seen_after(viewer, "#scopas-live li[data-side='0'] .count", "1", time.monotonic())

    tap_rows(lambda s: page.locator(s).first.click(), TYPICAL)
    page.locator("#save-won").click()
    page.wait_for_url(re.compile(r"/g/[^/?#]+$"))
    expect(page.locator(".just-saved")).to_contain_text("Hand 1 saved:")
    latencies["hand saved"] = seen_after(viewer, ".total .points", "4", time.monotonic())
    expect(viewer.locator("#scopas-live")).to_contain_text("No scopa yet in hand 2.")

    page.locator(".scopa-form.side1 .scopa-add").click()  # Bruno, in hand 2
    expect(page.locator(".scopa-form.side1 .count")).to_have_text("1")
    latencies["scopa in hand 2"] = seen_after(viewer, "#scopas-live li[data-side='1'] .count", "1", time.monotonic())
    page.locator(".scopa-form.side1 .scopa-undo").click()  # taken back
    expect(page.locator(".scopa-form.side1 .count")).to_have_text("0")
    latencies["scopa taken back"] = seen_after(viewer, "#scopas-live", "No scopa yet in hand 2.", time.monotonic())
    page.locator(".scopa-form.side1 .scopa-add").click()
    expect(page.locator(".scopa-form.side1 .count")).to_have_text("1")
    seen_after(viewer, "#scopas-live li[data-side='1'] .count", "1", time.monotonic())

    SHOTS.mkdir(parents=True, exist_ok=True)
    viewer.screenshot(path=str(SHOTS / "viewer-scopa-en.png"), full_page=True)
    italian = browser.new_context(**PHONE, locale="it-IT")
    other = italian.new_page()
    other.goto(url)
    expect(other.locator("#scopas-live")).to_contain_text("Scope in questa mano")
    other.screenshot(path=str(SHOTS / "viewer-scopa-it.png"), full_page=True)
    italian.close()
    context.close()
    report = ", ".join(f"{what} {seconds:.2f} s" for what, seconds in latencies.items())
    print(f"\nseen on the viewer's phone: {report}")
    (SHOTS / "latency.txt").write_text(report + "\n")
    assert all(seconds <= AIM for seconds in latencies.values()), report


def test_a_hidden_viewer_page_stops_polling_and_asks_at_once_when_shown(page, live_server):
    url = start_game(page, live_server, "Anna", "Bruno")
    page.wait_for_load_state("load")
    viewer = page.context.browser.new_context(**PHONE).new_page()
    polls: list[float] = []
    viewer.on("request", lambda r: polls.append(time.monotonic()) if r.url.endswith("/version") else None)
    viewer.goto(url)
    viewer.wait_for_load_state("load")
    hide = """hidden => { Object.defineProperty(document, "hidden", {value: hidden, configurable: true});
        document.dispatchEvent(new Event("visibilitychange")); }"""
    viewer.evaluate(hide, True)
    viewer.wait_for_timeout(200)
    hidden_from = len(polls)
    viewer.wait_for_timeout(3500)  # more than two poll periods
    assert len(polls) == hidden_from, "a hidden page must not poll"
    shown_at = time.monotonic()
    viewer.evaluate(hide, False)
    viewer.wait_for_timeout(500)
    assert len(polls) > hidden_from and polls[hidden_from] - shown_at < 0.5, "shown again, it polls at once"
    viewer.context.close()
