"""Groups: the people who play together (a family, a bar table, a club), their players and their statistics.

A group is made without an account: an unguessable id (its link) and a group key, shown once and stored only
as a hash, like a game's keeper key. Games started in a group name their players; a name is matched to the
group's player of that name with case and spacing ignored ("anna " is Anna), and a new name makes a new
player. A player renamed keeps their games; two players merged become one, with the games of both.

Statistics are added up from each game's summary (``rules.stats.summarise``), kept per game version in the
database: a read sums the kept summaries and works out only those of games changed since.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.rules.errors import InvalidGameError
from scorekeeper.rules.game import GAME_NAME_MAX, Side, clean_name, clean_text
from scorekeeper.rules.ledger import Game
from scorekeeper.rules.stats import (
    SUMMARY_FORMAT,
    Record,
    finished,
    head_to_head,
    player_stats,
    summarise,
    team_key,
    team_stats,
)
from scorekeeper.rules.text import Join, Msg, listing, msg, nmsg
from scorekeeper.services import games, keys
from scorekeeper.services.errors import Conflict, Forbidden, NotFound, writing
from scorekeeper.store import StorageUnavailable, Store

GROUP_PLAYERS_MAX = 500  # players one group may know; a club is large, but a list of names is not a database
# A group's exports come a page at a time, each linking to the next: a club's thousands of games are not one
# download (each a request that costs a few scoreboards, however many games the group has).
EXPORT_JSON_GAMES = 25  # games whole (every hand) in a page of the JSON export
EXPORT_CSV_GAMES = 250  # games (a row per side, from the kept summaries) in a page of the CSV export
# ``GET /api/v1/groups/<id>`` lists this many games, newest first, with a ``next`` link to the older ones: the
# group's answer stays the same size however many games a club has played.
API_GROUP_GAMES = 50


@dataclass(frozen=True, slots=True)
class Player:
    """A player of a group, as known now."""

    id: str
    name: str


def name_key(name: str) -> str:
    """How names are matched: case and spacing ignored.

    >>> name_key("  anna  MARIA ") == name_key("Anna Maria")
    True
    """
    return " ".join(name.split()).casefold()


def new_group(store: Store, name: object) -> tuple[str, str, str]:
    """Make a group: (its id, its name as kept, its key, shown once)."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidGameError(msg("name must be the group's name, 1 to %(max)s characters", max=GAME_NAME_MAX), "name")
    name = clean_text(name, "name", "game", GAME_NAME_MAX)
    group_id, key = keys.new_id(), keys.new_key()
    with writing(store):
        store.insert_group(group_id, name, keys.hash_key(key))
    return group_id, name, key


def get(store: Store, group_id: str) -> dict[str, Any]:
    """A group's id, name, created and version; ``NotFound`` for none."""
    found = store.group(group_id) if isinstance(group_id, str) and len(group_id) <= 64 else None
    if found is None:
        raise NotFound("group")
    return found


def is_keeper(store: Store, group_id: str, key: str | None) -> bool:
    """True when ``key`` is the group's key."""
    return keys.matches(store.group_key_hash(group_id), key) if key and len(key) <= keys.KEY_MAX else False


def check_key(store: Store, group_id: str, key: str | None) -> None:
    """``NotFound`` for no group, ``Forbidden`` without its key."""
    get(store, group_id)
    if not is_keeper(store, group_id, key):
        raise Forbidden("group")


def players(store: Store, group_id: str) -> list[Player]:
    """The group's players in their own right (merged ones answer for another), in the order they joined."""
    return [Player(r["id"], r["name"]) for r in store.players(group_id) if r["merged_into"] is None]


def player(store: Store, group_id: str, player_id: str) -> Player:
    """One player of the group (a merged id finds whom it was merged into)."""
    rows = {r["id"]: r for r in store.players(group_id)}
    row = rows.get(player_id)
    if row is None:
        raise NotFound("group", msg("this group has no such player; check the link"))
    if row["merged_into"] is not None:
        row = rows[row["merged_into"]]
    return Player(row["id"], row["name"])


def seat_players(store: Store, group_id: str, sides: Sequence[Side]) -> list[list[str]]:
    """The player id of every seat, each name matched to the group's player of that name or made a new player.

    Call inside a write transaction: new players are stored with the game.
    """
    known: dict[str, str] = {}
    rows = store.players(group_id)
    for row in rows:
        known.setdefault(row["key"], row["merged_into"] or row["id"])
    count = len(rows)
    out = []
    for side in sides:
        ids = []
        for name in side.players:
            key = name_key(name)
            if key not in known:
                count += 1
                if count > GROUP_PLAYERS_MAX:
                    raise InvalidGameError(
                        msg("this group knows %(max)s players, the most it may; reuse a name", max=GROUP_PLAYERS_MAX),
                        "sides",
                    )
                known[key] = secrets.token_urlsafe(9)
                store.insert_player(group_id, known[key], " ".join(name.split()), key)
            ids.append(known[key])
        out.append(ids)
    return out


def join(store: Store, group_id: str, game: Game) -> None:
    """Put ``game`` in the group, each seat's name matched to the group's player (inside a write transaction:
    with a new game, ``games.new_game``'s ``also``)."""
    store.join_group(game.id, group_id, seat_players(store, group_id, game.sides))


def add_game(store: Store, group_id: str, game_id: str) -> None:
    """Put a game started on its own into the group, its names matched to the group's players.

    A game belongs to one group: one already in a group (this one or another) is refused.
    """
    get(store, group_id)
    game = games.get(store, game_id).game
    with writing(store):
        if store.game_group(game_id) is not None:
            raise Conflict(msg("this game is in a group already; a game belongs to one group"), "in_group")
        join(store, group_id, game)
        # The scoreboard links to the group: the version moves so that phones following the game refresh.
        store.touch_game(game_id)


def rename(store: Store, group_id: str, player_id: str, name: object) -> Player:
    """Give a player another name; their games stay theirs. A name another player has is refused (merge instead)."""
    current = player(store, group_id, player_id)
    new = clean_name(name, "name", "player")
    for other in players(store, group_id):
        if other.id != current.id and name_key(other.name) == name_key(new):
            raise InvalidGameError(
                msg("%(name)s is another player of this group; merge the two players instead", name=repr(other.name)),
                "name",
            )
    with writing(store):
        store.rename_player(group_id, current.id, new, name_key(new))
    return Player(current.id, new)


def merge(store: Store, group_id: str, player_id: str, into: str) -> Player:
    """Make two players one: every game of ``player_id`` counts for ``into`` (whose name stays)."""
    source = player(store, group_id, player_id)
    try:
        target = player(store, group_id, into)
    except NotFound:
        raise InvalidGameError(msg("into must be the id of another player of this group"), "into") from None
    if source.id == target.id:
        raise InvalidGameError(msg("a player cannot be merged into themselves"), "into")
    with writing(store):
        # Checked inside the write: a game joined the group between the page and the tap counts too.
        met = store.games_together(source.id, target.id)
        if met:
            raise Conflict(met_message(source, target, met), "players_met", field="into")
        store.merge_player(group_id, source.id, target.id)
    return target


# How many of the games two players met in a refused merge names (the rest are counted): a message stays short.
MET_GAMES_SHOWN = 2


def met_message(source: Player, target: Player, met: Sequence[Mapping[str, Any]]) -> Msg:
    """Why two players who held seats in one game cannot be merged: the games, each by its name and its sides,
    and whether the two sat on opposite sides or on one."""
    games: list[Msg] = []
    for row in met[:MET_GAMES_SHOWN]:
        sides = listing((side["name"] for side in json.loads(row["sides"])), Join.COMMA)
        if row["side"] == row["other_side"]:
            games.append(msg("%(game)s (%(sides)s), as partners", game=row["name"], sides=sides))
        else:
            games.append(msg("%(game)s (%(sides)s), as opponents", game=row["name"], sides=sides))
    if len(met) > MET_GAMES_SHOWN:
        games.append(nmsg("%(n)s more game", "%(n)s more games", len(met) - MET_GAMES_SHOWN))
    return msg(
        "%(a)s and %(b)s sat at the same table in %(games)s; two seats of one game cannot be one person, "
        "so nothing was merged",
        a=source.name,
        b=target.name,
        games=listing(games, Join.SEMICOLON),
    )


def game_summaries(store: Store, rows: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each game's summary, by id, from rows of ``id``, ``version``, ``summary_version`` and ``summary`` (as the
    store reads them with the kept summary): those kept for an older version are worked out and kept again."""
    out: dict[str, dict[str, Any]] = {}
    kept = []
    for row in rows:
        if row["summary"] is not None and row["summary_version"] == row["version"]:
            summary = json.loads(row["summary"])
            if summary.get("format") == SUMMARY_FORMAT:
                out[row["id"]] = summary
                continue
            # Kept in an older shape (before draws and families were counted): worked out again, below.
        score = games.get(store, row["id"])
        summary = summarise(score, [[] for _ in score.game.sides])
        out[row["id"]] = summary
        kept.append((row["id"], score.game.version, json.dumps(summary)))
    if kept:
        try:
            with store.write():
                store.put_summaries(kept)
        except StorageUnavailable:
            pass  # a read-only database still answers; the summaries are worked out again next time
    return out


def summaries(store: Store, group_id: str) -> list[dict[str, Any]]:
    """Every game of the group summed up (newest first), with each side's player ids as they are now.

    Summaries are kept per game version; those of games changed since are worked out and kept again.
    """
    return _seated(store, store.group_games(group_id))


def summaries_page(store: Store, group_id: str, after: object, limit: int) -> tuple[list[dict[str, Any]], bool]:
    """A page of the group's games summed up, newest first, as ``summaries`` answers them: at most ``limit``,
    from the game after the game ``after`` (None: from the newest). Also whether older games follow.

    ``after`` that is not the id of a game of this group is refused (``BadInput``), naming what it must be.
    """
    get(store, group_id)
    if after is not None and (
        not isinstance(after, str) or len(after) > GROUP_ID_MAX or store.game_group(after) != group_id
    ):
        raise InvalidGameError(
            msg(
                "after must be the id of a game of this group: the last game of the page "
                "before, as the export's next link gives it"
            ),
            "after",
        )
    rows = store.group_games_page(group_id, after, limit + 1)
    return _seated(store, rows[:limit]), len(rows) > limit


def _seated(store: Store, rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The summaries of these games (rows as the store reads them), each side with its player ids as now."""
    summed = game_summaries(store, rows)
    seats = store.seats([r["id"] for r in rows])
    out = []
    for row in rows:
        summary = summed[row["id"]]
        for i, side in enumerate(summary["sides"]):
            ids = seats.get(row["id"], [])
            side["players"] = ids[i] if i < len(ids) else []
        out.append(summary)
    return out


@dataclass(frozen=True, slots=True)
class Overview:
    """A group as its page and the API show it: the group, its players, their names and records, its games,
    its teams' records and, for each team, the teams it met across a finished game.

    Shared by every reader while the group is unchanged (see ``_added_up``): read it, never change it.
    """

    group: dict[str, Any]
    players: list[Player]
    names: dict[str, str]
    summaries: list[dict[str, Any]]
    records: dict[str, Record]
    teams: dict[str, Record]
    met: dict[str, set[str]]
    finished_games: int = 0  # how many of ``summaries`` are of games finished


# A group's statistics are kept in this process for the groups read most lately, with the mark they are up to date
# with (``Store.group_mark``: the games' count and latest stamp) and the group's players as read then. A read finds
# the mark moved on only when a game of the group changed, joined or was given a result at its table since; then
# only the games stamped since are read (``changed_games``) and their counts taken back and added again: a hand at
# one table costs that one game, never the sum of a club's thousands of games again. The players renamed or merged
# since (every seat of theirs may count for another) is the one change that adds everything up afresh.
GROUPS_KEPT = 16  # groups whose statistics one process keeps (a few MB for a club of thousands of games)
PlayersKey = tuple[tuple[str, str, str | None], ...]  # the group's players as read: (id, name, merged into)
Mark = tuple[int, int, int]  # how far a group's games have changed (``Store.group_mark``)


@dataclass(frozen=True, slots=True)
class Changed:
    """A game of the group as read since a mark: its summary (each side's player ids as now), its place in the
    group's newest-first order (reversed), its place in the order games first finished (``Store.finish_order``)
    and the result its event keeps for its table (JSON, or None)."""

    id: str
    summary: dict[str, Any]
    order: tuple[str, int]
    finish: tuple[str, str, int]
    said: str | None


def changed_games(store: Store, group_id: str, since: int) -> list[Changed]:
    """The group's games stamped after ``since`` (every game for -1), oldest change first, summed up."""
    rows = store.group_changes(group_id, since)
    return [
        Changed(row["id"], summary, row["order"], row["finish"], row["said"])
        for row, summary in zip(rows, _seated(store, rows), strict=True)
    ]


def players_key(store: Store, group_id: str) -> PlayersKey:
    """The group's players as read now: while these stand, every seat of its games names the same player."""
    return tuple((r["id"], r["name"], r["merged_into"]) for r in store.players(group_id))


def follows(before: Mark, players_before: PlayersKey, mark: Mark, players: PlayersKey) -> bool:
    """Whether what was kept at ``before`` can be brought up to ``mark`` from the games stamped since: the same
    epoch (no restore since), no game fewer, and the players those kept with new players after them (none renamed
    nor merged since: every seat kept still names the same player)."""
    return (
        mark[2] == before[2]
        and mark[0] >= before[0]
        and mark[1] >= before[1]
        and players[: len(players_before)] == players_before
        and all(p[2] is None for p in players[len(players_before) :])
    )


@dataclass(frozen=True, slots=True)
class _Kept:
    """A group's statistics and what they were added up from: kept between reads, never changed."""

    mark: Mark
    players: PlayersKey
    overview: Overview
    order: dict[str, tuple[str, int]]  # each game's place in the newest-first order (reversed)
    oldest: list[dict[str, Any]]  # each game's summary, as counted, oldest first (``summaries`` reversed)
    at: dict[str, int]  # each game's index in ``oldest``
    meets: dict[str, dict[str, int]]  # for each team, the teams met across a finished game: how many times


_kept: OrderedDict[tuple[str, str], _Kept] = OrderedDict()  # by (db, group)
_kept_lock = threading.Lock()


def _added_up(store: Store, group_id: str) -> Overview:
    """The group's overview, brought up to date with the games changed since it was last added up here."""
    mark = store.group_mark(group_id) if isinstance(group_id, str) and len(group_id) <= GROUP_ID_MAX else None
    if mark is None:
        raise NotFound("group")
    group = get(store, group_id)
    # Read after the mark: as new as it, or newer (the games changed after it are read again next time).
    now = players_key(store, group_id)
    key = (store.path, group_id)
    with _kept_lock:
        kept = _kept.get(key)
        if kept is not None:
            _kept.move_to_end(key)
    if kept is not None and kept.mark == mark and kept.players == now:
        seen = kept.overview
        return seen if seen.group == group else replace(seen, group=group)
    bring_up = kept is not None and follows(kept.mark, kept.players, mark, now)
    games = changed_games(store, group_id, kept.mark[1] if kept is not None and bring_up else -1)
    # A game joined between the players' read and the games' with a new player seats someone not read: the players
    # are read again, and counted as they are then (kept under those read first: newer ones are added next time,
    # and a player renamed or merged meanwhile has everything added up afresh next time).
    counted, keep = now, not store.in_transaction  # (what a write reads may yet be rolled back: not kept)
    ids = {p[0] for p in now}
    if any(pid not in ids for c in games for side in c.summary["sides"] for pid in side["players"]):
        later = players_key(store, group_id)
        if follows(mark, now, mark, later):
            counted = later
        else:
            keep = False
    if kept is not None and bring_up:
        made = replace(_brought_up(kept, group, counted, mark, games), players=now)
    else:
        made = replace(_afresh(group, counted, mark, games), players=now)
    if not keep:
        return made.overview
    with _kept_lock:
        held = _kept.get(key)
        if held is None or held.mark[2] != mark[2] or held.mark[1] <= mark[1]:
            _kept[key] = made
            _kept.move_to_end(key)
        while len(_kept) > GROUPS_KEPT:
            _kept.popitem(last=False)
    return made.overview


def _own(players: PlayersKey) -> tuple[list[Player], dict[str, str]]:
    known = [Player(pid, name) for pid, name, into in players if into is None]
    return known, {p.id: p.name for p in known}


def _team_keys(summary: Mapping[str, Any]) -> list[str]:
    return [team_key(side["players"]) for side in summary["sides"] if len(side["players"]) > 1]


def _afresh(group: dict[str, Any], players: PlayersKey, mark: Mark, games: list[Changed]) -> _Kept:
    """Every game of the group added up."""
    known, names = _own(players)
    order = {c.id: c.order for c in games}
    summed = sorted((c.summary for c in games), key=lambda s: order[s["id"]], reverse=True)
    teams = team_stats(summed, names)
    # The teams each team met on the other side of a finished game: one tap to their head to head.
    meets: dict[str, dict[str, int]] = {key: {} for key in teams}
    for summary in finished(summed):
        keys_ = _team_keys(summary)
        for one in keys_:
            for other in keys_:
                if other != one:
                    meets[one][other] = meets[one].get(other, 0) + 1
    met = {key: set(others) for key, others in meets.items()}
    done = sum(1 for s in summed if s["finished"])
    seen = Overview(group, known, names, summed, player_stats(summed, names), teams, met, done)
    oldest = summed[::-1]
    return _Kept(mark, players, seen, order, oldest, {s["id"]: i for i, s in enumerate(oldest)}, meets)


def _brought_up(kept: _Kept, group: dict[str, Any], players: PlayersKey, mark: Mark, games: list[Changed]) -> _Kept:
    """``kept`` with the games changed since taken back (as counted then) and counted again (as they are now), and
    the players who joined since: equal to the group added up afresh, at the cost of the games changed."""
    known, names = _own(players)
    before = kept.overview
    order, oldest, at = dict(kept.order), list(kept.oldest), dict(kept.at)
    records, teams, meets = dict(before.records), dict(before.teams), dict(kept.meets)
    done = before.finished_games
    newest = oldest[-1]["id"] if oldest else None
    added: list[dict[str, Any]] = []  # the games new since, to go after the others (or in their place)
    for pid, name in names.items():
        records.setdefault(pid, Record(name))
    copied: set[str] = set()  # records, teams and meetings copied for this change (the kept ones are shared)

    def record(pid: str) -> Record:
        if pid not in copied:
            records[pid] = records[pid].copy()
            copied.add(pid)
        return records[pid]

    def team(key_: str, sides: list[str]) -> Record:
        if "team " + key_ not in copied:
            if key_ in teams:
                teams[key_] = teams[key_].copy()
            else:
                members = sorted((names.get(p, "?") for p in sides), key=str.casefold)
                teams[key_] = Record(" & ".join(members))
            copied.add("team " + key_)
        return teams[key_]

    def meet(one: str, other: str, by: int) -> None:
        if "meets " + one not in copied:
            meets[one] = dict(meets.get(one, {}))
            copied.add("meets " + one)
        count = meets[one].get(other, 0) + by
        if count:
            meets[one][other] = count
        else:
            del meets[one][other]

    touched: set[str] = set()  # the teams whose record changed
    for change in games:
        old, new = (oldest[at[change.id]] if change.id in at else None), change.summary
        if old == new:
            continue  # its version moved on, not what it counts (a hand recorded then deleted, a round paired)
        done += bool(new["finished"]) - bool(old is not None and old["finished"])
        order[change.id] = change.order
        place = change.order

        def newer(counted: tuple[Any, ...], place: tuple[str, int] = place) -> bool:
            return place > order[counted[0]]

        if old is not None and old["finished"]:
            for i, side in enumerate(old["sides"]):
                for pid in side["players"]:
                    if pid in records:
                        record(pid).remove(old, i)
                if len(side["players"]) > 1:
                    touched.add(team_key(side["players"]))
                    team(team_key(side["players"]), side["players"]).remove(old, i)
            keys_ = _team_keys(old)
            for one in keys_:
                for other in keys_:
                    if other != one:
                        meet(one, other, -1)
        if new["finished"]:
            for i, side in enumerate(new["sides"]):
                for pid in side["players"]:
                    if pid in records:
                        record(pid).add(new, i, newer=newer)
                if len(side["players"]) > 1:
                    touched.add(team_key(side["players"]))
                    team(team_key(side["players"]), side["players"]).add(new, i, newer=newer)
            keys_ = _team_keys(new)
            for one in keys_:
                for other in keys_:
                    if other != one:
                        meet(one, other, +1)
        if old is not None:
            oldest[at[change.id]] = new
        else:
            added.append(new)
    for key_ in touched:  # a team with no finished game left is not listed
        if not teams[key_].games:
            del teams[key_]
            meets.pop(key_, None)
    if added:
        added.sort(key=lambda s: order[s["id"]])
        if newest is not None and order[added[0]["id"]] < order[newest]:
            # A game made before the newest joined since (a game played on its own, put in the group): in its place.
            oldest = sorted([*oldest, *added], key=lambda s: order[s["id"]])
            at = {s["id"]: i for i, s in enumerate(oldest)}
        else:
            for summary in added:
                at[summary["id"]] = len(oldest)
                oldest.append(summary)
    met = before.met
    if touched:  # the teams met change only for the teams of the games changed
        met = dict(met)
        for key_ in touched:
            if key_ in teams:
                met[key_] = set(meets.get(key_, {}))
            else:
                met.pop(key_, None)
    seen = Overview(group, known, names, oldest[::-1], records, teams, met, done)
    return _Kept(mark, players, seen, order, oldest, at, meets)


def overview(store: Store, group_id: str) -> Overview:
    """The group with its players' records over its games (summed up newest first)."""
    return _added_up(store, group_id)


def stats(store: Store, group_id: str) -> dict[str, Any]:
    """The statistics of every player and team of the group over its finished games."""
    seen = _added_up(store, group_id)
    known, by_player, teams = seen.players, seen.records, seen.teams
    return {
        "players": [{"id": p.id, **by_player[p.id].to_dict()} for p in known],
        "teams": [{"id": key, **record.to_dict()} for key, record in sorted(teams.items(), key=lambda kv: kv[1].name)],
        "finished_games": seen.finished_games,
    }


def player_record(store: Store, group_id: str, player_id: str) -> tuple[Player, Record, list[dict[str, Any]]]:
    """One player's record and the group's game summaries."""
    found = player(store, group_id, player_id)
    seen = _added_up(store, group_id)
    # A player who joined after the statistics were read (their first game just started) has no game counted yet.
    return found, seen.records.get(found.id) or Record(found.name), seen.summaries


def versus(store: Store, group_id: str, a: str, b: str) -> dict[str, Any]:
    """Head to head between two players (by id or by name) or two teams (``id+id``)."""
    sides = []
    known = players(store, group_id)
    for which, value in (("a", a), ("b", b)):
        sides.append(_who(store, group_id, known, value, which))
    if set(sides[0]) & set(sides[1]):
        raise InvalidGameError(msg("choose two different players (or teams with no player in common)"), "b")
    result = head_to_head(_added_up(store, group_id).summaries, sides[0], sides[1])
    names = {p.id: p.name for p in known}
    named = [sorted((names[p] for p in side), key=str.casefold) for side in sides]
    return {**result, "a": named[0], "b": named[1], "a_ids": sides[0], "b_ids": sides[1]}


def _who(store: Store, group_id: str, known: list[Player], value: object, field: str) -> list[str]:
    """A player's id (given by id or by name) or a team's ids (``id+id``), checked against the group."""
    if not isinstance(value, str) or not value.strip() or len(value) > 400:
        raise InvalidGameError(msg("name a player of the group (their name or id)"), field)
    by_key = {name_key(p.name): p.id for p in known}
    out = []
    for part in value.split("+"):
        if name_key(part) in by_key:
            out.append(by_key[name_key(part)])
            continue
        try:
            out.append(player(store, group_id, part.strip()).id)
        except NotFound:
            raise InvalidGameError(
                msg("%(name)s is not a player of this group", name=repr(part.strip()[:40])), field
            ) from None
    return sorted(set(out))


__all__ = ["Forbidden", "NotFound", "Player", "name_key", "team_key"]


# --- what pages ask of groups ------------------------------------------------------------------------------------

GROUP_ID_MAX = 64  # a longer id is not one of ours, and is not looked up


@dataclass(frozen=True, slots=True)
class GroupInfo:
    """A group as a page names and links it (its players and statistics are asked for apart)."""

    id: str
    name: str
    created: str
    version: int


def _info(row: Mapping[str, Any] | None) -> GroupInfo | None:
    return GroupInfo(row["id"], row["name"], row["created"], row["version"]) if row is not None else None


def find(store: Store, group_id: object) -> GroupInfo | None:
    """The group with this id, or None (no such group, or not an id at all)."""
    if not isinstance(group_id, str) or not group_id or len(group_id) > GROUP_ID_MAX:
        return None
    return _info(store.group(group_id))


def found(store: Store, group_ids: Sequence[str]) -> list[GroupInfo]:
    """The groups among ``group_ids`` that exist, in the order given (a phone's list may name groups gone)."""
    return [g for g in (find(store, group_id) for group_id in group_ids) if g is not None]


def of_game(store: Store, game_id: str) -> GroupInfo | None:
    """The group a game is played in, or None for a game on its own (or no such game)."""
    group_id = store.game_group(game_id)
    return find(store, group_id) if group_id is not None else None
