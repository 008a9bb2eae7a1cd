"""The capturing and deal options of RULES.md 1.2 through the JSON API: each changes a result as RULES.md says, and
its default leaves the answer as it was."""

from __future__ import annotations

import pytest

from tests.conftest import new_game
from tests.test_capture_rules import CIRULLA, ESCOBA


def moves(client, hand, table, rules, **flags):
    """The legal plays /moves lists, as {(card, capture, scopa, rule)}."""
    body = {"hand": hand.split(), "table": table.split(), "rules": rules, **flags}
    r = client.post("/api/v1/moves", json=body)
    assert r.status_code == 200, r.get_json()
    return {(m["card"], " ".join(m["capture"]), m["scopa"], m["rule"]) for m in r.get_json()["moves"]}


def judge(client, card, capture, table, rules, **more):
    body = {"card": card, "capture": capture.split(), "table": table.split(), "rules": rules, **more}
    r = client.post("/api/v1/judge", json=body)
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def deal(client, table, rules):
    r = client.post("/api/v1/deal", json={"table": table.split(), "rules": rules})
    assert r.status_code == 200, r.get_json()
    return r.get_json()


# Each option: a question, and its answer by default and with the option changed (RULES.md 1.2, Capturing).
CASES = [
    # capture_to "fifteen": the Fante 8 takes a 7, or a 4 and a 3; by default it takes nothing here.
    (
        "capture_to",
        lambda c, r: moves(c, "8d", "7c 4s 3b", r),
        {"capture_to": "fifteen"},
        {("8d", "", False, "trail")},
        {("8d", "7c", False, "fifteen"), ("8d", "4s 3b", False, "fifteen")},
    ),
    # capture_to "value_or_fifteen": the 7 takes the single 7, or the 3 and the 5 by the 15-capture.
    (
        "capture_to",
        lambda c, r: moves(c, "7d", "3c 5s 6b 7s", r),
        {"capture_to": "value_or_fifteen"},
        {("7d", "7s", False, "single-card")},
        {("7d", "7s", False, "single-card"), ("7d", "5s 3c", False, "fifteen")},
    ),
    # pair_precedence false: the 4 and the 1 may be taken beside the 5.
    (
        "pair_precedence",
        lambda c, r: moves(c, "5d", "5c 4s 1b", r),
        {"pair_precedence": False},
        {("5d", "5c", False, "single-card")},
        {("5d", "5c", False, "single-card"), ("5d", "4s 1b", False, "no-pair-precedence")},
    ),
    # must_capture "hand": the 2 may not be trailed while the 9 can take.
    (
        "must_capture",
        lambda c, r: moves(c, "2d 9c", "5s 4b", r),
        {"must_capture": "hand"},
        {("9c", "5s 4b", True, "sum"), ("2d", "", False, "trail")},
        {("9c", "5s 4b", True, "sum")},
    ),
    # ace_on_ace "sweep_only": the ace takes the whole table, the ace on it too.
    (
        "ace_on_ace",
        lambda c, r: moves(c, "1d", "1c 5s", {"ace_takes_all": True, **r}),
        {"ace_on_ace": "sweep_only"},
        {("1d", "1c", False, "single-card")},
        {("1d", "5s 1c", False, "ace-sweep-only")},
    ),
    # scopa_in_last_deal false: sweeping the 5 in the last deal is no scopa.
    (
        "scopa_in_last_deal",
        lambda c, r: moves(c, "5d", "5c", r, last_deal=True),
        {"scopa_in_last_deal": False},
        {("5d", "5c", True, "single-card")},
        {("5d", "5c", False, "single-card")},
    ),
    # redeal "two_aces": two aces ask for a redeal, three kings no longer do.
    (
        "redeal",
        lambda c, r: (deal(c, "1d 1c 4s 5b", r)["redeal"], deal(c, "10d 10c 10s 4b", r)["redeal"]),
        {"redeal": "two_aces"},
        (False, True),
        (True, False),
    ),
    (
        "redeal",
        lambda c, r: deal(c, "1d 2c 4s 5b", r)["redeal"],
        {"redeal": "any_ace"},
        False,
        True,
    ),
    (
        "redeal",
        lambda c, r: deal(c, "10d 10c 10s 10b", r)["redeal"],
        {"redeal": "never"},
        True,
        False,
    ),
    # deal_fifteen: 15 on the deal is a scopa for the dealer, 30 two for the first player.
    (
        "deal_fifteen",
        lambda c, r: deal(c, "1d 2c 5s 7b", r)["deal_fifteen"],
        {"deal_fifteen": "dealer"},
        None,
        {"side": "dealer", "scopas": 1},
    ),
    (
        "deal_fifteen",
        lambda c, r: deal(c, "10d 10c 5s 5b", r)["deal_fifteen"],
        {"deal_fifteen": "first_player"},
        None,
        {"side": "first_player", "scopas": 2},
    ),
]


@pytest.mark.parametrize(("option", "ask", "changed", "before", "after"), CASES)
def test_each_option_changes_the_answer_as_rules_md_says_and_its_default_does_not(
    client, option, ask, changed, before, after
):
    assert ask(client, {}) == before
    default = {"capture_to": "value", "pair_precedence": True, "must_capture": "card", "ace_on_ace": "take_ace"}
    default |= {"scopa_in_last_deal": True, "redeal": "three_kings", "deal_fifteen": False}
    assert ask(client, {option: default[option]}) == before
    assert ask(client, changed) == after


def test_every_option_of_the_capturing_table_is_shown_through_the_api():
    assert {case[0] for case in CASES} == {
        "capture_to",
        "pair_precedence",
        "must_capture",
        "ace_on_ace",
        "scopa_in_last_deal",
        "redeal",
        "deal_fifteen",
    }


def test_the_judge_cites_the_15_capture(client):
    verdict = judge(client, "8d", "7c", "7c 4s 3b", ESCOBA)
    assert verdict["legal"] is True and verdict["rule"] == "fifteen"
    assert "8 and 7 add up to 15" in verdict["reason"]
    assert "15" in verdict["rule_text"]
    verdict = judge(client, "8d", "4s", "7c 4s 3b", ESCOBA)
    assert verdict["legal"] is False and "add up to 12, not 15" in verdict["reason"]
    assert {tuple(a["capture"]) for a in verdict["alternatives"]} == {("7c",), ("4s", "3b")}


def test_the_judge_refuses_a_trail_while_the_hand_can_capture(client):
    verdict = judge(client, "2d", "", "5s 4b", ESCOBA | {"capture_to": "value"}, hand=["2d", "9c"])
    assert (verdict["legal"], verdict["rule"]) == (False, "must-capture-hand")
    assert "9c can capture" in verdict["reason"]


def test_the_last_deal_takes_the_scopa_away_at_the_judge_too(client):
    rules = {"scopa_in_last_deal": False}
    assert judge(client, "5d", "5c", "5c", rules)["scopa"] is True
    verdict = judge(client, "5d", "5c", "5c", rules, last_deal=True)
    assert verdict["legal"] is True and verdict["scopa"] is False
    assert "last deal" in verdict["reason"]


def test_escoba_and_cirulla_play_as_their_tables_do(client):
    # Escoba: the 7 takes only what makes 15 with it; the 2 that takes nothing may not be laid while it can.
    assert moves(client, "7d", "3c 5s 6b 7s", ESCOBA) == {("7d", "5s 3c", False, "fifteen")}
    assert moves(client, "2d 10c", "5s 4b", ESCOBA) == {("10c", "5s", False, "fifteen")}
    assert deal(client, "1d 2c 5s 7b", ESCOBA)["deal_fifteen"] == {"side": "dealer", "scopas": 1}
    # Cirulla: the 8 takes the 7 or the 4 and 3 (15-captures are never "fewest"); the ace sweeps, a scopa.
    assert moves(client, "8d", "7c 4s 3b", CIRULLA) == {
        ("8d", "7c", False, "fifteen"),
        ("8d", "4s 3b", False, "fifteen"),
    }
    assert moves(client, "1d", "10c 4s", CIRULLA) == {("1d", "10c 4s", True, "ace-takes-all")}
    answer = deal(client, "1d 1c 10s 3b", CIRULLA)
    assert answer["redeal"] is True and "two_aces" in answer["reason"] and answer["deal_fifteen"] is None


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"ace_on_ace": "sweep_only"}, "ace_on_ace"),
        ({"capture_to": "fifteen", "pair_precedence": False}, "pair_precedence"),
        ({"capture_to": "fifteen", "capture_choice": "fewest"}, "capture_choice"),
        ({"must_capture": "hand", "ace_takes_all": True, "ace_may_trail": True}, "ace_may_trail"),
        ({"scopa_in_last_deal": False, "last_card_scopa": True}, "scopa_in_last_deal"),
        ({"redeal": "kings"}, "redeal"),
        ({"deal_fifteen": "nobody"}, "deal_fifteen"),
        ({"must_capture": True}, "must_capture"),
    ],
)
def test_combinations_that_make_no_sense_are_a_400_naming_the_option(client, rules, field):
    for path, body in (
        ("/api/v1/moves", {"hand": ["1d"], "table": []}),
        ("/api/v1/deal", {"table": ["1d", "2d", "3d", "4d"]}),
    ):
        r = client.post(path, json={**body, "rules": rules})
        assert r.status_code == 400
        assert r.get_json()["field"] == f"rules.{field}"
        assert field in r.get_json()["message"]


def test_last_deal_must_be_true_or_false(client):
    r = client.post("/api/v1/moves", json={"hand": ["5d"], "table": ["5c"], "last_deal": "yes"})
    assert r.status_code == 400 and r.get_json()["field"] == "last_deal"


def test_the_rules_index_lists_the_new_options(client):
    index = client.get("/api/v1/rules").get_json()
    options = index["options"]
    assert options["capture_to"]["values"] == ["value", "fifteen", "value_or_fifteen"]
    assert options["pair_precedence"]["values"] == [True, False]
    assert options["must_capture"]["values"] == ["card", "hand"]
    assert options["ace_on_ace"]["values"] == ["take_ace", "may_sweep", "sweep_only"]
    assert options["scopa_in_last_deal"]["values"] == [True, False]
    assert options["redeal"]["values"] == ["three_kings", "two_aces", "any_ace", "never"]
    assert options["deal_fifteen"]["values"] == [False, "dealer", "first_player"]
    assert all(options[k]["help"] and options[k]["title"] for k in options)
    grouped = [name for group in index["groups"] for name in group["options"]]
    assert {"capture_to", "redeal", "deal_fifteen"} <= set(grouped)
    classic = next(p for p in index["profiles"] if p["name"] == "classic")
    assert classic["options"]["capture_to"] == "value" and classic["options"]["deal_fifteen"] is False


def test_a_game_keeps_its_capture_options(client):
    made = new_game(client, rules=ESCOBA | {"target": 21})
    game = client.get(f"/api/v1/games/{made.id}").get_json()
    assert {k: game["rules"][k] for k in ESCOBA} == ESCOBA
