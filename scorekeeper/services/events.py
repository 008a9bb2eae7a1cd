"""Club nights and tournaments: an event's entrants, its rounds paired one at a time, its tables (each an
ordinary game) and its standings, live as the tables' games go on.

An event is made without an account: an unguessable id and an organiser key, shown once and stored only as a
hash. Each table's keeper key is made from the organiser key and the table's own random seed (an HMAC), so the
organiser can print a table's card, with its keeper link, at any time, and nobody else can make it.

A baraonda (tables of four, partners changing every round) lists single players: each table's game has two
sides of two players, a side stored as its players' entrant ids joined by "+" ("3+7"), and each player scores
their partnership's result.

A table's result is its game's, read live from the game until the round is closed; closing a round keeps the
results as they stand (a hand corrected later on a table's phone no longer changes a closed round). The
organiser's word (a corrected result, a forfeit) goes before both. Pairing the next round closes the current
one, which needs every table's result.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import math
import secrets
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from scorekeeper.rules import DeckStyle, Rules, Side, check_sides
from scorekeeper.rules.errors import InvalidGameError, ScorekeeperError, excerpt
from scorekeeper.rules.events import (
    BARAONDA_ENTRANTS_MIN,
    ENTRANTS_MAX,
    ENTRANTS_MIN,
    PAIRINGS,
    ROUNDS_MAX,
    SINGLES_TABLE,
    TABLE_SIZES,
    MatchPoints,
    Pairing,
    Result,
    Standing,
    baraonda_playable,
    baraonda_round,
    fixed_table_size,
    partners,
    partnership,
    players_a_line,
    round_playable,
    round_robin_round,
    rounds_for,
    split_pair,
    standings,
    swiss_round,
    tiebreaks_of,
)
from scorekeeper.rules.game import GAME_NAME_MAX, clean_name, clean_text
from scorekeeper.rules.ledger import Game
from scorekeeper.rules.season import WEIGHT_DEFAULT, read_date, read_weight
from scorekeeper.rules.seats import team_name
from scorekeeper.rules.text import msg, nmsg
from scorekeeper.services import games, groups, keys
from scorekeeper.services.errors import Conflict, Forbidden, NotFound, writing
from scorekeeper.store import Store

GAME_POINTS_MAX = 999  # a corrected result's game points


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player, or a fixed pair, as the event knows them: ``id`` is their place in the list, from 1."""

    id: str
    name: str
    players: tuple[str, ...]
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round: its game and its result as it stands (``state`` says where that comes from:
    "playing", "finished" (its game), "corrected" or "forfeit" (the organiser), "closed" (kept at the close))."""

    round: int
    number: int
    game_id: str
    sides: tuple[str, str]
    seed: str
    result: Result
    state: str
    totals: tuple[int, int]
    hands: int

    @property
    def seated(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The entrants on each side: one each, or, in a baraonda, a partnership of two players whose side is
        written as their entrant ids joined by "+" ("3+7")."""
        return (partners(self.sides[0]), partners(self.sides[1]))


@dataclass(frozen=True, slots=True)
class Round:
    """A round: its tables, and who sat it out (the bye of an odd count; in a round-robin, also the opponents
    of players who left)."""

    number: int
    byes: tuple[str, ...]
    closed: bool
    tables: list[Table]

    @property
    def bye(self) -> str | None:
        return self.byes[0] if self.byes else None

    @property
    def done(self) -> bool:
        return all(t.result.done for t in self.tables)


@dataclass(frozen=True, slots=True)
class Event:
    id: str
    name: str
    created: str
    group_id: str | None
    pairing: str
    planned: int
    table_size: int
    rules: Rules
    deck_style: DeckStyle
    match_points: MatchPoints
    version: int
    entrants: list[Entrant]
    rounds: list[Round] = field(default_factory=list)
    weight: float = WEIGHT_DEFAULT  # how much the event counts in its group's season
    date: str = ""  # the day it is played, YYYY-MM-DD

    def entrant(self, entrant_id: str) -> Entrant:
        for e in self.entrants:
            if e.id == entrant_id:
                return e
        raise NotFound("event", msg("this event has no entrant %(id)s", id=entrant_id), "entrant")

    def side(self, side: str) -> Entrant:
        """A table's side as an entrant: an entrant, or a baraonda's partnership ("3+7": "Anna & Carla", both
        players, withdrawn only if both are)."""
        ids = partners(side)
        if len(ids) == 1:
            return self.entrant(side)
        members = [self.entrant(e) for e in ids]
        players = tuple(p for m in members for p in m.players)
        return Entrant(side, team_name(players), players, all(m.withdrawn for m in members))

    @property
    def baraonda(self) -> bool:
        return self.pairing == "baraonda"

    @property
    def names(self) -> dict[str, str]:
        """Every entrant's name by id, and in a baraonda every partnership's seated at a table ("3+7")."""
        names = {e.id: e.name for e in self.entrants}
        if self.baraonda:
            players = {e.id: e.players for e in self.entrants}
            for r in self.rounds:
                for t in r.tables:
                    for side, seated in zip(t.sides, t.seated, strict=True):
                        if side not in names:
                            names[side] = team_name([p for e in seated for p in players[e]])
        return names

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def finished(self) -> bool:
        return len(self.rounds) >= self.planned and all(r.closed for r in self.rounds)

    def table(self, round_: int, number: int) -> Table:
        for r in self.rounds:
            for t in r.tables:
                if t.round == round_ and t.number == number:
                    return t
        raise NotFound("event", msg("this event has no table %(n)s in round %(r)s", n=number, r=round_), "table")


# --- making an event -----------------------------------------------------------------------------------------


def read_entrants(value: object, pairing: str, table_size: int) -> list[tuple[str, tuple[str, ...]]]:
    """The entrants as sent: names (a pair for each table of four: two names in a list, or the names in twos; a
    baraonda's one name each, ``players_a_line``)."""
    if not isinstance(value, list) or not value:
        raise InvalidGameError(
            msg('players must list the names of the players, e.g. ["Anna", "Bruno", "Carla"]'), "players"
        )
    rows: list[tuple[str, ...]] = []
    if fixed_table_size(pairing) is not None:
        for i, v in enumerate(value):
            if not isinstance(v, str):
                raise InvalidGameError(
                    msg("players[%(i)s] must be a name: in a baraonda each player is listed alone", i=i),
                    f"players[{i}]",
                )
            if len(split_pair(v)) > 1:
                raise InvalidGameError(
                    msg(
                        "%(line)s: a baraonda lists one player a line (partners change every round): write each "
                        "name on a line of its own",
                        line=excerpt(v),
                    ),
                    f"players[{i}]",
                )
            rows.append((v,))
        if not baraonda_playable(len(rows)):
            raise InvalidGameError(
                msg("a baraonda needs at least %(min)s players, one table of four", min=BARAONDA_ENTRANTS_MIN),
                "players",
            )
    elif table_size == 4 and all(isinstance(v, str) for v in value):
        if len(value) % 2:
            raise InvalidGameError(
                msg(
                    "tables of four seat fixed pairs: list the players two by two (an even "
                    "number of names), or each pair as a list of two names"
                ),
                "players",
            )
        rows = [(value[i], value[i + 1]) for i in range(0, len(value), 2)]
    else:
        for i, v in enumerate(value):
            if isinstance(v, str) and table_size == 2:
                rows.append((v,))
            elif isinstance(v, list) and table_size == 4 and len(v) == 2 and all(isinstance(n, str) for n in v):
                rows.append((v[0], v[1]))
            elif table_size == 2:
                raise InvalidGameError(msg("players[%(i)s] must be a name", i=i), f"players[{i}]")
            else:
                raise InvalidGameError(msg("players[%(i)s] must be a pair of names", i=i), f"players[{i}]")
    if not ENTRANTS_MIN <= len(rows) <= ENTRANTS_MAX:
        raise InvalidGameError(
            msg(
                "an event needs %(min)s to %(max)s players or pairs, not %(n)s",
                min=ENTRANTS_MIN,
                max=ENTRANTS_MAX,
                n=len(rows),
            ),
            "players",
        )
    out = []
    seen: set[str] = set()
    for i, row in enumerate(rows):
        names = tuple(clean_name(n, f"players[{i}]", "player") for n in row)
        for n in names:
            if groups.name_key(n) in seen:
                raise InvalidGameError(msg("%(name)s is listed twice", name=n), f"players[{i}]")
            seen.add(groups.name_key(n))
        label = team_name(names)
        out.append((label, names))
    return out


def new_event(
    store: Store,
    *,
    name: object,
    players: object,
    pairing: object = "swiss",
    rounds: object = None,
    table_size: object = None,
    rules: Rules = Rules(),
    deck_style: DeckStyle = DeckStyle.ITALIAN,
    match_points: MatchPoints = MatchPoints(),
    group_id: str | None = None,
    weight: object = None,
    date: object = None,
) -> tuple[str, str]:
    """Make an event; returns its id and its organiser key (shown once).

    ``weight`` is how much it counts in its group's season (1 by default), ``date`` the day it is played
    (YYYY-MM-DD, by default the day it is made)."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidGameError(msg("name must be the event's name, 1 to %(max)s characters", max=GAME_NAME_MAX), "name")
    name = clean_text(name, "name", "game", GAME_NAME_MAX)
    if pairing not in PAIRINGS:
        raise InvalidGameError(msg('pairing must be "swiss", "round_robin" or "baraonda"'), "pairing")
    fixed = fixed_table_size(pairing)
    if table_size is None:
        table_size = fixed or SINGLES_TABLE  # unsaid: the tables the pairing seats, else one against one
    if table_size not in TABLE_SIZES or isinstance(table_size, bool):
        raise InvalidGameError(msg("table_size must be 2 (one against one) or 4 (two pairs)"), "table_size")
    assert isinstance(table_size, int)
    if fixed is not None and table_size != fixed:
        raise InvalidGameError(msg("a baraonda seats two partnerships a table: table_size must be 4"), "table_size")
    weight = WEIGHT_DEFAULT if weight is None or weight == "" else read_weight(weight)
    date = datetime.now(UTC).date().isoformat() if date is None or date == "" else read_date(date)
    entrants = read_entrants(players, pairing, table_size)
    # Every table must be a game these rules allow: two players, or two pairs (a baraonda's first four players).
    if pairing == "baraonda":
        first = [names[0] for _, names in entrants[:4]]
        sample = [Side(team_name(first[0::2]), tuple(first[0::2])), Side(team_name(first[1::2]), tuple(first[1::2]))]
    else:
        sample = [Side(label, names) for label, names in entrants[:2]]
    try:
        check_sides(sample, rules)
    except ScorekeeperError as err:
        raise InvalidGameError(err.message, "rules") from None
    most = min(ROUNDS_MAX, rounds_for(pairing, len(entrants)))
    if rounds is None:
        # A round-robin plays its whole schedule, a baraonda as many rounds as give everyone new partners; a Swiss
        # event, enough rounds to find one winner (log2 of the field, rounded up), as Swiss events usually do.
        rounds = (
            most if pairing in ("round_robin", "baraonda") else min(most, max(1, math.ceil(math.log2(len(entrants)))))
        )
    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= most:
        raise InvalidGameError(
            msg("rounds must be a whole number from 1 to %(max)s for %(n)s entrants", max=most, n=len(entrants)),
            "rounds",
        )
    event_id, key = keys.new_id(), keys.new_key()
    row = {
        "id": event_id,
        "name": name,
        "key_hash": keys.hash_key(key),
        "group_id": group_id,
        "pairing": pairing,
        "rounds": rounds,
        "table_size": table_size,
        "rules": json.dumps(rules.to_dict()),
        "deck_style": deck_style.value,
        "match_points": json.dumps(match_points.to_dict()),
        "weight": weight,
        "date": date,
    }
    listed = [
        {"id": str(i), "position": i, "name": label, "players": json.dumps(names)}
        for i, (label, names) in enumerate(entrants, start=1)
    ]
    with writing(store):
        store.insert_event(row, listed)
    return event_id, key


# --- reading -----------------------------------------------------------------------------------------------------


# --- events kept per edition --------------------------------------------------------------------------------------
#
# A festival's event is a thousand tables and more: reading it means every table's game summary, and its
# standings every result. Its page, its big screen, the API and the exports are asked for by every phone and
# screen following it, so the event read (and its standings) is kept per edition (``edition``: the event's own
# version and its tables' games' versions), for the most recently read KEPT_EVENTS events. A kept event is
# never changed: the dataclasses are frozen and nothing here writes into their lists.

KEPT_EVENTS = 32


# A table is worked out from its row and its game's summary, and a game's version names its hands: each kept event
# also keeps its tables by what they were worked out from (``_row_key``), so that reading the event again after a
# change works out only the tables whose row or game changed (one hand saved, one round paired).
RowKey = tuple[Any, ...]


@dataclass
class _Kept:
    edition: tuple[int, int]
    event: Event
    standings: list[Standing] | None = None
    tables: dict[RowKey, Table] = field(default_factory=dict)


def _row_key(row: Mapping[str, Any], version: int | None = None) -> RowKey:
    """What a table is worked out from: its row, and its game's version (``version`` if given)."""
    return (
        row["round"],
        row["number"],
        row["game_id"],
        row["version"] if version is None else version,
        row["side0"],
        row["side1"],
        row["seed"],
        row["result"],
        row["closed_result"],
    )


_kept: OrderedDict[tuple[str, str], _Kept] = OrderedDict()
_kept_lock = threading.Lock()


def get(store: Store, event_id: str) -> Event:
    """The event with its rounds and every table's result as it stands (one small query when it is kept)."""
    if not isinstance(event_id, str):
        raise NotFound("event")
    edition = store.event_edition(event_id)
    if edition is None:
        raise NotFound("event")
    key = (store.path, event_id)
    with _kept_lock:
        held = _kept.get(key)
        if held is not None and held.edition == edition:
            _kept.move_to_end(key)
            return held.event
        known = held.tables if held is not None else {}
    event, tables = _read(store, event_id, known)
    # Kept only when read outside a write (which may yet be rolled back) and nothing changed while it was read:
    # the edition is the same after as before, so no change was committed in between.
    if not store.in_transaction and store.event_edition(event_id) == edition:
        with _kept_lock:
            _kept[key] = _Kept(edition, event, tables=tables)
            _kept.move_to_end(key)
            while len(_kept) > KEPT_EVENTS:
                _kept.popitem(last=False)
    return event


def is_kept(store: Store, event_id: str) -> bool:
    """Whether the event is kept as it is now: ``get`` then costs one small query, not a read of every table."""
    edition = store.event_edition(event_id) if isinstance(event_id, str) else None
    with _kept_lock:
        held = _kept.get((store.path, event_id))
    return edition is not None and held is not None and held.edition == edition


def _read(store: Store, event_id: str, known: Mapping[RowKey, Table]) -> tuple[Event, dict[RowKey, Table]]:
    """The event, and its tables by what each was worked out from; a table found in ``known`` (an earlier read's)
    is taken as it is, the others worked out from their game's summary."""
    row = store.event(event_id)
    if row is None:
        raise NotFound("event")
    entrants = [
        Entrant(e["id"], e["name"], tuple(json.loads(e["players"])), bool(e["withdrawn"]))
        for e in store.event_entrants(event_id)
    ]
    table_rows = store.event_tables(event_id)
    keyed = [(_row_key(t), t) for t in table_rows]
    summaries = groups.game_summaries(store, [t for k, t in keyed if k not in known])
    tables: dict[RowKey, Table] = {}
    rounds: dict[int, list[Table]] = {}
    for k, t in keyed:
        table = known.get(k) or _table(t, summaries[t["game_id"]])
        tables[k] = table
        rounds.setdefault(t["round"], []).append(table)
    event = Event(
        id=row["id"],
        name=row["name"],
        created=row["created"],
        group_id=row["group_id"],
        pairing=row["pairing"],
        planned=row["rounds"],
        table_size=row["table_size"],
        rules=Rules.from_dict(json.loads(row["rules"])),
        deck_style=DeckStyle.parse(row["deck_style"]),
        match_points=MatchPoints.parse(json.loads(row["match_points"])),
        version=row["version"],
        entrants=entrants,
        weight=row["weight"] if row.get("weight") is not None else WEIGHT_DEFAULT,
        date=row.get("date") or row["created"][:10],
        rounds=[
            Round(
                r["number"],
                tuple(r["bye"].split(",")) if r["bye"] else (),
                r["closed"] is not None,
                rounds.get(r["number"], []),
            )
            for r in store.event_rounds(event_id)
        ],
    )
    return event, tables


def _table(row: Mapping[str, Any], summary: Mapping[str, Any]) -> Table:
    sides = (row["side0"], row["side1"])
    totals = (summary["totals"][0], summary["totals"][1])
    # A game that ended as a draw (``end: "draw"``: equal top totals at the target) is a drawn table: each
    # entrant has the draw's match points, and the game points count as for any finished game.
    finished = bool(summary["finished"])
    live = Result(
        row["round"],
        sides,
        totals,
        winner=summary["winner"] if finished else None,
        draw=finished and summary["winner"] is None,
    )
    state = "finished" if summary["finished"] else "playing"
    if row["closed_result"]:
        live, state = _result(row["round"], sides, json.loads(row["closed_result"])), "closed"
    if row["result"]:
        said = json.loads(row["result"])
        live, state = _result(row["round"], sides, said), "forfeit" if said.get("forfeit") else "corrected"
    return Table(row["round"], row["number"], row["game_id"], sides, row["seed"], live, state, totals, summary["hands"])


def _result(round_: int, sides: tuple[str, str], said: Mapping[str, Any]) -> Result:
    return Result(
        round_,
        sides,
        (said["points"][0], said["points"][1]),
        winner=said.get("winner"),
        draw=bool(said.get("draw")),
        forfeit=bool(said.get("forfeit")),
    )


def _said(result: Result) -> str:
    return json.dumps(
        {"points": list(result.points), "winner": result.winner, "draw": result.draw, "forfeit": result.forfeit}
    )


def standings_of(event: Event) -> list[Standing]:
    """The standings now: closed rounds and the current round's finished tables, byes included (worked out once
    for a kept event)."""
    with _kept_lock:
        held = next((k for k in _kept.values() if k.event is event), None)
    if held is not None and held.standings is not None:
        return held.standings
    results = [t.result for r in event.rounds for t in r.tables]
    byes = [b for r in event.rounds for b in r.byes]
    made = standings(
        [e.id for e in event.entrants], results, byes, event.match_points, keys=tiebreaks_of(event.pairing)
    )
    if held is not None:
        held.standings = made
    return made


def state(store: Store, event_id: str) -> int:
    """A number that changes with the event and with any of its tables' games (the big screen polls it)."""
    value = store.event_state(event_id)
    if value is None:
        raise NotFound("event")
    return value


def edition(store: Store, event_id: str) -> tuple[int, int]:
    """What names one content of the event and its tables' games (pages made from them are kept under it)."""
    value = store.event_edition(event_id)
    if value is None:
        raise NotFound("event")
    return value


# --- the organiser -----------------------------------------------------------------------------------------------


def is_organiser(store: Store, event_id: str, key: str | None) -> bool:
    row = store.event(event_id)
    return row is not None and keys.matches(row["key_hash"], key)


def check_key(store: Store, event_id: str, key: str | None) -> None:
    if store.event(event_id) is None:
        raise NotFound("event")
    if not is_organiser(store, event_id, key):
        raise Forbidden("event")


def table_key(organiser_key: str, seed: str) -> str:
    """A keeper key made from a secret and a table's seed: made again whenever a table card is printed."""
    digest = hmac.new(organiser_key.encode(), b"table:" + seed.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode().rstrip("=")


# A table's game whose seed starts so has the keeper key ``table_key(card_key(organiser key, number), seed)``:
# the reusable card of table ``number`` carries ``card_key``, from which the server makes that key again for
# whichever round's game the table plays now. Seeds without it (events paired before) keep
# ``table_key(organiser key, seed)``, printed afresh for each round.
CARD_SEED = "c."


def card_key(organiser_key: str, number: int) -> str:
    """The key on table ``number``'s reusable card: unguessable without the organiser key, the same every round."""
    digest = hmac.new(organiser_key.encode(), f"card:{number}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode().rstrip("=")


def keeper_key(organiser_key: str, number: int, seed: str) -> str:
    """The keeper key of the game at table ``number`` with ``seed`` (see ``CARD_SEED``)."""
    if seed.startswith(CARD_SEED):
        return table_key(card_key(organiser_key, number), seed)
    return table_key(organiser_key, seed)


@dataclass(frozen=True, slots=True)
class CardGame:
    """What a reusable table card opens: the game table ``number`` plays in round ``round`` and its keeper key."""

    round: int
    number: int
    game_id: str
    key: str


def card_game(store: Store, event_id: str, number: int, key: str) -> CardGame:
    """The game table ``number`` plays in the event's latest round, for the card key ``key``.

    ``NotFound`` (field "table") when no round is paired yet or the latest round has no table ``number``, saying
    so; ``Forbidden`` when ``key`` is not that table's card key (checked against the game's keeper key: the
    server keeps no card key).
    """
    event = get(store, event_id)
    current = event.current
    if current is None:
        raise NotFound("event", msg("no round of this event is paired yet: the cards work once it is"), "table")
    found = next((t for t in current.tables if t.number == number), None)
    if found is None:
        raise NotFound(
            "event",
            msg(
                "table %(n)s has no game in round %(r)s: this round is played at tables 1 to %(last)s",
                n=number,
                r=current.number,
                last=len(current.tables),
            ),
            "table",
        )
    if not found.seed.startswith(CARD_SEED) or not isinstance(key, str) or len(key) > keys.KEY_MAX:
        raise Forbidden("event")
    game_key = table_key(key, found.seed)
    if not games.is_keeper(store, found.game_id, game_key):
        raise Forbidden("event")
    return CardGame(current.number, number, found.game_id, game_key)


class _MovedOn(Exception):
    """The event changed between reading it and writing what was worked out from it (an entrant withdrew or
    arrived, a result was corrected, a round was paired or closed): what was worked out is not written."""


PAIRING_TRIES = 3  # a pairing the event moved on from is worked out afresh this many times in all


# Told the number of games a pairing is about to start, before any is: the web counts them against the asking
# address's budget for new games, and refuses the pairing (raises) when they would go over.
BeforeGames = Callable[[int], None]


def pair_next(
    store: Store, event_id: str, key: str, number: object = None, before_games: BeforeGames | None = None
) -> Round:
    """Pair the next round (closing the current one, whose tables must all have a result) and start its games.

    ``number``, when given, is the round meant: a round already paired is answered as it is (a double tap, a
    retry, two organisers' phones at once pair it once). ``before_games(n)`` is called with the number of games
    the round is about to start, before any is started; what it raises is raised, nothing paired.

    The pairing is worked out from the event as read, then written only if the event is still as read (checked
    in the write transaction): a withdrawal or a late arrival acknowledged meanwhile is never left out; the round
    is paired afresh with it instead.
    """
    check_key(store, event_id, key)
    for _ in range(PAIRING_TRIES):
        try:
            return _pair_next(store, event_id, key, number, before_games)
        except _MovedOn:
            continue
    raise Conflict(
        msg(
            "the event kept changing on another phone (withdrawals, late arrivals or results) while "
            "the next round was being paired; nothing was paired. Look at the entrants, then pair the "
            "round again"
        ),
        field="round",
    )


def _pair_next(store: Store, event_id: str, key: str, number: object, before_games: BeforeGames | None) -> Round:
    event = get(store, event_id)
    if number is not None:
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(event.rounds) + 1:
            raise InvalidGameError(msg("number must be the round to pair: %(n)s", n=len(event.rounds) + 1), "number")
        if number <= len(event.rounds):
            return event.rounds[number - 1]
    current = event.current
    if current and not current.closed:
        close_round(store, event_id, key, current.number)
        event = get(store, event_id)
    if len(event.rounds) >= event.planned:
        raise Conflict(
            nmsg(
                "the event's only round has been played",
                "all %(n)s rounds of this event have been played",
                event.planned,
            ),
            field="rounds",
        )
    number = len(event.rounds) + 1
    playing = [e.id for e in event.entrants if not e.withdrawn]
    if not round_playable("swiss", len(playing)):
        raise Conflict(msg("a round needs at least two entrants still playing"), field="players")
    if event.pairing == "round_robin":
        everyone = [e.id for e in event.entrants]
        pairs, bye = round_robin_round(everyone, number)
        # The schedule stays as it is: a withdrawn entrant's opponent has the round off, as a bye.
        gone = {e.id for e in event.entrants if e.withdrawn}
        kept = [(a, b) for a, b in pairs if a not in gone and b not in gone]
        freed = [x for a, b in pairs if a in gone or b in gone for x in (a, b) if x not in gone]
        byes = ([bye] if bye and bye not in gone else []) + freed
        pairs = kept
    elif event.baraonda:
        pairs, byes = _baraonda(event, playing, event.rounds)
    else:
        pairing = _swiss(event, playing)
        pairs, byes = pairing.pairs, [pairing.bye] if pairing.bye else []
    return _start_round(store, event, key, number, pairs, byes, before_games=before_games)


def finish(store: Store, event_id: str, key: str) -> Event:
    """End the event after the rounds played (an evening whose players left, or ran out of time): an open round
    after the first that nobody has begun (no hand at any table, no result given: only byes, or tables just
    paired) is taken out, byes and all; another open round is closed first (every table must have a result).
    The rounds planned become the rounds played, so the event is finished: its standings final, counted in its
    group's season. Ending an event already over changes nothing; one with no round played cannot end (it would
    have no standings)."""
    check_key(store, event_id, key)
    event = get(store, event_id)
    if event.finished:
        return event
    current = event.current
    if current is None:
        raise Conflict(msg("no round has been played yet: there is nothing to end"), field="round")
    if current.number > 1 and not current.closed and all(t.state == "playing" and t.hands == 0 for t in current.tables):
        with writing(store):
            # Read again in the write: a hand saved or a round paired meanwhile on another phone is seen.
            rounds = store.event_rounds(event_id)
            numbers = [t.number for t in current.tables]
            if (
                len(rounds) != current.number
                or rounds[-1]["closed"]
                or store.started_event_tables(event_id, current.number, numbers)
                or any(t["result"] for t in store.event_tables(event_id) if t["round"] == current.number)
            ):
                raise Conflict(
                    msg("round %(n)s changed meanwhile (on another phone?): look at it again", n=current.number),
                    field="round",
                )
            store.drop_event_tables(event_id, current.number, numbers)
            store.drop_event_round(event_id, current.number)
            store.set_event_rounds(event_id, current.number - 1)
        return get(store, event_id)
    if not current.closed:
        close_round(store, event_id, key, current.number)
    with writing(store):
        # What the end depends on is read in its own write: a round paired meanwhile on another phone is seen.
        rounds = store.event_rounds(event_id)
        if not all(r["closed"] for r in rounds):
            raise Conflict(
                msg("round %(n)s changed meanwhile (on another phone?): look at it again", n=len(rounds)),
                field="round",
            )
        store.set_event_rounds(event_id, len(rounds))
    return get(store, event_id)


def _baraonda(
    event: Event, playing: list[str], before: Sequence[Round], seated: Sequence[Table] = ()
) -> tuple[list[tuple[str, str]], list[str]]:
    """A baraonda round of ``playing`` after the rounds ``before`` (and tables ``seated`` of the round already
    playing): its tables as pairs of partnerships ("3+7", "1+5") and its byes."""
    if not baraonda_playable(len(playing)):
        raise Conflict(
            msg(
                "a baraonda round needs at least %(n)s players still playing: end the evening here instead (its "
                "standings are then final)",
                n=BARAONDA_ENTRANTS_MIN,
            ),
            field="players",
        )
    table = {line.entrant: line for line in standings_of(event)}
    ranked = [line.entrant for line in sorted(table.values(), key=lambda line: line.rank) if line.entrant in playing]
    partnered: Counter[frozenset[str]] = Counter()
    faced: Counter[frozenset[str]] = Counter()
    for t in [t for r in before for t in r.tables] + list(seated):
        a, b = t.seated
        partnered[frozenset(a)] += 1
        partnered[frozenset(b)] += 1
        for x in a:
            for y in b:
                faced[frozenset((x, y))] += 1
    had_byes = Counter(b for r in before for b in r.byes)
    made = baraonda_round(ranked, partnered, faced, had_byes, [e.id for e in event.entrants])
    return [(partnership(x), partnership(y)) for x, y in made.tables], made.byes


def _swiss(event: Event, playing: list[str]) -> Pairing:
    table = {line.entrant: line for line in standings_of(event)}
    ranked = [line.entrant for line in sorted(table.values(), key=lambda line: line.rank) if line.entrant in playing]
    met = {frozenset(t.sides) for r in event.rounds for t in r.tables}
    had_bye = [b for r in event.rounds for b in r.byes]
    return swiss_round(ranked, {e: table[e].match_points for e in ranked}, met, had_bye)


def _start_round(
    store: Store,
    event: Event,
    key: str,
    number: int,
    pairs: Sequence[tuple[str, str]],
    byes: Sequence[str],
    numbers: Sequence[int] | None = None,
    new_round: bool = True,
    replacing: Sequence[int] = (),
    before_games: BeforeGames | None = None,
) -> Round:
    """Start a game for each pair (one transaction each, then the round): tables ``numbers`` (1, 2, ...).

    ``new_round`` False pairs round ``number`` again, dropping its tables ``replacing`` (none of them started).
    Raises ``_MovedOn`` if the event changed since ``event`` was read, and ``Conflict`` if a hand was saved
    meanwhile at one of the tables to drop: both checked in the transaction that writes the round, so that what
    it was worked out from still holds when it is written. Games started for a pairing not written stay unused
    (nobody has their keys). ``before_games(n)`` is told the games about to be started, before the first."""
    numbers = list(numbers) if numbers is not None else list(range(1, len(pairs) + 1))
    touched: list[dict[str, Any]] = []
    if before_games is not None and pairs:
        before_games(len(pairs))
    made = []
    for (a, b), table_number in zip(pairs, numbers, strict=True):
        sides = [_side(event, a), _side(event, b)]
        seed = CARD_SEED + secrets.token_urlsafe(12)
        also = None
        if event.group_id:

            def also(game: Game, group_id: str = event.group_id) -> None:
                groups.join(store, group_id, game)

        name = f"{event.name} · R{number} T{table_number}"[:GAME_NAME_MAX]
        game, _ = games.new_game(
            store, name, sides, event.rules, event.deck_style, also, keeper_key(key, table_number, seed)
        )
        made.append((table_number, game.id, (a, b), seed))
    with writing(store):
        # Checked again under the write lock: two phones pairing at once pair the round once (the other's games,
        # never reached, stay unused).
        paired = {r["number"]: r for r in store.event_rounds(event.id)}
        if new_round and number in paired:
            made = []  # paired meanwhile: answered as it is, below
        elif (store.event(event.id) or {}).get("version") != event.version:
            # Every change to the entrants, the rounds or the organiser's results bumps the event's version.
            raise _MovedOn()
        elif new_round:
            store.insert_event_round(event.id, number, ",".join(byes) or None)
        else:
            # A table's games never change the event's version: whether a hand was saved at a table to drop is
            # read again here, and the hand's own transaction refuses it once the table is dropped
            # (games.record_hand).
            started = store.started_event_tables(event.id, number, list(replacing))
            if started:
                raise Conflict(
                    msg(
                        "a hand was saved at table %(tables)s while round %(n)s was being paired again, "
                        "so it plays on as it is; nothing was paired again. Look at the round, then pair "
                        "it again if it still needs it",
                        tables=", ".join(str(t) for t in started),
                        n=number,
                    ),
                    field="round",
                )
            store.drop_event_tables(event.id, number, list(replacing))
            store.set_event_bye(event.id, number, ",".join(byes) or None)
        for table_number, game_id, sides_, seed in made:
            store.insert_event_table(event.id, number, table_number, game_id, sides_, seed)
        if made:
            # A finished game's scoreboard names each side's table in the latest round: the phones still showing
            # the round just played refresh. (Those of earlier rounds are read afresh when opened: moving every
            # earlier game on would make a pairing cost the whole event's history.) Only the games' versions move
            # on, not their hands: each summary kept for a game's version now (made of its hands alone) is kept for
            # its next, so the event's next read scores none of them again.
            touched = store.event_tables(event.id, number - 1)
            store.touch_event_games(event.id, number - 1)
            store.put_summaries(
                [
                    (row["game_id"], row["version"] + 1, row["summary"])
                    for row in touched
                    if row["summary"] is not None and row["summary_version"] == row["version"]
                ]
            )
    # Written: the tables kept for the games' old versions are theirs at the new ones too (the next read works out
    # only the new tables).
    _carry_tables(store, event.id, touched)
    return get(store, event.id).rounds[number - 1]


def _carry_tables(store: Store, event_id: str, touched: Sequence[Mapping[str, Any]]) -> None:
    """Keep the tables of the kept event that were worked out for these rows at their games' next version, which a
    committed write gave them without changing their hands (``touch_event_games``)."""
    with _kept_lock:
        held = _kept.get((store.path, event_id))
        if held is None:
            return
        for row in touched:
            table = held.tables.get(_row_key(row))
            if table is not None:
                held.tables[_row_key(row, row["version"] + 1)] = table


def _side(event: Event, side: str) -> Side:
    """A table's side as its game seats it: an entrant, or a baraonda's partnership (the game of four seats the
    two sides' players in turn, so partners sit opposite)."""
    entrant = event.side(side)
    return Side(entrant.name, entrant.players)


def close_round(store: Store, event_id: str, key: str, number: int) -> None:
    """Close a round: every table must have a result; each is kept as it stands."""
    check_key(store, event_id, key)
    event = get(store, event_id)
    if not 1 <= number <= len(event.rounds):
        raise NotFound("event", msg("this event has no round %(n)s", n=number), "round")
    played = event.rounds[number - 1]
    if played.closed:
        return
    waiting = [t.number for t in played.tables if not t.result.done]
    if waiting:
        raise Conflict(
            msg(
                "round %(r)s cannot be closed while tables are still playing: %(tables)s",
                r=number,
                tables=", ".join(str(n) for n in waiting),
            ),
            field="round",
        )
    with writing(store):
        store.close_event_round(event_id, number, {t.number: _said(t.result) for t in played.tables})


def set_result(
    store: Store, event_id: str, key: str, round_: int, number: int, outcome: object, points: object = None
) -> Table:
    """The organiser's word on a table: ``outcome`` is "0" or "1" (that side won), "draw", "forfeit:0" or
    "forfeit:1" (that side forfeits: the other wins, no game points counted), or "game" (back to the game's)."""
    check_key(store, event_id, key)
    event = get(store, event_id)
    table = event.table(round_, number)
    if outcome == "game":
        said = None
    else:
        forfeit = isinstance(outcome, str) and outcome.startswith("forfeit:")
        side = outcome.split(":", 1)[1] if forfeit and isinstance(outcome, str) else outcome
        if side not in ("0", "1", "draw", 0, 1) or (forfeit and side == "draw"):
            raise InvalidGameError(
                msg(
                    'outcome must be "0" or "1" (that side won), "draw", "forfeit:0" or '
                    '"forfeit:1" (that side forfeits), or "game"'
                ),
                "outcome",
            )
        if forfeit:
            result = Result(round_, table.sides, (0, 0), winner=1 - int(side), forfeit=True)
        else:
            shown = table.totals if points is None else points
            if (
                not isinstance(shown, (list, tuple))
                or len(shown) != 2
                or not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= GAME_POINTS_MAX for p in shown)
            ):
                raise InvalidGameError(
                    msg("points must be the two sides' game points, 0 to %(max)s each", max=GAME_POINTS_MAX), "points"
                )
            draw = side == "draw"
            result = Result(round_, table.sides, (shown[0], shown[1]), winner=None if draw else int(side), draw=draw)
        said = _said(result)
    with writing(store):
        store.set_table_result(event_id, round_, number, said)
    return get(store, event_id).table(round_, number)


def withdraw(store: Store, event_id: str, key: str, entrant_id: str, withdrawn: bool = True) -> Entrant:
    """An entrant leaves (or comes back): later rounds pair the others. Once the event is over its final standings
    stay as they are (checked in the write's own transaction)."""
    check_key(store, event_id, key)
    with writing(store):
        event = get(store, event_id)
        event.entrant(entrant_id)
        if event.finished:
            raise Conflict(msg("the event is over"), field="entrant")
        store.withdraw_entrant(event_id, entrant_id, withdrawn)
    return get(store, event_id).entrant(entrant_id)


def add_entrant(store: Store, event_id: str, key: str, name: object) -> Entrant:
    """A late arrival: a name (for tables of four, a pair: "Anna & Carla" or two names in a list), paired from the
    next round, or at once by pairing the open round again. A round-robin's schedule is made for the players
    listed at its start: it takes nobody once it has begun.

    What the arrival depends on (the rounds begun, the entrants listed) is read in the write transaction that
    lists them: a round paired or a player listed on another phone meanwhile is seen."""
    check_key(store, event_id, key)
    joining = _check_joining(store, event_id)[0]
    # A pair at tables of four, else (a baraonda's late arrival too) one name.
    per_line = players_a_line(joining["pairing"], joining["table_size"])
    if per_line == 2 and isinstance(name, str):
        name = split_pair(name)
    if per_line == 1 and isinstance(name, str):
        names: tuple[str, ...] = (clean_name(name, "name", "player"),)
    elif per_line == 2 and isinstance(name, list) and len(name) == 2 and all(isinstance(n, str) for n in name):
        names = tuple(clean_name(n, "name", "player") for n in name)
    else:
        what = (
            msg("name must be the player's name")
            if per_line == 1
            else msg('name must be a pair: "Anna & Carla", or two names in a list')
        )
        raise InvalidGameError(what, "name")
    label = team_name(names)
    with writing(store):
        row, entrants = _check_joining(store, event_id)
        listed = {groups.name_key(n) for e in entrants for n in json.loads(e["players"])}
        for n in names:
            if groups.name_key(n) in listed or names.count(n) > 1:
                raise InvalidGameError(msg("%(name)s is listed twice", name=n), "name")
        count = len(entrants)
        entrant_id = store.add_entrant(event_id, label, json.dumps(names))
        # A round-robin meant to play its whole schedule still does, now one entrant longer.
        if row["pairing"] == "round_robin" and row["rounds"] == min(ROUNDS_MAX, rounds_for("round_robin", count)):
            store.set_event_rounds(event_id, min(ROUNDS_MAX, rounds_for("round_robin", count + 1)))
    return get(store, event_id).entrant(entrant_id)


def _check_joining(store: Store, event_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Whether the event takes a late arrival now; its row and its entrants as they stand. Called before the name
    is read (a refusal says first what matters most) and again in the write transaction that lists the arrival."""
    row = store.event(event_id)
    if row is None:
        raise NotFound("event")
    rounds = store.event_rounds(event_id)
    entrants = store.event_entrants(event_id)
    if len(rounds) >= row["rounds"] and all(r["closed"] for r in rounds):
        raise Conflict(msg("the event is over"), field="name")
    if row["pairing"] == "round_robin" and rounds:
        raise Conflict(
            msg(
                "a round-robin's schedule is fixed once it has begun: a player can join a Swiss "
                "event, or a round-robin before its first round"
            ),
            field="name",
        )
    if len(entrants) >= ENTRANTS_MAX:
        raise InvalidGameError(msg("an event takes at most %(max)s players or pairs", max=ENTRANTS_MAX), "name")
    return row, entrants


def repair(store: Store, event_id: str, key: str, before_games: BeforeGames | None = None) -> Round:
    """Pair the open round again among its tables whose games have not started (a player left, or arrived):
    tables with a hand played stay as they are; a bye is given again if the count needs one. Each table is a new
    game: ``before_games`` is told how many, as for ``pair_next``."""
    check_key(store, event_id, key)
    event = get(store, event_id)
    current = event.current
    if current is None or current.closed:
        raise Conflict(msg("there is no open round to pair again"), field="round")
    unstarted = [t for t in current.tables if t.hands == 0 and t.state in ("playing", "finished")]
    pool = [e for t in unstarted for side in t.seated for e in side] + list(current.byes)
    pool = [e for e in pool if not event.entrant(e).withdrawn]
    # Entrants who came back (no longer withdrawn) and are not at any table of this round join the pool.
    seated = {e for t in current.tables for side in t.seated for e in side} | set(current.byes)
    pool += [e.id for e in event.entrants if not e.withdrawn and e.id not in seated]
    if event.baraonda:
        # The tables that play on keep their players; the others are seated again among those left, with the
        # partnerships and opponents of the tables playing on counted as met.
        kept = [t for t in current.tables if t not in unstarted]
        before = _without_round(event)
        if baraonda_playable(len(pool)):
            pairs, byes = _baraonda(before, pool, before.rounds, kept)
        else:
            # Too few left for a table (as pairing the next round would say): they sit this round out, which can
            # then be closed, and the evening ended (``finish``).
            pairs, byes = [], pool
    elif event.pairing == "round_robin":
        # A round-robin's schedule is fixed: the re-paired tables keep their pairs where both still play.
        pairs = [t.sides for t in unstarted if all(e in pool for e in t.sides)]
        left = [e for e in pool if not any(e in p for p in pairs)]
        pairs += [(left[i], left[i + 1]) for i in range(0, len(left) - 1, 2)]
        byes = [left[-1]] if len(left) % 2 else []
    else:
        table = {line.entrant: line for line in standings_of(_without_round(event))}
        ranked = [line.entrant for line in sorted(table.values(), key=lambda line: line.rank) if line.entrant in pool]
        met = {frozenset(t.sides) for r in event.rounds[:-1] for t in r.tables}
        had_bye = [b for r in event.rounds[:-1] for b in r.byes]
        pairing = swiss_round(ranked, {e: table[e].match_points for e in ranked}, met, had_bye)
        pairs, byes = pairing.pairs, [pairing.bye] if pairing.bye else []
    # The tables freed are used again, lowest first, then new ones after the round's last.
    top = max((t.number for t in current.tables), default=0)
    numbers = sorted(t.number for t in unstarted) + list(range(top + 1, top + 1 + len(pairs)))
    try:
        return _start_round(
            store,
            event,
            key,
            current.number,
            pairs,
            byes,
            numbers[: len(pairs)],
            new_round=False,
            replacing=[t.number for t in unstarted],
            before_games=before_games,
        )
    except _MovedOn:
        raise Conflict(
            msg("round %(n)s changed meanwhile (on another phone?): look at it again", n=current.number), field="round"
        ) from None


def _without_round(event: Event) -> Event:
    """The event as it stood before its open round (for pairing that round again)."""
    return replace(event, rounds=event.rounds[:-1])


# --- what pages ask of events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EventInfo:
    """An event as a page names and links it (its rounds and standings are ``get``'s)."""

    id: str
    name: str


@dataclass(frozen=True, slots=True)
class GameTable:
    """Where a game is played in an event: the event (its id and name), the round and the table's number.

    ``latest`` is the event's latest round paired; when it is a later one, ``next_tables`` says where this
    table's entrants sit in it: (name, table number), or (name, 0) for one who sits it out.
    """

    event_id: str
    name: str
    round: int
    number: int
    latest: int = 0
    next_tables: tuple[tuple[str, int], ...] = ()


def found(store: Store, event_ids: Sequence[str]) -> list[EventInfo]:
    """The events among ``event_ids`` that exist, in the order given (a phone's list may name events gone)."""
    rows = (store.event(event_id) for event_id in event_ids if isinstance(event_id, str))
    return [EventInfo(row["id"], row["name"]) for row in rows if row is not None]


def table_of_game(store: Store, game_id: str) -> GameTable | None:
    """The event, round and table a game is played at, or None for a game outside any event."""
    row = store.event_of_game(game_id)
    if row is None:
        return None
    event_id, played = row["event_id"], row["round"]
    latest = max((r["number"] for r in store.event_rounds(event_id)), default=played)
    next_tables: list[tuple[str, int]] = []
    if latest > played:
        tables = store.event_tables(event_id)
        sides = next((t["side0"], t["side1"]) for t in tables if t["round"] == played and t["number"] == row["number"])
        # Each entrant's seat (in a baraonda, each player's: partnerships change from round to round).
        seats = {
            e: t["number"]
            for t in tables
            if t["round"] == latest
            for s in (t["side0"], t["side1"])
            for e in partners(s)
        }
        names = {e["id"]: e["name"] for e in store.event_entrants(event_id)}
        next_tables = [(names.get(e, e), seats.get(e, 0)) for s in sides for e in partners(s)]
    return GameTable(event_id, row["name"], played, row["number"], latest, tuple(next_tables))
