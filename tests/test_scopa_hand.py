"""A scopa belongs to the hand it was made in: the scopa buttons and the API's scopas carry the hand being played,
and a scopa for a hand that another phone saved meanwhile is refused (409 stale), never counted for the next."""

import re

from tests.conftest import counts, record_hand


def game_now(client, game):
    return client.get(f"/api/v1/games/{game.id}").get_json()


def scopa_forms_hand(page):
    """The hand each scopa button of the scoreboard sends."""
    forms = re.findall(r'<form method="post" action="/g/[\w-]+/scopa".*?</form>', page, re.S)
    assert forms
    return {re.search(r'name="hand" value="(\d+)"', f).group(1) for f in forms}


def test_a_scopa_for_the_hand_being_played_counts_for_that_hand(client, game):
    url = f"/api/v1/games/{game.id}/scopas"
    r = client.post(url, json={"submission_id": "sub-sc-hand-01", "side": 0, "hand": 1}, headers=game.keeper)
    assert r.status_code == 200 and r.get_json()["pending_scopas"] == [1, 0]
    record_hand(client, game, counts(scopas=(1, 0), submission_id="sub-hand-000001"), scopas_shown=[1, 0])
    assert game_now(client, game)["rounds"][0]["sides"][0]["scopas"] == 1
    r = client.post(url, json={"submission_id": "sub-sc-hand-02", "side": 1, "hand": 2}, headers=game.keeper)
    assert r.status_code == 200 and r.get_json()["pending_scopas"] == [0, 1]
    # A client that sends no hand keeps the behaviour it had: the scopa goes to the hand in progress.
    r = client.post(url, json={"submission_id": "sub-sc-hand-03", "side": 1}, headers=game.keeper)
    assert r.status_code == 200 and r.get_json()["pending_scopas"] == [0, 2]


def test_a_scopa_for_a_hand_saved_meanwhile_by_another_client_is_refused_by_the_api(client, game):
    record_hand(client, game, submission_id="sub-hand-000001")  # another client saves hand 1
    before = game_now(client, game)
    url = f"/api/v1/games/{game.id}/scopas"
    r = client.post(url, json={"submission_id": "sub-sc-late-01", "side": 0, "hand": 1}, headers=game.keeper)
    body = r.get_json()
    assert r.status_code == 409 and body["error"] == "stale"
    assert "this scopa was for hand 1, but the hand being played is now hand 2" in body["message"]
    assert "nothing was changed" in body["message"]
    assert game_now(client, game) == before
    # Undoing one is checked the same way.
    r = client.post(
        url, json={"submission_id": "sub-sc-late-02", "side": 0, "change": -1, "hand": 1}, headers=game.keeper
    )
    assert r.status_code == 409 and game_now(client, game) == before
    # A hand that is not a hand number is bad input, named.
    for bad in (0, "1", 1.0, True):
        r = client.post(url, json={"submission_id": "sub-sc-bad-01", "side": 0, "hand": bad}, headers=game.keeper)
        assert r.status_code == 400 and r.get_json()["field"] == "hand", bad
    assert game_now(client, game) == before


def test_the_scopa_buttons_send_the_hand_being_played(client, game):
    client.get(game.keeper_path)  # this phone keeps the game
    assert scopa_forms_hand(client.get(f"/g/{game.id}").get_data(as_text=True)) == {"1"}
    record_hand(client, game, submission_id="sub-hand-000001")
    assert scopa_forms_hand(client.get(f"/g/{game.id}").get_data(as_text=True)) == {"2"}


def test_a_scopa_tapped_for_hand_1_after_another_phone_saved_hand_1_is_refused_by_the_page(client, game):
    client.get(game.keeper_path)
    page = client.get(f"/g/{game.id}").get_data(as_text=True)
    (hand,) = scopa_forms_hand(page)
    record_hand(client, game, submission_id="sub-hand-000001")  # another phone saves hand 1 meanwhile
    before = game_now(client, game)
    tap = {"side": "0", "change": "1", "hand": hand, "submission_id": "sub-sc-page-01"}
    r = client.post(f"/g/{game.id}/scopa", data=tap)
    text = r.get_data(as_text=True)
    assert r.status_code == 409
    assert "This scopa was for hand 1, but the hand being played is now hand 2" in text
    assert scopa_forms_hand(text) == {"2"}  # the page that comes back counts scopas for hand 2
    assert game_now(client, game) == before
    # By script (the scoreboard's buttons): a 409 too, with the scopas as they are.
    r = client.post(
        f"/g/{game.id}/scopa", data={**tap, "submission_id": "sub-sc-page-02"}, headers={"Accept": "application/json"}
    )
    assert r.status_code == 409 and r.get_json()["pending_scopas"] == [0, 0]
    assert game_now(client, game) == before
    # The same tap for hand 2 counts.
    r = client.post(f"/g/{game.id}/scopa", data={**tap, "hand": "2", "submission_id": "sub-sc-page-03"})
    assert r.status_code == 303 and game_now(client, game)["pending_scopas"] == [1, 0]
    # A refused scopa's address opened later (the offline list's link) shows the scoreboard.
    r = client.get(f"/g/{game.id}/scopa")
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/g/{game.id}")


def test_a_scopa_with_a_hand_that_is_not_a_number_is_refused_by_the_page_and_changes_nothing(client, game):
    client.get(game.keeper_path)
    for bad in ("0", "x", "1.5"):
        tap = {"side": "0", "change": "1", "hand": bad, "submission_id": "sub-sc-page-bad"}
        client.post(f"/g/{game.id}/scopa", data=tap)
        assert game_now(client, game)["pending_scopas"] == [0, 0], bad
    page = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert "Hand must be the number of the hand being played" in page
