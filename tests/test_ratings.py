"""Ratings (``rules.ratings``, ``services.ratings``): a group's finished games, in the order they first finished,
rated by openskill's Plackett-Luce model exactly as the library itself rates them, whatever the hands said.

Each test recomputes the expected ratings by calling openskill directly over the same games, so that the app's
answer is checked against the library and not against itself.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scorekeeper.rules import Side
from scorekeeper.rules.ledger import HandEntry, score_game
from scorekeeper.rules.ratings import Result, from_summary, ladder, places, rate
from scorekeeper.rules.stats import summarise
from scorekeeper.services import games, groups, ratings
from scorekeeper.services.errors import NotFound
from tests.conftest import core_game, new_game, new_group, record_hand
from tests.test_events import play

ALL = ["cards", "coins", "settebello", "primiera"]


def sweep(winner: int, scopas: int = 7) -> HandEntry:
    """A hand that ends a game to 11 at once: ``winner`` takes every category and ``scopas`` scopas."""
    sides: list[dict[str, object]] = [{"won": []}, {"won": []}]
    sides[winner] = {"won": ALL, "scopas": scopas}
    return HandEntry.from_json({"sides": sides}, 2)


def openskill_ratings(games_in_order):
    """openskill's own ratings over (sides' players, places) in order: {player: (mu, sigma)}."""
    model = PlackettLuce()
    now = {}
    for sides, ranks in games_in_order:
        teams = [[now.get(p) or model.rating() for p in side] for side in sides]
        for side, team in zip(sides, model.rate(teams, ranks=ranks), strict=True):
            now.update(zip(side, team, strict=True))
    return flat({p: (r.mu, r.sigma) for p, r in now.items()})


def flat(pairs):
    """{player: (mu, sigma)} as {"player mu": mu, "player sigma": sigma}, for ``pytest.approx``."""
    return {
        f"{p} {what}": value for p, both in pairs.items() for what, value in zip(("mu", "sigma"), both, strict=True)
    }


def as_pairs(table):
    return flat({p: (r.mu, r.sigma) for p, r in table.items()})


# --- The core --------------------------------------------------------------------------------------------------------


def test_places_put_the_winner_first_then_the_others_by_total_sharing_equal_totals():
    assert places(Result((("a",), ("b",), ("c",)), 1, (12, 11, 12))) == [2, 1, 2]
    assert places(Result((("a",), ("b",), ("c",)), None, (11, 11, 5))) == [1, 1, 2]


def test_ratings_equal_openskills_own_over_games_with_teams_and_three_sides():
    results = [
        Result((("a", "b"), ("c", "d")), 1, (7, 11)),
        Result((("a",), ("c",), ("e",)), 0, (11, 4, 9)),
        Result((("a",), ("b",)), None, (12, 12)),
        Result((("d", "a"), ("e", "b")), 0, (16, 3)),
    ]
    expected = openskill_ratings(
        [
            ([["a", "b"], ["c", "d"]], [2, 1]),
            ([["a"], ["c"], ["e"]], [1, 3, 2]),
            ([["a"], ["b"]], [1, 1]),
            ([["d", "a"], ["e", "b"]], [1, 2]),
        ]
    )
    got = rate(results)
    assert as_pairs(got) == pytest.approx(expected)
    assert got["a"].games == 4 and got["e"].games == 2
    assert got["a"].history[0] == 0.0 and got["a"].history[-1] == pytest.approx(got["a"].rating)


def test_a_player_who_wins_every_game_heads_the_ladder():
    results = [Result((("star",), (other,)), 0, (11, 3)) for other in ("b", "c", "d", "b", "c")]
    results += [Result((("b",), ("c",)), 1, (4, 11)), Result((("d",), ("c",)), 0, (11, 9))]
    rows = ladder(rate(results), {"star": "Zoe", "b": "Bruno", "c": "Carla", "d": "Dario"})
    assert rows[0][0] == 1 and rows[0][1].id == "star"
    assert [rank for rank, _ in rows] == sorted(rank for rank, _ in rows)


def test_players_equal_to_two_decimals_share_a_rank_and_the_next_rank_skips():
    rows = ladder(rate([Result((("a", "b"), ("c",)), 0, (11, 2))]), {"a": "Anna", "b": "Bruno", "c": "Carla"})
    assert [(rank, r.id) for rank, r in rows] == [(1, "a"), (1, "b"), (3, "c")]


two_player_games = st.lists(
    st.tuples(st.sampled_from(["a", "b", "c", "d"]), st.sampled_from(["a", "b", "c", "d"]), st.booleans()).filter(
        lambda g: g[0] != g[1]
    ),
    max_size=6,
)


@settings(max_examples=30, deadline=None)
@given(two_player_games, st.data())
def test_ratings_read_only_the_ordered_results_never_the_hands(played, data):
    """The same games won by the same sides, but by other hands (a sweep, or two hands with the loser scoring):
    the same ratings, and openskill's own."""
    plain, detailed, expected = [], [], []
    for i, (one, two, first_wins) in enumerate(played):
        winner = 0 if first_wins else 1
        loser = 1 - winner
        quick = core_game(sweep(winner), names=(one, two), game_id=f"q{i}")
        scopas = data.draw(st.integers(min_value=0, max_value=5))
        slow_first = {"sides": [{"won": []}, {"won": []}]}
        slow_first["sides"][winner] = {"won": ["cards", "coins"], "scopas": scopas}
        slow_first["sides"][loser] = {"won": ["settebello", "primiera"]}
        slow = core_game(
            HandEntry.from_json(slow_first, 2), sweep(winner, 5), sweep(winner, 5), names=(one, two), game_id=f"s{i}"
        )
        plain.append(from_summary(summarise(score_game(quick), [[one], [two]])))
        detailed.append(from_summary(summarise(score_game(slow), [[one], [two]])))
        expected.append(([[one], [two]], [1, 2] if first_wins else [2, 1]))
    assert as_pairs(rate(plain)) == as_pairs(rate(detailed)) == pytest.approx(openskill_ratings(expected))


# --- A group's games, kept and corrected --------------------------------------------------------------------------


def group_game(store, group_id: str, a: str, b: str, *hands: HandEntry, name: str = "Friday") -> str:
    """A game of ``a`` against ``b`` in the group, with these hands recorded in order: its id."""
    game, _key = games.new_game(
        store, name, [Side(a, (a,)), Side(b, (b,))], games.Rules(), also=lambda g: groups.join(store, group_id, g)
    )
    for i, entry in enumerate(hands):
        games.record_hand(store, game.id, entry, f"sub-{game.id}-{i:04d}")
    return game.id


def by_name(answer):
    return flat({p["name"]: (p["mu"], p["sigma"]) for p in answer["players"]})


@pytest.fixture
def group_id(store):
    return groups.new_group(store, "Club")[0]


def test_a_groups_ratings_follow_the_order_games_finished_not_the_order_they_began(store, group_id):
    first = group_game(store, group_id, "Anna", "Bruno")  # begun first, finished last
    group_game(store, group_id, "Bruno", "Carla", sweep(1))
    games.record_hand(store, first, sweep(0), "sub-late-0001")
    expected = openskill_ratings([([["Bruno"], ["Carla"]], [2, 1]), ([["Anna"], ["Bruno"]], [1, 2])])
    assert by_name(ratings.ratings(store, group_id)) == pytest.approx(expected)


def test_a_correction_that_changes_no_result_changes_no_rating(store, group_id):
    game_id = group_game(store, group_id, "Anna", "Bruno", sweep(0))
    group_game(store, group_id, "Bruno", "Carla", sweep(1))
    before = ratings.ratings(store, group_id)
    games.replace_hand(store, game_id, 1, sweep(0, scopas=9))
    after = ratings.ratings(store, group_id)
    assert after["players"] == before["players"]


def test_a_correction_that_flips_a_result_rates_as_if_the_game_had_gone_that_way(store, group_id):
    game_id = group_game(store, group_id, "Anna", "Bruno", sweep(0))
    group_game(store, group_id, "Bruno", "Carla", sweep(1))
    games.replace_hand(store, game_id, 1, sweep(1))
    other = groups.new_group(store, "Club played the other way")[0]
    group_game(store, other, "Anna", "Bruno", sweep(1))
    group_game(store, other, "Bruno", "Carla", sweep(1))
    corrected, played = ratings.ratings(store, group_id), ratings.ratings(store, other)
    assert by_name(corrected) == by_name(played)
    assert [(p["name"], p["rank"]) for p in corrected["players"]] == [(p["name"], p["rank"]) for p in played["players"]]


def test_a_game_reopened_and_won_again_keeps_the_place_it_first_finished_in(store, group_id):
    game_id = group_game(store, group_id, "Anna", "Bruno", sweep(0))
    group_game(store, group_id, "Bruno", "Carla", sweep(1))
    games.delete_hand(store, game_id, 1)
    games.record_hand(store, game_id, sweep(1), "sub-again-0001")
    expected = openskill_ratings([([["Anna"], ["Bruno"]], [2, 1]), ([["Bruno"], ["Carla"]], [2, 1])])
    assert by_name(ratings.ratings(store, group_id)) == pytest.approx(expected)


def test_a_deleted_hand_that_unfinishes_a_game_drops_it_from_the_ratings(store, group_id):
    game_id = group_game(store, group_id, "Anna", "Bruno", sweep(0))
    group_game(store, group_id, "Bruno", "Carla", sweep(1))
    games.delete_hand(store, game_id, 1)
    answer = ratings.ratings(store, group_id)
    assert {p["name"] for p in answer["players"]} == {"Bruno", "Carla"}
    assert by_name(answer) == pytest.approx(openskill_ratings([([["Bruno"], ["Carla"]], [2, 1])]))


def test_games_finished_before_the_finish_time_was_kept_go_by_their_last_hand(store, group_id):
    late = group_game(store, group_id, "Anna", "Bruno", sweep(0))
    early = group_game(store, group_id, "Anna", "Bruno", sweep(1))
    with store.write():
        store.db.execute("UPDATE games SET finished = NULL WHERE id IN (?, ?)", [late, early])
        store.db.execute("UPDATE rounds SET created = '2020-01-01T00:00:00+00:00' WHERE game_id = ?", [early])
        store.touch_game(late)
    expected = openskill_ratings([([["Anna"], ["Bruno"]], [2, 1]), ([["Anna"], ["Bruno"]], [1, 2])])
    assert by_name(ratings.ratings(store, group_id)) == pytest.approx(expected)


def test_no_group_is_not_found(store):
    with pytest.raises(NotFound):
        ratings.ratings(store, "no-such-group")


# --- The API -------------------------------------------------------------------------------------------------------


def test_the_api_answers_every_rated_player_best_first(client):
    group = new_group(client)
    for i, winner in enumerate((0, 0, 1)):
        game = new_game(client, "Anna", "Carla", group=group)
        record_hand(client, game, {"submission_id": f"sub-api-{i:04d}", **sweep(winner).to_json()})
    new_game(client, "Dino", "Ezio", group=group)  # not finished: Dino and Ezio are not on the ladder
    answer = client.get(f"/api/v1/groups/{group.id}/ratings").get_json()
    assert answer["method"] == "openskill PlackettLuce"
    assert [(p["name"], p["rank"], p["games"]) for p in answer["players"]] == [("Anna", 1, 3), ("Carla", 2, 3)]
    anna = answer["players"][0]
    assert set(anna) >= {"name", "rating", "mu", "sigma", "games", "rank"}
    assert anna["rating"] == pytest.approx(anna["mu"] - 3 * anna["sigma"])
    expected = openskill_ratings([([["Anna"], ["Carla"]], [1, 2])] * 2 + [([["Anna"], ["Carla"]], [2, 1])])
    assert by_name(answer) == pytest.approx(expected)
    assert client.get("/api/v1/groups/nope/ratings").status_code == 404


def test_ratings_follow_the_organisers_word_on_an_event_table_and_a_forfeit_rates_nothing(client):
    group = new_group(client)
    made = client.post(
        "/api/v1/events",
        json={
            "name": "Friday",
            "players": ["Anna", "Bruno", "Carla", "Dino"],
            "group": group.id,
            "rules": {"target": 4},
        },
        headers=group.key,
    ).get_json()
    key = {"X-Organiser-Key": made["organiser_key"]}
    tables = client.post(f"/api/v1/events/{made['id']}/rounds", headers=key).get_json()["tables"]
    for table in tables:
        play(client, table, winner=0)  # each table's phone: the first side wins 4 to 0
    first, second = ([side["name"] for side in table["sides"]] for table in tables)
    ladder_page = client.get(f"/groups/{group.id}/ladder").get_data(as_text=True)  # kept before the corrections
    assert ladder_page.index(f">{first[0]}</a>") < ladder_page.index(f">{first[1]}</a>")

    table_result = f"/api/v1/events/{made['id']}/rounds/1/tables"
    assert client.put(f"{table_result}/1/result", json={"outcome": "1"}, headers=key).status_code == 200
    assert client.put(f"{table_result}/2/result", json={"outcome": "forfeit:1"}, headers=key).status_code == 200

    answer = client.get(f"/api/v1/groups/{group.id}/ratings").get_json()
    # The first table as the organiser gave it (its second side won); the forfeited table was never played.
    assert answer["games"] == 1
    assert [p["name"] for p in answer["players"]] == [first[1], first[0]]
    assert by_name(answer) == pytest.approx(openskill_ratings([([[first[0]], [first[1]]], [2, 1])]))
    ladder_page = client.get(f"/groups/{group.id}/ladder").get_data(as_text=True)
    assert ladder_page.index(f">{first[1]}</a>") < ladder_page.index(f">{first[0]}</a>")
    assert f">{second[0]}</a>" not in ladder_page
    winner = answer["players"][0]
    player_page = client.get(f"/groups/{group.id}/players/{winner['id']}").get_data(as_text=True)
    assert f"Rating {winner['rating']:.2f}: rank 1 of 2" in player_page

    # A draw from the organiser: both sides share first place, whatever the points.
    assert client.put(f"{table_result}/1/result", json={"outcome": "draw"}, headers=key).status_code == 200
    answer = client.get(f"/api/v1/groups/{group.id}/ratings").get_json()
    assert by_name(answer) == pytest.approx(openskill_ratings([([[first[0]], [first[1]]], [1, 1])]))
    assert [p["rank"] for p in answer["players"]] == [1, 1]


def test_a_closed_rounds_table_is_rated_as_the_event_keeps_it_whatever_its_phone_changes_later(client):
    group = new_group(client)
    made = client.post(
        "/api/v1/events",
        json={"name": "Friday", "players": ["Anna", "Bruno"], "group": group.id, "rules": {"target": 4}},
        headers=group.key,
    ).get_json()
    key = {"X-Organiser-Key": made["organiser_key"]}
    (table,) = client.post(f"/api/v1/events/{made['id']}/rounds", headers=key).get_json()["tables"]
    play(client, table, winner=0)
    first, second = (side["name"] for side in table["sides"])
    assert client.post(f"/api/v1/events/{made['id']}/rounds/1/close", headers=key).status_code == 200
    # The table's phone changes hand 1 after the close: the game now says the other side won; the event keeps the
    # result it closed with, and so do the ratings (and the season, which reads the event).
    game = table["game"]
    body = {"sides": [{"won": []}, {"won": ["cards", "coins", "settebello", "primiera"]}]}
    r = client.put(f"/api/v1/games/{game['id']}/rounds/1", json=body, headers={"X-Keeper-Key": game["keeper_key"]})
    assert r.status_code == 200, r.get_json()
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["winner"] == 1
    standings = client.get(f"/api/v1/events/{made['id']}/standings").get_json()["standings"]
    assert standings[0]["name"] == first
    answer = client.get(f"/api/v1/groups/{group.id}/ratings").get_json()
    assert [p["name"] for p in answer["players"]] == [first, second]
    assert by_name(answer) == pytest.approx(openskill_ratings([([[first], [second]], [1, 2])]))


# --- The pages -----------------------------------------------------------------------------------------------------


def test_the_ladder_is_one_tap_from_the_group_and_ranks_who_wins_every_game_first(client):
    group = new_group(client)
    played = [("Zoe", "Bruno", 0), ("Carla", "Zoe", 1), ("Bruno", "Carla", 0), ("Zoe", "Carla", 0), ("Dino", "Zoe", 1)]
    for i, (a, b, winner) in enumerate(played):
        record_hand(
            client,
            new_game(client, a, b, group=group),
            {"submission_id": f"sub-page-{i:04d}", **sweep(winner).to_json()},
        )
    new_game(client, "Ezio", "Zoe", group=group)  # Ezio has finished no game: not on the ladder
    group_page = client.get(f"/groups/{group.id}").get_data(as_text=True)
    assert f'href="/groups/{group.id}/ladder"' in group_page
    page = client.get(f"/groups/{group.id}/ladder").get_data(as_text=True)
    rows = re.findall(r'<td class="n">(\d+)</td>\s*<th scope="row"><a href="[^"]+/players/[^"]+">(\w+)</a>', page)
    assert rows[0] == ("1", "Zoe") and {name for _rank, name in rows} == {"Zoe", "Bruno", "Carla", "Dino"}
    assert re.search(r"up [0-9.]+ over the last 4 games", page)  # Zoe's trend, in words
    assert client.get("/groups/nope/ladder").status_code == 404


def test_a_players_page_shows_their_rating_rank_and_rating_over_time(client):
    group = new_group(client)
    for i in range(3):
        record_hand(
            client,
            new_game(client, "Anna", "Bruno", group=group),
            {"submission_id": f"sub-p-{i:04d}", **sweep(0).to_json()},
        )
    answer = client.get(f"/api/v1/groups/{group.id}/ratings").get_json()["players"]
    anna = answer[0]
    page = client.get(f"/groups/{group.id}/players/{anna['id']}").get_data(as_text=True)
    assert f"Rating {anna['rating']:.2f}: rank 1 of 2" in page
    assert f'href="/groups/{group.id}/ladder"' in page
    chart = re.search(r'<polyline class="line side0" points="[^"]+" data-values="([^"]+)"', page)[1]
    assert (
        chart.split(",")[0] == "0.00" and chart.split(",")[-1] == f"{anna['rating']:.2f}" and len(chart.split(",")) == 4
    )
    italian = client.get(f"/groups/{group.id}/players/{anna['id']}", headers={"Accept-Language": "it"}).get_data(
        as_text=True
    )
    assert f"{anna['rating']:.2f}".replace(".", ",") in italian


def test_the_ladder_is_made_once_per_state_and_language_whatever_its_address_asks(client, monkeypatch):
    from scorekeeper.web.group import ladder as ladder_view

    made = []
    real = ladder_view.render_template
    monkeypatch.setattr(ladder_view, "render_template", lambda *a, **k: made.append(a[0]) or real(*a, **k))
    group = new_group(client)
    record_hand(
        client, new_game(client, "Anna", "Bruno", group=group), {"submission_id": "sub-k-0001", **sweep(0).to_json()}
    )
    address = f"/groups/{group.id}/ladder"

    first = client.get(f"{address}?ref=poster").get_data(as_text=True)
    assert "poster" not in first  # the language switch goes back to the bare address, never to the query
    assert client.get(address).get_data(as_text=True).count("Anna") == first.count("Anna")
    assert len(made) == 1
    italian = client.get(f"{address}?lang=it").get_data(as_text=True)
    assert '<html lang="it">' in italian and len(made) == 2
    assert '<html lang="it">' in client.get(f"{address}?lang=it&ref=poster").get_data(as_text=True)
    assert len(made) == 2
    # A new game finished: the ladder is made again, once per language.
    record_hand(
        client, new_game(client, "Bruno", "Anna", group=group), {"submission_id": "sub-k-0002", **sweep(0).to_json()}
    )
    client.get(f"{address}?lang=it")
    client.get(f"{address}?lang=it")
    assert len(made) == 3


def test_a_negative_rating_is_written_with_the_minus_sign_on_the_ladder_and_the_players_page(client):
    group = new_group(client)
    record_hand(
        client, new_game(client, "Anna", "Bruno", group=group), {"submission_id": "sub-m-0001", **sweep(0).to_json()}
    )
    bruno = client.get(f"/api/v1/groups/{group.id}/ratings").get_json()["players"][1]
    assert bruno["name"] == "Bruno" and bruno["rating"] < -0.005
    figure = f"{abs(bruno['rating']):.2f}"
    ladder_page = client.get(f"/groups/{group.id}/ladder").get_data(as_text=True)
    assert f'<td class="n">−{figure}</td>' in ladder_page
    player_page = client.get(f"/groups/{group.id}/players/{bruno['id']}").get_data(as_text=True)
    italian = client.get(f"/groups/{group.id}/players/{bruno['id']}", headers={"Accept-Language": "it"})
    for page in (player_page, italian.get_data(as_text=True)):
        assert not re.search(r"-\d+[.,]\d\d\b", re.sub(r'data-values="[^"]*"', "", page))  # never a hyphen
    assert f"Rating −{figure}: rank 2 of 2" in player_page
    assert f"−{figure}".replace(".", ",") in italian.get_data(as_text=True)
    assert re.search(r'text-anchor="end">−\d+</text>', player_page)  # the chart's lowest value
