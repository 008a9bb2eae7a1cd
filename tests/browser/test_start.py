"""Starting, sharing and ending a game on a phone (390 x 844): the new-game form, Share and Copy, one QR code at
a time, stopping keeping, the end of a game and the home page."""

import re
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.conftest import page_width

SHOTS = Path("/tmp/shots/start")

# navigator.share and navigator.clipboard stubbed: what the page hands them is kept for the test to read.
STUBS = """
window.__shared = []; window.__copied = [];
Object.defineProperty(navigator, "share", { configurable: true,
  value: function (data) { window.__shared.push(data); return Promise.resolve(); } });
Object.defineProperty(navigator, "clipboard", { configurable: true,
  value: { writeText: function (text) { window.__copied.push(text); return Promise.resolve(); } } });
"""
NO_SHARE_SHEET = "delete Navigator.prototype.share;"


def snap(page, name, full_page=True):
    """A screenshot for a person to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def kept_game(page, live_server, target=None, finished=False, name="Friday"):
    """A game of Anna and Bruno this phone keeps (through the API and its keeper link), won by Anna if asked."""
    rules = {"target": target} if target else {}
    body = {"name": name, "sides": [{"name": "Anna"}, {"name": "Bruno"}], "rules": rules}
    game = page.request.post(f"{live_server}/api/v1/games", data=body).json()
    if finished:
        anna = {"tally": {"cards": 25, "coins": 7, "settebello": True, "primiera": 78}, "scopas": 0}
        bruno = {"tally": {"cards": 15, "coins": 3, "settebello": False, "primiera": 60}, "scopas": 0}
        hand = {"submission_id": f"sub-{game['id']}", "sides": [anna, bruno]}
        url = f"{live_server}/api/v1/games/{game['id']}/rounds"
        r = page.request.post(url, headers={"X-Keeper-Key": game["keeper_key"]}, data=hand)
        assert r.json()["finished"]
    page.goto(game["keeper_url"])
    expect(page.locator("h1")).to_have_text(name)
    page.wait_for_load_state("load")
    return game


# --- New game --------------------------------------------------------------------------------------------


def test_the_sides_choice_appears_for_four_or_six_names_only(page, live_server):
    page.goto(live_server + "/new")
    sides = page.locator("#sides")
    page.fill("#players-0", "Anna")
    page.fill("#players-1", "Bruno")
    expect(sides).to_be_hidden()
    page.fill("#players-2", "Carla")
    expect(sides).to_be_hidden()
    page.fill("#players-3", "Dario")
    expect(sides).to_be_visible()
    # Three teams of two take six players.
    expect(page.get_by_label("6 players as three teams of 2")).to_be_hidden()
    expect(page.get_by_label("Everyone for themselves")).to_be_visible()
    page.get_by_label("Player 5").fill("Elena")
    expect(sides).to_be_hidden()
    page.get_by_label("Player 6").fill("Fabio")
    expect(sides).to_be_visible()
    expect(page.get_by_label("6 players as three teams of 2")).to_be_visible()
    page.fill("#players-4", "")
    page.fill("#players-5", "")
    expect(page.locator("#game-name")).to_have_attribute(
        "placeholder", re.compile(r"^Anna & Carla vs Bruno & Dario · \d\d:\d\d$")
    )
    assert page_width(page) <= 390
    snap(page, "new-game-four")


def test_the_sides_choice_stays_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server + "/new")
    expect(page.locator("#sides")).to_be_visible()
    expect(page.locator("#target")).to_have_value("11")
    context.close()


def test_the_target_shows_the_profiles_number_for_the_players_written(page, live_server):
    page.goto(live_server + "/new")
    target, summary = page.locator("#target"), page.locator("#rules-summary")
    page.fill("#players-0", "Anna")
    page.fill("#players-1", "Bruno")
    expect(summary).to_have_text("Scopa · Classic · to 11 · Italian deck")
    page.get_by_text("Change", exact=True).click()  # the summary opens the rules
    expect(target).to_be_visible()
    expect(target).to_have_value("11")
    with page.expect_navigation():  # another profile: the page again with its rules, the names kept
        page.select_option("#profile", "boxed")
    expect(target).to_have_value("11")
    page.fill("#players-2", "Carla")
    expect(target).to_have_value("8")
    page.fill("#players-3", "Dario")
    expect(target).to_have_value("15")
    expect(summary).to_have_text("Scopa · Boxed edition · to 15 · Italian deck")
    page.get_by_label("French").check()
    expect(summary).to_have_text("Scopa · Boxed edition · to 15 · French deck")
    snap(page, "new-game-rules-open")
    # A target typed by hand stays, whatever the names and the profile.
    target.fill("21")
    page.fill("#players-3", "")
    with page.expect_navigation():
        page.select_option("#profile", "classic")
    expect(target).to_have_value("21")
    expect(summary).to_have_text("Scopa · Classic · to 21 · French deck")
    page.get_by_role("button", name="Start game").click()
    expect(page.locator(".rules-line")).to_contain_text("to 21")
    expect(page.locator("h1")).to_have_text(re.compile(r"^Anna vs Bruno vs Carla · \d\d:\d\d$"))


def test_two_names_and_start_make_a_game_named_after_them_at_the_phones_time(browser, live_server):
    # A phone in another time zone than the server names the game by its own clock.
    context = browser.new_context(viewport={"width": 390, "height": 844}, timezone_id="Pacific/Kiritimati")
    page = context.new_page()
    page.goto(live_server + "/new")
    page.fill("#players-0", "Anna")
    page.fill("#players-1", "Marco")
    snap(page, "new-game")
    page.get_by_role("button", name="Start game").click()
    expect(page.locator(".rules-line")).to_contain_text("Classic · to 11 · Italian deck")
    phone = page.evaluate("new Date().toTimeString().slice(0, 5)")
    assert page.locator("h1").inner_text() in (f"Anna vs Marco · {phone}", f"Anna vs Marco · {earlier(phone)}")
    context.close()


def earlier(clock):
    """The minute before ``clock`` ("21:40" -> "21:39"), in case the minute turned between start and check."""
    hours, minutes = map(int, clock.split(":"))
    total = (hours * 60 + minutes - 1) % (24 * 60)
    return f"{total // 60:02d}:{total % 60:02d}"


# --- Sharing ---------------------------------------------------------------------------------------------


def test_share_and_copy_hand_the_viewer_link_to_the_phone(page, live_server):
    page.context.add_init_script(STUBS)
    kept_game(page, live_server)
    viewer_link = page.locator("#viewer-link").input_value()
    assert re.fullmatch(rf"{re.escape(live_server)}/g/[\w-]+", viewer_link)
    share = page.locator("#share")
    share.get_by_role("button", name="Share").click()
    shared = page.evaluate("window.__shared")
    assert shared == [{"title": "Friday: the score", "url": viewer_link}]
    share.get_by_role("button", name="Copy").click()
    expect(share.get_by_text("Copied")).to_be_visible()
    assert page.evaluate("window.__copied") == [viewer_link]
    share.scroll_into_view_if_needed()
    snap(page, "share", full_page=False)


def test_without_a_share_sheet_only_copy_is_offered(page, live_server):
    page.context.add_init_script(NO_SHARE_SHEET)
    kept_game(page, live_server)
    share = page.locator("#share")
    expect(share.get_by_role("button", name="Copy")).to_be_visible()
    expect(share.get_by_role("button", name="Share")).to_be_hidden()


def test_one_qr_code_on_screen_at_a_time(page, live_server):
    kept_game(page, live_server)
    viewer, keeper = page.locator("#viewer-qr img"), page.locator("#keeper-qr img")
    expect(viewer).to_be_visible()
    expect(keeper).to_be_hidden()
    page.get_by_text("Show the keeper code").click()
    expect(keeper).to_be_visible()
    expect(viewer).to_be_hidden()
    expect(page.get_by_text("The viewer code is hidden while the keeper code is shown.")).to_be_visible()
    expect(page.locator("#keeper-warning")).to_be_visible()
    assert page.locator("img.qr:visible").count() == 1
    page.locator("#keeper-code").scroll_into_view_if_needed()
    snap(page, "share-keeper-code", full_page=False)
    page.get_by_text("Hide the keeper code").click()
    expect(viewer).to_be_visible()
    expect(keeper).to_be_hidden()


# --- Stop keeping ----------------------------------------------------------------------------------------


def test_stop_keeping_asks_first_and_shows_the_keeper_link(page, live_server):
    game = kept_game(page, live_server)
    page.get_by_role("link", name="Stop keeping score on this phone…").click()
    expect(page.locator("h1")).to_have_text("Stop keeping score of “Friday” on this phone?")
    expect(page.locator("#keeper-link")).to_have_value(game["keeper_url"])
    expect(page.locator("#keeper-qr img")).to_be_hidden()
    assert page_width(page) <= 390
    snap(page, "stop-keeping")
    page.get_by_text("Show the keeper code").click()
    expect(page.locator("#keeper-qr img")).to_be_visible()
    # Changing one's mind changes nothing.
    page.get_by_role("link", name="Keep scoring").click()
    expect(page.get_by_role("button", name="Save hand 1")).to_be_visible()
    page.get_by_role("link", name="Stop keeping score on this phone…").click()
    page.get_by_role("button", name="Stop keeping score on this phone").click()
    expect(page.get_by_role("status").first).to_contain_text("This phone no longer keeps score of “Friday”")
    expect(page.get_by_text("Games on this phone")).to_have_count(0)


# --- The end of a game and the home page ---------------------------------------------------------------------


def test_a_finished_game_offers_a_rematch_that_keeps_sides_rules_and_target(page, live_server):
    kept_game(page, live_server, target=3, finished=True)
    expect(page.locator("#result")).to_have_text("Anna wins 4-0.")
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()
    expect(page.locator("#next").get_by_role("link", name="New game")).to_be_visible()
    assert page_width(page) <= 390
    snap(page, "finished")
    page.get_by_role("button", name="Rematch").click()
    expect(page.get_by_text("Rematch started")).to_be_visible()
    expect(page.locator("h1")).to_have_text(re.compile(r"^Anna vs Bruno · \d\d:\d\d$"))
    expect(page.locator(".rules-line")).to_contain_text("Classic · to 3 · Italian deck")
    expect(page.get_by_role("button", name="Save hand 1")).to_be_visible()


def test_home_shows_live_games_apart_from_finished_ones(page, live_server):
    kept_game(page, live_server, target=3, finished=True, name="Last night")
    kept_game(page, live_server, name="Tonight")
    page.goto(live_server + "/")
    live = page.locator("ul.games.live")
    done = page.locator("ul.games.finished")
    expect(live).to_contain_text("Tonight")
    expect(live).not_to_contain_text("Last night")
    expect(done).to_contain_text("Last night")
    expect(done).to_contain_text("Anna wins 4-0")
    assert page_width(page) <= 390
    snap(page, "home")


# --- The checker's answer in view ----------------------------------------------------------------------------


def in_view(page, selector):
    box = page.locator(selector).bounding_box()
    return box is not None and 0 <= box["y"] < 844 and box["y"] + min(box["height"], 200) <= 844


def test_a_judged_claim_opens_at_the_verdict(page, live_server):
    page.goto(f"{live_server}/check?table=5c,4s,1b&hand=5d")
    page.wait_for_load_state("load")
    page.check("input[name=take][value='4s']")
    page.check("input[name=take][value='1b']")
    page.get_by_role("button", name="Judge this play").click()
    expect(page.locator("#verdict")).to_contain_text("Not legal")
    page.wait_for_load_state("load")
    assert page.url.endswith("#answer") and in_view(page, "#verdict")
    snap(page, "checker-answer", full_page=False)


def test_the_legal_plays_open_in_view_without_javascript(browser, live_server):
    # The grid's own script sends the position itself (static/checker.js); this is the form as the server sends it.
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server + "/check")
    for code in ["1b", "2c", "6s"]:
        page.select_option(f"select[name=c_{code}]", "t")
    page.select_option("select[name=c_8d]", "h")
    page.get_by_role("button", name="Show legal plays").click()
    expect(page.locator("#plays")).to_contain_text("Takes 6 di Spade + 2 di Coppe")
    assert page.url.endswith("#answer") and in_view(page, "#answer"), page.locator("#answer").bounding_box()
    snap(page, "checker-plays-nojs", full_page=False)
    context.close()


def test_no_sideways_scrolling_at_200_percent_zoom(browser, live_server):
    # 200% zoom on a 390 px phone leaves 195 CSS px. On the scoreboard and the checker, only this part's sections.
    context = browser.new_context(viewport={"width": 195, "height": 422})
    page = context.new_page()
    game = kept_game(page, live_server, target=3, finished=True)
    pages = {
        "/": "main",
        "/new": "main",
        f"/g/{game['id']}": "#next, #share",
        f"/g/{game['id']}/forget": "main",
        "/check?table=5c,4s,1b&hand=5d&play=5d&take=4s": "#answer, #judge, .checker-actions",
    }
    for path, parts in pages.items():
        page.goto(live_server + path)
        page.wait_for_load_state("load")
        page.locator("details:not([open]) > summary").evaluate_all("all => all.forEach(s => s.click())")
        wide = page.locator(parts).evaluate_all(
            "parts => parts.flatMap(p => [p, ...p.querySelectorAll('*')])"
            ".filter(e => e.getBoundingClientRect().right > 195.5).map(e => e.tagName + '.' + e.className)"
        )
        assert wide == [], path
    context.close()
