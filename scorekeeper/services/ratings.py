"""A group's ratings and its ladder (``rules.ratings``), worked out from the group's finished games.

Derived, never stored: each read rates the group's finished games again, in the order they first finished
(``Store.finish_order``), from the summaries the group's statistics already keep per game version
(``groups.summaries``: each side's players as they are now, merged players resolved). So a corrected or deleted
hand changes the ratings exactly as if the games had been played that way, and nothing can drift. A game played at
an event's table is rated as the event keeps it: the organiser's word on that table when they gave one
(``events.set_result``), else the result kept when its round closed (a hand corrected at the table afterwards no
longer changes the event, so it does not change the ratings either): the same result the event's standings and the
season count.

Rating a club's thousand games takes tens of milliseconds, so the answer is kept per state of the group
(``Store.group_state``, as the statistics are, with the organiser's words on its games' tables, which change
without the group or its games changing): read again while nothing changed, it costs two indexed reads.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.ratings import METHOD, Rating, from_summary, ladder, rate
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
# What a group's ratings depend on: its state (``Store.group_state``) and the result an event keeps for each of its
# games played at an event's table, by game id (``Store.group_table_results``).
State = tuple[tuple[int, int, int], tuple[tuple[str, str], ...]]
_kept: OrderedDict[tuple[str, str], tuple[State, Ladder]] = OrderedDict()
_kept_lock = threading.Lock()


def state(store: Store, group_id: str) -> State | None:
    """What the group's ratings depend on: a page made of them is kept under it. None for no group."""
    ok = isinstance(group_id, str) and len(group_id) <= groups.GROUP_ID_MAX
    group = store.group_state(group_id) if ok else None
    if group is None:
        return None
    return group, tuple(store.group_table_results(group_id).items())


def group_ladder(store: Store, group_id: str) -> Ladder:
    """The group's ladder (``NotFound`` for no group), rated afresh only when the group changed since."""
    now = state(store, group_id)
    if now is None:
        raise NotFound("group")
    key = (store.path, group_id)
    with _kept_lock:
        kept = _kept.get(key)
        if kept is not None and kept[0] == now:
            _kept.move_to_end(key)
            return kept[1]
    # Read after the state: as new as it, or newer (then rated again at the next read). The summaries alone, not
    # the group's statistics (``groups.overview``), which would cost more than the ratings themselves.
    group = groups.get(store, group_id)
    names = {p.id: p.name for p in groups.players(store, group_id)}
    by_id = {s["id"]: s for s in groups.summaries(store, group_id)}
    # The event's kept result read as the event reads it (its round and entrants do not matter here).
    said = {game_id: events._result(0, ("", ""), json.loads(word)) for game_id, word in now[1]}
    in_order = (
        from_summary(by_id[game_id], said.get(game_id)) for game_id in store.finish_order(group_id) if game_id in by_id
    )
    results = [result for result in in_order if result is not None]
    rated = {p: r for p, r in rate(results).items() if p in names}
    found = Ladder(group, names, tuple(ladder(rated, names)), len(results))
    with _kept_lock:
        _kept[key] = (now, found)
        _kept.move_to_end(key)
        while len(_kept) > RATINGS_KEPT:
            _kept.popitem(last=False)
    return found


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
