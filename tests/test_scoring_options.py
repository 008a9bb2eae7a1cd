"""The scoring and ending options of RULES.md's 1.2 additions, in the core: each changes exactly what its rule says.

The examples are written from the rule text in RULES.md ("Sister games and the remaining house rules", the
**Scoring a hand** and **Ending the game** tables).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import DECK, Card, Rules
from scorekeeper.rules.errors import InvalidRoundError, InvalidRulesError
from scorekeeper.rules.game import play_out
from scorekeeper.rules.scoring import CATEGORIES, Tally, Won, primiera, score_round, won_categories
from tests.test_scoring import deals


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def rest_of(*piles: list[Card]) -> list[Card]:
    taken = {c for pile in piles for c in pile}
    return [c for c in DECK if c not in taken]


def points(anna: list[Card], bruno: list[Card], scopas=(0, 0), **options) -> list[dict[str, int]]:
    """Each side's points when Anna and Bruno hold these piles."""
    score = score_round([("Anna", anna, scopas[0]), ("Bruno", bruno, scopas[1])], Rules(**options))
    return [dict(s.points) for s in score.sides]


def reason(score, category: str) -> str:
    return next(str(r.text) for r in score.reasons if r.category == category)


# Twenty cards each: Anna has the coins and the settebello, Bruno the primiera's sevens; cards are tied 20-20.
ANNA = cards("1d 2d 3d 4d 5d 6d 7d 8d 9d 10d 1c 2c 3c 4c 5c 1s 2s 3s 4s 5s")
BRUNO = rest_of(ANNA)


# --- Scoring a hand -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("tie_points", "each_scores"), [("nobody", 0), ("each", 1)])
def test_a_tied_category_pays_nobody_or_each_tied_side(tie_points, each_scores):
    score = score_round([("Anna", ANNA, 0), ("Bruno", BRUNO, 0)], Rules(tie_points=tie_points))
    assert [s.points["cards"] for s in score.sides] == [each_scores, each_scores]
    # The categories nobody tied for are unchanged.
    assert [s.points["coins"] for s in score.sides] == [1, 0]
    if tie_points == "each":
        assert "each scores it, as a tie pays every tied side (tie_points)" in reason(score, "cards")
    else:
        assert "nobody scores it" in reason(score, "cards")


def test_a_primiera_tie_between_two_of_three_sides_pays_both_and_not_the_third():
    anna, bruno = cards("7d 7c 6s 6b"), cards("7s 7b 6d 6c")
    carla = rest_of(anna, bruno)
    sides = [("Anna", anna, 0), ("Bruno", bruno, 0), ("Carla", carla, 0)]
    for tie_points, expected in (("nobody", [0, 0, 0]), ("each", [1, 1, 0])):
        score = score_round(sides, Rules(tie_points=tie_points))
        assert [s.points["primiera"] for s in score.sides] == expected


def test_a_winners_entry_lists_a_tie_for_every_tied_side_when_ties_pay_each():
    rules = Rules(tie_points="each")
    score = score_round(
        [("Anna", Won(frozenset({"cards", "settebello"})), 0), ("Bruno", Won(frozenset({"cards", "coins"})), 0)],
        rules,
    )
    assert [s.points["cards"] for s in score.sides] == [1, 1]
    # Under the usual rule the same entry is refused: one side wins a category, a tie is listed for nobody.
    with pytest.raises(InvalidRoundError, match="only one side can win it"):
        score_round(
            [("Anna", Won(frozenset({"cards", "settebello"})), 0), ("Bruno", Won(frozenset({"cards"})), 0)], Rules()
        )
    # The settebello is one card: it is never shared.
    with pytest.raises(InvalidRoundError, match="only one side can win it"):
        score_round([("Anna", Won(frozenset({"settebello"})), 0), ("Bruno", Won(frozenset({"settebello"})), 0)], rules)


def test_the_primiera_uncounted_scores_nobody_and_is_not_asked():
    rules = Rules(score_primiera=False)
    anna_points, bruno_points = points(ANNA, BRUNO, score_primiera=False)
    assert "primiera" not in anna_points and "primiera" not in bruno_points
    assert anna_points["coins"] == 1 and anna_points["settebello"] == 1
    assert "primiera" not in won_categories(rules)
    with pytest.raises(InvalidRoundError, match="unknown category"):
        score_round([("Anna", Won(frozenset({"primiera", "settebello"})), 0), ("Bruno", Won(frozenset()), 0)], rules)


def test_scopas_uncounted_are_refused_in_a_hand_naming_the_option():
    assert "scopas" not in points(ANNA, BRUNO, score_scopas=False)[0]
    with pytest.raises(InvalidRoundError, match="score_scopas") as caught:
        points(ANNA, BRUNO, scopas=(1, 0), score_scopas=False)
    assert caught.value.field == "sides[0].scopas"
    # Usual rules: the scopa counts.
    assert points(ANNA, BRUNO, scopas=(1, 0))[0]["scopas"] == 1


@pytest.mark.parametrize(
    ("prime_values", "total"),
    [
        # 7 of coins, 6 of cups, ace of swords, Re of batons: 21 + 18 + 16 + 10.
        ("classic", 65),
        # Each card's capture value: 7 + 6 + 1 + 10.
        ("face", 24),
        # Twice the face value, the Ace 13 and the court cards 1: 14 + 12 + 13 + 1.
        ("double", 40),
    ],
)
def test_prime_values_on_a_worked_primiera(prime_values, total):
    pile = cards("7d 6c 1s 10b")
    assert Tally.from_pile(pile, Rules(prime_values=prime_values)).primiera == total


def test_face_values_change_who_wins_the_primiera_and_say_so():
    # Classic: Anna's sevens (84) beat Bruno's kings (40). By face value the kings (40) beat the sevens (28).
    anna, bruno = cards("7d 7c 7s 7b"), cards("10d 10c 10s 10b")
    for values, winner in (("classic", 0), ("face", 1)):
        score = score_round([("Anna", anna, 0), ("Bruno", bruno, 0)], Rules(prime_values=values))
        assert [s.points["primiera"] for s in score.sides] == [1 - winner, winner]
    assert "capture value" in reason(score, "primiera") and "(prime_values)" in reason(score, "primiera")
    assert primiera(bruno, courts="face") == 40


def test_the_donna_di_denari_scores_its_holder():
    anna_points, bruno_points = points(ANNA, BRUNO, donna_di_denari=True)
    assert anna_points["donna_di_denari"] == 1 and bruno_points["donna_di_denari"] == 0
    assert "donna_di_denari" not in points(ANNA, BRUNO)[0]


def test_the_grande_is_five_points_for_fante_cavallo_and_re_of_coins_together():
    score = score_round([("Anna", ANNA, 0), ("Bruno", BRUNO, 0)], Rules(grande=True))
    assert [s.points["grande"] for s in score.sides] == [5, 0]
    assert "5 points" in reason(score, "grande")
    # Split between the sides, nobody has it.
    anna = [c for c in ANNA if str(c) != "10d"]
    split = points(anna, rest_of(anna), grande=True)
    assert [p["grande"] for p in split] == [0, 0]


def test_the_napola_counts_up_to_napola_max():
    # Anna holds every coin: a run of ten, counted as the piccola up to the 6 of coins.
    score = score_round([("Anna", ANNA, 0), ("Bruno", BRUNO, 0)], Rules(napola=True, napola_max=6))
    assert [s.points["napola"] for s in score.sides] == [6, 0]
    assert "napola_max" in reason(score, "napola")
    assert points(ANNA, BRUNO, napola=True)[0]["napola"] == 10
    # A shorter run than the cap is its own length.
    anna = cards("1d 2d 3d 4d")
    assert points(anna, rest_of(anna), napola=True, napola_max=6)[0]["napola"] == 4


def test_coin_points_pay_every_coin_taken():
    anna = cards("1d 2d 3d 7c")
    score = score_round([("Anna", anna, 0), ("Bruno", rest_of(anna), 0)], Rules(coin_points=True))
    assert [s.points["coin_points"] for s in score.sides] == [3, 7]
    assert "coin_points" in reason(score, "coin_points")


@pytest.mark.parametrize("knocks", [3, 10, 13, 6, 20])
def test_knocks_are_a_sum_of_threes_and_tens(knocks):
    score = score_round([("Anna", ANNA, 0), ("Bruno", BRUNO, 0)], Rules(knocks=True), knocks=[knocks, 0])
    assert [s.points["knocks"] for s in score.sides] == [knocks, 0]


@pytest.mark.parametrize(
    ("knocks", "rules", "said"), [(4, Rules(knocks=True), "sum of 3s and 10s"), (3, Rules(), "knocks")]
)
def test_knocks_that_cannot_be_or_are_not_played_are_refused(knocks, rules, said):
    with pytest.raises(InvalidRoundError, match=said) as caught:
        score_round([("Anna", ANNA, 0), ("Bruno", BRUNO, 0)], rules, knocks=[0, knocks])
    assert caught.value.field == "sides[1].knocks"


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"napola_max": 6}, "napola_max"),  # without the napola
        ({"napola": True, "napola_points": "flat", "napola_max": 6}, "napola_max"),
        ({"prime_values": "face", "primiera_courts": "0"}, "prime_values"),
        ({"score_primiera": False, "primiera_method": "sevens"}, "score_primiera"),
        ({"end": "draw", "playoff": "leaders"}, "playoff"),
        ({"tie_points": "some"}, "tie_points"),
        ({"napola": True, "napola_max": 2}, "napola_max"),
    ],
)
def test_combinations_that_make_no_sense_are_refused_naming_the_option(options, field):
    with pytest.raises(InvalidRulesError) as caught:
        Rules.from_dict(options)
    assert caught.value.field == field


# --- Ending the game ------------------------------------------------------------------------------------------


def won_hand(*categories_by_side: tuple[str, ...], scopas=None):
    """A hand entered by winners, for as many sides as given."""
    sides = [
        (f"S{i}", Won(frozenset(c)), (scopas or [0] * len(categories_by_side))[i])
        for i, c in enumerate(categories_by_side)
    ]
    return score_round(sides, Rules())


def test_equal_top_totals_at_the_target_end_the_game_as_a_draw():
    # 2-2 at a target of 2.
    level = won_hand(("cards", "settebello"), ("coins", "primiera"))
    highest = play_out([level], ["Anna", "Bruno"], 2)
    assert not highest.finished and highest.tied
    drawn = play_out([level], ["Anna", "Bruno"], 2, "draw")
    assert drawn.finished and drawn.draw and drawn.winner is None and drawn.finished_round == 1
    assert "draw" in str(drawn.status)
    # A hand recorded after the draw counts for nothing.
    after = play_out([level, won_hand(("cards", "settebello", "coins"), ())], ["Anna", "Bruno"], 2, "draw")
    assert after.draw and after.winner is None and after.current == (2, 2)


def test_a_single_highest_total_still_wins_under_draw():
    progress = play_out([won_hand(("cards", "settebello", "coins"), ("primiera",))], ["A", "B"], 2, "draw")
    assert progress.winner == 0 and not progress.draw


def test_only_the_tied_leaders_can_win_a_playoff():
    names = ["Anna", "Bruno", "Carla"]
    # Anna and Bruno tie at 2 over the target of 2, Carla has 0.
    first = won_hand(("cards", "settebello"), ("coins", "primiera"), ())
    # Next hand Carla takes four points and a scopa (5), Anna one, Bruno nothing: Carla 5, Anna 3, Bruno 2.
    second = won_hand(("primiera",), (), ("cards", "coins", "settebello"), scopas=[0, 0, 2])
    everyone = play_out([first, second], names, 2)
    assert everyone.winner == 2
    leaders = play_out([first, second], names, 2, playoff="leaders")
    assert leaders.winner == 0 and leaders.current == (3, 2, 5)
    tied = play_out([first], names, 2, playoff="leaders")
    assert tied.contenders == (0, 1) and "only Anna and Bruno can win" in str(tied.status)


# --- Properties -----------------------------------------------------------------------------------------------

# Each option with a value other than its default, and the categories it may change.
CHANGES = [
    ({"tie_points": "each"}, set(CATEGORIES)),
    ({"prime_values": "face"}, {"primiera"}),
    ({"prime_values": "double"}, {"primiera"}),
    ({"donna_di_denari": True}, {"donna_di_denari"}),
    ({"grande": True}, {"grande"}),
    ({"coin_points": True}, {"coin_points"}),
    ({"knocks": True}, {"knocks"}),
    ({"score_primiera": False}, {"primiera"}),
]


@settings(max_examples=150, deadline=None)
@given(deals, st.sampled_from(CHANGES), st.data())
def test_an_option_changes_only_what_it_names(piles, change, data):
    options, named = change
    sides = [(f"S{i}", pile, data.draw(st.integers(0, len(pile) // 2))) for i, pile in enumerate(piles)]
    today = score_round(sides, Rules())
    assert today.categories == CATEGORIES
    changed = score_round(sides, Rules(**options))
    for before, after in zip(today.sides, changed.sides, strict=True):
        for category in set(before.points) | set(after.points):
            if category not in named:
                assert before.points.get(category) == after.points.get(category), category
    if options.get("tie_points") == "each":
        # Only ties change: a side with a point today still has it, and a tie now pays every tied side.
        for before, after in zip(today.sides, changed.sides, strict=True):
            assert all(after.points[c] >= before.points[c] for c in CATEGORIES)


@settings(max_examples=150, deadline=None)
@given(
    deals,
    st.builds(
        Rules,
        tie_points=st.sampled_from(["nobody", "each"]),
        prime_values=st.sampled_from(["classic", "face", "double"]),
        donna_di_denari=st.booleans(),
        grande=st.booleans(),
        napola=st.just(True),
        napola_max=st.integers(3, 10),
        coin_points=st.booleans(),
        knocks=st.just(True),
        re_bello=st.booleans(),
    ),
    st.data(),
)
def test_every_hands_points_add_up_over_its_categories(piles, rules, data):
    sides = [(f"S{i}", pile, data.draw(st.integers(0, len(pile) // 2))) for i, pile in enumerate(piles)]
    knocks = [data.draw(st.sampled_from([0, 3, 10, 13, 6])) for _ in piles]
    score = score_round(sides, rules, knocks=knocks)
    for side, knocked in zip(score.sides, knocks, strict=True):
        assert side.total == sum(side.points.values())
        assert side.points["knocks"] == knocked
        if rules.coin_points:
            assert side.points["coin_points"] == side.tally.coins
        assert 0 <= side.points["napola"] <= rules.napola_max
    progress = play_out([score], [n for n, _, _ in sides], 99)
    assert list(progress.current) == [s.total for s in score.sides]
    # A category for one card or the grande goes to one side at most, however ties are paid.
    for category in ("settebello", "donna_di_denari", "grande"):
        if category in score.categories:
            assert sum(1 for s in score.sides if s.points[category]) <= 1


def test_defaults_keep_todays_rules():
    rules = Rules()
    assert (rules.tie_points, rules.score_primiera, rules.score_scopas, rules.prime_values) == (
        "nobody",
        True,
        True,
        "classic",
    )
    assert not (rules.donna_di_denari or rules.grande or rules.coin_points or rules.knocks)
    assert (rules.napola_max, rules.playoff) == (10, "all")
    assert replace(rules, playoff="all") == Rules.from_dict({"playoff": "all"})
