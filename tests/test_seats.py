"""Who sits with whom, the sides' names and a game's default name: made once, by the rules core (rules/seats.py),
and the new-game page, its script's suggestion (POST /api/v1/sides) and the games started all agree with it."""

import json
import re

import pytest

from scorekeeper.rules import Rules, Side, check_sides
from scorekeeper.rules.game import GAME_NAME_MAX, NAME_MAX
from scorekeeper.rules.options import PLAYER_COUNTS, SIDES_MAX
from scorekeeper.rules.seats import LAYOUTS, default_name, layouts_for, make_sides, team_name

SIX = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]


def new_game(client, names, layout="teams", **extra):
    """Start a game from the new-game form; returns its id."""
    data = (
        {f"players-{i}": n for i, n in enumerate(names)}
        | {"layout": layout, "profile": "classic", "deck_style": "italian"}
        | extra
    )
    r = client.post("/new", data=data)
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"].rsplit("/", 1)[1]


def page_json(html, element_id):
    found = re.search(rf'<script type="application/json" id="{element_id}">(.*?)</script>', html, re.S)
    assert found, f"no #{element_id} on the page"
    return json.loads(found[1])


# --- The core ------------------------------------------------------------------------------------------------


def test_partners_sit_opposite_and_six_can_play_as_two_threes_or_three_pairs():
    players = [s.players for s in make_sides(SIX[:4], "teams")]
    assert players == [("Anna", "Carla"), ("Bruno", "Dario")]
    assert [s.players for s in make_sides(SIX, "teams")] == [("Anna", "Carla", "Elena"), ("Bruno", "Dario", "Fabio")]
    assert [s.players for s in make_sides(SIX, "pairs")] == [("Anna", "Dario"), ("Bruno", "Elena"), ("Carla", "Fabio")]
    assert [s.name for s in make_sides(SIX, "teams")] == ["Anna, Carla & Elena", "Bruno, Dario & Fabio"]
    # Four cannot make three pairs: two partnerships. Two, three or five players always play alone.
    assert make_sides(SIX[:4], "pairs") == make_sides(SIX[:4], "teams")
    for n in (2, 3, 5):
        assert [s.players for s in make_sides(SIX[:n], "teams")] == [(name,) for name in SIX[:n]]


def test_every_seating_the_core_offers_makes_sides_the_core_accepts():
    for n in PLAYER_COUNTS:
        for layout in LAYOUTS:
            sides = make_sides(SIX[:n], layout)
            assert [s.players for s in check_sides(sides, Rules())] == [s.players for s in sides], (n, layout)
    assert list(layouts_for(4)) == ["teams", "alone"] and list(layouts_for(6)) == ["teams", "alone", "pairs"]
    assert list(layouts_for(2)) == ["alone"] and list(layouts_for(3)) == ["alone"]


def test_a_team_of_long_names_is_shortened_to_a_sides_name_and_its_players_keep_theirs():
    long = ["Massimiliano Esposito", "Bartolomeo Di Stefano", "Giovannantonio Russo"]
    name = team_name(long)
    assert len(name) <= NAME_MAX and name.count("…") == 3 and name.startswith("Massimilian")
    first = make_sides([long[0], "Anna", long[1], "Bruno", long[2], "Carla"], "teams")[0]
    assert first.name == name and first.players == tuple(long)


def test_the_default_name_takes_the_clock_it_is_given_and_fits_a_games_name():
    sides = [Side("A" * NAME_MAX, ("A" * NAME_MAX,)), Side("B" * NAME_MAX, ("B" * NAME_MAX,))]
    name = default_name(sides, "07:05")
    assert len(name) == GAME_NAME_MAX and name.endswith("… · 07:05")
    assert default_name(make_sides(["Anna", "Marco"], "alone"), "21:40") == "Anna vs Marco · 21:40"


# --- The page and the core agree ----------------------------------------------------------------------------


def test_the_new_game_page_carries_the_cores_seating_and_offers_its_layouts(client):
    html = client.get("/new").get_data(as_text=True)
    seating = page_json(html, "seating-data")
    assert seating == {str(n): {k: [list(s) for s in v] for k, v in layouts_for(n).items()} for n in PLAYER_COUNTS}
    assert re.findall(r'data-layout="(\w+)"', html) == list(LAYOUTS)
    assert html.count('class="player-row"') == SIDES_MAX
    assert 'data-sides-url="/api/v1/sides"' in html


@pytest.mark.parametrize(
    ("count", "layout"),
    [(2, "teams"), (3, "alone"), (4, "teams"), (4, "alone"), (4, "pairs"), (6, "teams"), (6, "pairs"), (6, "alone")],
)
def test_the_scripts_suggested_name_is_the_name_the_game_gets(client, count, layout):
    names = SIX[:count]
    answer = client.post("/api/v1/sides", json={"players": names, "layout": layout, "clock": "21:40"})
    assert answer.status_code == 200, answer.json
    game = client.get(f"/api/v1/games/{new_game(client, names, layout, local_time='21:40')}").json
    assert game["name"] == answer.json["name"]
    assert [s["name"] for s in game["sides"]] == [s["name"] for s in answer.json["sides"]]
    assert [s["players"] for s in game["sides"]] == [s["players"] for s in answer.json["sides"]]


def test_the_suggestion_is_the_cores_for_long_names_too(client):
    names = ["Massimiliano Esposito", "Bartolomeo Di Stefano", "Giovannantonio Russo", "Pierfrancesco Bianchi"]
    answer = client.post("/api/v1/sides", json={"players": names, "layout": "teams", "clock": "09:05"}).json
    assert answer["name"] == default_name(make_sides(names, "teams"), "09:05")
    assert len(answer["name"]) <= GAME_NAME_MAX


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": "Anna", "clock": "21:40"}, "players"),
        ({"players": ["Anna"], "clock": "21:40"}, "players"),
        ({"players": SIX + ["Gino"], "clock": "21:40"}, "players"),
        ({"players": ["Anna", 7], "clock": "21:40"}, "players[1]"),
        ({"players": ["Anna", "x" * (NAME_MAX + 1)], "clock": "21:40"}, "players[1]"),
        ({"players": ["Anna", "Bruno"], "layout": "trios", "clock": "21:40"}, "layout"),
        ({"players": ["Anna", "Bruno"], "layout": ["teams"], "clock": "21:40"}, "layout"),
        ({"players": ["Anna", "Bruno"]}, "clock"),
        ({"players": ["Anna", "Bruno"], "clock": "25:00"}, "clock"),
        ({"players": ["Anna", "Bruno"], "clock": "21:40\n"}, "clock"),
    ],
)
def test_a_suggestion_asked_with_bad_input_says_what_was_wrong(client, body, field):
    r = client.post("/api/v1/sides", json=body)
    assert r.status_code == 400 and r.json["field"] == field and r.json["message"]


def test_the_cores_player_counts_are_the_counts_it_seats():
    from scorekeeper.rules.game import SIDE_LAYOUTS

    assert sorted(SIDE_LAYOUTS) == list(PLAYER_COUNTS)


# --- Paper and limits on the pages ---------------------------------------------------------------------------


def test_a_blank_pad_has_a_column_for_each_side_the_core_seats(client):
    for kind, layout, heads in [
        ("3", "alone", ["Player 1", "Player 2", "Player 3"]),
        ("4", "teams", ["Team 1 (seats 1 &amp; 3)", "Team 2 (seats 2 &amp; 4)"]),
        ("6", "pairs", ["Team 1 (seats 1 &amp; 4)", "Team 2 (seats 2 &amp; 5)", "Team 3 (seats 3 &amp; 6)"]),
    ]:
        html = client.get(f"/pads/{kind}").get_data(as_text=True)
        found = re.findall(r'<th colspan="\d+" class="side-head">([^<]*)<br>', html)
        assert found == heads and len(found) == len(make_sides(SIX[: int(kind)], layout)), kind
    italian = client.get("/pads/6?lang=it").get_data(as_text=True)
    assert "Squadra 3 (posti 3 e 6)" in italian
    r = client.get("/pads/5")
    assert r.status_code == 404 and "2, 3, 4 or 6 players" in r.get_data(as_text=True)


def test_the_pages_show_and_enforce_the_cores_limits(client):
    from scorekeeper.rules.events import ENTRANTS_TEXT_MAX
    from scorekeeper.rules.scoring import PRIMIERA_MAX

    assert f"added up ({PRIMIERA_MAX} at most)" in client.get("/pads/2").get_data(as_text=True)
    html = client.get("/new").get_data(as_text=True)
    assert html.count(f'maxlength="{NAME_MAX}"') == SIDES_MAX and f'maxlength="{GAME_NAME_MAX}"' in html
    assert "2, 3, 4 or 6 players." in html
    assert "2, 3, 4 o 6 giocatori." in client.get("/new?lang=it").get_data(as_text=True)
    assert f'maxlength="{ENTRANTS_TEXT_MAX}"' in client.get("/events/new").get_data(as_text=True)


def test_the_new_event_form_offers_the_cores_tables_and_match_points(client):
    from scorekeeper.rules.events import TABLE_SIZES, MatchPoints

    html = client.get("/events/new").get_data(as_text=True)
    assert re.findall(r'name="table_size"[^>]*value="(\d+)"', html) == [str(n) for n in TABLE_SIZES]
    for field in ("win", "draw", "loss", "bye"):
        assert re.search(rf'name="{field}"[^>]*value="{getattr(MatchPoints(), field)}"', html), field


def test_an_events_pair_of_long_names_is_named_as_a_new_games_team_would_be(client):
    long = ["Massimiliano Esposito", "Bartolomeo Di Stefano", "Giovannantonio Russo", "Pierfrancesco Bianchi"]
    body = {"name": "Scopa Sunday", "players": [long[:2], long[2:]], "table_size": 4, "rules": {"target": 4}}
    r = client.post("/api/v1/events", json=body)
    assert r.status_code == 201, r.json
    assert [p["name"] for p in r.json["players"]] == [team_name(long[:2]), team_name(long[2:])]
    assert all(len(p["name"]) <= NAME_MAX for p in r.json["players"])
