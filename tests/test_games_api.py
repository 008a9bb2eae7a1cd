"""The games API of API.md: create, read, record, replace and delete hands, with keeper keys."""

import pytest

from scorekeeper.rules import DECK
from tests.conftest import ANNA_WINS_FOUR, BRUNO_LOSES, counts, new_game


def post_round(client, game, body, key=None):
    key = game["keeper_key"] if key is None else key
    return client.post(f"/api/v1/games/{game['id']}/rounds", json=body, headers={"X-Keeper-Key": key})


def test_create_answers_ids_links_and_the_target(client, game):
    assert len(game["id"]) >= 16 and len(game["keeper_key"]) >= 20
    assert game["url"].endswith(f"/g/{game['id']}")
    assert game["keeper_url"].endswith(f"/g/{game['id']}/keep/{game['keeper_key']}")
    assert game["target"] == 11 and game["rules"]["profile"] == "classic"
    assert game["sides"] == [
        {"name": "Anna", "players": ["Anna"], "total": 0},
        {"name": "Bruno", "players": ["Bruno"], "total": 0},
    ]
    assert game["winner"] is None and game["finished"] is False and game["rounds"] == []
    other = client.post("/api/v1/games", json={"sides": [{"name": "A"}, {"name": "B"}]}).json
    assert other["id"] != game["id"] and other["keeper_key"] != game["keeper_key"]


def test_the_target_follows_the_profile_and_player_count(client):
    sides = [{"name": n} for n in ("Anna", "Bruno", "Carla")]
    r = client.post("/api/v1/games", json={"sides": sides, "rules": {"profile": "boxed"}})
    assert r.json["target"] == 8
    teams = [{"name": "Blu", "players": ["Anna", "Carla"]}, {"name": "Rossi", "players": ["Bruno", "Dario"]}]
    r = client.post("/api/v1/games", json={"sides": teams, "rules": {"profile": "boxed"}})
    assert r.json["target"] == 15 and r.json["rules"]["deal"] == "9+4"
    # The boxed leaflet plays to the left (RULES.md 1.1): the dealer's left, the last seat, leads.
    assert r.json["dealer"] == "Anna" and r.json["leader"] == "Dario" and r.json["rules"]["direction"] == "left"
    r = client.post("/api/v1/games", json={"sides": teams, "rules": {"profile": "boxed", "target": 21}})
    assert r.json["target"] == 21


@pytest.mark.parametrize(
    "body, field",
    [
        ({"sides": [{"name": "Anna"}]}, "sides"),
        ({"sides": [{"name": "Anna"}, {"name": "anna"}]}, "sides"),
        ({"sides": [{"name": "Blu", "players": ["a", "b"]}, {"name": "blu", "players": ["c", "d"]}]}, "sides[1].name"),
        ({"sides": [{"name": "Anna"}, {}]}, "sides[1].name"),
        ({"sides": [{"name": "A", "players": ["a", "b"]}, {"name": "B"}]}, "sides"),
        ({"sides": [{"name": "A"}, {"name": "B"}], "rules": {"profile": "scopone"}}, "rules.profile"),
        ({"sides": [{"name": "A"}, {"name": "B"}], "deck_style": "tarot"}, "deck_style"),
        ({"sides": [{"name": "A"}, {"name": "B"}], "name": 7}, "name"),
    ],
)
def test_create_rejects_what_the_rules_do_not_allow(client, body, field):
    r = client.post("/api/v1/games", json=body)
    assert r.status_code == 400 and r.json["field"] == field and r.json["message"]


def test_record_a_round_and_read_the_game(client, game):
    r = post_round(client, game, counts(scopas=(1, 0)))
    assert r.status_code == 201
    assert r.json["number"] == 1 and r.json["totals"] == [5, 0]
    assert r.json["sides"][0]["points"] == {"cards": 1, "coins": 1, "settebello": 1, "primiera": 1, "scopas": 1}
    assert r.json["winner"] is None and r.json["finished"] is False
    g = client.get(f"/api/v1/games/{game['id']}").json
    assert [s["total"] for s in g["sides"]] == [5, 0]
    assert g["rounds"][0]["number"] == 1 and g["rounds"][0]["totals"] == [5, 0]
    assert g["dealer"] == "Bruno"  # the deal passes after each hand


def test_the_same_submission_id_records_the_hand_once(client, game):
    first = post_round(client, game, counts())
    again = post_round(client, game, counts())
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json["number"] == first.json["number"] == 1
    assert again.json["sides"] == first.json["sides"]
    assert len(client.get(f"/api/v1/games/{game['id']}").json["rounds"]) == 1


def test_changes_need_the_keeper_key(client, game):
    for key in ("", "wrong-key-wrong-key"):
        r = post_round(client, game, counts(), key=key)
        assert r.status_code == 403 and r.json["error"] == "forbidden"
    r = client.post(f"/api/v1/games/{game['id']}/rounds", json=counts())
    assert r.status_code == 403
    assert client.get(f"/api/v1/games/{game['id']}").json["rounds"] == []


def test_unknown_games_and_rounds_are_404(client, game):
    assert client.get("/api/v1/games/nope").status_code == 404
    assert post_round(client, {"id": "nope", "keeper_key": "x"}, counts()).status_code == 404
    headers = {"X-Keeper-Key": game["keeper_key"]}
    assert client.put(f"/api/v1/games/{game['id']}/rounds/1", json=counts(), headers=headers).status_code == 404
    assert client.delete(f"/api/v1/games/{game['id']}/rounds/3", headers=headers).status_code == 404


def test_a_round_after_the_game_is_won_is_a_409(client, game):
    for i in range(3):  # 4 points each: 4, 8, 12
        assert post_round(client, game, counts(submission_id=f"sub-win-{i:04d}")).status_code == 201
    g = client.get(f"/api/v1/games/{game['id']}").json
    assert g["winner"] == 0 and g["finished"] is True and g["status"] == "Anna wins 12-0."
    r = post_round(client, game, counts(submission_id="sub-late-0001"))
    assert r.status_code == 409 and r.json["error"] == "finished"


def test_put_replaces_a_round_and_the_game_reopens(client, game):
    for i in range(3):
        post_round(client, game, counts(submission_id=f"sub-win-{i:04d}"))
    headers = {"X-Keeper-Key": game["keeper_key"]}
    body = counts(a=BRUNO_LOSES, b=ANNA_WINS_FOUR, submission_id="sub-fix-0001")
    r = client.put(f"/api/v1/games/{game['id']}/rounds/3", json=body, headers=headers)
    assert r.status_code == 200 and r.json["totals"] == [8, 4]
    before = client.get(f"/api/v1/games/{game['id']}").json["rounds"][2]["version"]
    # The same submission again answers the same state of the hand; nothing changes twice.
    again = client.put(f"/api/v1/games/{game['id']}/rounds/3", json=body, headers=headers).json
    assert again["version"] == r.json["version"] == before and again["id"] == r.json["id"]
    assert r.json["finished"] is False
    g = client.get(f"/api/v1/games/{game['id']}").json
    assert [s["total"] for s in g["sides"]] == [8, 4] and g["finished"] is False


def test_put_with_an_old_version_is_refused(client, game, recorded_hand):
    seen = recorded_hand["version"]
    headers = {"X-Keeper-Key": game["keeper_key"]}
    url = f"/api/v1/games/{game['id']}/rounds/1"
    first = {**counts(scopas=(1, 0), submission_id="sub-edit-0001"), "version": seen}
    assert client.put(url, json=first, headers=headers).status_code == 200
    late = {**counts(scopas=(2, 0), submission_id="sub-edit-0002"), "version": seen}
    r = client.put(url, json=late, headers=headers)
    assert r.status_code == 409 and r.json["error"] == "stale"
    assert client.get(f"/api/v1/games/{game['id']}").json["rounds"][0]["sides"][0]["scopas"] == 1


def test_delete_removes_a_round_and_later_rounds_move_up(client, game):
    post_round(client, game, counts(submission_id="sub-one-0001"))
    post_round(client, game, counts(a=BRUNO_LOSES, b=ANNA_WINS_FOUR, submission_id="sub-two-0001"))
    headers = {"X-Keeper-Key": game["keeper_key"]}
    r = client.delete(f"/api/v1/games/{game['id']}/rounds/1", headers=headers)
    assert r.status_code == 204 and r.data == b""
    g = client.get(f"/api/v1/games/{game['id']}").json
    assert [r["number"] for r in g["rounds"]] == [1] and [s["total"] for s in g["sides"]] == [0, 4]
    # the deleted hand's submission is not recorded again by a late retry
    r = post_round(client, game, counts(submission_id="sub-one-0001"))
    assert r.status_code == 409 and r.json["error"] == "deleted"


def test_rounds_from_piles(client, game):
    anna = [str(c) for c in DECK[:22]]
    bruno = [str(c) for c in DECK[22:]]
    body = {"submission_id": "sub-piles-01", "sides": [{"pile": anna, "scopas": 2}, {"pile": bruno}]}
    r = post_round(client, game, body)
    assert r.status_code == 201
    assert r.json["sides"][0]["cards"] == 22 and r.json["sides"][0]["scopas"] == 2
    assert r.json["entry"]["sides"][0]["pile"] == anna


@pytest.mark.parametrize(
    "body, status, field",
    [
        ({"sides": [{"tally": ANNA_WINS_FOUR}, {"tally": BRUNO_LOSES}]}, 400, "submission_id"),
        ({"submission_id": "short", "sides": []}, 400, "sides"),
        ({"submission_id": "sub-00000002", "sides": [{"tally": ANNA_WINS_FOUR}]}, 400, "sides"),
        ({"submission_id": "sub-00000002", "sides": [{"pile": ["7d"]}, {"pile": ["7d"]}]}, 400, "sides[1].pile[0]"),
        (
            {
                "submission_id": "sub-00000002",
                "sides": [{"tally": {**ANNA_WINS_FOUR, "cards": 30}}, {"tally": BRUNO_LOSES}],
            },
            400,
            "sides",
        ),
        (
            {"submission_id": "sub-00000002", "sides": [{"pile": ["7d", "1c"], "scopas": 5}, {"pile": []}]},
            400,
            "sides[0].scopas",
        ),
    ],
)
def test_bad_rounds_are_400_and_store_nothing(client, game, body, status, field):
    r = post_round(client, game, body)
    assert r.status_code == status and r.json["field"] == field, r.json
    assert client.get(f"/api/v1/games/{game['id']}").json["rounds"] == []


def test_a_hand_sent_with_its_number_is_refused_when_another_client_saved_that_hand(client, game):
    assert post_round(client, game, counts() | {"number": 1}).status_code == 201
    late = post_round(client, game, counts(submission_id="sub-00000002") | {"number": 1})
    assert late.status_code == 409 and late.json["error"] == "stale"
    assert "hand 1 was already saved" in late.json["message"] and late.json["current"]["number"] == 1
    assert len(client.get(f"/api/v1/games/{game['id']}").json["rounds"]) == 1
    assert post_round(client, game, counts(submission_id="sub-00000002") | {"number": 2}).status_code == 201
    bad = post_round(client, game, counts(submission_id="sub-00000003") | {"number": "3"})
    assert bad.status_code == 400 and bad.json["field"] == "number"


def test_a_refused_hand_answers_the_saved_hand_as_the_game_shows_it(client):
    """A client refused because another phone saved the hand first gets that hand in the shape (and the card
    names of the game's deck style) it reads the game's hands in, so it can show the two side by side."""
    game = new_game(client, deck_style="french")
    url = f"/api/v1/games/{game['id']}/rounds"
    piles = {"submission_id": "sub-00000001", "sides": [{"pile": ["7d", "1c"]}, {"pile": []}], "number": 1}
    assert post_round(client, game, piles).status_code == 201
    late = post_round(client, game, counts(submission_id="sub-00000002") | {"number": 1})
    saved = client.get(f"/api/v1/games/{game['id']}").json["rounds"][0]
    assert late.status_code == 409 and late.json["current"] == saved
    assert "Ace of Diamonds" in " ".join(late.json["current"]["warnings"])
    headers = {"X-Keeper-Key": game["keeper_key"]}
    edit = counts(submission_id="sub-00000003") | {"version": saved["version"]}
    assert client.put(f"{url}/1", json=edit, headers=headers).status_code == 200
    stale = client.put(
        f"{url}/1", json=counts(submission_id="sub-00000004") | {"version": saved["version"]}, headers=headers
    )
    assert (
        stale.status_code == 409
        and stale.json["current"] == client.get(f"/api/v1/games/{game['id']}").json["rounds"][0]
    )
