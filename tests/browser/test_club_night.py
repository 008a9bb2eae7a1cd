"""A club night without a wrong turn, in Chromium: one set of table cards printed in round 1 opens each table's
game in round 2 as well; a finished table leads back to the event; the organiser sees the notice and the cards
link after pairing; the final big screen crowns the winner on a 1920 x 1080 screen. axe-core finds no violation
of any impact on the big screen or the table cards."""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import axe_report, page_width

SHOTS = Path("/tmp/shots/club")
PLAYERS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Marco"]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "bypass_csp": True}


def snap(page, name, full_page=True):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def every_violation(page, axe_source, label):
    """axe-core on the page as it is now: its violations of any impact (the page's context bypasses the CSP)."""
    page.wait_for_load_state("load")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(axe_source))
    found = json.loads(
        page.evaluate("async () => JSON.stringify((await axe.run(document, {resultTypes: ['violations']})).violations)")
    )
    assert not found, f"axe on {label}:\n{axe_report(found)}"


def finish_table(browser, link, round_, number, first_wins, shot=None, locale=None):
    """A table's phone opens the card link, finds its own game of this round, and enters the hand that ends it."""
    phone = browser.new_context(**PHONE, **({"locale": locale} if locale else {}))
    page = phone.new_page()
    page.goto(link)
    expect(page.locator("h1")).to_contain_text(f"R{round_} T{number}")  # this round's game at this table
    names = [n.strip() for n in page.locator(".total .side-name").all_inner_texts()]
    side = names[0] if first_wins else names[1]
    for row in ("cards", "coins", "settebello", "primiera"):
        page.locator(f"#row-won_{row} label", has_text=side).click()
    page.click("#save-won")
    expect(page.locator("#result")).to_contain_text("4-0")
    # Finished: back to the event, never a rematch outside it.
    back = page.locator(".back-to-event")
    expect(back).to_be_visible()
    expect(page.locator("form.rematch")).to_have_count(0)
    if shot:
        snap(page, shot)
    phone.close()
    return side


@pytest.mark.slow
def test_one_set_of_cards_from_pairing_to_the_crowned_winner(browser, live_server, axe_source):
    organiser = browser.new_context(**PHONE)
    page = organiser.new_page()
    made = page.request.post(
        f"{live_server}/api/v1/events",
        data={"name": "Scopa Sunday", "players": PLAYERS, "pairing": "swiss", "rounds": 2, "rules": {"target": 4}},
    ).json()
    page.goto(made["organiser_url"])
    links = None
    winners = []
    for number in (1, 2):
        page.get_by_role("button", name=f"Pair round {number}").click()
        # The notice and the table cards link are in view at once: no jump past them.
        expect(page.locator(".flash", has_text=f"Round {number} paired")).to_be_in_viewport()
        expect(page.locator("#round-cards")).to_be_in_viewport()
        assert page_width(page) <= 390
        if number == 1:
            snap(page, "organiser-after-pairing", full_page=False)
            page.locator("#round-cards").click()
            expect(page.locator("h1")).to_contain_text("Table cards")
            expect(page.locator(".warning")).to_contain_text("one set is enough for the whole event")
            every_violation(page, axe_source, "the table cards")
            links = page.locator(".card-link a").evaluate_all("links => links.map(a => a.href)")
            assert len(links) == 4 and all(re.search(r"/e/[\w-]+/t/\d/[\w-]+$", link) for link in links)
            # Printed (an A4 page's width): every card keeps its whole link inside its border.
            page.set_viewport_size({"width": 794, "height": 1123})
            page.emulate_media(media="print")
            for card in page.locator(".table-card").all():
                box, link_box = card.bounding_box(), card.locator(".card-link").bounding_box()
                assert link_box["x"] >= box["x"] and link_box["x"] + link_box["width"] <= box["x"] + box["width"]
                assert link_box["y"] + link_box["height"] <= box["y"] + box["height"]
            snap(page, "table-cards-print")
            pdf = page.pdf(format="A4", print_background=True)
            assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1, "four cards take more than one A4 page"
            page.emulate_media(media="screen")
            page.set_viewport_size({"width": 390, "height": 844})
            page.go_back()
        for i, link in enumerate(links):
            shot = "finished-table-en" if (number, i) == (1, 0) else None
            winners.append(finish_table(browser, link, number, i + 1, (i + number) % 2 == 0, shot))
        expect(page.locator(f"#round-{number} .event-table .result")).to_have_text(
            [re.compile(r"wins 4–0")] * 4, timeout=30_000
        )
    page.get_by_role("button", name="Close round 2: final standings").click()
    expect(page.locator("#event-status")).to_have_text("Final standings: the event is over.")
    snap(page, "event-final-en")
    top = page.locator(".standings tbody tr").first.locator(".who").inner_text()
    assert winners.count(top) == 2
    event_url = page.url.split("?")[0]
    organiser.close()
    # A player's phone in Italian: the final standings, and a finished table leading back to the event.
    italian = browser.new_context(**PHONE, locale="it-IT")
    page = italian.new_page()
    page.goto(event_url)
    expect(page.locator("#event-status")).to_contain_text("Classifica finale")
    snap(page, "event-final-it")
    page.locator("#round-2 .event-table a.sides").first.click()
    expect(page.locator(".back-to-event")).to_be_visible()
    expect(page.locator("form.rematch")).to_have_count(0)
    assert page_width(page) <= 390
    snap(page, "finished-table-it")
    italian.close()
    # The big screen crowns the winner and fills the television.
    tv = browser.new_context(viewport={"width": 1920, "height": 1080}, bypass_csp=True)
    screen = tv.new_page()
    screen.goto(made["screen_url"])
    rows = screen.locator(".standings tbody tr")
    first = [r.locator(".who").inner_text() for r in rows.all() if r.locator(".rank").inner_text() == "1"]
    assert top in first  # two who won both games equal on every tie-break share the crown
    expect(screen.locator(".champion-name")).to_have_text(" · ".join(first))
    size = screen.evaluate("parseFloat(getComputedStyle(document.querySelector('.champion-name')).fontSize)")
    assert size >= 60, size  # the name reads from the back of the room
    assert screen.evaluate("document.documentElement.scrollWidth") <= 1920
    used = screen.evaluate("document.querySelector('.big-screen').getBoundingClientRect().bottom")
    assert used >= 1000, used  # the page fills the screen top to bottom
    last = screen.evaluate("document.querySelector('.standings tbody tr:last-child').getBoundingClientRect().bottom")
    assert last <= 1080, last  # and every line of the standings is on it, without scrolling
    notes = screen.evaluate("document.querySelector('.tie-notes').getBoundingClientRect().bottom")
    assert notes <= 1080, notes  # with what separated equal lines
    every_violation(screen, axe_source, "the final big screen")
    snap(screen, "big-screen-final", full_page=False)
    tv.close()
