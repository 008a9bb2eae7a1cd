"""A group's ratings and its ladder (``rules.ratings``), worked out from the group's finished games.

Derived, never stored: the group's finished games are rated in the order they first finished (``Store.finish_order``),
from the summaries the group's statistics already keep per game version (``groups.changed_games``: each side's
players as they are now, merged players resolved). So a corrected or deleted hand changes the ratings exactly as if
the games had been played that way, and nothing can drift. A game played at an event's table is rated as the event
keeps it: the organiser's word on that table when they gave one (``events.set_result``), else the result kept when
its round closed (a hand corrected at the table afterwards no longer changes the event, so it does not change the
ratings either): the same result the event's standings and the season count.

Kept per group in this process with the mark it is up to date with (``Store.group_mark``), each game's result as
rated, and the ratings after every so many games along the order (``CHECKPOINTS``). A read finds the mark moved on
when a game of the group changed; then only the games changed since are read (``groups.changed_games``), and:

- none of their results changed (a hand recorded or deleted at a table still playing, a game started): the ladder
  stands as it was, and so does its edition (``state``: the ladder page kept under it stays kept);
- only new results, of games that finished after every game rated: those games are rated on from the kept state;
- else (a finished game corrected, reopened, or given the organiser's word): the games from the first whose result
  changed are rated again, from the ratings kept before it: a correction of the night's last game costs the games
  since. One of the group's first games would cost every game (tens of milliseconds for a club's thousand): those
  are rated again a slice at a time, at most ``RATING_SLICE`` games a read, each read answering meanwhile the last
  ladder rated to the end, marked ``updating``, until the slices reach the last game. A change meanwhile is taken in
  as any other: the rating again goes on from where it stands, or from the ratings kept before the game changed.
  Caught up, the ladder is exactly the games rated afresh.

A player renamed or merged (every seat may count for another) rates every game afresh (``_afresh``), as the first
read in a process does.
"""

from __future__ import annotations

import json
import threading
from bisect import bisect_left, insort
from collections import OrderedDict
from dataclasses import dataclass, replace
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
    # True while a result changed among the group's first games is being rated again (``RATING_SLICE``): these are
    # the ratings as they were before it, the last rated to the end.
    updating: bool = False

    def of(self, player_id: str) -> tuple[int, Rating] | None:
        """A player's rank and rating, or None for a player with no finished game (not on the ladder)."""
        return next((row for row in self.rows if row[1].id == player_id), None)


RATINGS_KEPT = 16  # groups whose ladder one process keeps, as ``groups.GROUPS_KEPT``
# What a group's ladder is made of: the group's players as read and the mark of its games when it was made. Equal
# states, equal ladders: a page made of a ladder is kept under it (``state``). While a long rating again is under way
# the state also says how far it has come (``state``), so that no page made meanwhile is kept.
Edition = tuple[groups.PlayersKey, groups.Mark]
State = Edition | tuple[groups.PlayersKey, groups.Mark, int]
Place = tuple[str, str, int]  # a game's place in the order games first finished


# Along a group's games, the ratings after every so many of them are kept, so that a result changed among the latest
# games is rated again from the state before it, not from the first game: at most CHECKPOINTS states a group (each
# a few dicts of the group's players), at least CHECKPOINT_GAMES games apart.
CHECKPOINTS = 32
CHECKPOINT_GAMES = 128
# What one request may rate again: a result changed among a club's first games is rated again a slice at a time,
# at most RATING_SLICE games a read of the ratings (a few scoreboards of processor time), the ladder read meanwhile
# being the last one rated to the end (``Ladder.updating``). ``state`` rates at most STATE_GAMES games itself, and
# only all that is left or nothing (more is left to the page made in the lane, a slice at a time).
RATING_SLICE = 2 * CHECKPOINT_GAMES
STATE_GAMES = RATING_SLICE


@dataclass(frozen=True, slots=True)
class _Kept:
    """A group's ladder and what it was rated from: kept between reads, never changed."""

    mark: groups.Mark  # the games' mark this is up to date with
    players: groups.PlayersKey
    edition: Edition  # the state the ladder was made at (it stands while no result changes)
    # The ladder of every game in ``rated``; while they are being rated again (``done`` is False), the last ladder
    # that was rated to the end, marked ``updating``.
    ladder: Ladder
    results: dict[str, Result | None]  # each game's result as rated (None: not finished, not rated)
    places: dict[str, Place]  # each game's place in the finish order
    rated: list[tuple[Place, str]]  # the games with a result, in the order they first finished
    # The ratings after the first n games of ``rated`` for some n, fewest first; the last (the front) after as many as
    # have been rated, all of them when ``done``. Each is copied before rating more.
    checkpoints: tuple[tuple[int, Rater], ...]

    @property
    def front(self) -> int:
        """How many games of ``rated`` have been rated."""
        return self.checkpoints[-1][0]

    @property
    def done(self) -> bool:
        """Whether every game is rated: ``ladder`` is theirs."""
        return self.front == len(self.rated)


_kept: OrderedDict[tuple[str, str], _Kept] = OrderedDict()
_kept_lock = threading.Lock()


def state(store: Store, group_id: str) -> State | None:
    """What the group's ladder is made of now: a page made of it is kept under it. None for no group.

    The ladder is brought up to date here when that rates at most ``STATE_GAMES`` games again; else the state it
    will be made at is answered, and the rating left to ``group_ladder`` (the ladder page makes it in the lane): a
    slice at a time, the state saying how far along it is until the last slice (so that a page of the ladder read
    meanwhile is never kept, and the next read rates the next slice)."""
    ok = isinstance(group_id, str) and len(group_id) <= groups.GROUP_ID_MAX
    mark = store.group_mark(group_id) if ok else None
    if mark is None:
        return None
    players = groups.players_key(store, group_id)
    kept = _up_to_date(store, group_id, mark, players, STATE_GAMES, whole=True)
    if kept is None:
        return (players, mark)
    if kept.done:
        return kept.edition
    if len(kept.rated) - kept.front <= RATING_SLICE:
        return (kept.players, kept.mark)  # the next slice is the last: the page is made at the state it will be
    return (kept.players, kept.mark, kept.front)


def group_ladder(store: Store, group_id: str) -> Ladder:
    """The group's ladder (``NotFound`` for no group), brought up to date with the games changed since: rating
    again at most ``RATING_SLICE`` games, the last ladder rated to the end answered (``updating``) until done."""
    ok = isinstance(group_id, str) and len(group_id) <= groups.GROUP_ID_MAX
    mark = store.group_mark(group_id) if ok else None
    if mark is None:
        raise NotFound("group")
    players = groups.players_key(store, group_id)
    kept = _up_to_date(store, group_id, mark, players, RATING_SLICE)
    if kept is None:
        group = groups.get(store, group_id)
        kept = _keep(store, group_id, _afresh(group, players, mark, groups.changed_games(store, group_id, -1)))
    return kept.ladder


def _up_to_date(
    store: Store, group_id: str, mark: groups.Mark, players: groups.PlayersKey, most: int, whole: bool = False
) -> _Kept | None:
    """The kept ladder brought up to ``mark``, rating again at most ``most`` games (``whole``: all that is left or
    none, and only when ``mark`` moved on); None when nothing is kept that can be brought up to date (every game is
    rated afresh)."""
    with _kept_lock:
        kept = _kept.get((store.path, group_id))
    if kept is None or not groups.follows(kept.mark, kept.players, mark, players):
        return None
    if kept.mark == mark and kept.players == players:
        if kept.done or whole:  # ``state`` takes in changes only: a rating again under way goes on in the lane
            return kept
        changes: list[groups.Changed] = []  # nothing changed since: the rating again goes on
    else:
        # Read after the mark: as new as it, or newer (a game changed after it is read again next time, and counts
        # the same: each game's result is replaced, never added twice).
        changes = groups.changed_games(store, group_id, kept.mark[1])
    return _keep(store, group_id, _rated_on(kept, players, mark, changes, most, whole))


def _keep(store: Store, group_id: str, made: _Kept) -> _Kept:
    if store.in_transaction:  # what a write reads may yet be rolled back (and its stamps given again): not kept
        return made
    key = (store.path, group_id)
    with _kept_lock:
        held = _kept.get(key)
        # A newer mark goes before an older one; at the same mark, the one rated further (two reads may rate the
        # same slice at once: either is right, the one further along saves the next read some).
        if (
            held is None
            or held.mark[2] != made.mark[2]
            or held.mark[1] < made.mark[1]
            or (held.mark[1] == made.mark[1] and held.front <= made.front)
        ):
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
    rated = sorted((places[game_id], game_id) for game_id, result in results.items() if result is not None)
    return _rerated(group, players, mark, results, places, rated, (), 0, None)


def _rerated(
    group: dict[str, Any],
    players: groups.PlayersKey,
    mark: groups.Mark,
    results: dict[str, Result | None],
    places: dict[str, Place],
    rated: list[tuple[Place, str]],
    checkpoints: tuple[tuple[int, Rater], ...],
    first: int,
    stale: _Kept | None,
    most: int | None = None,
) -> _Kept:
    """The games of ``rated`` rated from the latest of ``checkpoints`` at or before its ``first`` game (the games
    before it are those the checkpoints rated), the ratings kept along the way: to the end, or, with a ``stale``
    ladder to answer meanwhile, at most ``most`` of them (None: to the end); until the end is reached, the ladder is
    ``stale``'s last one rated to the end, marked ``updating``."""
    every = max(CHECKPOINT_GAMES, len(rated) // CHECKPOINTS)
    usable = [c for c in checkpoints if c[0] <= first]
    start, rater = (usable[-1][0], usable[-1][1].copy()) if usable else (0, Rater())
    end = len(rated) if stale is None or most is None else min(len(rated), start + most)
    kept = [c for c in usable if c[0] % every == 0 and 0 < c[0] < end]
    for n in range(start, end):
        result = results[rated[n][1]]
        if result is not None:  # always: ``rated`` holds the games with a result
            rater.add(result)
        if (n + 1) % every == 0 and n + 1 < end:
            kept.append((n + 1, rater.copy()))
    if end < len(rated) and stale is not None:
        made, edition = replace(stale.ladder, updating=True), stale.edition
    else:
        made, edition = _ladder(group, _names(players), rater, len(rated)), (players, mark)
    return _Kept(mark, players, edition, made, results, places, rated, (*kept, (end, rater)))


def _rated_on(
    kept: _Kept,
    players: groups.PlayersKey,
    mark: groups.Mark,
    games: list[groups.Changed],
    most: int,
    whole: bool = False,
) -> _Kept:
    """``kept`` with the games changed since: the same ladder when no result changed; else the games from the first
    that changed rated again, from the ratings kept before it (only the new ones, when they all finished after
    every game rated): at most ``most`` games (``whole``: all that is left or none), the rest left to the next read.
    A rating again already under way goes on from where it stands, or from before the first game changed since."""
    group = kept.ladder.group
    if not games and not kept.done:  # the rating again goes on, from where it stands: nothing to copy
        if whole and len(kept.rated) - kept.front > most:
            most = 0
        rated_ = kept.rated
        return _rerated(
            group, players, mark, kept.results, kept.places, rated_, kept.checkpoints, len(rated_), kept, most
        )
    results, places = dict(kept.results), dict(kept.places)
    gone: list[tuple[Place, str]] = []
    came: list[tuple[Place, str]] = []
    for change in games:
        result, before = _result(change), kept.results.get(change.id)
        results[change.id], places[change.id] = result, change.finish
        if result == before and (result is None or kept.places.get(change.id) == change.finish):
            continue  # nothing ratings read changed (a hand at a table still playing)
        if before is not None:
            gone.append((kept.places[change.id], change.id))
        if result is not None:
            came.append((change.finish, change.id))
    if not gone and not came and kept.done:
        if players == kept.players:
            return _Kept(mark, players, kept.edition, kept.ladder, results, places, kept.rated, kept.checkpoints)
        made = _ladder(group, _names(players), kept.checkpoints[-1][1], len(kept.rated))
        return _Kept(mark, players, (players, mark), made, results, places, kept.rated, kept.checkpoints)
    rated = list(kept.rated)
    # The first game whose place in the order changed: every game before it is rated as it was.
    first = len(rated)
    for entry in gone:
        at = bisect_left(rated, entry)
        first = min(first, at)
        del rated[at]
    for entry in came:
        insort(rated, entry)
    for entry in came:
        first = min(first, bisect_left(rated, entry))
    start = max((c[0] for c in kept.checkpoints if c[0] <= first), default=0)
    if whole and len(rated) - start > most:
        most = 0  # left to the ladder's page, a slice at a time: only the changes are taken in here
    return _rerated(group, players, mark, results, places, rated, kept.checkpoints, first, kept, most)


def ratings(store: Store, group_id: str) -> dict[str, Any]:
    """The group's ratings as the API answers them (API.md 1.3): the method and the players best first."""
    found = group_ladder(store, group_id)
    return {
        "method": METHOD,
        "games": found.games,
        "updating": found.updating,
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
