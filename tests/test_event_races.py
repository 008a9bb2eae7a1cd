"""Races between an event's organiser and its tables, run for real: two threads released together, each with its
own connection to one SQLite file, many times over. Each test asserts what a user relies on whichever side wins:
a hand the table was told is saved counts for the event, a withdrawal the organiser was told of is never paired,
and a round-robin's schedule meets every pair once."""

import itertools
import threading
import time

import pytest

from scorekeeper.rules.ledger import HandEntry
from scorekeeper.services import events, games
from scorekeeper.services.errors import Conflict
from scorekeeper.store import Store

TRIALS = range(20)

A_HAND = HandEntry.from_json(
    {
        "sides": [
            {"tally": {"cards": 22, "coins": 6, "settebello": True, "primiera": 78}, "scopas": 0},
            {"tally": {"cards": 18, "coins": 4, "settebello": False, "primiera": 75}, "scopas": 0},
        ]
    }
)


@pytest.fixture
def path(tmp_path):
    path = str(tmp_path / "races.sqlite3")
    with Store(path) as s:
        s.migrate()
    return path


def race(path, first, second, trial):
    """Run ``first(store)`` and ``second(store)`` at once, each on its own connection; their answers (a value, or
    the ``Conflict`` it was refused with). Any other error fails the test.

    ``first`` is held back a little after the release, by an amount that varies with the trial (0 to 16 ms, about
    what an organiser's action takes), so that across the trials each side gets to go first and to land in the
    middle of the other."""
    barrier = threading.Barrier(2)
    delays = ((trial % 5) * 0.004, 0.0)
    answers: list[object] = [None, None]
    failures: list[BaseException] = []

    def run(i, action):
        try:
            with Store(path) as store:
                barrier.wait()
                time.sleep(delays[i])
                try:
                    answers[i] = action(store)
                except Conflict as err:
                    answers[i] = err
        except BaseException as err:  # pragma: no cover - reported below
            failures.append(err)

    threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate((first, second))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures, failures
    return answers


def seated(played):
    return {e for t in played.tables for e in t.sides} | set(played.byes)


@pytest.mark.parametrize("trial", TRIALS)
def test_a_tables_first_hand_racing_pair_again_is_kept_or_refused_never_lost(path, trial):
    with Store(path) as store:
        event_id, key = events.new_event(store, name="Club night", players=list("ABCDEF"), rounds=3)
        first = events.pair_next(store, event_id, key)
        events.add_entrant(store, event_id, key, "G")  # a late arrival: the round is to be paired again
    table = first.tables[0]

    hand, repaired = race(
        path,
        lambda s: games.record_hand(s, table.game_id, A_HAND, f"first-hand-{trial:04d}"),
        lambda s: events.repair(s, event_id, key),
        trial,
    )

    with Store(path) as store:
        now = events.get(store, event_id).rounds[0]
        at_tables = {t.game_id: t for t in now.tables}
        if isinstance(hand, games.Recorded):
            # Acknowledged: the hand counts for the event, at the table it was played at, with its sides.
            assert table.game_id in at_tables, "an acknowledged hand was dropped from the event"
            kept = at_tables[table.game_id]
            assert kept.hands == 1 and kept.sides == table.sides and kept.number == table.number
        else:
            # Refused: pair again went first, so the game is no longer the event's, and the table is told so.
            assert isinstance(hand, Conflict) and hand.status == 409
            assert "no longer" in str(hand.message) and "nothing was saved" in str(hand.message)
            assert not isinstance(repaired, Conflict)
            assert table.game_id not in at_tables and games.get(store, table.game_id).rounds == ()
        if isinstance(repaired, Conflict):
            assert isinstance(hand, games.Recorded)
            assert "again" in str(repaired.message)
        else:
            # Paired again: the late arrival has a seat, and nobody has two.
            assert "7" in seated(now)
        assert len(seated(now)) == sum(len(t.sides) for t in now.tables) + len(now.byes)


@pytest.fixture
def order(path):
    """The order in which changes were committed, as SQLite saw them: rounds paired and entrants withdrawn."""
    with Store(path) as store:
        store.db.executescript("""
            CREATE TABLE race_log (id INTEGER PRIMARY KEY AUTOINCREMENT, what TEXT);
            CREATE TRIGGER race_paired AFTER INSERT ON event_rounds
                BEGIN INSERT INTO race_log (what) VALUES ('paired ' || NEW.number); END;
            CREATE TRIGGER race_withdrew AFTER UPDATE OF withdrawn ON event_entrants WHEN NEW.withdrawn
                BEGIN INSERT INTO race_log (what) VALUES ('withdrew ' || NEW.id); END;
        """)

    def read():
        with Store(path) as store:
            return [r["what"] for r in store.db.query("SELECT what FROM race_log ORDER BY id")]

    return read


@pytest.mark.parametrize("trial", TRIALS)
def test_a_withdrawal_acknowledged_before_a_round_is_paired_is_never_paired(path, order, trial):
    with Store(path) as store:
        event_id, key = events.new_event(store, name="Club night", players=list("ABCDEFGH"), rounds=3)

    paired, withdrawn = race(
        path,
        lambda s: events.pair_next(s, event_id, key, 1),
        lambda s: events.withdraw(s, event_id, key, "6"),
        trial,
    )

    assert isinstance(withdrawn, events.Entrant) and withdrawn.withdrawn
    with Store(path) as store:
        round1 = events.get(store, event_id).rounds[0]
    if order().index("withdrew 6") < order().index("paired 1"):
        # The withdrawal was saved first: the round must not seat F, and seats everyone else once.
        assert "6" not in seated(round1), "a withdrawal acknowledged before the pairing was ignored"
        assert seated(round1) == set("1234578")
    else:
        assert seated(round1) == set("12345678")
    if isinstance(paired, events.Round):
        assert seated(paired) == seated(round1)


@pytest.mark.parametrize("trial", TRIALS)
def test_a_late_arrival_racing_a_round_robins_first_round_leaves_a_schedule_meeting_every_pair_once(path, trial):
    with Store(path) as store:
        event_id, key = events.new_event(store, name="Club night", players=list("ABCD"), pairing="round_robin")

    joined, _paired = race(
        path,
        lambda s: events.add_entrant(s, event_id, key, "E"),
        lambda s: events.pair_next(s, event_id, key, 1),
        trial,
    )

    with Store(path) as store:
        event = events.get(store, event_id)
        if isinstance(joined, Conflict):
            assert "fixed once it has begun" in str(joined.message)
            assert [e.name for e in event.entrants] == list("ABCD") and event.planned == 3
        else:
            assert isinstance(joined, events.Entrant) and event.planned == 5
        # Play the whole schedule (the organiser's word settles each table) and count who met whom.
        while True:
            played = events.get(store, event_id).current
            assert played is not None
            for t in played.tables:
                events.set_result(store, event_id, key, played.number, t.number, "0")
            if played.number == event.planned:
                break
            events.pair_next(store, event_id, key)
        final = events.get(store, event_id)
    met = [frozenset(t.sides) for r in final.rounds for t in r.tables]
    everyone = [e.id for e in final.entrants]
    assert sorted(map(sorted, met)) == sorted(map(sorted, map(frozenset, itertools.combinations(everyone, 2)))), (
        "a pair met twice or never"
    )


def test_a_hand_sent_to_a_table_dropped_by_pairing_again_is_refused_and_says_why(client):
    r = client.post("/api/v1/events", json={"name": "Club night", "players": list("ABCDEF"), "rounds": 3})
    event = r.get_json()
    key = {"X-Organiser-Key": event["organiser_key"]}
    first = client.post(f"/api/v1/events/{event['id']}/rounds", headers=key).get_json()
    client.post(f"/api/v1/events/{event['id']}/entrants/6/withdraw", headers=key, json={})
    again = client.post(f"/api/v1/events/{event['id']}/rounds/1/repair", headers=key).get_json()
    kept = {t["game"]["id"] for t in again["tables"]}
    dropped = next(t for t in first["tables"] if t["game"]["id"] not in kept)
    game = dropped["game"]
    sides = [{"won": ["cards", "coins", "settebello", "primiera"]}, {"won": []}]
    r = client.post(
        f"/api/v1/games/{game['id']}/rounds",
        headers={"X-Keeper-Key": game["keeper_key"]},
        json={"submission_id": "late-hand-0001", "sides": sides},
    )
    assert r.status_code == 409
    said = r.get_json()["message"]
    assert f"no longer table {dropped['number']} of round 1 at “Club night”" in said and "nothing was saved" in said
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["rounds"] == []
