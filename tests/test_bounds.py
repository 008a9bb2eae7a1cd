"""Bounded input: every request too large, too deep or malformed gets a clear 4xx, never a 500."""

import json

import pytest

from app import create_app
from tests.test_games_api import counts, post_round


def test_a_body_over_the_limit_is_a_413_and_nothing_is_stored(client, game):
    body = counts(submission_id="sub-huge-0001")
    body["padding"] = "x" * (2 * 1024 * 1024)
    r = post_round(client, game, body)
    assert r.status_code == 413 and r.json["error"] == "too_large"
    assert client.get(f"/api/v1/games/{game['id']}").json["rounds"] == []


def test_a_large_form_is_refused_with_a_page_not_a_500(client):
    r = client.post("/new", data={"name": "x" * (2 * 1024 * 1024)})
    assert r.status_code == 413 and "larger than this server takes" in r.get_data(as_text=True)


def test_json_nested_a_thousand_deep_is_a_400(client):
    body = "[" * 1000 + "]" * 1000
    r = client.post("/api/v1/score", data=body, content_type="application/json")
    assert r.status_code == 400 and "nested too deeply" in r.json["message"]


@pytest.mark.parametrize("body", ['{"hand": ["7d"', b"\xff\xfe{}", "12" * 3000, "null"])
def test_broken_json_is_a_400(client, body):
    r = client.post("/api/v1/moves", data=body, content_type="application/json")
    assert r.status_code == 400 and r.json["error"] == "bad_request"


@pytest.mark.parametrize("name", ["\ud800", "Anna\x00", "Bruno\u202e"])
def test_a_name_that_is_not_plain_text_is_a_400(client, name):
    body = json.dumps({"sides": [{"name": name}, {"name": "Carla"}]}, ensure_ascii=True)
    r = client.post("/api/v1/games", data=body, content_type="application/json")
    assert r.status_code == 400 and r.json["field"] == "sides[0].name" and "plain text" in r.json["message"]
    r = client.post(
        "/api/v1/games",
        data=json.dumps({"name": name, "sides": [{"name": "A"}, {"name": "B"}]}),
        content_type="application/json",
    )
    assert r.status_code == 400 and r.json["field"] == "name"


@pytest.mark.parametrize("key", ["napola", "re_bello"])
@pytest.mark.parametrize("value", [None, "yes", 2.5, [1]])
def test_napola_or_re_bello_that_is_not_a_number_or_flag_is_a_400(client, key, value):
    tally = {"cards": 22, "coins": 6, "settebello": True, "primiera": 78, key: value}
    other = {"cards": 18, "coins": 4, "settebello": False, "primiera": 75}
    rules = {"napola": True, "re_bello": True}
    r = client.post("/api/v1/score", json={"sides": [{"tally": tally}, {"tally": other}], "rules": rules})
    assert r.status_code == 400 and r.json["field"] == f"sides[0].tally.{key}"


def test_a_5000_digit_number_is_a_400(client):
    body = '{"sides": [{"tally": {"cards": ' + "9" * 5000 + ', "coins": 1, "settebello": true}}]}'
    r = client.post("/api/v1/score", data=body, content_type="application/json")
    assert r.status_code == 400


def test_an_error_quotes_only_a_short_excerpt_of_the_input(client):
    r = client.post("/api/v1/moves", json={"hand": ["Z" * 30_000], "table": []})
    assert r.status_code == 400 and len(r.get_data()) < 1000 and "ZZZ" in r.json["message"]
    r = client.post("/api/v1/moves", json={"hand": ["7d"], "rules": {"profile": "p" * 30_000}})
    assert r.status_code == 400 and len(r.get_data()) < 1000


def test_a_read_only_database_serves_reads_and_refuses_writes_with_503(tmp_path):
    path = tmp_path / "ro.sqlite3"
    writable = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False})
    with writable.test_client() as c:
        game = c.post("/api/v1/games", json={"sides": [{"name": "Anna"}, {"name": "Bruno"}]}).json
        assert post_round(c, game, counts()).status_code == 201
    config = {"TESTING": True, "DATABASE": f"file:{path}?mode=ro", "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False}
    read_only = create_app(config)
    with read_only.test_client() as c:
        assert c.get(f"/g/{game['id']}").status_code == 200
        assert c.get(f"/api/v1/games/{game['id']}").json["sides"][0]["total"] == 4
        r = post_round(c, game, counts(submission_id="sub-ro-000002"))
        assert r.status_code == 503 and r.json["error"] == "unavailable" and "nothing was saved" in r.json["message"]
        c.get(f"/g/{game['id']}/keep/{game['keeper_key']}")  # this phone keeps the game
        hand = {
            "sides-0-cards": "22",
            "sides-0-coins": "6",
            "sides-1-cards": "18",
            "sides-1-coins": "4",
            "settebello": "0",
            "sides-0-primiera": "78",
            "sides-1-primiera": "75",
            "action": "save",
            "submission_id": "sub-ro-000003",
        }
        page = c.post(f"/g/{game['id']}/counts", data=hand, follow_redirects=True)
        text = page.get_data(as_text=True)
        # The hand stays in its form, every count kept, with the reason it was not saved.
        assert page.status_code == 503 and "nothing was saved" in text and 'value="22"' in text
        assert 'value="78"' in text


@pytest.mark.parametrize("path", ["/", "/g/nope", "/pads", "/new"])
def test_an_address_that_is_not_utf8_is_a_400(client, path):
    r = client.get(path + "?profile=%ff%fe&x=%c3")
    assert r.status_code in (200, 400, 404)
    r = client.get(path, environ_overrides={"QUERY_STRING": "profile=\xff\xfe&table=\xc3"})
    assert r.status_code in (200, 400, 404)


def test_a_huge_number_of_scopas_is_refused_without_quoting_it_whole(client):
    tally = [
        {"cards": 22, "coins": 6, "settebello": True, "primiera": 78},
        {"cards": 18, "coins": 4, "settebello": False, "primiera": 75},
    ]
    r = client.post("/api/v1/score", json={"sides": [{"tally": tally[0], "scopas": 10**100}, {"tally": tally[1]}]})
    assert r.status_code == 400 and r.json["field"] == "sides[0].scopas" and "0" * 50 not in r.json["message"]
