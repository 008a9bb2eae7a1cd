"""Starting and ending a game through the test client: the new-game form, rematch, stop keeping, the home page."""

import re
from urllib.parse import urlsplit

from app import create_app
from tests.conftest import new_game, start_at_table


def api_game(client, game_id):
    return client.get(f"/api/v1/games/{game_id}").json


def win_a_hand(client, game_id, n=0):
    """Anna takes 25 cards, 7 coins, the settebello and the primiera: 4 points."""
    form = {
        "sides-0-cards": "25",
        "sides-0-coins": "7",
        "settebello": "0",
        "primiera_by": "0",
        "action": "save",
        "submission_id": f"sub-win-{game_id}-{n}",
    }
    assert client.post(f"/g/{game_id}/counts", data=form).status_code == 303


def finished_game(client, **extra):
    """A game of Anna and Bruno to 3 that Anna has won."""
    game_id = start_at_table(client, "Anna", "Bruno", target="3", **extra)
    win_a_hand(client, game_id)
    assert "Anna wins 4-0" in client.get(f"/g/{game_id}").get_data(as_text=True)
    return game_id


def section(html, start, end="</section>"):
    """The part of a page from ``start`` to the next ``end``."""
    assert start in html, f"{start!r} is not on the page"
    return html.split(start, 1)[1].split(end, 1)[0]


# --- New game --------------------------------------------------------------------------------------------


def test_a_game_with_no_name_is_named_after_its_players_and_the_phones_time(client):
    game_id = start_at_table(client, "Anna", "Marco", local_time="21:40")
    assert api_game(client, game_id)["name"] == "Anna vs Marco · 21:40"
    game_id = start_at_table(client, "Anna", "Bruno", "Carla", "Dario", local_time="09:05")
    assert api_game(client, game_id)["name"] == "Anna & Carla vs Bruno & Dario · 09:05"
    # Without the phone's time (no script) or with a time that is not one, the server's clock names it.
    for sent in ({}, {"local_time": "25:99"}, {"local_time": "<b>"}):
        name = api_game(client, start_at_table(client, "Anna", "Marco", **sent))["name"]
        assert re.fullmatch(r"Anna vs Marco · ([01]\d|2[0-3]):[0-5]\d", name), name
    # A name typed is the name.
    assert (
        api_game(client, start_at_table(client, "Anna", "Marco", name="Friday", local_time="21:40"))["name"] == "Friday"
    )


def test_a_default_name_of_long_names_fits_the_limit(client):
    names = ["A" * 40, "B" * 40]
    name = api_game(client, start_at_table(client, *names, local_time="21:40"))["name"]
    assert len(name) <= 60 and name.endswith("… · 21:40") and name.startswith("A" * 40)


def test_the_target_is_shown_as_a_number_the_profiles_for_the_players(client):
    page = client.get("/new").get_data(as_text=True)
    target = re.search(r'<input[^>]*id="target"[^>]*>', page)[0]
    assert 'value="11"' in target and 'id="target-shown"' in page
    # An error page shows the profile's target for the names written: 15 for four in the boxed edition.
    data = {f"players-{i}": n for i, n in enumerate("ABCD")} | {
        "profile": "boxed",
        "layout": "teams",
        "deck_style": "italian",
        "name": "x" * 61,
    }
    page = client.post("/new", data=data).get_data(as_text=True)
    assert re.search(r'<input[^>]*id="target"[^>]*value="15"', page)
    assert "Boxed edition · to 15 · Italian deck" in page


def test_the_target_left_as_shown_follows_the_profile_and_a_typed_one_is_kept(client):
    # The page showed 11 (for two, before the names were written); three play the boxed edition to 8.
    game = api_game(client, start_at_table(client, "A", "B", "C", profile="boxed", target="11", target_shown="11"))
    assert game["target"] == 8
    game = api_game(client, start_at_table(client, "A", "B", "C", profile="boxed", target="12", target_shown="8"))
    assert game["target"] == 12
    game = api_game(client, start_at_table(client, "A", "B", target=""))
    assert game["target"] == 11


def test_the_rules_summary_sits_above_start_and_opens_the_rules(client):
    page = client.get("/new").get_data(as_text=True)
    summary = section(page, '<details class="rules-box" id="rules" >', "</summary>")
    assert "Classic · to 11 · Italian deck" in summary and "Change" in summary
    assert page.index('id="rules-summary"') < page.index("Start game") and page.index('id="profile"') < page.index(
        "Start game"
    )
    page = client.get("/new").get_data(as_text=True)
    data = {
        "players-0": "A",
        "players-1": "B",
        "profile": "classic",
        "layout": "teams",
        "deck_style": "french",
        "opt_napola": "true",
        "target": "0",
    }
    page = client.post("/new", data=data).get_data(as_text=True)
    # A mistake in the rules opens them; the summary counts the house rules changed.
    assert '<details class="rules-box" id="rules" open>' in page
    assert "Classic · to 0 · French deck · 1 house rule" not in page  # an invalid target is not summarised
    assert "French deck · 1 house rule" in page


def test_the_sides_choice_is_on_the_page_without_script(client):
    page = client.get("/new").get_data(as_text=True)
    sides = re.search(r'<fieldset class="layout[^"]*" id="sides"[^>]*>', page)[0]
    assert "hidden" not in sides
    assert "Everyone for themselves" in page


def test_pairs_with_four_names_make_two_partnerships(client):
    game = api_game(client, start_at_table(client, "Anna", "Bruno", "Carla", "Dario", layout="pairs"))
    assert [s["players"] for s in game["sides"]] == [["Anna", "Carla"], ["Bruno", "Dario"]]


# --- Rematch ---------------------------------------------------------------------------------------------


def test_a_rematch_has_the_same_sides_rules_target_and_deck_and_a_double_tap_makes_one(client):
    old = finished_game(client, profile="casual", deck_style="french", opt_last_card_scopa="true")
    page = client.get(f"/g/{old}").get_data(as_text=True)
    form = section(page, 'class="rematch">', "</form>")
    submission_id = re.search(r'name="submission_id" type="hidden" value="([^"]+)"', form)[1]
    data = {"submission_id": submission_id, "local_time": "22:15"}
    first = client.post(f"/g/{old}/rematch", data=data)
    assert first.status_code == 302
    new = first.headers["Location"].rsplit("/", 1)[1]
    again = client.post(f"/g/{old}/rematch", data=data)
    assert again.status_code == 302 and again.headers["Location"] == first.headers["Location"]
    before, after = api_game(client, old), api_game(client, new)
    assert new != old and after["rounds"] == []
    for key in ("rules", "target", "deck_style"):
        assert after[key] == before[key], key
    assert [(s["name"], s["players"]) for s in after["sides"]] == [(s["name"], s["players"]) for s in before["sides"]]
    assert after["target"] == 3 and after["deck_style"] == "french" and after["rules"]["last_card_scopa"] is True
    assert after["name"] == "Anna vs Bruno · 22:15"
    # This phone keeps it (it may record a hand), and it is one game on the home page.
    page = client.get(f"/g/{new}").get_data(as_text=True)
    assert "Rematch started" in page and "Save hand 1" in page
    home = client.get("/").get_data(as_text=True)
    assert home.count("Anna vs Bruno · 22:15") == 1


def test_a_rematch_is_offered_only_at_the_end_of_a_game_and_only_to_its_keeper(app, client):
    live = start_at_table(client, "Anna", "Bruno")
    assert 'class="rematch"' not in client.get(f"/g/{live}").get_data(as_text=True)
    r = client.post(f"/g/{live}/rematch", data={"submission_id": "sub-rematch-early1"}, follow_redirects=True)
    assert "This game is not over yet" in r.get_data(as_text=True)
    assert len(re.findall(r'<li>\s*<a href="/g/', client.get("/").get_data(as_text=True))) == 1
    done = finished_game(client)
    viewer = app.test_client()
    page = viewer.get(f"/g/{done}").get_data(as_text=True)
    assert 'class="rematch"' not in page and "New game" in page
    assert viewer.post(f"/g/{done}/rematch", data={"submission_id": "sub-rematch-viewer"}).status_code == 403


def test_the_end_of_a_game_offers_a_rematch_and_a_new_game(client):
    page = client.get(f"/g/{finished_game(client)}").get_data(as_text=True)
    end = section(page, 'id="next"')
    assert ">Rematch</button>" in end and 'href="/new">New game</a>' in end
    assert 'name="submission_id"' in end and 'name="local_time"' in end


def test_rematch_and_stop_keeping_carry_and_need_the_csrf_token(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.sqlite3"), "SECRET_KEY": "s"})
    client = app.test_client()
    game = new_game(client, rules={"target": 1})
    client.get(game["keeper_url"])
    anna = {"tally": {"cards": 25, "coins": 7, "settebello": True, "primiera": 78}, "scopas": 0}
    bruno = {"tally": {"cards": 15, "coins": 3, "settebello": False, "primiera": 60}, "scopas": 0}
    won = {"submission_id": "sub-csrf-win-1", "sides": [anna, bruno]}
    r = client.post(f"/api/v1/games/{game['id']}/rounds", json=won, headers=game.keeper)
    assert r.status_code == 201 and r.json["finished"], r.json
    end = section(client.get(f"/g/{game['id']}").get_data(as_text=True), 'id="next"')
    assert 'name="csrf_token"' in end
    assert 'name="csrf_token"' in client.get(f"/g/{game['id']}/forget").get_data(as_text=True)
    # Without the token nothing happens: no rematch, and the game stays kept.
    assert client.post(f"/g/{game['id']}/rematch", data={"submission_id": "sub-no-token-1"}).status_code == 400
    assert client.post(f"/g/{game['id']}/forget").status_code == 400
    assert client.get("/").get_data(as_text=True).count('<li>\n    <a href="/g/') == 1


# --- Stop keeping ----------------------------------------------------------------------------------------


def test_stop_keeping_asks_first_and_offers_the_keeper_link(app, client):
    game_id = start_at_table(client, "Anna", "Bruno", local_time="20:00")
    scoreboard = client.get(f"/g/{game_id}").get_data(as_text=True)
    # The scoreboard links to a question; it sends nothing by itself.
    assert f'href="/g/{game_id}/forget"' in scoreboard and f'action="/g/{game_id}/forget"' not in scoreboard
    page = client.get(f"/g/{game_id}/forget").get_data(as_text=True)
    assert "Stop keeping score of “Anna vs Bruno · 20:00” on this phone?" in page
    keeper_url = re.search(r'value="(http://[^"]+/keep/[^"]+)"[^>]*aria-label="Keeper link"', page)[1]
    # Its QR code waits behind a tap; the form sends the confirmation.
    assert re.search(r'<details class="keeper-code" id="keeper-code">\s*<summary>.*Show the keeper code', page)
    assert 'id="keeper-qr"' in section(page, 'id="keeper-code"', "</details>")
    assert f'action="/g/{game_id}/forget"' in page and "Stop keeping score on this phone</button>" in page
    assert "Anna vs Bruno" in client.get("/").get_data(as_text=True)  # asking changed nothing
    r = client.post(f"/g/{game_id}/forget", follow_redirects=True)
    assert r.request.path == "/" and "This phone no longer keeps score of “Anna vs Bruno · 20:00”" in r.get_data(
        as_text=True
    )
    assert "Games on this phone" not in client.get("/").get_data(as_text=True)
    # The saved keeper link brings the game back, on this phone or another.
    other = app.test_client()
    assert other.get(urlsplit(keeper_url).path).status_code == 302
    assert "Save hand 1" in other.get(f"/g/{game_id}").get_data(as_text=True)


def test_a_phone_that_does_not_keep_the_game_is_sent_back_to_the_scoreboard(app, client):
    game_id = start_at_table(client, "Anna", "Bruno")
    r = app.test_client().get(f"/g/{game_id}/forget")
    assert r.status_code == 302 and r.headers["Location"] == f"/g/{game_id}"
    assert client.get("/g/nope/forget").status_code == 404


# --- Home ------------------------------------------------------------------------------------------------


def test_home_lists_live_games_apart_from_finished_ones(client):
    live = start_at_table(client, "Carla", "Dario", name="Still going")
    finished_game(client, name="All done")
    page = client.get("/").get_data(as_text=True)
    playing = section(page, '<h3 id="live-games">Playing now</h3>', "</ul>")
    done = section(page, '<h3 id="finished-games">Finished</h3>', "</ul>")
    assert "Still going" in playing and "All done" not in playing and f"/g/{live}" in playing
    assert "All done" in done and "Anna wins 4-0" in done and "Still going" not in done
    assert page.index("Playing now") < page.index("Finished")


def test_a_rematch_sent_again_after_a_restart_still_makes_one_game(client):
    from scorekeeper.web.game import start

    old = finished_game(client)
    data = {"submission_id": "sub-rematch-restart", "local_time": "23:00"}
    first = client.post(f"/g/{old}/rematch", data=data)
    start._recent.clear()  # what a restarted server has forgotten; the store still knows
    again = client.post(f"/g/{old}/rematch", data=data)
    assert again.headers["Location"] == first.headers["Location"]
    assert client.get("/").get_data(as_text=True).count("Anna vs Bruno · 23:00") == 1


def test_a_rematch_asked_from_two_phones_is_one_game(app, client):
    old = finished_game(client)
    other = app.test_client()
    with client.session_transaction() as mine, other.session_transaction() as theirs:
        theirs["kept"] = mine["kept"]
    first = client.post(f"/g/{old}/rematch", data={"submission_id": "sub-rematch-phone1"})
    second = other.post(f"/g/{old}/rematch", data={"submission_id": "sub-rematch-phone2"}, follow_redirects=True)
    assert second.request.path == first.headers["Location"]  # the same new game
    page = second.get_data(as_text=True)
    assert "The rematch was already started" in page and "This phone keeps the score" not in page
    assert client.get("/").get_data(as_text=True).count("Anna vs Bruno") == 2  # the old game and one rematch


def test_a_team_of_long_names_gets_a_shortened_side_name_and_keeps_each_player_whole():
    from scorekeeper.rules.game import NAME_MAX
    from scorekeeper.rules.seats import team_name

    long = ["Massimiliano Esposito", "Bartolomeo Di Stefano"]
    name = team_name(long)
    assert len(name) <= NAME_MAX and " & " in name and name.startswith("Massimiliano")
    assert team_name(["Anna", "Carla"]) == "Anna & Carla" and team_name(["A", "B", "C"]) == "A, B & C"


def test_four_long_names_in_partnerships_start_a_game(client):
    names = ["Massimiliano Esposito", "Bartolomeo Di Stefano", "Giovannantonio Russo", "Pierfrancesco Bianchi"]
    data = {f"players-{i}": n for i, n in enumerate(names)} | {"layout": "teams", "profile": "classic"}
    r = client.post("/new", data=data)
    assert r.status_code == 302, r.get_data(as_text=True)
    game = client.get(f"/api/v1/games/{r.headers['Location'].rsplit('/', 1)[1]}").json
    assert [s["players"] for s in game["sides"]] == [[names[0], names[2]], [names[1], names[3]]]
