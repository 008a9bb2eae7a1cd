"""The house rules of RULES.md 1.1 in the web shell, through the test client (no JavaScript): the new-game form's
groups and hidden rules, and calling out from the scoreboard."""

import re
import sqlite3

from tests.conftest import new_game, start_at_table
from tests.test_pages import api_game, hidden_fields
from tests.test_winners_entry import rows_on, won


def option_divs(page):
    """Each house rule's menu on the new-game page: {option: shown}."""
    return {
        name: "hidden" not in attrs
        for name, attrs in re.findall(r'<div class="option[^"]*" data-option="(\w+)"([^>]*)>', page)
    }


def test_house_rules_are_grouped_and_those_that_need_another_are_sent_only_once_it_is_on(client):
    page = client.get("/new").get_data(as_text=True)
    for heading in ("Capturing", "Scoring a hand", "Ending the game"):
        assert f"<legend>{heading}</legend>" in page
    shown = option_divs(page)
    assert shown["ace_takes_all"] and shown["napola"] and shown["call_out"] and shown["direction"]
    for needs_ace in ("ace_empty_table", "ace_on_ace", "ace_may_trail", "ace_sweep_scopa"):
        assert needs_ace not in shown, needs_ace
    assert "napola_points" not in shown and "napola_max" not in shown
    # A rule others need reloads the page when changed (its script presses "Show the house rules that apply").
    assert re.search(r'data-option="napola" data-refresh', page)
    # Under Scopa d'assi, ace takes all and the napola are on: their rules are offered, and they are not.
    shown = option_divs(client.post("/new", data={"profile": "asso-piglia-tutto"}).get_data(as_text=True))
    assert shown["ace_on_ace"] and shown["ace_empty_table"] and shown["napola_points"]
    assert "ace_takes_all" not in shown and "napola" not in shown
    # Without script, the napola turned on and the page asked again: its count is offered, everything kept.
    data = {"players-0": "Anna", "opt_napola": "true", "refresh": "house"}
    again = client.post("/new", data=data).get_data(as_text=True)
    assert option_divs(again)["napola_max"] and 'value="Anna"' in again
    assert '<details class="house-rules" open>' in again  # asked from the house rules: they stay open
    assert re.search(r'<option selected value="true">yes</option>', again.split('id="opt_napola"', 1)[1])
    # The target offers the usual scores.
    assert re.search(r'<datalist id="usual-targets">(<option value="\d+"></option>){4}</datalist>', page)
    assert all(f'<option value="{n}">' in page for n in (11, 16, 21, 31))


def test_a_house_rule_without_the_one_it_needs_is_refused_beside_its_menu(client):
    data = {
        "players-0": "Anna",
        "players-1": "Bruno",
        "layout": "teams",
        "profile": "classic",
        "deck_style": "italian",
        "opt_ace_on_ace": "may_sweep",
    }
    r = client.post("/new", data=data)
    page = r.get_data(as_text=True)
    assert r.status_code == 400
    assert "Only with “Ace takes all” set to “yes”: choose that first" in page
    assert option_divs(page)["ace_on_ace"], "the menu in error stays in view"


def test_six_players_may_each_play_alone_from_the_form(client):
    names = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"]
    game_id = start_at_table(client, *names, layout="alone")
    assert [s["name"] for s in api_game(client, game_id)["sides"]] == names


def test_calling_out_from_the_scoreboard_enters_the_hand_as_it_stands(client):
    game_id = start_at_table(client, "Anna", "Bruno", opt_call_out="true", target="3")
    board = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "Anna calls out" in board and f"/g/{game_id}?call=0#winners" in board
    page = client.get(f"/g/{game_id}?call=0").get_data(as_text=True)
    assert "Anna calls out: enter the hand as it stands now" in page
    # The settebello may not have been taken yet when the hand stops.
    assert rows_on(page)["won_settebello"] == ["Anna", "Bruno", "Nobody yet"]
    form = hidden_fields(page.split('id="winners"', 1)[1].split("</form>", 1)[0])
    assert form["call_out"] == "0"
    r = client.post(f"/g/{game_id}/won", data=form | won(cards="0", coins="0", settebello="tie", primiera="1"))
    assert r.status_code == 303
    game = api_game(client, game_id)
    # Anna has 2 of 3 (cards, coins): the call fails and Bruno wins.
    assert game["winner"] == 1 and game["rounds"][0]["entry"]["call_out"] == 0
    reasons = " ".join(r["text"] for r in game["rounds"][0]["reasons"])
    assert "Anna called out but has only 2 of 3: the call fails" in reasons


def test_the_call_is_offered_only_where_the_game_plays_it(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    board = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "calls out" not in board
    page = client.get(f"/g/{game_id}?call=0").get_data(as_text=True)
    assert 'name="call_out"' not in page and rows_on(page)["won_settebello"] == ["Anna", "Bruno"]


def test_quick_counts_carry_the_call(client):
    game_id = start_at_table(client, "Anna", "Bruno", opt_call_out="true", target="2")
    page = client.get(f"/g/{game_id}/counts?call=1").get_data(as_text=True)
    assert "Bruno calls out" in page
    fields = hidden_fields(page.split('id="counts-form"', 1)[1].split("</form>", 1)[0])
    assert fields["call_out"] == "1"
    data = fields | {
        "sides-0-cards": "6",
        "sides-1-cards": "12",
        "sides-0-coins": "1",
        "sides-1-coins": "4",
        "settebello": "none",
        "primiera_by": "none",
        "action": "save",
    }
    r = client.post(f"/g/{game_id}/counts", data=data)
    assert r.status_code == 303, r.get_data(as_text=True)[:400]
    game = api_game(client, game_id)
    assert game["winner"] == 1 and game["rounds"][0]["entry"]["call_out"] == 1


def test_a_rematch_keeps_the_target_the_game_was_played_to(app, client):
    # A Scopa d'assi game stored when the profile played to 11: its target column says 11, its rules name no target.
    made = new_game(client, rules={"profile": "asso-piglia-tutto", "target": 11})
    game_id, key = made.id, made.keeper
    db = sqlite3.connect(app.config["DATABASE"])
    with db:
        # A new version, as any change makes: the scores kept in memory are for the version they were made of.
        db.execute(
            "UPDATE games SET rules = ?, version = version + 1 WHERE id = ?",
            ('{"profile": "asso-piglia-tutto"}', game_id),
        )
    db.close()
    anna = {"tally": {"cards": 25, "coins": 7, "settebello": True, "primiera_won": True}, "scopas": 0}
    bruno = {"tally": {"cards": 15, "coins": 3, "settebello": False, "primiera_won": False}, "scopas": 0}
    for i in range(3):
        hand = {"submission_id": f"sub-rematch-{i:04d}", "sides": [anna, bruno]}
        assert client.post(f"/api/v1/games/{game_id}/rounds", json=hand, headers=key).status_code == 201
    assert api_game(client, game_id)["winner"] == 0
    client.get(made["keeper_url"])  # this phone keeps the game
    board = client.get(f"/g/{game_id}").get_data(as_text=True)
    token = hidden_fields(board.split("/rematch", 1)[1].split("</form>", 1)[0])
    r = client.post(f"/g/{game_id}/rematch", data=token)
    assert r.status_code == 302
    assert api_game(client, r.headers["Location"].rsplit("/", 1)[1])["target"] == 11
