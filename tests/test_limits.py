"""Rate limits per client address: a burst of creations, exports or checker questions is refused with a 429 that
says which limit and when to try again, in the reader's language; a table's own play is never counted."""

from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import closing

import pytest

from scorekeeper.web.common.limits import DEFAULTS
from tests.conftest import (
    ANNA_WINS_FOUR,
    BRUNO_LOSES,
    counts,
    make_app,
    new_event,
    new_game,
    new_group,
    record_hand,
    start_at_table,
)


def games_stored(app) -> int:
    with closing(sqlite3.connect(app.config["DATABASE"])) as conn:
        return conn.execute("SELECT count(*) FROM games").fetchone()[0]


def test_a_burst_of_new_games_over_the_limit_is_refused_with_429_saying_when_to_try_again(tmp_path):
    app = make_app(tmp_path, RATELIMIT_CREATE="3 per minute")
    client = app.test_client()
    for _ in range(3):
        new_game(client)
    r = client.post("/api/v1/games", json={"sides": [{"name": "Anna"}, {"name": "Bruno"}]})
    assert r.status_code == 429
    body = r.get_json()
    assert body["error"] == "rate_limited"
    assert "at most 3 in 1 minute" in body["message"] and "Try again in" in body["message"]
    wait = int(r.headers["Retry-After"])
    assert 1 <= wait <= 60 and body["retry_after"] == wait
    assert games_stored(app) == 3  # the refused game was never made
    # Groups and events draw on the same budget: a script cannot switch to another kind of creation.
    assert client.post("/api/v1/groups", json={"name": "Venerdì"}).status_code == 429
    assert client.post("/api/v1/events", json={"name": "Sunday", "players": list("ABCD")}).status_code == 429


def test_the_new_game_form_refused_says_so_on_the_error_page_in_italian(tmp_path):
    app = make_app(tmp_path, RATELIMIT_CREATE="2 per hour")
    client = app.test_client()
    start_at_table(client)
    start_at_table(client)
    # The form itself still opens: only sending it is counted.
    assert client.get("/new").status_code == 200
    form = {"players-0": "Anna", "players-1": "Bruno", "layout": "teams", "profile": "classic", "deck_style": "italian"}
    r = client.post("/new", data=form, headers={"Accept-Language": "it"})
    assert r.status_code == 429
    page = r.get_data(as_text=True)
    assert "Troppe richieste come questa dal tuo indirizzo (al massimo 2 in 1 ora)" in page
    assert "Riprova tra" in page
    assert 1 <= int(r.headers["Retry-After"]) <= 3600
    assert games_stored(app) == 2


@pytest.mark.parametrize("limit", ["RATELIMIT_ENTRANTS", "RATELIMIT_EXPORT", "RATELIMIT_CHECKER", "RATELIMIT_HEAVY"])
def test_each_budget_refuses_the_request_after_its_last(tmp_path, limit):
    app = make_app(tmp_path, **{limit: "1 per minute"})
    client = app.test_client()
    event, group = new_event(client), new_group(client)

    def ask():
        if limit == "RATELIMIT_ENTRANTS":
            return client.post(f"/api/v1/events/{event['id']}/entrants", json={"name": "Ezio"}, headers=event.key)
        if limit == "RATELIMIT_EXPORT":
            return client.get(f"/e/{event['id']}/export.json", headers={"Accept": "application/json"})
        if limit == "RATELIMIT_CHECKER":
            return client.post("/api/v1/moves", json={"hand": ["7d"], "table": ["3c", "4s"]})
        return client.get(f"/api/v1/groups/{group['id']}/stats")

    assert ask().status_code in (200, 201)
    refused = ask()
    assert refused.status_code == 429
    assert refused.get_json()["error"] == "rate_limited" and "at most 1 in 1 minute" in refused.get_json()["message"]


def test_limits_count_each_client_address_apart_and_a_forged_forwarded_for_changes_nothing(tmp_path):
    app = make_app(tmp_path, RATELIMIT_EXPORT="2 per minute")
    client = app.test_client()
    game = new_game(client)
    path = f"/g/{game['id']}/export.csv"
    for _ in range(2):
        assert client.get(path).status_code == 200
    assert client.get(path).status_code == 429
    # Without a proxy configured, X-Forwarded-For is the client's own word and is not believed.
    assert client.get(path, headers={"X-Forwarded-For": "203.0.113.9"}).status_code == 429
    # Another phone, on another address, has its own budget.
    assert client.get(path, environ_base={"REMOTE_ADDR": "198.51.100.7"}).status_code == 200


def test_behind_a_proxy_the_forwarded_client_address_is_counted(tmp_path):
    app = make_app(tmp_path, RATELIMIT_CHECKER="2 per minute", BEHIND_PROXY=True)
    client = app.test_client()
    question = {"hand": ["7d"], "table": ["3c", "4s", "7c"]}
    first = {"X-Forwarded-For": "203.0.113.1"}
    for _ in range(2):
        assert client.post("/api/v1/moves", json=question, headers=first).status_code == 200
    assert client.post("/api/v1/moves", json=question, headers=first).status_code == 429
    assert client.post("/api/v1/moves", json=question, headers={"X-Forwarded-For": "203.0.113.2"}).status_code == 200


def test_an_ipv6_client_is_counted_by_its_network_not_each_address(tmp_path):
    app = make_app(tmp_path, RATELIMIT_CHECKER="2 per minute")
    client = app.test_client()
    for n in range(2):
        r = client.get("/check", environ_base={"REMOTE_ADDR": f"2001:db8:1:2::{n + 1}"})
        assert r.status_code == 200
    assert client.get("/check", environ_base={"REMOTE_ADDR": "2001:db8:1:2::99"}).status_code == 429
    assert client.get("/check", environ_base={"REMOTE_ADDR": "2001:db8:1:3::1"}).status_code == 200


def test_limits_turned_off_refuse_nothing_and_the_next_app_counts_again(tmp_path):
    (tmp_path / "off").mkdir()
    (tmp_path / "on").mkdir()
    off = make_app(tmp_path / "off", RATELIMIT_CREATE="1 per minute", RATELIMIT_ENABLED=False)
    client = off.test_client()
    for _ in range(3):
        new_game(client)
    # Turning them off for one app never leaves them off for another made later in the same process.
    on = make_app(tmp_path / "on", RATELIMIT_CREATE="1 per minute")
    client = on.test_client()
    new_game(client)
    assert client.post("/api/v1/games", json={"sides": [{"name": "A"}, {"name": "B"}]}).status_code == 429


def test_a_club_night_of_30_tables_on_one_address_starts_its_games_under_the_default_limits(tmp_path):
    """A club's phones share its wifi's one public address: the room's first minute is 30 new games at once."""
    app = make_app(tmp_path, **DEFAULTS)
    client = app.test_client()
    for table in range(30):
        start_at_table(client, f"Anna {table}", f"Bruno {table}")
    assert games_stored(app) == 30


def test_an_evening_of_hands_at_one_table_is_never_refused(tmp_path):
    """An evening at one table: 20 games to 11 (three hands each), every hand followed by a scoreboard load and
    its polls, one hand undone; under the default limits nothing is a 429."""
    app = make_app(tmp_path, **DEFAULTS)
    client = app.test_client()
    statuses = []
    for number in range(20):
        game = new_game(client, name=f"Game {number + 1}")
        for hand in range(3):
            if hand == 1 and number % 5 == 0:  # a hand put in by mistake, undone
                record_hand(client, game, counts(BRUNO_LOSES, ANNA_WINS_FOUR, submission_id="sub-mistake"))
                r = client.delete(f"/api/v1/games/{game['id']}/rounds/2", headers=game.keeper)
                statuses.append(r.status_code)
            record_hand(client, game, counts(submission_id=f"sub-{number:03d}-{hand}"))
            statuses.append(client.get(f"/g/{game['id']}").status_code)
            statuses += [client.get(f"/g/{game['id']}/version").status_code for _ in range(25)]
            statuses.append(client.get(f"/api/v1/games/{game['id']}").status_code)
    assert 429 not in statuses
    assert set(statuses) <= {200, 204}


@pytest.mark.parametrize(
    "limit", ["RATELIMIT_CREATE", "RATELIMIT_ENTRANTS", "RATELIMIT_EXPORT", "RATELIMIT_CHECKER", "RATELIMIT_HEAVY"]
)
def test_playing_a_game_is_counted_under_no_limit_however_low_they_are_set(tmp_path, limit):
    app = make_app(tmp_path, **{limit: "1 per day"})
    client = app.test_client()
    game = new_game(client)
    for hand in range(2):
        record_hand(client, game, counts(BRUNO_LOSES, ANNA_WINS_FOUR, submission_id=f"sub-hand-{hand}"))
        for path in (f"/g/{game['id']}", f"/g/{game['id']}/version", f"/g/{game['id']}/hands"):
            for _ in range(3):
                assert client.get(path).status_code == 200, path
    assert client.delete(f"/api/v1/games/{game['id']}/rounds/2", headers=game.keeper).status_code in (200, 204)


# --- the lane for costly work ---------------------------------------------------------------------------------------


def test_the_lane_runs_one_costly_request_at_a_time_lets_a_few_wait_and_refuses_the_rest():
    from scorekeeper.web.common.limits import Busy, Lane

    lane = Lane(1, 1, wait=5.0)
    order: list[str] = []
    lane.__enter__()  # one costly request under way
    waiting = threading.Thread(target=lambda: (lane.__enter__(), order.append("waited"), lane.__exit__()))
    waiting.start()
    deadline = time.monotonic() + 5
    while lane._waiting == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    with pytest.raises(Busy):  # one is waiting already: the next is told at once
        lane.__enter__()
    order.append("released")
    lane.__exit__()
    waiting.join(5)
    assert order == ["released", "waited"]
    short = Lane(1, 4, wait=0.05)
    with short, pytest.raises(Busy):  # waited its longest
        short.__enter__()


def test_a_full_lane_answers_costly_requests_503_and_never_holds_up_a_table(client, game, monkeypatch):
    from scorekeeper.web.common import limits

    full = limits.Lane(1, 0, wait=0.01)
    monkeypatch.setattr(limits, "lane", full)
    with full:  # a costly request under way, no room to wait
        page = client.get(f"/g/{game.id}/export.csv")
        assert page.status_code == 503 and page.headers["Retry-After"] == "5"
        assert "busy with other long requests" in page.get_data(as_text=True)
        api = client.post("/api/v1/moves", json={"hand": ["1d"], "table": ["1c"]})
        assert api.status_code == 503 and api.get_json()["error"] == "busy" and api.get_json()["retry_after"] == 5
        assert client.get(f"/g/{game.id}").status_code == 200  # the table's own requests are not in the lane
        assert client.get(f"/g/{game.id}/version").status_code == 200
        record_hand(client, game)
    assert client.get(f"/g/{game.id}/export.csv").status_code == 200
