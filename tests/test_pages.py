"""The pages through the test client: forms, keeper links, errors, and what a viewer may do."""

import re

import pytest

from app import create_app
from scorekeeper.rules import DECK


def start(client, *names, **extra):
    data = {f"players-{i}": n for i, n in enumerate(names)} | {"layout": "teams", "profile": "classic",
                                                               "deck_style": "italian"} | extra  # fmt: skip
    r = client.post("/new", data=data)
    assert r.status_code == 302, r.get_data(as_text=True)
    game_id = r.headers["Location"].rsplit("/", 1)[1]
    return game_id


def api_game(client, game_id):
    return client.get(f"/api/v1/games/{game_id}").json


def grid(anna_codes, sides=2, rest=1):
    """Form fields giving ``anna_codes`` to side 0 and every other card to side ``rest``."""
    return {f"c_{c}": "0" if str(c) in anna_codes else str(rest) for c in DECK}


ANNA = ["1d", "2d", "3d", "7d", "7c", "6c", "7s", "1b", "5b", "6s", "9s", "10s", "4c", "3c", "2c", "1c", "8b",
        "9b", "10b", "4d", "5d", "6d"]  # fmt: skip


def test_two_names_and_one_tap_start_a_classic_game_to_11(client):
    game_id = start(client, "Anna", "Bruno")
    g = api_game(client, game_id)
    assert g["target"] == 11 and g["rules"]["profile"] == "classic"
    assert [s["name"] for s in g["sides"]] == ["Anna", "Bruno"]
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "Record hand 1" in page and "Anna deals" in page.replace("<strong>", "").replace("</strong>", "")


def test_four_names_make_two_partnerships_sitting_opposite(client):
    game_id = start(client, "Anna", "Bruno", "Carla", "Dario")
    g = api_game(client, game_id)
    assert [s["players"] for s in g["sides"]] == [["Anna", "Carla"], ["Bruno", "Dario"]]
    assert g["sides"][0]["name"] == "Anna & Carla"


def test_six_names_in_three_pairs_and_four_alone(client):
    g = api_game(client, start(client, *"ABCDEF", layout="pairs"))
    assert [s["players"] for s in g["sides"]] == [["A", "D"], ["B", "E"], ["C", "F"]]
    g = api_game(client, start(client, *"ABCD", layout="alone"))
    assert len(g["sides"]) == 4


def test_profile_target_and_house_rules_from_the_form(client):
    game_id = start(client, "A", "B", "C", profile="boxed", opt_napola="true")
    g = api_game(client, game_id)
    assert g["target"] == 8 and g["rules"]["napola"] is True and g["rules"]["primiera_all_suits"] is False
    g = api_game(client, start(client, "A", "B", target="21", deck_style="french"))
    assert g["target"] == 21 and g["deck_style"] == "french"


@pytest.mark.parametrize(
    "names, extra, words",
    [
        (["Anna"], {}, "2, 3, 4 or 6 players"),
        (["A", "B", "C", "D", "E"], {}, "not 5"),
        (["Anna", "anna"], {}, "two players are called"),
        (["A", "B"], {"profile": "scopone"}, "scopone"),
        (["A", "B"], {"profile": "count-out", "opt_end": "highest"}, "always plays end"),
        (["A", "B"], {"target": "0"}, "1 to 99"),
    ],
)
def test_new_game_errors_keep_what_was_typed(client, names, extra, words):
    base = {"layout": "teams", "profile": "classic", "deck_style": "italian", "name": "Friday"}
    data = {f"players-{i}": n for i, n in enumerate(names)} | base | extra
    r = client.post("/new", data=data)
    page = r.get_data(as_text=True)
    assert r.status_code == 400
    assert words in page
    for name in names:
        assert f'value="{name}"' in page
    assert 'value="Friday"' in page


def test_csrf_protects_every_form(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.sqlite3"), "SECRET_KEY": "s"})
    client = app.test_client()
    r = client.post("/new", data={"players-0": "A", "players-1": "B"})
    assert r.status_code == 400 and "expired" in r.get_data(as_text=True)
    page = client.get("/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)[1]
    r = client.post("/new", data={"csrf_token": token, "players-0": "A", "players-1": "B", "layout": "teams",
                                  "profile": "classic", "deck_style": "italian"})  # fmt: skip
    assert r.status_code == 302


def test_a_hand_from_piles_is_checked_then_saved(client):
    game_id = start(client, "Anna", "Bruno")
    form = grid(ANNA) | {"scopas_0": "1", "submission_id": "sub-hand-000001"}
    r = client.post(f"/g/{game_id}/hand", data=form | {"action": "check"})
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and "Save hand 1" in page and "Anna took the most cards: 22-18." in page
    assert api_game(client, game_id)["rounds"] == []  # nothing stored before the confirmation
    r = client.post(f"/g/{game_id}/hand", data=form | {"action": "save"})
    assert r.status_code == 302
    g = api_game(client, game_id)
    assert [s["total"] for s in g["sides"]] == [5, 0]


def test_a_double_submit_records_one_hand(client):
    game_id = start(client, "Anna", "Bruno")
    form = grid(ANNA) | {"submission_id": "sub-double-0001", "action": "save"}
    assert client.post(f"/g/{game_id}/hand", data=form).status_code == 302
    assert client.post(f"/g/{game_id}/hand", data=form).status_code == 302
    assert len(api_game(client, game_id)["rounds"]) == 1


def test_the_rest_go_to_a_side_without_javascript(client):
    game_id = start(client, "Anna", "Bruno")
    r = client.post(f"/g/{game_id}/hand", data={"c_7d": "0", "c_1c": "0", "action": "rest:1"})
    page = r.get_data(as_text=True)
    assert re.search(r'name="c_7d".*?<option value="0" selected', page, re.S)
    assert re.search(r'name="c_5s".*?<option value="1" selected', page, re.S)
    assert api_game(client, game_id)["rounds"] == []


def test_a_bad_hand_shows_the_error_and_keeps_every_card(client):
    game_id = start(client, "Anna", "Bruno")
    form = {"c_7d": "0", "c_7c": "0", "c_1s": "1", "scopas_0": "3", "action": "check", "submission_id": "sub-bad-00001"}
    r = client.post(f"/g/{game_id}/hand", data=form)
    page = r.get_data(as_text=True)
    assert r.status_code == 400
    assert "Anna has 3 scopas with 2 cards" in page
    for code, side in (("7d", "0"), ("7c", "0"), ("1s", "1")):
        assert re.search(rf'name="c_{code}".*?<option value="{side}" selected', page, re.S)
    assert 'name="scopas_0" value="3"' in page
    assert api_game(client, game_id)["rounds"] == []


def test_quick_counts_with_one_side_left_to_get_the_rest(client):
    game_id = start(client, "Anna", "Bruno", "Carla", "Dario")
    form = {"cards_0": "24", "coins_0": "7", "primiera_0": "78", "primiera_1": "70", "settebello": "0",
            "primiera_by": "values", "scopas_1": "2", "action": "save", "submission_id": "sub-counts-001"}  # fmt: skip
    assert client.post(f"/g/{game_id}/counts", data=form).status_code == 302
    g = api_game(client, game_id)
    (played,) = g["rounds"]
    assert played["sides"][1]["cards"] == 16 and played["sides"][1]["coins"] == 3
    assert played["totals"] == [4, 2]


def test_quick_counts_must_add_up(client):
    game_id = start(client, "Anna", "Bruno")
    form = {"cards_0": "30", "cards_1": "20", "coins_0": "5", "coins_1": "5", "settebello": "1",
            "primiera_by": "0", "action": "check"}  # fmt: skip
    r = client.post(f"/g/{game_id}/counts", data=form)
    page = r.get_data(as_text=True)
    assert r.status_code == 400 and "50 cards" in page and 'value="30"' in page


def test_edit_and_delete_a_hand(client):
    game_id = start(client, "Anna", "Bruno")
    client.post(f"/g/{game_id}/hand", data=grid(ANNA) | {"submission_id": "sub-e-000001", "action": "save"})
    page = client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    seen = api_game(client, game_id)["rounds"][0]["version"]
    assert "Correct hand 1" in page and f'name="version" value="{seen}"' in page
    swapped = {k: "1" if v == "0" else "0" for k, v in grid(ANNA).items()}
    r = client.post(f"/g/{game_id}/hands/1/edit", data=swapped | {"version": str(seen), "action": "save",
                                                                  "submission_id": "sub-e-000002"})  # fmt: skip
    assert r.status_code == 302
    assert [s["total"] for s in api_game(client, game_id)["sides"]] == [0, 4]
    stale = client.post(f"/g/{game_id}/hands/1/edit", data=grid(ANNA) | {"version": str(seen), "action": "save",
                                                                         "submission_id": "sub-e-000003"})  # fmt: skip
    assert stale.status_code == 409 and "changed on another phone" in stale.get_data(as_text=True)
    assert "Delete hand 1?" in client.get(f"/g/{game_id}/hands/1/delete").get_data(as_text=True)
    now = api_game(client, game_id)["rounds"][0]["version"]
    r = client.post(f"/g/{game_id}/hands/1/delete", data={"version": str(now), "submission_id": "sub-e-000004"})
    assert r.status_code == 302 and api_game(client, game_id)["rounds"] == []


def test_scopas_marked_during_the_hand_wait_in_the_hand_form(client):
    game_id = start(client, "Anna", "Bruno")
    for i, side in enumerate(["1", "1", "0"]):
        client.post(f"/g/{game_id}/scopa", data={"side": side, "change": "1", "submission_id": f"sub-scopa-{i:03d}"})
    client.post(f"/g/{game_id}/scopa", data={"side": "1", "change": "1", "submission_id": "sub-scopa-002"})  # repeat
    assert api_game(client, game_id)["pending_scopas"] == [1, 2]
    page = client.get(f"/g/{game_id}/hand").get_data(as_text=True)
    assert 'name="scopas_0" value="1"' in page and 'name="scopas_1" value="2"' in page
    client.post(f"/g/{game_id}/hand", data=grid(ANNA) | {"scopas_0": "1", "scopas_1": "2", "action": "save",
                                                         "submission_id": "sub-scopa-hand"})  # fmt: skip
    assert api_game(client, game_id)["pending_scopas"] == [0, 0]


def test_a_viewer_sees_the_score_but_cannot_change_it(app, client):
    game_id = start(client, "Anna", "Bruno")
    viewer = app.test_client()
    page = viewer.get(f"/g/{game_id}").get_data(as_text=True)
    assert "Anna" in page and "Record hand" not in page and "viewer" in page
    assert viewer.get(f"/g/{game_id}/hand").status_code == 403
    r = viewer.post(f"/g/{game_id}/hand", data=grid(ANNA) | {"action": "save", "submission_id": "sub-view-0001"})
    assert r.status_code == 403
    assert viewer.post(f"/g/{game_id}/scopa", data={"side": "0", "submission_id": "sub-view-0002"}).status_code == 403
    assert viewer.post(f"/g/{game_id}/hands/1/delete", data={}).status_code == 403
    assert api_game(client, game_id)["rounds"] == [] and api_game(client, game_id)["pending_scopas"] == [0, 0]


def test_the_keeper_link_lets_another_phone_keep_score(app, client):
    r = client.post("/api/v1/games", json={"sides": [{"name": "A"}, {"name": "B"}]})
    other = app.test_client()
    assert other.get(r.json["keeper_url"]).status_code == 302
    assert "Record hand 1" in other.get(f"/g/{r.json['id']}").get_data(as_text=True)
    assert r.json["name"] in other.get("/").get_data(as_text=True)  # listed among this phone's games
    assert app.test_client().get(f"/g/{r.json['id']}/keep/not-the-key").status_code == 404


def test_names_are_shown_literally(client):
    game_id = start(client, "<script>alert(1)</script>", "Bruno")
    for path in (f"/g/{game_id}", "/", f"/g/{game_id}/hand", f"/g/{game_id}/counts"):
        page = client.get(path).get_data(as_text=True)
        assert "<script>alert(1)</script>" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_unknown_games_and_hands_are_404_pages(client):
    assert client.get("/g/nope").status_code == 404
    game_id = start(client, "Anna", "Bruno")
    assert client.get(f"/g/{game_id}/hands/3/edit").status_code == 404
    assert client.get(f"/g/{game_id}/hands/3/delete").status_code == 404
    assert client.get("/g/nope/version").status_code == 404


def test_the_version_changes_with_every_change(client):
    game_id = start(client, "Anna", "Bruno")
    before = client.get(f"/g/{game_id}/version").json["version"]
    client.post(f"/g/{game_id}/scopa", data={"side": "0", "change": "1", "submission_id": "sub-v-000001"})
    assert client.get(f"/g/{game_id}/version").json["version"] > before


def test_a_finished_game_offers_no_new_hand_and_reopens_when_corrected(client):
    game_id = start(client, "Anna", "Bruno")
    for i in range(3):
        client.post(f"/g/{game_id}/hand", data=grid(ANNA) | {"scopas_0": "0", "action": "save",
                                                             "submission_id": f"sub-f-{i:06d}"})  # fmt: skip
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "Anna wins 12-0." in page and "Record hand" not in page
    assert client.get(f"/g/{game_id}/hand").status_code == 302
    swapped = {k: "1" if v == "0" else "0" for k, v in grid(ANNA).items()}
    client.post(f"/g/{game_id}/hands/3/edit", data=swapped | {"action": "save", "submission_id": "sub-f-fix001"})
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "Anna leads 8-4" in page and "Record hand 4" in page


def test_undo_the_hand_just_saved_once(client):
    game_id = start(client, "Anna", "Bruno")
    r = client.post(f"/g/{game_id}/hand", data=grid(ANNA) | {"action": "save", "submission_id": "sub-undo-0001"},
                    follow_redirects=True)  # fmt: skip
    page = r.get_data(as_text=True)
    assert "Hand 1 saved." in page
    undo = re.search(r'<form method="post" class="flash flash-saved undo" action="([^"]+)">.*?'
                     r'name="submission_id" value="([^"]+)"', page, re.S)  # fmt: skip
    assert undo and undo[1] == f"/g/{game_id}/hands/1/delete"
    version = re.search(r'class="flash flash-saved undo".*?name="version" value="(\d+)"', page, re.S)[1]
    assert version == str(api_game(client, game_id)["rounds"][0]["version"])
    form = {"version": version, "undo": "1", "submission_id": undo[2]}
    assert "Hand 1 undone." in client.post(undo[1], data=form, follow_redirects=True).get_data(as_text=True)
    assert client.post(undo[1], data=form).status_code == 302  # a second tap changes nothing
    assert api_game(client, game_id)["rounds"] == []
    assert "Undo" not in client.get(f"/g/{game_id}").get_data(as_text=True)  # offered once


def test_every_page_weighs_under_60_kb_and_asks_no_other_host(app, client):
    # A long game, kept by this client: 40 hands, the settebello alternating, one point a hand.
    g = client.post(
        "/api/v1/games", json={"sides": [{"name": "Anna"}, {"name": "Bruno"}], "rules": {"target": 99}}
    ).json
    client.get(g["keeper_url"])
    game_id = g["id"]
    for i in range(40):
        client.post(f"/g/{game_id}/counts", data={"cards_0": "20", "coins_0": "5", "settebello": str(i % 2),
                                                   "primiera_by": "none", "action": "save",
                                                   "submission_id": f"sub-weight-{i:03d}"},
                    follow_redirects=True)  # fmt: skip
    assert len(api_game(client, game_id)["rounds"]) == 40
    weight = {}
    assets = 0
    for path in ("/static/style.css", "/static/app.js"):
        with client.get(path) as r:
            assets += len(r.data)
    for path in ("/", "/new", f"/g/{game_id}", f"/g/{game_id}/hand", f"/g/{game_id}/counts", f"/g/{game_id}/hands/1",
                 f"/g/{game_id}/hands/1/edit", f"/g/{game_id}/hands/1/delete", f"/g/{game_id}/sheet", "/pads/6",
                 "/check?table=1b,2c,6s&hand=8d"):  # fmt: skip
        r = client.get(path)
        assert r.status_code == 200, path
        html = r.get_data(as_text=True)
        weight[path] = len(r.data) + assets
        assert weight[path] <= 60 * 1024, f"{path}: {weight[path]} bytes"
        assert not re.search(r'(src|href|action)="(https?:)?//', html), f"{path} asks another host"


def test_a_phone_can_stop_keeping_a_game(client):
    game_id = start(client, "Anna", "Bruno")
    assert "Anna" in client.get("/").get_data(as_text=True)
    assert client.post(f"/g/{game_id}/forget").status_code == 302
    assert "Games on this phone" not in client.get("/").get_data(as_text=True)
    assert "Record hand" not in client.get(f"/g/{game_id}").get_data(as_text=True)
    assert client.get(f"/g/{game_id}").status_code == 200  # the game itself stays
