"""The scoreboards' version poll, answered in front of Flask on a kept connection: cheap, and never a 304 for a
game that changed, whatever changed it (a hand saved, corrected, deleted or undone, the group it joined, the next
round of its event, a restore, another database file put in place)."""

from __future__ import annotations

import os
import sqlite3
import threading
from contextlib import closing

import pytest

from scorekeeper.services import games, groups, versions
from scorekeeper.services.backup import backup, restore
from scorekeeper.store import Store
from scorekeeper.web.common.security import HEADERS
from scorekeeper.web.game import poll as poll_layer
from tests.conftest import ANNA_WINS_FOUR, BRUNO_LOSES, counts, make_app, record_hand
from tests.test_events import pair, play


def poll(client, game_id: str, tag: str | None = None, **headers: str):
    if tag:
        headers["If-None-Match"] = tag
    return client.get(f"/g/{game_id}/version", headers=headers)


def tag_of(client, game_id: str) -> str:
    answer = poll(client, game_id)
    assert answer.status_code == 200
    return answer.headers["ETag"]


def changed(client, game_id: str, tag: str) -> str:
    """Poll with ``tag``: the game must have changed (200, another tag); answers the new tag."""
    answer = poll(client, game_id, tag)
    assert answer.status_code == 200, "a poll answered 304 for a game that changed"
    assert answer.headers["ETag"] != tag and answer.headers["ETag"] == f'"{answer.get_json()["version"]}"'
    assert poll(client, game_id, answer.headers["ETag"]).status_code == 304
    return str(answer.headers["ETag"])


def test_the_poll_is_answered_before_flask_with_the_routes_answer(client, game, monkeypatch):
    def no_flask(*_args, **_kwargs):
        raise AssertionError("the poll of a game that exists must not reach Flask's route")

    monkeypatch.setattr(games, "version", no_flask)
    first = poll(client, game.id)
    assert first.status_code == 200 and first.get_json() == {"version": int(first.headers["ETag"].strip('"'))}
    assert first.headers["Content-Type"] == "application/json" and first.headers["Cache-Control"] == "no-cache"
    for name, value in HEADERS.items():  # the security headers of every response
        assert first.headers[name] == value
    assert "Set-Cookie" not in first.headers
    again = poll(client, game.id, first.headers["ETag"])
    assert again.status_code == 304 and again.get_data() == b"" and again.headers["ETag"] == first.headers["ETag"]
    assert poll(client, game.id, f"W/{first.headers['ETag']}").status_code == 304
    assert poll(client, game.id, first.headers["ETag"][:-1] + '0"').status_code == 200  # "70" is not "7"
    head = client.head(f"/g/{game.id}/version")
    assert head.status_code == 200 and head.get_data() == b"" and head.headers["ETag"] == first.headers["ETag"]


def test_polls_open_one_connection_per_thread_not_one_per_poll(app, client, game, monkeypatch):
    opened: list[str] = []
    real = versions.Store

    def counted(path: str) -> Store:
        opened.append(path)
        return real(path)

    monkeypatch.setattr(versions, "Store", counted)
    for _ in range(30):
        poll(client, game.id)
    assert len(opened) == 1
    answers: list[int] = []
    threads = [threading.Thread(target=lambda: answers.append(poll(app.test_client(), game.id).status_code))]
    threads[0].start()
    threads[0].join(10)
    assert answers == [200] and len(opened) == 2


def test_a_saved_corrected_deleted_or_undone_hand_is_seen_by_the_next_poll(app, client, game):
    tag = tag_of(client, game.id)
    record_hand(client, game)
    tag = changed(client, game.id, tag)
    fixed = counts(BRUNO_LOSES, ANNA_WINS_FOUR, submission_id="sub-fix-1")
    assert client.put(f"/api/v1/games/{game.id}/rounds/1", json=fixed, headers=game.keeper).status_code == 200
    tag = changed(client, game.id, tag)
    assert client.delete(f"/api/v1/games/{game.id}/rounds/1", headers=game.keeper).status_code in (200, 204)
    tag = changed(client, game.id, tag)
    saved = record_hand(client, game, counts(submission_id="sub-again-1"))
    tag = changed(client, game.id, tag)
    with Store(app.config["DATABASE"]) as store:
        games.undo_hand(store, game.id, saved["id"], saved["version"], "sub-undo-1")
    changed(client, game.id, tag)


def test_joining_a_group_moves_the_version_the_scoreboard_shows_the_group(app, client, game, group):
    tag = tag_of(client, game.id)
    with Store(app.config["DATABASE"]) as store:
        groups.add_game(store, group.id, game.id)
    changed(client, game.id, tag)
    assert f"/groups/{group.id}" in client.get(f"/g/{game.id}").get_data(as_text=True)


def test_pairing_the_next_round_moves_the_finished_tables_versions(client, event):
    first = pair(client, event, event.key)
    tags = {}
    for table in first["tables"]:
        play(client, table)
        tags[table["game"]["id"]] = tag_of(client, table["game"]["id"])
    second = pair(client, event, event.key)
    for game_id, tag in tags.items():
        changed(client, game_id, tag)
    page = client.get(f"/g/{first['tables'][0]['game']['id']}").get_data(as_text=True)
    assert "in round 2" in page  # what the refreshed page now says
    for table in second["tables"]:  # the new round's games are new: nothing to refresh
        assert poll(client, table["game"]["id"]).status_code == 200


def test_a_restore_on_a_running_server_is_seen_by_the_next_poll(app, client, game, tmp_path):
    record_hand(client, game)
    copy = str(tmp_path / "one-hand.sqlite3")
    backup(app.config["DATABASE"], copy)
    record_hand(client, game, counts(submission_id="sub-second"))
    tag = tag_of(client, game.id)
    restore(copy, app.config["DATABASE"])
    changed(client, game.id, tag)
    assert len(client.get(f"/api/v1/games/{game.id}").get_json()["rounds"]) == 1


def test_another_database_file_put_at_the_path_is_read_not_the_one_kept_open(app, client, game, tmp_path):
    path = app.config["DATABASE"]
    tag = tag_of(client, game.id)
    other = str(tmp_path / "other.sqlite3")
    backup(path, other)
    with closing(sqlite3.connect(other)) as conn, conn:
        conn.execute("UPDATE games SET version = version + 5 WHERE id = ?", [game.id])
    for suffix in ("-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    os.replace(other, path)  # a new file at the path, while the kept connection still holds the old one
    changed(client, game.id, tag)


def test_an_unknown_game_an_odd_id_or_an_untrusted_host_is_left_to_flask(tmp_path):
    app = make_app(tmp_path, TRUSTED_HOSTS=["scopa.example"])
    client = app.test_client()
    page = client.get("/g/no-such-game/version", headers={"Host": "scopa.example", "Accept": "application/json"})
    assert page.status_code == 404
    assert client.get("/g/a.b/version", headers={"Host": "scopa.example"}).status_code == 404
    # An untrusted Host is refused by Flask, as for every other address, before any database read.
    assert client.get("/g/whatever/version", headers={"Host": "evil.example"}).status_code == 400


def test_a_database_the_kept_connection_cannot_read_is_answered_by_flask(app, client, game, monkeypatch):
    def broken(_path: str) -> Store:
        raise sqlite3.OperationalError("unable to open database file")

    layer = app.extensions["scorekeeper.versions"]
    layer.close()  # the kept connections are gone and no new one opens: Flask answers
    monkeypatch.setattr(versions, "Store", broken)
    answer = poll(client, game.id)
    assert answer.status_code == 200 and answer.get_json()["version"] >= 1


def test_closing_the_app_closes_the_kept_connections(app, client, game):
    poll(client, game.id)
    layer = app.extensions["scorekeeper.versions"]
    kept = list(layer._kept)
    assert len(kept) == 1
    layer.close()
    with pytest.raises(sqlite3.ProgrammingError):
        kept[0].db.execute("SELECT 1")
    assert isinstance(app.wsgi_app, poll_layer.VersionPolls)
