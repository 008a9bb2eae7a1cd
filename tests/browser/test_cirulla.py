"""A whole Cirulla game in Italian at phone size: started from the new-game page with the Cirulla profile, its hands
entered by quick counts, by the cards and by winners, with knocks, the piccola and the grande, until a side reaches
51. Screenshots of every step are saved under /tmp/shots/cirulla/ for a person to look at.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import page_width
from tests.browser.test_new_game_families import choose_game

ITALIAN = pytest.mark.browser_context_args(locale="it-IT")
SHOTS = Path("/tmp/shots/cirulla")
# Anna's pile in the hand entered by the cards: the coins from the Ace to the 5 (a piccola of 5, the 6 is Bruno's),
# the grande (Fante, Cavallo and Re of coins), the settebello and four sevens; 18 cards, so Bruno has the most.
ANNA = ["7d", "1d", "2d", "3d", "4d", "5d", "8d", "9d", "10d", "7c", "7s", "7b", "6c", "6s", "1c", "1s", "2c", "3c"]


def start_cirulla(page, live_server, *names: str) -> None:
    """Start a Cirulla game from the new-game page: the game chosen first, then the names."""
    page.goto(f"{live_server}/new")
    choose_game(page, "cirulla")
    for i, name in enumerate(names):
        page.fill(f"#players-{i}", name)
    page.locator("form button[type=submit].primary").first.click()
    expect(page.locator("#winners")).to_be_visible()


def knock(page, side: str, *worths: int) -> None:
    """Tap a side's knock buttons (+3, +10) as the table shows each knock."""
    for worth in worths:
        page.get_by_role("button", name=f"{side} +{worth}", exact=True).click()


def totals(page) -> list[str]:
    return page.locator(".total .points").all_inner_texts()


@ITALIAN
def test_a_whole_cirulla_game_in_italian_by_counts_cards_and_winners(page, live_server):
    SHOTS.mkdir(parents=True, exist_ok=True)

    def shot(name: str) -> None:
        assert page_width(page) <= 390, f"{name} is wider than the phone"
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)

    start_cirulla(page, live_server, "Anna", "Bruno")
    assert page.evaluate("document.documentElement.lang") == "it"
    # Cirulla's winners entry asks the grande and the piccola (to the 6 of coins) and each side's knocks.
    expect(page.locator("#row-won_grande")).to_be_visible()
    expect(page.locator("#row-napola_points .seg")).to_have_text(["3", "4", "5", "6"])
    expect(page.locator("#knocks")).to_be_visible()
    shot("01-scoreboard")

    # Hand 1 by quick counts: Anna 22 cards and 9 coins, the settebello, the primiera, a piccola of 5 and the grande,
    # knocking once (3); Bruno knocks with three of a kind (10) and makes a scopa.
    page.locator("#winners .other-entry a").first.click()
    page.fill("input[name=sides-0-cards]", "22")
    page.fill("input[name=sides-0-coins]", "9")
    page.fill("input[name=sides-0-napola]", "5")
    page.check("input[name=settebello][value='0']")
    page.check("input[name=primiera_by][value='0']")
    page.check("input[name=grande][value='0']")
    knock(page, "Anna", 3)
    knock(page, "Bruno", 10)
    expect(page.locator("input[name=sides-1-knocks]")).to_have_value("10")
    page.locator(".stepper.side1 button").nth(1).click()  # one scopa more for Bruno
    shot("02-counts")
    page.locator("button[name=action][value=check]").last.click()
    expect(page.locator("#save")).to_be_visible()
    shot("03-counts-check")
    page.locator("#save").click()
    # Anna: cards, coins, settebello, primiera, piccola 5, grande 5, a knock 3 = 17; Bruno: a scopa and 10 = 11.
    expect(page.locator(".total .points")).to_have_text(["17", "11"])
    shot("04-after-counts")

    # Hand 2 by the cards: Anna's pile tapped (the rest are Bruno's), Bruno knocks twice (3 + 3).
    page.locator("#winners .other-entry a").nth(1).click()
    page.locator(".pick[data-side='0']").click()
    for code in ANNA:
        page.locator(f".cell[data-card='{code}']").click()
    knock(page, "Bruno", 3, 3)
    expect(page.locator("input[name=sides-1-knocks]")).to_have_value("6")
    expect(page.locator("#live")).to_contain_text("Anna: 18 carte · 9 denari")
    shot("05-cards")
    page.locator("#check").click()
    expect(page.locator("#save")).to_be_visible()
    shot("06-cards-check")
    page.locator("#save").click()
    # Anna: coins, settebello, primiera, grande 5, piccola 5 = 13; Bruno: cards and 6 = 7.
    expect(page.locator(".total .points")).to_have_text(["30", "18"])
    shot("07-after-cards")

    # A knock that is no sum of 3s and 10s is refused beside it, every tap kept.
    rows = {"won_cards": 0, "won_coins": 0, "won_settebello": 0, "won_primiera": 0, "won_grande": 0, "napola": 0}
    for name, nth in rows.items():
        page.locator(f"#row-{name} label.seg").nth(nth).click()
    page.locator("#row-napola_points label.seg", has_text="6").click()
    page.fill("input[name=sides-0-knocks]", "4")
    page.locator("#save-won").click()
    expect(page.locator(".knock.has-error .field-error")).to_be_visible()
    expect(page.locator("input[name=sides-0-knocks]")).to_have_value("4")
    expect(page.locator("#row-won_grande input").first).to_be_checked()
    expect(page.locator(".total .points")).to_have_text(["30", "18"])
    shot("08-winners-error")

    # Hand 3 by winners: everything Anna's, a piccola of 6, and her knocks 10 + 3: she passes 51 and wins.
    knock(page, "Anna", 10)  # cleared first: the 4 typed was wrong
    page.get_by_role("button", name="Anna: nessuna bussata").click()
    knock(page, "Anna", 10, 3)
    expect(page.locator("input[name=sides-0-knocks]")).to_have_value("13")
    shot("09-winners")
    page.locator("#save-won").click()
    # Anna: 4 categories, grande 5, piccola 6, knocks 13 = 28, so 58 to 18.
    expect(page.locator(".total .points")).to_have_text(["58", "18"])
    expect(page.locator(".total.winner .side-name")).to_have_text("Anna")
    expect(page.locator("#winners")).to_have_count(0)
    shot("10-won")

    # The reasons of every hand, in Italian: the grande, the piccola and the knocks among them.
    game = page.url.split("#")[0].split("?")[0]
    knocked = {1: "Anna 3, Bruno 10", 2: "Bruno 6", 3: "Anna 13"}
    for number, knocks in knocked.items():
        page.goto(f"{game}/hands/{number}")
        reasons = page.locator("main").inner_text()
        assert (
            "Anna ha la grande" in reasons
            and f"3 per tre carte servite di 9 o meno e 10 per un tris: {knocks}." in reasons
        )
        assert re.search(r"Anna ha la (napola|piccola)", reasons), reasons
        shot(f"11-hand-{number}")
