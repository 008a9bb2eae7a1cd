"""House rules (RULES.md 1.1) on a phone (390 x 844): the new-game form shows each rule only where it applies,
and a side calls itself out from the scoreboard."""

from pathlib import Path

from playwright.sync_api import expect

SHOTS = Path("/tmp/shots/house")


def snap(page, name):
    """A screenshot for a person to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_the_aces_rules_appear_with_ace_takes_all_and_go_with_it(page, live_server):
    page.goto(live_server + "/new")
    page.click("#rules > summary")
    page.click(".house-rules > summary")
    on_ace = page.locator("[data-option=ace_on_ace]")
    expect(on_ace).to_have_count(0)  # only the house rules that apply are on the page
    expect(page.locator("[data-option=napola_points]")).to_have_count(0)
    with page.expect_navigation():  # a rule others need: the page comes again with them, at that rule
        page.select_option("#opt_ace_takes_all", "true")
    expect(on_ace).to_be_visible()
    expect(page.locator("#opt_ace_takes_all")).to_have_value("true")
    expect(page.locator("[data-option=ace_empty_table]")).to_be_visible()
    page.select_option("#opt_ace_on_ace", "may_sweep")
    expect(page.locator("#rules-summary")).to_contain_text("2 house rules")
    # Turning ace takes all off again takes its rules away, so the game starts without them.
    with page.expect_navigation():
        page.select_option("#opt_ace_takes_all", "false")
    expect(on_ace).to_have_count(0)
    # Under Scopa d'assi the ace takes all and the napola scores: their rules are there, and the target is 31.
    with page.expect_navigation():
        page.select_option("#profile", "asso-piglia-tutto")
    expect(on_ace).to_be_visible()
    expect(page.locator("[data-option=napola_points]")).to_be_visible()
    expect(page.locator("#target")).to_have_value("31")
    # Never scoring a scopa with an ace takes away "the ace's sweep is a scopa", which would say the opposite.
    expect(page.locator("[data-option=ace_sweep_scopa]")).to_be_visible()
    with page.expect_navigation():
        page.select_option("#opt_ace_never_scopa", "true")
    expect(page.locator("[data-option=ace_sweep_scopa]")).to_have_count(0)
    snap(page, "new-game-ace-rules")
    page.fill("#players-0", "Anna")
    page.fill("#players-1", "Bruno")
    page.click("button.primary.big")
    expect(page.locator("h1")).to_contain_text("Anna")
    game_id = page.url.rsplit("/", 1)[1].split("#")[0].split("?")[0]
    rules = page.request.get(f"{live_server}/api/v1/games/{game_id}").json()["rules"]
    assert (
        rules["ace_never_scopa"] is True
        and rules["ace_on_ace"] == "take_ace"
        and rules["profile"] == "asso-piglia-tutto"
    )


def test_a_side_calls_itself_out_and_the_hand_is_counted_at_once(page, live_server):
    body = {"name": "Friday", "sides": [{"name": "Anna"}, {"name": "Bruno"}], "rules": {"call_out": True, "target": 2}}
    game = page.request.post(f"{live_server}/api/v1/games", data=body).json()
    page.goto(game["keeper_url"])
    page.click("text=Anna calls out")
    expect(page.locator(".called-out")).to_contain_text("Anna calls out: enter the hand as it stands now")
    snap(page, "call-out-form")
    for row, choice in (("cards", "Anna"), ("coins", "Anna"), ("settebello", "Nobody yet"), ("primiera", "Tie")):
        page.locator(f"#row-won_{row} label", has_text=choice).click()
    page.click("#save-won")
    expect(page.locator("#result")).to_contain_text("Anna wins 2-0 by calling out in hand 1")
    snap(page, "call-out-won")


def test_the_checker_offers_the_aces_rules_with_ace_takes_all_and_judges_an_ace_on_an_ace(page, live_server):
    page.goto(live_server + "/check?table=1c,5s&hand=1d")
    page.click(".house-rules > summary")
    on_ace = page.locator(".house-rules [data-option=ace_on_ace]")
    expect(on_ace).to_be_hidden()
    page.select_option("select[name=ace_takes_all]", "true")
    expect(on_ace).to_be_visible()
    page.select_option("select[name=ace_on_ace]", "may_sweep")
    page.click("button.primary.big")
    plays = page.locator("#plays")
    expect(plays).to_contain_text("may take the whole table instead of the ace on it")
    assert "ace_on_ace=may_sweep" in page.url and "ace_takes_all=true" in page.url
    snap(page, "checker-ace-on-ace")


def test_the_checker_asks_whether_an_ace_leads_the_hand_only_when_the_rule_is_played(page, live_server):
    page.goto(live_server + "/check?table=3s,4b&hand=1d,5c")
    expect(page.locator("#checker-form input[name=lead]")).to_have_count(0)
    page.goto(live_server + "/check?table=3s,4b&hand=1d,5c&no_ace_first_lead=true&lead=1")
    expect(page.locator("#checker-form input[name=lead]")).to_be_checked()
    expect(page.locator("#plays")).to_contain_text("may not lead the hand")
    expect(page.locator("#plays .tag", has_text="May not lead")).to_be_visible()
