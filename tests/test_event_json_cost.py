"""The organiser's JSON of an event (``GET /api/v1/events/<id>`` with the organiser key) is made from a kept answer
without keys, each table's keeper key and link filled in per request, and the event read after a change works out
only the tables that changed: the answer stays byte for byte what it was when every link was made by ``url_for``
and every table worked out afresh, for Swiss events with byes, corrected and forfeited tables and a round paired
again, a baraonda's partnerships, fixed pairs and a round-robin."""

from __future__ import annotations

from typing import Any

import flask
import pytest
from flask import url_for

import scorekeeper.web.api.events as api
from scorekeeper.rules.stats import family
from scorekeeper.services import events
from scorekeeper.store import Store
from scorekeeper.web.common.context import absolute
from scorekeeper.web.event.entrant import entrant_url
from tests.conftest import ApiEvent, new_event
from tests.test_events import pair, play

NAMES = [f"P{i:02d}" for i in range(1, 41)]


# --- the answer as it was made before (every link by url_for, every side looked up) -----------------------------


def reference_event(event: events.Event, key: str | None) -> dict[str, Any]:
    def entrant(e: events.Entrant, event_id: str | None = None) -> dict[str, Any]:
        shaped = {"id": e.id, "name": e.name, "players": list(e.players), "withdrawn": e.withdrawn}
        if event_id is not None:
            shaped["url"] = entrant_url(event_id, e.id)
        return shaped

    def table(t: events.Table) -> dict[str, Any]:
        game: dict[str, Any] = {"id": t.game_id, "url": absolute(url_for("game.scoreboard", game_id=t.game_id))}
        if key:
            keeper = events.keeper_key(key, t.number, t.seed)
            game["keeper_key"] = keeper
            game["keeper_url"] = absolute(url_for("game.keep_game", game_id=t.game_id, key=keeper))
        r = t.result
        return {
            "number": t.number,
            "round": t.round,
            "game": game,
            "sides": [
                {
                    "entrant": e,
                    **{k: v for k, v in entrant(event.side(e)).items() if k != "id"},
                    "entrants": list(seated),
                }
                for e, seated in zip(t.sides, t.seated, strict=True)
            ],
            "state": t.state,
            "hands": t.hands,
            "totals": list(t.totals),
            "result": {
                "done": r.done,
                "winner": r.winner,
                "draw": r.draw,
                "forfeit": r.forfeit,
                "points": list(r.points),
            },
        }

    names = event.names
    return {
        "id": event.id,
        "name": event.name,
        "created": event.created,
        "date": event.date,
        "weight": event.weight,
        "url": absolute(url_for("event.event_page", event_id=event.id)),
        "screen_url": absolute(url_for("event.event_screen", event_id=event.id)),
        "pairing": event.pairing,
        "rounds": event.planned,
        "table_size": event.table_size,
        "rules": event.rules.to_dict(),
        "profile": event.rules.profile,
        "family": family(event.rules.profile),
        "deck_style": event.deck_style.value,
        "match_points": event.match_points.to_dict(),
        "group": event.group_id,
        "players": [entrant(e, event.id) for e in event.entrants],
        "played_rounds": [
            {
                "number": r.number,
                "closed": r.closed,
                "tables": [table(t) for t in r.tables],
                "bye": names.get(r.bye) if r.bye else None,
                "bye_entrant": r.bye,
                "byes": [names[b] for b in r.byes],
            }
            for r in event.rounds
        ],
        "finished": event.finished,
    }


def fresh_event(app, event_id: str) -> events.Event:
    """The event worked out afresh from the database: every table from its game, nothing taken from a kept read."""
    with Store(app.config["DATABASE"]) as store:
        return events._read(store, event_id, {})[0]


def check(app, client, event: ApiEvent) -> dict[str, Any]:
    """The organiser's answer and the readers' answer are byte for byte those made the old way from the event read
    afresh; and the event as kept is the event read afresh. Answers the organiser's JSON."""
    organiser = client.get(f"/api/v1/events/{event['id']}", headers=event.key)
    reader = client.get(f"/api/v1/events/{event['id']}")
    assert organiser.status_code == 200 and reader.status_code == 200
    made = fresh_event(app, event["id"])
    with Store(app.config["DATABASE"]) as store:
        assert events.get(store, event["id"]) == made
    key = event["organiser_key"]
    with app.test_request_context(f"/api/v1/events/{event['id']}"):
        expected = app.json.response(reference_event(made, key)).get_data()
        expected_reader = app.json.dumps(reference_event(made, None)).encode()
    assert organiser.get_data() == expected
    assert organiser.mimetype == "application/json"
    assert reader.get_data() == expected_reader
    assert b"keeper_key" not in reader.get_data()
    body = organiser.get_json()
    # The keys given open the tables' games.
    for r in body["played_rounds"]:
        for t in r["tables"]:
            assert t["game"]["keeper_key"] == events.keeper_key(
                key, t["number"], made.table(r["number"], t["number"]).seed
            )
            assert t["game"]["keeper_url"].endswith(f"/g/{t['game']['id']}/keep/{t['game']['keeper_key']}")
    return body


def open_round(body: dict[str, Any]) -> dict[str, Any]:
    return body["played_rounds"][-1]


def test_a_swiss_event_with_byes_corrections_forfeits_withdrawals_and_a_round_paired_again(app, client):
    event = new_event(client, NAMES[:9], rounds=3)
    check(app, client, event)  # no round yet
    played = pair(client, event, event.key)
    check(app, client, event)
    for i, table in enumerate(played["tables"]):
        if i == 0:
            r = client.put(
                f"/api/v1/events/{event['id']}/rounds/1/tables/{table['number']}/result",
                headers=event.key,
                json={"outcome": "forfeit:1"},
            )
            assert r.status_code == 200, r.get_json()
        elif i == 1:
            r = client.put(
                f"/api/v1/events/{event['id']}/rounds/1/tables/{table['number']}/result",
                headers=event.key,
                json={"outcome": "draw", "points": [3, 3]},
            )
            assert r.status_code == 200, r.get_json()
        else:
            play(client, table, winner=i % 2, sid="r1")
        check(app, client, event)  # read cold after each write
    pair(client, event, event.key)
    body = check(app, client, event)
    assert open_round(body)["bye"] is not None
    # A player leaves; the open round is paired again among its tables not started.
    leaving = open_round(body)["tables"][0]["sides"][0]["entrant"]
    r = client.post(f"/api/v1/events/{event['id']}/entrants/{leaving}/withdraw", headers=event.key, json={})
    assert r.status_code == 200, r.get_json()
    check(app, client, event)
    table = open_round(body)["tables"][-1]
    play(client, {"game": {"id": table["game"]["id"], "keeper_key": table["game"]["keeper_key"]}}, sid="r2")
    r = client.post(f"/api/v1/events/{event['id']}/rounds/2/repair", headers=event.key)
    assert r.status_code == 200, r.get_json()
    body = check(app, client, event)
    assert all(leaving not in (s["entrant"] for s in t["sides"]) for t in open_round(body)["tables"])
    r = client.post(f"/api/v1/events/{event['id']}/rounds/2/repair", headers=event.key)
    assert r.status_code == 200, r.get_json()
    check(app, client, event)


def test_a_baraonda_with_partnerships_and_byes(app, client):
    event = new_event(client, NAMES[:10], pairing="baraonda", table_size=4, rounds=3)
    for number in (1, 2):
        played = pair(client, event, event.key)
        body = check(app, client, event)
        assert open_round(body)["byes"], "ten players at tables of four: two sit out"
        assert all("+" in side["entrant"] for t in open_round(body)["tables"] for side in t["sides"])
        for i, table in enumerate(played["tables"]):
            play(client, table, winner=i % 2, sid=f"b{number}")
            check(app, client, event)
    r = client.post(f"/api/v1/events/{event['id']}/rounds/2/repair", headers=event.key)
    assert r.status_code in (200, 409), r.get_json()
    check(app, client, event)


@pytest.mark.parametrize(
    "extra",
    [
        {"players": [["A1", "A2"], ["B1", "B2"], ["C1", "C2"], ["D1", "D2"], ["E1", "E2"]], "table_size": 4},
        {"players": NAMES[:5], "pairing": "round_robin"},
    ],
    ids=["fixed pairs", "round-robin"],
)
def test_fixed_pairs_and_a_round_robin(app, client, extra):
    players = extra.pop("players")
    event = new_event(client, players, **extra, rounds=2)
    played = pair(client, event, event.key)
    check(app, client, event)
    for i, table in enumerate(played["tables"]):
        play(client, table, winner=i % 2, sid="f1")
    pair(client, event, event.key)
    check(app, client, event)


def test_a_wrong_or_missing_organiser_key_gets_no_keys(app, client):
    event = new_event(client, NAMES[:6])
    pair(client, event, event.key)
    for headers in ({}, {"X-Organiser-Key": "x" * 24}, {"X-Organiser-Key": event["organiser_key"][:-1]}):
        r = client.get(f"/api/v1/events/{event['id']}", headers=headers)
        assert r.status_code == 200 and b"keeper" not in r.get_data()
    # The organiser's read first, then another's: the other still gets none.
    assert b"keeper_key" in client.get(f"/api/v1/events/{event['id']}", headers=event.key).get_data()
    assert b"keeper" not in client.get(f"/api/v1/events/{event['id']}").get_data()


def test_the_organisers_answer_builds_no_link_per_table_with_url_for(app, client, monkeypatch):
    """The cost: a table's links come from templates made once per request, and a read of the event kept costs
    no ``url_for`` per table (a festival's answer has thousands of tables)."""
    event = new_event(client, NAMES[:16], rounds=3)
    for number in (1, 2):
        played = pair(client, event, event.key)
        for i, table in enumerate(played["tables"]):
            play(client, table, winner=i % 2, sid=f"c{number}")
    calls = []
    real = flask.url_for

    def counting(*args, **kwargs):
        calls.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(api, "url_for", counting)
    client.get(f"/api/v1/events/{event['id']}", headers=event.key)  # made cold (16 tables)
    assert len(calls) <= 5  # the event's two links and the templates, none per table
    calls.clear()
    assert client.get(f"/api/v1/events/{event['id']}", headers=event.key).status_code == 200
    assert len(calls) <= 2  # the templates alone
