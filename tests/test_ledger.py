"""A game's record re-scored (``scorekeeper.rules.ledger``): the totals after hands, corrections and deletions, the
winner, whose deal it is, and calling out, checked on small games worked out by hand from RULES.md.

Plain functions on the core: no Flask, no SQLite. A game is a ``Game`` value; a correction or a deletion is the
same game with that hand replaced or left out, scored again, exactly as the store's record is read.
"""

from dataclasses import replace

import pytest

from scorekeeper.rules import InvalidRoundError, ScopaError
from scorekeeper.rules.ledger import (
    HandEntry,
    RoundRecord,
    SideEntry,
    add_hand,
    rest_goes_to,
    score_entry,
    score_game,
)
from scorekeeper.rules.scoring import Tally
from tests.conftest import cards, core_game

ALL = ("cards", "coins", "settebello", "primiera")


def won(*categories: str, scopas: int = 0) -> SideEntry:
    """One side entered by winners: the categories it won and its scopas."""
    return SideEntry(scopas, won=frozenset(categories))


def hand(*sides: SideEntry, call: int | None = None) -> HandEntry:
    return HandEntry(tuple(sides), call)


def status(score) -> str:
    return str(score.progress.status)


# --- Totals after hands ------------------------------------------------------------------------------------------


def test_before_any_hand_the_totals_are_zero_and_the_first_hand_is_number_one():
    score = score_game(core_game())
    assert score.totals == (0, 0) and score.rounds == () and score.next_number == 1
    assert score.winner is None and not score.finished
    assert status(score) == "No hands yet: first to 11 wins."


def test_each_hand_adds_its_points_and_the_running_totals_follow():
    # Hand 1: Anna takes cards, coins and the settebello (3), Bruno the primiera and a scopa (2).
    # Hand 2: Anna the settebello and two scopas (3); Bruno cards, coins and primiera (3).
    score = score_game(
        core_game(
            hand(won("cards", "coins", "settebello"), won("primiera", scopas=1)),
            hand(won("settebello", scopas=2), won("cards", "coins", "primiera")),
        )
    )
    assert [r.totals for r in score.rounds] == [(3, 2), (6, 5)]
    assert [r.counted for r in score.rounds] == [(3, 2), (3, 3)]
    assert score.totals == (6, 5) and score.next_number == 3
    assert status(score) == "Anna leads 6-5; 11 to win."


def test_a_category_two_sides_tie_for_scores_nobody():
    # RULES.md "Ties": 20 cards each and 5 coins each score nothing; the settebello and primiera still count.
    tie = hand(
        SideEntry(0, tally=Tally(20, 5, True, primiera_won=True)),
        SideEntry(0, tally=Tally(20, 5, False, primiera_won=False)),
    )
    score = score_game(core_game(tie))
    assert score.totals == (2, 0)
    assert score.rounds[0].score.sides[0].points["cards"] == 0
    assert score.rounds[0].score.sides[1].points["coins"] == 0


def test_a_pile_entry_scores_the_cards_it_names():
    # Anna holds the settebello and most coins; every other card is Bruno's, so he has the cards.
    anna = tuple(cards("7d 1d 2d 3d 4d 5d 6d"))
    bruno = tuple(c for c in cards(" ".join(f"{r}{s}" for s in "dcsb" for r in range(1, 11))) if c not in anna)
    score = score_game(core_game(hand(SideEntry(0, pile=anna), SideEntry(0, pile=bruno))))
    points = [s.points for s in score.rounds[0].score.sides]
    assert points[0]["settebello"] == 1 and points[0]["coins"] == 1 and points[1]["cards"] == 1
    # Anna holds one suit only: she cannot win the primiera (primiera_all_suits), Bruno can.
    assert points[1]["primiera"] == 1 and score.totals == (2, 2)


def test_adding_one_hand_gives_the_same_game_as_scoring_every_hand_again():
    first = hand(won("cards", "coins"), won("settebello", "primiera", scopas=1))
    second = hand(won(*ALL), won())
    before = score_game(core_game(first, target=4))
    after = core_game(first, second, target=4)
    record = after.rounds[-1]
    quick = add_hand(before, record, score_entry(second, after.names, after.rules), after)
    full = score_game(after)
    assert quick.totals == full.totals == (6, 3)
    assert quick.winner == full.winner == 0
    assert str(quick.progress.status) == status(full) == "Anna wins 6-3."
    assert (quick.dealer, quick.leader) == (full.dealer, full.leader)


def test_a_hand_listing_the_wrong_number_of_sides_is_refused_naming_the_sides():
    with pytest.raises(InvalidRoundError) as err:
        score_game(core_game(hand(won(*ALL), won(), won())))
    assert err.value.field == "sides" and "2 sides" in str(err.value)


# --- Corrections and deletions -------------------------------------------------------------------------------------


def test_a_corrected_hand_changes_the_totals_and_the_winner_and_later_hands_follow():
    # Game to 4. As first entered Anna wins hand 1 outright (4-0) and the game is over.
    entered = core_game(hand(won(*ALL), won()), hand(won("coins"), won("cards", "settebello")), target=4)
    assert score_game(entered).winner == 0
    assert status(score_game(entered)) == "Anna wins 4-0. Hands after hand 1 are not counted: the game was already won."
    # Corrected: Bruno had the settebello and the primiera of hand 1 (2-2), so hand 2 now counts and wins him the
    # game 4-3.
    fixed = replace(entered.rounds[0], entry=hand(won("cards", "coins"), won("settebello", "primiera")), version=9)
    corrected = score_game(replace(entered, rounds=(fixed, entered.rounds[1])))
    assert [r.totals for r in corrected.rounds] == [(2, 2), (3, 4)]
    assert corrected.winner == 1 and status(corrected) == "Bruno wins 4-3."


def test_a_deleted_hand_leaves_the_game_as_if_it_was_never_played_and_ids_stay():
    hands = (
        hand(won(*ALL), won()),
        hand(won("settebello"), won("cards", scopas=1)),
        hand(won("coins", "settebello"), won()),
    )
    game = core_game(*hands, target=11)
    assert score_game(game).totals == (7, 2)
    without_first = replace(game, rounds=tuple(replace(r, number=i + 1) for i, r in enumerate(game.rounds[1:])))
    score = score_game(without_first)
    assert score.totals == (3, 2) and [r.totals for r in score.rounds] == [(1, 2), (3, 2)]
    # The hands keep their ids when the numbers shift; a hand is found by its id wherever it now stands.
    assert [r.record.id for r in score.rounds] == ["r2", "r3"] and score.round_by_id("r3").number == 2
    assert score.round_by_id("r1") is None


def test_deleting_the_winning_hand_reopens_the_game():
    game = core_game(hand(won("cards"), won("settebello")), hand(won(*ALL), won()), target=4)
    assert score_game(game).winner == 0
    reopened = score_game(replace(game, rounds=game.rounds[:1]))
    assert reopened.winner is None and not reopened.finished and reopened.totals == (1, 1)


# --- The winner ----------------------------------------------------------------------------------------------------


def test_the_single_highest_total_at_or_over_the_target_wins():
    # RULES.md end "highest": both pass 4 in hand 2; Anna's 6 beats Bruno's 5.
    score = score_game(
        core_game(hand(won("cards", "coins"), won("settebello", "primiera")), hand(won(*ALL), won(scopas=3)), target=4)
    )
    assert score.totals == (6, 5) and score.winner == 0 and status(score) == "Anna wins 6-5."


def test_equal_top_totals_over_the_target_play_another_hand():
    tied = core_game(hand(won("cards", "coins", "settebello", "primiera"), won(scopas=4)), target=4)
    score = score_game(tied)
    assert score.totals == (4, 4) and score.winner is None and score.progress.tied
    assert status(score) == "Tied at 4-4 at or over 4: play another hand."
    decided = score_game(
        replace(tied, rounds=(*tied.rounds, RoundRecord(2, hand(won(), won("coins", "settebello")), 7, "r2")))
    )
    assert decided.winner == 1 and status(decided) == "Bruno wins 6-4."


def test_with_count_out_the_first_side_to_reach_the_target_wins_and_the_rest_goes_unscored():
    # RULES.md end "count_out": Bruno leads 3-2 and needs one; Anna needs two. In the last hand Anna takes cards
    # and coins (counted first) and reaches 4 before Bruno's settebello is counted.
    game = core_game(
        hand(won("cards", "coins"), won("settebello", "primiera", scopas=1)),
        hand(won("cards", "coins"), won("settebello", "primiera")),
        target=4,
        end="count_out",
    )
    score = score_game(game)
    assert score.winner == 0 and score.totals == (4, 3)
    assert score.rounds[-1].counted == (2, 0)
    assert status(score) == "Anna wins 4-3 on coins in hand 2; the rest of that hand goes unscored."


def test_hands_after_the_winning_hand_count_for_nothing():
    score = score_game(core_game(hand(won(*ALL), won()), hand(won(), won(*ALL, scopas=2)), target=4))
    assert score.winner == 0 and score.progress.finished_round == 1
    assert score.rounds[1].counted == (0, 0) and score.totals == (4, 0)


# --- The deal ------------------------------------------------------------------------------------------------------


def test_the_deal_passes_to_the_right_and_the_player_on_the_dealers_right_leads():
    names = ("Anna", "Bruno", "Carla")
    seen = []
    for n in range(4):
        score = score_game(core_game(*[hand(won("settebello"), won(), won())] * n, names=names, target=99))
        seen.append((score.dealer, score.leader))
    assert seen == [("Anna", "Bruno"), ("Bruno", "Carla"), ("Carla", "Anna"), ("Anna", "Bruno")]


def test_partners_sit_apart_so_the_deal_alternates_between_the_teams():
    teams = {"Blu": ("Anna", "Carla"), "Rossi": ("Bruno", "Dario")}
    dealers = [
        score_game(core_game(*[hand(won("settebello"), won())] * n, teams=teams, target=99)).dealer for n in range(5)
    ]
    assert dealers == ["Anna", "Bruno", "Carla", "Dario", "Anna"]


def test_the_deal_can_pass_to_the_left_instead():
    names = ("Anna", "Bruno", "Carla")
    score = score_game(core_game(hand(won("settebello"), won(), won()), names=names, target=99, direction="left"))
    assert (score.dealer, score.leader) == ("Carla", "Bruno")


# --- Calling out ---------------------------------------------------------------------------------------------------


def test_a_caller_who_reaches_the_target_in_category_order_wins_at_once():
    # Anna is at 2 of 4 and calls out: cards and coins bring her to 4 before Bruno's settebello is counted.
    called = hand(won("cards", "coins"), won("settebello", "primiera"), call=0)
    game = core_game(hand(won("cards", "coins"), won("settebello")), called, target=4, call_out=True)
    score = score_game(game)
    assert score.winner == 0 and score.totals == (4, 1)
    note = str(score.rounds[-1].score.reasons[-1].text)
    assert "Anna called out" in note and "the call is good and Anna wins" in note


def test_a_hand_scored_again_from_its_kept_score_says_what_it_did_to_the_game_once():
    # The services score a game again from the hands' kept scores after a correction or a delete (``scores``): the
    # call-out hand's note is said once however often that happens, and goes once the hand no longer decides.
    called = hand(won("cards", "coins"), won("settebello", "primiera"), call=0)
    game = core_game(hand(won("cards", "coins"), won("settebello")), called, target=4, call_out=True)
    score = score_game(game)
    for _ in range(3):
        score = score_game(game, [r.score for r in score.rounds])
    reasons = score.rounds[-1].score.reasons
    assert [r.category for r in reasons].count("game") == 1
    assert reasons == score_game(game).rounds[-1].score.reasons
    # Hand 1 corrected to the cards alone for Anna: she no longer reaches 4, the call fails, and the note says so alone.
    game = replace(
        game, rounds=(replace(game.rounds[0], entry=hand(won("cards"), won("coins", "settebello"))), game.rounds[1])
    )
    kept = [r.score for r in score.rounds]
    again = score_game(game, [score_entry(game.rounds[0].entry, game.names, game.rules), kept[1]])
    notes = [str(r.text) for r in again.rounds[-1].score.reasons if r.category == "game"]
    assert len(notes) == 1 and "the call fails" in notes[0]


def test_a_caller_who_falls_short_loses_and_the_other_side_wins():
    game = core_game(hand(won("cards"), won("settebello"), call=0), target=4, call_out=True)
    score = score_game(game)
    assert score.winner == 1 and score.totals == (1, 1)
    assert "the call fails, and Anna loses" in str(score.rounds[-1].score.reasons[-1].text)


def test_a_call_out_is_refused_when_the_rules_do_not_play_it():
    with pytest.raises(InvalidRoundError) as err:
        score_game(core_game(hand(won(*ALL), won(), call=0)))
    assert err.value.field == "call_out"


# --- Entries in the stored and API form ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {"sides": [{"pile": ["7d", "1c"], "scopas": 1}, {"pile": ["5s"], "scopas": 0}]},
        {
            "sides": [
                {"tally": {"cards": 22, "coins": 6, "settebello": True, "primiera": 78}, "scopas": 0},
                {"tally": {"cards": 18, "coins": 4, "settebello": False, "primiera": 75}, "scopas": 2},
            ]
        },
        {"sides": [{"won": ["cards", "settebello"], "scopas": 0}, {"won": ["coins"], "scopas": 1}], "call_out": 1},
    ],
)
def test_an_entry_reads_back_exactly_as_it_was_stored(body):
    entry = HandEntry.from_json(body)
    assert entry.to_json() == body and HandEntry.from_json(entry.to_json()) == entry


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"sides": [{"pile": ["7d"]}]}, "sides"),
        ({"sides": [{"pile": ["7d"], "tally": {}}, {"pile": []}]}, "sides[0]"),
        ({"sides": [{"pile": ["7d"], "scopas": -1}, {"pile": []}]}, "sides[0].scopas"),
        ({"sides": [{"pile": ["7d"]}, {"pile": ["X9"]}]}, "sides[1].pile[0]"),
        ({"sides": [{"won": ["cards", "cards"]}, {"won": []}]}, "sides[0].won[1]"),
        ({"sides": [{"tally": {"cards": 20, "coins": 5}}, {"pile": []}]}, "sides[0].tally.settebello"),
        ({"sides": [{"won": []}, {"won": []}], "call_out": 2}, "call_out"),
    ],
)
def test_a_bad_entry_is_refused_naming_the_field(body, field):
    with pytest.raises(ScopaError) as err:
        HandEntry.from_json(body)
    assert err.value.field == field


def test_the_rest_of_the_deck_goes_to_the_other_side_only_when_that_is_certain():
    assert rest_goes_to(2, [1]) == 0 and rest_goes_to(2, [0]) == 1
    assert rest_goes_to(2, [0, 1]) is None and rest_goes_to(3, [0]) is None and rest_goes_to(2, []) is None
