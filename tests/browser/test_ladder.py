"""A group's ladder and a player's rating at phone size (390 x 844), in Chromium, in English, Italian and Spanish:
the player who won every game heads it, nothing is wider than the phone, and the player's page draws their rating
over time. Screenshots in /tmp/shots/ladder."""

from pathlib import Path

from playwright.sync_api import expect

from tests.browser.conftest import page_width

SHOTS = Path("/tmp/shots/ladder")
SWEEP = {"won": ["cards", "coins", "settebello", "primiera"], "scopas": 7}
# (sides, the winning side): Zoe wins every game she plays, some of them with a partner.
GAMES = [
    (["Zoe", "Bruno"], 0),
    (["Carla", "Zoe"], 1),
    (["Bruno", "Carla"], 0),
    (["Massimiliano Bartolomei", "Bruno"], 1),
    ([["Zoe", "Carla"], ["Bruno", "Massimiliano Bartolomei"]], 0),
    (["Dario", "Zoe"], 1),
    (["Carla", "Dario"], 1),
]


def test_the_ladder_and_a_players_rating_at_phone_size_in_three_languages(page, live_server):
    group = page.request.post(f"{live_server}/api/v1/groups", data={"name": "Venerdì da Nonna"}).json()
    for n, (sides, winner) in enumerate(GAMES):
        rows = [{"name": s} if isinstance(s, str) else {"name": " & ".join(s), "players": s} for s in sides]
        game = page.request.post(
            f"{live_server}/api/v1/games",
            data={"sides": rows, "group": group["id"], "rules": {"target": 11}},
            headers={"X-Group-Key": group["group_key"]},
        ).json()
        hand = [{"won": []}, {"won": []}]
        hand[winner] = SWEEP
        sent = page.request.post(
            f"{live_server}/api/v1/games/{game['id']}/rounds",
            data={"submission_id": f"ladder-{n:04d}", "sides": hand},
            headers={"X-Keeper-Key": game["keeper_key"]},
        )
        assert sent.status == 201, sent.text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    for language, ladder_title, rating_title in (
        ("en", "Ladder of", "Rating over time"),
        ("it", "Classifica di", "La valutazione nel tempo"),
        ("es", "Clasificación de", "La valoración a lo largo del tiempo"),
    ):
        page.set_extra_http_headers({"Accept-Language": language})
        page.goto(f"{live_server}/groups/{group['id']}")
        page.locator(f"a[href='/groups/{group['id']}/ladder']").click()
        expect(page.locator("h1")).to_contain_text(ladder_title)
        first = page.locator("table.ladder tbody tr").first
        expect(first.locator("td").first).to_have_text("1")
        expect(first.locator("th a")).to_have_text("Zoe")
        expect(page.locator("table.ladder tbody tr")).to_have_count(5)
        page.screenshot(path=str(SHOTS / f"ladder-{language}.png"), full_page=True)
        assert page_width(page) <= 390
        first.locator("th a").click()
        expect(page.locator("h2", has_text=rating_title)).to_be_visible()
        expect(page.locator("svg[aria-labelledby^='rating-'] polyline")).to_be_visible()
        assert page_width(page) <= 390
        page.screenshot(path=str(SHOTS / f"player-{language}.png"), full_page=True)
