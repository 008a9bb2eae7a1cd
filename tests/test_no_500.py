"""No request produces a 500: arbitrary JSON bodies and form fields get a clear 4xx or an answer."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

cards = st.sampled_from(["7d", "5c", "1s", "10b", "K♦", "xx", "", "7d7d", 7, None, True])
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False) | st.text(max_size=12)
    | cards,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["hand", "table", "card", "capture", "sides", "rules", "pile", "tally", "scopas", "name",
                         "players", "cards", "coins", "settebello", "primiera", "primiera_won", "profile", "target",
                         "end", "napola", "submission_id", "last_play", "version", "deck_style"]),
        inner, max_size=6),
    max_leaves=20,
)  # fmt: skip

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("path", ["/api/v1/moves", "/api/v1/score", "/api/v1/judge", "/api/v1/deal", "/api/v1/games"])
@SETTINGS
@given(body=json_values)
def test_api_bodies_never_give_a_500(client, path, body):
    r = client.post(path, json=body)
    assert r.status_code in (200, 201, 400), r.get_data(as_text=True)
    if r.status_code == 400:
        assert r.json["message"]


@SETTINGS
@given(body=json_values)
def test_round_bodies_never_give_a_500(client, body):
    g = client.post("/api/v1/games", json={"sides": [{"name": "A"}, {"name": "B"}]}).json
    headers = {"X-Keeper-Key": g["keeper_key"]}
    for method, path in (("post", "rounds"), ("put", "rounds/1")):
        r = getattr(client, method)(f"/api/v1/games/{g['id']}/{path}", json=body, headers=headers)
        assert r.status_code in (200, 201, 400, 404, 409), r.get_data(as_text=True)


form_values = st.text(max_size=8) | st.sampled_from(["0", "1", "2", "-1", "99", "rest:1", "rest:9", "save", "check"])


@SETTINGS
@given(fields=st.dictionaries(
    st.sampled_from(["c_7d", "c_1s", "scopas_0", "scopas_1", "cards_0", "coins_1", "settebello", "primiera_by",
                     "primiera_0", "action", "version", "submission_id", "side", "change"]),
    form_values, max_size=8))  # fmt: skip
def test_forms_never_give_a_500(client, fields):
    game_id = client.post("/new", data={"players-0": "A", "players-1": "B", "layout": "teams", "profile": "classic",
                                        "deck_style": "italian"}).headers["Location"].rsplit("/", 1)[1]  # fmt: skip
    for path in ("hand", "counts", "scopa", "hands/1/edit", "hands/1/delete"):
        r = client.post(f"/g/{game_id}/{path}", data=fields)
        assert r.status_code < 500, (path, r.get_data(as_text=True)[:500])


@SETTINGS
@given(query=st.dictionaries(
    st.sampled_from(["table", "hand", "play", "take", "deal", "last", "profile", "style", "game", "capture_choice",
                     "c_7d", "ace_takes_all"]),
    st.text(max_size=20) | st.sampled_from(["1b,2c,6s", "8d", "5c,4s,1b", "1", "true", "fewest"]),
    max_size=6))  # fmt: skip
def test_checker_urls_never_give_a_500(client, query):
    r = client.get("/check", query_string=query)
    assert r.status_code in (200, 302, 400)
