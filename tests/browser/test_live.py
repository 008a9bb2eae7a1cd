"""Live viewers in real Chromium at 390x844: a keeper's phone and a viewer's phone (two browser contexts), served as
``make run`` serves them. The viewer's page holds the game's stream and shows each scopa marked during the hand and
each saved hand within a second; with streams blocked (a proxy that cuts them) it falls back to polling the game's
version (304 while nothing changed) and shows each change within the poll's period and a page load."""

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error, expect

from tests.browser.test_keep_score import start_game
from tests.browser.test_winners import TYPICAL, tap_rows

# The seconds asserted here are what a phone sees on a machine doing nothing else: make test runs these tests alone,
# once every other run has ended (scripts/test-each-python).
pytestmark = pytest.mark.timing

SHOTS = Path("/tmp/shots/live")
BUDGET = 3.0  # seconds the test waits; the aims asserted are below
AIM = 1.0  # with the stream
POLL_AIM = 2.0  # with the poll (every 1.5 s) and a page load
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


def follow_a_game(page, live_server, browser, block_streams: bool) -> dict:
    """A keeper's phone marks scopas and saves a hand while a viewer's phone watches: seconds until the viewer shows
    each change, with the viewer's requests to the stream and to the poll."""
    url = start_game(page, live_server, "Anna", "Bruno")
    page.wait_for_load_state("load")
    context = browser.new_context(**PHONE)
    if block_streams:
        context.route("**/live", lambda route: route.abort("connectionreset"))
    viewer = context.new_page()
    answers: list[int] = []
    streams: list[str] = []
    viewer.on("response", lambda r: answers.append(r.status) if r.url.endswith("/version") else None)
    viewer.on("request", lambda r: streams.append(r.url) if r.url.endswith("/live") else None)
    viewer.goto(url)
    expect(viewer.locator("#scopas-live")).to_contain_text("No scopa yet in hand 1.")
    # With the stream: nothing to poll. Without it the page gives up on the stream within 5 s and polls.
    viewer.wait_for_timeout(6500 if block_streams else 2000)
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
    return {
        "url": url,
        "latencies": latencies,
        "answers": answers,
        "streams": streams,
        "context": context,
        "viewer": viewer,
    }


def report(latencies: dict, name: str) -> str:
    said = ", ".join(f"{what} {seconds:.2f} s" for what, seconds in latencies.items())
    print(f"\nseen on the viewer's phone ({name}): {said}")
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"latency-{name}.txt").write_text(said + "\n")
    return said


def test_a_viewer_with_the_stream_sees_each_scopa_and_each_saved_hand_within_a_second(page, live_server, browser):
    seen = follow_a_game(page, live_server, browser, block_streams=False)
    viewer = seen["viewer"]
    assert seen["streams"], "the viewer's page opened no stream"
    assert seen["answers"] == [], "with the stream open, the viewer's page polls nothing"
    SHOTS.mkdir(parents=True, exist_ok=True)
    viewer.screenshot(path=str(SHOTS / "viewer-scopa-en.png"), full_page=True)
    italian = browser.new_context(**PHONE, locale="it-IT")
    other = italian.new_page()
    other.goto(seen["url"])
    expect(other.locator("#scopas-live")).to_contain_text("Scope in questa mano")
    other.screenshot(path=str(SHOTS / "viewer-scopa-it.png"), full_page=True)
    italian.close()
    seen["context"].close()
    said = report(seen["latencies"], "stream")
    assert all(seconds <= AIM for seconds in seen["latencies"].values()), said


def test_with_streams_blocked_a_viewer_polls_and_sees_each_change_within_the_poll(page, live_server, browser):
    seen = follow_a_game(page, live_server, browser, block_streams=True)
    assert 304 in seen["answers"], seen["answers"]  # an unchanged game costs a 304 with no body
    seen["context"].close()
    said = report(seen["latencies"], "poll")
    assert all(seconds <= POLL_AIM for seconds in seen["latencies"].values()), said


def test_a_hidden_viewer_page_holds_no_stream_and_hears_the_game_at_once_when_shown(page, live_server):
    url = start_game(page, live_server, "Anna", "Bruno")
    page.wait_for_load_state("load")
    viewer = page.context.browser.new_context(**PHONE).new_page()
    asked: list[tuple[float, str]] = []
    viewer.on(
        "request",
        lambda r: asked.append((time.monotonic(), r.url)) if r.url.endswith(("/version", "/live")) else None,
    )
    viewer.goto(url)
    viewer.wait_for_load_state("load")
    viewer.wait_for_timeout(300)
    assert [url for _, url in asked if url.endswith("/live")], "the page opened no stream"
    hide = """hidden => { Object.defineProperty(document, "hidden", {value: hidden, configurable: true});
        document.dispatchEvent(new Event("visibilitychange")); }"""
    viewer.evaluate(hide, True)
    viewer.wait_for_timeout(200)
    hidden_from = len(asked)
    # Hidden: the stream is closed (the server lets its connection go) and nothing is asked.
    page.locator(".scopa-form.side0 .scopa-add").click()
    expect(page.locator(".scopa-form.side0 .count")).to_have_text("1")
    viewer.wait_for_timeout(3500)  # more than two poll periods
    assert len(asked) == hidden_from, "a hidden page must hold no stream and ask nothing"
    shown_at = time.monotonic()
    viewer.evaluate(hide, False)
    # Shown again: it asks at once, hears the scopa marked while it was hidden, and shows it.
    seen_after(viewer, "#scopas-live li[data-side='0'] .count", "1", shown_at)
    assert len(asked) > hidden_from and asked[hidden_from][0] - shown_at < 0.5, "shown again, it asks at once"
    viewer.context.close()
