"""Two keepers of one game at 390x844 entering the same hand differently: the second phone sees both entries with
the differences marked in words, and each of its three choices does what it says."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.browser.test_winners import tap_rows

SHOTS = Path("/tmp/shots/same-hand")
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
# Each hand 2-2, so the game runs on: the first phone gives Bruno the coins, the second gives them to Anna.
FIRST = {"cards": 0, "coins": 1, "settebello": 1, "primiera": 0}
SECOND = {"cards": 0, "coins": 0, "settebello": 1, "primiera": 1}


@pytest.fixture
def keepers(browser, live_server):
    """Two phones keeping one new game (each opened its keeper link), in two browser contexts."""

    def make(locale="en-GB"):
        phones = [browser.new_context(**PHONE, locale=locale) for _ in range(2)]
        pages = [c.new_page() for c in phones]
        body = {"name": "Terrace", "sides": [{"name": "Anna"}, {"name": "Bruno"}]}
        game = pages[0].request.post(f"{live_server}/api/v1/games", data=body).json()
        for page in pages:
            page.goto(game["keeper_url"])
            page.wait_for_load_state("load")
        made.extend(phones)
        return game, pages

    made = []
    yield make
    for context in made:
        context.close()


def fresh(page):
    """The scoreboard opened anew. The page also reloads itself when its poll sees another phone's change, and a
    reload asked for while one is under way fails: such a clash is simply tried again."""
    address = re.sub(r"[?#].*$", "", page.url)
    for attempt in range(3):
        try:
            page.goto(address)
            page.wait_for_load_state("load")
            return
        except PlaywrightError:
            if attempt == 2:
                raise
            page.wait_for_timeout(500)


def both_enter(first, second, number, heading="Hand {n} was entered on two phones"):
    """Both phones open hand ``number`` and tap it; the first saves, then the second: it lands on the comparison,
    headed ``heading`` (in the phones' language)."""
    for page in (first, second):
        fresh(page)
    tap_rows(lambda s: first.locator(s).first.click(), FIRST)
    tap_rows(lambda s: second.locator(s).first.click(), SECOND)
    first.click("#save-won")
    first.wait_for_url(re.compile(r"/g/[^/?#]+(#.*)?$"))
    second.click("#save-won")
    second.wait_for_url(re.compile(r"/same-hand\?d="))
    expect(second.locator("h1")).to_contain_text(heading.format(n=number))


def hands(page, live_server, game):
    return page.request.get(f"{live_server}/api/v1/games/{game['id']}").json()["rounds"]


def coins(rounds):
    return [[i for i, s in enumerate(r["sides"]) if "coins" in (s.get("won") or [])] for r in rounds]


@pytest.mark.slow
def test_two_keepers_enter_the_same_hand_and_the_second_chooses(keepers, live_server):
    game, (first, second) = keepers()
    both_enter(first, second, 1)
    coins_row = second.locator("#clash-table tr", has_text="coins")
    expect(coins_row).to_contain_text("differs")
    expect(second.locator("#clash-table tr", has_text="primiera")).to_contain_text("differs")
    expect(second.locator("#clash-table tr", has_text="cards").first).not_to_contain_text("differs")
    expect(second.locator("#clash-summary")).to_contain_text("The two entries differ")
    assert second.evaluate("document.documentElement.scrollWidth") <= 390
    SHOTS.mkdir(parents=True, exist_ok=True)
    second.screenshot(path=str(SHOTS / "comparison-en.png"), full_page=True)
    # (c) Replace the saved hand with this phone's entry: hand 1 now gives Anna the coins, still one hand.
    second.click("#replace-choice")
    second.wait_for_url(re.compile(r"/g/[^/?#]+(#.*)?$"))
    expect(second.locator("main")).to_contain_text("Hand 1 now holds this phone's entry")
    assert coins(hands(second, live_server, game)) == [[0]]
    # (b) Save this phone's entry as the next hand: the other phone's hand 2 and this one's hand 3.
    both_enter(first, second, 2)
    second.click("#next-choice")
    second.wait_for_url(re.compile(r"/g/[^/?#]+(#.*)?$"))
    assert coins(hands(second, live_server, game)) == [[0], [1], [0]]
    # (a) Keep the saved hand: nothing written, a fresh form for the next hand.
    both_enter(first, second, 4)
    second.click("#keep-choice")
    second.wait_for_url(re.compile(r"/g/[^/?#]+(#.*)?$"))
    expect(second.locator("main")).to_contain_text("Hand 4 stays as it was saved")
    assert coins(hands(second, live_server, game)) == [[0], [1], [0], [1]]
    expect(second.locator("#save-won")).to_contain_text("5")
    assert second.locator("#winners input[type=radio]:checked").count() == 0  # its taps cleared


@pytest.mark.slow
def test_the_comparison_in_italian(keepers, live_server):
    game, (first, second) = keepers("it-IT")
    both_enter(first, second, 1, "La mano {n} è stata inserita su due telefoni")
    expect(second.locator("#clash-table tr", has_text="denari")).to_contain_text("diverso")
    SHOTS.mkdir(parents=True, exist_ok=True)
    second.screenshot(path=str(SHOTS / "comparison-it.png"), full_page=True)
    assert len(hands(second, live_server, game)) == 1
