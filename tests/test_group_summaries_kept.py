"""A game's summary for its group is written with each change to the game, so a group's first read re-scores none."""

import pytest

from scorekeeper.services import games, groups
from tests.conftest import counts, new_game, record_hand

WIN = [{"won": ["cards", "coins", "settebello", "primiera"], "scopas": 3}, {"won": [], "scopas": 0}]


@pytest.fixture
def scoring_counted(monkeypatch):
    """Every game a group's read sums up or scores afresh, counted (the work a kept summary saves)."""
    calls = []
    summarise, score_stored = groups.summarise, games._score_stored
    monkeypatch.setattr(groups, "summarise", lambda *a, **k: calls.append("summarise") or summarise(*a, **k))
    monkeypatch.setattr(games, "_score_stored", lambda *a, **k: calls.append("score") or score_stored(*a, **k))
    return calls


def test_after_many_changes_the_first_group_read_scores_no_game(client, group, scoring_counted):
    played = [new_game(client, "Anna", "Bruno", group=group) for _ in range(3)]
    for n, game in enumerate(played):
        for i in range(2):
            record_hand(client, game, counts(submission_id=f"sub-{n:03d}-{i:04d}"))
        # A correction, a deletion, another hand and a scopa marked: each moves the game's version on.
        r = client.put(f"/api/v1/games/{game.id}/rounds/1", json=counts(scopas=(1, 0)), headers=game.keeper)
        assert r.status_code == 200
        assert client.delete(f"/api/v1/games/{game.id}/rounds/2", headers=game.keeper).status_code == 204
        record_hand(client, game, counts(submission_id=f"sub-{n:03d}-again"))
        r = client.post(
            f"/api/v1/games/{game.id}/scopas",
            json={"side": 1, "change": 1, "submission_id": f"sub-scopa-{n:04d}"},
            headers=game.keeper,
        )
        assert r.status_code == 200, r.get_json()
    scoring_counted.clear()
    stats = client.get(f"/api/v1/groups/{group.id}/stats").get_json()
    assert scoring_counted == []
    assert stats["finished_games"] == 0  # the statistics count finished games; the list shows every game
    listed = client.get(f"/api/v1/groups/{group.id}").get_json()["games"]
    assert [g["hands"] for g in listed] == [2, 2, 2] and [g["sides"][0]["total"] for g in listed] == [9, 9, 9]
    assert client.get(f"/groups/{group.id}").status_code == 200
    assert scoring_counted == []


def test_a_finished_game_is_summed_up_by_the_hand_that_won_it(client, group, scoring_counted):
    game = new_game(client, "Anna", "Bruno", group=group)
    for i in range(2):
        record_hand(client, game, {"submission_id": f"sub-won-{i:04d}", "sides": WIN})
    scoring_counted.clear()
    stats = client.get(f"/api/v1/groups/{group.id}/stats").get_json()
    assert scoring_counted == [] and stats["finished_games"] == 1
    anna = next(p for p in stats["players"] if p["name"] == "Anna")
    assert anna["wins"] == 1 and anna["hands"] == 2 and anna["scopas"] == 6


def test_a_game_on_its_own_keeps_no_summary(client, app):
    game = new_game(client)
    record_hand(client, game)
    with app.app_context():
        from scorekeeper.web.common.context import store

        assert store().db.execute("SELECT COUNT(*) FROM game_summaries").fetchone()[0] == 0
