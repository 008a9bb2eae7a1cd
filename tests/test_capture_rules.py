"""The capturing and deal options of RULES.md 1.2 (Escoba's and Cirulla's 15-captures, their deal checks) in the core.

The table-driven cases are RULES.md's own examples; the properties check the moves against a brute force over
every subset of the table, and that each option changes only what it names.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import DECK, Rules, deal_check, judge_play, legal_moves
from scorekeeper.rules.errors import InvalidRulesError
from scorekeeper.rules.moves import list_moves
from tests.conftest import cards

# The capture and deal options of Escoba and Cirulla (their profiles add their scoring options, and Cirulla's knocks
# would make the matta wild in the deal's 15): the capture checks play these alone.
ESCOBA = {"capture_to": "fifteen", "must_capture": "hand", "deal_fifteen": "dealer"}
CIRULLA = {
    "capture_to": "value_or_fifteen",
    "capture_choice": "fewest",
    "must_capture": "hand",
    "ace_takes_all": True,
    "ace_sweep_scopa": True,
    "redeal": "two_aces",
    "deal_fifteen": "dealer",
}


def plays(hand, table, last_play=False, last_deal=False, **options):
    """The legal plays as {(card, captured codes, scopa, rule)}."""
    moves = legal_moves(cards(hand), cards(table), Rules(**options), last_play, last_deal=last_deal)
    return {(str(m.card), " ".join(str(c) for c in m.capture), m.scopa, m.rule) for m in moves}


def taken(hand, table, **options):
    """The legal plays as {(card, captured codes)}."""
    return {(card, capture) for card, capture, _, _ in plays(hand, table, **options)}


# --- RULES.md's examples ------------------------------------------------------------------------------------------

CAPTURE_EXAMPLES = [
    # Escoba: "a Fante 8 takes a 7, or a 4 and a 3".
    ("8d", "7c 4s 3b", ESCOBA, {("8d", "7c"), ("8d", "4s 3b")}),
    # Classic, the same table: no 8 and nothing adding up to 8 (4 + 3 is 7), so the 8 is trailed.
    ("8d", "7c 4s 3b", {}, {("8d", "")}),
    # "with 3, 5, 6 and 7 on the table, a played 7 takes the single 7, or the 3 and the 5 by the 15-capture".
    ("7d", "3c 5s 6b 7s", {"capture_to": "value_or_fifteen"}, {("7d", "7s"), ("7d", "5s 3c")}),
    ("7d", "3c 5s 6b 7s", CIRULLA, {("7d", "7s"), ("7d", "5s 3c")}),
    ("7d", "3c 5s 6b 7s", {}, {("7d", "7s")}),
    # Escoba alone: the 7 takes only what makes 15 with it (the 3 and the 5); its own value is no capture.
    ("7d", "3c 5s 6b 7s", ESCOBA, {("7d", "5s 3c")}),
    # pair_precedence false: a sum may be taken even with an equal single card on the table.
    ("5d", "5c 4s 1b", {"pair_precedence": False}, {("5d", "5c"), ("5d", "4s 1b")}),
    ("5d", "5c 4s 1b", {}, {("5d", "5c")}),
    # A 15-capture is never ruled by capture_choice "fewest": both sets making 15 with the 8 are legal.
    ("8d", "7c 4s 3b", {"capture_to": "value_or_fifteen", "capture_choice": "fewest"}, {("8d", "7c"), ("8d", "4s 3b")}),
    # Cirulla: the ace with no ace on the table takes it all; a 15-capture of 14 is no choice beside it.
    ("1d", "10c 4s", CIRULLA, {("1d", "10c 4s")}),
    # ace_on_ace "sweep_only": the ace takes the whole table even with an ace on it, never only that ace.
    ("1d", "1c 5s", {"ace_takes_all": True, "ace_on_ace": "sweep_only"}, {("1d", "5s 1c")}),
    ("1d", "1c 5s", {"ace_takes_all": True}, {("1d", "1c")}),
    # must_capture "hand": while the 9 can take 5 + 4, the 2 may not be trailed; "card" lets it be.
    ("2d 9c", "5s 4b", {"must_capture": "hand"}, {("9c", "5s 4b")}),
    ("2d 9c", "5s 4b", {}, {("9c", "5s 4b"), ("2d", "")}),
    # ... and when no card can capture, every card is trailed.
    ("2d 9c", "5s 10b", {"must_capture": "hand"}, {("9c", ""), ("2d", "")}),
]


@pytest.mark.parametrize(("hand", "table", "options", "expected"), CAPTURE_EXAMPLES)
def test_the_rules_pages_examples_list_exactly_the_legal_plays(hand, table, options, expected):
    assert taken(hand, table, **options) == expected


def test_a_15_capture_says_what_adds_up_to_15_and_a_sweep_by_it_is_a_scopa():
    (move,) = [m for m in legal_moves(cards("8d"), cards("7c"), Rules(capture_to="fifteen"))]
    assert (move.rule, move.scopa) == ("fifteen", True)
    assert "8 and 7 add up to 15" in str(move.why) and "scopa" in str(move.why)


@pytest.mark.parametrize(
    ("options", "rule", "words"),
    [
        (ESCOBA, "fifteen", "add up to 12, not 15"),
        ({"capture_to": "value_or_fifteen"}, "fifteen", "4s is not worth 8, and with 8d it adds up to 12, not 15"),
    ],
)
def test_the_judge_cites_the_15_capture_in_words(options, rule, words):
    # The 8 claims the 4 alone: with it that is 12; nor is 4 worth 8.
    verdict = judge_play(cards("8d")[0], cards("4s"), cards("7c 4s 3b"), Rules(**options))
    assert (verdict.legal, verdict.rule) == (False, rule)
    assert words in str(verdict.reason)
    legal = judge_play(cards("8d")[0], cards("4s 3b"), cards("7c 4s 3b"), Rules(**options))
    assert legal.legal and "8, 4 and 3 add up to 15" in str(legal.reason)


def test_a_trail_is_judged_against_the_whole_hand_under_must_capture_hand():
    rules = Rules(must_capture="hand")
    verdict = judge_play(cards("2d")[0], [], cards("5s 4b"), rules, hand=cards("2d 9c"))
    assert (verdict.legal, verdict.rule) == (False, "must-capture-hand")
    assert "9c can capture" in str(verdict.reason)
    # Without the hand nothing is known of the other cards; "card" judges the card alone.
    assert judge_play(cards("2d")[0], [], cards("5s 4b"), rules).legal
    assert judge_play(cards("2d")[0], [], cards("5s 4b"), Rules(), hand=cards("2d 9c")).legal


def test_a_claim_beside_an_ordinary_capture_is_no_15_capture_either():
    verdict = judge_play(cards("8d")[0], cards("4s"), cards("8c 4s 3b"), Rules(capture_to="value_or_fifteen"))
    assert (verdict.legal, verdict.rule) == (False, "single-card")
    assert "Nor is it a 15-capture: with 8d it adds up to 12." in str(verdict.reason)


def test_the_ace_that_always_sweeps_may_not_take_only_the_ace():
    rules = Rules(ace_takes_all=True, ace_on_ace="sweep_only")
    verdict = judge_play(cards("1d")[0], cards("1c"), cards("1c 5s"), rules)
    assert (verdict.legal, verdict.rule) == (False, "ace-sweep-only")
    assert "not only 1c" in str(verdict.reason)


def test_no_scopa_in_the_last_deal():
    # The 5 sweeps the last 5: a scopa, but not in the last deal with scopa_in_last_deal false.
    assert plays("5d", "5c", last_deal=True) == {("5d", "5c", True, "single-card")}
    off = plays("5d", "5c", last_deal=True, scopa_in_last_deal=False)
    assert off == {("5d", "5c", False, "single-card")}
    assert plays("5d", "5c", scopa_in_last_deal=False) == {("5d", "5c", True, "single-card")}  # earlier deals
    (move,) = legal_moves(cards("5d"), cards("5c"), Rules(scopa_in_last_deal=False), last_deal=True)
    assert "no scopa counts in the last deal" in str(move.why)


# --- The deal check ------------------------------------------------------------------------------------------------

DEAL_EXAMPLES = [
    # (table, options, redeal, deal_fifteen as (side, scopas) or None)
    ("10d 10c 10s 4b", {}, True, None),
    ("1d 1c 4s 5b", {}, False, None),
    # Cirulla: two or more aces ask for a redeal, and kings never do.
    ("1d 1c 4s 5b", {"redeal": "two_aces"}, True, None),
    ("10d 10c 10s 4b", {"redeal": "two_aces"}, False, None),
    ("10d 10c 10s 10b", {"redeal": "two_aces"}, False, None),
    ("1d 2c 4s 5b", {"redeal": "two_aces"}, False, None),
    ("1d 2c 4s 5b", {"redeal": "any_ace"}, True, None),
    ("10d 10c 10s 10b", {"redeal": "never"}, False, None),
    # The deal's 15 (1 scopa) and 30 (2 scopas), by the dealer or the first player.
    ("1d 2c 5s 7b", {"deal_fifteen": "dealer"}, False, ("dealer", 1)),
    ("10d 10c 5s 5b", {"deal_fifteen": "first_player"}, False, ("first_player", 2)),
    ("1d 2c 5s 8b", {"deal_fifteen": "dealer"}, False, None),
    ("1d 2c 5s 7b", {}, False, None),
    # A redealt hand takes nothing: the 30 of three kings is dealt again.
    ("10d 10c 10s 1b", {"deal_fifteen": "dealer"}, True, None),
    # With knocks on, the matta (7 of cups) counts as any value for the deal's 15 or 30; without, as a 7.
    ("7c 2d 3s 1b", {"deal_fifteen": "dealer", "knocks": True}, False, ("dealer", 1)),
    ("7c 2d 3s 1b", {"deal_fifteen": "dealer"}, False, None),
    ("7c 10d 10s 9b", {"deal_fifteen": "dealer", "knocks": True}, False, ("dealer", 2)),
    ("7d 2d 3s 1b", {"deal_fifteen": "dealer", "knocks": True}, False, None),
]


@pytest.mark.parametrize(("table", "options", "redeal", "fifteen"), DEAL_EXAMPLES)
def test_the_deal_check_follows_redeal_and_deal_fifteen(table, options, redeal, fifteen):
    check = deal_check(cards(table), Rules(**options))
    assert check.redeal == redeal
    assert (None if check.fifteen is None else (check.fifteen.side, check.fifteen.scopas)) == fifteen
    assert ("redealt" in str(check.reason)) == redeal
    if fifteen is not None:
        assert "deal_fifteen" in str(check.reason)


# --- Combinations that make no sense -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"ace_on_ace": "sweep_only"}, "ace_on_ace"),
        ({"capture_to": "fifteen", "pair_precedence": False}, "pair_precedence"),
        ({"capture_to": "fifteen", "capture_choice": "fewest"}, "capture_choice"),
        ({"must_capture": "hand", "ace_takes_all": True, "ace_may_trail": True}, "ace_may_trail"),
        ({"scopa_in_last_deal": False, "last_card_scopa": True}, "scopa_in_last_deal"),
        ({"deal_fifteen": True}, "deal_fifteen"),
        ({"capture_to": "15"}, "capture_to"),
    ],
)
def test_combinations_that_make_no_sense_are_refused_naming_the_option(options, field):
    with pytest.raises(InvalidRulesError) as raised:
        Rules.from_dict(options)
    assert raised.value.field == field
    assert field in str(raised.value.message)


def test_escoba_and_cirulla_play_together():
    for options in (ESCOBA, CIRULLA):
        assert Rules.from_dict(options).overrides() == {"profile": "classic", **options}


# --- Properties ----------------------------------------------------------------------------------------------------


def brute_force(hand, table, rules, last_play=False, last_deal=False, first_lead=False):
    """Every legal play, found from the rule text over every subset of the table (RULES.md rules 1-7, the 1.1
    house rules for the ace and the 1.2 capturing options)."""
    found = {}
    for card in hand:
        ace = card.value == 1
        if first_lead and rules.no_ace_first_lead and ace and not all(c.value == 1 for c in hand):
            continue
        has_ace = any(t.value == 1 for t in table)
        takes_all = rules.ace_takes_all and ace and bool(table) and (not has_ace or rules.ace_on_ace == "sweep_only")
        may_sweep = rules.ace_takes_all and ace and has_ace and rules.ace_on_ace == "may_sweep"
        single = any(t.value == card.value for t in table)
        matches, sums, fifteens, sweeps = [], [], [], []
        for size in range(1, len(table) + 1):
            for subset in combinations(table, size):
                total = sum(t.value for t in subset)
                if size == len(table) and (takes_all or may_sweep):
                    sweeps.append(frozenset(subset))
                if takes_all:
                    continue
                if rules.capture_to != "fifteen":
                    if size == 1 and total == card.value:
                        matches.append(frozenset(subset))
                    elif size >= 2 and total == card.value and (not single or not rules.pair_precedence):
                        sums.append(frozenset(subset))
                if rules.capture_to != "value" and total + card.value == 15:
                    fifteens.append(frozenset(subset))
        if rules.capture_choice == "fewest" and sums:
            fewest = min(len(s) for s in sums)
            sums = [s for s in sums if len(s) == fewest]
        scopa_allowed = (
            (not last_play or rules.last_card_scopa)
            and not (ace and rules.ace_never_scopa)
            and not (last_deal and not rules.scopa_in_last_deal)
        )
        card_plays = {}
        for subset in sweeps:
            card_plays[subset] = rules.ace_sweep_scopa and scopa_allowed
        for subset in matches + sums + fifteens:
            card_plays[subset] = len(subset) == len(table) and scopa_allowed
        if rules.ace_takes_all and ace and not table and rules.ace_empty_table == "capture":
            card_plays[frozenset([card])] = rules.ace_sweep_scopa and scopa_allowed
        if not card_plays or (takes_all and rules.ace_may_trail):
            card_plays[frozenset()] = False
        found[card] = card_plays
    if rules.must_capture == "hand" and any(any(p) for ps in found.values() for p in ps):
        # No card is trailed while another can capture.
        found = {card: ps for card, ps in found.items() if any(ps)}
    return {(card, subset, scopa) for card, ps in found.items() for subset, scopa in ps.items()}


positions = st.permutations(DECK).flatmap(
    lambda deck: st.tuples(st.integers(1, 4), st.integers(0, 9)).map(
        lambda sizes: (list(deck[: sizes[0]]), list(deck[sizes[0] : sizes[0] + sizes[1]]))
    )
)


@st.composite
def rule_sets(draw, **fixed):
    """Any valid set of the capture options, old and 1.2 (``fixed``: those given), as the API accepts them."""
    takes_all = fixed.get("ace_takes_all", draw(st.booleans()))
    never = draw(st.booleans())
    capture_to = fixed.get("capture_to", draw(st.sampled_from(["value", "fifteen", "value_or_fifteen"])))
    ordinary = capture_to != "fifteen"
    must_capture = fixed.get("must_capture", draw(st.sampled_from(["card", "hand"])))
    in_last_deal = draw(st.booleans())
    options = {
        "capture_choice": draw(st.sampled_from(["free", "fewest"])) if ordinary else "free",
        "last_card_scopa": in_last_deal and draw(st.booleans()),
        "ace_takes_all": takes_all,
        "ace_sweep_scopa": not never and draw(st.booleans()),
        "ace_never_scopa": never,
        "no_ace_first_lead": draw(st.booleans()),
        "ace_empty_table": draw(st.sampled_from(["trail", "capture"])) if takes_all else "trail",
        "ace_on_ace": draw(st.sampled_from(["take_ace", "may_sweep", "sweep_only"])) if takes_all else "take_ace",
        "ace_may_trail": takes_all and must_capture == "card" and draw(st.booleans()),
        "capture_to": capture_to,
        "pair_precedence": draw(st.booleans()) if ordinary else True,
        "must_capture": must_capture,
        "scopa_in_last_deal": in_last_deal,
    }
    rules = Rules(**{**options, **fixed})
    rules.check_combination()  # the generated rules are ones a game may play
    return rules


@settings(max_examples=300, deadline=None)
@given(positions, rule_sets(), st.booleans(), st.booleans(), st.booleans())
def test_every_listed_move_is_legal_and_none_is_missing(position, rules, last_play, last_deal, first_lead):
    hand, table = position
    moves = legal_moves(hand, table, rules, last_play, first_lead=first_lead, last_deal=last_deal)
    listed = [(m.card, frozenset(m.capture), m.scopa) for m in moves]
    assert len(listed) == len(set(listed)), "a play is listed twice"
    assert set(listed) == brute_force(hand, table, rules, last_play, last_deal, first_lead)
    assert all(str(m.why) for m in moves)


@settings(max_examples=150, deadline=None)
@given(positions, rule_sets(**ESCOBA, ace_takes_all=False))
def test_escobas_15_captures_are_every_subset_of_the_table_making_15_with_the_card(position, rules):
    hand, table = position
    captures = {(m.card, frozenset(m.capture)) for m in legal_moves(hand, table, rules) if m.capture}
    subsets = {
        (card, frozenset(s))
        for card in hand
        for size in range(1, len(table) + 1)
        for s in combinations(table, size)
        if card.value + sum(t.value for t in s) == 15
    }
    assert captures == subsets


@settings(max_examples=200, deadline=None)
@given(positions, rule_sets())
def test_every_listed_move_is_judged_legal_and_every_other_capture_illegal(position, rules):
    hand, table = position
    card = hand[0]
    legal = {frozenset(m.capture) for m in legal_moves(hand, table, rules) if m.card == card}
    if frozenset([card]) in legal:
        legal.add(frozenset())  # an ace taking itself on an empty table may be claimed as taking nothing
    for size in range(0, min(3, len(table)) + 1):
        for subset in combinations(table, size):
            verdict = judge_play(card, subset, table, rules, hand=hand)
            assert verdict.legal == (frozenset(subset) in legal), (subset, str(verdict.reason))
            assert str(verdict.reason)


# Each 1.2 option, a value other than its default.
CHANGES = {
    "capture_to": "value_or_fifteen",
    "pair_precedence": False,
    "must_capture": "hand",
    "scopa_in_last_deal": False,
    "redeal": "never",
    "deal_fifteen": "dealer",
}


def _as_played(moves):
    return {(m.card, frozenset(m.capture), m.scopa) for m in moves}


@settings(max_examples=200, deadline=None)
@given(positions, rule_sets(capture_to="value", must_capture="card", pair_precedence=True, scopa_in_last_deal=True))
def test_each_option_changes_only_what_it_names(position, base):
    hand, table = position
    today = _as_played(legal_moves(hand, table, base))
    # At its default each option plays as before, the last deal said or not.
    assert _as_played(legal_moves(hand, table, base, last_deal=True)) == today
    for option, value in CHANGES.items():
        if option == "scopa_in_last_deal" and base.last_card_scopa:
            continue  # refused together
        changed = Rules(**{**base.to_dict(), option: value})
        plays = _as_played(legal_moves(hand, table, changed, last_deal=True))
        if option in ("redeal", "deal_fifteen"):
            assert plays == today  # the deal's options never change a play
        elif option == "scopa_in_last_deal":
            # The same plays; a sweep is simply no scopa in the last deal.
            assert {(c, s) for c, s, _ in plays} == {(c, s) for c, s, _ in today}
            assert not any(scopa for _, _, scopa in plays)
            assert _as_played(legal_moves(hand, table, changed)) == today  # earlier deals
        elif option == "capture_to":
            # Every play of today stays (a trail only while nothing can be taken); the rest are 15-captures.
            assert {p for p in today if p[1]} <= plays
            assert all(
                card.value + sum(c.value for c in capture) == 15 for card, capture, _ in plays - today if capture
            )
        elif option == "pair_precedence":
            # Only a card with an equal single card on the table gains plays.
            gained = plays - today
            assert today <= plays
            assert all(any(t.value == card.value for t in table) for card, _, _ in gained)
        elif option == "must_capture":
            # Only trails go, and only while some card of the hand can capture.
            assert plays <= today
            assert all(not capture for _, capture, _ in today - plays)
            if today - plays:
                assert any(capture for _, capture, _ in plays)


@settings(max_examples=200, deadline=None)
@given(st.permutations(DECK).map(lambda deck: list(deck[:4])))
def test_the_deal_options_change_only_their_own_answer(table):
    today = deal_check(table)
    assert deal_check(table, Rules(redeal="three_kings", deal_fifteen=False)) == today
    fifteen = deal_check(table, Rules(deal_fifteen="dealer"))
    assert fifteen.redeal == today.redeal
    total = sum(c.value for c in table)
    expected = None if today.redeal or total not in (15, 30) else total // 15
    assert (fifteen.fifteen and fifteen.fifteen.scopas) == expected
    aces = sum(1 for c in table if c.value == 1)
    assert deal_check(table, Rules(redeal="two_aces")).redeal == (aces >= 2)
    assert deal_check(table, Rules(redeal="any_ace")).redeal == (aces >= 1)
    assert not deal_check(table, Rules(redeal="never")).redeal


def test_a_barred_card_is_counted_with_no_plays():
    listed = list_moves(cards("2d 9c 2s"), cards("5s 4b"), Rules(must_capture="hand"))
    assert [(str(c), n) for c, n in listed.counts] == [("2d", 0), ("9c", 1), ("2s", 0)]
