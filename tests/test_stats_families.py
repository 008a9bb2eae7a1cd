"""Statistics over a group that plays every family (Scopa, Escoba, Cirulla) and games that end in a draw.

Plain functions on the core (``scorekeeper.rules.stats``), games built with ``tests.conftest.core_game``:
a drawn game counts as a draw for both sides (never as a loss), every finished game is won, drawn or lost,
and each family's categories are read apart (Escoba has no grande, Cirulla its piccola, grande and knocks).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.ledger import HandEntry, SideEntry, score_game
from scorekeeper.rules.stats import family, head_to_head, player_stats, summarise, team_stats
from tests.conftest import core_game
from tests.test_ledger import hand, won

NAMES = {"a": "Anna", "b": "Bruno"}


def summary(game):
    return summarise(score_game(game), [["a"], ["b"]])


def drawn(game_id="D", created="2026-11-20"):
    """Classic to 2 with ``end: "draw"``: Anna cards and coins, Bruno settebello and primiera, 2-2, a draw."""
    return core_game(
        hand(won("cards", "coins"), won("settebello", "primiera")),
        target=2,
        end="draw",
        game_id=game_id,
        created=created,
    )


def escoba(game_id="E", created="2026-11-21"):
    """Escoba to 3: Anna takes cartas, oros, the siete de oros, the setenta and 2 escobas, 6-0."""
    return core_game(
        hand(won("cards", "coins", "settebello", "primiera", scopas=2), won()),
        target=3,
        profile="escoba",
        game_id=game_id,
        created=created,
    )


def cirulla(game_id="C", created="2026-11-22"):
    """Cirulla to 5: Bruno takes oros, the settebello, the piccola (3), the grande (5), a scopa and knocks 3."""
    bruno = SideEntry(1, won=frozenset({"grande", "coins", "settebello"}), knocks=3, napola=3)
    return core_game(
        HandEntry((SideEntry(0, won=frozenset({"cards"})), bruno)),
        target=5,
        profile="cirulla",
        game_id=game_id,
        created=created,
    )


@pytest.fixture
def mixed():
    """The three games as a group lists them, newest first."""
    return [summary(cirulla()), summary(escoba()), summary(drawn())]


@pytest.mark.parametrize(
    ("profile", "expected"),
    [
        ("classic", "scopa"),
        ("scopone", "scopa"),
        ("asso-piglia-tutto", "scopa"),
        ("escoba", "escoba"),
        ("cirulla", "cirulla"),
    ],
)
def test_every_profile_plays_one_family(profile, expected):
    assert family(profile) == expected


def test_a_drawn_game_is_summed_up_as_a_draw_with_no_winner():
    d = summary(drawn())
    assert (d["finished"], d["winner"], d["draw"], d["totals"]) == (True, None, True, [2, 2])


@pytest.mark.parametrize(
    ("games", "anna", "bruno"),
    [
        # (games, wins, draws, losses) of each: a draw is a draw for both, never a loss.
        ([drawn()], (1, 0, 1, 0), (1, 0, 1, 0)),
        ([escoba()], (1, 1, 0, 0), (1, 0, 0, 1)),
        ([cirulla()], (1, 0, 0, 1), (1, 1, 0, 0)),
        ([cirulla(), escoba(), drawn()], (3, 1, 1, 1), (3, 1, 1, 1)),
    ],
    ids=["draw", "escoba", "cirulla", "mixed"],
)
def test_each_finished_game_counts_as_won_drawn_or_lost(games, anna, bruno):
    records = player_stats([summary(g) for g in games], NAMES)
    for pid, expected in (("a", anna), ("b", bruno)):
        row = records[pid].to_dict()
        assert (row["games"], row["wins"], row["draws"], row["losses"]) == expected


def test_a_draw_breaks_a_streak_and_is_the_current_run_when_it_is_the_latest(mixed):
    anna = player_stats(mixed, NAMES)["a"].to_dict()
    # Oldest first: drawn, Escoba won, Cirulla lost.
    assert anna["longest_winning_streak"] == 1 and anna["longest_losing_streak"] == 1
    assert anna["current_streak"] == {"won": False, "outcome": "lost", "games": 1}
    only_draw = player_stats([summary(drawn())], NAMES)["a"].to_dict()
    assert only_draw["current_streak"] == {"won": False, "outcome": "drawn", "games": 1}
    assert only_draw["longest_losing_streak"] == 0 and only_draw["best_game"]["outcome"] == "drawn"


def test_each_family_keeps_its_own_record_and_only_its_own_categories(mixed):
    anna = player_stats(mixed, NAMES)["a"].to_dict()
    bruno = player_stats(mixed, NAMES)["b"].to_dict()
    assert list(anna["families"]) == ["scopa", "escoba", "cirulla"]
    esc, cir = anna["families"]["escoba"], bruno["families"]["cirulla"]
    assert (esc["games"], esc["wins"], esc["scopas"], esc["hands"]) == (1, 1, 2, 1)
    # Escoba: cartas, oros, siete de oros, setenta; no piccola, grande or knocks are counted where not played.
    assert esc["categories"] == {"cards": 1, "coins": 1, "settebello": 1, "primiera": 1}
    # Cirulla: the piccola (the napola), the grande and the knocks besides.
    assert cir["categories"] == {
        "cards": 0,
        "coins": 1,
        "settebello": 1,
        "primiera": 0,
        "napola": 1,
        "grande": 1,
        "knocks": 1,
    }
    assert cir["category_rates"]["grande"] == 1.0
    # Over every family, Cirulla's grande is counted over the one hand it could be won, not over all three.
    assert bruno["categories"]["grande"] == 1 and bruno["category_rates"]["grande"] == 1.0
    assert bruno["category_rates"]["settebello"] == round(2 / 3, 3)
    # The draw is Scopa's.
    assert anna["families"]["scopa"]["draws"] == 1 and anna["families"]["scopa"]["losses"] == 0


def test_head_to_head_says_a_drawn_game_is_a_draw(mixed):
    both = head_to_head(mixed, "a", "b")
    assert (both["games"], both["wins"], both["draws"]) == (3, [1, 1], 1)
    assert [(g["id"], g["family"], g["winner"]) for g in both["list"]] == [
        ("C", "cirulla", "b"),
        ("E", "escoba", "a"),
        ("D", "scopa", "draw"),
    ]


def test_a_teams_drawn_game_counts_as_a_draw_for_the_team():
    game = core_game(
        hand(won("cards", "coins"), won("settebello", "primiera")),
        target=2,
        end="draw",
        teams={"Anna & Carla": ("Anna", "Carla"), "Bruno & Dario": ("Bruno", "Dario")},
    )
    teams = team_stats([summarise(score_game(game), [["a", "c"], ["b", "d"]])], NAMES)
    assert [(r.games, r.wins, r.draws, r.losses) for r in teams.values()] == [(1, 0, 1, 0), (1, 0, 1, 0)]


# One game of the generated ones: who takes what in each of its hands (0: Anna, 1: Bruno, None: nobody).
# The settebello is one card: always somebody's.
WHO = st.sampled_from((0, 1, None))
HANDS = st.lists(st.tuples(WHO, WHO, st.sampled_from((0, 1)), WHO), min_size=1, max_size=6)
GAMES = st.lists(st.tuples(st.sampled_from(("classic", "escoba", "cirulla")), st.booleans(), HANDS), max_size=6)


def _game(n, profile, draw_ends, hands):
    entries = []
    for taken in hands:
        sides = [set(), set()]
        for category, who in zip(("cards", "coins", "settebello", "primiera"), taken, strict=True):
            if who is not None:
                sides[who].add(category)
        entries.append(hand(won(*sides[0]), won(*sides[1])))
    options = {"end": "draw"} if draw_ends else {}
    return core_game(*entries, target=3, profile=profile, game_id=f"g{n}", created=f"2026-11-{n + 1:02d}", **options)


@settings(max_examples=60, deadline=None)
@given(GAMES)
def test_a_players_games_are_their_wins_draws_and_losses_in_every_family(games):
    summaries = [summary(_game(n, *g)) for n, g in enumerate(games)]
    finished = [s for s in summaries if s["finished"]]
    for pid in ("a", "b"):
        row = player_stats(summaries, NAMES)[pid].to_dict()
        assert row["games"] == len(finished) == row["wins"] + row["draws"] + row["losses"]
        for name, fam in row["families"].items():
            assert fam["games"] == fam["wins"] + fam["draws"] + fam["losses"]
            assert fam["games"] == sum(1 for s in finished if s["family"] == name)
    a, b = (player_stats(summaries, NAMES)[p].to_dict() for p in ("a", "b"))
    # Two players, every game between them: one's wins are the other's losses, and they share the draws.
    assert (a["wins"], a["draws"], a["losses"]) == (b["losses"], b["draws"], b["wins"])
