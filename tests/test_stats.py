"""Statistics (``scorekeeper.rules.stats``) on small games counted by hand: what one game says about its sides, and
players', teams' and head-to-head records over several games.

Plain functions on the core. The games (built with ``tests.conftest.core_game``):

- ``A`` (oldest), to 4: hand 1 Anna takes cards, coins, settebello and a scopa (4), Bruno the primiera (1): Anna
  wins 4-1. A hand recorded after it (all Bruno's) counts for nothing.
- ``B``, to 4: hand 1 Anna cards (1), Bruno coins and settebello (2); hand 2 Anna coins (1), Bruno cards,
  settebello and primiera (3): Bruno wins 5-2.
- ``C`` (newest), Anna against Carla to 11, one hand: not finished, so no statistic counts it.
"""

import pytest

from scorekeeper.rules.ledger import score_game
from scorekeeper.rules.stats import finished, head_to_head, player_stats, summarise, team_key, team_stats
from tests.conftest import core_game
from tests.test_ledger import ALL, hand, won

NAMES = {"a": "Anna", "b": "Bruno", "c": "Carla", "d": "Dario"}


def summary(game, *player_ids):
    """The game's summary, each side's players given by id (``"a"``, or ``"a+c"`` for a team)."""
    return summarise(score_game(game), [ids.split("+") for ids in player_ids])


@pytest.fixture
def summaries():
    """A, B and C as a group lists them: newest first."""
    a_hands = (hand(won("cards", "coins", "settebello", scopas=1), won("primiera")), hand(won(), won(*ALL)))
    b_hands = (
        hand(won("cards"), won("coins", "settebello")),
        hand(won("coins"), won("cards", "settebello", "primiera")),
    )
    a = core_game(*a_hands, target=4, game_id="A", created="2026-11-01")
    b = core_game(*b_hands, target=4, game_id="B", created="2026-11-08")
    c = core_game(hand(won(*ALL), won(scopas=1)), names=("Anna", "Carla"), game_id="C", created="2026-11-15")
    return [summary(c, "a", "c"), summary(b, "a", "b"), summary(a, "a", "b")]


# --- One game ------------------------------------------------------------------------------------------------------


def test_a_games_summary_counts_only_the_hands_up_to_the_one_that_won_it(summaries):
    a = summaries[2]
    assert a["finished"] is True and a["winner"] == 0 and a["hands"] == 1 and a["totals"] == [4, 1]
    anna, bruno = a["sides"]
    assert anna["players"] == ["a"] and anna["total"] == 4 and anna["points"] == 4 and anna["scopas"] == 1
    assert anna["categories"] == {"cards": 1, "coins": 1, "settebello": 1, "primiera": 0} | dict.fromkeys(
        ("napola", "re_bello", "donna_di_denari", "grande", "knocks"), 0
    )
    # Bruno's clean sweep of hand 2 came after the game was won: it is in no count.
    assert bruno["points"] == 1 and bruno["categories"]["primiera"] == 1 and bruno["categories"]["cards"] == 0


def test_a_summary_counts_each_category_once_per_hand_won(summaries):
    b = summaries[1]
    assert b["hands"] == 2 and b["winner"] == 1 and b["totals"] == [2, 5]
    assert b["sides"][1]["categories"] == {
        "cards": 1,
        "coins": 1,
        "settebello": 2,
        "primiera": 1,
        "napola": 0,
        "re_bello": 0,
        "donna_di_denari": 0,
        "grande": 0,
        "knocks": 0,
    }


def test_an_unfinished_game_is_summed_up_but_no_statistic_counts_it(summaries):
    c = summaries[0]
    assert c["finished"] is False and c["winner"] is None and c["totals"] == [4, 1]
    assert [s["id"] for s in finished(summaries)] == ["B", "A"]


def test_a_game_with_no_hands_sums_to_nothing():
    empty = summary(core_game(game_id="E"), "a", "b")
    assert empty["hands"] == 0 and empty["totals"] == [0, 0] and empty["finished"] is False
    assert all(s["points"] == 0 and s["scopas"] == 0 for s in empty["sides"])


# --- Players ---------------------------------------------------------------------------------------------------------


def test_each_players_record_adds_up_their_finished_games(summaries):
    stats = {pid: r.to_dict() for pid, r in player_stats(summaries, NAMES).items()}
    anna, bruno = stats["a"], stats["b"]
    assert (anna["games"], anna["wins"], anna["win_rate"], anna["hands"]) == (2, 1, 0.5, 3)
    assert (anna["points"], anna["points_per_hand"], anna["scopas"], anna["scopas_per_hand"]) == (6, 2.0, 1, 0.33)
    assert anna["categories"] == {"cards": 2, "coins": 2, "settebello": 1, "primiera": 0}
    assert (bruno["games"], bruno["wins"], bruno["points"], bruno["scopas"]) == (2, 1, 6, 0)
    assert bruno["categories"] == {"cards": 1, "coins": 1, "settebello": 2, "primiera": 2}
    assert bruno["category_rates"]["settebello"] == round(2 / 3, 3)


def test_a_player_with_no_finished_game_has_no_rates_rather_than_a_division_by_zero(summaries):
    carla = player_stats(summaries, NAMES)["c"].to_dict()
    assert carla["name"] == "Carla" and carla["games"] == 0 and carla["hands"] == 0
    assert carla["win_rate"] is None and carla["points_per_hand"] is None and carla["current_streak"] is None
    assert carla["best_game"] is None and carla["worst_game"] is None


def test_best_and_worst_games_and_streaks_read_the_games_oldest_first(summaries):
    anna = player_stats(summaries, NAMES)["a"].to_dict()
    assert anna["best_game"] == {
        "id": "A",
        "name": "Game A",
        "created": "2026-11-01",
        "won": True,
        "outcome": "won",
        "margin": 3,
    }
    assert anna["worst_game"]["id"] == "B" and anna["worst_game"]["margin"] == -3
    assert anna["longest_winning_streak"] == 1 and anna["longest_losing_streak"] == 1
    # A was won, then B lost: the latest run is one game lost.
    assert anna["current_streak"] == {"won": False, "outcome": "lost", "games": 1}
    bruno = player_stats(summaries, NAMES)["b"].to_dict()
    assert bruno["current_streak"] == {"won": True, "outcome": "won", "games": 1}


def test_the_napola_is_counted_only_over_the_hands_where_it_was_played():
    napola = core_game(hand(won(*ALL), won()), target=4, game_id="N", napola=True)
    plain = core_game(hand(won(*ALL), won()), target=4, game_id="P")
    anna = player_stats([summary(napola, "a", "b"), summary(plain, "a", "b")], NAMES)["a"].to_dict()
    assert anna["hands"] == 2 and "napola" in anna["categories"] and anna["category_rates"]["napola"] == 0.0
    without = player_stats([summary(plain, "a", "b")], NAMES)["a"].to_dict()
    assert "napola" not in without["categories"]


# --- Teams and head to head ----------------------------------------------------------------------------------------


def team_game():
    """Anna and Carla (Blu) beat Bruno and Dario (Rossi) 4-0 in one hand."""
    teams = {"Blu": ("Anna", "Carla"), "Rossi": ("Bruno", "Dario")}
    return summary(core_game(hand(won(*ALL), won()), teams=teams, target=4, game_id="T"), "a+c", "b+d")


def test_a_teams_result_counts_for_each_of_its_players():
    stats = player_stats([team_game()], NAMES)
    assert [(stats[p].games, stats[p].wins, stats[p].points) for p in "acbd"] == [
        (1, 1, 4),
        (1, 1, 4),
        (1, 0, 0),
        (1, 0, 0),
    ]


def test_a_team_is_the_same_players_whatever_their_seats():
    assert team_key(["c", "a"]) == team_key(["a", "c"]) == "a+c"
    teams = team_stats([team_game(), team_game()], NAMES)
    assert set(teams) == {"a+c", "b+d"}
    assert teams["a+c"].name == "Anna & Carla" and (teams["a+c"].games, teams["a+c"].wins) == (2, 2)
    # Players alone make no team.
    assert team_stats([summary(core_game(hand(won(*ALL), won()), target=4), "a", "b")], NAMES) == {}


def test_head_to_head_counts_the_finished_games_the_two_played_on_opposite_sides(summaries):
    both = head_to_head(summaries, "a", "b")
    assert both["games"] == 2 and both["wins"] == [1, 1]
    assert [(g["id"], g["totals"], g["winner"]) for g in both["list"]] == [("B", [2, 5], "b"), ("A", [4, 1], "a")]
    # Anna and Carla met only in the unfinished game C.
    assert head_to_head(summaries, "a", "c") == {"games": 0, "wins": [0, 0], "draws": 0, "list": []}


def test_head_to_head_of_partners_is_nothing_and_a_third_sides_win_counts_for_neither():
    assert head_to_head([team_game()], "a", "c")["games"] == 0
    assert head_to_head([team_game()], ["a", "c"], ["b", "d"])["wins"] == [1, 0]
    three = core_game(hand(won(), won(), won(*ALL)), names=("Anna", "Bruno", "Carla"), target=4, game_id="3")
    result = head_to_head([summary(three, "a", "b", "c")], "a", "b")
    assert result["games"] == 1 and result["wins"] == [0, 0] and result["list"][0]["winner"] is None
