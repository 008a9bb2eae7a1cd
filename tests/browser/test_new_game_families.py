"""The new-game page with the game first, and a whole Escoba game in Spanish at phone size (390x844).

The phone asks for Spanish as a real one does (``Accept-Language: es-AR``). Screenshots land in
/tmp/shots/newgame/ for a person to look at: the page in English, Italian and Spanish with each game chosen, and
each step of the Escoba game.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import page_width

SHOTS = Path("/tmp/shots/newgame")
SPANISH = pytest.mark.browser_context_args(locale="es-AR")


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def choose_game(page, family):
    """Tap a game on the new-game page: the page comes again for it (the script sends the form as typed)."""
    with page.expect_navigation():
        page.locator(f"input[name=family][value={family}]").check()
    page.wait_for_load_state("load")
    expect(page.locator(f"input[name=family][value={family}]")).to_be_checked()


def api_game(page, live_server, lang="es"):
    """The game on the page, as the API says it in ``lang`` (its reasons are sentences)."""
    game_id = re.search(r"/g/([^/?#]+)", page.url)[1]
    return page.request.get(f"{live_server}/api/v1/games/{game_id}", headers={"Accept-Language": lang}).json()


@pytest.mark.parametrize("locale, lang", [("en-GB", "en"), ("it-IT", "it"), ("es-AR", "es")], ids=["en", "it", "es"])
def test_the_new_game_page_with_each_game_chosen(browser, live_server, locale, lang):
    context = browser.new_context(
        locale=locale, viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    try:
        page.goto(f"{live_server}/new")
        assert page.evaluate("document.documentElement.lang") == lang
        # The script asks for each game's rules itself: no button for that is left on the page.
        expect(page.locator("button[name=refresh]")).to_have_count(0)
        page.fill("#players-0", "Anna")
        page.fill("#players-1", "Bruno")
        games = (("escoba", "spanish", "15"), ("cirulla", "french", "51"), ("scopa", "italian", "11"))
        for family, deck, target in games:
            choose_game(page, family)
            # Everything typed stays; the game's deck and target come with it.
            expect(page.locator("#players-0")).to_have_value("Anna")
            expect(page.locator(f"input[name=deck_style][value={deck}]")).to_be_checked()
            expect(page.locator("#target")).to_have_value(target)
            expect(page.locator("#rules-summary")).to_contain_text(target)
            assert page_width(page) <= 390, f"{family} in {lang}: {page_width(page)} px wide"
            page.locator("#rules .house-rules > summary").click()
            shot(page, f"new-game-{family}-{lang}")
            page.locator("#rules .house-rules > summary").click()
        # A house rule others need brings them: the napola's count appears once the napola is on.
        expect(page.locator("#opt_napola_max")).to_have_count(0)
        page.locator("#rules .house-rules > summary").click()
        with page.expect_navigation():
            page.select_option("#opt_napola", "true")
        page.wait_for_load_state("load")
        expect(page.locator("#opt_napola_max")).to_be_visible()
        expect(page.locator("#opt_napola")).to_have_value("true")
    finally:
        context.close()


@SPANISH
def test_a_whole_escoba_game_in_spanish_at_phone_size(page, live_server):
    page.goto(f"{live_server}/new")
    page.fill("#players-0", "Ana")
    page.fill("#players-1", "Bruno")
    choose_game(page, "escoba")
    expect(page.locator("#rules-summary")).to_have_text("Escoba · a 15 · Mazo español")
    expect(page.locator("#players-1")).to_have_value("Bruno")
    shot(page, "escoba-1-new-game")
    page.get_by_role("button", name="Empezar la partida").click()
    page.wait_for_url(re.compile(r"/g/[^/?#]+$"))
    page.wait_for_load_state("load")
    game = api_game(page, live_server)
    assert game["rules"]["profile"] == "escoba" and game["deck_style"] == "spanish" and game["target"] == 15

    # Hand 1 by winners: two escobas tapped during the hand, then who won cartas, oros, siete de oros, setenta.
    page.locator(".scopa-form.side0 .scopa-add").click()
    expect(page.locator(".scopa-form.side0 .count")).to_have_text("1")
    page.wait_for_timeout(400)  # a second escoba, not a double tap
    page.locator(".scopa-form.side0 .scopa-add").click()
    expect(page.locator(".scopa-form.side0 .count")).to_have_text("2")
    for row, side in (("cards", "0"), ("coins", "1"), ("settebello", "0"), ("primiera", "0")):
        page.locator(f"label.seg[for='won_{row}-{side}']").click()
    shot(page, "escoba-2-winners")
    page.locator("#save-won").click()
    page.wait_for_url(re.compile(r"/g/[^/?#]+$"))
    expect(page.locator(".total .points")).to_have_text(["5", "1"])  # Ana: 3 categories and 2 escobas; Bruno: oros

    # Hand 2 by counts: cartas, oros, the siete de oros and the setenta's winner, and each side's escobas.
    page.goto(page.url + "/counts")
    page.fill("input[name=sides-0-cards]", "24")
    page.fill("input[name=sides-0-coins]", "3")
    page.fill("input[name=sides-1-coins]", "7")
    page.check("input[name=settebello][value='1']")
    page.check("input[name=primiera_by][value='0']")
    page.fill("input[name=sides-0-scopas]", "1")
    page.fill("input[name=sides-1-scopas]", "2")
    shot(page, "escoba-3-counts")
    page.locator("button[name=action][value=check]").click()
    expect(page.locator(".breakdown")).to_contain_text("16")  # Bruno's cartas: the rest of the 40
    shot(page, "escoba-4-counts-check")
    page.locator("#save").click()
    page.wait_for_url(re.compile(r"/g/[^/?#]+$"))
    # Ana: cartas, setenta and an escoba (3); Bruno: oros, siete de oros and two escobas (4).
    expect(page.locator(".total .points")).to_have_text(["8", "5"])

    # Hand 3 by winners: Ana takes everything and sweeps the table three times, past 15.
    for n in range(1, 4):
        page.locator(".scopa-form.side0 .scopa-add").click()
        expect(page.locator(".scopa-form.side0 .count")).to_have_text(str(n))
        page.wait_for_timeout(400)
    expect(page.locator(".scopa-form.side0 .count")).to_have_text("3")
    for row, side in (("cards", "0"), ("coins", "0"), ("settebello", "0"), ("primiera", "0")):
        page.locator(f"label.seg[for='won_{row}-{side}']").click()
    page.locator("#save-won").click()
    page.wait_for_url(re.compile(r"/g/[^/?#]+$"))
    expect(page.locator(".total .points")).to_have_text(["15", "5"])
    assert page_width(page) <= 390
    shot(page, "escoba-5-finished")

    game = api_game(page, live_server)
    assert game["finished"] and game["winner"] == 0 and not game["draw"]
    assert [r["totals"] for r in game["rounds"]] == [[5, 1], [8, 5], [15, 5]]  # running totals, hand by hand
    # The reasons name who won each category and why, hand by hand.
    first, second, third = ({r["category"]: r for r in rnd["reasons"]} for rnd in game["rounds"])
    assert [first[c]["winner"] for c in ("cards", "coins", "settebello", "primiera")] == [0, 1, 0, 0]
    assert "Ana" in first["cards"]["text"] and "Bruno" in first["coins"]["text"]
    assert second["cards"]["winner"] == 0 and "24" in second["cards"]["text"]
    assert second["coins"]["winner"] == 1 and "7" in second["coins"]["text"]
    assert second["settebello"]["winner"] == 1 and second["primiera"]["winner"] == 0
    assert all(third[c]["winner"] == 0 for c in ("cards", "coins", "settebello", "primiera"))
    # Spanish all through: the reasons too.
    assert "ganó" in first["cards"]["text"] and " won " not in first["cards"]["text"]
