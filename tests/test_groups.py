"""Groups, players across games, statistics and head to head (API.md 1.2), checked against hand-computed results."""

import csv
import io
import re

import pytest

from tests.conftest import new_game, new_group, record_hand


def won(*categories, scopas=0, napola=0):
    side = {"won": list(categories), "scopas": scopas}
    return {**side, "napola": napola} if napola else side


ALL = ("cards", "coins", "settebello", "primiera")


class Group:
    """A group made through the API (``tests.conftest.new_group``), and games played in it."""

    def __init__(self, client, name="Venerdì da Nonna"):
        self.client = client
        self.group = new_group(client, name)
        self.id, self.key, self.body = self.group.id, self.group.key, dict(self.group)
        self.n = 0

    def game(self, sides, hands=(), **rules):
        """Start a game (sides: names, or lists of names for teams) and record its hands; its id and key."""
        game = new_game(self.client, *sides, rules=rules, group=self.group)
        for hand in hands:
            self.n += 1
            record_hand(self.client, game, {"submission_id": f"sub-group-{self.n:04d}", "sides": list(hand)})
        return game.id, game.keeper

    def stats(self):
        return {p["name"]: p for p in self.client.get(f"/api/v1/groups/{self.id}/stats").get_json()["players"]}

    def get(self):
        return self.client.get(f"/api/v1/groups/{self.id}").get_json()


def test_a_group_is_made_without_an_account_and_its_key_guards_its_games(client):
    group = Group(client)
    assert len(group.id) >= 16 and group.body["url"].endswith(f"/groups/{group.id}")
    assert f"/groups/{group.id}/keep/" in group.body["keeper_url"]
    body = {"sides": [{"name": "Anna"}, {"name": "Bruno"}], "group": group.id}
    assert client.post("/api/v1/games", json=body).status_code == 403
    assert client.post("/api/v1/games", json=body, headers={"X-Group-Key": "wrong"}).status_code == 403
    assert client.post("/api/v1/games", json={**body, "group": "no-such-group"}, headers=group.key).status_code == 404
    assert client.post("/api/v1/groups", json={"name": ""}).status_code == 400
    assert client.get("/api/v1/groups/no-such-group").status_code == 404
    # A game outside any group works as before.
    assert client.post("/api/v1/games", json={"sides": body["sides"]}).status_code == 201


def test_players_are_known_by_name_across_games_case_and_spacing_ignored(client):
    group = Group(client)
    group.game(["Anna", "Bruno"])
    group.game(["  anna ", "BRUNO"])
    group.game(["Anna Maria", "Bruno"])
    assert [p["name"] for p in group.get()["players"]] == ["Anna", "Bruno", "Anna Maria"]


def test_statistics_add_up_as_counted_by_hand(client):
    group = Group(client)
    # Game 1, Anna v Bruno to 11: Anna sweeps three hands (4 + 1 scopa = 5 each): 15-0, Anna wins in 3 hands.
    group.game(["Anna", "Bruno"], [[won(*ALL, scopas=1), won()]] * 3)
    # Game 2, Anna v Bruno: cards tied every hand (nobody scores them); Bruno coins, settebello, primiera: 3 a hand,
    # 4 hands: 0-12, Bruno wins.
    group.game(["Anna", "Bruno"], [[won(), won("coins", "settebello", "primiera")]] * 4)
    # Game 3, still playing: counts for nothing.
    group.game(["Anna", "Bruno"], [[won(*ALL), won()]])
    stats = group.stats()
    anna, bruno = stats["Anna"], stats["Bruno"]
    assert (anna["games"], anna["wins"], anna["win_rate"], anna["hands"]) == (2, 1, 0.5, 7)
    assert (anna["points"], anna["points_per_hand"], anna["scopas"], anna["scopas_per_hand"]) == (15, 2.14, 3, 0.43)
    assert anna["categories"] == {"cards": 3, "coins": 3, "settebello": 3, "primiera": 3}
    assert (bruno["games"], bruno["wins"], bruno["points"], bruno["scopas"]) == (2, 1, 12, 0)
    assert bruno["categories"] == {"cards": 0, "coins": 4, "settebello": 4, "primiera": 4}
    assert anna["best_game"]["margin"] == 15 and anna["worst_game"]["margin"] == -12
    assert (
        anna["current_streak"] == {"won": False, "outcome": "lost", "games": 1} and anna["longest_winning_streak"] == 1
    )
    listed = {p["name"]: (p["games"], p["wins"]) for p in group.get()["players"]}
    assert listed == {"Anna": (2, 1), "Bruno": (2, 1)}


def test_a_teams_result_counts_for_each_of_its_players(client):
    group = Group(client)
    group.game([("Anna", "Carla"), ("Bruno", "Dario")], [[won(*ALL, scopas=2), won()]] * 2)  # 12-0
    stats = group.stats()
    for name in ("Anna", "Carla"):
        assert (stats[name]["games"], stats[name]["wins"], stats[name]["points"], stats[name]["scopas"]) == (
            1,
            1,
            12,
            4,
        )
    assert (stats["Dario"]["games"], stats["Dario"]["wins"], stats["Dario"]["points"]) == (1, 0, 0)
    teams = {t["name"]: t for t in client.get(f"/api/v1/groups/{group.id}/stats").get_json()["teams"]}
    assert teams["Anna & Carla"]["wins"] == 1 and teams["Bruno & Dario"]["wins"] == 0


def test_corrected_and_deleted_hands_change_the_statistics(client):
    group = Group(client)
    game, key = group.game(["Anna", "Bruno"], [[won(*ALL, scopas=3), won()]] * 2)  # 7 + 7: 14-0, won in hand 2
    assert group.stats()["Anna"]["points"] == 14
    # Hand 1 corrected: Bruno took everything (7-7 after two hands), the game plays on: no finished game counts.
    fix = {"submission_id": "sub-fix-000001", "sides": [won(), won(*ALL, scopas=3)]}
    assert client.put(f"/api/v1/games/{game}/rounds/1", json=fix, headers=key).status_code == 200
    assert group.stats()["Anna"]["games"] == 0
    # Hand 1 deleted: 7-0 after one hand, still playing; one more sweep wins it 14-0 in 2 hands.
    assert client.delete(f"/api/v1/games/{game}/rounds/1", headers=key).status_code == 204
    body = {"submission_id": "sub-again-000001", "sides": [won(*ALL, scopas=3), won()]}
    client.post(f"/api/v1/games/{game}/rounds", json=body, headers=key)
    anna = group.stats()["Anna"]
    assert (anna["games"], anna["wins"], anna["points"], anna["hands"]) == (1, 1, 14, 2)


def test_count_out_games_count_only_the_points_that_counted(client):
    group = Group(client)
    # To 3, count-out: Anna leads 2-0, then takes cards (3) first: the rest of that hand (coins, settebello,
    # primiera, 2 scopas) goes unscored.
    group.game(
        ["Anna", "Bruno"],
        [[won("cards", "settebello"), won()], [won(*ALL, scopas=2), won()]],
        end="count_out",
        target=3,
    )
    anna = group.stats()["Anna"]
    assert (anna["points"], anna["hands"], anna["wins"]) == (3, 2, 1)


def test_the_napola_counts_only_in_games_that_play_it(client):
    group = Group(client)
    group.game(["Anna", "Bruno"], [[won(*ALL, napola=5), won()]] * 2, napola=True)  # 9 + 9: 18, won
    group.game(["Anna", "Bruno"], [[won(*ALL, scopas=3), won()]] * 2)  # classic: 14-0
    anna = group.stats()["Anna"]
    assert anna["categories"]["napola"] == 2 and anna["hands"] == 4
    assert anna["category_rates"]["napola"] == 1.0  # 2 hands of the 2 played with the napola
    assert "napola" not in group.stats()["Bruno"]["categories"] or group.stats()["Bruno"]["categories"]["napola"] == 0


def test_head_to_head_counts_games_on_opposite_sides(client):
    group = Group(client)
    group.game(["Anna", "Bruno"], [[won(*ALL, scopas=3), won()]] * 2)  # Anna
    group.game(["Bruno", "Anna"], [[won(*ALL, scopas=3), won()]] * 2)  # Bruno
    group.game(["Anna", "Bruno"], [[won(*ALL, scopas=3), won()]] * 2)  # Anna
    group.game([("Anna", "Bruno"), ("Carla", "Dario")], [[won(*ALL, scopas=3), won()]] * 2)  # same side: not counted
    group.game(["Anna", "Bruno", "Carla"], [[won(), won(), won(*ALL, scopas=3)]] * 2)  # Carla: a game, no win
    h2h = client.get(f"/api/v1/groups/{group.id}/head-to-head?a=Anna&b=bruno").get_json()
    assert (h2h["games"], h2h["wins"]) == (4, [2, 1])
    bad = client.get(f"/api/v1/groups/{group.id}/head-to-head?a=Anna&b=Zoe")
    assert bad.status_code == 400 and bad.get_json()["field"] == "b"


def test_a_renamed_player_keeps_their_games_and_two_merged_players_are_one(client):
    group = Group(client)
    group.game(["Anna", "Bruno"], [[won(*ALL, scopas=3), won()]] * 2)
    group.game(["Annina", "Bruno"], [[won(*ALL, scopas=3), won()]] * 2)
    ids = {p["name"]: p["id"] for p in group.get()["players"]}
    r = client.patch(f"/api/v1/groups/{group.id}/players/{ids['Anna']}", json={"name": "Anna M."}, headers=group.key)
    assert r.status_code == 200
    assert group.stats()["Anna M."]["wins"] == 1
    taken = client.patch(f"/api/v1/groups/{group.id}/players/{ids['Anna']}", json={"name": "annina"}, headers=group.key)
    assert taken.status_code == 400 and "merge" in taken.get_json()["message"]
    assert (
        client.post(f"/api/v1/groups/{group.id}/players/{ids['Annina']}/merge", json={"into": ids["Anna"]}).status_code
        == 403
    )
    r = client.post(
        f"/api/v1/groups/{group.id}/players/{ids['Annina']}/merge", json={"into": ids["Anna"]}, headers=group.key
    )
    assert r.status_code == 200
    stats = group.stats()
    assert "Annina" not in stats and stats["Anna M."]["wins"] == 2
    # The merged name still finds the player in new games.
    group.game(["annina", "Bruno"])
    assert [p["name"] for p in group.get()["players"]] == ["Anna M.", "Bruno"]


def test_two_players_who_met_in_a_game_are_not_merged_and_the_refusal_names_the_game(client):
    group = Group(client)
    group.game(["Anna", "Bruno"], [[won(*ALL, scopas=3), won()]] * 2)  # Anna beats Bruno
    group.game([["Anna", "Carla"], ["Bruno", "Dario"]])  # Anna and Carla partners, still playing
    group.game(["Elena", "Carla"])
    ids = {p["name"]: p["id"] for p in group.get()["players"]}
    before = (group.get()["players"], group.stats())
    url = f"/api/v1/groups/{group.id}/players/{ids['Bruno']}/merge"
    r = client.post(url, json={"into": ids["Anna"]}, headers=group.key)
    body = r.get_json()
    assert r.status_code == 409 and (body["error"], body["field"]) == ("players_met", "into")
    assert "Bruno and Anna sat at the same table in Scopa" in body["message"]
    assert "(Anna, Bruno), as opponents" in body["message"] and "nothing was merged" in body["message"]
    assert (group.get()["players"], group.stats()) == before
    assert group.stats()["Anna"]["games"] == 1 and group.stats()["Bruno"]["wins"] == 0
    # Partners are two seats of one game too.
    r = client.post(
        f"/api/v1/groups/{group.id}/players/{ids['Carla']}/merge", json={"into": ids["Anna"]}, headers=group.key
    )
    assert r.status_code == 409 and "as partners" in r.get_json()["message"]
    assert (group.get()["players"], group.stats()) == before
    # Two who never sat at one table merge as before.
    r = client.post(
        f"/api/v1/groups/{group.id}/players/{ids['Elena']}/merge", json={"into": ids["Dario"]}, headers=group.key
    )
    assert r.status_code == 200
    assert [p["name"] for p in group.get()["players"]] == ["Anna", "Bruno", "Carla", "Dario"]


def test_the_players_page_refuses_merging_two_who_met_and_keeps_the_choice(client):
    group = Group(client)
    group.game(["Anna", "Bruno"], [[won(*ALL, scopas=3), won()]] * 2)
    group.game(["Carla", "Bruno"])
    ids = {p["name"]: p["id"] for p in group.get()["players"]}
    client.get("/" + group.body["keeper_url"].split("/", 3)[3])  # this phone keeps the group
    before = (group.get()["players"], group.stats())
    page = client.post(f"/groups/{group.id}/players/{ids['Anna']}", data={"into": ids["Bruno"]})
    text = page.get_data(as_text=True)
    assert page.status_code == 409
    assert "Anna and Bruno sat at the same table in Scopa" in text and "nothing was merged." in text
    assert f'<option value="{ids["Bruno"]}" selected>' in text
    assert (group.get()["players"], group.stats()) == before
    # The same form merges two who never met.
    page = client.post(f"/groups/{group.id}/players/{ids['Anna']}", data={"into": ids["Carla"]})
    assert page.status_code == 302 and [p["name"] for p in group.get()["players"]] == ["Bruno", "Carla"]


def test_a_game_joined_after_the_check_outside_still_refuses_the_merge(client, app, monkeypatch):
    """The meeting is looked for inside the merge's write: a game that joins the group after the players were
    read (another phone, between the page and the tap) refuses the merge too."""
    from scorekeeper.services import groups as service
    from scorekeeper.store import Store

    group = Group(client)
    group.game(["Anna", "Carla"])
    group.game(["Bruno", "Carla"])
    ids = {p["name"]: p["id"] for p in group.get()["players"]}
    read = service.player

    def player_then_a_game(store, group_id, player_id):
        found = read(store, group_id, player_id)
        if player_id == ids["Bruno"] and not getattr(player_then_a_game, "done", False):
            player_then_a_game.done = True
            group.game(["Anna", "Bruno"])  # another phone, at this moment
        return found

    monkeypatch.setattr(service, "player", player_then_a_game)
    with app.app_context():
        store = Store(app.config["DATABASE"])
        try:
            with pytest.raises(service.Conflict):
                service.merge(store, group.id, ids["Bruno"], ids["Anna"])
        finally:
            store.close()
    assert [p["name"] for p in group.get()["players"]] == ["Anna", "Carla", "Bruno"]


def test_from_the_groups_page_one_tap_to_a_players_statistics_and_one_to_a_head_to_head(client):
    group = Group(client)
    group.game(["Anna", "Bruno"], [[won(*ALL, scopas=3), won()]] * 2)
    page = client.get(f"/groups/{group.id}").get_data(as_text=True)
    ids = {p["name"]: p["id"] for p in group.get()["players"]}
    player_link = f"/groups/{group.id}/players/{ids['Anna']}"
    assert f'href="{player_link}"' in page
    player_page = client.get(player_link).get_data(as_text=True)
    assert "1 won, 0 drawn, 0 lost (100% won)" in player_page
    h2h_link = f"/groups/{group.id}/h2h?a={ids['Anna']}&amp;b={ids['Bruno']}"
    assert h2h_link in player_page
    h2h = client.get(h2h_link.replace("&amp;", "&")).get_data(as_text=True)
    assert "Anna against Bruno" in h2h and "1 game on opposite sides" in h2h


def test_the_group_page_filters_its_games_by_player_and_by_rules(client):
    group = Group(client)
    group.game(["Anna", "Bruno"])
    group.game(["Carla", "Bruno"], profile="casual")
    ids = {p["name"]: p["id"] for p in group.get()["players"]}

    def listed(query=""):
        page = client.get(f"/groups/{group.id}{query}").get_data(as_text=True)
        return re.findall(r'<span class="score-line">([^<]*)</span>', page)

    assert len(listed()) == 2
    assert listed(f"?player={ids['Carla']}") == ["Carla 0 · Bruno 0"]
    assert listed("?profile=casual") == ["Carla 0 · Bruno 0"]
    assert listed(f"?player={ids['Anna']}&profile=casual") == []


def test_a_finished_games_scoreboard_and_sheet_show_its_score_progression(client):
    group = Group(client)
    game, _key = group.game(
        ["Anna", "Bruno"],
        [[won(*ALL, scopas=1), won()], [won("settebello"), won("cards")], [won(*ALL, scopas=2), won()]],
    )
    for path in (f"/g/{game}", f"/g/{game}/sheet"):
        page = client.get(path).get_data(as_text=True)
        values = re.findall(r'<polyline class="line (side\d)" points="[^"]*" data-values="([^"]*)"', page)
        assert values == [("side0", "0,5,6,12"), ("side1", "0,0,1,1")], path
        assert "Score progression of" in page
    assert "<li>5–0</li><li>6–1</li><li>12–1</li>" in client.get(f"/g/{game}").get_data(as_text=True)
    assert len(client.get(f"/g/{game}").data) < 60_000
    live, _ = group.game(["Anna", "Bruno"], [[won(*ALL), won()]])
    assert "<polyline" not in client.get(f"/g/{live}").get_data(as_text=True)


@pytest.mark.parametrize("path", ["/groups/nope", "/groups/nope/players/x", "/groups/nope/h2h?a=x&b=y"])
def test_unknown_groups_are_a_404(client, path):
    assert client.get(path).status_code == 404


def test_the_group_page_lists_its_games_fifty_at_a_time_newest_first(client):
    group = Group(client)
    for n in range(52):
        group.game([f"Anna{n}", "Bruno"])
    page = client.get(f"/groups/{group.id}").get_data(as_text=True)
    names = re.findall(r'<span class="score-line">(Anna\d+) 0', page)
    assert len(names) == 50 and names[0] == "Anna51" and names[-1] == "Anna2"
    older = re.search(r'href="([^"]+page=2)"', page)[1].replace("&amp;", "&")
    assert re.findall(r'<span class="score-line">(Anna\d+) 0', client.get(older).get_data(as_text=True)) == [
        "Anna1",
        "Anna0",
    ]


def test_a_finished_games_scoreboard_shows_the_categories_each_side_won(client):
    group = Group(client)
    game, _key = group.game(
        ["Anna", "Bruno"],
        [[won(*ALL, scopas=1), won()], [won("settebello"), won("cards")], [won(*ALL, scopas=2), won()]],
    )
    page = client.get(f"/g/{game}").get_data(as_text=True)
    chart = page.split('id="categories"', 1)[1].split("</svg>", 1)[0]
    # cards, coins, settebello, primiera; Anna then Bruno in each.
    assert re.findall(r'class="bar side(\d)"[^>]*data-value="(\d+)"', chart) == [
        ("0", "2"),
        ("1", "1"),
        ("0", "2"),
        ("1", "0"),
        ("0", "3"),
        ("1", "0"),
        ("0", "2"),
        ("1", "0"),
    ]


def test_a_groups_games_export_as_csv_and_json(client):
    group = Group(client)
    group.game(["Anna", "Bruno"], [[won(*ALL, scopas=3), won()]] * 2)
    group.game([("Anna", "Carla"), ("Bruno", "Dario")])
    table = list(csv.reader(io.StringIO(client.get(f"/groups/{group.id}/export.csv").get_data(as_text=True))))
    assert table[0] == ["game", "name", "created", "finished", "side", "players", "total", "won"]
    rows = table[1:]
    assert [(r[4], r[5], r[6], r[7]) for r in rows] == [
        ("Anna & Carla", "Anna & Carla", "0", "no"),
        ("Bruno & Dario", "Bruno & Dario", "0", "no"),
        ("Anna", "Anna", "14", "yes"),
        ("Bruno", "Bruno", "0", "no"),
    ]
    exported = client.get(f"/groups/{group.id}/export.json").get_json()
    assert [p["name"] for p in exported["players"]] == ["Anna", "Bruno", "Carla", "Dario"]
    assert [len(g["rounds"]) for g in exported["games"]] == [0, 2] and exported["games"][1]["winner"] == 0


def test_the_group_page_lists_teams_with_one_tap_to_their_head_to_head(client):
    group = Group(client)
    group.game([("Anna", "Carla"), ("Bruno", "Dario")], [[won(*ALL, scopas=2), won()]] * 2)
    group.game([("Dario", "Bruno"), ("Carla", "Anna")], [[won(*ALL, scopas=2), won()]] * 2)
    page = client.get(f"/groups/{group.id}").get_data(as_text=True)
    assert "<strong>Anna &amp; Carla</strong>" in page and "2 games finished · 1 win" in page
    link = re.search(r'href="(/groups/[^"]+/h2h\?[^"]+)">against Bruno &amp; Dario', page)[1].replace("&amp;", "&")
    h2h = client.get(link).get_data(as_text=True)
    assert "Anna &amp; Carla against Bruno &amp; Dario" in h2h and "2 games on opposite sides" in h2h


def test_a_game_started_on_its_own_can_be_added_to_a_group(client, group):
    game = new_game(client, "anna", "Bruno")
    keys = {**group.key, "X-Keeper-Key": game["keeper_key"]}
    path = f"/api/v1/groups/{group.id}/games"
    assert client.post(path, json={"game": game["id"]}, headers=group.key).status_code == 403  # not its keeper
    assert client.post(path, json={"game": game["id"]}, headers={"X-Keeper-Key": game["keeper_key"]}).status_code == 403
    assert client.post(path, json={"game": game["id"]}, headers=keys).status_code == 201
    listed = client.get(f"/api/v1/groups/{group.id}").get_json()
    assert [g["id"] for g in listed["games"]] == [game["id"]]
    assert [p["name"] for p in listed["players"]] == ["anna", "Bruno"]
    again = client.post(path, json={"game": game["id"]}, headers=keys)
    assert again.status_code == 409 and again.get_json()["error"] == "in_group"


def test_the_scoreboard_offers_the_phones_groups_and_links_back_to_its_group(client):
    made = client.post("/groups/new", data={"name": "Venerdì"})
    group_id = made.headers["Location"].rsplit("/", 1)[1]
    game = (
        client.post(
            "/new", data={"players-0": "Anna", "players-1": "Bruno", "profile": "classic", "deck_style": "italian"}
        )
        .headers["Location"]
        .rsplit("/", 1)[1]
    )
    board = client.get(f"/g/{game}").get_data(as_text=True)
    assert "Add this game to a group" in board and f'<option value="{group_id}">Venerdì</option>' in board
    r = client.post(f"/g/{game}/group", data={"group": group_id})
    assert r.status_code == 302
    board = client.get(f"/g/{game}").get_data(as_text=True)
    assert "Add this game to a group" not in board and f'href="/groups/{group_id}"' in board
    # Started from the group's page, a game is in the group at once.
    game2 = client.post(
        "/new",
        data={
            "players-0": "Anna",
            "players-1": "Carla",
            "profile": "classic",
            "deck_style": "italian",
            "group": group_id,
        },
    ).headers["Location"]
    assert client.get(f"/api/v1/groups/{group_id}").get_json()["games"][0]["id"] == game2.rsplit("/", 1)[1]


def test_a_new_game_for_a_group_this_phone_does_not_keep_says_it_starts_on_its_own(app, client):
    group = client.post("/api/v1/groups", json={"name": "Club"}).get_json()
    stranger = app.test_client()
    page = stranger.get(f"/new?group={group['id']}").get_data(as_text=True)
    assert "does not keep the group “Club”" in page and 'name="group" value=' not in page
    client.get(group["keeper_url"])
    page = client.get(f"/new?group={group['id']}").get_data(as_text=True)
    assert "does not keep the group" not in page and f'name="group" value="{group["id"]}"' in page
