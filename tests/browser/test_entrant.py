"""One player's own page through an evening, on their phone (390 x 844): the organiser pairs round 1 and the
page, left open, shows the player's table and opponent by itself; their table's game is played and the page shows
the result, the wait for round 2 and their standing; round 2 is paired and the page shows the new table, all
without the player touching it. The same page in Italian and Spanish."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import page_width

SHOTS = Path("/tmp/shots/entrant")
PLAYERS = ["Anna", "Bruno", "Carla", "Dario", "Elena"]
WIN = [{"won": ["cards", "coins", "settebello", "primiera"]}, {"won": []}]
POLL = 20_000  # the page asks every 8 s


def snap(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def play(page, base, table, sid):
    """The table's own phone records one hand that ends its game (to 4), won by the first side."""
    game = table["game"]
    sent = page.request.post(
        f"{base}/api/v1/games/{game['id']}/rounds",
        headers={"X-Keeper-Key": game["keeper_key"]},
        data={"submission_id": sid, "sides": WIN},
    )
    assert sent.status == 201, sent.text()


@pytest.mark.slow
def test_a_player_follows_their_evening_on_their_own_page_without_touching_it(page, browser, live_server):
    organiser = page.request
    made = organiser.post(
        f"{live_server}/api/v1/events",
        data={"name": "Scopa Sunday", "players": PLAYERS, "pairing": "swiss", "rounds": 2, "rules": {"target": 4}},
    ).json()
    key = {"X-Organiser-Key": made["organiser_key"]}
    own = made["players"][0]["url"]
    assert own == f"{live_server}/e/{made['id']}/p/1"
    page.goto(own)
    expect(page.locator("h1")).to_have_text("Anna")
    expect(page.locator("#entrant-waiting")).to_have_text("Waiting for round 1 to be paired.")
    snap(page, "before-round-1")

    first = organiser.post(f"{live_server}/api/v1/events/{made['id']}/rounds", headers=key).json()
    anna = next(t for t in first["tables"] if "Anna" in [s["name"] for s in t["sides"]])
    rival = next(s["name"] for s in anna["sides"] if s["name"] != "Anna")
    expect(page.locator("#entrant-table")).to_have_text(f"Table {anna['number']}", timeout=POLL)
    expect(page.locator("#entrant-opponents")).to_have_text(f"Against {rival}")
    expect(page.locator("#entrant-result")).to_have_text("Not started")
    assert page_width(page) <= 390
    snap(page, "round-1-seated")

    for i, table in enumerate(first["tables"]):
        play(page, live_server, table, f"entrant-r1-{i}")
    won = anna["sides"][0]["name"] == "Anna"
    expect(page.locator("#entrant-result")).to_contain_text("wins 4–0", timeout=POLL)
    expect(page.locator("#entrant-waiting")).to_have_text("Waiting for round 2 to be paired.")
    expect(page.locator(".entrant-figures dd").nth(1)).to_have_text("1" if won else "0")  # won
    snap(page, "round-1-played")

    second = organiser.post(f"{live_server}/api/v1/events/{made['id']}/rounds", headers=key).json()
    again = next((t for t in second["tables"] if "Anna" in [s["name"] for s in t["sides"]]), None)
    expect(page.locator("h2#entrant-now-title")).to_have_text("Round 2", timeout=POLL)
    if again is None:
        expect(page.locator("#entrant-bye")).to_have_text("Bye")
    else:
        expect(page.locator("#entrant-table")).to_have_text(f"Table {again['number']}")
        expect(page.locator("#entrant-waiting")).to_have_count(0)
    expect(page.locator(".entrant-event")).to_contain_text("Round 2 of 2")
    assert page_width(page) <= 390
    snap(page, "round-2-seated")

    for i, table in enumerate(second["tables"]):
        play(page, live_server, table, f"entrant-r2-{i}")
    organiser.post(f"{live_server}/api/v1/events/{made['id']}/rounds/2/close", headers=key)
    # The player's page hears the round closed and loads itself again: the next page is opened once it has.
    expect(page.locator(".entrant-event")).not_to_contain_text("Round 2 of 2", timeout=POLL)
    page.wait_for_load_state("load")
    # The event page offers each player's page: its link and QR code behind a tap by the name.
    page.goto(made["url"])
    page.locator("#own-page-1 summary").click()
    qr = page.locator("#own-page-1 img.qr")
    expect(qr).to_be_visible()
    page.wait_for_function("document.querySelector('#own-page-1 img.qr').naturalWidth > 0")
    assert page.locator("#own-page-1 a").get_attribute("href") == f"/e/{made['id']}/p/1"
    assert page_width(page) <= 390
    page.locator("#players").screenshot(path=str(SHOTS / "event-own-page.png"))
    page.goto(own)
    expect(page.locator("#entrant-final")).to_have_text(re.compile(r"Final place: [1-5] of 5"))
    snap(page, "final")

    for locale, table_word in (("it-IT", "Tavolo"), ("es-ES", "Mesa")):
        phone = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale=locale
        )
        other = phone.new_page()
        other.goto(f"{live_server}/e/{made['id']}/p/{second['tables'][0]['sides'][0]['entrant']}")
        expect(other.locator("#entrant-final")).to_be_visible()
        assert other.evaluate("document.documentElement.scrollWidth") <= 390
        snap(other, f"final-{locale}")
        # Before the end, the same page mid-round, in that language.
        made_there = other.request.post(
            f"{live_server}/api/v1/events", data={"name": "Serata", "players": PLAYERS, "rules": {"target": 4}}
        ).json()
        made_there_round = other.request.post(
            f"{live_server}/api/v1/events/{made_there['id']}/rounds",
            headers={"X-Organiser-Key": made_there["organiser_key"]},
        ).json()
        other.goto(made_there["players"][0]["url"])
        expect(other.locator("#entrant-table")).to_contain_text(table_word)
        snap(other, f"seated-{locale}")
        bye = next(p for p in made_there["players"] if p["id"] == made_there_round["bye_entrant"])
        other.goto(bye["url"])
        expect(other.locator("#entrant-bye")).to_be_visible()
        snap(other, f"bye-{locale}")
        phone.close()


@pytest.mark.slow
def test_the_event_page_keeps_following_the_tables_after_an_own_page_is_opened_and_closed(page, live_server):
    organiser = page.request
    made = organiser.post(
        f"{live_server}/api/v1/events",
        data={"name": "Scopa Sunday", "players": PLAYERS, "rules": {"target": 4}},
    ).json()
    key = {"X-Organiser-Key": made["organiser_key"]}
    page.goto(made["url"])
    expect(page.locator("#round-1")).to_have_count(0)
    page.locator("#own-page-1 summary").click()
    expect(page.locator("#own-page-1 img.qr")).to_be_visible()
    # While the code is open (a player scanning it), a change waits: the page is not reloaded under them.
    first = organiser.post(f"{live_server}/api/v1/events/{made['id']}/rounds", headers=key).json()
    page.wait_for_timeout(10_000)  # more than one poll
    expect(page.locator("#own-page-1")).to_have_attribute("open", "")
    expect(page.locator("#round-1")).to_have_count(0)
    # Closed again: the page shows the round paired meanwhile, and keeps following the tables after it.
    page.locator("#own-page-1 summary").click()
    expect(page.locator("#round-1")).to_be_visible(timeout=POLL)
    page.locator("#own-page-2 summary").click()
    page.locator("#own-page-2 summary").click()
    play(page, live_server, first["tables"][0], "own-page-follow")
    expect(page.locator("#table-1-1")).to_have_class(re.compile(r"state-finished"), timeout=POLL)
    snap(page, "event-follows-after-own-page")
