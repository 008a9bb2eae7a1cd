"""The JSON API of the rules: /moves, /judge, /deal, /score, /rules, and its error shape."""

import pytest

from scorekeeper.rules import DECK


def test_moves_the_seven_takes_the_seven(client):
    r = client.post("/api/v1/moves", json={"hand": ["7c"], "table": ["3c", "4s", "7b"]})
    assert r.status_code == 200
    (move,) = r.json["moves"]
    assert move["card"] == "7c" and move["capture"] == ["7b"] and move["scopa"] is False
    assert move["why"]


def test_moves_the_five_has_exactly_two_choices(client):
    r = client.post("/api/v1/moves", json={"hand": ["5c"], "table": ["4c", "1s", "3b", "2d"]})
    assert r.status_code == 200
    assert sorted(sorted(m["capture"]) for m in r.json["moves"]) == [["1s", "4c"], ["2d", "3b"]]


def test_moves_accepts_forgiving_cards_and_answers_canonical_codes(client):
    r = client.post("/api/v1/moves", json={"hand": ["K♦", "As"], "table": ["Qc", "1b"]})
    assert r.status_code == 200
    assert {(m["card"], tuple(m["capture"])) for m in r.json["moves"]} == {("10d", ("9c", "1b")), ("1s", ("1b",))}


def test_moves_with_rules_and_last_play(client):
    body = {"hand": ["1d"], "table": ["3c", "4s"], "rules": {"profile": "asso-piglia-tutto"}}
    (move,) = client.post("/api/v1/moves", json=body).json["moves"]
    assert move["capture"] == ["4s", "3c"] and move["scopa"] is False
    (move,) = client.post("/api/v1/moves", json={"hand": ["7d"], "table": ["7c"], "last_play": True}).json["moves"]
    assert move["scopa"] is False
    (move,) = client.post("/api/v1/moves", json={"hand": ["7d"], "table": ["7c"]}).json["moves"]
    assert move["scopa"] is True


@pytest.mark.parametrize(
    "body, field, words",
    [
        ({"hand": ["9x"], "table": []}, "hand[0]", "invalid card: '9x'"),
        ({"hand": ["7d", "7D"]}, "hand[1]", "listed twice"),
        ({"hand": ["7d"], "table": ["5c", "7d"]}, "table[1]", 'in both "hand" and "table"'),
        ({"hand": []}, "hand", "expected 1 to 10"),
        ({"table": ["7d"]}, "hand", "must be a list"),
        ({"hand": [str(c) for c in DECK[:11]]}, "hand", "expected 1 to 10"),
        ({"hand": ["7d"], "table": [str(c) for c in DECK[:40]]}, "table", "at most 39"),
        ({"hand": ["7d"], "rules": {"profile": "nope"}}, "rules.profile", "unknown rule profile"),
        ({"hand": ["7d"], "rules": {"capture_choice": 3}}, "rules.capture_choice", '"free" or "fewest"'),
        ({"hand": ["7d"], "rules": {"typo": True}}, "rules.typo", "unknown rule option"),
        ({"hand": ["7d"], "last_play": "yes"}, "last_play", "true or false"),
        ({"hand": [7]}, "hand[0]", "invalid card: 7"),
    ],
)
def test_moves_bad_input_is_a_400_naming_the_field(client, body, field, words):
    r = client.post("/api/v1/moves", json=body)
    assert r.status_code == 400
    assert r.json["field"] == field
    assert words in r.json["message"]
    assert r.json["error"]


@pytest.mark.parametrize("data", ["not json", "[1, 2]", "null", '"7d"', "{"])
def test_a_body_that_is_not_a_json_object_is_a_400(client, data):
    r = client.post("/api/v1/moves", data=data, content_type="application/json")
    assert r.status_code == 400
    assert "JSON object" in r.json["message"]


def test_unknown_paths_and_methods_answer_json(client):
    assert client.get("/api/v1/nothing").json["error"] == "not_found"
    assert client.get("/api/v1/moves").status_code == 405


def test_judge_says_why_a_claim_is_illegal_and_what_is_legal(client):
    body = {"card": "5d", "capture": ["4s", "1b"], "table": ["5c", "4s", "1b"]}
    r = client.post("/api/v1/judge", json=body)
    assert r.status_code == 200
    assert r.json["legal"] is False and r.json["rule"] == "single-card"
    assert r.json["reason"] == "5c is on the table, so 4s + 1b may not be taken with a 5."
    assert [m["capture"] for m in r.json["alternatives"]] == [["5c"]]
    ok = client.post("/api/v1/judge", json={**body, "capture": ["5c"]}).json
    assert ok["legal"] is True and ok["alternatives"] == []


def test_judge_bad_claims(client):
    r = client.post("/api/v1/judge", json={"card": "5d", "capture": ["3c"], "table": ["5c"]})
    assert r.status_code == 400 and r.json["field"] == "capture[0]"
    r = client.post("/api/v1/judge", json={"card": "zz", "table": ["5c"]})
    assert r.status_code == 400 and r.json["field"] == "card"


def test_deal_check(client):
    r = client.post("/api/v1/deal", json={"table": ["10d", "Kc", "K♠", "4b"]})
    assert r.json == {"redeal": True, "kings": 3, "reason": r.json["reason"], "deal_fifteen": None}
    r = client.post("/api/v1/deal", json={"table": ["10d", "Kc"]})
    assert r.status_code == 400 and "exactly 4" in r.json["message"]


def split(first_codes):
    rest = [str(c) for c in DECK if str(c) not in first_codes]
    return first_codes, rest


def test_score_a_two_sided_hand(client):
    anna, bruno = split(
        [
            "5d",
            "6d",
            "7d",
            "8d",
            "9d",
            "10d",
            "7c",
            "6c",
            "5c",
            "4c",
            "7s",
            "6s",
            "5s",
            "4s",
            "3s",
            "2s",
            "7b",
            "6b",
            "5b",
            "4b",
            "3b",
            "2b",
        ]
    )
    body = {"sides": [{"name": "Anna", "pile": anna, "scopas": 2}, {"name": "Bruno", "pile": bruno, "scopas": 0}]}
    r = client.post("/api/v1/score", json=body)
    assert r.status_code == 200
    a, b = r.json["sides"]
    assert {k: a[k] for k in ("name", "cards", "coins", "settebello", "primiera", "scopas", "total")} == {
        "name": "Anna",
        "cards": 22,
        "coins": 6,
        "settebello": True,
        "primiera": 84,
        "scopas": 2,
        "total": 6,
    }
    assert a["points"] == {"cards": 1, "coins": 1, "settebello": 1, "primiera": 1, "scopas": 2}
    assert b["total"] == 0 and r.json["warnings"] == []


def test_score_three_sides_with_options_and_a_warning(client):
    body = {
        "sides": [
            {"name": "A", "pile": ["1d", "2d", "3d", "7c"]},
            {"name": "B", "pile": ["7d", "10d"]},
            {"name": "C", "pile": ["5s"]},
        ],
        "rules": {"napola": True, "re_bello": True, "primiera_all_suits": False},
    }
    r = client.post("/api/v1/score", json=body)
    assert r.status_code == 200
    a, b, c = r.json["sides"]
    assert a["points"]["napola"] == 3 and b["points"]["re_bello"] == 1 and c["points"]["napola"] == 0
    assert b["primiera"] == 21 and a["primiera"] == 16 + 21
    assert "Only 7 of 40 cards" in r.json["warnings"][0]


def test_score_with_quick_counts(client):
    body = {
        "sides": [
            {"tally": {"cards": 22, "coins": 6, "settebello": True, "primiera": 78}, "scopas": 1},
            {"tally": {"cards": 18, "coins": 4, "settebello": False, "primiera": 75}},
        ]
    }
    r = client.post("/api/v1/score", json=body)
    assert [s["total"] for s in r.json["sides"]] == [5, 0]


@pytest.mark.parametrize(
    "sides, field, words",
    [
        ([{"pile": ["7d"]}], "sides", "2 to 6 sides"),
        ([{"pile": ["7d"]}, {"pile": ["7d"]}], "sides[1].pile[0]", "also in the pile"),
        ([{"pile": ["7d", "1c"], "scopas": -1}, {"pile": []}], "sides[0].scopas", "from 0 to 20"),
        ([{"pile": ["7d", "1c"], "scopas": 2}, {"pile": []}], "sides[0].scopas", "at most 1"),
        ([{"pile": ["7d", "1c"], "scopas": "2"}, {"pile": []}], "sides[0].scopas", "whole number"),
        ([{"pile": ["7d"]}, {}], "sides[1]", "one of: a pile"),
        ([{"pile": ["7d"]}, {"pile": ["7q"]}], "sides[1].pile[0]", "invalid card"),
        ([{"tally": {"cards": 40, "coins": 10}}, {"pile": []}], "sides[0].tally.settebello", "missing"),
        (
            [{"tally": {"cards": 40, "coins": 10, "settebello": True, "color": 1}}, {"pile": []}],
            "sides[0].tally.color",
            "unknown count",
        ),
        (
            [
                {"tally": {"cards": 30, "coins": 10, "settebello": True}},
                {"tally": {"cards": 5, "coins": 0, "settebello": False}},
            ],
            "sides",
            "35 cards",
        ),
        (
            [{"tally": {"cards": "30", "coins": 10, "settebello": True}}, {"pile": []}],
            "sides[0].tally.cards",
            "whole number",
        ),
        ([{"name": "", "pile": []}, {"pile": []}], "sides[0].name", "1 to 40"),
    ],
)
def test_score_bad_input_is_a_400_naming_the_field(client, sides, field, words):
    r = client.post("/api/v1/score", json={"sides": sides})
    assert r.status_code == 400, r.json
    assert r.json["field"] == field
    assert words in r.json["message"]


def test_rules_index_lists_profiles_with_targets(client):
    r = client.get("/api/v1/rules")
    profiles = {p["name"]: p for p in r.json["profiles"]}
    assert profiles["boxed"]["targets"] == {"2": 11, "3": 8, "4": 15}
    assert "end" in r.json["options"]
