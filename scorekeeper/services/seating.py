"""Where one entrant of an event sits: the read behind every player's own page (``/e/<event>/p/<entrant>``).

A player at a club night wants to know, without finding the organiser, where to sit now, with whom and against
whom, how their table stands, where they stand in the event and, once it is paired, where they sit next. All of
it is read from the event as ``events.get`` keeps it (one small query while nothing changed) and its standings
(worked out once per edition): a player's page costs a look through one round's tables, never the whole event.

It shows nothing the event's public page does not: the names at each table, the results and the standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.rules.events import ENTRANTS_MAX, Standing
from scorekeeper.rules.text import msg
from scorekeeper.services import events
from scorekeeper.services.errors import NotFound
from scorekeeper.services.events import Entrant, Event, Table
from scorekeeper.store import Store

# Entrant ids are their places in the list, 1 to the core's ENTRANTS_MAX (late arrivals included: an event takes no
# more): anything longer than the last one's digits is no entrant and is answered at once, without looking through
# the list. A player's own page has no longer address, and a QR code is drawn for none (web/common/qr.py).
ENTRANT_ID_MAX = len(str(ENTRANTS_MAX))


@dataclass(frozen=True, slots=True)
class Seat:
    """Where the entrant sits in one round: at table ``table`` (its ``Table``, with the game and the result as
    it stands), or, ``table`` None, out of the round with a bye.

    ``partners`` are the other players on the entrant's side (in a baraonda, the partner drawn for the round; a
    fixed pair is one entrant, so its own two players are not each other's partners here), ``opponents`` the
    players on the other side. ``outcome`` is "won", "lost" or "draw" once the table has a result, else None.
    """

    round: int
    table: Table | None
    partners: tuple[str, ...] = ()
    opponents: tuple[str, ...] = ()
    outcome: str | None = None

    @property
    def bye(self) -> bool:
        return self.table is None


@dataclass(frozen=True, slots=True)
class Seating:
    """What an entrant's own page shows.

    ``seat`` is where they sit in the latest round paired (None before the first round, or when that round
    seats them nowhere: they left, or arrived after it was paired). ``waiting_for`` is the round they wait for
    when their part in the latest one is over (or they are not in it) and the event has rounds still to pair;
    ``last_round_on`` says that the latest round is the event's last and is still being played or closed.
    ``standing`` is their line in the standings (None if the standings have none for them), ``field`` how many
    lines the standings have.
    """

    event: Event
    entrant: Entrant
    round: int
    seat: Seat | None
    waiting_for: int | None
    last_round_on: bool
    standing: Standing | None
    field: int

    @property
    def finished(self) -> bool:
        return self.event.finished

    @property
    def withdrawn(self) -> bool:
        return self.entrant.withdrawn


def of(store: Store, event_id: str, entrant_id: str) -> Seating:
    """Where entrant ``entrant_id`` of event ``event_id`` sits now: ``NotFound`` for no such event or entrant."""
    event = events.get(store, event_id)
    check_id(event, entrant_id)
    return seating(event, events.standings_of(event), entrant_id)


def check_id(event: Event, entrant_id: object) -> Entrant:
    """The event's entrant ``entrant_id``, or ``NotFound`` (field "entrant") saying which ids the event has."""
    if isinstance(entrant_id, str) and len(entrant_id) <= ENTRANT_ID_MAX:
        for entrant in event.entrants:
            if entrant.id == entrant_id:
                return entrant
    raise NotFound(
        "event",
        msg(
            "this event has no entrant %(id)s: its own pages are numbered 1 to %(last)s, in the order of the list",
            id=str(entrant_id)[:ENTRANT_ID_MAX],
            last=len(event.entrants),
        ),
        "entrant",
    )


def seating(event: Event, standings: Sequence[Standing], entrant_id: str) -> Seating:
    """Where entrant ``entrant_id`` sits in ``event`` with ``standings`` (the event's, as ``standings_of`` gives
    them): a pure function of its arguments."""
    entrant = check_id(event, entrant_id)
    latest = event.current
    seat = seat_in(event, latest.number, entrant_id) if latest else None
    more = len(event.rounds) < event.planned
    if event.finished or entrant.withdrawn or not more:
        waiting_for = None
    elif latest is None or latest.closed or seat is None or seat.bye or seat.outcome is not None:
        waiting_for = len(event.rounds) + 1
    else:
        waiting_for = None
    line = next((s for s in standings if s.entrant == entrant_id), None)
    return Seating(
        event=event,
        entrant=entrant,
        round=latest.number if latest else 0,
        seat=seat,
        waiting_for=waiting_for,
        last_round_on=latest is not None and not more and not event.finished,
        standing=line,
        field=len(standings),
    )


def seat_in(event: Event, round_: int, entrant_id: str) -> Seat | None:
    """Where the entrant sits in round ``round_``: a table, a bye, or None (not in that round)."""
    if not 1 <= round_ <= len(event.rounds):
        return None
    played = event.rounds[round_ - 1]
    if entrant_id in played.byes:
        return Seat(round_, None)
    players = {e.id: e.players for e in event.entrants}
    for table in played.tables:
        seated = table.seated
        for side in (0, 1):
            if entrant_id not in seated[side]:
                continue
            partners = tuple(p for e in seated[side] if e != entrant_id for p in players.get(e, ()))
            opponents = tuple(p for e in seated[1 - side] for p in players.get(e, ()))
            return Seat(round_, table, partners, opponents, _outcome(table, side))
    return None


def _outcome(table: Table, side: int) -> str | None:
    result = table.result
    if result.draw:
        return "draw"
    if result.winner is None:
        return None
    return "won" if result.winner == side else "lost"
