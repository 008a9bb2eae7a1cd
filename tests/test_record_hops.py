"""Recording a hand costs a fixed, small number of SQL statements, whatever the length of the game.

Every statement the request sends to SQLite is counted (``sqlite3.Connection.set_trace_callback`` on each
connection the app opens), from opening the request's connection to its commit. Recording a hand reads the
game's version once, inside its write transaction, and writes the game, the hand and the submission id; a long
game costs the same statements as a short one (the scored game is kept per version, not re-read).
"""

import sqlite3

import pytest

# The statements of one recorded hand: the three PRAGMAs of the request's connection, BEGIN IMMEDIATE, one read
# of the game's version and keeper key hash, the submission id claimed, the game's new version, the hand, COMMIT.
# (Before recording a hand was one service call it took 24: the version was read four times.)
STATEMENTS_MAX = 9

# A hand that scores 1 to each side (the settebello to one, the cards to the other); under the "highest" end
# equal top totals play on, so the game takes any number of hands and never ends.
ONE_ALL = [
    {"tally": {"cards": 19, "coins": 5, "settebello": True, "primiera_won": False}, "scopas": 0},
    {"tally": {"cards": 21, "coins": 5, "settebello": False, "primiera_won": False}, "scopas": 0},
]
WON_ONE_ALL = {"won_cards": "1", "won_coins": "tie", "won_settebello": "0", "won_primiera": "tie"}


@pytest.fixture
def traced(monkeypatch):
    """The SQL statements sent on every connection opened from now on (clear it to count from a point)."""
    sent: list[str] = []
    connect = sqlite3.connect

    def tracing(*args, **kwargs):
        conn = connect(*args, **kwargs)
        conn.set_trace_callback(sent.append)
        return conn

    monkeypatch.setattr(sqlite3, "connect", tracing)
    return sent


def long_game(client, hands: int) -> tuple[str, dict]:
    """A two-side game that never ends, with ``hands`` hands recorded through the API: (id, keeper headers)."""
    body = {"sides": [{"name": "Anna"}, {"name": "Bruno"}], "rules": {"end": "highest"}}
    game = client.post("/api/v1/games", json=body).json
    headers = {"X-Keeper-Key": game["keeper_key"]}
    for n in range(hands):
        r = client.post(
            f"/api/v1/games/{game['id']}/rounds",
            json={"submission_id": f"sub-seed-{n:05d}", "sides": ONE_ALL},
            headers=headers,
        )
        assert r.status_code == 201, r.json
    return game["id"], headers


def sent(traced: list[str]) -> list[str]:
    """The statements the app sent: SQLite's trace names a statement again for each step of a trigger it fires (the
    change feed's, written by the game's version UPDATE), which runs within that one statement."""
    return [s for i, s in enumerate(traced) if i == 0 or s != traced[i - 1]]


def recorded_through_the_api(client, traced, game_id: str, headers: dict, sid: str) -> list[str]:
    traced.clear()
    r = client.post(f"/api/v1/games/{game_id}/rounds", json={"submission_id": sid, "sides": ONE_ALL}, headers=headers)
    assert r.status_code == 201, r.json
    return sent(traced)


def version_reads(statements: list[str]) -> int:
    return sum(1 for s in statements if s.lstrip().upper().startswith("SELECT") and "version" in s)


@pytest.mark.parametrize("hands", [5, 250])
def test_recording_a_hand_through_the_api_takes_a_few_statements_at_any_length(client, traced, hands):
    game_id, headers = long_game(client, hands)
    statements = recorded_through_the_api(client, traced, game_id, headers, "sub-measured-1")
    assert len(statements) <= STATEMENTS_MAX, statements
    assert version_reads(statements) == 1, statements
    # The answer is the hand as stored, and the game after it.
    r = client.get(f"/api/v1/games/{game_id}")
    assert len(r.json["rounds"]) == hands + 1


def test_a_long_game_records_a_hand_with_the_same_statements_as_a_short_one(client, traced):
    short_id, short_keeper = long_game(client, 5)
    long_id, long_keeper = long_game(client, 250)
    short = recorded_through_the_api(client, traced, short_id, short_keeper, "sub-short-0001")
    long = recorded_through_the_api(client, traced, long_id, long_keeper, "sub-long-00001")
    assert len(long) == len(short) <= STATEMENTS_MAX


def test_the_answer_names_the_hand_and_the_game_after_it(client):
    game_id, headers = long_game(client, 5)
    r = client.post(
        f"/api/v1/games/{game_id}/rounds", json={"submission_id": "sub-answer-01", "sides": ONE_ALL}, headers=headers
    )
    assert r.status_code == 201
    game = client.get(f"/api/v1/games/{game_id}").json
    assert r.json["number"] == 6 and r.json["id"] == game["rounds"][5]["id"]
    assert r.json["version"] == game["rounds"][5]["version"] == game["version"]
    assert r.json["finished"] is False and [s["total"] for s in game["sides"]] == [6, 6]


@pytest.mark.parametrize("hands", [5, 250])
def test_saving_the_winners_form_takes_a_few_statements_at_any_length(client, traced, hands):
    game_id, headers = long_game(client, hands)
    assert client.get(f"/g/{game_id}/keep/{headers['X-Keeper-Key']}").status_code == 302  # this phone keeps it
    traced.clear()
    r = client.post(f"/g/{game_id}/won", data=WON_ONE_ALL | {"action": "save", "submission_id": "sub-form-00001"})
    assert r.status_code == 303, r.get_data(as_text=True)[:300]
    assert len(sent(traced)) <= STATEMENTS_MAX, traced
    assert version_reads(sent(traced)) == 1, traced
    game = client.get(f"/api/v1/games/{game_id}").json
    assert len(game["rounds"]) == hands + 1 and [s["total"] for s in game["sides"]] == [hands + 1] * 2
