"""How every page looks for everyone at the table: 200% zoom and text, tap targets, the dark theme, the side
colours, and the screen kept awake while a game is open."""

import itertools
import re
import time

import pytest

from tests.browser.states import Builder, states

PHONE = {"width": 390, "height": 844}
ZOOMED = {"width": 195, "height": 844}  # a 390-pixel phone at 200% zoom

# What sticks out past the right edge of the screen, to name it when a page scrolls sideways. The width is the
# screen's, not innerWidth: a phone browser widens its layout viewport to fit a page that is too wide.
WIDER_THAN_VIEW = """(view) => {
    const out = [];
    for (const el of document.body.querySelectorAll("*")) {
        const box = el.getBoundingClientRect();
        if (box.width && box.right > view + 1 && !(el.parentElement.getBoundingClientRect().right > view + 1)) {
            out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} right=${Math.round(box.right)}`);
        }
    }
    return {scroll: Math.max(document.documentElement.scrollWidth, innerWidth), view, out: out.slice(0, 6)};
}"""


@pytest.mark.slow
def test_no_page_scrolls_sideways_at_200_percent_zoom_or_200_percent_text(page, live_server):
    problems = []
    for name, go in states(page, live_server):
        for how, size, font in (("200% zoom (195 px)", ZOOMED, None), ("200% text (390 px)", PHONE, "200%")):
            page.set_viewport_size(size)
            go()
            if font:
                page.evaluate(f"document.documentElement.style.fontSize = {font!r}")
            page.wait_for_load_state("load")
            seen = page.evaluate(WIDER_THAN_VIEW, size["width"])
            if seen["scroll"] > seen["view"] + 1:
                problems.append(f"{name} at {how}: {seen['scroll']} px wide in {seen['view']}: {seen['out']}")
    assert not problems, "\n".join(problems)


# Every visible control and its box; a checkbox or radio button is tapped through its label, so the label counts.
CONTROLS = """() => {
    const found = [];
    const seen = new Set();
    for (const el of document.querySelectorAll("button, .button, input, select, summary, textarea")) {
        if (el.type === "hidden") continue;
        let target = el;
        if (el.type === "checkbox" || el.type === "radio") {
            target = el.closest("label") || (el.id && document.querySelector(`label[for="${el.id}"]`)) || el;
        }
        if (seen.has(target)) continue;
        seen.add(target);
        const box = target.getBoundingClientRect();
        const style = getComputedStyle(target);
        // Hidden on purpose: not displayed, invisible, inside a closed <details>, or a visually hidden field.
        if (!target.getClientRects().length || style.visibility === "hidden") continue;
        if (box.width <= 2 || box.height <= 2) continue;
        if (target.closest("details:not([open]) > :not(summary)")) continue;
        const text = (target.innerText || target.value || target.getAttribute("aria-label") || target.name || "")
            .trim();
        // A bar pinned to the screen's edge while its form scrolls under it (the hand's Save bar, the grid's
        // counts): what lies under it now comes clear by scrolling, as far as the page has room to scroll.
        let pinned = false;
        for (let up = target; up && up !== document.body; up = up.parentElement) {
            if (["sticky", "fixed"].includes(getComputedStyle(up).position)) { pinned = true; break; }
        }
        const room = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
        found.push({what: `${target.tagName.toLowerCase()} "${text.slice(0, 30)}"`, height: box.height, top: box.top,
                    left: box.left, right: box.right, bottom: box.bottom, pinned: pinned, room: room});
    }
    return found;
}"""


@pytest.mark.slow
def test_every_visible_control_is_at_least_44_px_tall_and_none_overlap(page, live_server):
    problems = []
    for name, go in states(page, live_server):
        go()
        page.wait_for_load_state("load")
        controls = page.evaluate(CONTROLS)
        short = [f"{c['what']} {c['height']:.0f} px" for c in controls if c["height"] < 44 - 0.5]
        if short:
            problems.append(f"{name}: {', '.join(short)}")
        for a, b in itertools.combinations(controls, 2):
            across = min(a["right"], b["right"]) - max(a["left"], b["left"])
            down = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
            # A control under a pinned bar is no overlap if scrolling brings it clear of the bar.
            scrolled_clear = a["pinned"] != b["pinned"] and a["room"] >= down
            if across > 1 and down > 1 and not scrolled_clear:
                problems.append(f"{name}: {a['what']} and {b['what']} overlap")
    assert not problems, "Controls under 44 CSS px tall, or on top of each other:\n" + "\n".join(problems)


BACKGROUND_LUMINANCE = """() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/[\\d.]+/g).map(Number);
    const lin = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}"""


@pytest.mark.slow
def test_the_dark_theme_applies_on_every_page_when_the_phone_asks_for_it(page, live_server):
    problems = []
    for name, go in states(page, live_server):
        for scheme in ("dark", "light"):
            page.emulate_media(color_scheme=scheme)
            go()
            luminance = page.evaluate(BACKGROUND_LUMINANCE)
            if (scheme == "dark") != (luminance < 0.05) or (scheme == "light" and luminance < 0.8):
                problems.append(f"{name} in {scheme}: the page's background has luminance {luminance:.2f}")
    assert not problems, "\n".join(problems)


def test_printed_sheets_stay_black_on_white_in_the_dark_theme(page, live_server):
    game = Builder(page, live_server).game(["Anna", "Bruno"])
    page.emulate_media(color_scheme="dark", media="print")
    for path in (f"/g/{game.id}/sheet", "/pads/2"):
        page.goto(live_server + path)
        colours = page.evaluate(
            """() => [getComputedStyle(document.body).backgroundColor,
                      getComputedStyle(document.querySelector(".sheet")).backgroundColor,
                      getComputedStyle(document.querySelector(".sheet h1")).color]"""
        )
        assert colours == ["rgb(255, 255, 255)", "rgb(255, 255, 255)", "rgb(0, 0, 0)"], (path, colours)


# --- Side colours -----------------------------------------------------------------------------------------

# How a colour looks to people with deuteranopia or protanopia (Machado, Oliveira and Fernandes 2009, full
# severity), applied to linear RGB.
CVD = {
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
}


def _linear(colour: str) -> list[float]:
    channels = [int(c) for c in re.findall(r"\d+", colour)[:3]]
    return [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in channels]


def _luminance(rgb: list[float]) -> float:
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]


def _contrast(a: list[float], b: list[float]) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _lab(rgb: list[float]) -> tuple[float, float, float]:
    x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047
    y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _seen_as(rgb: list[float], matrix) -> list[float]:
    return [min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix]


SIDE_COLOURS = """() => {
    // Each variable resolved to the rgb() a browser paints, through a probe element.
    const probe = document.createElement("i");
    document.body.append(probe);
    const paint = (value) => { probe.style.color = value; return getComputedStyle(probe).color; };
    const root = getComputedStyle(document.documentElement);
    const out = {};
    for (const name of ["side0", "side1", "side2", "side3", "side4", "side5", "on-side", "paper", "card", "ok-bg",
                        "bad-bg", "win-bg"]) {
        out[name] = paint(root.getPropertyValue("--" + name).trim());
    }
    probe.remove();
    return out;
}"""


def test_the_side_colours_read_well_and_stay_apart_for_colour_blind_players(page, live_server):
    """A game has at most three sides: the first three stay far apart under deuteranopia and protanopia too."""
    problems = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.goto(live_server + "/")
        colours = {k: _linear(v) for k, v in page.evaluate(SIDE_COLOURS).items()}
        sides = [colours[f"side{i}"] for i in range(6)]
        for i, side in enumerate(sides):
            for against in ("on-side", "paper", "card", "ok-bg", "bad-bg", "win-bg"):  # a side's name on any of them
                ratio = _contrast(side, colours[against])
                if ratio < 4.5:
                    problems.append(f"{scheme}: --side{i} against --{against} has a contrast of {ratio:.2f}")
        for vision, matrix in [("normal vision", None), *CVD.items()]:
            seen = [_lab(_seen_as(s, matrix) if matrix else s) for s in sides[:3]]
            for a, b in itertools.combinations(range(3), 2):
                distance = sum((p - q) ** 2 for p, q in zip(seen[a], seen[b], strict=True)) ** 0.5
                if distance < 20:
                    problems.append(f"{scheme}, {vision}: --side{a} and --side{b} are {distance:.1f} apart (CIELAB)")
    assert not problems, "\n".join(problems)


# --- The screen kept awake --------------------------------------------------------------------------------

# A stand-in for the Screen Wake Lock API that records each request and lets the test release a lock as the
# browser does when the page is hidden.
WAKE_LOCK_STUB = """
window.wakeLog = [];
const locks = [];
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
    request(type) {
        const listeners = [];
        const lock = {type, released: false,
            addEventListener(name, f) { if (name === "release") listeners.push(f); },
            release() {
                if (!lock.released) { lock.released = true; wakeLog.push("release"); listeners.forEach((f) => f()); }
                return Promise.resolve();
            }};
        locks.push(lock);
        wakeLog.push("request " + type);
        return new Promise((resolve) => setTimeout(() => resolve(lock), 50));  // granted a moment later
    }}});
let hidden = false;
Object.defineProperty(document, "visibilityState", {configurable: true, get: () => hidden ? "hidden" : "visible"});
Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
window.setHidden = (value) => {
    hidden = value;
    if (value) locks.forEach((lock) => lock.release());  // the browser lets go of the lock on a hidden page
    document.dispatchEvent(new Event("visibilitychange"));
};
"""


def wait_until(page, expression: str, seconds: float = 5) -> None:
    """Wait for a condition in the page (``page.wait_for_function`` evaluates a string, which the CSP forbids)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"still not true after {seconds} s: {expression}; wake lock log: {wake_log(page)}")
        page.wait_for_timeout(50)


def wake_log(page):
    return page.evaluate("window.wakeLog")


def test_the_screen_stays_awake_while_a_game_is_open(page, live_server):
    game = Builder(page, live_server).game(["Anna", "Bruno"])
    page.add_init_script(WAKE_LOCK_STUB)
    page.goto(live_server + "/")
    page.wait_for_load_state("load")
    assert wake_log(page) == [], "the home page is not a game: the screen may sleep"
    Builder(page, live_server).keep(game)  # opens the scoreboard as its keeper
    wait_until(page, "wakeLog.length >= 1")
    page.wait_for_timeout(300)
    assert wake_log(page) == ["request screen"], "one lock, asked for once"
    page.evaluate("setHidden(true)")  # the phone is put down or another app comes up
    page.evaluate("setHidden(false)")
    wait_until(page, "wakeLog.length >= 3")
    assert wake_log(page) == ["request screen", "release", "request screen"]
    page.wait_for_timeout(100)
    page.evaluate("setHidden(false)")  # visible again while still holding the lock: no second lock
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide'))")  # leaving the page lets go
    wait_until(page, "wakeLog.length >= 4")
    assert wake_log(page) == ["request screen", "release", "request screen", "release"]
    page.goto(f"{live_server}/g/{game.id}/hand")
    wait_until(page, "wakeLog.length >= 1")
    assert wake_log(page) == ["request screen"], "the hand's page keeps the screen awake too"
    page.goto(f"{live_server}/g/{game.id}/check")  # the capture checker: no game is being kept there
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    assert wake_log(page) == [], "the capture checker lets the screen sleep"


def test_pages_work_where_there_is_no_wake_lock(page, live_server):
    game = Builder(page, live_server).game(["Anna", "Bruno"])
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.add_init_script("delete Navigator.prototype.wakeLock; delete navigator.wakeLock;")
    Builder(page, live_server).keep(game)
    page.wait_for_load_state("load")
    assert page.evaluate("'wakeLock' in navigator") is False
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide'))")
    assert page.evaluate("document.documentElement.classList.contains('js')"), "app.js ran to its end"
    assert not errors, errors


def test_a_refused_wake_lock_is_no_error(page, live_server):
    """The browser may refuse (battery saver, a page not in front): the page goes on quietly."""
    game = Builder(page, live_server).game(["Anna", "Bruno"])
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.add_init_script(
        """Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
            request() {
                window.refused = true;
                return Promise.reject(new DOMException("no", "NotAllowedError"));
            }}});"""
    )
    Builder(page, live_server).keep(game)
    wait_until(page, "window.refused === true")
    page.wait_for_timeout(100)
    assert not errors, errors


# --- Wording ----------------------------------------------------------------------------------------------


def test_messages_shown_by_every_page_read_as_sentences(page, live_server):
    """A refusal worded by the core ("side must be ...") is shown starting with a capital, ending with a stop."""
    make = Builder(page, live_server)
    game = make.game(["Anna", "Bruno"])
    make.keep(game)
    make.post(f"/g/{game.id}/scopa", {"side": "9", "change": "1"}, token_from=f"/g/{game.id}")
    shown = page.locator(".flash-error").inner_text()
    assert re.fullmatch(r"[A-Z].*\.", shown), shown
    page.goto(f"{live_server}/g/{game.id}/hands/7")
    shown = page.locator("main .error").inner_text()
    assert shown == "This game has no hand 7.", shown


def test_the_error_page_capitalises_what_it_is_given():
    from flask import render_template

    from app import create_app

    app = create_app({"TESTING": True, "DATABASE": ":memory:", "SECRET_KEY": "wording"})
    with app.test_request_context("/"):
        html = render_template("error.html", code=404, message="no game has this address")
    assert "No game has this address.</p>" in html
