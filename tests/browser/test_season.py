"""A group's season on a phone (390 x 844) in English, Italian and Spanish: the standings of a weighted season
fit the screen, and its sheet prints on one A4 page."""

import re
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.conftest import page_width
from tests.browser.states import LONG, Builder

SHOTS = Path("/tmp/shots/season")


def test_the_season_at_phone_size_in_three_languages_and_its_sheet_on_one_page(browser, live_server):
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = phone.new_page()
    make = Builder(page, live_server)
    group, keeper_url, _players = make.group([(["Anna", "Bruno"], [])])
    # Anna and Bruno win the first evening (25 each, Carla and Massimiliano 15), Anna the second (25, Carla 18).
    for players in (["Anna", "Bruno", "Carla", LONG], ["Anna", "Carla"]):
        make.season_event(group, keeper_url.rsplit("/", 1)[1], players)
    page.goto(keeper_url)  # this phone keeps the group: the points form shows too
    SHOTS.mkdir(parents=True, exist_ok=True)
    for lang, title in [("en", "Season of"), ("it", "Stagione di"), ("es", "Temporada de")]:
        page.set_extra_http_headers({"Accept-Language": lang})
        page.goto(f"{live_server}/groups/{group}")
        page.locator(f'a[href="/groups/{group}/season"]').click()
        expect(page.locator("h1")).to_contain_text(title)
        expect(page.locator(".season-standings tbody tr")).to_have_count(4)
        assert page_width(page) <= 390, lang
        page.screenshot(path=str(SHOTS / f"season-{lang}.png"), full_page=True)
    # The sheet: one printed page.
    page.goto(f"{live_server}/groups/{group}/season/sheet")
    page.screenshot(path=str(SHOTS / "season-sheet-es.png"), full_page=True)
    pdf = page.pdf(format="A4", print_background=True)
    assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1, "the season sheet takes more than one page"
    phone.close()
