"""A result changed among a big group's first games is rated again a slice at a time (``ratings.RATING_SLICE``), never
all at once in one request: each read rates at most a slice, answers meanwhile the last ratings rated to the end
(``updating``), and once caught up the ratings equal those rated afresh, however the results changed meanwhile."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import Rules, Side
from scorekeeper.rules.ledger import HandEntry
from scorekeeper.rules.ratings import Rater
from scorekeeper.services import games, groups, ratings
from scorekeeper.store import Store
from tests.conftest import make_app
from tests.test_group_kept_up_to_date import adds  # noqa: F401  (the fixture counting games rated)

ALL = ["cards", "coins", "settebello", "primiera"]
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"]


def sweep(winner: int, scopas: int = 7) -> HandEntry:
    """A hand that ends a two-side game to 11 at once (a four-player one to 16 in two)."""
    sides: list[dict[str, object]] = [{"won": []}, {"won": []}]
    sides[winner] = {"won": ALL, "scopas": scopas}
    return HandEntry.from_json({"sides": sides}, 2)


def finish(store: Store, game_id: str, winner: int) -> None:
    n = 0
    while not games.get(store, game_id).finished:
        games.record_hand(store, game_id, sweep(winner), f"sub-{game_id[:6]}-{winner}-{n:03d}")
        n += 1


def club(store: Store, count: int) -> tuple[str, list[str]]:
    """A group of ``count`` finished games among six players, singles and pairs: its id and its games, oldest first."""
    group_id = groups.new_group(store, "Club")[0]
    played = []
    for n in range(count):
        a, b, c, d = (NAMES[(n + k) % 6] for k in range(4))
        sides = ((a,), (b,)) if n % 3 else ((a, c), (b, d))
        game, _key = games.new_game(
            store,
            f"Night {n}",
            [Side(" & ".join(s), s) for s in sides],
            Rules(),
            also=lambda g: groups.join(store, group_id, g),
        )
        finish(store, game.id, n % 2)
        played.append(game.id)
    return group_id, played


def afresh(store: Store, group_id: str) -> tuple[Any, ...]:
    """The ladder rated with nothing kept in this process (as after a restart)."""
    ratings._kept.clear()
    found = ratings.group_ladder(store, group_id)
    assert not found.updating
    return (found.rows, found.names, found.games)


@pytest.fixture
def small_slices(monkeypatch):
    """Checkpoints every 3 games and slices of 4: a group of 14 games is a big group."""
    monkeypatch.setattr(ratings, "CHECKPOINT_GAMES", 3)
    monkeypatch.setattr(ratings, "RATING_SLICE", 4)
    monkeypatch.setattr(ratings, "STATE_GAMES", 4)


def test_a_first_game_corrected_is_rated_again_a_slice_a_read_answering_the_last_ratings_meanwhile(
    store,
    small_slices,
    adds,  # noqa: F811
):
    group_id, played = club(store, 14)
    before = ratings.group_ladder(store, group_id)
    assert not before.updating and before.games == 14
    games.replace_hand(store, played[1], 1, sweep(0))
    reads = 0
    while True:
        rated = adds[0]
        found = ratings.group_ladder(store, group_id)
        reads += 1
        assert adds[0] - rated <= ratings.RATING_SLICE
        if not found.updating:
            break
        # Meanwhile: the ratings as they were, the last rated to the end, and said to be brought up to date.
        assert (found.rows, found.names, found.games) == (before.rows, before.names, before.games)
    assert reads == 4  # 14 games, 4 a read
    after = (found.rows, found.names, found.games)
    assert after != (before.rows, before.names, before.games)
    assert ratings.ratings(store, group_id)["updating"] is False
    assert afresh(store, group_id) == after


def test_a_correction_among_the_latest_games_is_rated_at_once(store, small_slices, adds):  # noqa: F811
    group_id, played = club(store, 14)
    ratings.group_ladder(store, group_id)
    rated = adds[0]
    games.replace_hand(store, played[12], 1, sweep(0))
    found = ratings.group_ladder(store, group_id)
    assert not found.updating and adds[0] - rated <= 3  # from the checkpoint after 12 games
    assert afresh(store, group_id) == (found.rows, found.names, found.games)


def test_changes_meanwhile_are_taken_in_and_the_rating_again_goes_on_from_before_the_first_changed(
    store,
    small_slices,
    adds,  # noqa: F811
):
    group_id, played = club(store, 14)
    ratings.group_ladder(store, group_id)
    games.replace_hand(store, played[1], 1, sweep(0))
    assert ratings.group_ladder(store, group_id).updating
    assert ratings.group_ladder(store, group_id).updating  # 8 of 14 rated again
    games.replace_hand(store, played[11], 1, sweep(0))  # after the front: the rating again goes on
    games.delete_hand(store, played[5], 1)  # before it: from the checkpoint before game 5
    games.replace_hand(store, played[4], 1, sweep(1))
    for _ in range(10):
        rated = adds[0]
        found = ratings.group_ladder(store, group_id)
        assert adds[0] - rated <= ratings.RATING_SLICE
        if not found.updating:
            break
    assert not found.updating and found.games == 13  # game 5 reopened: no longer rated
    assert afresh(store, group_id) == (found.rows, found.names, found.games)


def test_the_ladder_pages_state_takes_in_changes_but_leaves_the_slices_to_the_page(store, small_slices, adds):  # noqa: F811
    group_id, played = club(store, 14)
    ratings.group_ladder(store, group_id)
    games.replace_hand(store, played[1], 1, sweep(0))
    rated = adds[0]
    said = ratings.state(store, group_id)
    assert adds[0] == rated  # more than STATE_GAMES to rate again: nothing rated here
    players, mark = groups.players_key(store, group_id), store.group_mark(group_id)
    assert said == (players, mark, 0)
    assert ratings.state(store, group_id) == said and adds[0] == rated  # asked again: still nothing rated
    states = [said]
    while ratings.group_ladder(store, group_id).updating:
        states.append(ratings.state(store, group_id))
    # Each slice moves the state on (a page made meanwhile is never kept under it); the last slice's state is the
    # state the ladder is made at.
    assert states == [(players, mark, n) for n in (0, 4, 8)] + [(players, mark)]
    assert ratings.state(store, group_id) == (players, mark)


def test_the_ladder_page_and_the_ratings_json_while_updating_then_caught_up(tmp_path, small_slices):
    app = make_app(tmp_path)
    client = app.test_client()
    with Store(app.config["DATABASE"]) as store:
        group_id, played = club(store, 14)
        plain = client.get(f"/api/v1/groups/{group_id}/ratings").get_json()
        assert plain["updating"] is False and plain["games"] == 14
        assert client.get(f"/groups/{group_id}/ladder").status_code == 200
        games.replace_hand(store, played[1], 1, sweep(0))
        meanwhile = client.get(f"/api/v1/groups/{group_id}/ratings").get_json()
        assert meanwhile == {**plain, "updating": True}  # 4 of 14 games rated again
        pages = [client.get(f"/groups/{group_id}/ladder") for _ in range(3)]  # a slice each
        assert all(page.status_code == 200 for page in pages)
        # Meanwhile the page says its ratings are those from before the correction; once caught up it says nothing.
        assert "being brought up to date after a corrected game" in pages[0].get_data(as_text=True)
        answer = client.get(f"/api/v1/groups/{group_id}/ratings").get_json()
        assert answer["updating"] is False and answer["games"] == 14
        assert 'id="ratings-updating"' not in client.get(f"/groups/{group_id}/ladder").get_data(as_text=True)
        assert answer["players"] != plain["players"]
        player = groups.players(store, group_id)[0].id
        assert client.get(f"/groups/{group_id}/players/{player}").status_code == 200
        ratings._kept.clear()
        assert client.get(f"/api/v1/groups/{group_id}/ratings").get_json() == answer


# --- Any history, any corrections: rated a slice at a time, then equal to rating every game afresh ----------------

PLAYERS = ["p0", "p1", "p2", "p3", "p4"]
KEY: groups.PlayersKey = tuple((p, p.upper(), None) for p in PLAYERS)
GROUP = {"id": "club", "name": "Club", "created": "2026-01-01", "version": 1}

# A game: its sides (two singles or two pairs, from a rotation of the players), its winner (None: not finished).
game_ = st.tuples(st.integers(0, 4), st.booleans(), st.sampled_from([0, 1, None]))


def changed(n: int, game: tuple[int, bool, int | None]) -> groups.Changed:
    """Game ``n`` as ``groups.changed_games`` reads it."""
    rot, pairs, winner = game
    seats = [PLAYERS[(rot + k) % len(PLAYERS)] for k in range(4)]
    sides = [[seats[0], seats[2]], [seats[1], seats[3]]] if pairs else [[seats[0]], [seats[1]]]
    totals = [11, 7] if winner == 0 else [6, 11]
    summary = {
        "id": f"g{n:03d}",
        "finished": winner is not None,
        "winner": winner,
        "totals": totals,
        "sides": [{"players": side} for side in sides],
    }
    created = f"2026-01-01T00:{n // 60:02d}:{n % 60:02d}"
    return groups.Changed(f"g{n:03d}", summary, (created, n), (created, created, n), None)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(game_, min_size=0, max_size=30),
    st.lists(st.tuples(st.integers(0, 29), game_, st.integers(0, 3)), max_size=8),
    st.integers(1, 5),
    st.integers(1, 4),
)
def test_any_corrections_rated_a_slice_at_a_time_end_equal_to_every_game_rated_afresh(
    history, corrections, slice_, checkpoint_games
):
    """Corrections of any games (a result changed, a game reopened or finished) and new games, each followed by a
    few reads (0: the next correction comes before any read): each read rates at most a slice and answers, while not
    caught up, the last ladder rated to the end; once caught up, the ladder is every game rated afresh."""
    now = list(history)
    stamp = 1
    kept = ratings._afresh(GROUP, KEY, (len(now), stamp, 1), [changed(n, g) for n, g in enumerate(now)])
    complete = kept.ladder
    pending: dict[str, groups.Changed] = {}  # the games changed since the last read, each once (as read)
    saved, add = ratings.CHECKPOINT_GAMES, Rater.add
    ratings.CHECKPOINT_GAMES = checkpoint_games
    count = [0]

    def counting(self: Rater, result: Any) -> None:
        count[0] += 1
        add(self, result)

    Rater.add = counting  # type: ignore[method-assign]
    try:
        for at, game, reads in [*corrections, (0, None, 50)]:
            if game is not None:
                at %= len(now) + 1
                if at == len(now):  # a new game, after every other
                    now.append(game)
                now[at] = game
                stamp += 1
                pending[f"g{at:03d}"] = changed(at, game)
            for _ in range(reads):
                mark = (len(now), stamp, 1)
                count[0] = 0
                kept = ratings._rated_on(kept, KEY, mark, list(pending.values()), slice_)
                assert count[0] <= slice_
                pending = {}
                starts = [c[0] for c in kept.checkpoints]
                assert starts == sorted(set(starts))
                assert kept.front <= len(kept.rated)
                if kept.done:
                    complete = kept.ladder
                    assert not complete.updating
                else:
                    assert kept.ladder.updating and kept.ladder.rows == complete.rows
    finally:
        ratings.CHECKPOINT_GAMES, Rater.add = saved, add  # type: ignore[method-assign]
    assert kept.done
    whole = ratings._afresh(GROUP, KEY, (len(now), stamp, 1), [changed(n, g) for n, g in enumerate(now)])
    assert (kept.ladder.rows, kept.ladder.names, kept.ladder.games) == (
        whole.ladder.rows,
        whole.ladder.names,
        whole.ladder.games,
    )
    assert kept.rated == whole.rated
