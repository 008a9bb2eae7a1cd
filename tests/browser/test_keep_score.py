"""Keeping score on a phone: whole games, edits, double taps, bad entries and viewers, in real Chromium."""

import re

from playwright.sync_api import expect

from scorekeeper.rules import DECK
from tests.browser.conftest import SCREENSHOTS, page_width

# Bruno's pile in a hand Anna wins 4-0 (cards 22-18, coins 7-3, settebello, primiera 79-62).
BRUNO = ["8d", "9d", "10d", "5c", "8c", "9c", "10c", "1s", "2s", "3s", "4s", "5s", "8s", "2b", "3b", "4b", "6b", "7b"]


class Taps:
    """Counts the taps a person makes, to hold the hand form to about 25 taps."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def __call__(self, selector):
        self.page.locator(selector).first.click()
        self.count += 1


def start_game(page, live_server, *names):
    page.goto(live_server + "/new")
    for i, name in enumerate(names):
        page.fill(f"#players-{i}", name)
    page.get_by_role("button", name="Start game").first.click()
    expect(page.locator("h1")).to_be_visible()
    return page.url


def record_piles(page, shot=None, name=None):
    tap = Taps(page)
    tap("text=Tap the cards")
    tap(".pick[data-side='1']")
    for code in BRUNO:
        tap(f".cell[data-card='{code}']")
    # One pile tapped of two: the rest are Anna's without asking, so nothing offers to give them away.
    expect(page.locator(".rest")).to_be_hidden()
    expect(page.locator("#live")).to_contain_text("Anna: 22 cards · 7 coins · settebello · primiera 79")
    if shot:
        shot(name)
    tap("text=Check hand")
    expect(page.get_by_text("Check the hand before it is saved")).to_be_visible()
    if shot:
        shot(name + "-confirm")
    tap("#save")
    return tap.count


def test_a_two_player_game_played_to_its_winner_from_the_piles(page, live_server, shot):
    start_game(page, live_server, "Anna", "Bruno")
    expect(page.locator(".status")).to_have_text("No hands yet: first to 11 wins.")
    shot("scoreboard-new")
    taps = record_piles(page, shot, "hand-grid")
    assert taps <= 25, f"a two-player hand took {taps} taps"
    expect(page.locator(".status")).to_have_text("Anna leads 4-0; 11 to win.")
    expect(page.locator(".deal")).to_contain_text("Bruno deals, Anna leads")
    record_piles(page)
    record_piles(page)
    expect(page.locator(".status")).to_have_text("Anna wins 12-0.")
    expect(page.locator(".total.winner .side-name")).to_have_text("Anna")
    expect(page.locator("#winners")).to_have_count(0)  # no hand to enter in a finished game
    assert page_width(page) <= 390
    shot("scoreboard-won")


def test_a_four_player_partnership_game_with_quick_counts(page, live_server, shot):
    start_game(page, live_server, "Anna", "Bruno", "Carla", "Dario")
    expect(page.locator(".total .side-name")).to_have_text(["Anna & Carla", "Bruno & Dario"])
    page.get_by_role("link", name="Quick counts").click()
    page.fill("input[name=sides-0-cards]", "23")
    page.fill("input[name=sides-0-coins]", "4")
    page.fill("input[name=sides-0-primiera]", "76")
    page.fill("input[name=sides-1-primiera]", "81")
    page.check("input[name=settebello][value='0']")
    page.locator(".stepper.side1 button[aria-label='One scopa more']").click()
    page.locator(".stepper.side1 button[aria-label='One scopa more']").click()
    shot("quick-counts")
    page.get_by_role("button", name="Check hand").click()
    expect(page.locator(".breakdown")).to_contain_text("17")  # the rest of the cards
    shot("quick-counts-confirm")
    page.locator("#save").click()
    # Anna & Carla: cards, settebello = 2; Bruno & Dario: coins (6), primiera (81), 2 scopas = 4
    expect(page.locator(".total .points")).to_have_text(["2", "4"])
    expect(page.locator(".deal")).to_contain_text("Bruno deals, Carla leads")
    shot("scoreboard-partners")


def test_editing_and_deleting_a_hand(page, live_server, shot):
    start_game(page, live_server, "Anna", "Bruno")
    record_piles(page)
    record_piles(page)
    expect(page.locator(".total .points")).to_have_text(["8", "0"])
    page.locator("#hand-1").get_by_role("link", name="Hand 1").click()  # an earlier hand: its own page
    expect(page.locator(".breakdown")).to_contain_text("settebello")
    shot("hand-detail")
    page.get_by_role("link", name="Correct").click()
    expect(page.locator("h1")).to_contain_text("Correct hand 1")
    page.wait_for_load_state()  # loaded: taps on the cells reach its script
    page.locator(".pick[data-side='1']").click()
    page.locator(".cell[data-card='7d']").click()  # the settebello goes to Bruno
    shot("edit-hand")
    page.get_by_role("button", name="Check hand").click()
    page.locator("#save").click()
    expect(page.locator(".flash")).to_have_text("Hand 1 corrected.")
    expect(page.locator(".total .points")).to_have_text(["7", "1"])
    page.locator("#hand-2").get_by_role("link", name="Delete").click()
    shot("delete-hand")
    page.get_by_role("button", name="Delete hand 2").click()
    expect(page.locator(".total .points")).to_have_text(["3", "1"])
    expect(page.locator(".hand")).to_have_count(1)


def test_a_double_submit_records_one_hand(page, live_server):
    url = start_game(page, live_server, "Anna", "Bruno")
    page.get_by_role("link", name="Tap the cards").click()
    page.wait_for_url(re.compile(r"/hand$"))  # loaded: taps on the cells reach its script
    page.locator(".pick[data-side='1']").click()
    for code in BRUNO[:3]:
        page.locator(f".cell[data-card='{code}']").click()
    expect(page.locator("#live")).to_contain_text("go to Anna")  # the rest are Anna's pile
    page.get_by_role("button", name="Check hand").click()
    # Two quick taps on Save, then the same form sent once more as a phone retrying would.
    page.locator("#save").dblclick()
    page.wait_for_url(re.compile(r"/g/[^/]+$"))
    game_id = url.rsplit("/", 1)[1]
    rounds = page.request.get(f"{live_server}/api/v1/games/{game_id}").json()["rounds"]
    assert len(rounds) == 1


def test_a_bad_entry_shows_the_error_and_keeps_every_tap(page, live_server, shot):
    start_game(page, live_server, "Anna", "Bruno")
    page.get_by_role("link", name="Tap the cards").click()
    page.wait_for_url(re.compile(r"/hand$"))  # loaded: taps on the cells reach its script
    page.locator(".pick[data-side='0']").click()
    for code in ("7d", "7c"):
        page.locator(f".cell[data-card='{code}']").click()
    page.locator("#holding-change").click()
    page.locator(".pick[data-side='1']").click()
    page.locator(".cell[data-card='1s']").click()
    for _ in range(3):
        page.locator(".stepper.side0 button[aria-label='One scopa more']").click()
    page.get_by_role("button", name="Check hand").click()
    page.get_by_role("button", name="They are missing: save without them").click()
    expect(page.locator("#form-error")).to_contain_text("Anna has 3 scopas with 2 cards")
    expect(page.locator(".cell.side0")).to_have_count(2)
    expect(page.locator(".cell[data-card='1s']")).to_have_class(re.compile("side1"))
    expect(page.locator("input[name=sides-0-scopas]")).to_have_value("3")
    shot("hand-error")


def test_a_viewer_cannot_change_anything_and_follows_the_score(page, live_server, browser):
    url = start_game(page, live_server, "Anna", "Bruno")
    viewer_context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    viewer = viewer_context.new_page()
    viewer.goto(url)
    expect(viewer.locator(".status")).to_have_text("No hands yet: first to 11 wins.")
    expect(viewer.locator("#winners")).to_have_count(0)
    expect(viewer.locator(".scopa-now")).to_have_count(0)
    expect(viewer.get_by_text("viewer's copy")).to_be_visible()
    response = viewer.goto(url + "/hand")
    assert response.status == 403
    expect(viewer.locator(".error")).to_contain_text("Only a phone that opened this game's keeper link")
    viewer.goto(url)
    record_piles(page)  # the keeper records a hand; the viewer's page refreshes by itself
    expect(viewer.locator(".status")).to_have_text("Anna leads 4-0; 11 to win.", timeout=12000)
    SCREENSHOTS.mkdir(exist_ok=True)
    viewer.screenshot(path=str(SCREENSHOTS / "viewer.png"), full_page=True)
    viewer_context.close()


def test_the_grid_fits_a_phone_without_sideways_scrolling(page, live_server, shot):
    start_game(page, live_server, "Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")
    page.get_by_role("link", name="Tap the cards").click()
    page.wait_for_url(re.compile(r"/hand$"))  # the hand form itself, loaded, not the scoreboard it replaces
    assert page_width(page) <= 390
    assert page.locator(".cell").count() == len(DECK)
    box = page.locator(".cell[data-card='10b']").bounding_box()
    assert box["x"] + box["width"] <= 390 and box["height"] >= 44
    shot("hand-grid-six")


def test_the_hand_form_works_with_javascript_off(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    start_game(page, live_server, "Anna", "Bruno")
    page.get_by_role("link", name="Tap the cards").click()
    for code in ("7d", "1d", "7c"):
        page.select_option(f"select[name=c_{code}]", "0")
    page.get_by_role("button", name="Bruno").last.click()  # the rest go to Bruno (the server fills them in)
    expect(page.locator("select[name=c_5s]")).to_have_value("1")
    expect(page.locator("select[name=c_7d]")).to_have_value("0")
    page.fill("input[name=sides-0-scopas]", "1")
    assert page_width(page) <= 390
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "hand-no-javascript.png"), full_page=True)
    page.get_by_role("button", name="Check hand").click()
    expect(page.get_by_text("Check the hand before it is saved")).to_be_visible()
    page.locator("#save").click()
    # Anna: the settebello and a scopa; Bruno: cards, coins and primiera (Anna misses two suits).
    expect(page.locator(".total .points")).to_have_text(["2", "3"])
    context.close()


def test_scopas_marked_as_they_happen_wait_in_the_hand_form(page, live_server):
    start_game(page, live_server, "Anna", "Bruno")
    anna = page.locator(".scopa-form.side0 .scopa-add")
    anna.dblclick()  # a double tap is one scopa
    expect(anna.locator(".count")).to_have_text("1")
    page.wait_for_timeout(400)  # a second scopa, not a double tap
    anna.click()
    expect(anna.locator(".count")).to_have_text("2")
    page.locator(".scopa-form.side0 .scopa-undo").click()
    expect(anna.locator(".count")).to_have_text("1")
    page.reload()
    expect(anna.locator(".count")).to_have_text("1")
    page.get_by_role("link", name="Tap the cards").click()
    expect(page.locator("input[name=sides-0-scopas]")).to_have_value("1")
    expect(page.locator("input[name=sides-1-scopas]")).to_have_value("0")


def test_the_target_follows_the_profile_and_the_players_named(page, live_server, shot):
    page.goto(live_server + "/new")
    target = page.locator("#target")
    expect(target).to_have_value("11")
    page.get_by_text("Change", exact=True).click()  # the rules summary opens the rules
    with page.expect_navigation():  # another profile: the page again with its rules
        page.select_option("#profile", "boxed")
    for i, name in enumerate(["Anna", "Bruno", "Carla"]):
        page.fill(f"#players-{i}", name)
    expect(target).to_have_value("8")
    expect(page.locator("#target-hint")).to_contain_text("3 players: 8")
    expect(page.locator("#profile-description")).to_contain_text("8 for three")
    page.fill("#players-3", "Dario")
    expect(target).to_have_value("15")
    with page.expect_navigation():
        page.select_option("#profile", "count-out")
    page.get_by_text("House rules").click()
    expect(page.locator("#opt_end")).to_have_count(0)  # the profile fixes it: not offered as a change
    shot("new-game-boxed")
    with page.expect_navigation():
        page.select_option("#profile", "boxed")
    page.get_by_role("button", name="Start game").first.click()
    expect(page.locator(".rules-line")).to_contain_text("Boxed edition · to 15")
