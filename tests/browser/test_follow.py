"""The pages that hold an entry for a game (a hand's form, a delete to confirm, the comparison of two entries)
follow the game at 390x844: once another phone changes it, the page says so without being asked, and what was
entered on it stays where it was."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.test_same_hand import both_enter, keepers  # noqa: F401  (the fixture of two keepers' phones)

SHOTS = Path("/tmp/shots/follow")
SEEN = 5_000  # ms the test waits for the notice: a stream says it within a second, the poll within its period
WORDS = {
    "en-GB": "The game changed on another phone while this page was open",
    "it-IT": "La partita è cambiata su un altro telefono mentre questa pagina era aperta",
    "es-ES": "La partida cambió en otro teléfono mientras esta página estaba abierta",
}


def save_hand(page, live_server, game, submission_id):
    """Another phone saves a hand (through the API, with the keeper key)."""
    body = {"submission_id": submission_id, "sides": [{"won": ["cards", "coins"]}, {"won": ["settebello"]}]}
    url = f"{live_server}/api/v1/games/{game['id']}/rounds"
    assert page.request.post(url, data=body, headers={"X-Keeper-Key": game["keeper_key"]}).ok


def snap(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("locale", list(WORDS))
def test_a_counts_form_says_the_game_changed_on_another_phone_and_keeps_what_was_typed(keepers, live_server, locale):  # noqa: F811
    game, (phone, other) = keepers(locale)
    phone.goto(f"{live_server}/g/{game['id']}/counts")
    phone.fill("input[name=sides-0-cards]", "23")
    phone.fill("input[name=sides-0-coins]", "6")
    notice = phone.locator("#changed-elsewhere")
    expect(notice).to_be_hidden()
    phone.wait_for_timeout(500)  # the page has its stream open
    save_hand(other, live_server, game, f"other-phone-{locale}")
    expect(notice).to_be_visible(timeout=SEEN)
    expect(notice).to_contain_text(WORDS[locale])
    # Nothing typed was lost: the page was not reloaded.
    assert phone.input_value("input[name=sides-0-cards]") == "23"
    assert phone.input_value("input[name=sides-0-coins]") == "6"
    snap(phone, f"counts-changed-{locale}")


def test_with_streams_blocked_a_hand_form_hears_the_change_from_the_poll(keepers, live_server):  # noqa: F811
    game, (phone, other) = keepers()
    phone.context.route("**/live", lambda route: route.abort("connectionreset"))
    phone.goto(f"{live_server}/g/{game['id']}/hand")
    polls = []
    phone.on("response", lambda r: polls.append(r.status) if r.url.endswith("/version") else None)
    notice = phone.locator("#changed-elsewhere")
    save_hand(other, live_server, game, "other-phone-1")
    # The page gives up on the stream within 5 s and polls every 1.5 s.
    expect(notice).to_be_visible(timeout=SEEN + 5_000)
    assert 200 in polls
    # Once said, the poll asks with the newest version: nothing more changed, so 304s with no body.
    count = len(polls)
    phone.wait_for_timeout(3_500)
    assert polls[count:] and set(polls[count:]) == {304}, polls


def test_the_delete_page_says_the_game_changed_and_a_stale_delete_changes_nothing(keepers, live_server):  # noqa: F811
    game, (phone, other) = keepers()
    save_hand(other, live_server, game, "first-hand")
    phone.goto(f"{live_server}/g/{game['id']}/hands/1/delete")
    notice = phone.locator("#changed-elsewhere")
    expect(notice).to_be_hidden()
    # The other phone corrects hand 1: this page shows the hand as it was, and says so.
    hand = other.request.get(f"{live_server}/api/v1/games/{game['id']}").json()["rounds"][0]
    fix = {"version": hand["version"], "sides": [{"won": ["cards"]}, {"won": ["coins", "settebello"]}]}
    url = f"{live_server}/api/v1/games/{game['id']}/rounds/1"
    assert other.request.put(url, data=fix, headers={"X-Keeper-Key": game["keeper_key"]}).ok
    expect(notice).to_be_visible(timeout=SEEN)
    expect(notice).to_contain_text("deleting checks that hand 1 is still the one shown above")
    phone.get_by_role("button", name="Delete hand 1").click()
    expect(phone.locator("#form-error")).to_be_visible()
    assert len(other.request.get(f"{live_server}/api/v1/games/{game['id']}").json()["rounds"]) == 1


def test_the_comparison_of_two_entries_says_the_game_changed_and_compares_again(keepers, live_server):  # noqa: F811
    game, (first, second) = keepers()
    both_enter(first, second, 1)  # the second phone lands on the comparison of hand 1
    notice = second.locator("#changed-elsewhere")
    expect(notice).to_be_hidden()
    second.wait_for_timeout(500)
    # The first phone corrects hand 1 while the second still reads the comparison.
    hand = first.request.get(f"{live_server}/api/v1/games/{game['id']}").json()["rounds"][0]
    fix = {"version": hand["version"], "sides": [{"won": ["cards", "coins", "primiera"]}, {"won": ["settebello"]}]}
    url = f"{live_server}/api/v1/games/{game['id']}/rounds/1"
    assert first.request.put(url, data=fix, headers={"X-Keeper-Key": game["keeper_key"]}).ok
    expect(notice).to_be_visible(timeout=SEEN)
    snap(second, "comparison-changed-en-GB")
    # Compared again: the saved hand as it is now (the coins Anna's), beside this phone's entry, still unsaved.
    notice.get_by_role("link", name="Compare again").click()
    second.wait_for_url(re.compile(r"/same-hand\?d="))
    expect(second.locator("h1")).to_contain_text("Hand 1 was entered on two phones")
    expect(second.locator("#changed-elsewhere")).to_be_hidden()
    coins_row = second.locator("#clash-table tr", has_text="Coins")
    expect(coins_row.locator("td").first).to_contain_text("Anna won")
