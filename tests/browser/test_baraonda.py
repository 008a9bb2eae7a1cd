"""A baraonda evening on the organiser's phone (390 x 844): made on the form with one name a line, its first round
paired into tables of two partnerships, shown on the page and the big screen."""

from pathlib import Path

from playwright.sync_api import expect

from tests.browser.conftest import page_width

SHOTS = Path("/tmp/shots/baraonda")
PLAYERS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Marco"]


def test_the_organiser_makes_a_baraonda_of_eight_and_pairs_its_first_round(page, browser, live_server):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(live_server + "/events/new")
    page.fill("#event-name", "Baraonda di venerdì")
    page.fill("#event-players", "\n".join(PLAYERS))
    page.check("input[name=pairing][value=baraonda]")
    page.fill("#event-target", "4")
    page.fill("#event-date", "2026-11-27")
    page.fill("#event-weight", "2")
    page.screenshot(path=str(SHOTS / "new.png"), full_page=True)
    page.get_by_role("button", name="Make the event").click()
    expect(page.locator(".event-day")).to_have_text("Nov 27, 2026 · weight 2")
    expect(page.locator(".rules-line")).to_contain_text("Baraonda · 7 rounds · tables of four")
    page.get_by_role("button", name="Pair round 1").click()
    tables = page.locator("#round-1 .event-table .sides")
    expect(tables).to_have_text(["Anna & Marco vs Bruno & Dario", "Carla & Giulia vs Elena & Fabio"])
    expect(page.locator(".standings tbody tr")).to_have_count(8)  # a line for each player
    assert page_width(page) <= 390
    page.screenshot(path=str(SHOTS / "round-1.png"), full_page=True)
    tv = browser.new_context(viewport={"width": 1920, "height": 1080})
    screen = tv.new_page()
    screen.goto(page.url.split("?")[0].split("#")[0] + "/screen")
    expect(screen.locator(".sides").first).to_have_text("Anna & Marco – Bruno & Dario")
    screen.screenshot(path=str(SHOTS / "screen.png"), full_page=True)
    tv.close()
