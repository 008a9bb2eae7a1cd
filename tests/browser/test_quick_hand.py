"""A hand without a swipe at 390x844: taps and scrolls counted from the scoreboard in English and Italian, Undo in
view after a winning save, and the score read aloud through the browser's speech synthesis."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.states import WIN, Builder
from tests.browser.test_keep_score import Taps
from tests.browser.test_winners import tap_rows

SHOTS = Path("/tmp/shots/quick")
TYPICAL = {"cards": 0, "coins": 1, "settebello": 0, "primiera": 0}
ALL_TO_ANNA = {"cards": 0, "coins": 0, "settebello": 0, "primiera": 0}
PAIRS = (["Anna & Carla", "Bruno & Dario"], [["Anna", "Carla"], ["Bruno", "Dario"]])
ITALIAN = pytest.mark.browser_context_args(locale="it-IT")
LANGUAGES = [pytest.param("en", id="english"), pytest.param("it", id="italian", marks=ITALIAN)]
# Every scroll of the page, however it happened (a swipe, a focused field brought into view, a click).
# A scroll event at the top (the browser restoring the position after a save) moves nothing: only a move is kept.
WATCH_SCROLL = (
    "window.__scrolled = [];addEventListener('scroll', () => { if (scrollY) window.__scrolled.push(scrollY); });"
)


def open_keeper(page, url):
    page.add_init_script(WATCH_SCROLL)
    page.goto(url)
    page.wait_for_load_state("load")  # the scoreboard's scripts run before the first tap


def in_view_and_on_top(page, selector) -> dict:
    """The element's box, after checking that it lies inside the 390x844 screen and nothing covers its middle."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    hit = page.evaluate(
        "([s, x, y]) => document.querySelector(s).contains(document.elementFromPoint(x, y))",
        [selector, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert hit, f"{selector} is covered"
    return box


def save_without_a_swipe(page, rows, scopa=True, shot=None) -> int:
    """Tap a scopa and the rows, check Save is in view, save: the taps it took; fails on any scroll."""
    tap = Taps(page)
    if scopa:
        tap(".scopa-form.side0 .scopa-add")
        expect(page.locator(".scopa-form.side0 .count")).to_have_text("1")
    tap_rows(tap, rows)
    in_view_and_on_top(page, "#save-won")
    if shot:
        page.screenshot(path=str(SHOTS / f"{shot}.png"))
    assert page.evaluate("window.__scrolled") == [] and page.evaluate("scrollY") == 0
    tap("#save-won")
    expect(page.locator(".just-saved")).to_be_visible()
    return tap.count


def two_hands_without_a_swipe(page, shot):
    """Hand 1, right after the keeper link (its message on top), then hand 2 under the message of hand 1 saved:
    a scopa, four rows and Save, then four rows and Save, each without a scroll."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert save_without_a_swipe(page, TYPICAL, shot=shot) == 6
    expect(page.locator(".total .points")).to_have_text(["4", "1"])
    page.evaluate(WATCH_SCROLL)
    assert save_without_a_swipe(page, TYPICAL, scopa=False, shot=f"{shot}-hand2") == 5
    expect(page.locator(".total .points")).to_have_text(["7", "2"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_two_player_hand_is_saved_in_six_taps_without_a_scroll(page, live_server, lang):
    game = Builder(page, live_server).game(["Anna", "Bruno"])
    open_keeper(page, game.keeper_url)
    assert page.evaluate("document.documentElement.lang") == lang
    two_hands_without_a_swipe(page, f"two-{lang}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_four_player_partnership_hand_is_saved_without_a_scroll(page, live_server, lang):
    game = Builder(page, live_server).game(PAIRS[0], players=PAIRS[1])
    open_keeper(page, game.keeper_url)
    two_hands_without_a_swipe(page, f"four-{lang}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_undo_is_in_view_after_the_winning_save(page, live_server, lang):
    SHOTS.mkdir(parents=True, exist_ok=True)
    game = Builder(page, live_server).game(["Anna", "Bruno"], hands=[WIN, WIN])
    open_keeper(page, game.keeper_url)
    save_without_a_swipe(page, ALL_TO_ANNA, scopa=False)
    expect(page.locator("#result")).to_contain_text("12-0")
    assert page.evaluate("scrollY") == 0
    in_view_and_on_top(page, ".just-saved button")
    in_view_and_on_top(page, "#result")
    page.screenshot(path=str(SHOTS / f"won-{lang}.png"))
    page.locator(".just-saved button").click()
    expect(page.locator("#result")).not_to_contain_text("12-0")
    expect(page.locator(".total .points")).to_have_text(["8", "0"])


# speechSynthesis replaced by a recorder: what would be said, and in which language.
SPEECH_STUB = """
window.__spoken = [];
Object.defineProperty(window, "speechSynthesis", {configurable: true, value: {
  speak: (u) => window.__spoken.push([u.text, u.lang]), cancel: () => {}, getVoices: () => []}});
"""
SPOKEN = {
    "en": (
        "Score: Anna 0, Bruno 0. No hands yet: first to 11 wins.",
        "Score: Anna 4, Bruno 1. Last hand: Anna 4, Bruno 1. Anna leads 4-1; 11 to win.",
    ),
    "it": (
        "Punteggio: Anna 0, Bruno 0. Ancora nessuna mano: vince chi arriva a 11.",
        "Punteggio: Anna 4, Bruno 1. Ultima mano: Anna 4, Bruno 1. Anna è avanti 4-1; si gioca ai 11.",
    ),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_score_is_read_aloud_on_a_tap_and_after_each_saved_hand(page, live_server, lang):
    page.add_init_script(SPEECH_STUB)
    game = Builder(page, live_server).game(["Anna", "Bruno"])
    open_keeper(page, game.keeper_url)
    speak = page.locator("#speak-now")
    expect(speak).to_be_visible()
    assert speak.bounding_box()["height"] >= 44
    speak.click()
    assert page.evaluate("window.__spoken") == [[SPOKEN[lang][0], lang]]
    page.locator("#speak-each").check()  # below the hand's form: back to the top of the page after it
    page.evaluate("scrollTo(0, 0)")
    page.evaluate(WATCH_SCROLL)
    save_without_a_swipe(page, TYPICAL)
    page.wait_for_load_state("load")
    expect(page.locator(".total .points")).to_have_text(["4", "1"])
    page.wait_for_function("window.__spoken.length > 0")
    assert page.evaluate("window.__spoken") == [[SPOKEN[lang][1], lang]]
    # The switch is remembered on this phone; switched off, a saved hand is not read.
    expect(page.locator("#speak-each")).to_be_checked()
    page.locator("#speak-each").uncheck()
    page.evaluate("scrollTo(0, 0)")
    page.evaluate(WATCH_SCROLL)
    save_without_a_swipe(page, TYPICAL, scopa=False)
    page.wait_for_load_state("load")
    assert page.evaluate("window.__spoken") == []


def test_without_speech_synthesis_the_read_aloud_controls_stay_hidden(page, live_server):
    page.add_init_script("Object.defineProperty(window, 'speechSynthesis', {configurable: true, value: undefined});")
    game = Builder(page, live_server).game(["Anna", "Bruno"])
    open_keeper(page, game.keeper_url)
    expect(page.locator("#speak")).to_be_hidden()
    expect(page.locator("#speak-each-row")).to_be_hidden()


def test_screenshots_at_200_percent_text(page, live_server):
    """The scoreboard with its Save bar when the phone's text is twice as large, for a person to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    game = Builder(page, live_server).game(PAIRS[0], players=PAIRS[1])
    open_keeper(page, game.keeper_url)
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    tap_rows(Taps(page), TYPICAL)
    in_view_and_on_top(page, "#save-won")  # the bar stays at the foot of the screen, whatever the scroll
    page.screenshot(path=str(SHOTS / "four-en-200.png"))


def test_a_hand_saved_on_another_phone_is_read_aloud_once(page, live_server, browser):
    """With the switch on, the scoreboard reads every hand it learns of, also one saved on another keeper's phone
    and picked up by the live refresh; a later refresh for something else (a scopa) does not read it again."""
    page.add_init_script(SPEECH_STUB)
    game = Builder(page, live_server).game(["Anna", "Bruno"])
    open_keeper(page, game.keeper_url)
    page.locator("#speak-each").check()
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    other = context.new_page()
    open_keeper(other, game.keeper_url)
    save_without_a_swipe(other, TYPICAL)
    expect(page.locator(".total .points")).to_have_text(["4", "1"], timeout=5000)
    page.wait_for_function("window.__spoken.length > 0")
    assert page.evaluate("window.__spoken") == [[SPOKEN["en"][1], "en"]]
    other.locator(".scopa-form.side1 .scopa-add").click()  # hand 2's first scopa: the first phone reloads again
    expect(page.locator(".scopa-form.side1 .count")).to_have_text("1", timeout=5000)
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__spoken") == []
    context.close()
