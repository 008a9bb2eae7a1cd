"""What pages link to, as the services answer it: the home page's groups and events, a table's scoreboard back
to its event, the new-event page's groups, and the version an open scoreboard polls."""

import re

from scorekeeper.web.common.keepers import EVENTS, GROUPS

NEW_GAME = {"players-0": "Anna", "players-1": "Bruno", "profile": "classic", "deck_style": "italian"}
NEW_EVENT = {
    "name": "Scopa Sunday",
    "players": "Anna\nBruno\nCarla\nDario\n",
    "table_size": "2",
    "pairing": "auto",
    "profile": "classic",
    "win": "2",
    "draw": "1",
    "loss": "0",
    "bye": "1",
}


def _new_group(client, name="Venerdì"):
    return client.post("/groups/new", data={"name": name}).headers["Location"].rsplit("/", 1)[1]


def test_the_home_page_lists_the_groups_and_events_this_phone_keeps_and_skips_ids_of_nothing(client):
    group_id = _new_group(client)
    event_page = client.post("/events/new", data=NEW_EVENT).headers["Location"]
    with client.session_transaction() as session:  # a phone's cookie may name ids the server does not know
        session[GROUPS] = {"no-such-group": "k", **session[GROUPS], "x" * 500: "k"}
        session[EVENTS] = {**session[EVENTS], "no-such-event": "k"}
    r = client.get("/")
    page = r.get_data(as_text=True)
    assert r.status_code == 200
    assert f'href="/groups/{group_id}"><strong>Venerdì</strong>' in page
    assert f'href="{event_page}"><strong>Scopa Sunday</strong>' in page
    assert "no-such-group" not in page and "no-such-event" not in page
    assert len(re.findall(r'href="/groups/(?!new")', page)) == 1 and len(re.findall(r'href="/e/', page)) == 1


def test_a_phone_that_keeps_nothing_sees_no_groups_or_events_on_the_home_page(app, client):
    _new_group(client)
    page = app.test_client().get("/").get_data(as_text=True)
    assert "Groups on this phone" not in page and "Events this phone runs" not in page


def test_a_tables_scoreboard_links_back_to_its_event_round_and_table(client):
    event_page = client.post("/events/new", data=NEW_EVENT).headers["Location"]
    assert client.post(event_page + "/pair", data={"round": "1"}).status_code == 302
    event_id = event_page.rsplit("/", 1)[1]
    table = client.get(f"/api/v1/events/{event_id}").get_json()["played_rounds"][0]["tables"][0]
    board = client.get(f"/g/{table['game']['id']}").get_data(as_text=True)
    assert f'href="/e/{event_id}#table-1-{table["number"]}"' in board
    assert f"Scopa Sunday: round 1, table {table['number']}" in board
    assert "Add this game to a group" not in board  # a table's game stays out of other groups


def test_a_game_in_no_group_offers_only_the_groups_this_phone_keeps(app, client):
    mine = _new_group(client, "Venerdì")
    theirs = _new_group(app.test_client(), "Altri")
    game_id = client.post("/new", data=NEW_GAME).headers["Location"].rsplit("/", 1)[1]
    board = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert f'<option value="{mine}">Venerdì</option>' in board and theirs not in board
    # A viewer's phone (not the keeper) is offered no group to add it to.
    assert "Add this game to a group" not in app.test_client().get(f"/g/{game_id}").get_data(as_text=True)


def test_the_new_event_page_offers_the_groups_this_phone_keeps(app, client):
    mine = _new_group(client, "Venerdì")
    theirs = _new_group(app.test_client(), "Altri")
    with client.session_transaction() as session:
        session[GROUPS] = {**session[GROUPS], "no-such-group": "k"}
    page = client.get("/events/new").get_data(as_text=True)
    assert f'value="{mine}">Venerdì</option>' in page
    assert theirs not in page and "no-such-group" not in page
    assert 'id="event-group"' not in app.test_client().get("/events/new").get_data(as_text=True)


def test_an_open_scoreboard_polls_the_games_version_and_an_unknown_game_has_none(client):
    game_id = client.post("/new", data=NEW_GAME).headers["Location"].rsplit("/", 1)[1]
    first = client.get(f"/g/{game_id}/version").get_json()["version"]
    client.post(f"/g/{game_id}/scopa", data={"side": "0", "change": "1", "submission_id": "scopa-0001"})
    assert client.get(f"/g/{game_id}/version").get_json()["version"] > first
    assert client.get("/g/no-such-game/version").status_code == 404
    assert client.post("/g/no-such-game/scopa", data={"side": "0", "change": "1"}).status_code == 404
