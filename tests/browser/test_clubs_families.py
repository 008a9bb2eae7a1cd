"""A group and a club night of every family at phone size (390 x 844), in Chromium: a mixed group's player page
keeps a record per family in its own words and says a drawn game is a draw; an Escoba event made on its page
names Escoba on the event page and counts a drawn table as a draw. axe-core finds no violation on either.
Screenshots in /tmp/shots/clubs."""

import re
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.conftest import page_width
from tests.browser.test_club_night import every_violation

SHOTS = Path("/tmp/shots/clubs")
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "bypass_csp": True}


def snap(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def play(page, base, group, profile, target, hands, **rules):
    """A game of Anna against Bruno in the group through the API, its hands entered by winners."""
    made = page.request.post(
        f"{base}/api/v1/games",
        data={
            "sides": [{"name": "Anna"}, {"name": "Bruno"}],
            "rules": {"profile": profile, "target": target, **rules},
            "group": group["id"],
        },
        headers={"X-Group-Key": group["group_key"]},
    ).json()
    for n, sides in enumerate(hands):
        r = page.request.post(
            f"{base}/api/v1/games/{made['id']}/rounds",
            data={"submission_id": f"{profile}-{n:04d}", "sides": sides},
            headers={"X-Keeper-Key": made["keeper_key"]},
        )
        assert r.status == 201, r.text()


def test_a_mixed_groups_player_page_at_phone_size(browser, live_server, axe_source):
    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    group = page.request.post(f"{live_server}/api/v1/groups", data={"name": "Friday club"}).json()
    draw = [{"won": ["cards", "coins"], "scopas": 0}, {"won": ["settebello", "primiera"], "scopas": 0}]
    play(page, live_server, group, "classic", 2, [draw], end="draw")
    play(
        page,
        live_server,
        group,
        "escoba",
        3,
        [[{"won": ["cards", "coins", "settebello", "primiera"], "scopas": 2}, {"won": []}]],
    )
    bruno = {"won": ["coins", "settebello", "grande"], "scopas": 1, "napola": 3, "knocks": 3}
    play(page, live_server, group, "cirulla", 5, [[{"won": ["cards"], "scopas": 0}, bruno]])
    page.goto(group["url"])
    expect(page.locator(".group-games li").nth(2)).to_contain_text("A draw")
    expect(page.locator(".group-games li").nth(1)).to_contain_text("Escoba")
    assert page_width(page) <= 390
    snap(page, "group")
    every_violation(page, axe_source, "the mixed group's page")
    page.locator(".players-list a", has_text="Bruno").click()
    expect(page.locator("h1")).to_have_text("Bruno")
    expect(page.locator(".stats").first).to_contain_text("1 won, 1 drawn, 1 lost")
    expect(page.locator(".family-record h2")).to_have_text(["Scopa", "Escoba", "Cirulla"])
    cirulla = page.locator(".family-record", has_text="Cirulla")
    expect(cirulla).to_contain_text("Piccola")
    expect(cirulla).to_contain_text("Knocks")  # "bussate" in Italian and Spanish
    expect(page.locator(".family-record", has_text="Escoba")).to_contain_text("Setenta")
    assert page_width(page) <= 390
    snap(page, "player")
    every_violation(page, axe_source, "a player's page in a mixed group")
    page.locator(".h2h-links a").first.click()
    expect(page.locator(".status")).to_contain_text("1 draw")
    expect(page.locator(".games")).to_contain_text("A draw")
    snap(page, "head-to-head")
    phone.close()


def test_an_escoba_event_made_on_its_page_at_phone_size(browser, live_server, axe_source):
    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    page.goto(f"{live_server}/events/new")
    page.fill("#event-name", "Noche de escoba")
    page.fill("#event-players", "Anna\nBruno\nCarla\nDario")
    page.select_option("#event-profile", "escoba")
    page.fill("#event-target", "3")
    page.check("#level-1")
    assert page_width(page) <= 390
    snap(page, "event-new")
    every_violation(page, axe_source, "the new event page")
    page.get_by_role("button", name="Make the event").click()
    expect(page.locator(".rules-line")).to_contain_text("Escoba · to 3 · level at the target: a draw")
    page.get_by_role("button", name="Pair round 1").click()
    expect(page.locator(".event-table")).to_have_count(2)
    key = re.search(r"/organise/([\w-]+)", page.locator("input.link").first.input_value())
    event_id = page.url.split("/e/")[1].split("?")[0].split("#")[0]
    if key is None:
        key = re.search(r"/organise/([\w-]+)", page.content())
    tables = page.request.get(f"{live_server}/api/v1/events/{event_id}", headers={"X-Organiser-Key": key[1]}).json()[
        "played_rounds"
    ][0]["tables"]
    level = [{"won": ["cards", "coins"], "scopas": 1}, {"won": ["settebello", "primiera"], "scopas": 1}]
    game = tables[0]["game"]
    r = page.request.post(
        f"{live_server}/api/v1/games/{game['id']}/rounds",
        data={"submission_id": "escoba-table-1", "sides": level},
        headers={"X-Keeper-Key": game["keeper_key"]},
    )
    assert r.status == 201, r.text()
    # The organiser's page hears the table's hand on its stream and shows it by itself.
    expect(page.locator(".event-table").first).to_contain_text("Draw, 3–3", timeout=10_000)
    page.wait_for_load_state("load")
    expect(page.locator(".standings tbody tr").first).to_contain_text("1")
    expect(page.locator(".hint", has_text="A game level at the target ends as a draw")).to_be_visible()
    assert page_width(page) <= 390
    snap(page, "event")
    every_violation(page, axe_source, "the Escoba event's page")
    phone.close()
