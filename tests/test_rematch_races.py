"""A rematch asked twice at the same moment: a double tap, or two phones at the table, through the pages.

Each race runs its requests in threads released together (``threading.Barrier``), one test client per thread (a
phone, or one phone's two taps carrying the same cookie), against the app's real SQLite file. Whatever the order
the server serves them in, every answer must lead to the one new game, and only one game may be made.
"""

import sqlite3
import threading
from contextlib import closing

import pytest

from app import create_app

ANNA_TAKES_ALL = {"won": ["cards", "coins", "settebello", "primiera"], "scopas": 0}
BRUNO_TAKES_NONE = {"won": [], "scopas": 0}
RUNS = range(20)


def finished_game(client, headers=None, group=None):
    """A game of Anna and Bruno to 3 that Anna has won in one hand (in ``group`` if given): its id."""
    body = {"sides": [{"name": "Anna"}, {"name": "Bruno"}], "rules": {"target": 3}}
    made = client.post("/api/v1/games", json=body | ({"group": group} if group else {}), headers=headers or {})
    assert made.status_code == 201, made.get_json()
    game = made.get_json()
    hand = {"submission_id": f"sub-win-{game['id']}", "sides": [ANNA_TAKES_ALL, BRUNO_TAKES_NONE]}
    won = client.post(f"/api/v1/games/{game['id']}/rounds", json=hand, headers={"X-Keeper-Key": game["keeper_key"]})
    assert won.status_code == 201 and won.get_json()["finished"], won.get_json()
    return game


def race(clients, path, forms):
    """POST ``forms[i]`` to ``path`` from ``clients[i]``, all released at once; the answers in the same order."""
    barrier = threading.Barrier(len(clients))
    answers: list = [None] * len(clients)
    failures: list[BaseException] = []

    def tap(i):
        try:
            barrier.wait(timeout=10)
            answers[i] = clients[i].post(path, data=forms[i])
        except BaseException as err:  # noqa: BLE001 - handed to the test's thread, which fails with it
            failures.append(err)

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failures, failures
    return answers


def game_count(app):
    with closing(sqlite3.connect(app.config["DATABASE"])) as db:
        return db.execute("SELECT COUNT(*) FROM games").fetchone()[0]


def the_one_new_game(answers, old_id):
    """Every answer is a redirect to the same scoreboard, not the old game's: that game's id."""
    statuses = [r.status_code for r in answers]
    assert statuses == [302] * len(answers), [(r.status_code, r.get_data(as_text=True)[:300]) for r in answers]
    places = {r.headers["Location"] for r in answers}
    assert len(places) == 1, places
    place = places.pop()
    assert place.startswith("/g/") and place != f"/g/{old_id}", place
    return place.rsplit("/", 1)[1]


def kept_by(client, game_id):
    """True when this phone keeps the game (its scoreboard offers to save a hand)."""
    return "Save hand 1" in client.get(f"/g/{game_id}").get_data(as_text=True)


# --- the group's "Play again" --------------------------------------------------------------------------


def group_with_a_finished_game(app, phones):
    """A group, a finished game in it, and ``phones`` test clients that keep the group (its key in their cookie)."""
    maker = app.test_client()
    made = maker.post("/api/v1/groups", json={"name": "Venerdì"}).get_json()
    game = finished_game(maker, {"X-Group-Key": made["group_key"]}, made["id"])
    clients = [app.test_client() for _ in range(phones)]
    for client in clients:
        assert client.get(made["keeper_url"]).status_code == 302
    return made["id"], game["id"], clients


@pytest.mark.parametrize("run", RUNS)
def test_a_double_tap_on_play_again_makes_one_game_in_the_group(app, run):
    group_id, old_id, taps = group_with_a_finished_game(app, 2)
    # One phone's two taps: the same form, the same submission id.
    form = {"submission_id": f"sub-play-again-{run:02d}-1"}
    answers = race(taps, f"/groups/{group_id}/games/{old_id}/rematch", [form, form])
    new_id = the_one_new_game(answers, old_id)
    assert game_count(app) == 2
    group = app.test_client().get(f"/api/v1/groups/{group_id}").get_json()
    assert sorted(g["id"] for g in group["games"]) == sorted([old_id, new_id])
    # Whichever tap was answered last, the phone keeps the new game.
    assert all(kept_by(tap, new_id) for tap in taps)


@pytest.mark.parametrize("run", RUNS)
def test_play_again_from_two_phones_at_once_makes_one_game(app, run):
    group_id, old_id, phones = group_with_a_finished_game(app, 2)
    forms = [{"submission_id": f"sub-play-again-{run:02d}-{i}"} for i in range(2)]
    answers = race(phones, f"/groups/{group_id}/games/{old_id}/rematch", forms)
    new_id = the_one_new_game(answers, old_id)
    assert game_count(app) == 2
    # The phone whose tap made it keeps it; the other is shown it.
    assert sum(kept_by(phone, new_id) for phone in phones) == 1


# --- the game's "Rematch" --------------------------------------------------------------------------------


def finished_game_kept_by(app, phones):
    """A finished game and ``phones`` test clients that keep it (its keeper key in their cookie)."""
    game = finished_game(app.test_client())
    clients = [app.test_client() for _ in range(phones)]
    for client in clients:
        assert client.get(game["keeper_url"]).status_code == 302
    return game["id"], clients


@pytest.mark.parametrize("run", RUNS)
def test_a_rematch_asked_from_two_phones_at_once_makes_one_game(app, run):
    old_id, phones = finished_game_kept_by(app, 2)
    forms = [{"submission_id": f"sub-rematch-{run:02d}-{i}", "local_time": "22:00"} for i in range(2)]
    answers = race(phones, f"/g/{old_id}/rematch", forms)
    new_id = the_one_new_game(answers, old_id)
    assert game_count(app) == 2
    assert sum(kept_by(phone, new_id) for phone in phones) == 1


@pytest.mark.parametrize("run", RUNS)
def test_a_double_tap_on_rematch_makes_one_game_the_phone_keeps(app, run):
    old_id, taps = finished_game_kept_by(app, 2)
    form = {"submission_id": f"sub-rematch-{run:02d}", "local_time": "22:00"}
    answers = race(taps, f"/g/{old_id}/rematch", [form, form])
    new_id = the_one_new_game(answers, old_id)
    assert game_count(app) == 2
    assert all(kept_by(tap, new_id) for tap in taps)


# --- what the race must not change -----------------------------------------------------------------------


def test_play_again_starts_the_games_rematch_in_the_group_kept_on_this_phone(app):
    group_id, old_id, (phone,) = group_with_a_finished_game(app, 1)
    path = f"/groups/{group_id}/games/{old_id}/rematch"
    r = phone.post(path, data={"submission_id": "sub-play-again-once"}, follow_redirects=True)
    new_id = r.request.path.rsplit("/", 1)[1]
    assert new_id != old_id and "Rematch started" in r.get_data(as_text=True) and kept_by(phone, new_id)
    old, new = (phone.get(f"/api/v1/games/{g}").get_json() for g in (old_id, new_id))
    assert [s["players"] for s in new["sides"]] == [s["players"] for s in old["sides"]] and new["rounds"] == []
    for key in ("rules", "target", "deck_style"):
        assert new[key] == old[key], key
    group = phone.get(f"/api/v1/groups/{group_id}").get_json()
    assert {g["id"] for g in group["games"]} == {old_id, new_id}
    # The game has its rematch: a later tap, on this form or a fresh one, is shown it and makes no other.
    again = phone.post(path, data={"submission_id": "sub-play-again-later"})
    assert again.status_code == 302 and again.headers["Location"] == f"/g/{new_id}"
    assert game_count(app) == 2


def test_a_submission_id_named_like_the_games_own_record_of_its_rematch_starts_one_game(app):
    old_id, (phone,) = finished_game_kept_by(app, 1)
    form = {"submission_id": f"rematch:{old_id}"}
    first, again = (phone.post(f"/g/{old_id}/rematch", data=form) for _ in range(2))
    assert first.status_code == again.status_code == 302 and first.headers["Location"] == again.headers["Location"]
    assert game_count(app) == 2


def test_play_again_on_a_game_of_another_group_or_none_starts_nothing(app):
    group_id, _old_id, (phone,) = group_with_a_finished_game(app, 1)
    lone = finished_game(app.test_client())["id"]
    r = phone.post(f"/groups/{group_id}/games/{lone}/rematch", data={"submission_id": "sub-play-again-lone"})
    assert r.status_code == 404
    assert game_count(app) == 2  # the group's game and the lone one


def test_a_rematch_the_storage_cannot_make_is_refused_and_can_be_asked_again(app):
    old_id, (phone,) = finished_game_kept_by(app, 1)
    # The same database opened read-only: every write fails, as on a full disk.
    read_only = create_app({**app.config, "DATABASE": f"file:{app.config['DATABASE']}?mode=ro"})
    with phone.session_transaction() as kept:
        cookie = dict(kept)
    refused = read_only.test_client()
    with refused.session_transaction() as session:
        session.update(cookie)
    form = {"submission_id": "sub-rematch-read-only"}
    r = refused.post(f"/g/{old_id}/rematch", data=form)
    assert r.status_code == 503 and "nothing was saved" in r.get_data(as_text=True)
    assert game_count(app) == 1
    # Once the storage takes writes again, the same tap starts the rematch, kept on the phone.
    made = phone.post(f"/g/{old_id}/rematch", data=form)
    assert made.status_code == 302 and kept_by(phone, made.headers["Location"].rsplit("/", 1)[1])
    assert game_count(app) == 2
