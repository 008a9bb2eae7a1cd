"""The home page on a phone."""

from tests.browser.conftest import page_width


def test_home_page_names_the_app_and_its_rule_profiles(page, live_server, shot):
    page.goto(live_server + "/")
    assert page.title() == "Scopa Scorekeeper"
    assert page.locator("h1").inner_text() == "Keep score of a real game of Scopa"
    assert page.get_by_role("link", name="New game").is_visible()
    page.get_by_text("Rule profiles").click()
    assert page.get_by_text("Asso piglia tutto").is_visible()
    # Nothing is wider than the phone: no sideways scrolling.
    assert page_width(page) <= 390
    shot("home")
