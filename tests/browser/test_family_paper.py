"""Each game family on paper, at phone size and printed: a Cirulla game's sheet in Italian (its piccola, grande and
knocks), and Escoba and Cirulla pads on one page each in every language."""

import shutil
from pathlib import Path

import pytest

from scorekeeper.rules import DECK
from tests.browser.conftest import SCREENSHOTS, page_width
from tests.browser.test_paper import pdf_pages, pdf_text, to_png

# Copies for a person to look at, beside the suite's own screenshots.
LOOK = Path("/tmp/shots/family")
FIRST = ["7d", "7c", "7s", "6d", "6c", "6s", "1d", "2d", "3d", "4d", "5d", "8d", "9d", "10d"]


def keep(path: Path) -> None:
    LOOK.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, LOOK / path.name)


@pytest.fixture
def cirulla_game(page, live_server):
    """A Cirulla game of three hands (Anna knocks in the first), French deck, recorded through the API."""
    r = page.request.post(
        live_server + "/api/v1/games",
        data={
            "name": "Cirulla al circolo",
            "sides": [{"name": "Anna"}, {"name": "Bruno"}],
            "rules": {"profile": "cirulla"},
            "deck_style": "french",
        },
    )
    game = r.json()
    rest = [str(c) for c in DECK if str(c) not in FIRST]
    for i in range(3):
        mine, theirs = (FIRST, rest) if i % 2 == 0 else (rest, FIRST)
        body = {
            "submission_id": f"cirulla-{i:04d}",
            "sides": [
                {"pile": mine, "scopas": 1, **({"knocks": 3} if i == 0 else {})},
                {"pile": theirs, "scopas": 0},
            ],
        }
        r = page.request.post(
            f"{live_server}/api/v1/games/{game['id']}/rounds", data=body, headers={"X-Keeper-Key": game["keeper_key"]}
        )
        assert r.status == 201, r.text()
    return game


def test_a_cirulla_sheet_in_italian_at_phone_size_and_printed(page, live_server, cirulla_game):
    page.goto(f"{live_server}/g/{cirulla_game['id']}/sheet?lang=it")
    assert page_width(page) <= 390
    legend = page.locator("p.legend").first.inner_text()
    assert "Pi piccola" in legend and "grande" in legend and "bussate" in legend and "napola" not in legend
    # A hand's marks are all there to read on the phone: none cut off at the cell's edge.
    cut = page.locator("td.marks").evaluate_all("cells => cells.filter(c => c.scrollWidth > c.clientWidth).length")
    assert cut == 0
    SCREENSHOTS.mkdir(exist_ok=True)
    shot = SCREENSHOTS / "family-cirulla-sheet-it-phone.png"
    page.screenshot(path=str(shot), full_page=True)
    keep(shot)
    pdf = SCREENSHOTS / "family-cirulla-sheet-it.pdf"
    page.emulate_media(media="print")
    page.pdf(path=str(pdf), format="A4")
    assert pdf_pages(pdf) == 1
    assert "piccola" in pdf_text(pdf)
    keep(to_png(pdf))


@pytest.mark.parametrize(
    ("profile", "kind", "lang", "words"),
    [
        ("escoba", "2", "es", ("siete de oros", "setenta", "Escoba de quince")),
        ("escoba", "4", "en", ("siete de oros", "setenta", "escoba")),
        ("escoba", "3", "it", ("siete de oros", "setenta", "escoba")),
        ("cirulla", "3", "it", ("piccola", "grande", "bussate")),
        ("cirulla", "4", "es", ("piccola", "grande", "bussate")),
        ("cirulla", "2", "en", ("piccola", "grande", "knocks")),
    ],
)
def test_escoba_and_cirulla_pads_print_on_one_page(page, live_server, profile, kind, lang, words):
    page.goto(f"{live_server}/pads/{kind}?profile={profile}&lang={lang}")
    assert page_width(page) <= 390
    name = f"family-pad-{profile}-{kind}-{lang}"
    SCREENSHOTS.mkdir(exist_ok=True)
    shot = SCREENSHOTS / f"{name}-phone.png"
    page.screenshot(path=str(shot), full_page=True)
    keep(shot)
    pdf = SCREENSHOTS / f"{name}.pdf"
    page.emulate_media(media="print")
    page.pdf(path=str(pdf), format="A4")
    assert pdf_pages(pdf) == 1
    text = pdf_text(pdf)
    for word in words:
        assert word in text, word
    keep(to_png(pdf))
