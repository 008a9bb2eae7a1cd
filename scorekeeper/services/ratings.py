"""A group's ratings and its ladder (``rules.ratings``), worked out from the group's finished games.

Derived, never stored: the group's finished games are rated in the order they first finished (``Store.finish_order``),
from the summaries the group's statistics already keep per game version (``groups.changed_games``: each side's
players as they are now, merged players resolved). So a corrected or deleted hand changes the ratings exactly as if
the games had been played that way, and nothing can drift. A game played at an event's table is rated as the event
keeps it: the organiser's word on that table when they gave one (``events.set_result``), else the result kept when
its round closed (a hand corrected at the table afterwards no longer changes the event, so it does not change the
ratings either): the same result the event's standings and the season count.

Kept per group in this process with the mark it is up to date with (``Store.group_mark``), each game's result as
rated, and the rating state after the last game. A read finds the mark moved on when a game of the group changed;
then only the games changed since are read (``groups.changed_games``), and:

- none of their results changed (a hand recorded or deleted at a table still playing, a game started): the ladder
  stands as it was, and so does its edition (``state``: the ladder page kept under it stays kept);
- only new results, of games that finished after every game rated: those games are rated on from the kept state;
- else (a finished game corrected, reopened, or given the organiser's word; a player renamed or merged): every game
  is rated again (``_afresh``), as the first time. Rating a club's thousand games takes tens of milliseconds.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.ratings import METHOD, Rater, Rating, Result, from_summary, ladder
from scorekeeper.services import events, groups
from scorekeeper.services.errors import NotFound
from scorekeeper.store import Store


@dataclass(frozen=True, slots=True)
class Ladder:
    """A group's ratings: its players with a finished game, best first, each with their rank; the names of
    every player of the group now; how many finished games were rated.

    Shared by every reader while the group is unchanged: read it, never change it.
    """

    group: dict[str, Any]
    names: dict[str, str]
    rows: tuple[tuple[int, Rating], ...]
    games: int

    def of(self, player_id: str) -> tuple[int, Rating] | None:
        """A player's rank and rating, or None for a player with no finished game (not on the ladder)."""
        return next((row for row in self.rows if row[1].id == player_id), None)


RATINGS_KEPT = 16  # groups whose ladder one process keeps, as ``groups.GROUPS_KEPT``
# What a group's ladder is made of: the group's players as read and the mark of its games when it was made. Equal
# states, equal ladders: a page made of a ladder is kept under it (``state``).
State = tuple[groups.PlayersKey, groups.Mark]
Place = tuple[str, str, int]  # a game's place in the order games first finished


@dataclass(frozen=True, slots=True)
class _Kept:
    """A group's ladder and what it was rated from: kept between reads, never changed."""

    mark: groups.Mark  # the games' mark this is up to date with
    players: groups.PlayersKey
    edition: State  # the state the ladder was made at (it stands while no result changes)
    ladder: Ladder
    rater: Rater  # the ratings after the games rated (copied before rating more)
    results: dict[str, Result | None]  # each game's result as rated (None: not finished, not rated)
    places: dict[str, Place]  # each game's place in the finish order
    last: Place | None  # the place of the last game rated


_kept: OrderedDict[tuple[str, str], _Kept] = OrderedDict()
_kept_lock = threading.Lock()


def state(store: Store, group_id: str) -> State | None:
    """What the group's ladder is made of now: a page made of it is kept under it. None for no group.

    The ladder is brought up to date here when that costs only the games changed since it was last made; when every
    game must be rated again, the state it will be made at is answered, and the rating left to ``group_ladder``."""
    ok = isinstance(group_id, str) and len(group_id) <= groups.GROUP_ID_MAX
    mark = store.group_mark(group_id) if ok else None
    if mark is None:
        return None
    players = groups.players_key(store, group_id)
    kept = _up_to_date(store, group_id, mark, players)
    return kept.edition if kept is not None else (players, mark)


def group_ladder(store: Store, group_id: str) -> Ladder:
    """The group's ladder (``NotFound`` for no group), brought up to date with the games changed since."""
    ok = isinstance(group_id, str) and len(group_id) <= groups.GROUP_ID_MAX
    mark = store.group_mark(group_id) if ok else None
    if mark is None:
        raise NotFound("group")
    players = groups.players_key(store, group_id)
    kept = _up_to_date(store, group_id, mark, players)
    if kept is None:
        group = groups.get(store, group_id)
        kept = _keep(store, group_id, _afresh(group, players, mark, groups.changed_games(store, group_id, -1)))
    return kept.ladder


def _up_to_date(store: Store, group_id: str, mark: groups.Mark, players: groups.PlayersKey) -> _Kept | None:
    """The kept ladder brought up to ``mark`` when the games changed since ask nothing more than rating new games
    on; None when every game must be rated again (or nothing is kept)."""
    with _kept_lock:
        kept = _kept.get((store.path, group_id))
    if kept is None or not groups.follows(kept.mark, kept.players, mark, players):
        return None
    if kept.mark == mark and kept.players == players:
        return kept
    # Read after the mark: as new as it, or newer (a game changed after it is read again next time, and counts the
    # same: each game's result is replaced, never added twice).
    made = _rated_on(kept, players, mark, groups.changed_games(store, group_id, kept.mark[1]))
    return _keep(store, group_id, made) if made is not None else None


def _keep(store: Store, group_id: str, made: _Kept) -> _Kept:
    if store.in_transaction:  # what a write reads may yet be rolled back (and its stamps given again): not kept
        return made
    key = (store.path, group_id)
    with _kept_lock:
        held = _kept.get(key)
        if held is None or held.mark[2] != made.mark[2] or held.mark[1] <= made.mark[1]:
            _kept[key] = made
        _kept.move_to_end(key)
        while len(_kept) > RATINGS_KEPT:
            _kept.popitem(last=False)
    return made


def _result(change: groups.Changed) -> Result | None:
    """A game's result as ratings read it: the event's kept result for its table first (read as the event reads
    it; its round and entrants do not matter here), else the game's own."""
    said = events._result(0, ("", ""), json.loads(change.said)) if change.said is not None else None
    return from_summary(change.summary, said)


def _names(players: groups.PlayersKey) -> dict[str, str]:
    return {pid: name for pid, name, into in players if into is None}


def _ladder(group: dict[str, Any], names: dict[str, str], rater: Rater, games: int) -> Ladder:
    rated = {p: r for p, r in rater.ratings().items() if p in names}
    return Ladder(group, names, tuple(ladder(rated, names)), games)


def _afresh(group: dict[str, Any], players: groups.PlayersKey, mark: groups.Mark, games: list[groups.Changed]) -> _Kept:
    """Every finished game of the group rated, in the order they first finished."""
    results = {c.id: _result(c) for c in games}
    places = {c.id: c.finish for c in games}
    rater = Rater()
    last = None
    for game_id in sorted(places, key=places.__getitem__):
        result = results[game_id]
        if result is not None:
            rater.add(result)
            last = places[game_id]
    rated = sum(1 for r in results.values() if r is not None)
    made = _ladder(group, _names(players), rater, rated)
    return _Kept(mark, players, (players, mark), made, rater, results, places, last)


def _rated_on(kept: _Kept, players: groups.PlayersKey, mark: groups.Mark, games: list[groups.Changed]) -> _Kept | None:
    """``kept`` with the games changed since: the same ladder when no result changed, the new results rated on
    when they are all of games that finished after every game rated; None when an earlier result changed."""
    results, places = dict(kept.results), dict(kept.places)
    new: list[tuple[Place, Result]] = []
    for change in games:
        result, before = _result(change), kept.results.get(change.id)
        results[change.id], places[change.id] = result, change.finish
        if result == before and (result is None or kept.places.get(change.id) == change.finish):
            continue  # nothing ratings read changed (a hand at a table still playing)
        if before is not None or result is None:
            return None  # a result rated changed, or was taken back: every game is rated again
        new.append((change.finish, result))
    new.sort(key=lambda pair: pair[0])
    if new and kept.last is not None and new[0][0] <= kept.last:
        return None  # a game that first finished before the last one rated: rated again in its place
    if not new and players == kept.players:
        return _Kept(mark, players, kept.edition, kept.ladder, kept.rater, results, places, kept.last)
    rater = kept.rater
    if new:
        rater = rater.copy()
        for _place, result in new:
            rater.add(result)
    games_rated = kept.ladder.games + len(new)
    made = _ladder(kept.ladder.group, _names(players), rater, games_rated)
    last = new[-1][0] if new else kept.last
    return _Kept(mark, players, (players, mark), made, rater, results, places, last)


def ratings(store: Store, group_id: str) -> dict[str, Any]:
    """The group's ratings as the API answers them (API.md 1.3): the method and the players best first."""
    found = group_ladder(store, group_id)
    return {
        "method": METHOD,
        "games": found.games,
        "players": [
            {
                "id": r.id,
                "name": found.names[r.id],
                "rating": r.rating,
                "mu": r.mu,
                "sigma": r.sigma,
                "games": r.games,
                "rank": rank,
            }
            for rank, r in found.rows
        ],
    }
