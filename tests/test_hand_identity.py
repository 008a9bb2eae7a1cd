"""Hands keep their identity (API.md 1.1): no stale change, retry or reused id touches another hand."""

import pytest

from tests.conftest import ANNA_WINS_FOUR, BRUNO_LOSES, counts, start_at_table
from tests.test_games_api import post_round

ONE_EACH = (
    {"cards": 19, "coins": 5, "settebello": True, "primiera_won": False},
    {"cards": 21, "coins": 5, "settebello": False, "primiera_won": False},
)


def rounds(client, game):
    return client.get(f"/api/v1/games/{game['id']}").json["rounds"]


def three_hands(client, game):
    """Three hands that each score differently, so a change to the wrong one shows in the totals."""
    post_round(client, game, counts(submission_id="sub-hand-0001"))
    post_round(client, game, counts(a=BRUNO_LOSES, b=ANNA_WINS_FOUR, scopas=(0, 1), submission_id="sub-hand-0002"))
    post_round(client, game, counts(*ONE_EACH, submission_id="sub-hand-0003"))
    return rounds(client, game)


def test_every_hand_has_a_stable_id_and_a_version_no_other_hand_shares(client, game):
    before = three_hands(client, game)
    assert len({r["id"] for r in before}) == 3 and len({r["version"] for r in before}) == 3
    r = client.delete(f"/api/v1/games/{game['id']}/rounds/1?version={before[0]['version']}", headers=game.keeper)
    assert r.status_code == 204
    after = rounds(client, game)
    assert [r["id"] for r in after] == [before[1]["id"], before[2]["id"]]
    assert [r["number"] for r in after] == [1, 2]
    assert {r["version"] for r in after}.isdisjoint({before[0]["version"]})


def test_a_stale_correction_after_an_earlier_hand_was_deleted_changes_nothing(client, game):
    before = three_hands(client, game)
    # Phone A opened hand 2 for correcting; meanwhile phone B deletes hand 1 and the hands move up.
    client.delete(f"/api/v1/games/{game['id']}/rounds/1?version={before[0]['version']}", headers=game.keeper)
    edit = {**counts(submission_id="sub-edit-0001"), "version": before[1]["version"]}
    r = client.put(f"/api/v1/games/{game['id']}/rounds/2", json=edit, headers=game.keeper)
    assert r.status_code == 409 and r.json["error"] == "stale"
    # The answer shows the hand that is at number 2 now, so the phone can see why.
    assert r.json["current"]["id"] == before[2]["id"]
    assert [x["entry"] for x in rounds(client, game)] == [before[1]["entry"], before[2]["entry"]]


def test_a_retried_correction_answers_the_hand_it_corrected_wherever_that_hand_is_now(client, game):
    before = three_hands(client, game)
    edit = {**counts(*ONE_EACH, submission_id="sub-edit-retry-1"), "version": before[1]["version"]}
    first = client.put(f"/api/v1/games/{game['id']}/rounds/2", json=edit, headers=game.keeper)
    assert first.status_code == 200 and first.json["id"] == before[1]["id"]
    # Hand 1 is deleted on another phone; the corrected hand is now hand 1. The retry (a lost answer) names it.
    client.delete(f"/api/v1/games/{game['id']}/rounds/1?version={before[0]['version']}", headers=game.keeper)
    again = client.put(f"/api/v1/games/{game['id']}/rounds/2", json=edit, headers=game.keeper)
    assert again.status_code == 200 and again.json["id"] == before[1]["id"] and again.json["number"] == 1
    after = rounds(client, game)
    assert [x["id"] for x in after] == [before[1]["id"], before[2]["id"]] and after[0]["entry"] == first.json["entry"]


def test_a_retried_correction_of_a_hand_deleted_since_is_a_404_that_changes_nothing(client, game):
    before = three_hands(client, game)
    edit = {**counts(*ONE_EACH, submission_id="sub-edit-retry-2"), "version": before[0]["version"]}
    assert client.put(f"/api/v1/games/{game['id']}/rounds/1", json=edit, headers=game.keeper).status_code == 200
    client.delete(f"/api/v1/games/{game['id']}/rounds/1?submission_id=sub-del-after-1", headers=game.keeper)
    left = rounds(client, game)
    again = client.put(f"/api/v1/games/{game['id']}/rounds/1", json=edit, headers=game.keeper)
    assert again.status_code == 404 and "deleted since" in again.json["message"]
    assert rounds(client, game) == left


def test_two_phones_deleting_hand_2_remove_one_hand(client, game):
    before = three_hands(client, game)
    url = f"/api/v1/games/{game['id']}/rounds/2?version={before[1]['version']}"
    assert client.delete(url + "&submission_id=sub-del-phone-a", headers=game.keeper).status_code == 204
    r = client.delete(url + "&submission_id=sub-del-phone-b", headers=game.keeper)
    assert r.status_code == 409 and r.json["error"] == "stale"
    assert [x["id"] for x in rounds(client, game)] == [before[0]["id"], before[2]["id"]]


def test_a_retried_delete_answers_204_again_and_removes_nothing_more(client, game):
    before = three_hands(client, game)
    url = f"/api/v1/games/{game['id']}/rounds/1?submission_id=sub-del-retry-1"
    assert client.delete(url, headers=game.keeper).status_code == 204
    assert client.delete(url, headers=game.keeper).status_code == 204
    assert [x["id"] for x in rounds(client, game)] == [before[1]["id"], before[2]["id"]]


@pytest.mark.parametrize("tag", ['"{v}"', 'W/"{v}"', "{v}"])
def test_delete_takes_the_version_from_if_match(client, game, tag):
    before = three_hands(client, game)
    stale = {**game.keeper, "If-Match": tag.format(v=before[0]["version"])}
    r = client.delete(f"/api/v1/games/{game['id']}/rounds/2", headers=stale)
    assert r.status_code == 409 and len(rounds(client, game)) == 3
    right = {**game.keeper, "If-Match": tag.format(v=before[1]["version"])}
    assert client.delete(f"/api/v1/games/{game['id']}/rounds/2", headers=right).status_code == 204


@pytest.mark.parametrize("query", ["version=x", "version=%C2%B2", "version=" + "9" * 5000, "submission_id=short"])
def test_bad_delete_parameters_are_400s_that_change_nothing(client, game, query):
    three_hands(client, game)
    r = client.delete(f"/api/v1/games/{game['id']}/rounds/1?{query}", headers=game.keeper)
    assert r.status_code == 400 and len(rounds(client, game)) == 3


def test_a_submission_id_reused_for_another_action_is_a_409_never_a_500(client, game):
    headers = game.keeper
    scopa = {"submission_id": "sub-shared-001", "side": 0, "change": 1}
    assert client.post(f"/api/v1/games/{game['id']}/scopas", json=scopa, headers=headers).status_code == 200
    r = post_round(client, game, counts(submission_id="sub-shared-001"))
    assert r.status_code == 409 and r.json["error"] == "reused"
    assert rounds(client, game) == []


def test_a_submission_id_of_an_edit_reused_for_a_new_hand_is_refused_not_silently_dropped(client, game):
    post_round(client, game, counts(submission_id="sub-first-001"))
    edit = counts(a=BRUNO_LOSES, b=ANNA_WINS_FOUR, submission_id="sub-edit-0001")
    assert client.put(f"/api/v1/games/{game['id']}/rounds/1", json=edit, headers=game.keeper).status_code == 200
    r = post_round(client, game, counts(submission_id="sub-edit-0001"))
    assert r.status_code == 409 and r.json["error"] == "reused"
    r = client.delete(f"/api/v1/games/{game['id']}/rounds/1?submission_id=sub-first-001", headers=game.keeper)
    assert r.status_code == 409 and len(rounds(client, game)) == 1


def test_the_same_id_with_another_body_is_a_409_and_with_the_same_body_the_first_answer(client, game):
    first = post_round(client, game, counts(submission_id="sub-same-0001"))
    again = post_round(client, game, counts(submission_id="sub-same-0001"))
    assert first.status_code == 201 and again.status_code == 200 and again.json["id"] == first.json["id"]
    other = post_round(client, game, counts(a=BRUNO_LOSES, b=ANNA_WINS_FOUR, submission_id="sub-same-0001"))
    assert other.status_code == 409 and other.json["error"] == "reused" and len(rounds(client, game)) == 1


def test_scopas_marked_during_a_hand_are_pending_and_a_repeat_counts_once(client, game):
    url = f"/api/v1/games/{game['id']}/scopas"
    for sid, side in (("sub-sc-0001", 0), ("sub-sc-0002", 1), ("sub-sc-0002", 1), ("sub-sc-0003", 1)):
        r = client.post(url, json={"submission_id": sid, "side": side, "change": 1}, headers=game.keeper)
        assert r.status_code == 200
    assert r.json["pending_scopas"] == [1, 2]
    r = client.post(url, json={"submission_id": "sub-sc-0004", "side": 1, "change": -1}, headers=game.keeper)
    assert r.json["pending_scopas"] == [1, 1]


@pytest.mark.parametrize(
    "body, field",
    [
        ({"side": 2, "change": 1}, "side"),
        ({"side": "0", "change": 1}, "side"),
        ({"side": 0, "change": 2}, "change"),
        ({"side": None, "change": 1}, "side"),
    ],
)
def test_a_bad_scopa_is_a_400_naming_the_field(client, game, body, field):
    r = client.post(
        f"/api/v1/games/{game['id']}/scopas", json={"submission_id": "sub-bad-0001", **body}, headers=game.keeper
    )
    assert r.status_code == 400 and r.json["field"] == field


def test_scopas_need_the_keeper_key(client, game):
    r = client.post(f"/api/v1/games/{game['id']}/scopas", json={"submission_id": "sub-sc-0001", "side": 0})
    assert r.status_code == 403


def test_a_scopa_marked_on_another_phone_while_the_form_is_open_stays_pending(client, game):
    url = f"/api/v1/games/{game['id']}/scopas"
    client.post(url, json={"submission_id": "sub-sc-0001", "side": 0, "change": 1}, headers=game.keeper)
    # The hand form opens showing Anna's scopa; then another phone marks one for Bruno.
    shown = client.get(f"/api/v1/games/{game['id']}").json["pending_scopas"]
    client.post(url, json={"submission_id": "sub-sc-0002", "side": 1, "change": 1}, headers=game.keeper)
    body = {**counts(scopas=(1, 0), submission_id="sub-hand-0001"), "scopas_shown": shown}
    assert post_round(client, game, body).status_code == 201
    assert client.get(f"/api/v1/games/{game['id']}").json["pending_scopas"] == [0, 1]


def test_a_hand_without_scopas_shown_takes_its_own_scopas_from_the_pending_ones(client, game):
    url = f"/api/v1/games/{game['id']}/scopas"
    for i, side in enumerate((0, 1)):
        client.post(url, json={"submission_id": f"sub-sc-000{i}", "side": side, "change": 1}, headers=game.keeper)
    post_round(client, game, counts(scopas=(1, 0), submission_id="sub-hand-0001"))
    assert client.get(f"/api/v1/games/{game['id']}").json["pending_scopas"] == [0, 1]


def test_a_phone_keeping_many_games_lets_finished_ones_go_first_and_says_so_for_a_live_one(client):
    from scorekeeper.web.common.keepers import KEPT_MAX

    first = start_at_table(client, name="First")
    won = start_at_table(client, name="Won")
    key = client.get(f"/api/v1/games/{won}").json  # the keeper key is in this phone's cookie, not the answer
    assert "keeper_key" not in key
    for i in range(3):  # Anna wins the game "Won": 4 points a hand
        client.post(
            f"/g/{won}/counts",
            data={
                "action": "save",
                "submission_id": f"sub-won-{i:04d}",
                "sides-0-cards": "22",
                "sides-0-coins": "6",
                "sides-1-cards": "18",
                "sides-1-coins": "4",
                "settebello": "0",
                "sides-0-primiera": "78",
                "sides-1-primiera": "75",
            },
        )
    assert client.get(f"/api/v1/games/{won}").json["finished"] is True
    for i in range(KEPT_MAX - 2):
        start_at_table(client, name=f"Game {i}")
    home = client.get("/").get_data(as_text=True)
    assert "First" in home and ">Won<" in home
    # One more: the finished game is let go, the first (live) game is still kept.
    page = client.get(f"/g/{start_at_table(client, name='One more')}").get_data(as_text=True)
    home = client.get("/").get_data(as_text=True)
    assert "First" in home and ">Won<" not in home and "no longer keeps" not in page
    # And one more again: now every kept game is live, so the oldest goes, with a message and its keeper link.
    r = client.post(
        "/new",
        data={
            "players-0": "Anna",
            "players-1": "Bruno",
            "name": "Last",
            "layout": "teams",
            "profile": "classic",
            "deck_style": "italian",
        },
        follow_redirects=True,
    )
    page = r.get_data(as_text=True)
    assert "no longer keeps “First”" in page and f"/g/{first}/keep/" in page
    assert "First" not in client.get("/").get_data(as_text=True).replace("no longer keeps", "")
    cookie = client.get_cookie("session")
    assert cookie is not None and len(cookie.value) < 4000


def test_a_game_read_again_at_the_same_version_answers_304(client, game):
    first = client.get(f"/api/v1/games/{game['id']}")
    assert first.headers["ETag"] == f'"{first.json["version"]}"'
    again = client.get(f"/api/v1/games/{game['id']}", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""
    post_round(client, game, counts())
    changed = client.get(f"/api/v1/games/{game['id']}", headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and len(changed.json["rounds"]) == 1
