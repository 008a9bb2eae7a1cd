"""The winners entry in real Chromium at 390x844: taps counted from the scoreboard, Undo, Back, keyboard, no JS."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import page_width
from tests.browser.test_keep_score import Taps, start_game

SHOTS = Path("/tmp/shots/entry")


def api_game(page, live_server):
    game_id = re.search(r"/g/([^/?#]+)", page.url)[1]
    return page.request.get(f"{live_server}/api/v1/games/{game_id}").json()


def tap_rows(tap, choices):
    """Tap one segment per row: ``{"cards": 0, "coins": "tie"}`` (a side's index, or the value "tie")."""
    for row, value in choices.items():
        name = row if row.startswith("napola") else f"won_{row}"
        tap(
            f"label.seg[for='{name}-{value}']"
            if isinstance(value, int)
            else f"input[name={name}][value={value}] + label"
        )


TYPICAL = {"cards": 0, "coins": 1, "settebello": 0, "primiera": 0}


@pytest.fixture
def posts(page):
    """Every POST the page sends, as (url, is a navigation): a Back that sends one would be a resubmission."""
    sent = []
    page.on("request", lambda r: sent.append((r.url, r.is_navigation_request())) if r.method == "POST" else None)
    return sent


def test_a_two_player_hand_with_one_scopa_is_saved_in_six_taps(page, live_server, posts):
    start_game(page, live_server, "Anna", "Bruno")
    page.wait_for_load_state("load")  # the scoreboard's script runs before the first tap
    loads, before = [], len(posts)
    page.on("load", lambda: loads.append(page.url))
    tap = Taps(page)
    tap(".scopa-form.side0 .scopa-add")  # Anna sweeps the table during the hand
    expect(page.locator(".scopa-form.side0 .count")).to_have_text("1")
    tap_rows(tap, TYPICAL)  # cards, coins, settebello, primiera: one tap each
    assert loads == []  # the scopa went by fetch: no page load before Save
    tap("#save-won")
    page.wait_for_url(re.compile(r"/g/[^/?#]+$"))
    expect(page.locator(".just-saved")).to_contain_text("Hand 1 saved:")
    assert tap.count == 6
    # Anna: cards, settebello, primiera and her scopa; Bruno: coins.
    expect(page.locator(".total .points")).to_have_text(["4", "1"])
    expect(page.locator(".just-saved")).to_contain_text("Anna +4 · Bruno +1")
    expect(page.locator("#hand-1 .breakdown")).to_contain_text("primiera")  # the hand's breakdown, in the page
    expect(page.locator(".scopa-form.side0 .count")).to_have_text("0")
    correct = page.locator("#hand-1").get_by_role("link", name="Correct")
    for control in (page.get_by_role("button", name="Undo"), correct):
        assert control.bounding_box()["height"] >= 44
    assert [url for url, navigation in posts[before:] if navigation] == [page.url.split("#")[0] + "/won"]
    g = api_game(page, live_server)
    assert g["pending_scopas"] == [0, 0] and len(g["rounds"]) == 1


def test_save_right_after_a_scopa_tap_takes_the_scopa(page, live_server):
    start_game(page, live_server, "Anna", "Bruno")
    page.wait_for_load_state("load")
    tap = Taps(page)
    tap_rows(tap, TYPICAL)
    # Slow the scopa's answer down so Save is tapped while it is still on its way.
    page.route("**/scopa", lambda route: (page.wait_for_timeout(600), route.continue_()))
    page.locator(".scopa-form.side1 .scopa-add").click()
    page.locator("#save-won").click()
    expect(page.locator(".just-saved")).to_contain_text("Hand 1 saved:")
    expect(page.locator(".total .points")).to_have_text(["3", "2"])  # Bruno: coins and his scopa
    assert api_game(page, live_server)["pending_scopas"] == [0, 0]


def test_a_missing_row_is_named_and_every_tap_is_kept(page, live_server, posts):
    start_game(page, live_server, "Anna", "Bruno")
    page.wait_for_load_state("load")
    tap = Taps(page)
    tap_rows(tap, {"cards": 0, "settebello": 1})
    tap("#save-won")
    expect(page.locator("#form-error")).to_have_text("Answer every row: coins and primiera are not answered.")
    expect(page.locator("#row-won_coins .field-error")).to_have_text("Coins: tap who took the most coins, or Tie.")
    expect(page.locator("#won_cards-0")).to_be_checked()
    expect(page.locator("#won_settebello-1")).to_be_checked()
    assert page_width(page) <= 390
    page.locator("#winners").screenshot(path=str(SHOTS / "winners-missing-rows.png"))
    tap_rows(tap, {"coins": "tie", "primiera": 1})
    tap("#save-won")
    expect(page.locator(".total .points")).to_have_text(["1", "2"])
    # Back: the page of the error, by GET, now saying the hand is saved; nothing is sent again.
    before = len(posts)
    response = page.go_back()
    assert response is not None and response.request.method == "GET"
    expect(page.locator(".flash-saved").first).to_contain_text("Hand 1 is saved.")
    assert len(posts) == before and len(api_game(page, live_server)["rounds"]) == 1


def test_back_after_a_save_lands_on_the_scoreboard_and_saves_nothing_twice(page, live_server, posts):
    start_game(page, live_server, "Anna", "Bruno")
    page.wait_for_load_state("load")
    tap = Taps(page)
    tap_rows(tap, TYPICAL)
    tap("#save-won")
    expect(page.locator(".just-saved")).to_be_visible()
    before = len(posts)
    response = page.go_back()
    assert response is not None and response.request.method == "GET"
    expect(page.locator("#winners")).to_be_visible()  # the scoreboard, asked for again
    page.go_forward()
    page.reload()
    assert len(posts) == before and len(api_game(page, live_server)["rounds"]) == 1


def test_back_after_check_hand_and_save_saves_nothing_twice(page, live_server, posts):
    start_game(page, live_server, "Anna", "Bruno")
    page.get_by_role("link", name="Quick counts").click()
    page.fill("input[name=sides-0-cards]", "22")
    page.fill("input[name=sides-0-coins]", "6")
    page.check("input[name=settebello][value='0']")
    page.check("input[name=primiera_by][value='0']")
    page.get_by_role("button", name="Check hand").click()
    expect(page.get_by_text("Check the hand before it is saved")).to_be_visible()
    assert "?d=" in page.url  # the confirmation is a page of its own, shown by GET
    page.reload()
    expect(page.get_by_text("Check the hand before it is saved")).to_be_visible()
    page.locator("#save").click()
    expect(page.locator(".just-saved")).to_contain_text("Hand 1 saved:")
    before = len(posts)
    response = page.go_back()  # to the confirmation: it says the hand is saved, on the scoreboard
    assert response is not None and response.request.method == "GET"
    # The scoreboard, not the confirmation again (its "Hand 1 is saved" note is checked through the test
    # client in test_winners_entry: here a busy machine may show the page from the browser's own history).
    expect(page).to_have_url(re.compile(r"/g/[^/?#]+$"))
    expect(page.locator("#save")).to_have_count(0)
    page.go_back()  # to the counts form as first opened
    expect(page.locator("#counts-form")).to_be_visible()
    assert len(posts) == before and len(api_game(page, live_server)["rounds"]) == 1


def test_back_after_a_conflict_shows_the_conflict_again_without_sending(page, live_server, posts, context):
    start_game(page, live_server, "Anna", "Bruno")
    page.wait_for_load_state("load")
    tap_rows(Taps(page), TYPICAL)
    page.locator("#save-won").click()
    expect(page.locator(".just-saved")).to_be_visible()
    page.locator("#hand-1").get_by_role("link", name="Delete").click()
    other = context.new_page()  # the same phone, another tab: deletes hand 1 first
    other.goto(page.url)
    other.get_by_role("button", name="Delete hand 1").click()
    expect(other.locator(".flash")).to_contain_text("Hand 1 deleted.")
    other.close()
    page.get_by_role("button", name="Delete hand 1").click()
    expect(page.locator("h1")).to_have_text("Nothing was changed")
    expect(page.get_by_role("link", name="Show the current hand")).to_be_visible()
    assert "/conflict?d=" in page.url
    page.get_by_role("link", name="Back to the scoreboard").click()
    before = len(posts)
    response = page.go_back()
    assert response is not None and response.request.method == "GET"
    expect(page.locator("h1")).to_have_text("Nothing was changed")
    assert len(posts) == before


def test_undo_brings_the_hand_back_into_the_winners_form_with_its_scopas(page, live_server, shot):
    start_game(page, live_server, "Anna", "Bruno")
    page.wait_for_load_state("load")
    tap = Taps(page)
    tap(".scopa-form.side1 .scopa-add")
    expect(page.locator(".scopa-form.side1 .count")).to_have_text("1")
    tap_rows(tap, TYPICAL)
    tap("#save-won")
    expect(page.locator(".total .points")).to_have_text(["3", "2"])
    shot("winners-saved")
    page.locator(".just-saved").get_by_role("button", name="Undo").click()
    expect(page.locator(".flash-saved").first).to_contain_text("Hand 1 undone: it is back below with its scopas.")
    expect(page.locator(".total .points")).to_have_text(["0", "0"])
    expect(page.locator(".scopa-form.side1 .count")).to_have_text("1")
    for row, side in TYPICAL.items():
        expect(page.locator(f"#won_{row}-{side}")).to_be_checked()
    page.locator("#winners").screenshot(path=str(SHOTS / "winners-after-undo.png"))
    page.locator("#save-won").click()  # saved again as it was: one tap
    expect(page.locator(".total .points")).to_have_text(["3", "2"])
    assert api_game(page, live_server)["pending_scopas"] == [0, 0]


def test_undo_brings_a_counts_hand_back_into_its_form(page, live_server):
    start_game(page, live_server, "Anna", "Bruno")
    page.get_by_role("link", name="Quick counts").click()
    page.fill("input[name=sides-0-cards]", "25")
    page.fill("input[name=sides-0-coins]", "4")
    page.check("input[name=settebello][value='1']")
    page.check("input[name=primiera_by][value='none']")
    page.locator(".stepper.side0 button[aria-label='One scopa more']").click()
    page.get_by_role("button", name="Check hand").click()
    page.locator("#save").click()
    expect(page.locator(".total .points")).to_have_text(["2", "2"])
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#counts-form")).to_be_visible()
    expect(page.locator(".flash-saved").first).to_contain_text("Hand 1 undone: it is back in its form")
    expect(page.locator("input[name=sides-0-cards]")).to_have_value("25")
    expect(page.locator("input[name=sides-1-coins]")).to_have_value("6")
    expect(page.locator("input[name=settebello][value='1']")).to_be_checked()
    expect(page.locator("input[name=primiera_by][value='none']")).to_be_checked()
    expect(page.locator("input[name=sides-0-scopas]")).to_have_value("1")


def test_the_winners_form_by_keyboard_alone(page, live_server):
    start_game(page, live_server, "Anna", "Bruno")
    page.wait_for_load_state("load")
    page.locator("body").focus()
    for _ in range(40):  # Tab through the page to the first row
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "won_cards":
            break
    assert page.evaluate("document.activeElement.id") == "won_cards-0"
    # The focused segment is outlined, so a keyboard user sees where they are.
    outline = page.evaluate("getComputedStyle(document.querySelector(\"label[for='won_cards-0']\")).outlineStyle")
    assert outline != "none"
    page.keyboard.press("Space")  # cards: Anna
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowRight")  # coins: Bruno (arrows move within a row and choose)
    page.keyboard.press("Tab")
    page.keyboard.press("Space")  # settebello: Anna
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # primiera: Tie
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "save-won"
    page.keyboard.press("Enter")
    expect(page.locator(".just-saved")).to_contain_text("Hand 1 saved:")
    expect(page.locator(".total .points")).to_have_text(["2", "1"])


def test_the_winners_form_works_without_javascript(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    start_game(page, live_server, "Anna", "Bruno")
    page.locator(".scopa-form.side0 .scopa-add").click()  # a plain form: the page reloads with the count
    expect(page.locator(".scopa-form.side0 .count")).to_have_text("1")
    tap_rows(Taps(page), {"cards": 0, "coins": 1, "settebello": 0})
    page.locator("#save-won").click()
    expect(page.locator("#form-error")).to_contain_text("Primiera: tap who won it, or Tie.")
    expect(page.locator("#won_cards-0")).to_be_checked()
    tap_rows(Taps(page), {"primiera": "tie"})
    page.locator("#save-won").click()
    expect(page.locator(".total .points")).to_have_text(["3", "1"])
    context.close()


@pytest.mark.parametrize(
    "names, extra, label",
    [
        (["Anna", "Bruno"], {}, "2-sides"),
        (["Anna", "Bruno", "Carla"], {}, "3-sides"),
        (["Annabella", "Bartolomeo", "Carlotta", "Domenico"], {"alone": True}, "4-sides"),
        (["Annabella", "Bartolomeo", "Carlotta", "Domenico", "Elisabetta", "Francesco"], {"pairs": True}, "6-players"),
    ],
)
def test_the_winners_form_fits_a_phone(page, live_server, names, extra, label):
    page.goto(live_server + "/new")
    for i, name in enumerate(names):
        page.fill(f"#players-{i}", name)
    if extra:
        page.locator(f"input[name=layout][value={'alone' if extra.get('alone') else 'pairs'}]").check(force=True)
    page.get_by_role("button", name="Start game").first.click()
    expect(page.locator("#winners")).to_be_visible()
    assert page_width(page) <= 390
    for seg in page.locator("#winners .seg").all():
        box = seg.bounding_box()
        assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#winners").screenshot(path=str(SHOTS / f"winners-{label}.png"))
    page.screenshot(path=str(SHOTS / f"scoreboard-{label}.png"), full_page=True)
    page.set_viewport_size({"width": 195, "height": 422})  # 200% zoom on the same phone
    assert page.evaluate("document.documentElement.scrollWidth") <= 195
    page.locator("#winners").screenshot(path=str(SHOTS / f"winners-{label}-zoom.png"))


def test_undo_brings_a_piles_hand_back_onto_the_grid(page, live_server):
    from tests.browser.test_keep_score import BRUNO, record_piles

    start_game(page, live_server, "Anna", "Bruno")
    record_piles(page)
    expect(page.locator(".total .points")).to_have_text(["4", "0"])
    page.get_by_role("button", name="Undo").click()
    expect(page.locator(".flash-saved").first).to_contain_text("Hand 1 undone: it is back in its form")
    expect(page.locator(".cell")).to_have_count(40)
    expect(page.locator(".cell.side1")).to_have_count(len(BRUNO))
    expect(page.locator(".cell.side0")).to_have_count(40 - len(BRUNO))
    expect(page.locator(".cell[data-card='7d']")).to_have_class(re.compile("side0"))
    page.get_by_role("button", name="Check hand").click()
    page.locator("#save").click()
    expect(page.locator(".total .points")).to_have_text(["4", "0"])


def test_a_change_on_another_phone_never_wipes_the_taps_made(page, live_server, context):
    start_game(page, live_server, "Anna", "Bruno")
    page.wait_for_load_state("load")
    tap_rows(Taps(page), {"cards": 0, "coins": 1})
    other = context.new_page()  # another keeper's phone marks a scopa meanwhile
    other.goto(page.url)
    other.locator(".scopa-form.side1 .scopa-add").click()
    expect(other.locator(".scopa-form.side1 .count")).to_have_text("1")
    other.close()
    expect(page.locator("#changed-elsewhere")).to_be_visible(timeout=12000)
    expect(page.locator("#won_cards-0")).to_be_checked()
    expect(page.locator("#won_coins-1")).to_be_checked()


def test_a_scopa_that_does_not_reach_the_server_keeps_the_taps_and_saves_nothing(page, live_server):
    start_game(page, live_server, "Anna", "Bruno")
    page.wait_for_load_state("load")
    tap = Taps(page)
    tap_rows(tap, TYPICAL)
    page.route("**/scopa", lambda route: route.abort())  # the connection drops as Bruno's scopa is tapped
    tap(".scopa-form.side1 .scopa-add")
    expect(page.locator("#scopa-failed")).to_be_visible()
    expect(page.locator("input[name=won_coins][value='1']")).to_be_checked()  # every tap still there
    assert api_game(page, live_server)["pending_scopas"] == [0, 0]
    page.unroute("**/scopa")
    page.wait_for_timeout(400)  # a person reads the notice: a tap within 350 ms of the last is a double tap
    tap(".scopa-form.side1 .scopa-add")  # tapped again, it goes through, and then Save takes it
    expect(page.locator(".scopa-form.side1 .count")).to_have_text("1")
    expect(page.locator("#scopa-failed")).to_be_hidden()
    tap("#save-won")
    page.wait_for_url(re.compile(r"/g/[^/?#]+$"))
    game = api_game(page, live_server)
    assert len(game["rounds"]) == 1 and game["rounds"][0]["entry"]["sides"][1]["scopas"] == 1


def test_a_take_back_that_fails_by_script_is_sent_as_a_take_back(page, live_server):
    start_game(page, live_server, "Anna", "Bruno")
    page.wait_for_load_state("load")
    page.locator(".scopa-form.side0 .scopa-add").click()
    expect(page.locator(".scopa-form.side0 .count")).to_have_text("1")
    # The script's request fails (no JSON comes back); with nothing tapped in the form, the page sends it the
    # plain way, and it must say -1, never fall back to a default that adds a scopa.
    page.route(
        "**/scopa",
        lambda route: (
            route.fulfill(status=200, body="not json")
            if route.request.headers.get("accept") == "application/json"
            else route.continue_()
        ),
    )
    page.locator(".scopa-form.side0 .scopa-undo").click()
    page.wait_for_load_state("load")
    expect(page.locator(".scopa-form.side0 .count")).to_have_text("0")
    assert api_game(page, live_server)["pending_scopas"] == [0, 0]
