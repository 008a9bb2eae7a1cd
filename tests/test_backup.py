"""Backup and restore (``flask --app app backup FILE`` / ``restore FILE``): a backup taken while hands are being
saved restores to the same games, hands and totals."""

import os
import sqlite3
import threading
from contextlib import closing

import pytest

from app import create_app
from scorekeeper.services.backup import BackupError, backup, restore
from tests.conftest import new_game

# Games to 99: long enough for every hand these tests save.
LONG = {"target": 99}


def add_hand(client, game_id, key, i):
    hand = {
        "submission_id": f"sub-backup-{game_id}-{i}",
        "sides": [
            {"tally": {"cards": 22, "coins": 6, "settebello": True, "primiera_won": True}, "scopas": i % 3},
            {"tally": {"cards": 18, "coins": 4, "settebello": False, "primiera_won": False}, "scopas": 0},
        ],
    }
    assert client.post(f"/api/v1/games/{game_id}/rounds", json=hand, headers=key).status_code == 201


def every_game(client, db_path):
    """Every game as the API shows it: hands, totals, winner."""
    with closing(sqlite3.connect(db_path)) as db:
        ids = [r[0] for r in db.execute("SELECT id FROM games ORDER BY id")]
    out = {}
    for game_id in ids:
        g = client.get(f"/api/v1/games/{game_id}").get_json()
        out[game_id] = ([r["entry"] for r in g["rounds"]], [s["total"] for s in g["sides"]], g["winner"])
    return out


def test_a_backup_taken_while_hands_are_saved_restores_to_the_same_games(tmp_path):
    db = str(tmp_path / "live.sqlite3")
    app = create_app({"TESTING": True, "DATABASE": db, "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    made = [(g.id, g.keeper) for g in (new_game(client, rules=LONG) for _ in range(3))]
    for game_id, key in made:
        add_hand(client, game_id, key, 0)

    stop = threading.Event()

    def keep_writing():
        writer = app.test_client()
        i = 1
        while not stop.is_set() and i < 200:
            for game_id, key in made:
                add_hand(writer, game_id, key, i)
            i += 1

    thread = threading.Thread(target=keep_writing)
    thread.start()
    try:
        copy = str(tmp_path / "backup.sqlite3")
        games = backup(db, copy)
    finally:
        stop.set()
        thread.join()
    assert games == 3
    # The backup is one consistent moment: every game has whole hands, and its totals add up from them.
    snapshot_app = create_app({"TESTING": True, "DATABASE": copy})
    snapshot = every_game(snapshot_app.test_client(), copy)
    assert set(snapshot) == {g for g, _ in made}
    for entries, totals, _winner in snapshot.values():
        assert totals[0] == sum(4 + e["sides"][0]["scopas"] for e in entries) and totals[1] == 0

    # Restored over a database that has moved on since, the games are exactly those of the backup.
    restored = restore(copy, db)
    assert restored.games == 3
    after = every_game(create_app({"TESTING": True, "DATABASE": db}).test_client(), db)
    assert after == snapshot
    assert restored.kept is not None and restored.kept.startswith(db + ".before-restore-")
    assert os.path.exists(restored.kept)


def test_a_backup_never_overwrites_and_a_restore_takes_only_a_scorekeeper_database(tmp_path):
    db = str(tmp_path / "live.sqlite3")
    create_app({"TESTING": True, "DATABASE": db})
    existing = tmp_path / "exists.sqlite3"
    existing.write_text("keep me")
    with pytest.raises(BackupError, match="exists already"):
        backup(db, str(existing))
    assert existing.read_text() == "keep me"
    with pytest.raises(BackupError, match="not an SQLite database"):
        restore(str(existing), db)
    other = tmp_path / "other.sqlite3"
    with closing(sqlite3.connect(other)) as db:
        db.execute("CREATE TABLE notes (x)")
    with pytest.raises(BackupError, match="not a Scopa Scorekeeper backup"):
        restore(str(other), db)


def test_the_flask_commands_back_up_and_restore(tmp_path):
    db = str(tmp_path / "live.sqlite3")
    app = create_app({"TESTING": True, "DATABASE": db, "WTF_CSRF_ENABLED": False})
    game = new_game(app.test_client(), rules=LONG)
    game_id, key = game.id, game.keeper
    add_hand(app.test_client(), game_id, key, 1)
    runner = app.test_cli_runner()
    copy = str(tmp_path / "copy.sqlite3")
    result = runner.invoke(args=["backup", copy])
    assert result.exit_code == 0 and "Backed up 1 games" in result.output
    again = runner.invoke(args=["backup", copy])
    assert again.exit_code != 0 and "exists already" in again.output
    result = runner.invoke(args=["restore", copy])
    assert result.exit_code == 0 and "Restored 1 games" in result.output


def test_a_running_server_shows_the_restored_games_not_what_it_kept(tmp_path):
    """The server keeps pages and scores per version: a restore moves every version past those it has seen, so
    the running server (and every phone polling it) shows the restored game at once."""
    db = str(tmp_path / "live.sqlite3")
    app = create_app({"TESTING": True, "DATABASE": db, "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    game = new_game(client, rules=LONG)
    add_hand(client, game.id, game.keeper, 0)
    copy = str(tmp_path / "one-hand.sqlite3")
    backup(db, copy)
    add_hand(client, game.id, game.keeper, 1)
    seen_version = client.get(f"/g/{game.id}/version").get_json()["version"]
    assert 'class="points">9<' in client.get(f"/g/{game.id}").get_data(as_text=True)  # kept for this version
    assert [s["total"] for s in client.get(f"/api/v1/games/{game.id}").get_json()["sides"]] == [9, 0]
    client.get(f"/g/{game.id}/export.json")
    restore(copy, db)
    assert client.get(f"/g/{game.id}/version").get_json()["version"] > seen_version  # the phones refresh
    assert 'id="hand-2"' not in client.get(f"/g/{game.id}").get_data(as_text=True)
    assert len(client.get(f"/api/v1/games/{game.id}").get_json()["rounds"]) == 1
    # Another second hand (two scopas, where the first lineage's had one): never the kept page of the old one.
    add_hand(client, game.id, game.keeper, 2)
    assert [s["total"] for s in client.get(f"/api/v1/games/{game.id}").get_json()["sides"]] == [10, 0]
    assert [s["total"] for s in client.get(f"/g/{game.id}/export.json").get_json()["sides"]] == [10, 0]
    assert 'class="points">10<' in client.get(f"/g/{game.id}").get_data(as_text=True)
