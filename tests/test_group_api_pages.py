"""``GET /api/v1/groups/<id>``: a bounded page of the group's games, newest first, with a link to the older ones."""

import pytest

from scorekeeper.services import groups
from tests.conftest import new_game, new_group, record_hand


@pytest.fixture
def small_pages(monkeypatch):
    monkeypatch.setattr(groups, "API_GROUP_GAMES", 3)


def local(url: str) -> str:
    return url.split("localhost", 1)[1]


def test_the_group_lists_its_newest_games_and_links_to_the_rest(client, group, small_pages):
    made = [new_game(client, "Anna", "Bruno", name=f"Game {i}", group=group) for i in range(7)]
    first = client.get(f"/api/v1/groups/{group.id}")
    body = first.get_json()
    assert [g["name"] for g in body["games"]] == ["Game 6", "Game 5", "Game 4"]
    assert body["more"] is True and body["games_total"] == 7
    assert first.headers["Link"] == f'<{body["next"]}>; rel="next"'
    # Everything the group answered before is still there.
    assert {"id", "name", "created", "url", "players"} <= set(body)
    assert {p["name"] for p in body["players"]} == {"Anna", "Bruno"}
    seen = [g["id"] for g in body["games"]]
    while body["next"]:
        body = client.get(local(body["next"])).get_json()
        seen += [g["id"] for g in body["games"]]
    assert seen == [g.id for g in reversed(made)]
    assert body["more"] is False and body["next"] is None


def test_a_small_group_fits_in_one_page(client, group):
    game = new_game(client, group=group)
    record_hand(client, game)
    r = client.get(f"/api/v1/groups/{group.id}")
    body = r.get_json()
    assert [g["id"] for g in body["games"]] == [game.id]
    assert body["games"][0]["hands"] == 1 and body["more"] is False and body["next"] is None
    assert "Link" not in r.headers


def test_the_page_is_bounded_by_the_services_limit(client, group):
    for i in range(groups.API_GROUP_GAMES + 2):
        new_game(client, name=f"G{i}", group=group)
    body = client.get(f"/api/v1/groups/{group.id}").get_json()
    assert len(body["games"]) == groups.API_GROUP_GAMES and body["more"] is True


@pytest.mark.parametrize("after", ["nope", "x" * 5000, ""])
def test_after_that_is_no_game_of_the_group_is_refused_clearly(client, group, after):
    new_game(client, group=group)
    r = client.get(f"/api/v1/groups/{group.id}", query_string={"after": after})
    assert r.status_code == 400
    assert r.get_json()["field"] == "after" and "game of this group" in r.get_json()["message"]


def test_after_a_game_of_another_group_is_refused(client, group, small_pages):
    other = new_group(client, "Altro")
    elsewhere = new_game(client, group=other)
    r = client.get(f"/api/v1/groups/{group.id}?after={elsewhere.id}")
    assert r.status_code == 400 and r.get_json()["field"] == "after"
