"""A whole club night in Chromium: eight players, three Swiss rounds. The organiser makes the event and pairs each
round on a phone; each table keeps its own game on its own phone from the table card's keeper link; the standings
follow on a 1920 x 1080 big screen that reloads itself; the final result sheet prints on one page."""

import re
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.conftest import page_width

SHOTS = Path("/tmp/shots/events")
PLAYERS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Marco"]


def snap(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def play_table(browser, link, first_wins):
    """A table's phone: opens the card's keeper link, enters one hand that ends the game (to 4), as its players do."""
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = phone.new_page()
    page.goto(link)
    names = [n.strip() for n in page.locator(".total .side-name").all_inner_texts()]
    side = names[0] if first_wins else names[1]
    for row in ("cards", "coins", "settebello", "primiera"):
        page.locator(f"#row-won_{row} label", has_text=side).click()
    page.click("#save-won")
    expect(page.locator("#result")).to_contain_text(f"{side} wins 4-0")
    expect(page.locator(".tools")).to_contain_text("Scopa Sunday: round")  # the way back to the event
    phone.close()
    return side


def test_an_eight_player_evening_end_to_end(page, browser, live_server):
    # The organiser's phone makes the event.
    page.goto(live_server + "/")
    page.get_by_role("link", name="Club night or tournament").click()
    page.fill("#event-name", "Scopa Sunday")
    page.fill("#event-players", "\n".join(PLAYERS))
    page.check("input[name=pairing][value=swiss]")
    page.fill("#event-rounds", "3")
    page.fill("#event-target", "4")
    snap(page, "new-event")
    page.get_by_role("button", name="Make the event").click()
    expect(page.locator("h1")).to_have_text("Scopa Sunday")
    expect(page.locator("#event-status")).to_contain_text("Not started: 8 players or pairs entered.")
    event_url = page.url
    # The big screen, on a television.
    tv = browser.new_context(viewport={"width": 1920, "height": 1080})
    screen = tv.new_page()
    screen.goto(event_url + "/screen")
    expect(screen.locator(".screen-status")).to_contain_text("Starting soon")
    winners = []
    for number in (1, 2, 3):
        page.get_by_role("button", name=f"Pair round {number}").click()
        expect(page.locator(f"#round-{number} .event-table")).to_have_count(4)
        assert page_width(page) <= 390
        # The table cards: four, each with its QR code and keeper link.
        page.locator("#round-cards").click()
        cards = page.locator(".table-card")
        expect(cards).to_have_count(4)
        expect(cards.locator("svg.qr")).to_have_count(4)
        links = cards.locator(".card-link a").evaluate_all("links => links.map(a => a.href)")
        if number == 1:
            snap(page, "table-cards")
        page.go_back()
        # The big screen shows the round (it reloads by itself when the event changes).
        expect(screen.locator("#screen-round")).to_have_text(f"Round {number}", timeout=15_000)
        for i, link in enumerate(links):
            winners.append(play_table(browser, link, first_wins=(i + number) % 2 == 0))
            if number == 1 and i == 1:
                # Two tables in: the standings on the screen already count them.
                expect(screen.locator(".standings tbody tr").first).to_contain_text("2", timeout=15_000)
                snap(screen, "big-screen-live")
        # The organiser's page follows the tables by itself (it asks every few seconds and loads itself again).
        expect(page.locator(f"#round-{number} .event-table .result")).to_have_text(
            [re.compile(r"wins 4–0")] * 4, timeout=30_000
        )
        if number == 1:
            snap(page, "event-after-round-1")
    # Swiss: no two players met twice, nobody sat out (eight players).
    page.get_by_role("button", name="Close round 3: final standings").click()
    expect(page.locator("#event-status")).to_have_text("Final standings: the event is over.")
    # The event's page shows one round at a time; its round links open the others.
    pairs = []
    for number in (1, 2, 3):
        page.goto(f"{page.url.split('?')[0]}?round={number}")
        pairs += page.locator(f"#round-{number} .event-table .sides").all_inner_texts()
    assert len(pairs) == 12 and len({frozenset(p.split(" vs ")) for p in pairs}) == 12
    # Whoever won all three leads; the screen says it is over.
    ranks = page.locator(".standings tbody tr")
    top = ranks.first.locator(".who").inner_text()
    assert winners.count(top) == 3
    expect(screen.locator(".screen-status")).to_contain_text("Final standings", timeout=15_000)
    expect(screen.locator(".standings tbody tr").first).to_contain_text(top)
    assert screen.evaluate("document.documentElement.scrollWidth") <= 1920
    snap(screen, "big-screen-final")
    tv.close()
    # The result sheet: one printed page.
    page.get_by_role("link", name="Result sheet").click()
    expect(page.locator(".event-sheet h1")).to_have_text("Scopa Sunday")
    snap(page, "result-sheet")
    pdf = page.pdf(format="A4", print_background=True)
    assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1, "the result sheet takes more than one page"


def test_the_big_screen_in_italian_reads_from_across_a_room(browser, live_server):
    tv = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="it-IT")
    page = tv.new_page()
    made = page.request.post(
        f"{live_server}/api/v1/events",
        data={"name": "Domenica di scopa", "players": PLAYERS, "rounds": 3, "rules": {"target": 4}},
    ).json()
    page.request.post(
        f"{live_server}/api/v1/events/{made['id']}/rounds", headers={"X-Organiser-Key": made["organiser_key"]}
    )
    page.goto(made["screen_url"])
    expect(page.locator("#screen-standings")).to_have_text("Classifica")
    expect(page.locator(".screen-tables li")).to_have_count(4)
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.standings .who')).fontSize)")
    assert size >= 28  # a name is legible from a few metres
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
    snap(page, "big-screen-italian")
    tv.close()
