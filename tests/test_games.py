"""The keeping service against a real SQLite file: identity, retries, undo, scopas, cached scores, failures."""

import sqlite3
import threading

import pytest

from scorekeeper.rules import InvalidRoundError
from scorekeeper.rules import ledger as ledger_module
from scorekeeper.rules.ledger import HandEntry
from scorekeeper.services import games
from scorekeeper.services.errors import Conflict, NotFound, Unavailable
from scorekeeper.store import Store
from tests.conftest import new_game, service_game

TALLY_A = {"cards": 22, "coins": 6, "settebello": True, "primiera": 78}
TALLY_B = {"cards": 18, "coins": 4, "settebello": False, "primiera": 75}


def hand(a=TALLY_A, b=TALLY_B, scopas=(0, 0)) -> HandEntry:
    return HandEntry.from_json({"sides": [{"tally": a, "scopas": scopas[0]}, {"tally": b, "scopas": scopas[1]}]})


def tied_hand() -> HandEntry:
    """A hand where each side scores one point, so a game can run to any length while tied."""
    return hand(
        {"cards": 19, "coins": 5, "settebello": True, "primiera_won": False},
        {"cards": 21, "coins": 5, "settebello": False, "primiera_won": False},
    )


@pytest.fixture
def game_id(store):
    """The id of a game "Friday" of Anna against Bruno, made through the service on the shared ``store``."""
    return service_game(store)[0].id


def test_undo_removes_exactly_the_hand_this_phone_saved_and_returns_its_scopas(store, game_id):
    games.record_hand(store, game_id, hand(TALLY_B, TALLY_A), "sub-other-001")
    mine = games.record_hand(store, game_id, hand(scopas=(1, 0)), "sub-mine-0001")
    after = games.undo_hand(store, game_id, mine.round_id, mine.version, "sub-undo-0001")
    assert len(after.rounds) == 1 and after.rounds[0].record.id != mine.round_id
    assert after.game.pending_scopas == (1, 0)
    # A repeat of the same undo changes nothing more.
    again = games.undo_hand(store, game_id, mine.round_id, mine.version, "sub-undo-0001")
    assert len(again.rounds) == 1 and again.game.pending_scopas == (1, 0)


def test_undo_after_another_phone_saved_a_later_hand_is_refused(store, game_id):
    # Taking hand 1 back into the hand in progress would move the other phone's hand 2 up to 1.
    mine = games.record_hand(store, game_id, hand(scopas=(1, 0)), "sub-mine-0001")
    games.record_hand(store, game_id, hand(TALLY_B, TALLY_A), "sub-other-001")
    with pytest.raises(Conflict) as caught:
        games.undo_hand(store, game_id, mine.round_id, mine.version, "sub-undo-0001")
    assert caught.value.kind == "stale"
    assert "hand 2 was saved on another phone after hand 1" in str(caught.value.message)
    now = games.get(store, game_id)
    assert [r.record.id for r in now.rounds][0] == mine.round_id and len(now.rounds) == 2


def test_a_hand_saved_meanwhile_on_another_phone_is_not_saved_twice(store, game_id):
    # Two phones open the form for hand 1; the first saves it; the second is told, and saves only when it
    # says this is hand 2.
    games.record_hand(store, game_id, hand(scopas=(1, 0)), "sub-phone-a01", number=1)
    with pytest.raises(Conflict) as caught:
        games.record_hand(store, game_id, hand(scopas=(1, 0)), "sub-phone-b01", number=1)
    assert caught.value.kind == "stale" and "hand 1 was already saved on another phone" in str(caught.value.message)
    assert caught.value.current.number == 1 and len(games.get(store, game_id).rounds) == 1
    again = games.record_hand(store, game_id, hand(), "sub-phone-b01", number=2)
    assert again.number == 2 and again.created
    # A form for a hand beyond the next one (a hand deleted meanwhile) is refused too.
    with pytest.raises(Conflict, match="the game's next hand is 3"):
        games.record_hand(store, game_id, hand(), "sub-phone-b02", number=5)
    with pytest.raises(InvalidRoundError):
        games.record_hand(store, game_id, hand(), "sub-phone-b03", number="2")


def test_undo_of_a_hand_corrected_since_is_refused(store, game_id):
    mine = games.record_hand(store, game_id, hand(), "sub-mine-0001")
    games.replace_hand(store, game_id, 1, hand(TALLY_B, TALLY_A), mine.version, "sub-edit-0001")
    with pytest.raises(Conflict) as caught:
        games.undo_hand(store, game_id, mine.round_id, mine.version, "sub-undo-0001")
    assert caught.value.kind == "stale" and len(games.get(store, game_id).rounds) == 1


def test_undo_of_a_hand_deleted_since_is_refused(store, game_id):
    mine = games.record_hand(store, game_id, hand(), "sub-mine-0001")
    games.delete_hand(store, game_id, 1, mine.version, "sub-del-00001")
    with pytest.raises(Conflict) as caught:
        games.undo_hand(store, game_id, mine.round_id, mine.version, "sub-undo-0001")
    assert caught.value.kind == "deleted"


def test_a_retry_of_a_hand_since_deleted_is_a_conflict_not_a_second_hand(store, game_id):
    first = games.record_hand(store, game_id, hand(), "sub-hand-0001")
    games.delete_hand(store, game_id, 1, first.version)
    with pytest.raises(Conflict) as caught:
        games.record_hand(store, game_id, hand(), "sub-hand-0001")
    assert caught.value.kind == "deleted" and games.get(store, game_id).rounds == ()


def test_unknown_games_and_hands(store, game_id):
    with pytest.raises(NotFound):
        games.get(store, "no-such-game")
    with pytest.raises(NotFound):
        games.delete_hand(store, game_id, 1)


def test_a_read_scores_nothing_once_the_version_is_known(store, game_id, monkeypatch):
    for i in range(5):
        games.record_hand(store, game_id, tied_hand(), f"sub-hand-{i:04d}")
    calls = []
    real = ledger_module.score_entry
    monkeypatch.setattr(ledger_module, "score_entry", lambda *a: calls.append(a) or real(*a))
    monkeypatch.setattr(games, "score_entry", lambda *a: calls.append(a) or real(*a))
    games.get(store, game_id)
    assert calls == []
    # A new hand scores that hand alone, however long the game is.
    games.record_hand(store, game_id, tied_hand(), "sub-hand-9999")
    assert len(calls) == 1
    assert games.get(store, game_id).totals == (6, 6)


def test_a_change_made_by_another_process_is_seen(tmp_path):
    """Cached scores are keyed on the game's version, so a change through another connection shows."""
    path = str(tmp_path / "shared.sqlite3")
    with Store(path) as one, Store(path) as two:
        one.migrate()
        game, _ = service_game(one, name="")
        assert games.get(one, game.id).totals == (0, 0)
        games.record_hand(two, game.id, hand(), "sub-hand-0001")
        games.scores._games.clear()  # another process has its own memory
        games.record_hand(two, game.id, hand(), "sub-hand-0002")
        assert games.get(one, game.id).totals == (8, 0)


def test_a_full_disk_is_unavailable_and_saves_nothing(store, game_id):
    games.record_hand(store, game_id, tied_hand(), "sub-hand-0001")
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(Unavailable) as caught:
        for i in range(200):  # fill the last pages with hands until the database is full
            games.record_hand(store, game_id, tied_hand(), f"sub-fill-{i:04d}")
    assert "nothing was saved" in str(caught.value.message) and caught.value.status == 503
    store.db.execute("PRAGMA max_page_count = 1073741823")
    stored = len(games.get(store, game_id).rounds)
    games.scores._games.clear()
    assert len(games.get(store, game_id).rounds) == stored


def test_a_read_only_database_still_serves_reads(tmp_path):
    path = str(tmp_path / "ro.sqlite3")
    with Store(path) as s:
        s.migrate()
        game, _ = service_game(s, name="")
        games.record_hand(s, game.id, hand(), "sub-hand-0001")
        s.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    with Store(f"file:{path}?mode=ro") as s:
        s.migrate()  # up to date: nothing to write, so the app starts
        games.scores._games.clear()
        assert games.get(s, game.id).totals == (4, 0)
        with pytest.raises(Unavailable):
            games.record_hand(s, game.id, hand(), "sub-hand-0002")


def test_forty_writers_on_one_game_lose_nothing(tmp_path):
    path = str(tmp_path / "busy.sqlite3")
    with Store(path) as s:
        s.migrate()
        game, _ = service_game(s, name="")
    errors = []

    def writer(n):
        with Store(path) as mine:
            for i in range(2):
                try:
                    games.record_hand(mine, game.id, tied_hand(), f"sub-w{n:02d}-{i:04d}")
                except Exception as err:  # noqa: BLE001 - any failure is the finding
                    errors.append(err)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with Store(path) as s:
        score = games.get(s, game.id)
        assert len(score.rounds) == 80 and len({r.record.version for r in score.rounds}) == 80


def test_the_migration_runs_once_when_processes_start_together(tmp_path):
    path = str(tmp_path / "new.sqlite3")
    errors = []

    def start():
        try:
            with Store(path) as s:
                s.migrate()
        except sqlite3.Error as err:
            errors.append(err)

    threads = [threading.Thread(target=start) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with Store(path) as s:
        names = [r["name"] for r in s.db.query("SELECT name FROM _sqlite_migrations")]
        assert names == [
            "m001_games_rounds_submissions",
            "m002_stable_hand_ids",
            "m003_groups_players_summaries",
            "m004_events",
            "m005_event_dropped_games",
            "m006_season_and_ratings",
            "m007_change_feed",
            "m008_group_stamps",
        ]


def test_a_hand_saved_meanwhile_that_won_the_game_is_what_the_second_phone_is_told(store, game_id):
    for i in range(2):
        games.record_hand(store, game_id, hand(scopas=(4, 0)), f"sub-win-{i:05d}", number=i + 1)  # 8-0, 16-0
    assert games.get(store, game_id).finished
    with pytest.raises(Conflict) as caught:
        games.record_hand(store, game_id, hand(TALLY_B, TALLY_A), "sub-late-00001", number=2)
    assert caught.value.kind == "stale" and "hand 2 was already saved on another phone" in str(caught.value.message)
    assert "That hand ended the game" in str(caught.value.message)


def test_a_game_keeps_a_bounded_number_of_hands(client, monkeypatch):
    # Hands where every category is tied score nothing: without a bound a game could grow for ever.
    monkeypatch.setattr(games, "HANDS_MAX", 2)
    g = new_game(client, "A", "B")
    head = g.keeper
    hand = {"sides": [{"won": ["settebello"]}, {"won": []}]}
    for i in range(2):
        assert (
            client.post(
                f"/api/v1/games/{g['id']}/rounds", json={**hand, "submission_id": f"sub-bound-{i}"}, headers=head
            ).status_code
            == 201
        )
    r = client.post(f"/api/v1/games/{g['id']}/rounds", json={**hand, "submission_id": "sub-bound-9"}, headers=head)
    assert (
        r.status_code == 409
        and r.get_json()["error"] == "too_many_hands"
        and "at most 2 hands" in r.get_json()["message"]
    )
    assert len(client.get(f"/api/v1/games/{g['id']}").get_json()["rounds"]) == 2
    client.get(g["keeper_url"])
    page = client.post(
        f"/g/{g['id']}/won",
        data={
            "won_cards": "tie",
            "won_coins": "tie",
            "won_settebello": "0",
            "won_primiera": "tie",
            "action": "save",
            "submission_id": "sub-bound-web",
        },
        follow_redirects=True,
    )
    assert "at most 2 hands" in page.get_data(as_text=True)
