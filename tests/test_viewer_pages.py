"""The viewer's scoreboard, made once per game version and kept: what each phone sees must stay its own."""

import re

import pytest

from scorekeeper.web.game import scoreboard
from tests.conftest import make_app, new_game, record_hand


@pytest.fixture(autouse=True)
def no_kept_pages():
    """Each test starts with no page kept (the store is the process's, shared by every app)."""
    scoreboard.viewer_pages.clear()
    yield
    scoreboard.viewer_pages.clear()


def csrf_of(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]*)"', page)[1]


def test_a_viewer_sees_a_new_hand_at_once(client, game):
    first = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert 'id="hand-1"' not in first and 'class="points">0<' in first
    assert client.get(f"/g/{game.id}").get_data(as_text=True).count("Friday") == first.count("Friday")
    record_hand(client, game)
    after = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert 'id="hand-1"' in after and 'class="points">4<' in after


def test_a_page_is_made_once_per_version(client, game, monkeypatch):
    made = []
    render = scoreboard.render_template
    monkeypatch.setattr(scoreboard, "render_template", lambda *a, **k: made.append(1) or render(*a, **k))
    for _ in range(3):
        assert client.get(f"/g/{game.id}").status_code == 200
    assert len(made) == 1
    record_hand(client, game)
    for _ in range(2):
        client.get(f"/g/{game.id}")
    assert len(made) == 2


def test_two_languages_never_mix(client, game):
    italian = client.get(f"/g/{game.id}", headers={"Accept-Language": "it"}).get_data(as_text=True)
    english = client.get(f"/g/{game.id}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    again = client.get(f"/g/{game.id}", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert '<html lang="it">' in italian and '<html lang="it">' in again
    assert '<html lang="en">' in english
    assert "Share" in english and "Share</h2>" not in italian
    assert "Condividi" in italian and "Condividi" not in english


def test_a_keeper_never_gets_a_viewers_page_nor_a_viewer_a_keepers(client, game, keeper_phone):
    keeper = keeper_phone(game)
    seen = client.get(f"/g/{game.id}").get_data(as_text=True)
    kept = keeper.get(f"/g/{game.id}").get_data(as_text=True)
    assert 'id="winners"' in kept and "scopa-buttons" in kept and game["keeper_key"] in kept
    assert 'id="winners"' not in seen and "This is a viewer's copy" in seen
    seen_after = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert 'id="winners"' not in seen_after and game["keeper_key"] not in seen_after
    # The API's keeper header is a keeper too.
    by_header = client.get(f"/g/{game.id}", headers=game.keeper).get_data(as_text=True)
    assert 'id="winners"' in by_header


def test_each_viewer_gets_its_own_csrf_token_and_can_switch_language(tmp_path):
    app = make_app(tmp_path, WTF_CSRF_ENABLED=True)
    maker = app.test_client()
    game = new_game(maker, name="Friday")
    one, two = app.test_client(), app.test_client()
    first = one.get(f"/g/{game.id}").get_data(as_text=True)
    second = two.get(f"/g/{game.id}").get_data(as_text=True)
    assert csrf_of(first) != csrf_of(second) and "<!--scorekeeper" not in second
    assert re.search(r'data-rendered="\d{4}-\d\d-\d\dT', second)
    switched = two.post(f"/language?next=/g/{game.id}", data={"lang": "it", "csrf_token": csrf_of(second)})
    assert switched.status_code in (302, 303)
    assert '<html lang="it">' in two.get(f"/g/{game.id}").get_data(as_text=True)


def test_a_flashed_message_is_shown_once_and_never_kept(client, game, app):
    client.get(f"/g/{game.id}")  # the plain page, kept
    with client.session_transaction() as session:
        session["_flashes"] = [("error", "a message for this phone only")]
    assert "a message for this phone only" in client.get(f"/g/{game.id}").get_data(as_text=True).lower()
    other = app.test_client()
    assert "a message for this phone only" not in other.get(f"/g/{game.id}").get_data(as_text=True).lower()
    assert "a message for this phone only" not in client.get(f"/g/{game.id}").get_data(as_text=True).lower()


def test_a_variant_asked_by_a_header_or_query_is_not_kept(client, game):
    client.get(f"/g/{game.id}", headers={"X-Offline-Copy": "1"})
    client.get(f"/g/{game.id}?call=0")
    assert len(scoreboard.viewer_pages) == 0
    client.get(f"/g/{game.id}", headers={"X-Forwarded-For": "10.0.0.9"})
    assert len(scoreboard.viewer_pages) == 1


def test_joining_a_group_shows_on_the_kept_page(client, game, keeper_phone, group):
    client.get(f"/g/{game.id}")
    keeper = keeper_phone(game)
    with keeper.session_transaction() as session:
        session["groups"] = {group.id: group["group_key"]}
    r = keeper.post(f"/g/{game.id}/group", data={"group": group.id})
    assert r.status_code in (302, 303)
    assert group["name"] in client.get(f"/g/{game.id}").get_data(as_text=True)


@pytest.mark.slow
def test_the_pages_kept_are_bounded(client):
    for i in range(scoreboard.VIEWER_PAGES + 5):
        made = new_game(client, name=f"Game {i}")
        client.get(f"/g/{made.id}")
    assert len(scoreboard.viewer_pages) == scoreboard.VIEWER_PAGES


def test_the_hand_list_is_made_once_per_version_and_shows_each_new_hand(tmp_path, monkeypatch):
    app = make_app(tmp_path, WTF_CSRF_ENABLED=True)
    client = app.test_client()
    game = new_game(client, name="Friday")
    made = []
    render = scoreboard.render_template
    monkeypatch.setattr(scoreboard, "render_template", lambda *a, **k: made.append(a[0]) or render(*a, **k))
    record_hand(client, game)
    one, two = app.test_client(), app.test_client()
    first = one.get(f"/g/{game.id}/hands").get_data(as_text=True)
    second = two.get(f"/g/{game.id}/hands").get_data(as_text=True)
    assert 'id="hand-1"' in first and 'id="hand-1"' in second and 'id="hand-2"' not in second
    assert made.count("game/hands.html") == 1
    # Each phone's own CSRF token and time; no mark left in the page.
    assert csrf_of(first) != csrf_of(second) and "<!--scorekeeper" not in second
    italian = one.get(f"/g/{game.id}/hands", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert '<html lang="it">' in italian and "Tutte le mani" in italian
    record_hand(client, game, submission_id="second-hand-0002")
    after = two.get(f"/g/{game.id}/hands").get_data(as_text=True)
    assert 'id="hand-2"' in after
    assert made.count("game/hands.html") == 3
