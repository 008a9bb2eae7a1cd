"""Paper and QR codes: the game sheet printed to one page, blank pads, and QR codes that scan to their links."""

import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS


def hand(i, settebello_to):
    tally = {"cards": 20, "coins": 5, "primiera_won": False}
    return {
        "submission_id": f"paper-{i:04d}",
        "sides": [
            {"tally": {**tally, "settebello": settebello_to == 0}, "scopas": 1 if i in (3, 10, 19) else 0},
            {"tally": {**tally, "settebello": settebello_to == 1}},
        ],
    }


@pytest.fixture
def long_game(page, live_server):
    """A 20-hand game Anna wins in the last hand, kept by this phone."""
    r = page.request.post(
        live_server + "/api/v1/games",
        data={
            "name": "Torneo del venerdì",
            "sides": [{"name": "Anna"}, {"name": "Bruno"}],
            "rules": {"target": 13},
        },
    )
    game = r.json()
    for i in range(20):
        r = page.request.post(
            f"{live_server}/api/v1/games/{game['id']}/rounds",
            data=hand(i, i % 2),
            headers={"X-Keeper-Key": game["keeper_key"]},
        )
        assert r.status == 201, r.text()
    page.goto(game["keeper_url"])
    return game


def pdf_pages(path: Path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def to_png(pdf: Path) -> Path:
    subprocess.run(["pdftoppm", "-png", "-r", "80", "-singlefile", str(pdf), str(pdf.with_suffix(""))], check=True)
    return pdf.with_suffix(".png")


def decode_qr(image: Path) -> str:
    out = subprocess.run(["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True)
    assert out.returncode == 0, f"no QR code found in {image}"
    return out.stdout.strip()


def test_one_tap_to_the_sheet_and_one_to_print(page, live_server, long_game, shot):
    expect(page.locator(".status")).to_have_text("Anna wins 13-10.")
    page.get_by_role("link", name="Score sheet").click()
    page.wait_for_url("**/sheet")
    page.evaluate("window.printed = 0; window.print = () => { window.printed += 1; }; 0")
    page.get_by_role("button", name="Print").click()
    assert page.evaluate("window.printed") == 1
    shot("sheet-screen")


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_sheet_of_a_20_hand_game_prints_on_one_page(page, live_server, long_game, paper):
    page.goto(f"{live_server}/g/{long_game['id']}/sheet")
    SCREENSHOTS.mkdir(exist_ok=True)
    pdf = SCREENSHOTS / f"sheet-{paper}.pdf"
    page.emulate_media(media="print")
    page.pdf(path=str(pdf), format=paper)
    assert pdf_pages(pdf) == 1
    text = pdf_text(pdf)
    for words in ("Torneo del venerdì", "Anna", "Bruno", "Anna wins 13-10.", "Total"):
        assert words in text
    assert "Print" not in text and "Back to the scoreboard" not in text  # buttons stay off paper
    assert to_png(pdf).exists()


def test_the_sheets_qr_code_opens_the_games_scoreboard(page, live_server, long_game, browser):
    page.goto(f"{live_server}/g/{long_game['id']}/sheet")
    SCREENSHOTS.mkdir(exist_ok=True)
    image = SCREENSHOTS / "sheet-qr.png"
    page.locator(".sheet-qr img.qr").screenshot(path=str(image))
    link = decode_qr(image)
    assert link == f"{live_server}/g/{long_game['id']}"
    other = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    other.goto(link)
    expect(other.locator(".status")).to_have_text("Anna wins 13-10.")
    expect(other.locator("#winners")).to_have_count(0)  # a viewer, and the game is over: no hand form
    other.context.close()


def test_the_scoreboard_qr_codes_scan_to_the_viewer_and_keeper_links(page, live_server, long_game):
    page.goto(f"{live_server}/g/{long_game['id']}")
    image = SCREENSHOTS / "viewer-qr.png"
    page.locator("#viewer-qr img").screenshot(path=str(image))
    assert decode_qr(image) == page.locator("input[aria-label='Viewer link']").input_value()
    expect(page.locator("#keeper-qr img")).to_be_hidden()  # behind a deliberate tap
    page.get_by_text("Let another phone keep score").click()
    image = SCREENSHOTS / "keeper-qr.png"
    page.locator("#keeper-qr img").screenshot(path=str(image))
    assert decode_qr(image) == long_game["keeper_url"]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_sheet_printed_in_italian_fits_one_page_and_says_it_in_italian(page, live_server, long_game, paper):
    """Printed in the language chosen for it (?lang=it), whatever the phone's own language."""
    page.goto(f"{live_server}/g/{long_game['id']}/sheet")
    page.get_by_role("link", name="Italiano").click()
    page.wait_for_url("**/sheet?lang=it")
    pdf = SCREENSHOTS / f"sheet-it-{paper}.pdf"
    page.emulate_media(media="print")
    page.pdf(path=str(pdf), format=paper)
    assert pdf_pages(pdf) == 1
    text = pdf_text(pdf)
    for words in ("Torneo del venerdì", "Anna vince 13-10.", "Totale", "più denari", "Punteggio in diretta"):
        assert words in text, words
    assert "Stampa" not in text and "wins" not in text
    assert to_png(pdf).exists()


@pytest.mark.parametrize("kind", ["2", "6"])
def test_blank_pads_print_in_italian_on_one_page(page, live_server, kind):
    page.goto(f"{live_server}/pads/{kind}?profile=boxed&lang=it")
    pdf = SCREENSHOTS / f"pad-it-{kind}.pdf"
    page.emulate_media(media="print")
    page.pdf(path=str(pdf), format="A4")
    assert pdf_pages(pdf) == 1
    text = pdf_text(pdf)
    assert (
        "Valori della primiera" in text
        and ("ai 11 punti" if kind == "2" else "ai ______ punti") in text
        and "A ogni mano" in text
    )


@pytest.mark.parametrize("kind", ["2", "3", "4", "6"])
def test_blank_pads_print_on_one_page_each(page, live_server, kind):
    page.goto(f"{live_server}/pads/{kind}?profile=boxed")
    pdf = SCREENSHOTS / f"pad-{kind}.pdf"
    page.emulate_media(media="print")
    page.pdf(path=str(pdf), format="A4")
    assert pdf_pages(pdf) == 1
    text = pdf_text(pdf)
    target = {"2": "Target (2 players): 11 points", "3": "Target (3 players): 8 points"}.get(kind, "")
    assert "Primiera values" in text and (target or "Target") in text and "3 players 8 ·" not in text
    assert to_png(pdf).exists()
    image = SCREENSHOTS / f"pad-{kind}-qr.png"
    page.emulate_media(media="screen")
    page.locator(".sheet-qr img.qr").screenshot(path=str(image))
    assert decode_qr(image) == f"{live_server}/new"


# Records every Content-Security-Policy violation the page reports, from the first byte of each page.
CSP_LISTENER = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + (e.sourceFile || ""));
});
"""


@pytest.fixture
def csp_watch(page):
    """The CSP violations of the page open now, from the page's own event and the console."""
    console = []
    page.on("console", lambda msg: console.append(msg.text) if "Content Security Policy" in msg.text else None)
    page.add_init_script(CSP_LISTENER)

    def violations():
        return page.evaluate("window.__csp") + console

    return violations


def test_the_csp_catches_an_inline_handler(page, live_server, csp_watch):
    # The watch itself: an inline handler slipped into a page is blocked and reported.
    page.goto(live_server + "/")
    assert page.evaluate("document.querySelector('html').classList.contains('js')")  # app.js ran
    page.evaluate("document.body.insertAdjacentHTML('beforeend', '<img src=\"/nope\" onerror=\"window.ran=1\">')")
    page.wait_for_function("window.__csp.length > 0")
    assert page.evaluate("window.ran") is None
    assert any("script-src" in v for v in csp_watch())


def test_every_page_runs_under_the_csp_without_a_violation(page, live_server, long_game, csp_watch):
    gid = long_game["id"]
    pages = [
        "/",
        "/new",
        "/check",
        "/check?table=1b,2c,6s&hand=8d,3s&play=8d&take=2c,6s",
        f"/g/{gid}/check",
        "/check?table=kd,kc,ks,7b&deal=1",
        f"/g/{gid}",
        f"/g/{gid}/hand",
        f"/g/{gid}/counts",
        f"/g/{gid}/hands/1",
        f"/g/{gid}/hands/1/edit",
        f"/g/{gid}/hands/1/delete",
        f"/g/{gid}/sheet",
        "/pads",
        "/pads/6?profile=scopone",
        "/g/nope",
        f"/qr.svg?path=/g/{gid}",
    ]
    for path in pages:
        response = page.goto(live_server + path)
        assert "script-src 'self'" in response.headers["content-security-policy"], path
        page.wait_for_load_state("load")
        assert csp_watch() == [], f"{path}: {csp_watch()}"
    # The pads' rules menu submits from app.js now that no inline handler may.
    page.goto(live_server + "/pads")
    page.select_option("#profile", "boxed")
    page.wait_for_url("**/pads?profile=boxed*")
    expect(page.locator("#profile")).to_have_value("boxed")
    assert csp_watch() == []
