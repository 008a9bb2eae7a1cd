"""The card grid for a player who does not know the Italian deck: court cards with their values, suits by name,
the settebello named in the deck style, the counts in view while tapping, "the rest go to" only when it decides
something, arrow keys that follow the layout; and no axe violation of any impact on the pages around it."""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper.rules import DECK
from tests.browser.test_grid import BRUNO, SHOTS, focused, open_hand, start_game

ARROWS = {"ArrowDown": (0, 1), "ArrowUp": (0, -1), "ArrowRight": (1, 0), "ArrowLeft": (-1, 0)}


def boxes(page) -> dict[str, dict]:
    return {
        b["card"]: b
        for b in page.locator("button.cell").evaluate_all(
            "cells => cells.map(c => { const r = c.getBoundingClientRect();"
            " return {card: c.dataset.card, left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })"
        )
    }


def expected_neighbour(all_boxes: dict[str, dict], card: str, dx: int, dy: int) -> str | None:
    """The card drawn next to ``card`` in a direction: in its column (Up/Down) or on its line (Left/Right), the
    nearest one on that side; None when nothing is drawn there."""
    a = all_boxes[card]
    if dy:
        line = [(c, b) for c, b in all_boxes.items() if c != card and abs(b["left"] - a["left"]) < 2]
        ahead = [(b["top"] - a["top"]) * dy for _, b in line]
    else:
        line = [(c, b) for c, b in all_boxes.items() if c != card and abs(b["top"] - a["top"]) < 2]
        ahead = [(b["left"] - a["left"]) * dx for _, b in line]
    found = sorted((d, c) for d, (c, _) in zip(ahead, line, strict=True) if d > 0)
    return found[0][1] if found else None


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
def test_each_arrow_key_goes_to_the_card_drawn_in_that_direction(page, live_server, width, height):
    page.set_viewport_size({"width": width, "height": height})
    start_game(page, live_server, "Anna", "Bruno")
    open_hand(page)
    page.get_by_role("button", name="Bruno", exact=True).first.click()
    drawn = boxes(page)
    if width == 390:  # a suit in two rows of five: under the coins' Ace is the coins' 6, not the cups' Ace
        assert expected_neighbour(drawn, "1d", 0, 1) == "6d"
    else:
        assert expected_neighbour(drawn, "1d", 0, 1) == "1c"
    moves = 0
    for start in ("1d", "5d", "6d", "10d", "3c", "8c", "1s", "7s", "5b", "10b"):
        for key, (dx, dy) in ARROWS.items():
            want = expected_neighbour(drawn, start, dx, dy)
            page.locator(f"button.cell[data-card='{start}']").focus()
            page.keyboard.press(key)
            got = focused(page)
            if want is not None:
                assert got == want, f"{key} from {start} at {width}: {got}, drawn there is {want}"
                moves += 1
            elif dy:
                assert got == start, f"{key} from {start} at {width}: nothing is drawn there"
    assert moves >= 25
    # The keys only move the focus: no card was given.
    expect(page.locator(".cell.side0, .cell.side1")).to_have_count(0)


def test_court_cards_show_their_values_and_suits_their_names(page, live_server):
    start_game(page, live_server, "Anna", "Bruno")
    open_hand(page)
    cell = lambda code: page.locator(f"button.cell[data-card='{code}'] .rank")  # noqa: E731
    expect(cell("8d")).to_have_text("F 8")
    expect(cell("9c")).to_have_text("C 9")
    expect(cell("10s")).to_have_text("R 10")
    expect(cell("7d")).to_have_text("7")
    expect(page.locator(".suit-name")).to_have_text(["Denari", "Coppe", "Spade", "Bastoni"])
    # Each label is on one line inside its cell, and the suit's name inside its column.
    for code in ("8d", "9c", "10s", "10b"):
        assert cell(code).evaluate("r => r.scrollWidth <= r.parentElement.clientWidth && r.offsetHeight < 40")
    assert page.locator(".suit-name").evaluate_all("ns => ns.every(n => n.scrollWidth <= n.clientWidth + 1)")
    # The settebello in the breakdown is named in the deck style, not "7♦".
    page.get_by_role("button", name="Bruno", exact=True).first.click()
    for code in BRUNO:
        page.locator(f".cell[data-card='{code}']").click()
    expect(page.locator("#live")).to_contain_text("go to Anna")
    page.locator("#check").click()
    row = page.locator(".breakdown tr", has_text="settebello")
    expect(row).to_contain_text("7 di Denari")
    assert "7♦" not in page.locator(".breakdown").inner_text()


def test_a_french_deck_shows_jack_queen_king_values_and_symbols(page, live_server):
    body = {"sides": [{"name": "Anna"}, {"name": "Bruno"}], "deck_style": "french"}
    made = page.request.post(f"{live_server}/api/v1/games", data=body).json()
    page.goto(made["keeper_url"])  # this phone keeps the game
    page.goto(f"{live_server}/g/{made['id']}/hand")
    page.wait_for_load_state("load")
    expect(page.locator("button.cell[data-card='8d'] .rank")).to_have_text("J 8")
    expect(page.locator("button.cell[data-card='10b'] .rank")).to_have_text("K 10")
    expect(page.locator(".suit-name").first).to_have_text("♦ Diamonds")


@pytest.mark.parametrize("height", [640, 844])
def test_the_counts_stay_in_view_while_tapping(page, live_server, height):
    # 640: a 390 px phone with its browser's bars and a tall header; the grid runs past the screen's bottom.
    page.set_viewport_size({"width": 390, "height": height})
    start_game(page, live_server, "Anna", "Bruno")
    open_hand(page)
    page.get_by_role("button", name="Bruno", exact=True).first.click()
    live = page.locator("#live")
    for code in ("1d", "8d", "3c", "8s", "2b", "7b"):
        cell = page.locator(f".cell[data-card='{code}']")
        cell.scroll_into_view_if_needed()
        cell.click()
        expect(live).to_contain_text("Bruno:")
        page.wait_for_timeout(50)
        box, tapped = live.bounding_box(), cell.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= height + 1, f"counts out of view tapping {code}"
        # ... and never over the card just tapped.
        assert tapped["y"] + tapped["height"] <= box["y"] + 1 or tapped["y"] >= box["y"] + box["height"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"counts-in-view-390x{height}.png"))


def test_the_rest_go_to_is_offered_only_when_it_decides_something(page, live_server):
    start_game(page, live_server, "Anna", "Bruno")
    open_hand(page)
    rest = page.locator(".rest")
    live = page.locator("#live")
    expect(live).to_contain_text("40 cards not tapped")
    expect(rest).to_be_hidden()  # nothing tapped: giving all 40 cards to one side says nothing
    page.get_by_role("button", name="Bruno", exact=True).first.click()
    page.locator(".cell[data-card='7d']").click()
    expect(live).to_contain_text("39 cards not tapped go to Anna.")
    expect(rest).to_be_hidden()  # one pile of two tapped: the rest are Anna's already
    page.locator("#holding-change").click()
    page.get_by_role("button", name="Anna", exact=True).first.click()
    page.locator(".cell[data-card='7c']").click()
    expect(live).to_contain_text("38 cards not tapped: Check hand asks")
    expect(rest).to_be_visible()  # both piles tapped: where the rest go is for the table to say
    rest.get_by_role("button", name="Anna").click()
    expect(page.locator(".cell.side0")).to_have_count(39)
    expect(rest).to_be_hidden()  # every card given: nothing left to decide


def test_three_sides_offer_the_rest_once_a_card_is_given(page, live_server):
    start_game(page, live_server, "Anna", "Bruno", "Carla")
    open_hand(page)
    expect(page.locator("#live")).to_contain_text("40 cards not tapped")
    expect(page.locator(".rest")).to_be_hidden()
    page.get_by_role("button", name="Carla", exact=True).first.click()
    page.locator(".cell[data-card='7d']").click()
    expect(page.locator(".rest")).to_be_visible()


# --- axe-core, every impact ---------------------------------------------------------------------------------


def all_violations(page, axe_source: Path) -> list[dict]:
    page.wait_for_load_state("load")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(axe_source))
    found = json.loads(
        page.evaluate("async () => JSON.stringify((await axe.run(document, {resultTypes: ['violations']})).violations)")
    )
    return [{"id": v["id"], "impact": v["impact"], "nodes": [n["html"][:120] for n in v["nodes"][:4]]} for v in found]


def phone(browser, scheme, lang):
    """A 390-wide phone in ``lang`` and colour ``scheme`` (its context, to close, and its page). The steps find
    controls by their data attributes, the same in both languages."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        locale="it-IT" if lang == "it" else "en-GB",
        color_scheme=scheme,
        bypass_csp=True,  # for axe-core's script
    )
    page = context.new_page()
    if lang == "it":
        page.set_extra_http_headers({"Accept-Language": "it-IT,it;q=0.9"})
    return context, page


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_no_axe_violation_of_any_impact_on_the_grid_breakdown_pads_and_checker(
    browser, live_server, axe_source, scheme, lang
):
    context, page = phone(browser, scheme, lang)
    failures = []
    try:
        for name in _walk(page, live_server, lang):
            found = all_violations(page, axe_source)
            if found:
                failures.append(f"{name} ({lang}, {scheme}): {found}")
    finally:
        context.close()
    assert not failures, "\n".join(failures)


def _walk(page, live_server, lang):
    page.goto(live_server + "/new")
    for i, name in enumerate(("Anna", "Bruno")):
        page.fill(f"#players-{i}", name)
    page.locator("form button[type=submit].primary").first.click()
    page.wait_for_url(re.compile(r"/g/[^/]+$"))
    page.goto(page.url + "/hand")
    page.wait_for_load_state("load")
    expect(page.locator("button.cell")).to_have_count(len(DECK))
    yield "grid"
    page.locator(".pick[data-side='1']").click()
    for code in BRUNO[:5]:
        page.locator(f".cell[data-card='{code}']").click()
    expect(page.locator("#live .rest-line")).to_contain_text("35")  # counted with the five cards
    yield "grid tapped"
    page.locator("#check").click()
    expect(page.locator(".breakdown")).to_be_visible()
    yield "breakdown"
    page.goto(live_server + "/pads/2")
    yield "pad for 2"
    page.goto(live_server + "/pads/6?profile=boxed")
    yield "pad for 6"
    page.goto(live_server + "/check?table=1b,7c&hand=8d,1c,7d")
    page.wait_for_load_state("load")
    yield "checker"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_screenshots_of_the_grid_at_390(browser, live_server, scheme, lang):
    context, page = phone(browser, scheme, lang)
    walk = _walk(page, live_server, lang)
    next(walk)
    next(walk)  # five cards of Bruno's given
    assert page.evaluate("document.documentElement.lang") == lang
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"grid-{lang}-{scheme}-390.png"))
    page.screenshot(path=str(SHOTS / f"grid-{lang}-{scheme}-390-full.png"), full_page=True)
    context.close()


def test_check_hand_tapped_before_the_last_count_came_back_waits_for_it_and_asks_nothing(page, live_server):
    # Two players, Bruno's pile tapped: the rest are Anna's. Check hand tapped at once after the last card, while
    # the count of the taps is still on its way (each is sent 200 ms after the last tap, then answered), waits for
    # it and checks the hand, rather than asking where the rest go.
    start_game(page, live_server, "Anna", "Bruno")
    open_hand(page)
    counts = []
    page.on("request", lambda r: counts.append(r.url) if r.method == "POST" and "/score" in r.url else None)
    page.get_by_role("button", name="Bruno", exact=True).first.click()
    for code in BRUNO:
        page.locator(f".cell[data-card='{code}']").click()
    page.locator("#check").click()
    expect(page.locator(".breakdown tr", has_text="settebello")).to_contain_text("7 di Denari")
    assert counts, "the page counted the taps on the server"
    expect(page.locator("#rest-ask")).to_have_count(0)
