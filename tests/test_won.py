"""The winners entry: a hand given as the categories each side won (API 1.1 ``won``)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import DECK, InvalidRoundError, Rules, score_round
from scorekeeper.rules.game import play_out
from scorekeeper.rules.ledger import HandEntry, SideEntry, score_entry
from scorekeeper.rules.scoring import NO_TIE, WON_CATEGORIES, Won, won_categories
from tests.conftest import new_game

NAMES = ["Anna", "Marco", "Carla", "Dario", "Elena", "Fabio"]


def won(*sides, rules=Rules(), scopas=None):
    """Score a hand where side i won the categories ``sides[i]`` (a list, or (list, napola))."""
    rows = []
    for i, side in enumerate(sides):
        cats, napola = side if isinstance(side, tuple) else (side, 0)
        rows.append((NAMES[i], Won(frozenset(cats), napola), (scopas or [0] * len(sides))[i]))
    return score_round(rows, rules)


@pytest.mark.parametrize(
    "sides, scopas, points",
    [
        # API.md's example: Anna won the cards and the settebello and made a scopa.
        ([["cards", "settebello"], ["coins", "primiera"]], [1, 0], [3, 2]),
        # A sweep of every category, as a pad's checklist would mark it.
        ([["cards", "coins", "settebello", "primiera"], []], [0, 0], [4, 0]),
        # Cards and primiera tied (listed by nobody): only coins and settebello score.
        ([["settebello"], ["coins"]], [2, 0], [3, 1]),
        # Three players alone: each category to whoever the table names.
        ([["cards"], ["settebello", "primiera"], ["coins"]], [0, 1, 0], [1, 3, 1]),
    ],
)
def test_each_category_scores_for_the_side_that_won_it(sides, scopas, points):
    score = won(*sides, scopas=scopas)
    assert [s.total for s in score.sides] == points
    for i, side in enumerate(score.sides):
        for category in ("cards", "coins", "settebello", "primiera"):
            assert side.points[category] == (1 if category in sides[i] else 0)
        assert side.points["scopas"] == scopas[i]
        assert side.tally is None and side.won == frozenset(sides[i])


def test_reasons_say_who_won_what_as_told_and_name_ties():
    texts = {r.category: str(r.text) for r in won(["cards", "settebello"], ["coins"]).reasons}
    assert texts["cards"] == "Anna won the cards, as told at the table."
    assert texts["coins"] == "Marco won the coins, as told at the table."
    assert texts["primiera"] == "Nobody won the primiera: a tie, as told at the table."


def test_the_score_row_has_no_invented_counts():
    row = won(["cards", "settebello"], ["coins"], scopas=[1, 0]).sides[0].to_dict()
    assert row["cards"] is None and row["coins"] is None and row["primiera"] is None
    assert row["settebello"] is True and row["won"] == ["cards", "settebello"] and row["total"] == 3


@pytest.mark.parametrize(
    "sides, rules, field, words",
    [
        ([["cards", "settebello"], ["cards"]], Rules(), "sides[1].won", "Anna and Marco both have the cards"),
        ([["cards"], ["coins"]], Rules(), "sides", "say who took the settebello"),
        ([["settebello"], ["re_bello"]], Rules(), "sides[1].won", "re bello is not played"),
        ([["settebello"], []], Rules(re_bello=True), "sides", "say who took the re bello"),
        ([["settebello", "points"], []], Rules(), "sides[0].won", "unknown category"),
        ([(["settebello"], 4), []], Rules(), "sides[0].napola", "napola is not played"),
        ([(["settebello"], 2), []], Rules(napola=True), "sides[0].napola", "napola scores 3 to 10"),
        ([(["settebello"], 3), ([], 3)], Rules(napola=True), "sides", "only one side can hold the napola"),
        ([(["cards", "coins"], 7), ["settebello"]], Rules(napola=True), "sides[0].napola", "also won the settebello"),
        ([(["settebello"], 6), ["coins"]], Rules(napola=True), "sides[0].napola", "also won the coins"),
        ([(["settebello"], 5), ["coins"]], Rules(napola=True), "sides[0].napola", "Marco cannot have won the coins"),
    ],
)
def test_impossible_hands_are_refused_naming_the_field(sides, rules, field, words):
    with pytest.raises(InvalidRoundError) as err:
        won(*sides, rules=rules)
    assert err.value.field == field and words in str(err.value.message)


def test_a_napola_of_five_may_tie_the_coins():
    rules = Rules(napola=True)
    assert won((["settebello"], 5), ["cards"], rules=rules).sides[0].points["napola"] == 5  # coins tied: fine


def test_napola_and_re_bello_score_when_played():
    rules = Rules(napola=True, re_bello=True)
    score = won((["cards", "coins", "settebello", "re_bello"], 10), ["primiera"], rules=rules)
    assert score.sides[0].points == {
        "cards": 1,
        "coins": 1,
        "settebello": 1,
        "primiera": 0,
        "scopas": 0,
        "napola": 10,
        "re_bello": 1,
    }
    assert won_categories(rules) == ("cards", "coins", "settebello", "primiera", "re_bello")
    assert won_categories(Rules()) == ("cards", "coins", "settebello", "primiera")
    # The single cards: exactly one side holds each (the donna di denari too, where it is played).
    assert {"settebello", "re_bello", "donna_di_denari"} == NO_TIE


def test_every_side_of_a_hand_is_entered_the_same_way():
    with pytest.raises(InvalidRoundError, match="same kind of entry"):
        score_round([("Anna", Won(frozenset({"settebello"})), 0), ("Marco", list(DECK[:10]), 0)])


@pytest.mark.parametrize(
    "body, field",
    [
        ({"sides": [{"won": "cards"}, {"won": []}]}, "sides[0].won"),
        ({"sides": [{"won": ["cards", "cards"]}, {"won": []}]}, "sides[0].won[1]"),
        ({"sides": [{"won": [7]}, {"won": []}]}, "sides[0].won[0]"),
        ({"sides": [{"won": ["settebello"], "pile": []}, {"won": []}]}, "sides[0]"),
        ({"sides": [{"tally": {}, "napola": 3}, {"won": []}]}, "sides[0]"),
        ({"sides": [{"won": ["settebello"], "scopas": 21}, {"won": []}]}, "sides[0].scopas"),
        ({"sides": [{"won": list(WON_CATEGORIES) * 200}, {"won": []}]}, "sides[0].won"),
    ],
)
def test_the_json_form_is_checked_before_scoring(body, field):
    with pytest.raises(InvalidRoundError) as err:
        HandEntry.from_json(body, 2)
    assert err.value.field == field


def test_a_winners_hand_is_stored_and_read_back_unchanged():
    entry = HandEntry((SideEntry(1, won=frozenset({"settebello", "cards"}), napola=4), SideEntry(0, won=frozenset())))
    data = entry.to_json()
    assert data == {"sides": [{"won": ["cards", "settebello"], "scopas": 1, "napola": 4}, {"won": [], "scopas": 0}]}
    assert HandEntry.from_json(data, 2) == entry and entry.kind == "won"


def test_count_out_adds_a_winners_hand_in_category_order():
    # Anna at 9, Marco at 10, to 11: Marco's coins come before Anna's settebello and primiera, so
    # Marco reaches 11 first though Anna's hand is worth more, and the rest of the hand goes unscored.
    names = ["Anna", "Marco"]
    lead_in = won(["cards", "coins", "settebello", "primiera"], [], scopas=[5, 0])  # 9-0
    marco = won([], ["cards", "coins", "settebello", "primiera"], scopas=[0, 6])  # 0-10
    decider = won(["settebello", "primiera"], ["coins"])
    progress = play_out([lead_in, marco, decider], names, 11, "count_out")
    assert progress.winner == 1 and progress.current == (9, 11)
    assert "Marco wins 11-9 on coins in hand 3" in str(progress.status)


def random_hand(rng: random.Random, sides: int) -> list[list]:
    deck = list(DECK)
    rng.shuffle(deck)
    cuts = sorted(rng.sample(range(1, 40), sides - 1))
    return [deck[a:b] for a, b in zip([0, *cuts], [*cuts, 40], strict=True)]


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), sides=st.sampled_from([2, 3, 4, 6]), napola=st.booleans(), re=st.booleans())
def test_a_hand_told_by_winners_scores_as_its_piles_do(seed, sides, napola, re):
    """Whatever the piles, saying who won each category gives every side the same points."""
    rng = random.Random(seed)
    rules = Rules(napola=napola, re_bello=re)
    piles = random_hand(rng, sides)
    by_piles = score_round([(NAMES[i], p, 0) for i, p in enumerate(piles)], rules)
    told = []
    for i, side in enumerate(by_piles.sides):
        cats = frozenset(c for c in won_categories(rules) if side.points.get(c))
        told.append((NAMES[i], Won(cats, side.points.get("napola", 0)), 0))
    by_winners = score_round(told, rules)
    assert [s.points for s in by_winners.sides] == [s.points for s in by_piles.sides]
    assert by_winners.categories == by_piles.categories


def test_a_winners_hand_scores_through_the_ledger():
    entry = HandEntry.from_json({"sides": [{"won": ["cards", "settebello"], "scopas": 1}, {"won": ["coins"]}]}, 2)
    assert [s.total for s in score_entry(entry, ["Anna", "Marco"], Rules()).sides] == [3, 1]


def test_a_winners_hand_through_the_api_the_scoreboard_and_the_exports(client):
    made = new_game(client, "Anna", "Marco")
    key = made.keeper
    body = {"submission_id": "sub-won-0001", "sides": [{"won": ["cards", "settebello"], "scopas": 1}, {"won": []}]}
    r = client.post(f"/api/v1/games/{made['id']}/rounds", json=body, headers=key)
    assert r.status_code == 201 and r.json["totals"] == [3, 0]
    assert r.json["entry"] == {"sides": [{"won": ["cards", "settebello"], "scopas": 1}, {"won": [], "scopas": 0}]}
    again = client.post(f"/api/v1/games/{made['id']}/rounds", json=body, headers=key)
    assert again.status_code == 200 and client.get(f"/api/v1/games/{made['id']}").json["sides"][0]["total"] == 3
    bad = {**body, "submission_id": "sub-won-0002", "sides": [{"won": ["cards", "settebello"]}, {"won": ["cards"]}]}
    r = client.post(f"/api/v1/games/{made['id']}/rounds", json=bad, headers=key)
    assert r.status_code == 400 and r.json["field"] == "sides[1].won" and "both have the cards" in r.json["message"]
    page = client.get(f"/g/{made['id']}").get_data(as_text=True)
    assert "Anna won the cards, as told at the table." in page and "Anna leads 3-0" in page
    csv = client.get(f"/g/{made['id']}/export.csv").get_data(as_text=True).splitlines()
    assert csv[1].startswith("1,Anna,Anna,,,yes,,1,1,0,1,0,1,")  # no card counts invented
    sheet = client.get(f"/g/{made['id']}/sheet").get_data(as_text=True)
    assert "Anna leads 3-0" in sheet
