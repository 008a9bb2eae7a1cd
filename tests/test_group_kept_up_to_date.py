"""What a process keeps of a group's statistics and ratings is brought up to date from the games changed since it was
kept (``Store.group_mark``, ``groups.changed_games``), never left stale: after every kind of change, what is read
equals what is worked out afresh from nothing kept, and a change that moves no result (a hand recorded, then deleted,
at a table still playing) neither adds the group up again nor rates its games again."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import Rules, Side
from scorekeeper.rules.ledger import HandEntry
from scorekeeper.rules.ratings import Rater
from scorekeeper.rules.stats import Record
from scorekeeper.services import events, games, groups, ratings
from scorekeeper.store import Store

ALL = ["cards", "coins", "settebello", "primiera"]


def sweep(winner: int, scopas: int = 7) -> HandEntry:
    """A hand that ends a two-side game to 11 at once (a four-player one to 16 in two)."""
    sides: list[dict[str, object]] = [{"won": []}, {"won": []}]
    sides[winner] = {"won": ALL, "scopas": scopas}
    return HandEntry.from_json({"sides": sides}, 2)


def small() -> HandEntry:
    """A hand that ends no game."""
    return HandEntry.from_json({"sides": [{"won": ["settebello"]}, {"won": ["cards", "coins", "primiera"]}]}, 2)


def start(store: Store, group_id: str, *sides: tuple[str, ...]) -> str:
    game, _key = games.new_game(
        store,
        "Night",
        [Side(" & ".join(s), s) for s in sides],
        Rules(),
        also=lambda g: groups.join(store, group_id, g),
    )
    return game.id


def finish(store: Store, game_id: str, winner: int) -> None:
    n = 0
    while not games.get(store, game_id).finished:
        games.record_hand(store, game_id, sweep(winner), f"sub-{game_id[:6]}-{winner}-{n:03d}")
        n += 1


def everything(store: Store, group_id: str) -> dict[str, Any]:
    """All that the group's pages read of its statistics and ratings."""
    seen = groups.overview(store, group_id)
    ladder = ratings.group_ladder(store, group_id)
    return {
        "stats": groups.stats(store, group_id),
        "games": [(s["id"], s["finished"], s["totals"], [x["players"] for x in s["sides"]]) for s in seen.summaries],
        "records": {pid: (r.to_dict(), r.results) for pid, r in seen.records.items()},
        "teams": {key: (r.name, r.to_dict(), r.results) for key, r in seen.teams.items()},
        "met": seen.met,
        "names": seen.names,
        "ratings": ratings.ratings(store, group_id),
        "ladder": (ladder.rows, ladder.names, ladder.games),
    }


def afresh(store: Store, group_id: str) -> dict[str, Any]:
    """The same, worked out with nothing kept in this process (as after a restart)."""
    groups._kept.clear()
    ratings._kept.clear()
    return everything(store, group_id)


@pytest.fixture
def counted(monkeypatch):
    """How many times the group was added up afresh and its games rated afresh."""
    calls = {"groups": 0, "ratings": 0}
    added_up, rated = groups._afresh, ratings._afresh

    def counting_groups(*args: Any) -> Any:
        calls["groups"] += 1
        return added_up(*args)

    def counting_ratings(*args: Any) -> Any:
        calls["ratings"] += 1
        return rated(*args)

    monkeypatch.setattr(groups, "_afresh", counting_groups)
    monkeypatch.setattr(ratings, "_afresh", counting_ratings)
    return calls


@pytest.fixture
def adds(monkeypatch):
    """How many games were rated (``Rater.add``), each time, by anyone."""
    count = [0]
    add = Rater.add

    def counting(self: Rater, result: Any) -> None:
        count[0] += 1
        add(self, result)

    monkeypatch.setattr(Rater, "add", counting)
    return count


@pytest.fixture
def club(store):
    """A group of six finished games among five players, singles and pairs, and one table still playing."""
    group_id = groups.new_group(store, "Club")[0]
    for n, sides in enumerate(
        [
            (("Anna",), ("Bruno",)),
            (("Carla",), ("Dario",)),
            (("Anna", "Carla"), ("Bruno", "Dario")),
            (("Bruno",), ("Elena",)),
            (("Anna", "Elena"), ("Carla", "Dario")),
            (("Anna", "Carla"), ("Bruno", "Dario")),
        ]
    ):
        finish(store, start(store, group_id, *sides), n % 2)
    table = start(store, group_id, ("Anna",), ("Dario",))
    games.record_hand(store, table, small(), "sub-table-first")
    return group_id, table


def test_a_hand_recorded_then_deleted_at_a_table_playing_changes_nothing_and_rates_nothing_again(
    store, club, counted, adds
):
    group_id, table = club
    before = everything(store, group_id)
    state = ratings.state(store, group_id)
    calls, rated = dict(counted), adds[0]
    for n in range(3):
        games.record_hand(store, table, small(), f"sub-table-{n}")
        games.delete_hand(store, table, 2, submission_id=f"sub-table-del-{n}")
        assert everything(store, group_id) == before
        # The ladder page kept stays the ladder's page.
        assert ratings.state(store, group_id) == state
    assert counted == calls and adds[0] == rated
    assert afresh(store, group_id) == before


def test_a_game_finished_after_the_others_is_rated_on_from_the_ratings_kept(store, club, counted, adds):
    group_id, table = club
    everything(store, group_id)
    calls, rated = dict(counted), adds[0]
    state = ratings.state(store, group_id)
    finish(store, table, 1)
    after = everything(store, group_id)
    assert counted == calls  # neither added up nor rated afresh
    assert adds[0] == rated + 1  # the one game rated on
    assert ratings.state(store, group_id) != state
    assert after["ratings"]["games"] == 7
    assert afresh(store, group_id) == after


def test_many_games_finished_one_after_another_rate_as_all_at_once(store, counted):
    group_id = groups.new_group(store, "Club")[0]
    names = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"]
    finish(store, start(store, group_id, ("Anna",), ("Bruno",)), 0)
    everything(store, group_id)
    for n in range(12):
        a, b, c, d = (names[(n + k) % 6] for k in range(4))
        sides = ((a,), (b,)) if n % 3 else ((a, c), (b, d))
        finish(store, start(store, group_id, *sides), n % 2)
        if n % 4 == 0:
            everything(store, group_id)
    calls = dict(counted)
    after = everything(store, group_id)
    assert counted["ratings"] == calls["ratings"] == 1 and counted["groups"] == 1
    assert after["ratings"]["games"] == 13
    assert afresh(store, group_id) == after


def test_an_older_game_finished_late_takes_its_place_in_every_record(store, club, counted):
    group_id, table = club
    # The table still playing was started before these: its place among a player's games is before them.
    later = start(store, group_id, ("Anna",), ("Elena",))
    finish(store, later, 0)
    everything(store, group_id)
    finish(store, table, 0)
    after = everything(store, group_id)
    assert counted["groups"] == 1
    anna = next(p.id for p in groups.players(store, group_id) if p.name == "Anna")
    assert [r[0] for r in after["records"][anna][1]][:2] == [later, table]
    assert afresh(store, group_id) == after


@pytest.mark.parametrize("change", ["corrected", "reopened", "reopened and won again"])
def test_a_finished_game_changed_counts_as_if_played_that_way(store, club, change):
    group_id, _table = club
    everything(store, group_id)
    first = games.found(store, [s["id"] for s in groups.summaries(store, group_id)])[-1].game.id
    if change == "corrected":
        games.replace_hand(store, first, 1, sweep(1))
    else:
        games.delete_hand(store, first, 1)
        if change == "reopened and won again":
            finish(store, first, 1)
    after = everything(store, group_id)
    assert afresh(store, group_id) == after


def test_players_joined_renamed_and_merged_since_count_as_they_are_now(store, club):
    group_id, _table = club
    everything(store, group_id)
    finish(store, start(store, group_id, ("Gino",), ("Anna",)), 0)  # a new player
    after = everything(store, group_id)
    assert "Gino" in after["names"].values()
    assert afresh(store, group_id) == after
    gino = next(p.id for p in groups.players(store, group_id) if p.name == "Gino")
    groups.rename(store, group_id, gino, "Gigi")
    after = everything(store, group_id)
    assert "Gigi" in after["names"].values() and afresh(store, group_id) == after
    elena = next(p.id for p in groups.players(store, group_id) if p.name == "Elena")
    groups.merge(store, group_id, gino, elena)
    after = everything(store, group_id)
    assert "Gigi" not in after["names"].values() and afresh(store, group_id) == after


def test_the_organisers_word_on_a_table_counts_at_once(store):
    group_id = groups.new_group(store, "Club")[0]
    event_id, key = events.new_event(store, name="Night", players=list("ABCD"), rounds=1, group_id=group_id)
    tables = events.pair_next(store, event_id, key).tables
    finish(store, tables[0].game_id, 0)
    everything(store, group_id)
    events.set_result(store, event_id, key, 1, tables[0].number, "1", [1, 4])
    after = everything(store, group_id)
    assert afresh(store, group_id) == after
    events.set_result(store, event_id, key, 1, tables[1].number, "draw", [2, 2])
    after = everything(store, group_id)
    assert afresh(store, group_id) == after
    events.set_result(store, event_id, key, 1, tables[0].number, "game")
    events.close_round(store, event_id, key, 1)
    after = everything(store, group_id)
    assert afresh(store, group_id) == after


def test_a_restore_moves_the_groups_epoch_so_nothing_kept_is_brought_up_from_it(store, club):
    group_id, _table = club
    count, stamp, epoch = store.group_mark(group_id)
    store.move_versions_on(1000)
    assert store.group_mark(group_id)[2] != epoch
    # Each write moves the group's version on by one: the epoch stands.
    moved = store.group_mark(group_id)
    start(store, group_id, ("Anna",), ("Bruno",))
    now = store.group_mark(group_id)
    assert now[2] == moved[2] and now[0] == moved[0] + 1 and now[1] > moved[1]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([0, 1, None]), st.integers(-3, 3)), max_size=25), st.integers(0, 25))
def test_a_record_given_newer_games_one_at_a_time_reads_as_one_added_up_at_once(games_, read_after):
    """Best and worst game, the streaks and the current one, kept as games come newest: as if worked out afresh."""
    summaries = [
        {
            "id": f"g{n:03d}",
            "name": f"Game {n}",
            "created": f"2026-01-01T00:00:{n:02d}",
            "profile": "classic",
            "family": "scopa",
            "hands": 1,
            "winner": winner,
            "sides": [
                {"total": 11 + margin, "points": 1, "scopas": 0, "categories": {}, "players": ["a"]},
                {"total": 11, "points": 0, "scopas": 0, "categories": {}, "players": ["b"]},
            ],
        }
        for n, (winner, margin) in enumerate(games_)
    ]
    kept = Record("Anna")
    for n, summary in enumerate(summaries):  # oldest first: each the newest when added
        kept.add(summary, 0, newer=lambda counted: True)
        if n == read_after:
            kept.to_dict()  # read midway: what is kept from then on is brought up to date game by game
    whole = Record("Anna")
    for summary in reversed(summaries):  # newest first, as player_stats adds them
        whole.add(summary, 0)
    assert kept.to_dict() == whole.to_dict() and kept.results == whole.results


@pytest.mark.parametrize("which", ["latest", "middle", "first"])
@pytest.mark.parametrize("change", ["corrected", "reopened", "reopened and won again"])
def test_a_result_changed_is_rated_again_from_the_ratings_kept_before_it(store, monkeypatch, adds, which, change):
    monkeypatch.setattr(ratings, "CHECKPOINT_GAMES", 3)
    group_id = groups.new_group(store, "Club")[0]
    names = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"]
    played = []
    for n in range(14):
        a, b, c, d = (names[(n + k) % 6] for k in range(4))
        played.append(start(store, group_id, *(((a,), (b,)) if n % 3 else ((a, c), (b, d)))))
        finish(store, played[-1], n % 2)
    everything(store, group_id)
    at = {"latest": 13, "middle": 7, "first": 0}[which]
    rated = adds[0]
    if change == "corrected":
        games.replace_hand(store, played[at], 1, sweep(1 - at % 2))
    else:
        games.delete_hand(store, played[at], 1)
        if change == "reopened and won again":
            finish(store, played[at], 1 - at % 2)
    after = everything(store, group_id)
    # The games from the ratings kept before the one changed (every 3 games), never all of them but for the first.
    again = adds[0] - rated
    assert again <= 14 - at + 3 and (which == "first" or again < 14)
    assert afresh(store, group_id) == after


def test_the_ladder_pages_state_leaves_a_long_rating_again_to_the_page_made_in_the_lane(store, club, monkeypatch):
    group_id, _table = club
    monkeypatch.setattr(ratings, "STATE_GAMES", 1)
    everything(store, group_id)
    first = games.found(store, [s["id"] for s in groups.summaries(store, group_id)])[-1].game.id
    games.replace_hand(store, first, 1, sweep(1))
    said = ratings.state(store, group_id)
    assert said == (groups.players_key(store, group_id), store.group_mark(group_id))  # not rated yet: what it will be
    after = everything(store, group_id)  # the page made: rated then, at that state
    assert ratings.state(store, group_id) == said
    assert afresh(store, group_id) == after


def test_a_team_whose_only_game_reopened_is_no_longer_listed_nor_met(store):
    group_id = groups.new_group(store, "Club")[0]
    only = start(store, group_id, ("Anna", "Bruno"), ("Carla", "Dario"))
    finish(store, only, 0)
    finish(store, start(store, group_id, ("Anna", "Carla"), ("Bruno", "Dario")), 1)
    before = everything(store, group_id)
    assert len(before["teams"]) == 4
    games.delete_hand(store, only, len(games.get(store, only).rounds))
    after = everything(store, group_id)
    assert len(after["teams"]) == 2 and all(len(met) == 1 for met in after["met"].values())
    assert afresh(store, group_id) == after


def test_a_game_joined_with_a_new_player_while_the_statistics_are_read_counts_for_them(store, club, monkeypatch):
    """The players are read, then a game joins with a new player, then the games changed are read: its seat names
    someone the statistics did not read. They count for that player all the same, now and later."""
    group_id, _table = club
    everything(store, group_id)
    read = groups.changed_games
    joined: list[str] = []

    def meanwhile(store_: Store, group_id_: str, since: int) -> list[groups.Changed]:
        if not joined:
            joined.append(start(store, group_id, ("Zoe",), ("Anna",)))
            finish(store, joined[0], 0)
        return read(store_, group_id_, since)

    monkeypatch.setattr(groups, "changed_games", meanwhile)
    finish(store, start(store, group_id, ("Bruno",), ("Carla",)), 1)
    seen = groups.overview(store, group_id)
    zoe = next(p.id for p in groups.players(store, group_id) if p.name == "Zoe")
    assert seen.records[zoe].games == 1
    monkeypatch.setattr(groups, "changed_games", read)
    games.replace_hand(store, joined[0], 1, sweep(1))  # Zoe's game corrected: taken back and counted again
    after = everything(store, group_id)
    assert after["records"][zoe][0]["losses"] == 1
    assert afresh(store, group_id) == after
