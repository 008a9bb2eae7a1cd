"""A group's season: its finished events between two days, scored by the group's points table times each event's
weight (API.md 1.3), on its page, its sheet and in the API."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.errors import InvalidGameError
from scorekeeper.rules.season import (
    DEFAULT_SEASON_POINTS,
    EventPlaces,
    read_points_text,
    read_span,
    season_standings,
)
from scorekeeper.services import events
from scorekeeper.services import season as seasons
from scorekeeper.rules import Rules
from scorekeeper.store import Store
from tests.conftest import new_group

# --- test setup: events of a group played to the end through the services --------------------------------------


def played(
    app, group, name: str, players: list, winner: str | None, day: str, weight: float = 1.0, close: bool = True
) -> str:
    """An event of two entrants (names, or pairs as lists of two) in ``group``: one round, one table, won by the
    entrant named ``winner`` (None: a draw) as the organiser says, the round closed (unless not ``close``).

    Its day and weight are written straight into the store: test setup, until the event's create body carries
    them."""
    with Store(app.config["DATABASE"]) as db:
        size = 4 if isinstance(players[0], list) else 2
        event_id, key = events.new_event(
            db, name=name, players=players, rounds=1, table_size=size, group_id=group.id, rules=Rules(target=4)
        )
        (table,) = events.pair_next(db, event_id, key).tables
        names = events.get(db, event_id).names
        outcome = "draw" if winner is None else "0" if names[table.sides[0]] == winner else "1"
        events.set_result(db, event_id, key, 1, table.number, outcome, [2, 2] if winner is None else [4, 1])
        if close:
            events.close_round(db, event_id, key, 1)
        with db.write():
            db.db.execute("UPDATE events SET date = ?, weight = ? WHERE id = ?", [day, weight, event_id])
    return event_id


def season(client, group, **days) -> dict:
    r = client.get(f"/api/v1/groups/{group.id}/season", query_string=days)
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def lines(body: dict) -> list[tuple[int, str, float, int]]:
    return [(s["rank"], s["name"], s["points"], s["events"]) for s in body["standings"]]


YEAR = {"from": "2026-01-01", "to": "2026-12-31"}


# --- the standings, worked out by hand ----------------------------------------------------------------------------


def test_three_weighted_events_add_up_to_the_season_worked_out_by_hand(app, client):
    group = new_group(client)
    r = client.patch(f"/api/v1/groups/{group.id}", json={"season_points": [10, 6, 4]}, headers=group.key)
    assert r.status_code == 200
    played(app, group, "Monday", ["Anna", "Bruno"], None, "2026-03-02")  # a draw: both 1st, 10 each
    played(app, group, "Tuesday", ["Bruno", "Carla"], "Carla", "2026-03-03")  # Carla 10, Bruno 6
    final = played(app, group, "Final", ["Anna", "Carla"], "Anna", "2026-03-09", 2.0)  # Anna 2 x 10, Carla 2 x 6
    body = season(client, group, **YEAR)
    # Anna 10 + 20 = 30; Carla 10 + 12 = 22; Bruno 10 + 6 = 16.
    assert lines(body) == [(1, "Anna", 30, 2), (2, "Carla", 22, 2), (3, "Bruno", 16, 2)]
    assert [(e["name"], e["date"], e["weight"]) for e in body["events"]] == [
        ("Final", "2026-03-09", 2.0),
        ("Tuesday", "2026-03-03", 1.0),
        ("Monday", "2026-03-02", 1.0),
    ]
    anna = body["standings"][0]
    assert anna["best"][0] == {"event": final, "name": "Final", "date": "2026-03-09", "rank": 1, "points": 20}
    assert [(b["name"], b["rank"], b["points"]) for b in anna["best"]] == [("Final", 1, 20), ("Monday", 1, 10)]


def test_a_pairs_points_go_to_both_its_players_matched_by_name_as_the_group_matches(app, client):
    group = new_group(client)
    played(app, group, "Pairs", [["Anna", "Bruno"], ["Carla", "Dario"]], "Anna & Bruno", "2026-05-01")
    played(app, group, "Singles", ["  anna ", "DARIO"], "DARIO", "2026-05-02", 0.5)
    # Anna 25 + 0.5 x 18 = 34; Bruno 25; Dario 18 + 0.5 x 25 = 30.5; Carla 18.
    assert lines(season(client, group, **YEAR)) == [
        (1, "Anna", 34, 2),
        (2, "Dario", 30.5, 2),
        (3, "Bruno", 25, 1),
        (4, "Carla", 18, 1),
    ]


def test_only_finished_events_in_the_days_asked_count(app, client, monkeypatch):
    group = new_group(client)
    played(app, group, "March", ["Anna", "Bruno"], "Anna", "2026-03-02")
    played(app, group, "April", ["Anna", "Bruno"], "Bruno", "2026-04-06", 1.5)
    played(app, group, "Last year", ["Anna", "Bruno"], "Bruno", "2025-12-30")
    played(app, group, "Tonight", ["Anna", "Bruno"], "Bruno", "2026-04-07", close=False)  # its round still open
    # March: Anna 25, Bruno 18; April (weight 1.5): Bruno 1.5 x 25 = 37.5, Anna 1.5 x 18 = 27.
    this_year = season(client, group, **YEAR)
    assert [e["name"] for e in this_year["events"]] == ["April", "March"]
    assert lines(this_year) == [(1, "Bruno", 55.5, 2), (2, "Anna", 52, 2)]
    april = season(client, group, **{"from": "2026-04-01", "to": "2026-04-30"})
    assert lines(april) == [(1, "Bruno", 37.5, 1), (2, "Anna", 27, 1)]
    assert [e["name"] for e in season(client, group, **{"from": "2025-01-01", "to": "2025-12-31"})["events"]] == [
        "Last year"
    ]
    # Days unsaid: the calendar year of today.
    monkeypatch.setattr(seasons, "today", lambda: date(2025, 6, 1))
    unsaid = season(client, group)
    assert (unsaid["from"], unsaid["to"], [e["name"] for e in unsaid["events"]]) == (
        "2025-01-01",
        "2025-12-31",
        ["Last year"],
    )
