"""The scoring and ending options of RULES.md 1.2 through the JSON API (API.md, version 1.3 additions).

Each option changes a result as RULES.md says; without it the same request answers as before.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import DECK
from tests.conftest import new_game

# Twenty cards each: the cards are tied 20-20; Anna has every coin (so the settebello, the donna di denari and
# the grande), Bruno the other suits' sevens; neither holds all four suits.
ANNA = [f"{r}d" for r in range(1, 11)] + ["1c", "2c", "3c", "4c", "5c", "1s", "2s", "3s", "4s", "5s"]
BRUNO = [str(c) for c in DECK if str(c) not in ANNA]


def score(client, rules=None, scopas=(0, 0), **extra):
    body = {
        "sides": [
            {"name": "Anna", "pile": ANNA, "scopas": scopas[0], **extra.get("anna", {})},
            {"name": "Bruno", "pile": BRUNO, "scopas": scopas[1], **extra.get("bruno", {})},
        ]
    }
    if rules is not None:
        body["rules"] = rules
    return client.post("/api/v1/score", json=body)


def hand(client, game, sides, n=1):
    body = {"submission_id": f"hand-{n}-{hash(str(sides))}", "sides": sides}
    return client.post(f"/api/v1/games/{game.id}/rounds", json=body, headers=game.keeper)


def won(*categories, **extra):
    return {"won": list(categories), "scopas": 0, **extra}


@pytest.mark.parametrize(
    ("rules", "category", "anna", "bruno"),
    [
        (None, "cards", 0, 0),
        ({"tie_points": "each"}, "cards", 1, 1),
        ({"donna_di_denari": True}, "donna_di_denari", 1, 0),
        ({"grande": True}, "grande", 5, 0),
        ({"napola": True, "napola_max": 6}, "napola", 6, 0),
        ({"napola": True}, "napola", 10, 0),
        ({"coin_points": True}, "coin_points", 10, 0),
    ],
)
def test_each_scoring_option_changes_its_category_through_the_api(client, rules, category, anna, bruno):
    r = score(client, rules)
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert [s["points"][category] for s in body["sides"]] == [anna, bruno]
    said = next(x["text"] for x in body["reasons"] if x["category"] == category)
    assert said


def test_the_default_score_is_unchanged(client):
    body = score(client).get_json()
    assert body["sides"][0]["points"] == {"cards": 0, "coins": 1, "settebello": 1, "primiera": 0, "scopas": 0}
    # Neither pile holds all four suits: nobody can compete for the primiera.
    assert body["sides"][1]["points"] == {"cards": 0, "coins": 0, "settebello": 0, "primiera": 0, "scopas": 0}


def test_primiera_and_scopas_left_uncounted(client):
    body = score(client, {"score_primiera": False, "score_scopas": False}).get_json()
    assert body["sides"][1]["points"] == {"cards": 0, "coins": 0, "settebello": 0}
    r = score(client, {"score_scopas": False}, scopas=(1, 0))
    assert r.status_code == 400 and "score_scopas" in r.get_json()["message"]
    # A scopa marked during a hand is refused too, and nothing is marked.
    game = new_game(client, rules={"score_scopas": False})
    mark = {"submission_id": "mark-scopa-1", "side": 0, "change": 1}
    r = client.post(f"/api/v1/games/{game.id}/scopas", json=mark, headers=game.keeper)
    assert r.status_code == 400 and "score_scopas" in r.get_json()["message"]
    assert client.get(f"/api/v1/games/{game.id}").get_json()["pending_scopas"] == [0, 0]


def test_knocks_in_a_hand_through_the_api(client):
    game = new_game(client, rules={"knocks": True, "target": 99})
    r = hand(client, game, [won("cards", "settebello", knocks=13), won("coins", "primiera", knocks=3)])
    assert r.status_code == 201, r.get_json()
    assert [s["points"]["knocks"] for s in r.get_json()["sides"]] == [13, 3]
    assert r.get_json()["totals"] == [15, 5]
    assert r.get_json()["entry"]["sides"][0]["knocks"] == 13
    bad = hand(client, game, [won("cards", "settebello", knocks=4), won()], n=2)
    assert bad.status_code == 400 and bad.get_json()["field"] == "sides[0].knocks"
    # Without knocks on, a hand carrying them is refused, naming the option.
    plain = new_game(client)
    r = hand(client, plain, [won("cards", "settebello", knocks=3), won()])
    assert r.status_code == 400 and "knocks" in r.get_json()["message"]
    assert client.get(f"/api/v1/games/{plain.id}").get_json()["rounds"] == []


def test_a_game_drawn_at_the_target(client):
    for end, finished in (("highest", False), ("draw", True)):
        game = new_game(client, rules={"end": end, "target": 2})
        r = hand(client, game, [won("cards", "settebello"), won("coins", "primiera")])
        assert r.status_code == 201
        body = client.get(f"/api/v1/games/{game.id}").get_json()
        assert body["finished"] is finished and body["winner"] is None and body["draw"] is finished
        if finished:
            assert "draw" in body["status"]
            # The game is over: no further hand is taken.
            assert hand(client, game, [won("cards", "settebello"), won()], n=2).status_code == 409


def test_only_the_tied_leaders_can_win_the_playoff(client):
    for playoff, winner in (("all", 2), ("leaders", 0)):
        game = new_game(client, "Anna", "Bruno", "Carla", rules={"playoff": playoff, "target": 2})
        hand(client, game, [won("cards", "settebello"), won("coins", "primiera"), won()])
        r = hand(
            client,
            game,
            [won("primiera"), won(), {"won": ["cards", "coins", "settebello"], "scopas": 2}],
            n=2,
        )
        assert r.status_code == 201, r.get_json()
        assert r.get_json()["winner"] == winner


def test_the_winners_entry_lists_donna_di_denari_and_grande(client):
    game = new_game(client, rules={"donna_di_denari": True, "grande": True, "re_bello": True, "target": 99})
    r = hand(
        client, game, [won("cards", "settebello", "donna_di_denari", "grande", "re_bello"), won("coins", "primiera")]
    )
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["sides"][0]["points"]["grande"] == 5
    assert r.get_json()["sides"][0]["points"]["donna_di_denari"] == 1
    # The grande holds the Cavallo of coins: another side cannot have the donna.
    r = hand(client, game, [won("cards", "settebello", "grande", "re_bello"), won("donna_di_denari")], n=2)
    assert r.status_code == 400 and "grande" in r.get_json()["message"]
    # Counts say it as a side's tally.
    tally = {"cards": 22, "coins": 6, "settebello": True, "primiera_won": True, "donna_di_denari": True}
    other = {"cards": 18, "coins": 4, "settebello": False, "primiera_won": False, "grande": False}
    r = hand(client, game, [{"tally": tally}, {"tally": other}], n=3)
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["sides"][0]["points"]["donna_di_denari"] == 1


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"napola_max": 6}, "rules.napola_max"),
        ({"prime_values": "triple"}, "rules.prime_values"),
        ({"end": "draw", "playoff": "leaders"}, "rules.playoff"),
        ({"coin_points": "yes"}, "rules.coin_points"),
    ],
)
def test_options_that_make_no_sense_are_a_400_naming_the_option(client, rules, field):
    r = client.post("/api/v1/games", json={"sides": [{"name": "Anna"}, {"name": "Bruno"}], "rules": rules})
    assert r.status_code == 400 and r.get_json()["field"] == field


def test_the_rules_index_lists_every_scoring_option(client):
    options = client.get("/api/v1/rules").get_json()["options"]
    assert options["prime_values"]["values"] == ["classic", "face", "double"]
    assert options["napola_max"]["values"][0] == 10 and options["napola_max"]["needs"] == {"napola": True}
    assert "draw" in options["end"]["values"] and options["playoff"]["values"] == ["all", "leaders"]
    for name in ("tie_points", "score_primiera", "score_scopas", "donna_di_denari", "grande", "coin_points", "knocks"):
        assert options[name]["help"] and options[name]["title"]


@pytest.mark.parametrize(
    ("language", "draw_said", "grande_said"),
    [
        ("en", "A draw at 2-2", "no grande"),
        ("it", "Patta a 2-2", "niente grande"),
    ],
)
def test_the_scoreboard_says_a_draw_in_words_and_shows_the_new_categories_reasons(
    client, language, draw_said, grande_said
):
    game = new_game(client, rules={"end": "draw", "target": 2, "grande": True})
    assert hand(client, game, [won("cards", "settebello"), won("coins", "primiera")]).status_code == 201
    page = client.get(f"/g/{game.id}", headers={"Accept-Language": language})
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert draw_said in html and grande_said in html
    # The score sheet and its export write the grande's points too.
    assert client.get(f"/g/{game.id}/sheet").status_code == 200
