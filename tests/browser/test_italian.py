"""Every page in Italian on a phone: the words fit, the switch keeps what was typed, and the choice is remembered.

The phone asks for Italian as a real one does (the browser's locale sends ``Accept-Language: it-IT``). Each page
state is drawn at 390 px and at 195 px (200% zoom) and saved to tests/screenshots/it/ for a person to look at.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, page_width
from tests.browser.states import states

ITALIAN = pytest.mark.browser_context_args(locale="it-IT")


@ITALIAN
@pytest.mark.slow
def test_every_page_state_is_italian_and_fits_a_phone(page, live_server):
    folder = SCREENSHOTS / "it"
    folder.mkdir(parents=True, exist_ok=True)
    wide = []
    for name, go in states(page, live_server):
        for width in (390, 195):
            page.set_viewport_size({"width": width, "height": 844})
            go()
            assert page.evaluate("document.documentElement.lang") == "it", name
            if page_width(page) > width:
                wide.append(f"{name} at {width} px: {page_width(page)} px wide")
            page.screenshot(path=str(folder / f"{name}-{width}.png"), full_page=True)
    assert not wide, "Italian words push these pages sideways:\n" + "\n".join(wide)


def _switch_to_italian(page) -> None:
    page.get_by_role("button", name="Italiano").click()
    page.wait_for_load_state("load")


@pytest.mark.parametrize("script", [True, False], ids=["with-script", "without-script"])
def test_the_switch_keeps_the_new_game_form_and_is_remembered(browser, live_server, script):
    context = browser.new_context(java_script_enabled=script, viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server}/new")
    assert page.evaluate("document.documentElement.lang") == "en"
    page.locator('[name="players-0"]').fill("Anna")
    page.locator('[name="players-1"]').fill("Bruno")
    _switch_to_italian(page)
    assert page.url.endswith("/new")
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.locator('[name="players-0"]').input_value() == "Anna"
    assert page.locator('[name="players-1"]').input_value() == "Bruno"
    # Remembered on this phone: the next page is Italian too, though the phone still asks for English.
    page.goto(f"{live_server}/check")
    assert page.evaluate("document.documentElement.lang") == "it"
    page.get_by_role("button", name="English").click()
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.lang") == "en"
    context.close()


@ITALIAN
def test_the_scripts_speak_italian_on_the_card_grid_and_the_checker(page, live_server):
    page.goto(f"{live_server}/new")
    page.fill("#players-0", "Anna")
    page.fill("#players-1", "Bruno")
    page.get_by_role("button", name="Inizia la partita").click()
    page.get_by_role("link", name="Tocca le carte").first.click()
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Anna").first.click()
    page.get_by_role("button", name="7 di Denari, non assegnata").click()
    expect(page.get_by_role("button", name="7 di Denari, mazzetto di Anna")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#live")).to_contain_text("Anna: 1 carta · 1 denaro · settebello")
    expect(page.locator("#live")).to_contain_text("39 carte non toccate")
    page.goto(f"{live_server}/check")
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Asso di Bastoni, non messa").click()
    expect(page.locator(".where-t-text")).to_have_text("Tavola: Asso di Bastoni")


def test_the_switch_on_the_checker_keeps_the_cards_tapped_but_not_yet_asked(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server}/check")
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Asso di Bastoni, not placed").click()
    page.locator(".pick[data-where='h']").click()
    page.get_by_role("button", name="Fante di Denari, not placed").click()
    _switch_to_italian(page)
    assert page.evaluate("document.documentElement.lang") == "it"
    expect(page.locator(".where-t-text")).to_have_text("Tavola: Asso di Bastoni")
    expect(page.locator(".where-h-text")).to_have_text("Mano: Fante di Denari")
    context.close()
