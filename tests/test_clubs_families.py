"""A group and an event that play every family (Scopa, Escoba, Cirulla), and games that end in a draw, through
the pages and the API: each game names its family, a player's record is kept per family in its own words, a
drawn game is a draw (in the statistics, head to head and the standings), in English, Italian and Spanish."""

import re

import pytest

from tests.conftest import new_event
from tests.test_groups import ALL, Group, won
from tests.test_spanish_pages import ES, foreign_words

IT = {"Accept-Language": "it"}


def mixed_group(client):
    """Anna against Bruno three times: a classic game to 2 drawn 2-2, an Escoba game to 3 Anna wins with two
    escobas, a Cirulla game to 5 Bruno wins with the grande, the piccola and a knock."""
    group = Group(client, "Martes")
    group.game(["Anna", "Bruno"], [[won("cards", "coins"), won("settebello", "primiera")]], target=2, end="draw")
    group.game(["Anna", "Bruno"], [[won(*ALL, scopas=2), won()]], profile="escoba", target=3)
    bruno = {"won": ["coins", "settebello", "grande"], "scopas": 1, "napola": 3, "knocks": 3}
    group.game(["Anna", "Bruno"], [[won("cards"), bruno]], profile="cirulla", target=5)
    ids = {p["name"]: p["id"] for p in group.get()["players"]}
    return group, ids


def test_a_mixed_groups_games_name_their_family_and_a_draw_is_a_draw(client):
    group, _ids = mixed_group(client)
    page = client.get(f"/groups/{group.id}").get_data(as_text=True)
    games = re.findall(r'<span class="muted">([^<]*)</span>', page.split('id="games-title"')[1])
    assert [g.split(" · ")[:2] for g in games] == [
        ["Won by Bruno", "Cirulla"],
        ["Won by Anna", "Escoba"],
        ["A draw", "Scopa (Classic)"],
    ]
    # The players' list counts the draw beside the wins.
    assert page.count("1 win · 1 draw") == 2
    # The rules filter groups each family's rules under its name.
    assert '<optgroup label="Escoba"><option value="escoba" >Escoba</option></optgroup>' in page


def test_a_players_page_keeps_a_record_per_family_in_its_own_words(client):
    group, ids = mixed_group(client)
    page = client.get(f"/groups/{group.id}/players/{ids['Anna']}").get_data(as_text=True)
    assert "1 won, 1 drawn, 1 lost (33% won)" in page
    sections = dict(re.findall(r'<h2 id="family-\d">(\w+)</h2>\s*<table class="stats">(.*?)</table>', page, re.S))
    assert list(sections) == ["Scopa", "Escoba", "Cirulla"]
    assert "0 won, 1 drawn, 0 lost" in sections["Scopa"] and "Scopas per hand" in sections["Scopa"]
    escoba = sections["Escoba"]
    assert "1 won, 0 drawn, 0 lost" in escoba and "Escobas per hand</th><td>2.0 (2)" in escoba
    for word in ("Cards", "Coins", "Siete de oros", "Setenta"):  # Escoba's words in English (rules/words.py)
        assert f'<th scope="row">{word}</th><td>won in 1 of 1 hands' in escoba
    assert "Primiera" not in escoba and "Grande" not in escoba
    cirulla = client.get(f"/groups/{group.id}/players/{ids['Bruno']}").get_data(as_text=True)
    cirulla = cirulla.split(">Cirulla</h2>")[1].split("</table>")[0]
    for line in ("Piccola</th><td>won in 1 of 1 hands", "Grande</th><td>won in 1 of 1 hands"):
        assert line in cirulla
    assert "Knocks</th><td>knocked in 1 of 1 hands" in cirulla
    # The form lists the drawn game as drawn, not lost.
    assert "<li>Game" not in page and re.search(r"<li>[^<]*: drawn \(\+0\)</li>", page)


def test_head_to_head_says_a_drawn_game_is_a_draw(client):
    group, ids = mixed_group(client)
    page = client.get(f"/groups/{group.id}/h2h?a={ids['Anna']}&b={ids['Bruno']}").get_data(as_text=True)
    assert "3 games on opposite sides · 1 draw" in page
    assert "A draw" in page and "Won by another side" not in page
    answer = client.get(f"/api/v1/groups/{group.id}/head-to-head?a=Anna&b=Bruno").get_json()
    assert (answer["wins"], answer["draws"]) == ([1, 1], 1)
    assert [(g["family"], g["winner"]) for g in answer["list"]] == [
        ("cirulla", "b"),
        ("escoba", "a"),
        ("scopa", "draw"),
    ]


def test_the_group_api_carries_each_games_family_and_each_players_draws(client):
    group, _ids = mixed_group(client)
    body = group.get()
    assert [(g["profile"], g["family"], g["draw"], g["winner"]) for g in body["games"]] == [
        ("cirulla", "cirulla", False, 1),
        ("escoba", "escoba", False, 0),
        ("classic", "scopa", True, None),
    ]
    assert {p["name"]: (p["games"], p["wins"], p["draws"], p["losses"]) for p in body["players"]} == {
        "Anna": (3, 1, 1, 1),
        "Bruno": (3, 1, 1, 1),
    }
    stats = group.stats()
    assert list(stats["Anna"]["families"]) == ["scopa", "escoba", "cirulla"]
    assert stats["Bruno"]["families"]["cirulla"]["categories"]["grande"] == 1
    assert "grande" not in stats["Anna"]["families"]["escoba"]["categories"]


@pytest.mark.parametrize(
    ("headers", "words"),
    [
        (IT, ["1 vinte, 1 pari, 1 perse", "Escobas per mano", "Setenta", "Bussate"]),
        (ES, ["1 ganadas, 1 empatadas, 1 perdidas", "Escobas por mano", "Setenta", "Bussate"]),
    ],
    ids=["it", "es"],
)
def test_the_family_records_speak_italian_and_spanish(client, headers, words):
    group, ids = mixed_group(client)
    for pid in ids.values():
        page = client.get(f"/groups/{group.id}/players/{pid}", headers=headers).get_data(as_text=True)
        assert "Bussate" in page or "Setenta" in page
    page = client.get(f"/groups/{group.id}/players/{ids['Bruno']}", headers=headers).get_data(as_text=True)
    for word in words:
        assert word in page
    if headers is ES:
        assert foreign_words(page) == []
        h2h = client.get(f"/groups/{group.id}/h2h?a=Anna&b=Bruno", headers=ES).get_data(as_text=True)
        assert "Empate" in h2h and foreign_words(h2h) == []


# --- events --------------------------------------------------------------------------------------------------------


EVENT_FORM = {
    "name": "Noche de escoba",
    "players": "Anna\nBruno\n",
    "table_size": "2",
    "pairing": "auto",
    "win": "2",
    "draw": "1",
    "loss": "0",
    "bye": "1",
}


def test_the_new_event_page_offers_escoba_and_cirulla_and_their_targets(client):
    page = client.get("/events/new").get_data(as_text=True)
    assert '<optgroup label="Escoba"><option value="escoba">Escoba</option></optgroup>' in page
    assert '<optgroup label="Cirulla"><option value="cirulla">Cirulla</option></optgroup>' in page
    assert "Escoba: usually 15, 21, 30." in page and "Cirulla: usually 51." in page
    assert 'id="level-1" name="level" type="radio" value="draw"' in page and "The game is a draw" in page


def test_an_escoba_event_made_on_its_page_plays_escoba_and_counts_a_drawn_table_as_a_draw(client):
    r = client.post("/events/new", data=EVENT_FORM | {"profile": "escoba", "target": "3", "level": "draw"})
    assert r.status_code == 302, r.get_data(as_text=True)
    page = client.get(r.location).get_data(as_text=True)
    assert "Escoba · to 3 · level at the target: a draw · Round-robin" in page
    assert "A game level at the target ends as a draw" in page
    key = re.search(r'value="http://localhost/e/[\w-]+/organise/([\w-]+)"', page)[1]
    event_id = r.location.rstrip("/").split("/")[-1]
    paired = client.post(f"/api/v1/events/{event_id}/rounds", headers={"X-Organiser-Key": key}, json=None).get_json()
    game = paired["tables"][0]["game"]
    shown = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert shown["rules"]["profile"] == "escoba" and shown["rules"]["end"] == "draw"
    assert shown["deck_style"] == "spanish"
    # 3-3 at the target: a draw, one match point each.
    sides = [{"won": ["cards", "coins"], "scopas": 1}, {"won": ["settebello", "primiera"], "scopas": 1}]
    r = client.post(
        f"/api/v1/games/{game['id']}/rounds",
        headers={"X-Keeper-Key": game["keeper_key"]},
        json={"submission_id": "escoba-event-0001", "sides": sides},
    )
    assert r.status_code == 201, r.get_json()
    table = client.get(f"/api/v1/events/{event_id}/standings").get_json()["standings"]
    assert [(line["name"], line["drawn"], line["lost"], line["match_points"]) for line in table] == [
        ("Anna", 1, 0, 1),
        ("Bruno", 1, 0, 1),
    ]
    page = client.get(f"/e/{event_id}").get_data(as_text=True)
    assert "Draw, 3–3" in page
    sheet = client.get(f"/e/{event_id}/sheet").get_data(as_text=True)
    assert "Escoba · to 3" in sheet and "Draw, 3–3" in sheet
    screen = client.get(f"/e/{event_id}/screen").get_data(as_text=True)
    assert "Escoba · to 3" in screen
    spanish = client.get(f"/e/{event_id}", headers=ES).get_data(as_text=True)
    assert "Escoba · a 3 · igualados en la meta: empate" in spanish and "Empate, 3–3" in spanish
    assert foreign_words(spanish) == []


def test_without_the_draw_chosen_a_level_game_plays_on_and_the_page_says_when_a_table_is_a_draw(client):
    r = client.post("/events/new", data=EVENT_FORM | {"profile": "cirulla"})
    page = client.get(r.location).get_data(as_text=True)
    assert "Cirulla · to 51 · Round-robin" in page
    assert (
        "A table is a draw only when the organiser calls it one: each side then has 1 match point for the draw" in page
    )


def test_a_profile_that_fixes_how_a_game_ends_refuses_the_draw_and_makes_nothing(client):
    r = client.post("/events/new", data=EVENT_FORM | {"profile": "count-out", "level": "draw"})
    assert r.status_code == 400 and 'role="alert"' in r.get_data(as_text=True)
    assert client.get("/api/v1/events/none").status_code == 404


def test_an_escoba_event_through_the_api_says_its_profile_and_family(client):
    event = new_event(client, players=["Anna", "Bruno"], rules={"profile": "escoba"}, deck_style="spanish")
    assert (event["profile"], event["family"], event["rules"]["profile"]) == ("escoba", "escoba", "escoba")
    assert event["deck_style"] == "spanish"
    shown = client.get(f"/api/v1/events/{event.id}").get_json()
    assert (shown["profile"], shown["family"]) == ("escoba", "escoba")
    paired = client.post(f"/api/v1/events/{event.id}/rounds", headers=event.key).get_json()
    game = client.get(f"/api/v1/games/{paired['tables'][0]['game']['id']}").get_json()
    assert game["rules"]["profile"] == "escoba" and game["target"] == 15


@pytest.mark.parametrize(("profile", "deck"), [("escoba", "spanish"), ("cirulla", "french"), ("classic", "italian")])
def test_a_game_or_an_event_made_through_the_api_without_a_deck_takes_its_familys_deck(client, profile, deck):
    game = client.post(
        "/api/v1/games", json={"sides": [{"name": "Ana"}, {"name": "Bruno"}], "rules": {"profile": profile}}
    )
    assert game.status_code == 201 and game.get_json()["deck_style"] == deck
    event = new_event(client, players=["Anna", "Bruno"], rules={"profile": profile})
    assert event["deck_style"] == deck


def test_a_game_made_through_the_api_without_a_name_is_named_after_its_game(client):
    for profile, word in (("escoba", "Escoba, "), ("cirulla", "Cirulla, "), ("classic", "Scopa, ")):
        made = client.post(
            "/api/v1/games", json={"sides": [{"name": "Ana"}, {"name": "Bruno"}], "rules": {"profile": profile}}
        )
        assert made.get_json()["name"].startswith(word)
