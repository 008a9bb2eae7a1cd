"""No request produces a 500: arbitrary JSON bodies and form fields get a clear 4xx or an answer."""

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.conftest import new_game, new_group

cards = st.sampled_from(["7d", "5c", "1s", "10b", "K♦", "xx", "", "7d7d", 7, None, True, "settebello", "re_bello"])
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | cards,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(
                [
                    "hand",
                    "table",
                    "card",
                    "capture",
                    "sides",
                    "rules",
                    "pile",
                    "tally",
                    "scopas",
                    "name",
                    "players",
                    "cards",
                    "coins",
                    "settebello",
                    "primiera",
                    "primiera_won",
                    "profile",
                    "target",
                    "end",
                    "napola",
                    "submission_id",
                    "last_play",
                    "version",
                    "deck_style",
                    "won",
                    "pairing",
                    "rounds",
                    "table_size",
                    "match_points",
                    "outcome",
                    "points",
                    "number",
                    "withdrawn",
                ]
            ),
            inner,
            max_size=6,
        )
    ),
    max_leaves=20,
)

# A fixed budget per property, so the suite takes the same time on every run.
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/moves",
        "/api/v1/score",
        "/api/v1/judge",
        "/api/v1/deal",
        "/api/v1/games",
        "/api/v1/groups",
        "/api/v1/events",
    ],
)
@SETTINGS
@given(body=json_values)
def test_api_bodies_never_give_a_500(client, path, body):
    r = client.post(path, json=body)
    assert r.status_code in (200, 201, 400), r.get_data(as_text=True)
    if r.status_code == 400:
        assert r.json["message"]


won_sides = st.lists(
    st.fixed_dictionaries(
        {"won": st.lists(st.sampled_from(["cards", "coins", "settebello", "primiera", "re_bello"]), max_size=5)},
        optional={"scopas": json_values, "napola": json_values},
    ),
    min_size=2,
    max_size=2,
)


@SETTINGS
@given(sides=won_sides)
def test_winners_hands_never_give_a_500(client, sides):
    g = new_game(client, "A", "B", rules={"napola": True})
    r = client.post(
        f"/api/v1/games/{g['id']}/rounds", json={"submission_id": "sub-won-0001", "sides": sides}, headers=g.keeper
    )
    assert r.status_code in (201, 400), r.get_data(as_text=True)
    assert (r.status_code == 400) == bool(r.json.get("message"))


@SETTINGS
@given(body=json_values)
def test_round_bodies_never_give_a_500(client, body):
    g = new_game(client, "A", "B")
    headers = g.keeper
    for method, path in (("post", "rounds"), ("put", "rounds/1")):
        r = getattr(client, method)(f"/api/v1/games/{g['id']}/{path}", json=body, headers=headers)
        assert r.status_code in (200, 201, 400, 404, 409), r.get_data(as_text=True)


form_values = st.text(max_size=8) | st.sampled_from(
    ["0", "1", "2", "-1", "99", "rest:1", "rest:9", "save", "check", "²", "9" * 5000, "٣", "1e3", " 7 "]
)


@example(fields={"c_7d": "9" * 5000, "sides-0-cards": "9" * 5000})
@SETTINGS
@given(
    fields=st.dictionaries(
        st.sampled_from(
            [
                "c_7d",
                "c_1s",
                "sides-0-scopas",
                "sides-1-scopas",
                "sides-0-cards",
                "sides-1-coins",
                "settebello",
                "primiera_by",
                "sides-0-primiera",
                "sides-1-napola",
                "sides-9-cards",
                "action",
                "version",
                "submission_id",
                "side",
                "change",
                "scopas_shown",
                "round_id",
                "undo",
                "re_bello",
            ]
        ),
        form_values,
        max_size=8,
    )
)
def test_forms_never_give_a_500(client, fields):
    game_id = (
        client.post(
            "/new",
            data={"players-0": "A", "players-1": "B", "layout": "teams", "profile": "classic", "deck_style": "italian"},
        )
        .headers["Location"]
        .rsplit("/", 1)[1]
    )
    for path in ("hand", "counts", "scopa", "undo", "hands/1/edit", "hands/1/delete"):
        r = client.post(f"/g/{game_id}/{path}", data=fields)
        assert r.status_code < 500, (path, r.get_data(as_text=True)[:500])


@SETTINGS
@given(
    query=st.dictionaries(
        st.sampled_from(
            [
                "table",
                "hand",
                "play",
                "take",
                "deal",
                "last",
                "profile",
                "style",
                "game",
                "capture_choice",
                "c_7d",
                "ace_takes_all",
            ]
        ),
        st.text(max_size=20) | st.sampled_from(["1b,2c,6s", "8d", "5c,4s,1b", "1", "true", "fewest"]),
        max_size=6,
    )
)
def test_checker_urls_never_give_a_500(client, query):
    r = client.get("/check", query_string=query)
    assert r.status_code in (200, 302, 400)


# --- submission ids reused across actions, on one game ------------------------------------------------

TALLIES = [
    [
        {"cards": 22, "coins": 6, "settebello": True, "primiera": 78},
        {"cards": 18, "coins": 4, "settebello": False, "primiera": 75},
    ],
    [
        {"cards": 19, "coins": 5, "settebello": True, "primiera_won": False},
        {"cards": 21, "coins": 5, "settebello": False, "primiera_won": False},
    ],
]
actions = st.tuples(
    st.sampled_from(["add", "put", "delete", "scopa", "undo-page", "delete-page", "scopa-page"]),
    st.sampled_from(["sub-shared-01", "sub-shared-02", "sub-shared-03"]),
    st.integers(0, 1),  # which tally, or which side
    st.integers(1, 3),  # which hand
    st.sampled_from([None, 0, 1, 2, 5]),  # which version (an index into the versions seen), or none
)


@SETTINGS
@given(steps=st.lists(actions, min_size=1, max_size=8))
def test_ids_reused_across_actions_never_give_a_500_nor_a_lost_or_doubled_hand(client, steps):
    g = new_game(client, "A", "B")
    headers = g.keeper
    client.get(g.keeper_path)  # this client keeps the game (pages)
    base = f"/api/v1/games/{g['id']}"
    seen_versions = [1]
    created = {}
    for action, sid, which, number, pick in steps:
        version = seen_versions[pick % len(seen_versions)] if pick is not None else None
        body = {"submission_id": sid, "sides": [{"tally": t, "scopas": 0} for t in TALLIES[which]]}
        if action == "add":
            r = client.post(f"{base}/rounds", json=body, headers=headers)
            if r.status_code == 201:
                created[r.json["id"]] = sid
        elif action == "put":
            r = client.put(f"{base}/rounds/{number}", json={**body, "version": version}, headers=headers)
        elif action == "delete":
            query = f"submission_id={sid}" + (f"&version={version}" if version else "")
            r = client.delete(f"{base}/rounds/{number}?{query}", headers=headers)
        elif action == "scopa":
            r = client.post(f"{base}/scopas", json={"submission_id": sid, "side": which, "change": 1}, headers=headers)
        elif action == "scopa-page":
            r = client.post(f"/g/{g['id']}/scopa", data={"submission_id": sid, "side": str(which), "change": "1"})
        else:
            form = {"submission_id": sid, "version": str(version or ""), "undo": "1" if action == "undo-page" else ""}
            r = client.post(f"/g/{g['id']}/hands/{number}/delete", data=form)
        assert r.status_code < 500, (action, r.get_data(as_text=True)[:300])
        game = client.get(base).json
        seen_versions += [x["version"] for x in game["rounds"]]
        ids = [x["id"] for x in game["rounds"]]
        # No hand twice, and every hand in the game was created by exactly one submission.
        assert len(ids) == len(set(ids)) and set(ids) <= set(created)


# --- every route, with arbitrary fields ------------------------------------------------------------------


def _routes(app):
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        for method in sorted((rule.methods or set()) & {"GET", "POST", "PUT", "PATCH", "DELETE"}):
            yield rule, method


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    fields=st.dictionaries(st.text(max_size=10), st.text(max_size=30), max_size=5),
    junk=st.text(min_size=1, max_size=40),
)
@pytest.mark.slow
def test_every_route_answers_arbitrary_fields_without_a_500(app, client, fields, junk):
    group = new_group(client, "G")
    g = new_game(client, "A", "B", group=group)
    player = client.get(f"/api/v1/groups/{group['id']}").json["players"][0]["id"]
    client.get(group["keeper_url"])  # this client keeps the group, so its changes are tried too
    event = client.post("/api/v1/events", json={"name": "E", "players": ["A", "B", "C"]}).json
    client.post(f"/api/v1/events/{event['id']}/rounds", headers={"X-Organiser-Key": event["organiser_key"]})
    client.get(event["organiser_url"])  # this client runs the event, so its changes are tried too
    values = {
        "game_id": g["id"],
        "number": 1,
        "key": g["keeper_key"],
        "kind": "2",
        "group_id": group["id"],
        "player_id": player,
        "event_id": event["id"],
        "table": 1,
        "entrant_id": "1",
    }
    for rule, method in _routes(app):
        for args in (values, {name: junk for name in rule.arguments}):
            try:
                path = rule.build(args, append_unknown=False)[1] if rule.arguments else rule.rule
            except Exception:  # noqa: BLE001 - a value the route's converter refuses cannot be requested
                continue
            r = client.open(
                path,
                method=method,
                query_string=fields if method == "GET" else None,
                data=fields if method != "GET" else None,
            )
            assert r.status_code < 500, (method, path, fields, r.get_data(as_text=True)[:300])
