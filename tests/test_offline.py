"""The manifest, the service worker and the offline page, as the server serves them; and no late answer resets
the phone's cookie (the service worker fetches many files at once when it installs)."""

import json
import re

from tests.conftest import new_game, record_hand


def test_the_service_worker_lists_the_shell_and_changes_version_with_it(client):
    r = client.get("/sw.js")
    assert r.mimetype == "text/javascript" and r.headers["Cache-Control"] == "no-cache"
    text = r.get_data(as_text=True)
    version = re.search(r'var VERSION = "([0-9a-f]{16})"', text)[1]
    shell = json.loads(re.search(r"var SHELL = (\[.*?\]);", text)[1])
    assert "/offline" in shell and "/offline?page=checker" in shell and "/static/queue.js" in shell
    for path in shell:
        assert client.get(path).status_code == 200, path
    assert version


def test_the_manifest_makes_the_app_installable(client):
    body = client.get("/manifest.webmanifest").get_json(force=True)
    assert body["display"] == "standalone" and body["start_url"].startswith("/") and body["theme_color"]
    assert {i["sizes"] for i in body["icons"]} == {"192x192", "512x512"}
    assert any(i.get("purpose") == "maskable" for i in body["icons"])


def test_offline_pages_say_what_works_without_a_connection(client):
    assert "The capture checker needs the connection" in client.get("/offline?page=checker").get_data(as_text=True)
    assert "hands entered now are kept" in client.get("/offline").get_data(as_text=True)
    # A step of a form that is not a change to the score (the rest of the cards to a side), sent with no connection.
    assert "That step of the form needs the connection" in client.get("/offline?page=step").get_data(as_text=True)


def test_a_request_that_changes_nothing_sends_no_cookie(client):
    game = new_game(client, "A", "B")
    keep = client.get(game["keeper_url"])
    assert "Set-Cookie" in keep.headers  # the keeper key is kept on the phone
    client.get(f"/g/{game['id']}")  # shows the welcome message once (and makes the forms' token): a change
    for path in (f"/g/{game['id']}", f"/g/{game['id']}/version", "/sw.js", "/offline"):
        assert "Set-Cookie" not in client.get(path).headers, path


# --- Pages opened by a key are never stored; their offline copies hold no key --------------------------------

COPY = {"X-Offline-Copy": "1"}


def test_the_keepers_game_pages_are_never_stored_and_the_viewers_are(client, app):
    game = new_game(client, "Anna", "Bruno")
    record_hand(client, game)
    viewer = app.test_client()
    g = f"/g/{game.id}"
    for path in (g, f"{g}/hands/1"):
        assert "no-store" not in viewer.get(path).headers.get("Cache-Control", ""), path
    client.get(game.keeper_path)
    entry = (f"{g}/counts", f"{g}/hand", f"{g}/hands/1/edit", f"{g}/hands/1/delete")
    for path in (g, f"{g}/hands/1", *entry, f"{g}/forget"):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["Cache-Control"] == "private, no-store", path
    assert game["keeper_key"] in client.get(g).get_data(as_text=True)  # the share panel's keeper link
    assert client.get(f"/qr.svg?path={game.keeper_path}").headers["Cache-Control"] == "private, no-store"


def test_the_offline_copy_of_a_keepers_scoreboard_keeps_the_forms_but_not_the_key(client):
    game = new_game(client, "Anna", "Bruno")
    client.get(game.keeper_path)
    g = f"/g/{game.id}"
    for path in (g, f"{g}/counts", f"{g}/hand"):
        r = client.get(path, headers=COPY)
        page = r.get_data(as_text=True)
        assert r.status_code == 200 and r.headers["Cache-Control"] == "private, no-cache", path
        assert game["keeper_key"] not in page and "/keep/" not in page and "keeper-qr" not in page, path
        assert 'name="submission_id"' in page, path  # the keeper's forms stay
    assert 'id="winners"' in client.get(g, headers=COPY).get_data(as_text=True)


def test_the_offline_copy_of_a_groups_keeper_page_is_the_viewers(client, group):
    path = f"/groups/{group.id}"
    client.get("/groups/" + group["keeper_url"].split("/groups/", 1)[1])  # this phone keeps the group
    keeper = client.get(path)
    assert keeper.headers["Cache-Control"] == "private, no-store"
    assert group["group_key"] in keeper.get_data(as_text=True)  # the group's keeper link
    copy = client.get(path, headers=COPY)
    assert copy.status_code == 200 and copy.headers["Cache-Control"] == "private, no-cache"
    assert group["group_key"] not in copy.get_data(as_text=True)


def test_the_offline_copy_of_the_organisers_event_page_is_the_public_page(client, event):
    client.post(f"/api/v1/events/{event.id}/rounds", headers=event.key)  # tables, each with a keeper link
    client.get(f"/e/{event.id}/organise/{event['organiser_key']}")
    path = f"/e/{event.id}"
    organiser = client.get(path)
    assert organiser.headers["Cache-Control"] == "private, no-store"
    assert event["organiser_key"] in organiser.get_data(as_text=True)
    copy = client.get(path, headers=COPY)
    page = copy.get_data(as_text=True)
    assert copy.status_code == 200 and copy.headers["Cache-Control"] == "private, no-cache"
    assert event["organiser_key"] not in page and "/keep/" not in page and "/organise/" not in page
    assert "no-store" not in client.get(path + "/screen").headers.get("Cache-Control", "")  # the big screen


def test_stop_keeping_tells_the_next_page_to_forget_the_games_copies_once(client):
    game = new_game(client, "Anna", "Bruno")
    client.get(game.keeper_path)
    home = client.post(f"/g/{game.id}/forget", follow_redirects=True)  # the test app takes forms without CSRF
    assert f'data-forget="/g/{game.id}"' in home.get_data(as_text=True)
    assert home.headers["Cache-Control"] == "private, no-store"  # an old copy of it never deletes anything
    again = client.get("/")
    assert "data-forget" not in again.get_data(as_text=True)
    assert "no-store" not in again.headers.get("Cache-Control", "")
    assert client.get(f"/g/{game.id}").headers.get("Cache-Control") is None  # the viewer's page now
