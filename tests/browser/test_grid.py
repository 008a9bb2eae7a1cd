"""The 40-card grid on a phone: whose pile first, the keyboard, names a screen reader reads, narrow screens."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper.rules import DECK
from tests.browser.conftest import page_width

SHOTS = Path("/tmp/shots/grid")

# Bruno's pile in a hand Anna wins 4-0 (cards 22-18, coins 7-3, settebello, primiera 79-62).
BRUNO = ["8d", "9d", "10d", "5c", "8c", "9c", "10c", "1s", "2s", "3s", "4s", "5s", "8s", "2b", "3b", "4b", "6b", "7b"]


@pytest.fixture
def snap(page):
    """A full-page screenshot in /tmp/shots/grid/, to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return lambda name, on=None: (on or page).screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def start_game(page, live_server, *names, style="italian"):
    page.goto(live_server + "/new")
    for i, name in enumerate(names):
        page.fill(f"#players-{i}", name)
    page.check(f"input[name=deck_style][value={style}]")
    page.get_by_role("button", name="Start game").first.click()
    expect(page.locator("h1")).to_be_visible()
    return page.url


def open_hand(page):
    page.get_by_role("link", name="Tap the cards").click()
    page.wait_for_url(re.compile(r"/hand$"))
    page.wait_for_load_state("load")  # its scripts have run: the cells are buttons
    expect(page.locator("button.cell")).to_have_count(len(DECK))


def mark_of(cell) -> str:
    """The mark a cell shows under its rank (drawn by CSS, so read as the person sees it)."""
    return cell.evaluate("c => getComputedStyle(c.querySelector('.mark'), '::after').content.replace(/^\"|\"$/g, '')")


def focused(page, what="el => el.dataset.card || el.textContent.trim()"):
    return page.evaluate(f"({what})(document.activeElement)")


def test_a_whole_two_player_hand_by_keyboard_alone(page, live_server, snap):
    start_game(page, live_server, "Anna", "Bruno")
    open_hand(page)
    # Tab to the question, say Bruno's pile is in hand: the grid takes the focus, on its first card.
    for _ in range(30):
        page.keyboard.press("Tab")
        if focused(page) == "Bruno":
            break
    assert focused(page) == "Bruno"
    page.keyboard.press("Enter")
    expect(page.locator("#holding-now")).to_contain_text("Holding Bruno's pile")
    assert focused(page) == "1d"
    # At 390 px each suit is two rows of five: an arrow key goes to the card drawn next in its direction.
    row, col = 0, 0
    for code in sorted(BRUNO, key=[str(d) for d in DECK].index):
        index = [str(d) for d in DECK].index(code)
        suit, rank = divmod(index, 10)
        to_row, to_col = suit * 2 + rank // 5, rank % 5
        while row < to_row:
            page.keyboard.press("ArrowDown")
            row += 1
        while col < to_col:
            page.keyboard.press("ArrowRight")
            col += 1
        while col > to_col:
            page.keyboard.press("ArrowLeft")
            col -= 1
        assert focused(page) == code
        page.keyboard.press("Space")
    expect(page.locator(".cell.side1")).to_have_count(len(BRUNO))
    # Out of the grid and back by Tab: it is one stop, and it comes back to the card last used.
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "change"
    page.keyboard.press("Tab")
    assert focused(page) == BRUNO[-1]
    expect(page.locator("#live")).to_contain_text("22 cards not tapped go to Anna.")
    expect(page.locator("#live")).to_contain_text("Anna: 22 cards · 7 coins · settebello · primiera 79")
    snap("keyboard-hand-390")
    # The grid is one Tab stop: the next Tab leaves it.
    page.keyboard.press("Tab")
    assert page.evaluate("!document.activeElement.classList.contains('cell')")
    for _ in range(20):
        if page.evaluate("document.activeElement.id") == "check":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.get_by_text("Check the hand before it is saved")).to_be_visible()
    for _ in range(10):
        if page.evaluate("document.activeElement.id") == "save":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator(".total .points")).to_have_text(["4", "0"])


def test_each_card_is_a_toggle_named_by_the_card_and_its_owner(page, live_server):
    start_game(page, live_server, "Anna", "Marco")
    open_hand(page)
    settebello = page.get_by_role("button", name="7 di Denari, not given")
    expect(settebello).to_have_attribute("aria-pressed", "false")
    page.get_by_role("button", name="Anna", exact=True).first.click()
    settebello.click()
    taken = page.get_by_role("button", name="7 di Denari, Anna's pile")
    expect(taken).to_have_attribute("aria-pressed", "true")
    assert mark_of(taken) == "A"  # ownership as text too: the side's initial
    taken.click()  # a second tap takes it back
    expect(page.get_by_role("button", name="7 di Denari, not given")).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_role("button", name="Fante di Coppe, not given")).to_have_count(1)


def test_a_tap_before_choosing_the_pile_asks_whose_it_is(page, live_server, snap):
    start_game(page, live_server, "Anna", "Marco")
    open_hand(page)
    page.locator(".cell[data-card='7d']").click()
    expect(page.locator("#holding-hint")).to_be_visible()
    expect(page.locator(".cell[data-card='7d']")).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".cell.side0, .cell.side1")).to_have_count(0)
    assert focused(page) == "Anna"  # the question has the focus
    # With two sides, nothing tapped yet: the line says how the rest will go, not that Check will ask.
    expect(page.locator("#live")).to_contain_text("40 cards not tapped: tap one pile's cards and the rest go to")
    snap("asks-first-390")


def test_holding_marcos_pile_gives_marco_the_cards_and_stays_in_view(page, live_server, snap):
    start_game(page, live_server, "Anna", "Marco")
    open_hand(page)
    page.get_by_role("button", name="Marco", exact=True).first.click()
    for code in ("7d", "1d", "6c"):
        page.locator(f".cell[data-card='{code}']").click()
    expect(page.locator(".cell.side1")).to_have_count(3)
    bar = page.locator("#holding-now")
    expect(bar).to_contain_text("Holding Marco's pile")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # down to the last suit and beyond
    assert page.evaluate("window.scrollY") > 50
    box = page.locator("#holding").bounding_box()
    assert box["y"] >= -1 and box["y"] < 10, "the pile held stays at the top while tapping"
    snap("holding-marco-390")
    page.locator("#holding-change").click()
    page.get_by_role("button", name="Anna", exact=True).first.click()
    page.locator(".cell[data-card='7c']").click()
    expect(page.locator(".cell[data-card='7c']")).to_have_class(re.compile(r"\bside0\b"))
    expect(page.locator("#live")).to_contain_text("36 cards not tapped: Check hand asks where they go.")
    page.get_by_role("button", name="Check hand").click()
    expect(page.locator("#rest-ask")).to_be_visible()
    expect(page.locator("#rest-ask")).to_contain_text("Where do the 36 cards not given go?")
    snap("rest-asks-390")
    page.locator("#rest-ask").get_by_role("button", name="Anna").click()
    expect(page.get_by_text("Check the hand before it is saved")).to_be_visible()
    expect(page.locator(".breakdown tbody tr").first).to_contain_text("37")
    expect(page.locator(".breakdown tbody tr").first).to_contain_text("3")


def test_three_sides_ask_where_the_rest_go_and_missing_is_said_out_loud(page, live_server):
    start_game(page, live_server, "Anna", "Marco", "Carla")
    open_hand(page)
    page.get_by_role("button", name="Carla", exact=True).first.click()
    for code in ("7d", "1d"):
        page.locator(f".cell[data-card='{code}']").click()
    page.locator("input[name=sides-2-scopas]").press("Enter")  # Enter in a field checks, like Check hand
    ask = page.locator("#rest-ask")
    expect(ask).to_be_visible()
    assert focused(page) == "Anna"
    ask.get_by_role("button", name="They are missing: save without them").click()
    expect(page.locator(".reasons .warning")).to_contain_text("38 missing")
    page.locator("#save").click()
    expect(page.locator(".total .points")).to_have_count(3)


def test_the_checker_names_each_card_by_where_it_lies_and_opens_on_the_answer(page, live_server, snap):
    page.goto(live_server + "/check")
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Asso di Bastoni, not placed").click()
    assert mark_of(page.get_by_role("button", name="Asso di Bastoni, on the table")) == "T"
    page.locator(".pick[data-where='h']").click()
    page.get_by_role("button", name="Fante di Denari, not placed").click()
    expect(page.get_by_role("button", name="Fante di Denari, in the hand")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".where-h-text")).to_have_text("Hand: Fante di Denari")
    snap("checker-390")
    page.get_by_role("button", name="Show legal plays").click()
    page.wait_for_url(re.compile(r"#answer$"))
    assert "hand=8d" in page.url and "table=1b" in page.url


@pytest.mark.parametrize("where", ["hand", "check"])
def test_no_sideways_scroll_at_200_percent_zoom_and_cells_44_px_tall(page, live_server, snap, where):
    if where == "hand":
        start_game(page, live_server, "Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")
        open_hand(page)
    else:
        page.goto(live_server + "/check")
    for width, height in ((390, 844), (195, 422)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), f"sideways scroll at {width}"
        assert page_width(page) <= width
        boxes = page.locator(".cell").evaluate_all("cells => cells.map(c => c.getBoundingClientRect())")
        assert len(boxes) == 40
        assert min(b["height"] for b in boxes) >= 44
        assert max(b["right"] for b in boxes) <= width
        # 5 across on a phone: each suit in two rows of five, with real gaps between cells.
        assert len({round(b["left"]) for b in boxes}) == 5
        gaps = sorted({round(b["left"], 1) for b in boxes})
        assert gaps[1] - gaps[0] - boxes[0]["width"] >= 4
        snap(f"{where}-{width}")


def test_no_sideways_scroll_with_200_percent_text(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    page = context.new_page()
    start_game(page, live_server, "Anna", "Bruno")
    open_hand(page)
    page.add_style_tag(content="html { font-size: 200%; }")
    page.wait_for_timeout(100)
    grid_right = page.locator(".grid").evaluate("g => g.getBoundingClientRect().right")
    assert grid_right <= 390
    boxes = page.locator(".cell").evaluate_all("cells => cells.map(c => c.getBoundingClientRect())")
    assert max(b["right"] for b in boxes) <= 390 and min(b["height"] for b in boxes) >= 88
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "hand-text-200.png"), full_page=True)
    context.close()


def test_without_javascript_the_menus_work_and_the_server_asks_where_the_rest_go(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    start_game(page, live_server, "Anna", "Marco")
    page.get_by_role("link", name="Tap the cards").click()
    expect(page.locator("#holding")).to_be_hidden()  # the question needs the script; the menus do not
    page.select_option("select[name=c_7d]", "0")
    page.select_option("select[name=c_5c]", "1")
    page.locator("#check").click()
    ask = page.locator("#rest-ask")
    expect(ask).to_contain_text("Where do the 38 cards not given go?")
    expect(page.locator("select[name=c_7d]")).to_have_value("0")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((390, 844), (195, 422)):
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), f"sideways scroll at {width}"
        boxes = page.locator(".cell").evaluate_all("cells => cells.map(c => c.getBoundingClientRect())")
        assert min(b["height"] for b in boxes) >= 44
        page.screenshot(path=str(SHOTS / f"hand-no-js-asks-{width}.png"), full_page=True)
    ask.get_by_role("button", name="Marco").click()
    expect(page.get_by_text("Check the hand before it is saved")).to_be_visible()
    page.locator("#save").click()
    # Anna: the settebello; Marco: cards, coins, primiera.
    expect(page.locator(".total .points")).to_have_text(["1", "3"])
    context.close()
