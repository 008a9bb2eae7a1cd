"""Exports, result sheets and big screens made once per content of what they show: each reader still gets the
content as it is now, in its own language, and what is kept stays bounded."""

import csv
import io
import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.web.api import games as api_games
from scorekeeper.web.common import rendered
from scorekeeper.web.common.exports import json_file
from scorekeeper.web.common.keepers import FORGET
from scorekeeper.web.common.rendered import RenderedCache
from scorekeeper.web.event import routes as event_routes
from scorekeeper.web.game import scoreboard
from tests.conftest import new_event, record_hand

ALL = ["cards", "coins", "settebello", "primiera"]


@pytest.fixture(autouse=True)
def nothing_kept():
    """Each test starts with nothing kept (the stores are the process's, shared by every app)."""
    rendered.files.clear()
    scoreboard.viewer_pages.clear()
    yield
    rendered.files.clear()
    scoreboard.viewer_pages.clear()


def paired(client, event):
    r = client.post(f"/api/v1/events/{event.id}/rounds", headers=event.key)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def win(client, table, sid):
    game = table["game"]
    body = {"submission_id": sid, "sides": [{"won": ALL}, {"won": []}]}
    r = client.post(f"/api/v1/games/{game['id']}/rounds", headers={"X-Keeper-Key": game["keeper_key"]}, json=body)
    assert r.status_code == 201, r.get_json()


def test_a_game_export_follows_every_hand_and_is_made_once_per_version(client, game, monkeypatch):
    first = client.get(f"/g/{game.id}/export.json")
    assert first.status_code == 200 and json.loads(first.data)["rounds"] == []
    made = []
    real = json_file
    monkeypatch.setattr("scorekeeper.web.paper.routes.json_file", lambda v: made.append(1) or real(v))
    record_hand(client, game)
    for _ in range(3):
        body = json.loads(client.get(f"/g/{game.id}/export.json").data)
        assert len(body["rounds"]) == 1 and [s["total"] for s in body["sides"]] == [4, 0]
    assert len(made) == 1
    rows = list(csv.reader(io.StringIO(client.get(f"/g/{game.id}/export.csv").get_data(as_text=True))))
    assert len(rows) == 3  # the heading, then the hand's row for each side
    record_hand(client, game, submission_id="second-hand-0001")
    rows = list(csv.reader(io.StringIO(client.get(f"/g/{game.id}/export.csv").get_data(as_text=True))))
    assert len(rows) == 5
    assert client.get("/g/nosuchgame0000/export.json").status_code == 404


def test_a_kept_export_is_never_given_in_another_language(client, game):
    record_hand(client, game)
    english = client.get(f"/g/{game.id}/export.csv", headers={"Accept-Language": "en"}).get_data(as_text=True)
    italian = client.get(f"/g/{game.id}/export.csv", headers={"Accept-Language": "it"}).get_data(as_text=True)
    again = client.get(f"/g/{game.id}/export.csv", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert english == again and english.splitlines()[0] != italian.splitlines()[0]


def test_the_api_game_is_made_once_per_version_and_language_within_the_one_bound(client, game, monkeypatch):
    """The API's game body is kept where every kept file is (one bound for them all), once per version and
    language: each reader gets the game as it is now, in its own words."""
    made = []
    real = api_games.game_json
    monkeypatch.setattr(api_games, "game_json", lambda score: made.append(1) or real(score))
    url = f"/api/v1/games/{game.id}"
    for _ in range(3):
        assert client.get(url).json["rounds"] == []
    assert len(made) == 1 and len(rendered.files) == 1
    record_hand(client, game)
    english = client.get(url, headers={"Accept-Language": "en"}).json
    italian = client.get(url, headers={"Accept-Language": "it"}).json
    assert len(english["rounds"]) == 1 and english["status"] != italian["status"]
    assert client.get(url, headers={"Accept-Language": "en"}).json == english
    assert len(made) == 3 and len(rendered.files) == 3


def test_the_event_export_sheet_and_screen_follow_each_table(client, monkeypatch):
    event = new_event(client)
    played = paired(client, event)
    screens = []
    real = event_routes.render_template
    monkeypatch.setattr(event_routes, "render_template", lambda *a, **k: screens.append(a[0]) or real(*a, **k))
    before = json.loads(client.get(f"/e/{event.id}/export.json").data)
    assert all(line["played"] == 0 for line in before["standings"])
    for _ in range(3):
        assert client.get(f"/e/{event.id}/screen").status_code == 200
    assert screens.count("event/event_screen.html") == 1
    win(client, played["tables"][0], "table-one-0001")  # a table's game moves: the event's content with it
    after = json.loads(client.get(f"/e/{event.id}/export.json").data)
    assert sorted(line["played"] for line in after["standings"]) == [0] * 6 + [1, 1]
    screen = client.get(f"/e/{event.id}/screen").get_data(as_text=True)
    assert screens.count("event/event_screen.html") == 2
    winner = played["tables"][0]["sides"][0]["name"]
    sheet = client.get(f"/e/{event.id}/sheet").get_data(as_text=True)
    assert winner in screen and winner in sheet
    exported = client.get(f"/e/{event.id}/export.csv").get_data(as_text=True)
    assert exported.startswith("\ufeff") and "finished" in exported
    assert client.get("/e/nosuchevent000/export.json").status_code == 404
    assert client.get("/e/nosuchevent000/screen").status_code == 404


def test_a_round_paired_again_is_shown_as_paired_again(client):
    event = new_event(client, players=list("ABCDEF"), pairing="swiss", rounds=3)
    first = paired(client, event)
    client.get(f"/e/{event.id}/export.json")  # kept with the first pairing
    assert client.post(f"/api/v1/events/{event.id}/entrants/6/withdraw", headers=event.key, json={}).status_code == 200
    again = client.post(f"/api/v1/events/{event.id}/rounds/1/repair", headers=event.key).get_json()
    exported = json.loads(client.get(f"/e/{event.id}/export.json").data)
    tables = exported["event"]["played_rounds"][0]["tables"]
    assert len(first["tables"]) == 3 and len(tables) == len(again["tables"]) == 2
    assert exported["event"]["played_rounds"][0]["bye"] == again["bye"]


def test_a_message_for_one_phone_is_never_kept_for_others(client, app):
    event = new_event(client)
    client.get(f"/e/{event.id}/screen")
    with client.session_transaction() as session:
        session["_flashes"] = [("error", "a message for this phone only")]
    assert "a message for this phone only" in client.get(f"/e/{event.id}/screen").get_data(as_text=True).lower()
    other = app.test_client().get(f"/e/{event.id}/screen").get_data(as_text=True).lower()
    assert "a message for this phone only" not in other


def test_copies_to_delete_are_said_even_on_a_kept_scoreboard(client, game, app):
    assert "data-forget" not in app.test_client().get(f"/g/{game.id}").get_data(as_text=True)  # now kept
    with client.session_transaction() as session:
        session[FORGET] = [f"/g/{game.id}"]
    assert f'data-forget="/g/{game.id}"' in client.get(f"/g/{game.id}").get_data(as_text=True)
    assert "data-forget" not in client.get(f"/g/{game.id}").get_data(as_text=True)  # said once


def test_what_is_kept_is_bounded_by_count_and_by_size():
    kept = RenderedCache(3, chars=10)
    kept.put("a", "12345")
    kept.put("b", "1234")
    kept.put("c", "123")  # 12 characters: the oldest goes
    assert kept.get("a") is None and kept.get("b") == "1234" and kept.get("c") == "123"
    kept.put("huge", "x" * 11)  # longer than the whole bound: never kept
    assert kept.get("huge") is None and len(kept) == 2
    kept.put("b", "1")  # a text kept again replaces the old one
    kept.put("d", "12")
    kept.put("e", "1")
    assert len(kept) == 3 and kept.get("c") is None
    made = []
    assert kept.keep("f", lambda: made.append(1) or "new") == "new"
    assert kept.keep("f", lambda: made.append(1) or "other") == "new" and made == [1]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


@given(JSON)
def test_an_export_file_reads_back_as_what_was_exported(value):
    text = json_file(value)
    assert json.loads(text) == value and text.endswith("\n")


def test_an_export_file_puts_each_item_of_a_list_on_its_own_line():
    text = json_file({"name": "Friday", "rounds": [{"number": 1}, {"number": 2}]})
    assert text.splitlines() == [
        "{",
        '  "name": "Friday",',
        '  "rounds": [',
        '    {"number": 1},',
        '    {"number": 2}',
        "  ]",
        "}",
    ]


def test_an_event_is_read_once_per_edition_and_never_kept_from_inside_a_write(client, app, monkeypatch):
    from scorekeeper.services import events
    from scorekeeper.store import Store

    event = new_event(client)
    played = paired(client, event)
    reads = []
    real = events._read
    monkeypatch.setattr(
        events, "_read", lambda store, event_id, *kept: reads.append(event_id) or real(store, event_id, *kept)
    )
    for path in (f"/e/{event.id}", f"/api/v1/events/{event.id}", f"/api/v1/events/{event.id}/standings"):
        assert client.get(path).status_code == 200
    assert len(reads) <= 1  # kept since the pairing, or read once
    win(client, played["tables"][1], "table-two-0001")
    standings = client.get(f"/api/v1/events/{event.id}/standings").get_json()["standings"]
    assert sorted(line["played"] for line in standings) == [0] * 6 + [1, 1]
    with Store(app.config["DATABASE"]) as store:
        events._kept.clear()
        with store.write():
            events.get(store, event.id)
        assert not events._kept  # what a write reads may yet be rolled back: not kept
        events.get(store, event.id)
        assert len(events._kept) == 1


def test_the_event_page_is_kept_for_viewers_and_never_given_to_the_organiser(client, app, monkeypatch):
    event = new_event(client)
    paired(client, event)
    organiser = app.test_client()
    assert organiser.get(f"/e/{event.id}/organise/{event['organiser_key']}").status_code in (302, 303)
    made = []
    real = event_routes.render_template
    monkeypatch.setattr(event_routes, "render_template", lambda *a, **k: made.append(a[0]) or real(*a, **k))
    viewers = [app.test_client() for _ in range(3)]
    pages = [v.get(f"/e/{event.id}").get_data(as_text=True) for v in viewers]
    assert made.count("event/event.html") == 1
    assert all("organiser-code" not in p and "<!--scorekeeper" not in p for p in pages)
    tokens = {re.search(r'name="csrf_token" value="([^"]*)"', p)[1] for p in pages}
    assert len(tokens) == 3  # each phone its own token
    own = organiser.get(f"/e/{event.id}").get_data(as_text=True)
    assert "organiser-code" in own and made.count("event/event.html") == 2
    assert "organiser-code" not in viewers[0].get(f"/e/{event.id}").get_data(as_text=True)
    assert organiser.get(f"/e/{event.id}").headers["Cache-Control"] == "private, no-store"
