"""A group's season: its finished events between two days, scored by the group's points table times each event's
weight (API.md 1.3), on its page, its sheet and in the API."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import Rules
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
from scorekeeper.store import Store
from tests.conftest import new_group
from tests.test_events import play

# --- test setup: events of a group played to the end through the services --------------------------------------


ORGANISER: dict[str, str] = {}  # each event's organiser key, by its id


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
        ORGANISER[event_id] = key
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


def test_a_merged_player_and_an_organisers_late_correction_change_the_season_at_once(app, client):
    group = new_group(client)
    monday = played(app, group, "Monday", ["Anna", "Bruno"], "Anna", "2026-03-02")
    played(app, group, "Tuesday", ["Annina", "Carla"], "Annina", "2026-03-03")
    # Two names, two players: equal lines share a place, listed by name.
    assert lines(season(client, group, **YEAR)) == [
        (1, "Anna", 25, 1),
        (1, "Annina", 25, 1),
        (3, "Bruno", 18, 1),
        (3, "Carla", 18, 1),
    ]
    ids = {p["name"]: p["id"] for p in client.get(f"/api/v1/groups/{group.id}").get_json()["players"]}
    r = client.post(
        f"/api/v1/groups/{group.id}/players/{ids['Annina']}/merge", json={"into": ids["Anna"]}, headers=group.key
    )
    assert r.status_code == 200
    assert lines(season(client, group, **YEAR)) == [(1, "Anna", 50, 2), (2, "Bruno", 18, 1), (2, "Carla", 18, 1)]
    # The organiser says, after the close, that Bruno won Monday: the season follows.
    with Store(app.config["DATABASE"]) as db:
        event = events.get(db, monday)
        (table,) = event.rounds[0].tables
        bruno = next(e.id for e in event.entrants if e.name == "Bruno")
        outcome = "0" if table.sides[0] == bruno else "1"
        events.set_result(db, monday, ORGANISER[monday], 1, table.number, outcome, [4, 1])
    assert lines(season(client, group, **YEAR)) == [(1, "Anna", 43, 2), (2, "Bruno", 25, 1), (3, "Carla", 18, 1)]


# --- the core ---------------------------------------------------------------------------------------------------


def night(event_id: str, weight: float, *places: tuple[int, str]) -> EventPlaces:
    return EventPlaces(event_id, event_id, "2026-01-01", weight, tuple((rank, (who,)) for rank, who in places))


@pytest.mark.parametrize(
    ("events_", "expected"),
    [
        # Ranks past the table score nothing, but the event is still one played.
        (
            [night("e", 1, (1, "a"), (2, "b"), (3, "c"), (4, "d"))],
            [(1, "a", 10, 1), (2, "b", 6, 1), (3, "c", 4, 1), (4, "d", 0, 1)],
        ),
        # Two sharing 2nd each get 2nd's points; the next is 4th.
        (
            [night("e", 1, (1, "a"), (2, "b"), (2, "c"), (4, "d"))],
            [(1, "a", 10, 1), (2, "b", 6, 1), (2, "c", 6, 1), (4, "d", 0, 1)],
        ),
        # Equal points (4 + 2 x 6 = 10 + 6): the better single result goes first (a's 12 over b's 10).
        (
            [night("e1", 1, (1, "b"), (3, "a")), night("e2", 2, (2, "a")), night("e3", 1, (2, "b"))],
            [(1, "a", 16, 2), (2, "b", 16, 2)],
        ),
        # Weight 0: played, no points.
        ([night("e", 0, (1, "a"), (2, "b"))], [(1, "a", 0, 1), (1, "b", 0, 1)]),
        # Weights of two decimals add up exactly: 3 x (0.1 x 10) = 3.
        ([night(f"e{i}", 0.1, (1, "a")) for i in range(3)], [(1, "a", 3, 3)]),
    ],
)
def test_season_points_from_places_and_weights(events_, expected):
    made = season_standings(events_, (10, 6, 4))
    assert [(line.rank, line.player, line.points, line.events) for line in made] == expected


def test_best_results_are_the_five_best_best_first():
    made = season_standings([night(f"e{i}", 1, (i % 3 + 1, "a")) for i in range(8)], (10, 6, 4))
    assert [(b.rank, b.points) for b in made[0].best] == [(1, 10), (1, 10), (1, 10), (2, 6), (2, 6)]


@settings(max_examples=60, deadline=None)
@example(nights=[(0.25, [0])], table=[3])  # 0.75 shown as 0.8
@given(
    st.lists(
        st.tuples(
            st.sampled_from([0.0, 0.5, 1.0, 1.5, 2.0, 0.25]),
            st.lists(st.integers(0, 5), min_size=1, max_size=8),  # each entrant's score: ties share ranks
        ),
        min_size=1,
        max_size=6,
    ),
    st.lists(st.integers(0, 30), min_size=1, max_size=6).map(lambda p: sorted(p, reverse=True)),
)
def test_the_points_handed_out_are_the_weighted_table_of_the_places_filled(nights, table):
    made_events = []
    expected = 0.0
    for n, (weight, scores) in enumerate(nights):
        # Competition ranking: one more than the count of better scores (ties share a rank, the next skips).
        ranks = [1 + sum(other > score for other in scores) for score in scores]
        made_events.append(night(f"e{n}", weight, *((rank, f"p{i}") for i, rank in enumerate(ranks))))
        expected += sum(weight * table[rank - 1] for rank in ranks if rank <= len(table))
    made = season_standings(made_events, table)
    # Each line shows its points to one decimal: at most 0.05 off each.
    assert sum(line.points for line in made) == pytest.approx(expected, abs=0.05 * len(made) + 1e-9)
    assert [line.points for line in made] == sorted((line.points for line in made), reverse=True)
    assert made[0].rank == 1 and all(
        b.rank == (a.rank if (a.points, a.best[0].points) == (b.points, b.best[0].points) else i + 1)
        for i, (a, b) in enumerate(zip(made, made[1:], strict=False), start=1)
    )


@pytest.mark.parametrize(
    ("first", "last", "field"),
    [
        ("2026-02-30", None, "from"),
        ("26-01-01", None, "from"),
        (None, "tomorrow", "to"),
        ("2026-05-01", "2026-04-01", "to"),
    ],
)
def test_bad_days_name_the_field(first, last, field):
    with pytest.raises(InvalidGameError) as err:
        read_span(first, last, date(2026, 11, 27))
    assert err.value.field == field


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("", "season_points"),
        ("25, 30", "season_points[1]"),
        ("25 -3", "season_points[1]"),
        ("1," * 65, "season_points"),
    ],
)
def test_a_typed_points_table_that_is_not_one_names_the_place(text, field):
    with pytest.raises(InvalidGameError) as err:
        read_points_text(text)
    assert err.value.field == field


# --- the API ------------------------------------------------------------------------------------------------------


def test_setting_the_points_table_needs_the_group_key_and_a_good_table(app, client):
    group = new_group(client)
    played(app, group, "Monday", ["Anna", "Bruno"], "Anna", "2026-03-02")
    url = f"/api/v1/groups/{group.id}"
    assert client.patch(url, json={"season_points": [3, 1]}).status_code == 403
    assert client.patch(url, json={"season_points": [3, 1]}, headers={"X-Group-Key": "nope"}).status_code == 403
    assert client.patch("/api/v1/groups/nothere", json={"season_points": [3, 1]}, headers=group.key).status_code == 404
    for bad, field in [
        ([3, 5], "season_points[1]"),
        ("3,1", "season_points"),
        ([], "season_points"),
        ([1.5], "season_points[0]"),
    ]:
        r = client.patch(url, json={"season_points": bad}, headers=group.key)
        assert (r.status_code, r.get_json()["field"]) == (400, field), bad
    r = client.patch(url, json={"points": [3, 1]}, headers=group.key)
    assert (r.status_code, r.get_json()["field"]) == (400, "season_points")
    assert season(client, group, **YEAR)["season_points"] == list(DEFAULT_SEASON_POINTS)  # nothing changed
    r = client.patch(url, json={"season_points": [3, 1]}, headers=group.key)
    assert r.status_code == 200 and r.get_json()["season_points"] == [3, 1]
    body = season(client, group, **YEAR)
    assert body["season_points"] == [3, 1] and lines(body) == [(1, "Anna", 3, 1), (2, "Bruno", 1, 1)]
    # null: the usual table again.
    assert client.patch(url, json={"season_points": None}, headers=group.key).get_json()["season_points"] == list(
        DEFAULT_SEASON_POINTS
    )
    assert lines(season(client, group, **YEAR))[0] == (1, "Anna", 25, 1)


def test_bad_days_are_a_400_naming_the_field_and_an_unknown_group_a_404(client):
    group = new_group(client)
    r = client.get(f"/api/v1/groups/{group.id}/season?from=2026-04-31")
    assert (r.status_code, r.get_json()["field"]) == (400, "from") and "YYYY-MM-DD" in r.get_json()["message"]
    r = client.get(f"/api/v1/groups/{group.id}/season?from=2026-05-01&to=2026-04-01")
    assert (r.status_code, r.get_json()["field"]) == (400, "to")
    assert client.get("/api/v1/groups/nothere/season").status_code == 404
    assert client.get(f"/groups/{group.id}/season?to=x" + "9" * 5000).status_code == 400


# --- the page and the sheet ---------------------------------------------------------------------------------------


def test_the_season_page_and_sheet_in_three_languages_one_tap_from_the_group(app, client):
    group = new_group(client)
    played(app, group, "Final", [["Anna", "Carla"], ["Bruno", "Dario"]], "Anna & Carla", "2026-03-09", 1.5)
    assert f'href="/groups/{group.id}/season"' in client.get(f"/groups/{group.id}").get_data(as_text=True)
    for lang, words, points in [
        ("en", "Standings", "37.5"),
        ("it", "Classifica", "37,5"),
        ("es", "Clasificación", "37,5"),
    ]:
        page = client.get(f"/groups/{group.id}/season?from=2026-01-01&to=2026-12-31", headers={"Accept-Language": lang})
        text = page.get_data(as_text=True)
        assert page.status_code == 200 and words in text and points in text and "Final" in text
        sheet = client.get(
            f"/groups/{group.id}/season/sheet?from=2026-01-01&to=2026-12-31", headers={"Accept-Language": lang}
        )
        assert sheet.status_code == 200 and points in sheet.get_data(as_text=True)
    # A stranger sees no points form, and may not send one.
    assert 'id="season-points"' not in client.get(f"/groups/{group.id}/season").get_data(as_text=True)
    assert client.post(f"/groups/{group.id}/season", data={"season_points": "3, 1"}).status_code == 403
    # Bad days: the form again, with what is wrong.
    bad = client.get(f"/groups/{group.id}/season?from=2026-13-01")
    assert bad.status_code == 400 and "YYYY-MM-DD" in bad.get_data(as_text=True)


def test_the_keepers_points_form_keeps_a_bad_table_as_typed_and_saves_a_good_one(app, client):
    group = new_group(client)
    client.get(f"/groups/{group.id}/keep/{group['group_key']}")
    played(app, group, "Monday", ["Anna", "Bruno"], "Anna", "2026-03-02")
    r = client.post(f"/groups/{group.id}/season", data={"season_points": "25, 30, 10"})
    text = r.get_data(as_text=True)
    assert r.status_code == 400 and 'value="25, 30, 10"' in text and "cannot score more than place 1" in text
    assert season(client, group, **YEAR)["season_points"] == list(DEFAULT_SEASON_POINTS)
    r = client.post(f"/groups/{group.id}/season?from=2026-01-01", data={"season_points": "9; 4"})
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/groups/{group.id}/season?from=2026-01-01")
    assert lines(season(client, group, **YEAR)) == [(1, "Anna", 9, 1), (2, "Bruno", 4, 1)]


# --- after the outside review: renamed players, exact points, open spans, odd input, a kept page ------------------


def test_a_renamed_player_keeps_their_season_matched_through_the_games_they_played(app, client):
    group = new_group(client)
    played(app, group, "Monday", ["Anna", "Bruno"], "Anna", "2026-03-02")
    played(app, group, "Tuesday", ["Anna", "Carla"], "Carla", "2026-03-03")
    ids = {p["name"]: p["id"] for p in client.get(f"/api/v1/groups/{group.id}").get_json()["players"]}
    r = client.patch(f"/api/v1/groups/{group.id}/players/{ids['Anna']}", json={"name": "Annie"}, headers=group.key)
    assert r.status_code == 200, r.get_json()
    body = season(client, group, **YEAR)
    assert lines(body) == [(1, "Annie", 43, 2), (2, "Carla", 25, 1), (3, "Bruno", 18, 1)]
    assert body["standings"][0]["player"] == ids["Anna"]
    # A later event under the new name adds to the same line.
    played(app, group, "Wednesday", ["Annie", "Bruno"], "Annie", "2026-03-04")
    assert lines(season(client, group, **YEAR))[0] == (1, "Annie", 68, 3)
    assert "Annie" in client.get(f"/groups/{group.id}/season?from=2026-01-01").get_data(as_text=True)


def test_points_are_shown_exactly_alike_on_the_page_the_sheet_and_in_the_api(app, client):
    group = new_group(client)
    played(app, group, "Monday", ["Anna", "Bruno"], "Anna", "2026-03-02", 1.25)
    body = season(client, group, **YEAR)
    assert lines(body) == [(1, "Anna", 31.25, 1), (2, "Bruno", 22.5, 1)]
    for address in ("/groups/{}/season?from=2026-01-01", "/groups/{}/season/sheet?from=2026-01-01"):
        text = client.get(address.format(group.id), headers={"Accept-Language": "it"}).get_data(as_text=True)
        assert "31,25" in text and "22,5" in text and "31,2<" not in text


def test_one_day_alone_opens_the_season_on_the_other_side(app, client):
    group = new_group(client)
    played(app, group, "Old", ["Anna", "Bruno"], "Anna", "2025-06-02")
    played(app, group, "New", ["Anna", "Bruno"], "Bruno", "2027-06-02")
    up_to = season(client, group, to="2025-12-31")
    assert (up_to["from"], up_to["to"], [e["name"] for e in up_to["events"]]) == (None, "2025-12-31", ["Old"])
    on = season(client, group, **{"from": "2027-01-01"})
    assert (on["from"], on["to"], [e["name"] for e in on["events"]]) == ("2027-01-01", None, ["New"])
    page = client.get(f"/groups/{group.id}/season?from=2027-01-01")
    assert page.status_code == 200 and "From Jan 1, 2027 on" in page.get_data(as_text=True)
    assert "Up to Dec 31, 2025" in client.get(f"/groups/{group.id}/season?to=2025-12-31").get_data(as_text=True)
    # A refusal names only the days sent.
    r = client.get(f"/api/v1/groups/{group.id}/season?from=2026-05-01&to=2026-04-01")
    assert r.get_json()["message"] == "to (2026-04-01) must not come before from (2026-05-01)"


@pytest.mark.parametrize("day", ["0001-01-01", "9999-12-31", "2026-W48-5", "2026-1-01"])
def test_days_outside_the_years_kept_or_not_written_yyyy_mm_dd_are_refused(client, day):
    group = new_group(client)
    r = client.get(f"/api/v1/groups/{group.id}/season", query_string={"from": day})
    assert (r.status_code, r.get_json()["field"]) == (400, "from") and "1900 to 2999" in r.get_json()["message"]
    r = client.post("/api/v1/events", json={"name": "Night", "players": ["Anna", "Bruno"], "rounds": 1, "date": day})
    assert (r.status_code, r.get_json()["field"]) == (400, "date")


@pytest.mark.parametrize("weight", ["1_0", "0.005", 0.005, "1e1", "1.255"])
def test_a_weight_with_underscores_or_more_than_two_decimals_is_refused(client, weight):
    r = client.post(
        "/api/v1/events", json={"name": "Night", "players": ["Anna", "Bruno"], "rounds": 1, "weight": weight}
    )
    assert (r.status_code, r.get_json()["field"]) == (400, "weight") and "two decimals" in r.get_json()["message"]


def test_the_page_lists_its_first_players_and_a_readers_copy_is_kept_until_the_season_changes(app, client, monkeypatch):
    from scorekeeper.web.group import season as season_web

    group = new_group(client)
    played(app, group, "Monday", ["Anna", "Bruno"], "Anna", "2026-03-02")
    monkeypatch.setattr(season_web, "PAGE_LINES", 1)
    made = []
    real_page = season_web._page
    monkeypatch.setattr(season_web, "_page", lambda *a: made.append(1) or real_page(*a))
    address = f"/groups/{group.id}/season?from=2026-01-01"
    first = client.get(address).get_data(as_text=True)
    assert "Anna" in first and "Bruno" not in first and "and 1 more player" in first
    assert client.get(address).get_data(as_text=True).count("Anna") == first.count("Anna") and len(made) == 1
    played(app, group, "Tuesday", ["Bruno", "Carla"], "Bruno", "2026-03-03")
    again = client.get(address).get_data(as_text=True)
    assert len(made) == 2 and "Bruno" in again and "and 2 more players" in again


def test_only_those_who_played_a_game_score_and_a_loser_is_never_placed_below_who_never_sat_down(client):
    group = new_group(client)
    made = client.post(
        "/api/v1/events",
        json={
            "name": "Short night",
            "players": ["Anna", "Bruno", "Carla", "Dario", "Elio"],
            "pairing": "swiss",
            "rounds": 1,
            "group": group.id,
            "date": "2026-05-01",
            "rules": {"target": 4},
        },
        headers=group.key,
    ).get_json()
    key = {"X-Organiser-Key": made["organiser_key"]}
    for entrant in ("4", "5"):  # Dario and Elio leave before round 1
        r = client.post(f"/api/v1/events/{made['id']}/entrants/{entrant}/withdraw", json={}, headers=key)
        assert r.status_code == 200, r.get_json()
    paired = client.post(f"/api/v1/events/{made['id']}/rounds", headers=key).get_json()
    (table,) = paired["tables"]
    play(client, table, winner=1)
    assert client.post(f"/api/v1/events/{made['id']}/rounds/1/close", headers=key).status_code == 200
    winner, loser = table["sides"][1]["name"], table["sides"][0]["name"]
    standings = client.get(f"/api/v1/events/{made['id']}/standings").get_json()["standings"]
    assert [s["name"] for s in standings].index(loser) == 4  # the event ranks who never played above the loser
    # The season: the winner 25, the loser second (18); the bye and those who left score nothing from it.
    assert lines(season(client, group, **YEAR)) == [(1, winner, 25, 1), (2, loser, 18, 1)]


def test_an_evening_where_nobody_played_a_game_counts_for_nothing_in_the_season(client):
    group = new_group(client)
    made = client.post(
        "/api/v1/events",
        json={
            "name": "Rain",
            "players": ["Anna", "Bruno", "Carla", "Dario", "Elio"],
            "pairing": "baraonda",
            "group": group.id,
            "date": "2026-05-02",
        },
        headers=group.key,
    ).get_json()
    key = {"X-Organiser-Key": made["organiser_key"]}
    assert client.post(f"/api/v1/events/{made['id']}/rounds", headers=key).status_code == 201
    for entrant in ("1", "2"):
        assert (
            client.post(f"/api/v1/events/{made['id']}/entrants/{entrant}/withdraw", json={}, headers=key).status_code
            == 200
        )
    repaired = client.post(f"/api/v1/events/{made['id']}/rounds/1/repair", json={}, headers=key)
    assert repaired.status_code in (200, 201) and repaired.get_json()["tables"] == [], repaired.get_json()
    r = client.post(f"/api/v1/events/{made['id']}/finish", headers=key)
    assert r.status_code == 200 and r.get_json()["finished"], r.get_json()
    body = season(client, group, **YEAR)
    assert body["events"] == [] and body["standings"] == []


def test_a_readers_kept_season_page_of_this_year_turns_with_the_year(client, monkeypatch):
    group = new_group(client)
    monkeypatch.setattr(seasons, "today", lambda: date(2026, 12, 31))
    assert "Dec 31, 2026" in client.get(f"/groups/{group.id}/season").get_data(as_text=True)
    monkeypatch.setattr(seasons, "today", lambda: date(2027, 1, 1))
    page = client.get(f"/groups/{group.id}/season").get_data(as_text=True)
    assert "Dec 31, 2027" in page and "Dec 31, 2026" not in page
