"""A group's season: its finished events between two days, scored by the group's points table and each event's
weight (``rules.season`` works the standings out; this module reads what they need and keeps them).

An event counts once it is finished (every planned round paired and closed): its final standings no longer
change with its tables' games, only with the organiser's word, which bumps the event's version. The players of
different events are matched through the games they played: each table's game seats the group's players by id,
so a player renamed since keeps their season, and a merged player counts for whom they were merged into. An
entrant who played no game at an event (only byes, or a withdrawal before their first game) scores nothing from it,
and the others' places are counted among those who played (a player who played and lost is never placed below one
who never sat down); an event where nobody played a game is not counted. A name the games do not seat is matched
as the group matches names (case and spacing ignored); a name the group does not know stands for itself.

Cost: a season counts at most ``SEASON_EVENTS_MAX`` events (the latest; the page says when older ones were left
out). Each counted event's places are kept per event version (``EVENTS_KEPT``), so a season of days not asked
before only adds kept places up; and each season is kept per state (the points table, the events counted with
their versions, weights and days, the group's players): a page read again while nothing changed costs a few
small reads.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from scorekeeper.rules.season import (
    DEFAULT_SEASON_POINTS,
    FIRST_DAY,
    LAST_DAY,
    SEASON_EVENTS_MAX,
    Best,
    EventPlaces,
    read_points_table,
    read_span,
    season_standings,
)
from scorekeeper.services import events, groups
from scorekeeper.services.errors import NotFound, writing
from scorekeeper.store import Store


@dataclass(frozen=True, slots=True)
class SeasonEvent:
    """An event the season counts."""

    id: str
    name: str
    date: str
    weight: float


@dataclass(frozen=True, slots=True)
class SeasonStanding:
    """A player's line: ``player_id`` is the group's player (None for a name the group does not know)."""

    rank: int
    name: str
    player_id: str | None
    points: float
    events: int
    best: tuple[Best, ...]


@dataclass(frozen=True, slots=True)
class Season:
    """A season as its page and the API show it: ``first`` and ``last`` its days, both counted (None: open on that
    side, only the other day said). ``more``: older finished events in these days were left out (past
    ``SEASON_EVENTS_MAX``). Shared by every reader while nothing changes: read it, never change it."""

    first: str | None
    last: str | None
    points: tuple[int, ...]
    default_points: bool
    events: tuple[SeasonEvent, ...]
    standings: tuple[SeasonStanding, ...]
    more: bool
    state: tuple[Any, ...] = ()  # what the season was worked out from: equal states, equal seasons (pages kept)


def today() -> date:
    """The day a season's default year is taken from (UTC, as the events' days are kept)."""
    return datetime.now(UTC).date()


def points_table(store: Store, group_id: str) -> tuple[tuple[int, ...], bool]:
    """The group's points table and whether it is the default one."""
    groups.get(store, group_id)
    return _table(store.group_season_points(group_id))


def _table(kept: str | None) -> tuple[tuple[int, ...], bool]:
    if kept is None:
        return DEFAULT_SEASON_POINTS, True
    return tuple(int(p) for p in json.loads(kept)), False


def set_points_table(store: Store, group_id: str, key: str | None, value: object) -> tuple[int, ...]:
    """The group keeper sets the season's points table (a list, first place first; None: the default again).
    ``Forbidden`` without the group's key; a bad table is refused (``BadInput``, naming the place) and nothing
    changes."""
    groups.check_key(store, group_id, key)
    table = None if value is None else read_points_table(value)
    with writing(store):
        if store.group(group_id) is None:
            raise NotFound("group")
        store.set_group_season_points(group_id, None if table is None else json.dumps(list(table)))
    return DEFAULT_SEASON_POINTS if table is None else table


# An event's final places as the season reads them: each standing's rank and its players, each as (the name the
# event lists, the group player id seated at its games or None when they played none).
_Places = tuple[tuple[int, tuple[tuple[str, str | None], ...]], ...]


# Seasons kept per state for the seasons read most lately in this process (a few KB each, up to a few hundred KB
# for a group of hundreds of players), and each counted event's places per version (a few hundred bytes each).
SEASONS_KEPT = 32
EVENTS_KEPT = 512
_kept: OrderedDict[tuple[str, str, str | None, str | None], tuple[tuple[Any, ...], Season]] = OrderedDict()
_kept_places: OrderedDict[tuple[str, str, int], _Places | None] = OrderedDict()
_kept_lock = threading.Lock()


def season(
    store: Store, group_id: str, first: object = None, last: object = None, names: tuple[str, str] = ("from", "to")
) -> Season:
    """The group's season from day ``first`` to day ``last`` (both counted; one alone: open on the other side;
    neither: this calendar year). Bad days are ``BadInput`` naming the field (``names``: how the asker calls the
    two); an unknown group ``NotFound``."""
    groups.get(store, group_id)
    start, end = read_span(first, last, today(), names)
    kept_table = store.group_season_points(group_id)
    rows = store.group_finished_events(group_id, start or FIRST_DAY, end or LAST_DAY, SEASON_EVENTS_MAX + 1)
    known = store.players(group_id)
    state = (
        kept_table,
        tuple((r["id"], r["version"], r["date"], r["weight"], r["name"]) for r in rows),
        tuple((p["key"], p["merged_into"] or p["id"], p["name"]) for p in known),
    )
    key = (store.path, group_id, start, end)
    with _kept_lock:
        held = _kept.get(key)
        if held is not None and held[0] == state:
            _kept.move_to_end(key)
            return held[1]
    made = _season(store, start, end, _table(kept_table), rows, known, state)
    if not store.in_transaction:
        with _kept_lock:
            _kept[key] = (state, made)
            _kept.move_to_end(key)
            while len(_kept) > SEASONS_KEPT:
                _kept.popitem(last=False)
    return made


def _places(store: Store, event_id: str, version: int) -> _Places | None:
    """A finished event's places (None: not finished after all, reopened since it was listed), kept per version:
    a finished event's places change only with the organiser's word, which bumps its version."""
    key = (store.path, event_id, version)
    with _kept_lock:
        if key in _kept_places:
            _kept_places.move_to_end(key)
            return _kept_places[key]
    event = events.get(store, event_id)
    made: _Places | None = None
    if event.finished:
        tables = [t for r in event.rounds for t in r.tables]
        seated = store.seats([t.game_id for t in tables])
        # Each name the event lists, the player seated under it (names are unique within an event).
        seat_of: dict[str, str] = {}
        for t in tables:
            for side, ids in zip(t.sides, seated.get(t.game_id, []), strict=False):
                listed = event.side(side).players
                if len(listed) == len(ids):
                    seat_of.update(zip(listed, ids, strict=True))
        entrants = {e.id: e for e in event.entrants}
        # Only those who played a game at the event score from it (not a bye alone, nor a withdrawal before their
        # first game), each at their place among them: one place behind each who played and finished above.
        played = [line for line in events.standings_of(event) if line.entrant in entrants and line.played]
        made = tuple(
            (
                1 + sum(other.rank < line.rank for other in played),
                tuple((p, seat_of.get(p)) for p in entrants[line.entrant].players),
            )
            for line in played
        )
    if event.version == version and not store.in_transaction:
        with _kept_lock:
            _kept_places[key] = made
            while len(_kept_places) > EVENTS_KEPT:
                _kept_places.popitem(last=False)
    return made


def _season(
    store: Store,
    start: str | None,
    end: str | None,
    table: tuple[tuple[int, ...], bool],
    rows: list[dict[str, Any]],
    known: list[dict[str, Any]],
    state: tuple[Any, ...],
) -> Season:
    # Each player id and each name key of the group finds its player (a merged one, whom they were merged into).
    by_id = {p["id"]: p for p in known}
    player_of = {p["key"]: by_id[p["merged_into"] or p["id"]] for p in known}
    names: dict[str, tuple[str, str | None]] = {}  # a season player's key: (name shown, group player id)

    def who(name: str, seated: str | None) -> str:
        found = by_id.get(seated) if seated is not None else None
        if found is not None:
            found = by_id.get(found["merged_into"] or found["id"], found)
        else:
            found = player_of.get(groups.name_key(name))
        if found is not None:
            names.setdefault(found["id"], (found["name"], found["id"]))
            return str(found["id"])
        key = "name:" + groups.name_key(name)
        names.setdefault(key, (name, None))  # latest events first: a name as it was written last
        return key

    counted: list[SeasonEvent] = []
    places: list[EventPlaces] = []
    for row in rows[:SEASON_EVENTS_MAX]:
        made = _places(store, row["id"], row["version"])
        if not made:  # reopened since it was listed (a round paired again), or nobody played a game: not counted
            continue
        weight = float(row["weight"])
        counted.append(SeasonEvent(row["id"], row["name"], row["date"], weight))
        places.append(
            EventPlaces(
                row["id"],
                row["name"],
                row["date"],
                weight,
                tuple((rank, tuple(who(name, seated) for name, seated in players)) for rank, players in made),
            )
        )
    # Lines sharing a place are listed by name (the core lists them by key).
    lines = sorted(season_standings(places, table[0]), key=lambda line: (line.rank, names[line.player][0].casefold()))
    return Season(
        start,
        end,
        table[0],
        table[1],
        tuple(counted),
        tuple(
            SeasonStanding(line.rank, names[line.player][0], names[line.player][1], line.points, line.events, line.best)
            for line in lines
        ),
        len(rows) > SEASON_EVENTS_MAX,
        state,
    )
