"""Every page in Spanish on a phone: the words (longer than English ones) fit, the scripts speak Spanish, and the
sheet and the pads still print on one page.

The phone asks for Spanish as a real one does (the browser's locale sends ``Accept-Language: es-AR``). Each page
state is drawn at 390 px and at 195 px (200% zoom) and saved to tests/screenshots/es/ for a person to look at.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, page_width
from tests.browser.states import states
from tests.browser.test_paper import long_game, pdf_pages, pdf_text, to_png  # noqa: F401 (long_game: a fixture)

SPANISH = pytest.mark.browser_context_args(locale="es-AR")


@SPANISH
@pytest.mark.slow
def test_every_page_state_is_spanish_and_fits_a_phone(page, live_server):
    folder = SCREENSHOTS / "es"
    folder.mkdir(parents=True, exist_ok=True)
    wide = []
    for name, go in states(page, live_server):
        for width in (390, 195):
            page.set_viewport_size({"width": width, "height": 844})
            go()
            assert page.evaluate("document.documentElement.lang") == "es", name
            if page_width(page) > width:
                wide.append(f"{name} at {width} px: {page_width(page)} px wide")
            page.screenshot(path=str(folder / f"{name}-{width}.png"), full_page=True)
    assert not wide, "Spanish words push these pages sideways:\n" + "\n".join(wide)


@SPANISH
def test_the_scripts_speak_spanish_on_the_card_grid_and_the_checker(page, live_server):
    page.goto(f"{live_server}/new")
    page.fill("#players-0", "Anna")
    page.fill("#players-1", "Bruno")
    page.get_by_role("button", name="Empezar la partida").click()
    page.get_by_role("link", name="Toca las cartas").first.click()
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Anna").first.click()
    page.get_by_role("button", name="7 di Denari, sin asignar").click()
    expect(page.get_by_role("button", name="7 di Denari, montón de Anna")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#live")).to_contain_text("Anna: 1 carta · 1 oro · settebello")
    expect(page.locator("#live")).to_contain_text("39 cartas sin tocar")
    page.goto(f"{live_server}/check")
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Asso di Bastoni, sin colocar").click()
    expect(page.locator(".where-t-text")).to_have_text("Mesa: Asso di Bastoni")


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_sheet_printed_in_spanish_fits_one_page(page, live_server, long_game, paper):  # noqa: F811
    """Printed in the language chosen for it (?lang=es), whatever the phone's own language."""
    page.goto(f"{live_server}/g/{long_game['id']}/sheet")
    page.get_by_role("link", name="Español").click()
    page.wait_for_url("**/sheet?lang=es")
    pdf = SCREENSHOTS / f"sheet-es-{paper}.pdf"
    page.emulate_media(media="print")
    page.pdf(path=str(pdf), format=paper)
    assert pdf_pages(pdf) == 1
    text = pdf_text(pdf)
    for words in ("Torneo del venerdì", "Anna gana 13-10.", "Total", "más oros", "Marcador en vivo"):
        assert words in text, words
    assert "Imprimir" not in text and "wins" not in text
    assert to_png(pdf).exists()


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("kind", ["2", "3", "4", "6"])
def test_blank_pads_print_in_spanish_on_one_page(page, live_server, kind, paper):
    page.goto(f"{live_server}/pads/{kind}?profile=boxed&lang=es")
    pdf = SCREENSHOTS / f"pad-es-{kind}-{paper}.pdf"
    page.emulate_media(media="print")
    page.pdf(path=str(pdf), format=paper)
    assert pdf_pages(pdf) == 1
    text = pdf_text(pdf)
    target = f"Meta ({kind} jugadores): " if kind in ("2", "3", "4") else "Meta: ______ puntos"
    assert "Valores de la primiera" in text and target in text and "En cada mano" in text, text
    assert to_png(pdf).exists()
