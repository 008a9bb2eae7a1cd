"""Legal plays, verdicts on claimed captures and the deal check, from the seeds' own examples."""

import re
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    DECK,
    IllegalMoveError,
    InvalidPositionError,
    Rules,
    deal_check,
    judge_play,
    legal_moves,
    move_groups,
)
from scorekeeper.rules.moves import TABLE_MAX, check_position, plays_by_card, position_errors
from tests.conftest import cards


def plays(hand, table, rules=Rules(), last_play=False):
    """The legal plays as {(card, frozenset of captured codes)}."""
    return {
        (str(m.card), frozenset(str(c) for c in m.capture))
        for m in legal_moves(cards(hand), cards(table), rules, last_play)
    }


def P(card, *taken):
    return (card, frozenset(taken))


# Worked examples from the rule sources (seeds/), each with the play(s) the text says are legal.
SEED_EXAMPLES = [
    # seed 000: "the table has 3, 4, and 7. If the player plays a 7 it will capture ... the table's 7"
    ("7c", "3c 4s 7b", {P("7c", "7b")}),
    # seed 000: "plays an 8 and the table has 1, 2, and 6 - ... capture the 8, along with the 6 and the 2"
    ("8d", "1b 2c 6s", {P("8d", "6s", "2c")}),
    # seed 000: "a 5 card that can capture 4+1 or 3+2 - the player can choose"
    ("5c", "4c 1s 3b 2d", {P("5c", "4c", "1s"), P("5c", "3b", "2d")}),
    # seed 000: "plays a 5, and the table has a 5, 4, and 1, the single 5 card must always be captured"
    ("5d", "5c 4s 1b", {P("5d", "5c")}),
    # seed 004: hand 5 of Coins, 7 of Swords, 2 of Cups; table 1 of Swords, 6 of Clubs, 5 of Cups
    ("5d 7s 2c", "1s 6b 5c", {P("5d", "5c"), P("7s", "6b", "1s"), P("2c")}),
    # seed 004: "if a 2 and 5 are on the table, a player holding a 7 must either make this match"
    ("7c", "2b 5s", {P("7c", "5s", "2b")}),
    # seed 004: "the 7 of Cups could be played to capture the 4 of Clubs and the 3 of Cups"
    ("7c", "4b 3c", {P("7c", "4b", "3c")}),
    # ... "If there were a 7 on the table, he would have to take it with his 7, rather than the 4 and the 3"
    ("7c", "4b 3c 7s", {P("7c", "7s")}),
    # seed 004: one card per turn: the 1 and 8 of Clubs may not be played together for the 9 of Coins
    ("1b 8b", "9d", {P("1b"), P("8b")}),
    # seed 003: several matching cards: the player chooses just one of them
    ("6d", "6c 6s 2b 4b", {P("6d", "6c"), P("6d", "6s")}),
    # seed 003: a card that matches nothing stays face up on the table
    ("10s", "1d 2c", {P("10s")}),
    # seed 003: after a sweep "the next player's card cannot capture anything"
    ("4d", "", {P("4d")}),
]


@pytest.mark.parametrize("hand, table, expected", SEED_EXAMPLES)
def test_seed_examples_list_exactly_the_legal_plays(hand, table, expected):
    assert plays(hand, table) == expected


def test_a_sweep_is_a_scopa_but_not_with_the_last_card_of_the_hand():
    (sweep,) = legal_moves(cards("7c"), cards("2b 5s"))
    assert sweep.scopa and "scopa" in str(sweep.why)
    # seeds 000, 001, 002, 003: clearing the table on the very last card never counts as a scopa
    (last,) = legal_moves(cards("7c"), cards("2b 5s"), last_play=True)
    assert not last.scopa and "no scopa" in str(last.why)
    # option last_card_scopa (some Scopone scientifico tables): it does count
    (scientifico,) = legal_moves(cards("7c"), cards("2b 5s"), Rules(last_card_scopa=True), last_play=True)
    assert scientifico.scopa


def test_taking_part_of_the_table_is_no_scopa():
    assert not any(m.scopa for m in legal_moves(cards("5c"), cards("4c 1s 3b")))


@pytest.mark.parametrize(
    "hand, table, expected",
    [
        # fewest: only the sets with the fewest cards
        ("10c", "1d 9d 2d 3d 4d", {P("10c", "9d", "1d")}),
        ("7c", "1d 2d 4d 3s 6s", {P("7c", "6s", "1d"), P("7c", "4d", "3s")}),
        # an equal single still comes first
        ("7c", "7d 1s 6s", {P("7c", "7d")}),
    ],
)
def test_capture_choice_fewest(hand, table, expected):
    assert plays(hand, table, Rules(capture_choice="fewest")) == expected


def test_capture_choice_free_allows_any_set():
    assert plays("10c", "1d 9d 2d 3d 4d") == {
        P("10c", "9d", "1d"),
        P("10c", "4d", "3d", "2d", "1d"),
    }


APT = Rules.for_profile("asso-piglia-tutto")


@pytest.mark.parametrize(
    "hand, table, expected",
    [
        # an ace with no ace on the table takes every table card
        ("1d", "3c 4s 9b", {P("1d", "3c", "4s", "9b")}),
        # with an ace on the table, the played ace takes that ace (rule 1)
        ("1d", "1c 4s 9b", {P("1d", "1c")}),
        ("1d", "1c 1s 9b", {P("1d", "1c"), P("1d", "1s")}),
        # an ace played on an empty table is trailed
        ("1d", "", {P("1d")}),
        # other cards play as usual
        ("5d", "3c 2s 9b", {P("5d", "3c", "2s")}),
    ],
)
def test_ace_takes_all(hand, table, expected):
    assert plays(hand, table, APT) == expected


def test_the_aces_sweep_is_a_scopa_only_with_ace_sweep_scopa():
    (move,) = legal_moves(cards("1d"), cards("3c 4s"), APT)
    assert not move.scopa
    (move,) = legal_moves(
        cards("1d"), cards("3c 4s"), Rules.from_dict({"profile": "asso-piglia-tutto", "ace_sweep_scopa": True})
    )
    assert move.scopa
    # taking the only ace on the table clears it: an ordinary scopa
    (move,) = legal_moves(cards("1d"), cards("1s"), APT)
    assert move.scopa


def test_without_ace_takes_all_an_ace_only_takes_an_ace():
    assert plays("1d", "3c 4s 9b") == {P("1d")}


def test_reasons_name_the_rule_in_plain_words():
    (move,) = legal_moves(cards("5d"), cards("5c 4s 1b"))
    assert move.rule == "single-card"
    assert "4s + 1b may not be taken" in str(move.why)
    (trail,) = legal_moves(cards("10s"), cards("1d 2c"))
    assert trail.rule == "trail" and "no card worth 10" in str(trail.why)


# Claimed plays and the verdict the rules give.
VERDICTS = [
    # (played, taken, table, legal, rule, words in the reason)
    ("5d", "4s 1b", "5c 4s 1b", False, "single-card", "5c is on the table, so 4s + 1b may not be taken with a 5"),
    ("5d", "5c", "5c 4s 1b", True, "single-card", "5d takes 5c"),
    ("7c", "", "2b 5s", False, "must-capture", "may not be trailed"),
    ("2c", "", "1s 6b 5c", True, "trail", "trailed"),
    ("8d", "6s 1b", "1b 2c 6s", False, "sum", "add up to 7, not 8"),
    ("8d", "6s 2c", "1b 2c 6s", True, "sum", "8d takes 6s + 2c"),
    ("8b", "9d", "9d", False, "trail", "not worth 8"),
    ("6d", "6c 6s", "6c 6s", False, "single-card", "exactly one card of value 6"),
    ("1d", "3c", "3c 4s", False, "trail", "3c is not worth 1"),
    ("7d", "5s 1b", "5s 1b 2c", False, "sum", "add up to 6, not 7"),
]


@pytest.mark.parametrize("card, taken, table, legal, rule, words", VERDICTS)
def test_judging_a_claimed_capture(card, taken, table, legal, rule, words):
    (played,) = cards(card)
    verdict = judge_play(played, cards(taken), cards(table))
    assert (verdict.legal, verdict.rule) == (legal, rule)
    assert words in str(verdict.reason)
    expected = {m for m in legal_moves([played], cards(table))}
    listed = set(verdict.alternatives)
    # an illegal claim lists every legal play of that card; a legal one lists the others
    assert (
        listed == expected if not legal else listed == expected - {m for m in expected if m.capture == verdict.capture}
    )


def test_judging_under_options():
    verdict = judge_play(cards("10c")[0], cards("4d 3d 2d 1d"), cards("1d 9d 2d 3d 4d"), Rules(capture_choice="fewest"))
    assert (verdict.legal, verdict.rule) == (False, "fewest")
    verdict = judge_play(cards("1d")[0], cards("3c"), cards("3c 4s"), APT)
    assert (verdict.legal, verdict.rule) == (False, "ace-takes-all")
    verdict = judge_play(cards("1d")[0], cards("3c 4s"), cards("3c 4s"), APT)
    assert verdict.legal and not verdict.scopa


@pytest.mark.parametrize(
    "card, taken, table, error",
    [
        ("5d", "3c", "5c 4s", IllegalMoveError),  # not on the table
        ("5c", "", "5c 4s", InvalidPositionError),  # the played card is on the table
    ],
)
def test_a_claim_that_does_not_fit_the_table_is_an_error(card, taken, table, error):
    with pytest.raises(error):
        judge_play(cards(card)[0], cards(taken), cards(table))


@pytest.mark.parametrize(
    "table, redeal, kings",
    [("10d 10c 10s 4b", True, 3), ("10d 10c 10s 10b", True, 4), ("10d 10c 5s 4b", False, 2), ("1d 2c 3s 4b", False, 0)],
)
def test_deal_check_three_or_four_kings_is_a_redeal(table, redeal, kings):
    check = deal_check(cards(table))
    assert (check.redeal, check.kings) == (redeal, kings)
    assert ("redealt" in str(check.reason)) == redeal


def test_deal_check_needs_four_distinct_cards():
    with pytest.raises(InvalidPositionError):
        deal_check(cards("10d 10c 10s"))
    with pytest.raises(InvalidPositionError):
        deal_check(cards("10d 10c 10s 10d"))


@pytest.mark.parametrize(
    "hand, table, message, field",
    [
        ("", "1d", "choose at least one card in the hand (1 to 10)", "hand"),
        ("1d 2d 3d 4d 5d 6d 7d 8d 9d 10d 1c", "", "the hand has 11 cards; a hand holds at most 10", "hand"),
        ("7d", "7d", "7d is both on the table and in the hand", "hand[0]"),
        ("7d", "1b 2c 1b", "1b is listed twice in the table", "table[2]"),
    ],
)
def test_impossible_positions_are_errors(hand, table, message, field):
    with pytest.raises(InvalidPositionError, match=re.escape(message)) as caught:
        check_position(cards(hand), cards(table))
    assert caught.value.field == field


def test_a_full_table_leaves_no_card_to_play():
    table = [c for c in DECK if str(c) != "7d"]
    assert len(table) == TABLE_MAX
    check_position(cards("7d"), table)
    with pytest.raises(InvalidPositionError, match="the table has 40 cards; it holds at most 39"):
        check_position((), list(DECK), deal=True)


def test_every_problem_of_a_position_is_reported_once_per_field():
    errors = position_errors(cards("2c 2c"), cards("1b 2c"), deal=True, play=cards("5d")[0], take=cards("3s"))
    assert {e.field: str(e.message) for e in errors} == {
        "hand[1]": "2c is listed twice in the hand; each card exists once",
        "table": "the first deal puts 4 cards on the table, not 2",
        "play": "5d is not in the hand; the card played comes from the hand",
        "take[0]": "3s is not on the table; only table cards can be taken",
    }


def test_the_deal_check_needs_no_hand_but_four_table_cards():
    assert position_errors((), cards("10d 10c 10s 4b"), deal=True) == []
    problems = [str(e.message) for e in position_errors((), cards("10d"))]
    assert problems == ["choose at least one card in the hand (1 to 10)"]


def test_cards_of_equal_value_play_alike():
    plays = plays_by_card(cards("5d 2c 5s"), cards("5c 4s 1b"))
    assert [(str(p.card), p.same_as and str(p.same_as)) for p in plays] == [("5d", None), ("2c", None), ("5s", "5d")]
    five, two, other_five = plays
    assert five.must_capture and not two.must_capture and other_five.must_capture
    assert [g.card for g in other_five.groups] == cards("5s")
    assert [m.capture for m in other_five.groups[0].moves()] == [m.capture for m in five.groups[0].moves()]


def test_plays_by_card_counts_every_way_and_agrees_with_legal_moves():
    table = cards("1d 9d 2d 3d 4d 8c 6c")
    hand = cards("10c 10b 7s")
    plays = plays_by_card(hand, table)
    moves = legal_moves(hand, table)
    assert sum(p.count for p in plays) == len(moves)
    for p in plays:
        assert p.count == sum(1 for m in moves if m.card == p.card) > 1


def test_groups_stand_for_every_move_on_a_crowded_table():
    table = [c for c in DECK if c.value != 10][:30]
    groups = move_groups(cards("10c")[0], table)
    moves = {m.capture for g in groups for m in g.moves()}
    assert sum(len(g) for g in groups) == len(moves)
    assert len(groups) < len(moves)


# --- Property tests: the generator against a brute-force reading of RULES.md ---------------------


def brute_force(hand, table, rules, last_play, first_lead=False):
    """Every legal play, by trying every subset of the table against the rules as written (RULES.md, Capturing,
    and the 1.1 house rules for the ace)."""
    out = set()
    for card in hand:
        ace = card.value == 1
        if first_lead and rules.no_ace_first_lead and ace and not all(c.value == 1 for c in hand):
            continue  # no_ace_first_lead: this ace may not lead
        has_ace = any(t.value == 1 for t in table)
        takes_all = rules.ace_takes_all and ace and bool(table) and not has_ace
        may_sweep = rules.ace_takes_all and ace and has_ace and rules.ace_on_ace == "may_sweep"
        matches, sums, sweeps = [], [], []
        for size in range(1, len(table) + 1):
            for subset in combinations(table, size):
                whole = size == len(table)
                if whole and (takes_all or may_sweep):
                    sweeps.append(frozenset(subset))
                if not takes_all and any(t.value == card.value for t in table):
                    if size == 1 and subset[0].value == card.value:
                        matches.append(frozenset(subset))
                elif not takes_all and size >= 2 and sum(t.value for t in subset) == card.value:
                    sums.append(frozenset(subset))
        if rules.capture_choice == "fewest" and sums:
            fewest = min(len(s) for s in sums)
            sums = [s for s in sums if len(s) == fewest]
        scopa_allowed = (not last_play or rules.last_card_scopa) and not (ace and rules.ace_never_scopa)
        plays = {}
        for subset in sweeps:
            plays[subset] = rules.ace_sweep_scopa and scopa_allowed
        for subset in matches + sums:  # a plain capture that clears the table is a scopa
            plays[subset] = len(subset) == len(table) and scopa_allowed
        if rules.ace_takes_all and ace and not table and rules.ace_empty_table == "capture":
            plays[frozenset([card])] = rules.ace_sweep_scopa and scopa_allowed  # the ace takes itself
        if not plays or (takes_all and rules.ace_may_trail):
            plays[frozenset()] = False  # trailed
        out.update((card, subset, scopa) for subset, scopa in plays.items())
    return out


positions = st.permutations(DECK).flatmap(
    lambda deck: st.tuples(st.integers(1, 4), st.integers(0, 11)).map(
        lambda sizes: (list(deck[: sizes[0]]), list(deck[sizes[0] : sizes[0] + sizes[1]]))
    )
)


def _ace_first(deck):
    """The deck with its first ace moved to the top: the hand then holds an ace."""
    ace = next(c for c in deck if c.value == 1)
    return [ace, *(c for c in deck if c != ace)]


# Positions where the hand holds an ace, and the table often does too: the ace house rules at work.
ace_positions = (
    st.permutations(DECK)
    .map(_ace_first)
    .flatmap(
        lambda deck: st.tuples(st.integers(1, 4), st.integers(0, 6)).map(
            lambda sizes: (list(deck[: sizes[0]]), list(deck[sizes[0] : sizes[0] + sizes[1]]))
        )
    )
)


@st.composite
def rule_sets(draw):
    """Any valid set of the capture options, the ace house rules only with ace takes all (as the API demands)."""
    takes_all = draw(st.booleans())
    never = draw(st.booleans())
    return Rules(
        capture_choice=draw(st.sampled_from(["free", "fewest"])),
        last_card_scopa=draw(st.booleans()),
        ace_takes_all=takes_all,
        ace_sweep_scopa=not never and draw(st.booleans()),
        ace_never_scopa=never,
        no_ace_first_lead=draw(st.booleans()),
        ace_empty_table=draw(st.sampled_from(["trail", "capture"])) if takes_all else "trail",
        ace_on_ace=draw(st.sampled_from(["take_ace", "may_sweep"])) if takes_all else "take_ace",
        ace_may_trail=takes_all and draw(st.booleans()),
    )


@settings(max_examples=300, deadline=None)
@given(st.one_of(positions, ace_positions), rule_sets(), st.booleans(), st.booleans())
def test_every_listed_move_is_legal_and_none_is_missing(position, rules, last_play, first_lead):
    hand, table = position
    Rules.from_dict(rules.overrides()).check_combination()  # the generated rules are ones a game may play
    listed = [
        (m.card, frozenset(m.capture), m.scopa)
        for m in legal_moves(hand, table, rules, last_play, first_lead=first_lead)
    ]
    assert len(listed) == len(set(listed)), "a play is listed twice"
    assert set(listed) == brute_force(hand, table, rules, last_play, first_lead)


@settings(max_examples=200, deadline=None)
@given(st.one_of(positions, ace_positions), rule_sets(), st.booleans())
def test_every_listed_move_is_judged_legal_and_every_other_capture_illegal(position, rules, first_lead):
    hand, table = position
    card = hand[0]
    legal = {frozenset(m.capture) for m in legal_moves(hand, table, rules, first_lead=first_lead) if m.card == card}
    if frozenset([card]) in legal:
        legal.add(frozenset())  # an ace taking itself on an empty table may be claimed as taking nothing
    for size in range(0, min(3, len(table)) + 1):
        for subset in combinations(table, size):
            verdict = judge_play(card, subset, table, rules, first_lead=first_lead, hand=hand)
            assert verdict.legal == (frozenset(subset) in legal)
            assert str(verdict.reason)
