"""House rules of RULES.md's 1.1 additions: each changes exactly what its rule says, through the core and the API.

The examples are written from the rule text in RULES.md ("House rules from further sources").
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import DECK, Card, Rules
from scorekeeper.rules.errors import InvalidRoundError
from scorekeeper.rules.scoring import Tally, best_four_cards, score_round
from tests.conftest import new_game


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def cards_text(text: str) -> list[str]:
    """Card codes as the API takes them."""
    return text.split()


def rest_of(*piles: list[Card]) -> list[Card]:
    taken = {c for pile in piles for c in pile}
    return [c for c in DECK if c not in taken]


def primiera_winner(anna: list[Card], bruno: list[Card], **options) -> int | None:
    """Who wins the primiera when Anna and Bruno hold these piles (the rest lying with nobody)."""
    score = score_round([("Anna", anna, 0), ("Bruno", bruno, 0)], Rules(**options))
    return next(r.winner for r in score.reasons if r.category == "primiera")


# Anna: two sevens (coins, cups), a six and low cards; Bruno: two sevens (swords, batons) and two sixes.
ANNA = cards("7d 7c 6s 1b 2d 3c")
BRUNO = cards("7s 7b 6d 6c 5s 4b")


@pytest.mark.parametrize(
    ("method", "anna", "bruno", "winner"),
    [
        # Most sevens then sixes, aces... (the existing "sevens"): 2-2 sevens, then sixes 1-2: Bruno.
        ("sevens", ANNA, BRUNO, 1),
        # Sevens only: 2-2 is a tie, whatever the sixes.
        ("sevens_only", ANNA, BRUNO, None),
        # Sevens then sixes: 2-2 sevens, 1-2 sixes: Bruno.
        ("sevens_sixes", ANNA, BRUNO, 1),
        # Sevens then sixes, both equal: a tie, though Anna has an ace and Bruno none (aces do not count).
        ("sevens_sixes", cards("7d 6c 1s"), cards("7s 6d 5b"), None),
        # Sevens only: three sevens beat two.
        ("sevens_only", cards("7d 7c 7s"), cards("7b 6d 6c 6s"), 0),
    ],
)
def test_primiera_by_sevens(method, anna, bruno, winner):
    assert primiera_winner(anna, bruno, primiera_method=method, primiera_all_suits=False) == winner


def test_the_simple_primiera_compares_each_suits_best_card_re_above_cavallo_above_fante():
    # Best cards, highest first: Anna 7 7 Re Fante; Bruno 7 7 Cavallo 6... ranked 7 6 A 5 4 3 2 Re Cavallo Fante:
    # Bruno's 6 beats Anna's Re at the third card.
    anna, bruno = cards("7d 7c 10s 8b"), cards("7s 7b 9d 6c")
    assert [str(c) for c in best_four_cards(bruno)] == ["7s", "7b", "6c", "9d"]
    assert primiera_winner(anna, bruno, primiera_method="best_four") == 1
    # With the points, Anna's 21+21+10+10 = 62 against Bruno's 21+21+18+10 = 70 also goes to Bruno; with courts
    # alone the order Re > Cavallo > Fante decides where points cannot: Re and Fante against Cavallo and Fante.
    anna, bruno = cards("7d 7c 10s 8b"), cards("7s 7b 9d 8c")
    assert primiera_winner(anna, bruno, primiera_method="best_four") == 0
    assert primiera_winner(anna, bruno, primiera_method="points") is None  # 62-62: a tie by points


def test_a_minimum_of_sevens_keeps_the_best_total_from_winning():
    # Anna's primiera total is higher (two sevens and two sixes: 78) but with three sevens needed nobody has enough;
    # at two sevens needed, Anna wins; Bruno (one seven) cannot compete.
    anna, bruno = cards("7d 7c 6s 6b"), cards("7s 5d 5c 5b")
    assert primiera_winner(anna, bruno, primiera_min_sevens=3) is None
    assert primiera_winner(anna, bruno, primiera_min_sevens=2) == 0
    score = score_round([("Anna", anna, 0), ("Bruno", bruno, 0)], Rules(primiera_min_sevens=2))
    assert "Bruno has fewer than 2 sevens and cannot win it" in str(score.reasons[3].text)


def test_quick_counts_must_say_who_won_when_the_primiera_needs_the_cards():
    tallies = [("Anna", Tally(22, 6, True, primiera=78), 0), ("Bruno", Tally(18, 4, False, primiera=70), 0)]
    for options in ({"primiera_method": "best_four"}, {"primiera_min_sevens": 1}, {"primiera_method": "sevens_only"}):
        with pytest.raises(InvalidRoundError, match="must say who won it"):
            score_round(tallies, Rules(**options))
    won = [("Anna", Tally(22, 6, True, primiera_won=False), 0), ("Bruno", Tally(18, 4, False, primiera_won=True), 0)]
    assert score_round(won, Rules(primiera_method="best_four")).sides[1].points["primiera"] == 1


owners = st.lists(st.integers(0, 1), min_size=40, max_size=40)


@settings(max_examples=200, deadline=None)
@given(owners, st.sampled_from(["points", "sevens", "sevens_only", "sevens_sixes", "best_four"]), st.integers(0, 4))
def test_the_way_of_counting_the_primiera_changes_nothing_but_the_primiera(owned, method, min_sevens):
    piles = [[c for c, o in zip(DECK, owned, strict=True) if o == side] for side in (0, 1)]
    sides = [("Anna", piles[0], 0), ("Bruno", piles[1], 0)]
    base = score_round(sides, Rules())
    other = score_round(sides, Rules(primiera_method=method, primiera_min_sevens=min_sevens))
    for before, after in zip(base.sides, other.sides, strict=True):
        assert {k: v for k, v in before.points.items() if k != "primiera"} == {
            k: v for k, v in after.points.items() if k != "primiera"
        }
    assert sum(s.points["primiera"] for s in other.sides) <= 1


@pytest.mark.parametrize(
    ("rules", "winner"),
    [({"primiera_method": "sevens_only"}, None), ({"primiera_method": "sevens_sixes"}, 1), ({}, 1)],
)
def test_the_api_scores_the_primiera_by_the_rules_it_is_given(client, rules, winner):
    body = {
        "rules": {"primiera_all_suits": False, **rules},
        "sides": [{"pile": [str(c) for c in ANNA]}, {"pile": [str(c) for c in BRUNO]}],
    }
    answer = client.post("/api/v1/score", json=body).get_json()
    primiera = next(r for r in answer["reasons"] if r["category"] == "primiera")
    assert primiera["winner"] == winner


def test_the_api_refuses_a_minimum_of_sevens_out_of_range(client):
    r = client.post("/api/v1/score", json={"rules": {"primiera_min_sevens": 5}, "sides": []})
    assert r.status_code == 400 and r.get_json()["field"] == "rules.primiera_min_sevens"


def test_a_flat_napola_scores_3_whatever_its_run():
    # Anna holds the coins from the ace to the six: a run of 6, or a flat 3.
    anna = cards("1d 2d 3d 4d 5d 6d 7c")
    sides = [("Anna", anna, 0), ("Bruno", rest_of(anna), 0)]
    run = score_round(sides, Rules(napola=True))
    flat = score_round(sides, Rules(napola=True, napola_points="flat"))
    assert run.sides[0].points["napola"] == 6 and flat.sides[0].points["napola"] == 3
    assert "a flat 3 points" in str(next(r.text for r in flat.reasons if r.category == "napola"))
    # Nothing else changes.
    assert {k: v for k, v in run.sides[1].points.items()} == {k: v for k, v in flat.sides[1].points.items()}


def test_a_flat_napola_told_at_the_table_scores_3():
    from scorekeeper.rules.scoring import Won

    hand = score_round(
        [("Anna", Won(frozenset({"coins", "settebello"}), napola=7), 0), ("Bruno", Won(frozenset()), 0)],
        Rules(napola=True, napola_points="flat"),
    )
    assert hand.sides[0].points["napola"] == 3


def test_the_napolas_scoring_needs_the_napola(client):
    r = client.post("/api/v1/score", json={"rules": {"napola_points": "flat"}, "sides": []})
    assert r.status_code == 400 and r.get_json()["field"] == "rules.napola_points"
    body = {
        "rules": {"napola": True, "napola_points": "flat"},
        "sides": [{"pile": ["1d", "2d", "3d", "4d"]}, {"pile": ["5d", "6d"]}],
    }
    answer = client.post("/api/v1/score", json=body).get_json()
    assert answer["sides"][0]["points"]["napola"] == 3


# --- The ace in Scopa d'assi (RULES.md 1.1): each option through /api/v1/moves and /api/v1/judge ------------------

ASSI = {"profile": "asso-piglia-tutto"}


def plays(client, hand, table, rules, **flags):
    """The legal plays the API lists, as (card, capture, scopa, rule)."""
    r = client.post("/api/v1/moves", json={"hand": hand.split(), "table": table.split(), "rules": rules, **flags})
    assert r.status_code == 200, r.get_json()
    return {(m["card"], " ".join(m["capture"]), m["scopa"], m["rule"]) for m in r.get_json()["moves"]}


def test_an_ace_on_an_empty_table_is_trailed_or_takes_itself(client):
    assert plays(client, "1d", "", ASSI) == {("1d", "", False, "trail")}
    trick = {**ASSI, "ace_empty_table": "capture"}
    assert plays(client, "1d", "", trick) == {("1d", "1d", False, "ace-empty-table")}
    # A scopa only with ace_sweep_scopa.
    assert plays(client, "1d", "", {**trick, "ace_sweep_scopa": True}) == {("1d", "1d", True, "ace-empty-table")}
    # The judge accepts the ace claimed as taking itself, or as simply played on the empty table.
    for capture in ([], ["1d"]):
        verdict = client.post("/api/v1/judge", json={"card": "1d", "capture": capture, "table": [], "rules": trick})
        assert verdict.get_json()["legal"] is True and verdict.get_json()["capture"] == ["1d"]


def test_an_ace_on_an_ace_may_sweep_the_table_too(client):
    assert plays(client, "1d", "1c 5s", ASSI) == {("1d", "1c", False, "single-card")}
    assert plays(client, "1d", "1c 5s", {**ASSI, "ace_on_ace": "may_sweep"}) == {
        ("1d", "1c", False, "single-card"),
        ("1d", "5s 1c", False, "ace-on-ace"),
    }
    # The sweep is judged legal; taking the ace and only part of the rest is not.
    body = {"card": "1d", "table": ["1c", "5s", "3b"], "rules": {**ASSI, "ace_on_ace": "may_sweep"}}
    assert client.post("/api/v1/judge", json={**body, "capture": ["1c", "5s", "3b"]}).get_json()["legal"] is True
    assert client.post("/api/v1/judge", json={**body, "capture": ["1c", "5s"]}).get_json()["legal"] is False


def test_the_sweeping_ace_may_be_laid_instead(client):
    assert plays(client, "1d", "5s 3b", ASSI) == {("1d", "5s 3b", False, "ace-takes-all")}
    assert plays(client, "1d", "5s 3b", {**ASSI, "ace_may_trail": True}) == {
        ("1d", "5s 3b", False, "ace-takes-all"),
        ("1d", "", False, "ace-may-trail"),
    }
    # With an ace on the table the ace still takes it (rule 1): the laid ace is only the sweeping one.
    assert ("1d", "", False, "ace-may-trail") not in plays(client, "1d", "1c 5s", {**ASSI, "ace_may_trail": True})


def test_an_ace_never_scores_a_scopa(client):
    # Classic rules: the ace takes the last card on the table, a scopa; with ace_never_scopa it is none.
    assert plays(client, "1d", "1c", {}) == {("1d", "1c", True, "single-card")}
    assert plays(client, "1d", "1c", {"ace_never_scopa": True}) == {("1d", "1c", False, "single-card")}
    # Another card's sweep still is one.
    assert plays(client, "5d", "5c", {"ace_never_scopa": True}) == {("5d", "5c", True, "single-card")}


def test_no_ace_may_lead_unless_the_hand_holds_only_aces(client):
    rules = {"no_ace_first_lead": True}
    assert {p[0] for p in plays(client, "1d 5c", "3s 4b", rules, first_lead=True)} == {"5c"}
    assert {p[0] for p in plays(client, "1d 5c", "3s 4b", rules)} == {"1d", "5c"}  # later in the hand
    assert {p[0] for p in plays(client, "1d 1c", "3s 4b", rules, first_lead=True)} == {"1d", "1c"}
    body = {"card": "1d", "capture": [], "table": ["3s", "4b"], "rules": rules, "first_lead": True}
    verdict = client.post("/api/v1/judge", json={**body, "hand": ["1d", "5c"]}).get_json()
    assert verdict["legal"] is False and verdict["rule"] == "no-ace-first-lead"
    assert "unless the hand holds only aces" in verdict["reason"]
    assert client.post("/api/v1/judge", json={**body, "hand": ["1d", "1s"]}).get_json()["legal"] is True


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"ace_on_ace": "may_sweep"}, "ace_on_ace"),
        ({"ace_empty_table": "capture"}, "ace_empty_table"),
        ({"ace_may_trail": True}, "ace_may_trail"),
        ({**ASSI, "ace_sweep_scopa": True, "ace_never_scopa": True}, "ace_never_scopa"),
    ],
)
def test_ace_rules_that_make_no_sense_together_are_refused_naming_the_option(client, rules, field):
    r = client.post("/api/v1/moves", json={"hand": ["1d"], "table": [], "rules": rules})
    assert r.status_code == 400
    assert r.get_json()["field"] == f"rules.{field}"
    assert field in r.get_json()["message"]


# --- primiera_courts: the prime value of Fante, Cavallo and Re ------------------------------------------------------


@pytest.mark.parametrize(
    ("courts", "anna", "bruno", "winner"),
    [
        # Anna: a seven and three kings; Bruno: a six, a Cavallo, a Fante and a five.
        ("10", 51, 53, 1),  # 21+10+10+10 against 18+10+10+15
        ("0", 21, 33, 1),  # 21+0+0+0 against 18+0+0+15
        ("rank", 51, 50, 0),  # 21+10+10+10 against 18+9+8+15: Anna's kings outrank Bruno's Cavallo and Fante
    ],
)
def test_court_cards_count_as_the_house_says(client, courts, anna, bruno, winner):
    body = {
        "rules": {"primiera_courts": courts},
        "sides": [{"pile": cards_text("7d 10c 10s 10b")}, {"pile": cards_text("6d 9c 8s 5b")}],
    }
    answer = client.post("/api/v1/score", json=body).get_json()
    assert [s["primiera"] for s in answer["sides"]] == [anna, bruno]
    assert next(r for r in answer["reasons"] if r["category"] == "primiera")["winner"] == winner


def test_a_suit_of_courts_alone_counts_0_when_courts_are_worth_nothing():
    from scorekeeper.rules.scoring import primiera

    pile = cards("7d 7c 7s 10b")
    assert primiera(pile, courts="0") == 63  # the batons are held (a King), so the suit is there, at 0
    assert primiera(pile, courts="rank") == 73
    assert primiera(cards("7d 7c 7s"), courts="0") is None  # a missing suit is still missing


def test_quick_counts_take_only_primiera_totals_the_courts_can_make(client):
    def total(courts, primiera):
        body = {
            "rules": {"primiera_courts": courts},
            "sides": [
                {"tally": {"cards": 20, "coins": 5, "settebello": True, "primiera": primiera}, "scopas": 0},
                {"tally": {"cards": 20, "coins": 5, "settebello": False, "primiera": 70}, "scopas": 0},
            ],
        }
        return client.post("/api/v1/score", json=body)

    # 21 + 0 + 0 + 0: a seven and three suits of courts only, possible only when courts count 0.
    assert total("10", 21).status_code == 400
    assert total("0", 21).status_code == 200
    # The message gives the range the courts allow: four courts make 40, or nothing at all.
    assert "(40 to 84)" in total("10", 19).get_json()["message"]
    assert "(0 to 84)" in total("0", 19).get_json()["message"]


@given(owners, st.sampled_from(["0", "rank"]))
@settings(max_examples=100, deadline=None)
def test_the_courts_value_changes_nothing_but_the_primiera(owned, courts):
    piles = [[c for c, o in zip(DECK, owned, strict=True) if o == side] for side in (0, 1)]
    sides = [("Anna", piles[0], 0), ("Bruno", piles[1], 0)]
    base, other = score_round(sides, Rules()), score_round(sides, Rules(primiera_courts=courts))
    for before, after in zip(base.sides, other.sides, strict=True):
        assert {k: v for k, v in before.points.items() if k != "primiera"} == {
            k: v for k, v in after.points.items() if k != "primiera"
        }


def test_the_pad_prints_the_primiera_chart_for_the_courts_chosen(client):
    usual = client.get("/pads/2").get_data(as_text=True)
    assert "<td>Fante, Cavallo, Re</td><td>10</td>" in usual
    ranked = client.get("/pads/2?primiera_courts=rank").get_data(as_text=True)
    assert "<td>Re</td><td>10</td>" in ranked and "<td>Cavallo</td><td>9</td>" in ranked
    assert "<td>Fante</td><td>8</td>" in ranked
    nothing = client.get("/pads/2?primiera_courts=0").get_data(as_text=True)
    assert "<td>Fante, Cavallo, Re</td><td>0</td>" in nothing
    # The list of pads carries the choice into each pad's link.
    assert "primiera_courts=rank" in client.get("/pads?primiera_courts=rank").get_data(as_text=True)


# --- How a game ends: napoleone, recount, calling out; seats: direction and six alone -------------------------------


def hand(client, game, key, sides, **extra):
    """Record a hand (a list of side entries) and answer the API's reply."""
    body = {"submission_id": f"s-{len(sides)}-{hash(str(sides) + str(extra))}", "sides": sides, **extra}
    return client.post(f"/api/v1/games/{game}/rounds", json=body, headers=key)


ALL_COINS = [f"{r}d" for r in range(1, 11)]


def test_all_ten_coins_win_the_game_at_once_with_the_napoleone(client):
    piles = [{"pile": ALL_COINS, "scopas": 0}, {"pile": ["7c", "7s", "7b", "6c", "6s", "6b"], "scopas": 0}]
    # Without the napoleone, one hand is 3 points (cards, coins, settebello) of 11.
    made = new_game(client, "Anna", "Bruno")
    game, key = made.id, made.keeper
    assert hand(client, game, key, piles).get_json()["finished"] is False
    made = new_game(client, "Anna", "Bruno", rules={"napoleone": True})
    game, key = made.id, made.keeper
    answer = hand(client, game, key, piles).get_json()
    assert answer["finished"] is True and answer["winner"] == 0
    assert any("napoleone wins the game at once" in r["text"] for r in answer["reasons"])
    # Told by counts, ten coins are the napoleone too.
    made = new_game(client, "Anna", "Bruno", rules={"napoleone": True})
    game, key = made.id, made.keeper
    counts = [
        {"tally": {"cards": 25, "coins": 10, "settebello": True, "primiera_won": False}},
        {"tally": {"cards": 15, "coins": 0, "settebello": False, "primiera_won": True}},
    ]
    assert hand(client, game, key, counts).get_json()["winner"] == 0


def won(*categories, scopas=0):
    return {"won": list(categories), "scopas": scopas}


def test_equal_top_totals_are_broken_by_recounting_the_last_hand(client):
    for end, winner in (("highest", None), ("recount", 0)):
        made = new_game(client, "Anna", "Bruno", rules={"end": end, "target": 4})
        game, key = made.id, made.keeper
        hand(client, game, key, [won("cards", "coins", "settebello"), won()])  # 3-0
        # Anna takes the primiera, Bruno the cards, coins, settebello and a scopa: 4-4. Recounted in category order
        # from 3-0: cards 3-1, coins 3-2, settebello 3-3, primiera 4-3: Anna reaches 4 first, before Bruno's scopa.
        answer = hand(client, game, key, [won("primiera"), won("cards", "coins", "settebello", scopas=1)]).get_json()
        assert answer["totals"] == [4, 4]
        assert answer["winner"] == winner, end
    made = new_game(client, "Anna", "Bruno", rules={"end": "recount", "target": 4})
    game, key = made.id, made.keeper
    hand(client, game, key, [won("cards", "coins", "settebello"), won()])
    answer = hand(client, game, key, [won("primiera"), won("cards", "coins", "settebello", scopas=1)]).get_json()
    said = " ".join(r["text"] for r in answer["reasons"])
    assert "recounting hand 2 category by category, Anna reaches 4 first, on primiera" in said


def test_a_side_that_calls_itself_out_wins_if_it_has_reached_the_target_and_loses_if_not(client):
    # Anna leads 9-0 of 11 and calls out mid-hand with the cards and the settebello: 11, the call is good.
    for call_with, winner in ((["cards", "settebello"], 0), (["settebello"], 1)):
        made = new_game(client, "Anna", "Bruno", rules={"call_out": True})
        game, key = made.id, made.keeper
        hand(client, game, key, [won("cards", "coins", "settebello", "primiera", scopas=5), won()])  # 9-0
        answer = hand(client, game, key, [won(*call_with), won("coins")], call_out=0).get_json()
        assert answer["finished"] is True and answer["winner"] == winner
        said = " ".join(r["text"] for r in answer["reasons"])
        if winner == 0:
            assert "Anna called out" in said and "the call is good and Anna wins" in said
        else:
            assert "the call fails, and Anna loses. Bruno wins" in said
    # Counts of a hand stopped early need not add up to the whole deck.
    made = new_game(client, "Anna", "Bruno", rules={"call_out": True, "target": 2})
    game, key = made.id, made.keeper
    counts = [
        {"tally": {"cards": 14, "coins": 4, "settebello": True, "primiera_won": False}},
        {"tally": {"cards": 8, "coins": 2, "settebello": False, "primiera_won": False}},
    ]
    answer = hand(client, game, key, counts, call_out=0)
    assert answer.status_code == 201 and answer.get_json()["winner"] == 0
    assert answer.get_json()["entry"]["call_out"] == 0


def test_calling_out_needs_the_house_rule_and_a_side(client):
    made = new_game(client, "Anna", "Bruno")
    game, key = made.id, made.keeper
    r = hand(client, game, key, [won("cards"), won("settebello")], call_out=0)
    assert r.status_code == 400 and r.get_json()["field"] == "call_out"
    made = new_game(client, "Anna", "Bruno", rules={"call_out": True})
    game, key = made.id, made.keeper
    for bad in (2, -1, True, "0"):
        r = hand(client, game, key, [won("cards"), won("settebello")], call_out=bad)
        assert r.status_code == 400 and r.get_json()["field"] == "call_out", bad


def test_the_direction_of_play_decides_who_deals_next(client):
    names = ["Anna", "Bruno", "Carla"]
    right = client.get(f"/api/v1/games/{new_game(client, *names).id}").get_json()
    left = client.get(f"/api/v1/games/{new_game(client, *names, rules={'direction': 'left'}).id}").get_json()
    assert (right["dealer"], right["leader"]) == ("Anna", "Bruno")
    assert (left["dealer"], left["leader"]) == ("Anna", "Carla")
    made = new_game(client, *names, rules={"direction": "left"})
    game, key = made.id, made.keeper
    after = hand(client, game, key, [won("cards", "settebello"), won("coins"), won()]).get_json()
    assert client.get(f"/api/v1/games/{game}").get_json()["dealer"] == "Carla", after


def test_six_players_may_each_play_alone(client):
    names = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"]
    made = new_game(client, *names)
    game, key = made.id, made.keeper
    answer = hand(client, game, key, [won("cards", "settebello"), won("coins"), won(), won(), won(), won()])
    assert answer.status_code == 201 and answer.get_json()["totals"] == [2, 1, 0, 0, 0, 0]


def test_the_boxed_leaflet_seats_four_only_as_partnerships(client):
    r = client.post("/api/v1/games", json={"sides": [{"name": n} for n in "ABCD"], "rules": {"profile": "boxed"}})
    assert r.status_code == 400 and "two partnerships" in r.get_json()["message"]


@pytest.mark.parametrize(
    ("profile", "players", "target"), [("asso-piglia-tutto", 2, 31), ("scopone-scientifico", 4, 21)]
)
def test_scopa_dassi_plays_to_31_and_scopone_scientifico_to_21(client, profile, players, target):
    if players == 4:
        sides = [{"name": "Blu", "players": ["Anna", "Carla"]}, {"name": "Rossi", "players": ["Bruno", "Dario"]}]
    else:
        sides = [{"name": "Anna"}, {"name": "Bruno"}]
    r = client.post("/api/v1/games", json={"sides": sides, "rules": {"profile": profile}})
    assert r.get_json()["target"] == target
    r = client.post("/api/v1/games", json={"sides": sides, "rules": {"profile": profile, "target": 11}})
    assert r.get_json()["target"] == 11


def test_games_stored_before_the_direction_was_an_option_keep_playing_to_the_right(app):
    from scorekeeper.store import stored_rules

    assert Rules.from_dict(stored_rules('{"profile": "boxed"}')).direction == "right"
    assert Rules.from_dict(stored_rules('{"profile": "boxed", "direction": "left"}')).direction == "left"


# --- Must show: each option of the 1.1 table changes at least one result, through the JSON API --------------------

RULES_1_1 = (
    "ace_empty_table",
    "ace_on_ace",
    "ace_may_trail",
    "ace_never_scopa",
    "no_ace_first_lead",
    "primiera_method",
    "primiera_min_sevens",
    "primiera_courts",
    "napola_points",
    "napoleone",
    "end",
    "call_out",
    "direction",
)


def _moves(client, rules, **body):
    r = client.post("/api/v1/moves", json={"rules": rules, **body})
    return sorted((m["card"], m["capture"], m["scopa"]) for m in r.get_json()["moves"])


def _score(client, rules, sides):
    r = client.post("/api/v1/score", json={"rules": rules, "sides": sides})
    return [s["points"] for s in r.get_json()["sides"]]


def _play_hands(client, rules, hands, names=("Anna", "Bruno", "Carla")):
    """A game of ``names`` under ``rules`` with ``hands`` recorded: its winner, next dealer and next leader."""
    made = new_game(client, *names, rules=rules)
    game, key = made.id, made.keeper
    for i, sides in enumerate(hands):
        body = {"submission_id": f"must-hand-{i}", "sides": sides}
        if isinstance(sides, dict):
            body = {"submission_id": f"must-hand-{i}", **sides}
        r = client.post(f"/api/v1/games/{game}/rounds", json=body, headers=key)
        assert r.status_code == 201, r.get_json()
    g = client.get(f"/api/v1/games/{game}").get_json()
    return g["winner"], g["dealer"], g["leader"]


PILES_7 = [{"pile": cards_text("7d 7c 6s 1b 2d 3c")}, {"pile": cards_text("7s 7b 6d 6c 5s 4b")}]
COURTS = [{"pile": cards_text("7d 10c 10s 10b")}, {"pile": cards_text("6d 9c 8s 5b")}]
NAPOLA = [{"pile": cards_text("1d 2d 3d 4d 5d 6d")}, {"pile": cards_text("7c 7s")}]
COINS = [{"pile": ALL_COINS}, {"pile": cards_text("7c 7s 7b")}]
TIE_HANDS = [
    [won("cards", "coins", "settebello"), won()],
    [won("primiera"), won("cards", "coins", "settebello", scopas=1)],
]
ASSI_ON = {"profile": "asso-piglia-tutto"}

TWO = ("Anna", "Bruno")


def _ace(hand, table, **flags):
    """A question about the ace under Scopa d'assi with the house rules asked."""
    return lambda c, r: _moves(c, {**ASSI_ON, **r}, hand=hand, table=table, **flags)


def _plain(hand, table, **flags):
    return lambda c, r: _moves(c, r, hand=hand, table=table, **flags)


def _scored(sides, **base):
    return lambda c, r: _score(c, {**base, **r}, sides)


def _called(c, r):
    """Anna calls out with the cards alone (1 of 2) when the rule is played: her call fails and Bruno wins."""
    hand = {"sides": [won("cards"), won("settebello")], **({"call_out": 0} if r else {})}
    return _play_hands(c, {"target": 2, **r}, [hand], names=TWO)


MUST_SHOW = {
    "ace_empty_table": (_ace(["1d"], []), {"ace_empty_table": "capture"}),
    "ace_on_ace": (_ace(["1d"], ["1c", "5s"]), {"ace_on_ace": "may_sweep"}),
    "ace_may_trail": (_ace(["1d"], ["5s"]), {"ace_may_trail": True}),
    "ace_never_scopa": (_plain(["1d"], ["1c"]), {"ace_never_scopa": True}),
    "no_ace_first_lead": (_plain(["1d", "5c"], ["3s"], first_lead=True), {"no_ace_first_lead": True}),
    "primiera_method": (_scored(PILES_7, primiera_all_suits=False), {"primiera_method": "sevens_only"}),
    "primiera_min_sevens": (_scored(PILES_7, primiera_all_suits=False), {"primiera_min_sevens": 3}),
    "primiera_courts": (_scored(COURTS, primiera_all_suits=False), {"primiera_courts": "rank"}),
    "napola_points": (_scored(NAPOLA, napola=True), {"napola_points": "flat"}),
    "napoleone": (lambda c, r: _play_hands(c, r, [COINS], names=TWO), {"napoleone": True}),
    "end": (lambda c, r: _play_hands(c, {"target": 4, **r}, TIE_HANDS, names=TWO), {"end": "recount"}),
    "call_out": (_called, {"call_out": True}),
    "direction": (lambda c, r: _play_hands(c, r, []), {"direction": "left"}),
}


def test_every_house_rule_of_the_1_1_table_is_shown_to_change_a_result():
    assert set(MUST_SHOW) == set(RULES_1_1)


@pytest.mark.parametrize("option", RULES_1_1)
def test_each_house_rule_changes_a_result_through_the_api(client, option):
    ask, changed = MUST_SHOW[option]
    assert ask(client, {}) != ask(client, changed), option


def test_the_rules_index_lists_every_option_with_its_group_and_what_it_needs(client):
    index = client.get("/api/v1/rules").get_json()
    assert set(RULES_1_1) <= set(index["options"])
    grouped = [name for group in index["groups"] for name in group["options"]]
    assert sorted(grouped) == sorted(index["options"])
    assert index["options"]["ace_on_ace"]["needs"] == {"ace_takes_all": True}
    assert index["options"]["primiera_courts"]["values"] == ["10", "0", "rank"]
    assert index["usual_targets"] == [11, 16, 21, 31]
    targets = {p["name"]: p["targets"] for p in index["profiles"]}
    assert targets["asso-piglia-tutto"]["2"] == 31 and targets["scopone-scientifico"]["4"] == 21


# --- Properties: each house rule changes only what it says ----------------------------------------------------------

categories = st.lists(st.sampled_from(["cards", "coins", "primiera"]), unique=True)
won_hands = st.lists(
    st.tuples(categories, categories, st.integers(0, 1), st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=8
)


def _won_scores(hands, rules):
    from scorekeeper.rules.scoring import Won

    out = []
    for anna, bruno, settebello, scopas_a, scopas_b in hands:
        bruno = [c for c in bruno if c not in anna]
        sides = [
            ("Anna", Won(frozenset(anna + (["settebello"] if settebello == 0 else []))), scopas_a),
            ("Bruno", Won(frozenset(bruno + (["settebello"] if settebello == 1 else []))), scopas_b),
        ]
        out.append(score_round(sides, rules))
    return out


@settings(max_examples=150, deadline=None)
@given(won_hands, st.integers(3, 11))
def test_the_recount_decides_only_where_highest_would_play_on(hands, target):
    from scorekeeper.rules.game import play_out

    names = ["Anna", "Bruno"]
    highest = play_out(_won_scores(hands, Rules()), names, target, "highest")
    recount = play_out(_won_scores(hands, Rules(end="recount")), names, target, "recount")
    # Up to the hand that ends the recounted game, every total is the same (later hands count for nothing).
    end = recount.finished_round or len(hands)
    assert recount.totals[:end] == highest.totals[:end]
    if highest.finished_round is not None:
        # Where highest has a single leader, the recount agrees: same hand, same winner, or it ended even sooner.
        assert recount.finished_round <= highest.finished_round
        if recount.finished_round == highest.finished_round:
            assert recount.winner == highest.winner
    if recount.finished_round is not None and recount.finished_round != highest.finished_round:
        # The recount ended the game early only where the top totals were equal at or over the target.
        top = recount.totals[recount.finished_round - 1]
        assert top[0] == top[1] >= target


@settings(max_examples=150, deadline=None)
@given(won_hands, st.sampled_from([{"napoleone": True}, {"call_out": True}, {"direction": "left"}]))
def test_napoleone_call_out_and_direction_never_change_a_hands_points(hands, options):
    # Without all ten coins, without a call: the points and the game are exactly as without the rule.
    from scorekeeper.rules.game import play_out

    plain, other = _won_scores(hands, Rules()), _won_scores(hands, Rules(**options))
    assert [[s.points for s in h.sides] for h in plain] == [[s.points for s in h.sides] for h in other]
    names = ["Anna", "Bruno"]
    assert play_out(plain, names, 11).winner == play_out(other, names, 11).winner


@settings(max_examples=100, deadline=None)
@given(owners)
def test_the_napoleone_is_found_exactly_when_one_pile_holds_every_coin(owned):
    piles = [[c for c, o in zip(DECK, owned, strict=True) if o == side] for side in (0, 1)]
    sides = [("Anna", piles[0], 0), ("Bruno", piles[1], 0)]
    score = score_round(sides, Rules(napoleone=True))
    coins = [sum(1 for c in pile if c.suit.value == "d") for pile in piles]
    assert score.napoleone == (coins.index(10) if 10 in coins else None)
    assert [s.points for s in score.sides] == [s.points for s in score_round(sides, Rules()).sides]
