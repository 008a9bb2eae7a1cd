"""The manifest, the service worker and the offline page, as the server serves them; and no late answer resets
the phone's cookie (the service worker fetches many files at once when it installs)."""

import json
import re

from tests.conftest import new_game


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
