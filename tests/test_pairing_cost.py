"""The cost of pairing a round: pairing moves the games of the round just played to their next version (their
scoreboards say where the sides play next) without changing their hands, so their kept summaries are carried to it
and the event's read after the pairing works out only the new round's tables: no earlier game is scored again. The
rounds before it are not touched at all, so a pairing costs one round, not the event's history."""

from __future__ import annotations

import re

from scorekeeper.services import events, games, groups
from scorekeeper.store import Store
from tests.conftest import new_event
from tests.test_events import pair, play

NAMES = [f"P{i:02d}" for i in range(1, 41)]


def test_pairing_and_pairing_again_score_no_earlier_game_and_read_only_the_new_tables(app, client, monkeypatch):
    event = new_event(client, NAMES[:12], rounds=4)
    for number in (1, 2):
        played = pair(client, event, event.key)
        for i, table in enumerate(played["tables"]):
            play(client, table, winner=i % 2, sid=f"p{number}")
    client.get(f"/api/v1/events/{event['id']}")  # read and kept
    scored: list[str] = []
    summed: list[int] = []
    real_score, real_summaries = games._score_stored, groups.game_summaries

    def score(store, game_id):
        scored.append(game_id)
        return real_score(store, game_id)

    def summaries(store, rows):
        summed.append(len(rows))
        return real_summaries(store, rows)

    monkeypatch.setattr(games, "_score_stored", score)
    monkeypatch.setattr(groups, "game_summaries", summaries)
    played = pair(client, event, event.key)  # closes round 2, pairs round 3
    assert len(played["tables"]) == 6
    # Worked out again: round 2's tables (their results kept at its close) and round 3's, none scored.
    assert scored == [] and sum(summed) <= 12
    with Store(app.config["DATABASE"]) as store:
        rows = store.event_tables(event["id"])
        assert all(r["summary_version"] == r["version"] for r in rows if r["round"] < 3)
        assert events.get(store, event["id"]) == events._read(store, event["id"], {})[0]
    scored.clear(), summed.clear()
    r = client.post(f"/api/v1/events/{event['id']}/rounds/3/repair", headers=event.key)
    assert r.status_code == 200, r.get_json()
    assert scored == [] and sum(summed) <= 6
    body = client.get(f"/api/v1/events/{event['id']}", headers=event.key).get_json()
    assert [len(r["tables"]) for r in body["played_rounds"]] == [6, 6, 6]
    with Store(app.config["DATABASE"]) as store:
        assert events.get(store, event["id"]) == events._read(store, event["id"], {})[0]


def test_pairing_moves_on_only_the_round_just_played_and_an_older_scoreboard_still_says_where_to_sit(client):
    event = new_event(client, NAMES[:8], rounds=4)
    rounds = []
    for number in (1, 2):
        played = pair(client, event, event.key)
        rounds.append([t["game"]["id"] for t in played["tables"]])
        for i, table in enumerate(played["tables"]):
            play(client, table, winner=i % 2, sid=f"p{number}")
    version = {g: client.get(f"/api/v1/games/{g}").get_json()["version"] for ids in rounds for g in ids}
    third = pair(client, event, event.key)  # pairs round 3
    after = {g: client.get(f"/api/v1/games/{g}").get_json()["version"] for ids in rounds for g in ids}
    assert all(after[g] == version[g] for g in rounds[0])  # round 1: untouched
    assert all(after[g] == version[g] + 1 for g in rounds[1])  # round 2: its phones refresh
    # Round 1's scoreboard, opened now, names the tables of round 3.
    page = client.get(f"/g/{rounds[0][0]}").get_data(as_text=True)
    said = re.findall(r"(\w+): table (\d+) in round 3", page)
    seats = {s["name"]: t["number"] for t in third["tables"] for s in t["sides"]}
    assert len(said) == 2 and all(seats[name] == int(n) for name, n in said), said
