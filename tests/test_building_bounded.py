"""An event is no way round the budget for new games: each game a pairing starts counts against the create budget
(RATELIMIT_CREATE) of the address asking for the pairing, as a game started on its own would. A pairing that would
go over is refused whole with a 429 and ``Retry-After``, nothing paired nor stored."""

from __future__ import annotations

import sqlite3
from contextlib import closing

from tests.conftest import make_app, new_event, new_game

PLAYERS = [f"Player {n}" for n in range(1, 13)]  # 12 entrants: six tables a round
TABLES = 6
ORGANISER = "198.51.100.30"  # pairs the rounds
DESK = "203.0.113.40"  # made the event


def stored(app, table: str) -> int:
    with closing(sqlite3.connect(app.config["DATABASE"])) as conn:
        return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]  # noqa: S608 - the tests' own names


def rounds_of(client, event) -> list[dict]:
    return client.get(f"/api/v1/events/{event.id}").get_json()["played_rounds"]


def test_each_game_a_pairing_starts_counts_against_the_create_budget(tmp_path):
    app = make_app(tmp_path, RATELIMIT_CREATE="8 per minute")
    client = app.test_client()
    event = new_event(client, PLAYERS)  # 1 of 8
    r = client.post(f"/api/v1/events/{event.id}/rounds", headers=event.key)  # 6 games: 7 of 8
    assert r.status_code == 201 and len(r.get_json()["tables"]) == TABLES
    assert stored(app, "games") == TABLES
    new_game(client)  # 8 of 8: the count moved by one for the event and one for each table
    refused = client.post("/api/v1/games", json={"sides": [{"name": "Anna"}, {"name": "Bruno"}]})
    assert refused.status_code == 429 and refused.get_json()["error"] == "rate_limited"
    assert stored(app, "games") == TABLES + 1


def test_a_pairing_that_would_go_over_the_budget_is_refused_whole_nothing_stored(tmp_path):
    app = make_app(tmp_path, RATELIMIT_CREATE="6 per minute;100 per hour")
    client = app.test_client()
    event = new_event(client, PLAYERS)  # 1 of 6: six more would go over
    r = client.post(f"/api/v1/events/{event.id}/rounds", headers=event.key)
    assert r.status_code == 429
    body = r.get_json()
    assert body["error"] == "rate_limited" and "at most 6 in 1 minute" in body["message"]
    wait = int(r.headers["Retry-After"])
    assert 1 <= wait <= 60 and body["retry_after"] == wait
    assert stored(app, "games") == 0 and stored(app, "event_tables") == 0
    assert rounds_of(client, event) == []
    # Refused, nothing was counted: what is left of the budget still starts five games.
    for _ in range(5):
        new_game(client)


def test_the_organisers_form_is_refused_the_same_way_in_italian(tmp_path):
    app = make_app(tmp_path, RATELIMIT_CREATE="3 per hour")
    client = app.test_client()
    event = new_event(client, PLAYERS)
    phone = app.test_client()
    assert phone.get("/e/" + event["organiser_url"].split("/e/", 1)[1]).status_code == 302
    r = phone.post(f"/e/{event.id}/pair", data={"round": "1"}, headers={"Accept-Language": "it"})
    assert r.status_code == 429 and 1 <= int(r.headers["Retry-After"]) <= 3600
    assert "Troppe richieste come questa dal tuo indirizzo (al massimo 3 in 1 ora)" in r.get_data(as_text=True)
    assert stored(app, "games") == 0 and rounds_of(client, event) == []


def test_the_games_count_against_whoever_asks_for_the_pairing(tmp_path):
    app = make_app(tmp_path, RATELIMIT_CREATE="10 per minute")
    client = app.test_client()
    r = client.post(
        "/api/v1/events",
        json={"name": "Sunday", "players": PLAYERS, "rules": {"target": 4}},
        environ_base={"REMOTE_ADDR": DESK},
    )
    assert r.status_code == 201
    key = {"X-Organiser-Key": r.get_json()["organiser_key"]}
    event_id = r.get_json()["id"]
    paired = client.post(f"/api/v1/events/{event_id}/rounds", headers=key, environ_base={"REMOTE_ADDR": ORGANISER})
    assert paired.status_code == 201
    # The organiser's address has 4 of 10 left, the desk's 9.
    for _ in range(4):
        asked = client.post(
            "/api/v1/games", json={"sides": [{"name": "A"}, {"name": "B"}]}, environ_base={"REMOTE_ADDR": ORGANISER}
        )
        assert asked.status_code == 201
    over = client.post(
        "/api/v1/games", json={"sides": [{"name": "A"}, {"name": "B"}]}, environ_base={"REMOTE_ADDR": ORGANISER}
    )
    assert over.status_code == 429
    desk = client.post(
        "/api/v1/games", json={"sides": [{"name": "A"}, {"name": "B"}]}, environ_base={"REMOTE_ADDR": DESK}
    )
    assert desk.status_code == 201


def test_a_pairing_asked_again_starts_nothing_and_counts_nothing(tmp_path):
    app = make_app(tmp_path, RATELIMIT_CREATE="7 per minute")
    client = app.test_client()
    event = new_event(client, PLAYERS)  # 1 of 7
    first = client.post(f"/api/v1/events/{event.id}/rounds", headers=event.key, json={"number": 1})  # 7 of 7
    assert first.status_code == 201
    again = client.post(f"/api/v1/events/{event.id}/rounds", headers=event.key, json={"number": 1})
    assert again.status_code == 200 and again.get_json()["number"] == 1  # a double tap: answered as it is
    assert stored(app, "games") == TABLES


def test_pairing_a_round_again_counts_its_new_games(tmp_path):
    app = make_app(tmp_path, RATELIMIT_CREATE="9 per minute")
    client = app.test_client()
    event = new_event(client, PLAYERS)  # 1 of 9
    assert client.post(f"/api/v1/events/{event.id}/rounds", headers=event.key).status_code == 201  # 7 of 9
    withdrawn = client.post(f"/api/v1/events/{event.id}/entrants/1/withdraw", headers=event.key, json={})
    assert withdrawn.status_code == 200
    before = stored(app, "games")
    # Eleven left: five tables again, five new games, two left in the budget.
    refused = client.post(f"/api/v1/events/{event.id}/rounds/1/repair", headers=event.key)
    assert refused.status_code == 429
    assert stored(app, "games") == before
    tables = rounds_of(client, event)[0]["tables"]
    assert len(tables) == TABLES and any(
        t["sides"][0]["entrant"] == "1" or t["sides"][1]["entrant"] == "1" for t in tables
    )


def test_a_round_bigger_than_a_whole_minutes_budget_is_paired_from_an_untouched_minute(tmp_path):
    """The per-minute budget is for a burst; a round of more tables than it (a festival's 64 against 60) is paired
    when the minute is untouched, and takes all of it."""
    app = make_app(tmp_path, RATELIMIT_CREATE="4 per minute;10 per hour")
    client = app.test_client()
    r = client.post(
        "/api/v1/events",
        json={"name": "Festival", "players": PLAYERS, "rules": {"target": 4}},
        environ_base={"REMOTE_ADDR": DESK},
    )
    key = {"X-Organiser-Key": r.get_json()["organiser_key"]}
    event_id = r.get_json()["id"]
    organiser = {"REMOTE_ADDR": ORGANISER}
    paired = client.post(f"/api/v1/events/{event_id}/rounds", headers=key, environ_base=organiser)
    assert paired.status_code == 201 and len(paired.get_json()["tables"]) == TABLES
    game = {"sides": [{"name": "A"}, {"name": "B"}]}
    assert client.post("/api/v1/games", json=game, environ_base=organiser).status_code == 429  # the minute is spent
