"""The storage module against real SQLite files: migrations, versions, ids, failures."""

import json
import threading

import pytest
from sqlite_utils import Database

from app import _secret_key
from scorekeeper.rules.ledger import HandEntry
from scorekeeper.store import StorageUnavailable, Store, m001_games_rounds_submissions
from tests.conftest import core_game

ENTRY = HandEntry.from_json({"sides": [{"pile": ["7d"], "scopas": 0}, {"pile": ["1s"], "scopas": 0}]})


@pytest.fixture
def store(store):
    """The shared fresh store, holding game ``g1`` (Anna against Bruno, no hands yet)."""
    with store.write():
        store.insert_game(core_game(game_id="g1", created="2026-11-22T10:00:00+00:00"), "hash")
    return store


def test_a_database_from_before_hand_ids_gets_ids_and_versions_no_two_hands_share(tmp_path):
    path = str(tmp_path / "old.sqlite3")
    db = Database(path)
    m001_games_rounds_submissions(db)
    db["_sqlite_migrations"].insert(
        {"migration_set": "scorekeeper", "name": "m001_games_rounds_submissions", "applied_at": "2026-01-01"}
    )
    db["games"].insert(
        {
            "id": "old",
            "name": "Old",
            "created": "c",
            "updated": "u",
            "rules": '{"profile": "classic"}',
            "target": 11,
            "deck_style": "italian",
            "keeper_hash": "h",
            "pending_scopas": "[0, 0]",
            "version": 3,
            "sides": json.dumps([{"name": "A", "players": ["A"]}, {"name": "B", "players": ["B"]}]),
        }
    )
    for _ in range(3):  # every hand of the old schema starts at version 1
        db["rounds"].insert(
            {
                "game_id": "old",
                "entry": json.dumps(ENTRY.to_json()),
                "version": 1,
                "submission_id": None,
                "created": "c",
                "updated": "u",
            }
        )
    db.close()
    with Store(path) as s:
        s.migrate()
        game = s.load_game("old")
        ids = [r.id for r in game.rounds]
        versions = [r.version for r in game.rounds]
        assert len(set(ids)) == 3 and all(ids) and len(set(versions)) == 3
        assert game.version > max(versions)
        with s.write():
            later = s.insert_round("old", 4, ENTRY, "sub-new-00001", [0, 0])
        assert later.version not in versions


def test_every_change_gives_the_hand_a_version_the_game_never_used(store):
    with store.write():
        first = store.insert_round("g1", 1, ENTRY, "sub-0000001", [0, 0])
        second = store.insert_round("g1", 2, ENTRY, "sub-0000002", [0, 0])
        edited = store.update_round("g1", first, ENTRY)
    assert len({first.version, second.version, edited.version}) == 3
    assert edited.id == first.id and store.load_game("g1").rounds[0].version == edited.version


def test_a_hand_keeps_its_id_and_its_number_follows_deletions(store):
    with store.write():
        first = store.insert_round("g1", 1, ENTRY, "sub-0000001", [0, 0])
        second = store.insert_round("g1", 2, ENTRY, "sub-0000002", [0, 0])
    assert store.round_number("g1", second.id) == 2
    with store.write():
        store.delete_round("g1", first.id)
    assert store.round_number("g1", second.id) == 1 and store.round_number("g1", first.id) is None


def test_a_failed_change_keeps_nothing_of_itself(store):
    with pytest.raises(RuntimeError), store.write():
        store.insert_round("g1", 1, ENTRY, "sub-0000001", [0, 0])
        raise RuntimeError("the rules refused the hand")
    assert store.load_game("g1").rounds == () and store.game_version("g1") == 1


def test_a_full_database_is_storage_unavailable(store):
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StorageUnavailable), store.write():
        for i in range(500):
            store.remember("g1", f"sub-{i:08d}", "scopa", "x" * 32, None)


def test_processes_starting_together_agree_on_one_secret_key(tmp_path):
    keys = []
    threads = [threading.Thread(target=lambda: keys.append(_secret_key(str(tmp_path)))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(keys)) == 1 and (tmp_path / "secret_key").read_text().strip() == keys[0]
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]
