"""Scoring a hand: every category, ties among any number of sides, options, quick counts."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import DECK, InvalidRoundError, Rules, Tally, primiera, score_round
from scorekeeper.rules.scoring import napola_points
from tests.conftest import cards


def rest_of_deck(*piles):
    used = {c for pile in piles for c in pile}
    return [c for c in DECK if c not in used]


@pytest.mark.parametrize(
    "pile, value",
    [
        ("7d 6c 7s 1b", 76),  # seed 000's example: 21 + 18 + 21 + 16
        ("7d 5c 10s 9b", 56),  # seed 004's example: 21 + 15 + 10 + 10
        ("7d 7c 7s 7b", 84),  # seed 004: the highest possible, all four sevens
        ("7d 7c 6s 4b", 74),  # seed 003: 7-7-6-4 ...
        ("1d 1c 7s 7b", 74),  # ... ties A-A-7-7
        ("7d 2d 7c 6s 6b 8b", 78),  # the best card of each suit counts, not the rest
        ("8d 9c 10s 8b", 40),  # court cards are worth 10
    ],
)
def test_primiera_values_from_the_sources(pile, value):
    assert primiera(cards(pile)) == value


def test_primiera_needs_all_four_suits_unless_the_option_is_off():
    pile = cards("7d 7c 7s")
    assert primiera(pile) is None  # seeds 002 and 003: no prime without every suit
    assert primiera(pile, all_suits=False) == 63  # seed 000: "we always calculate the prime score"


def two_sides(anna, rules=Rules(), scopas=(0, 0)):
    anna = cards(anna)
    return score_round([("Anna", anna, scopas[0]), ("Bruno", rest_of_deck(anna), scopas[1])], rules)


def test_a_full_hand_scores_every_category_with_its_reason():
    # Anna: 22 cards, 6 coins with the settebello, all four sevens (primiera 84); Bruno four aces (64).
    anna = "5d 6d 7d 8d 9d 10d 7c 6c 5c 4c 7s 6s 5s 4s 3s 2s 7b 6b 5b 4b 3b 2b"
    score = two_sides(anna, scopas=(2, 1))
    a, b = score.sides
    assert (a.tally.cards, b.tally.cards, a.tally.coins, b.tally.coins) == (22, 18, 6, 4)
    assert (a.tally.primiera, b.tally.primiera) == (84, 64)
    assert a.points == {"cards": 1, "coins": 1, "settebello": 1, "primiera": 1, "scopas": 2}
    assert b.points == {"cards": 0, "coins": 0, "settebello": 0, "primiera": 0, "scopas": 1}
    assert (a.total, b.total) == (6, 1)
    texts = {r.category: str(r.text) for r in score.reasons}
    assert texts["cards"] == "Anna took the most cards: 22-18."
    assert texts["coins"] == "Anna took the most coins: 6-4."
    assert "settebello" in texts["settebello"] and texts["settebello"].startswith("Anna")
    assert "Anna 84 (7d, 7c, 7s, 7b); Bruno 64 (1d, 1c, 1s, 1b)" in texts["primiera"]
    assert score.warnings == ()


def test_ties_score_nobody():
    # seed 000: 20 cards each and 5 coins each: no points for either.
    anna = "1d 2d 3d 4d 7d 1c 2c 3c 4c 5c 1s 2s 3s 4s 5s 1b 2b 3b 4b 5b"
    a, b = two_sides(anna).sides
    assert a.points["cards"] == b.points["cards"] == 0
    assert a.points["coins"] == b.points["coins"] == 0
    assert a.points["settebello"] == 1


def test_equal_primiera_scores_nobody():
    # seed 003: "one has 7-7-6-4 while the other has A-A-7-7 - no one scores the point"
    anna, bruno = cards("7d 7c 6s 4b"), cards("1d 1c 7s 7b")
    score = score_round([("Anna", anna, 0), ("Bruno", bruno, 0)])
    assert [s.points["primiera"] for s in score.sides] == [0, 0]
    assert "tie on primiera 74" in str(score.reasons[3].text)


def test_three_sides_tie_at_the_top_scores_nobody_but_a_single_best_scores():
    anna = cards("1d 2d 3d 4d 5d 6d 1c 2c 3c 4c 5c 6c 7c 8c")
    bruno = cards("7d 8d 9d 10d 1s 2s 3s 4s 5s 6s 7s 8s 9s 10s")
    carla = rest_of_deck(anna, bruno)  # 12 cards
    score = score_round([("Anna", anna, 0), ("Bruno", bruno, 0), ("Carla", carla, 0)])
    assert [s.points["cards"] for s in score.sides] == [0, 0, 0]
    assert "Anna and Bruno tied for most cards (14-14-12)" in str(score.reasons[0].text)
    assert [s.points["coins"] for s in score.sides] == [1, 0, 0]
    assert [s.points["settebello"] for s in score.sides] == [0, 1, 0]


def test_partners_pool_their_piles():
    anna, carla = cards("7d 7c 1s"), cards("6b 2d")
    team = score_round([("Blu", anna + carla, 1), ("Rossi", rest_of_deck(anna, carla), 0)])
    assert team.sides[0].tally.cards == 5 and team.sides[0].tally.settebello


def test_incomplete_deck_is_scored_with_a_warning():
    score = score_round([("Anna", cards("7d 7c"), 0), ("Bruno", cards("1s 2s 3s"), 0)])
    assert score.warnings and "Only 5 of 40 cards" in str(score.warnings[0])
    assert "1d" in str(score.warnings[0])


@pytest.mark.parametrize(
    "coins, points",
    [("1d 2d 3d", 3), ("1d 2d 3d 4d 5d", 5), ("1d 2d 3d 4d 5d 6d 7d 8d 9d 10d", 10), ("1d 2d 4d", 0), ("2d 3d 4d", 0)],
)
def test_napola(coins, points):
    assert napola_points(cards(coins)) == points


def test_napola_and_re_bello_score_only_when_on():
    anna = "1d 2d 3d 4d 10d 7c"
    off = two_sides(anna).sides[0].points
    assert "napola" not in off and "re_bello" not in off
    on = two_sides(anna, Rules(napola=True, re_bello=True)).sides[0].points
    assert on["napola"] == 4 and on["re_bello"] == 1


def test_primiera_by_sevens_breaks_ties_with_sixes():
    anna = cards("7d 7c 6s 1b")  # two sevens, one six
    bruno = cards("7s 7b 1d 1c 2s 3b")  # two sevens, no six
    rules = Rules(primiera_method="sevens")
    score = score_round([("Anna", anna, 0), ("Bruno", bruno, 0)], rules)
    assert [s.points["primiera"] for s in score.sides] == [1, 0]
    # by points Anna's 21+21+18+16 = 76 also beats Bruno's 21+21+16+13 = 71
    assert score_round([("Anna", anna, 0), ("Bruno", bruno, 0)]).sides[0].points["primiera"] == 1


def test_sevens_method_can_disagree_with_points():
    anna = cards("7d 6c 6s 6b")  # one seven: 21 + 18 + 18 + 18 = 75
    bruno = cards("7c 7s 2d 2b")  # two sevens: 21 + 21 + 12 + 12 = 66
    by_points = score_round([("Anna", anna, 0), ("Bruno", bruno, 0)])
    by_sevens = score_round([("Anna", anna, 0), ("Bruno", bruno, 0)], Rules(primiera_method="sevens"))
    assert [s.points["primiera"] for s in by_points.sides] == [1, 0]
    assert [s.points["primiera"] for s in by_sevens.sides] == [0, 1]


@pytest.mark.parametrize(
    "sides, message",
    [
        ([("A", "7d 7c", 0), ("B", "7c 1s", 0)], "7c is also in the pile of A"),
        ([("A", "7d 7c", -1), ("B", "1s", 0)], "0 or more"),
        ([("A", "7d 7c 1s 2s", 3), ("B", "3s", 0)], "at most 2"),
        ([("A", "7d", 0)], "2 to 6 sides"),
    ],
)
def test_impossible_piles_are_errors(sides, message):
    with pytest.raises(InvalidRoundError, match=message):
        score_round([(n, cards(p), s) for n, p, s in sides])


def tally(cards=20, coins=5, settebello=False, **kw):
    return Tally(cards=cards, coins=coins, settebello=settebello, **kw)


def test_quick_counts_score_like_piles():
    score = score_round([("Anna", tally(22, 6, True, primiera=78), 2), ("Bruno", tally(18, 4, False, primiera=75), 0)])
    assert [s.total for s in score.sides] == [6, 0]
    won = score_round(
        [("Anna", tally(20, 5, True, primiera_won=False), 0), ("Bruno", tally(20, 5, primiera_won=True), 0)]
    )
    assert [s.points["primiera"] for s in won.sides] == [0, 1]
    assert [s.total for s in won.sides] == [1, 1]


@pytest.mark.parametrize(
    "a, b, message",
    [
        (tally(22, 6, True), tally(20, 4), "42 cards"),
        (tally(20, 6, True), tally(19, 4), "39 cards"),
        (tally(20, 6, True), tally(20, 5), "11 coins"),
        (tally(20, 5, True), tally(20, 5, True), "only one side can hold the settebello"),
        (tally(20, 5), tally(20, 5), "one side must hold the settebello"),
        (tally(20, 0, True), tally(20, 10), "fewer than the coins named"),
        (tally(3, 4, True), tally(37, 6), "4 coins cannot come from a pile of 3"),
        (tally(20, 5, True, primiera=85), tally(20, 5), "cannot be made"),
        (tally(20, 5, True, primiera=41), tally(20, 5), "cannot be made"),
        (tally(20, 5, True, primiera_won=True), tally(20, 5, primiera_won=True), "only one side can win"),
        (tally(20, 5, True, napola=3), tally(20, 5), "napola is not played"),
    ],
)
def test_quick_counts_must_be_consistent(a, b, message):
    with pytest.raises(InvalidRoundError, match=message):
        score_round([("Anna", a, 0), ("Bruno", b, 0)])


# --- Property tests -----------------------------------------------------------------------------


deals = st.tuples(st.permutations(DECK), st.integers(2, 4), st.integers(20, 40)).flatmap(
    lambda t: st.lists(st.integers(0, t[1] - 1), min_size=t[2], max_size=t[2]).map(
        lambda owners: [[c for c, o in zip(t[0], owners, strict=False) if o == side] for side in range(t[1])]
    )
)
scoring_rules = st.builds(
    Rules,
    primiera_all_suits=st.booleans(),
    primiera_method=st.sampled_from(["points", "sevens"]),
    napola=st.booleans(),
    re_bello=st.booleans(),
)


@settings(max_examples=300, deadline=None)
@given(deals, scoring_rules, st.data())
def test_at_most_one_side_scores_each_category_and_totals_add_up(piles, rules, data):
    sides = [(f"S{i}", pile, data.draw(st.integers(0, len(pile) // 2))) for i, pile in enumerate(piles)]
    score = score_round(sides, rules)
    for category in ("cards", "coins", "settebello", "primiera", "re_bello", "napola"):
        if category in score.categories:
            assert sum(1 for s in score.sides if s.points[category]) <= 1
    for side, (_, pile, scopas) in zip(score.sides, sides, strict=False):
        assert side.total == sum(side.points.values())
        assert side.points["scopas"] == scopas
        assert side.tally.cards == len(pile)
    for category, count in (("cards", "cards"), ("coins", "coins")):
        values = [getattr(s.tally, count) for s in score.sides]
        for s, v in zip(score.sides, values, strict=False):
            assert s.points[category] == (1 if values.count(max(values)) == 1 and v == max(values) else 0)
    primes = [s.tally.primiera for s in score.sides]
    if rules.primiera_method == "points":
        for s, v in zip(score.sides, primes, strict=False):
            eligible = [p for p in primes if p is not None]
            wins = v is not None and v == max(eligible) and eligible.count(v) == 1
            assert s.points["primiera"] == (1 if wins else 0)
