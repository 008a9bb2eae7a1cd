"""The capture checker on a phone: the seeds' worked examples, claims, and the deal check."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import page_width


def tap_position(page, live_server, table, hand):
    page.goto(live_server + "/")
    page.get_by_role("link", name="Capture checker").click()
    page.wait_for_url(re.compile(r"/check$"))
    page.wait_for_load_state("load")  # loaded: taps on the cells reach its script
    for code in table:
        page.locator(f".cell[data-card='{code}']").click()
    page.locator(".pick[data-where='h']").click()
    for code in hand:
        page.locator(f".cell[data-card='{code}']").click()
    page.get_by_role("button", name="Show legal plays").click()
    expect(page.locator("#plays")).to_be_visible()


def test_a_newcomer_sees_the_one_capture_of_the_eight(page, live_server, shot):
    tap_position(page, live_server, ["1b", "2c", "6s"], ["8d"])
    query = parse_qs(urlsplit(page.url).query)
    assert set(query["table"][0].split(",")) == {"1b", "2c", "6s"} and query["hand"] == ["8d"]
    plays = page.locator(".play")
    expect(plays).to_have_count(1)
    expect(plays.first).to_contain_text("Takes 6 di Spade + 2 di Coppe")
    expect(page.locator(".tag.must")).to_be_visible()
    assert page_width(page) <= 390
    shot("checker-eight")


def test_only_the_five_may_be_taken_and_why(page, live_server, shot):
    tap_position(page, live_server, ["5c", "4s", "1b"], ["5d"])
    expect(page.locator(".play")).to_have_count(1)
    expect(page.locator(".play").first).to_contain_text("Takes 5 di Coppe")
    expect(page.locator(".play").first).to_contain_text("may not be taken while it is there")
    shot("checker-five")


def test_the_boxed_editions_hand(page, live_server):
    tap_position(page, live_server, ["1s", "6b", "5c"], ["5d", "7s", "2c"])
    expect(page.locator(".card-plays")).to_have_count(3)

    def plays_of(name):
        return page.locator(".card-plays").filter(has=page.locator("h3", has_text=name))

    expect(plays_of("5 di Denari")).to_contain_text("Takes 5 di Coppe")
    expect(plays_of("7 di Spade")).to_contain_text("Takes 6 di Bastoni + Asso di Spade")
    expect(plays_of("2 di Coppe")).to_contain_text("Trail")


def test_a_four_and_one_claimed_with_a_five_on_the_table_is_illegal(page, live_server, shot):
    tap_position(page, live_server, ["5c", "4s", "1b"], ["5d"])
    page.select_option("#play", "5d")
    page.check("input[name=take][value='4s']")
    page.check("input[name=take][value='1b']")
    page.get_by_role("button", name="Judge this play").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_have_class(re.compile("bad"))
    expect(verdict).to_contain_text("Not legal")
    expect(verdict).to_contain_text(
        "5 di Coppe is on the table, so 4 di Spade + Asso di Bastoni may not be taken with a 5."
    )
    expect(verdict).to_contain_text("Takes 5 di Coppe")
    verdict.scroll_into_view_if_needed()
    shot("checker-illegal")


def test_a_legal_claim(page, live_server):
    tap_position(page, live_server, ["2b", "5s"], ["7c"])
    page.check("input[name=take][value='2b']")
    page.check("input[name=take][value='5s']")
    page.get_by_role("button", name="Judge this play").click()
    expect(page.locator("#verdict")).to_contain_text("Legal")
    expect(page.locator("#verdict .tag.scopa")).to_be_visible()


def test_three_kings_on_the_first_deal_mean_a_redeal(page, live_server, shot):
    page.goto(live_server + "/check")
    for code in ["10d", "10c", "10s", "4b"]:
        page.locator(f".cell[data-card='{code}']").click()
    page.check("input[name=deal]")
    # Ticked, the button says what it does now.
    expect(page.get_by_role("button", name="Show legal plays")).to_have_count(0)
    page.get_by_role("button", name="Check the first deal (3 or 4 kings?)").click()
    expect(page.locator("#deal-check")).to_contain_text("Redeal")
    expect(page.locator("#deal-check")).to_contain_text("3 kings are on the table")
    shot("checker-redeal")


def test_a_crowded_table_stays_readable(page, live_server, shot):
    table = ",".join(f"{r}{s}" for s in "dcsb" for r in range(1, 8)) + ",8d,8c"
    page.goto(f"{live_server}/check?table={table}&hand=9d,9c,9s,9b,10d,10c,10s,10b,8s,8b")
    expect(page.locator(".card-plays")).to_have_count(10)
    assert page_width(page) <= 390
    shot("checker-crowded")


def test_a_wrong_rule_in_a_link_is_shown_at_its_menu_and_can_be_put_right(page, live_server, shot):
    page.goto(f"{live_server}/check?table=1d,9d,2d,3d,4d&hand=10c&capture_choice=most&last=1")
    expect(page.locator("[role=alert]")).to_contain_text("capture choice")
    menu = page.locator(".option", has=page.locator("#opt_capture_choice"))
    expect(menu).to_be_visible()
    expect(menu).to_contain_text('Capture choice must be "free" or "fewest", not "most".')
    # What was sent stays: the cards on the grid and the ticked box.
    expect(page.locator(".cell[data-card='9d']")).to_have_class(re.compile("where-t"))
    expect(page.locator("#checker-form input[name=last]")).to_be_checked()
    assert page_width(page) <= 390
    menu.scroll_into_view_if_needed()
    shot("checker-wrong-rule")
    page.select_option("#opt_capture_choice", "fewest")
    page.get_by_role("button", name="Show legal plays").click()
    expect(page.locator(".play")).to_have_count(1)
    expect(page.locator("[role=alert]")).to_have_count(0)
    assert parse_qs(urlsplit(page.url).query)["capture_choice"] == ["fewest"]


@pytest.mark.browser_context_args(locale="es-AR")
def test_an_escoba_table_in_spanish_on_a_phone(page, live_server, shot):
    page.goto(live_server + "/check")
    page.wait_for_load_state("load")
    page.locator(".house-rules summary").click()
    page.select_option("select[name=profile]", "escoba")
    # Escoba's own house rules show; the ace's do not (no ace takes all in Escoba).
    expect(page.locator("#opt_deal_fifteen")).to_be_visible()
    expect(page.locator("#opt_ace_on_ace")).to_be_hidden()
    page.locator(".cell[data-card='7d']").click()
    page.locator(".pick[data-where='h']").click()
    for code in ("8d", "2c"):
        page.locator(f".cell[data-card='{code}']").click()
    page.get_by_role("button", name="Mostrar las jugadas válidas").click()
    expect(page.locator("#plays")).to_be_visible()
    assert parse_qs(urlsplit(page.url).query)["profile"] == ["escoba"]
    plays = page.locator("#plays")
    expect(plays).to_contain_text("Sota de Oros levanta un grupo que suma 15 con ella: 8 y 7 suman 15")
    expect(plays).to_contain_text("Limpia la mesa: escoba.")
    expect(plays.locator(".tag.scopa")).to_have_text("ESCOBA")
    expect(plays).to_contain_text("No puede tirarse")
    assert page_width(page) <= 390
    shot("checker-escoba-es")


@pytest.mark.browser_context_args(locale="it-IT")
def test_a_cirulla_deal_check_in_italian_on_a_phone(page, live_server, shot):
    page.goto(live_server + "/check?profile=cirulla")
    page.wait_for_load_state("load")
    for code in ("7c", "2d", "3s", "1b"):
        page.locator(f".cell[data-card='{code}']").click()
    page.check("input[name=deal]")
    page.get_by_role("button", name="Controlla la prima smazzata (due assi? 15 o 30?)").click()
    check = page.locator("#deal-check")
    expect(check).to_contain_text("1 scopa (smazzata della Cirulla)")
    expect(check).to_contain_text("La matta (7 di Cuori) vale quanto serve a fare il totale.")
    assert page_width(page) <= 390
    shot("checker-cirulla-it")
