"""Sides, seats and deals, and how a game ends (highest and count_out)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import (
    InvalidGameError,
    RoundScore,
    Rules,
    Side,
    SideScore,
    Tally,
    check_sides,
    dealer_and_leader,
    play_out,
)
from scorekeeper.rules.errors import InvalidRulesError


def hand(points_a, points_b, scopas=(0, 0)):
    """A two-side scored hand in which each side won the listed categories."""

    def side(name, mine, n):
        points = {c: int(c in mine) for c in ("cards", "coins", "settebello", "primiera")} | {"scopas": n}
        return SideScore(name, Tally(20, 5, False), n, points)

    return RoundScore((side("A", points_a, scopas[0]), side("B", points_b, scopas[1])), (), ())


def test_sides_alternate_round_the_table_and_the_deal_passes_to_the_right():
    sides = check_sides([Side("Blu", ("Anna", "Carla")), Side("Rossi", ("Bruno", "Dario"))])
    assert [dealer_and_leader(sides, n) for n in range(5)] == [
        ("Anna", "Bruno"),
        ("Bruno", "Carla"),
        ("Carla", "Dario"),
        ("Dario", "Anna"),
        ("Anna", "Bruno"),
    ]


def test_three_teams_of_two_sit_apart():
    sides = check_sides([Side("A", ("a1", "a2")), Side("B", ("b1", "b2")), Side("C", ("c1", "c2"))])
    assert [dealer_and_leader(sides, n)[0] for n in range(6)] == ["a1", "b1", "c1", "a2", "b2", "c2"]


@pytest.mark.parametrize(
    "layout, ok",
    [
        ((1, 1), True),
        ((1, 1, 1), True),
        ((2, 2), True),
        ((1, 1, 1, 1), True),
        ((3, 3), True),
        ((2, 2, 2), True),
        ((1,), False),
        ((1, 2), False),
        ((5,) * 1, False),
        ((1, 1, 1, 1, 1), False),
        ((2, 1, 1), False),
        ((4, 2), False),
    ],
)
def test_player_counts_and_sides(layout, ok):
    sides = [Side(f"S{i}", tuple(f"p{i}{j}" for j in range(n))) for i, n in enumerate(layout)]
    if ok:
        check_sides(sides)
    else:
        with pytest.raises(InvalidGameError):
            check_sides(sides)


def test_names_must_be_present_distinct_and_short():
    with pytest.raises(InvalidGameError, match="some text"):
        check_sides([Side("  ", ()), Side("B", ())])
    with pytest.raises(InvalidGameError, match="two players are called 'anna'"):
        check_sides([Side("Anna", ()), Side("anna", ())])
    with pytest.raises(InvalidGameError, match="two sides are called 'blu'"):
        check_sides([Side("Blu", ("a", "b")), Side("blu", ("c", "d"))])
    with pytest.raises(InvalidGameError, match="at most 40"):
        check_sides([Side("A" * 41, ()), Side("B", ())])
    assert check_sides([Side("  Anna   Maria ", ()), Side("B", ())])[0].name == "Anna Maria"


def test_scopone_needs_two_partnerships():
    with pytest.raises(InvalidRulesError):
        check_sides([Side(n, ()) for n in "ABCD"], Rules.for_profile("scopone"))
    check_sides([Side("A", ("a", "b")), Side("B", ("c", "d"))], Rules.for_profile("scopone"))


def test_highest_total_at_or_over_the_target_wins():
    rounds = [
        hand(["cards", "coins", "settebello", "primiera"], [], (3, 0)),  # 7-0
        hand(["cards", "coins", "settebello"], ["primiera"], (1, 0)),
    ]  # 4-1 -> 11-1
    progress = play_out(rounds, ["A", "B"], 11)
    assert progress.winner == 0 and progress.finished_round == 2
    assert progress.totals == ((7, 0), (11, 1))
    assert str(progress.status) == "A wins 11-1."


def test_a_tie_at_the_top_means_another_hand():
    # seed 000 / 003: both reach 11 in the same hand with equal totals: play another hand.
    rounds = [
        hand(["cards", "coins"], ["settebello", "primiera"], (4, 4)),  # 6-6
        hand(["cards", "coins"], ["settebello", "primiera"], (4, 4)),
    ]  # 12-12
    progress = play_out(rounds, ["A", "B"], 11)
    assert progress.winner is None and progress.tied
    assert str(progress.status) == "Tied at 12-12 at or over 11: play another hand."
    progress = play_out([*rounds, hand(["cards"], [])], ["A", "B"], 11)
    assert progress.winner == 0 and progress.current == (13, 12)


def test_both_over_the_target_the_higher_wins():
    rounds = [hand(["cards", "coins"], ["settebello"], (8, 9))]  # 10-10
    rounds.append(hand(["cards", "coins", "settebello"], ["primiera"]))  # 13-11
    progress = play_out(rounds, ["A", "B"], 11)
    assert progress.winner == 0 and progress.current == (13, 11)


def test_count_out_the_first_to_reach_the_target_wins_and_the_rest_goes_unscored():
    # seed 002: points are added in order cards, coins, settebello, primiera, scopas.
    first = hand(["cards"], ["coins"], (4, 5))  # 5-6 after the first hand
    # B needs 5 more: coins, settebello, primiera get B to 9; A's cards first takes A to 6...
    second = hand(["cards", "primiera"], ["coins", "settebello"], (5, 3))
    progress = play_out([first, second], ["A", "B"], 11, end="count_out")
    # after cards A 6, coins B 7, settebello B 8, primiera A 7, scopas A 12 and B 11: A is higher
    assert progress.winner == 0
    assert progress.counted[1] == (7, 5)
    assert str(progress.status).startswith("A wins 12-11 on scopas in hand 2")


def test_count_out_stops_counting_at_the_category_that_reaches_the_target():
    first = hand(["cards", "coins", "settebello", "primiera"], [], (6, 0))  # 10-0
    second = hand(["coins"], ["cards", "settebello", "primiera"], (0, 2))
    progress = play_out([first, second], ["A", "B"], 11, end="count_out")
    # B's cards point comes first, then A's coins reaches 11: B's settebello, primiera and scopas go unscored.
    assert progress.winner == 0 and progress.counted[1] == (1, 1)
    assert progress.current == (11, 1)
    highest = play_out([first, second], ["A", "B"], 11)
    assert highest.current == (11, 5)


def test_hands_after_the_win_are_not_counted():
    won = hand(["cards", "coins", "settebello", "primiera"], [], (7, 0))
    progress = play_out([won, hand([], ["cards"])], ["A", "B"], 11)
    assert progress.finished_round == 1 and progress.current == (11, 0)
    assert "not counted" in str(progress.status)


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), max_size=12), st.integers(1, 21))
def test_the_winner_is_the_single_highest_at_or_over_the_target(scopas, target):
    rounds = [hand([], [], s) for s in scopas]
    progress = play_out(rounds, ["A", "B"], target)
    if progress.winner is not None:
        totals = progress.totals[progress.finished_round - 1]
        assert totals[progress.winner] >= target
        assert totals[progress.winner] > totals[1 - progress.winner]
        earlier = progress.totals[: progress.finished_round - 1]
        assert all(max(t) < target or t[0] == t[1] for t in earlier)
    else:
        assert all(max(t) < target or t[0] == t[1] for t in progress.totals)


def test_the_status_says_the_leaders_total_first_and_a_level_game_is_tied():
    names = ["Anna", "Marco"]
    marco = play_out([hand(["cards"], ["coins", "settebello"], (0, 0))], names, 11)
    assert str(marco.status) == "Marco leads 2-1; 11 to win."
    assert str(play_out([hand(["cards"], ["coins"], (0, 0))], names, 11).status) == "Tied 1-1; 11 to win."
    won = play_out([hand([], ["cards", "coins", "settebello", "primiera"], (1, 8))], names, 11)
    assert str(won.status) == "Marco wins 12-1."
