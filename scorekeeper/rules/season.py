"""A club's season: its group's finished events between two dates, scored by a points table and each event's weight.

This module holds the season's limits and how its inputs are read (the points table a group sets, an event's
weight and date), so that the API, the pages and the services ask one place.

>>> read_points_table([25, 18, 15])
(25, 18, 15)
>>> read_weight("1.5")
1.5
>>> read_date("2026-11-27")
'2026-11-27'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from .errors import InvalidGameError, excerpt
from .text import msg

# The points for 1st, 2nd, 3rd ... in an event of weight 1 (the motor-racing table clubs know); places past the
# table score nothing.
DEFAULT_SEASON_POINTS = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)
SEASON_PLACES_MAX = 64  # a points table's length
SEASON_PLACE_POINTS_MAX = 1000  # the points of one place
WEIGHT_DEFAULT = 1.0
WEIGHT_MIN, WEIGHT_MAX = 0.0, 10.0  # 0: an event played but not counted (a friendly night); 2: a final
DATE_FORMAT = "YYYY-MM-DD"
# The years a day may fall in: wide enough for any club's records and plans, narrow enough that a slip of the
# keyboard (0001, 9999) is caught rather than kept.
YEAR_MIN, YEAR_MAX = 1900, 2999
FIRST_DAY, LAST_DAY = f"{YEAR_MIN}-01-01", f"{YEAR_MAX}-12-31"  # the ends of a span left open
_DATE_TEXT = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)
# A weight as typed: digits, and at most two decimals after a point or a comma ("1", "1.5", "1,25").
_WEIGHT_TEXT = re.compile(r"\d{1,2}(?:[.,]\d{1,2})?", re.ASCII)
WEIGHT_TEXT_MAX = 12  # the characters of a weight's text read at all (spaces around it included)
# A season counts at most this many events (the latest of its days): a weekly club night for a year and its
# finals, and a bound on what one season read costs however long a group keeps playing.
SEASON_EVENTS_MAX = 60
# A printed season sheet (one A4 page, however long the names): its first players, and its latest events counted.
SHEET_LINES, SHEET_EVENTS = 25, 20
# The season's page lists its first players (a club of hundreds stays one quick page on a phone); the rest are in
# the API's answer, whose link the page gives.
PAGE_LINES = 100


def read_points_table(value: object, field: str = "season_points") -> tuple[int, ...]:
    """A points table as sent: a list of whole numbers, first place first, none below a later one."""
    if not isinstance(value, list) or not value or len(value) > SEASON_PLACES_MAX:
        raise InvalidGameError(
            msg(
                "%(field)s must list the points for 1st, 2nd, 3rd ... place (1 to %(max)s numbers), e.g. [25, 18, 15]",
                field=field,
                max=SEASON_PLACES_MAX,
            ),
            field,
        )
    points: list[int] = []
    for i, item in enumerate(value):
        if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item <= SEASON_PLACE_POINTS_MAX:
            raise InvalidGameError(
                msg(
                    "place %(n)s's points must be a whole number from 0 to %(max)s, not %(got)s",
                    n=i + 1,
                    max=SEASON_PLACE_POINTS_MAX,
                    got=excerpt(item),
                ),
                f"{field}[{i}]",
            )
        if points and item > points[-1]:
            raise InvalidGameError(
                msg(
                    "place %(n)s cannot score more than place %(before)s (%(points)s)",
                    n=i + 1,
                    before=i,
                    points=points[-1],
                ),
                f"{field}[{i}]",
            )
        points.append(item)
    return tuple(points)


POINTS_TEXT_MAX = SEASON_PLACES_MAX * 6  # a points table typed in a form: 64 numbers of up to 4 digits, and commas


def read_points_text(text: object, field: str = "season_points") -> tuple[int, ...]:
    """A points table typed in a form: whole numbers separated by commas (or spaces), first place first.

    >>> read_points_text("25, 18,15 12")
    (25, 18, 15, 12)
    >>> read_points_text("25, x")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidGameError: place 2's points must be a whole number from 0 to 1000, not 'x'
    """
    if not isinstance(text, str) or len(text) > POINTS_TEXT_MAX:
        return read_points_table(None, field)
    words = text.replace(",", " ").replace(";", " ").split()
    numbers: list[object] = [int(w) if w.isascii() and w.isdigit() and len(w) < 6 else w for w in words]
    return read_points_table(numbers, field)


def read_weight(value: object, field: str = "weight") -> float:
    """An event's weight in the season: a number from WEIGHT_MIN to WEIGHT_MAX with at most two decimals (a text
    of one too, from a form: "1.5" or "1,5"). More decimals are refused rather than rounded unseen: the season
    adds weights up in hundredths.

    >>> read_weight("1,25"), read_weight(2)
    (1.25, 2.0)
    """
    number: float | None = None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = float(value)
    elif isinstance(value, str) and len(value) <= WEIGHT_TEXT_MAX and _WEIGHT_TEXT.fullmatch(value.strip()):
        number = float(value.strip().replace(",", "."))
    if number is None or number != number or not WEIGHT_MIN <= number <= WEIGHT_MAX or round(number, 2) != number:
        raise InvalidGameError(
            msg(
                "the weight must be a number from %(min)s to %(max)s with at most two decimals (1 for an ordinary "
                "evening), not %(got)s",
                min=int(WEIGHT_MIN),
                max=int(WEIGHT_MAX),
                got=excerpt(value),
            ),
            field,
        )
    return round(number, 2)


def read_date(value: object, field: str = "date") -> str:
    """A day as sent: ``YYYY-MM-DD``, a real date in the years YEAR_MIN to YEAR_MAX. ``field`` is how the asker
    calls it (the API's field, or a form's label), which a refusal names.

    >>> read_date("2026-02-28")
    '2026-02-28'
    """
    if isinstance(value, str) and _DATE_TEXT.fullmatch(value) and YEAR_MIN <= int(value[:4]) <= YEAR_MAX:
        try:
            return date.fromisoformat(value).isoformat()
        except ValueError:
            pass
    raise InvalidGameError(
        msg(
            "%(field)s must be a day written YYYY-MM-DD from the year %(first)s to %(last)s, e.g. 2026-11-27, "
            "not %(got)s",
            field=field,
            first=YEAR_MIN,
            last=YEAR_MAX,
            got=excerpt(value),
        ),
        field,
    )


def read_span(
    first: object, last: object, today: date, names: tuple[str, str] = ("from", "to")
) -> tuple[str | None, str | None]:
    """The season's days, both counted, as (first day, last day): ``first`` and ``last`` as sent (None or "" for
    unsaid). One day said alone is a span open on the other side (None: from that day on, or everything up to that
    day); neither said is the calendar year of ``today``. ``names`` are the two days' fields as the asker calls
    them (the API's ``from`` and ``to``; a form's labels), which a refusal names: only days the asker sent.

    >>> read_span(None, "", date(2026, 11, 27))
    ('2026-01-01', '2026-12-31')
    >>> read_span(None, "2025-12-31", date(2026, 11, 27)), read_span("2027-01-01", None, date(2026, 11, 27))
    ((None, '2025-12-31'), ('2027-01-01', None))
    >>> read_span("2026-03-01", "2026-02-01", date(2026, 11, 27))
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidGameError: to (2026-02-01) must not come before from (2026-03-01)
    """
    start = read_date(first, names[0]) if first not in (None, "") else None
    end = read_date(last, names[1]) if last not in (None, "") else None
    if start is None and end is None:
        return date(today.year, 1, 1).isoformat(), date(today.year, 12, 31).isoformat()
    if start is not None and end is not None and end < start:
        raise InvalidGameError(
            msg(
                "%(last_name)s (%(last)s) must not come before %(first_name)s (%(first)s)",
                last_name=names[1],
                last=end,
                first_name=names[0],
                first=start,
            ),
            names[1],
        )
    return start, end


# --- the standings ---------------------------------------------------------------------------------------------
#
# Points are added up in hundredths, as whole numbers: a weight has at most two decimals (``read_weight``), so
# every sum is exact and two equal seasons are equal, however their points were made (1.5 x 25 + 25 = 62.5).

BEST_MAX = 5  # the best results listed for each player


@dataclass(frozen=True, slots=True)
class EventPlaces:
    """One finished event as the season counts it: its weight, and each entrant's final rank with the players
    it stands for (a player, or a pair: its points go to each of its two players). Players are whatever the
    caller names them by (the service: one key per player of the group, names matched and merges resolved)."""

    id: str
    name: str
    date: str
    weight: float
    places: tuple[tuple[int, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True)
class Best:
    """One of a player's results: the event, the rank they had there and the season points it gave."""

    event: str
    name: str
    date: str
    rank: int
    points: float


@dataclass(frozen=True, slots=True)
class SeasonLine:
    """A player's line in the season: ``events`` counts the events they played (points or none)."""

    rank: int
    player: str
    points: float
    events: int
    best: tuple[Best, ...]


def place_hundredths(table: Sequence[int], rank: int, weight: float) -> int:
    """The season points of a ``rank`` in an event of ``weight``, in hundredths: the table's points for that
    place times the weight; a rank past the table scores nothing.

    >>> place_hundredths((25, 18, 15), 1, 1.5), place_hundredths((25, 18, 15), 4, 2.0)
    (3750, 0)
    """
    if not 1 <= rank <= len(table):
        return 0
    return table[rank - 1] * round(weight * 100)


def shown(hundredths: int) -> float:
    """Points as shown: exactly, with the two decimals a weight may give (an int-valued float prints without
    any in the pages), so that lines showing the same points are the lines equal in hundredths.

    >>> shown(3750), shown(2500), shown(3125)
    (37.5, 25.0, 31.25)
    """
    return round(hundredths / 100, 2)


def season_standings(events: Sequence[EventPlaces], table: Sequence[int]) -> list[SeasonLine]:
    """The season: every player of ``events``, best first.

    Each event gives each entrant the points of its rank times the event's weight (entrants sharing a rank each
    get that rank's points); a pair's points go to each of its players. A player's season is the sum over the
    events they played. Lines are ranked by points, then by their best single result (who reached higher once);
    lines equal on both share a rank (listed by player).

    >>> night = EventPlaces("e1", "Monday", "2026-01-05", 1.0, ((1, ("anna",)), (2, ("bruno",)), (2, ("carla",))))
    >>> final = EventPlaces("e2", "Final", "2026-02-02", 2.0, ((1, ("bruno",)), (2, ("anna",))))
    >>> [(line.rank, line.player, line.points) for line in season_standings([night, final], (25, 18, 15))]
    [(1, 'bruno', 68.0), (2, 'anna', 61.0), (3, 'carla', 18.0)]
    """
    totals: dict[str, int] = {}
    results: dict[str, list[tuple[int, Best]]] = {}
    for event in events:
        mine: dict[str, tuple[int, int]] = {}  # a player's best place in this event (once, even if listed twice)
        for rank, players in event.places:
            earned = place_hundredths(table, rank, event.weight)
            for player in players:
                if player not in mine or (earned, -rank) > (mine[player][0], -mine[player][1]):
                    mine[player] = (earned, rank)
        for player, (earned, rank) in mine.items():
            totals[player] = totals.get(player, 0) + earned
            results.setdefault(player, []).append((earned, Best(event.id, event.name, event.date, rank, shown(earned))))
    top = {p: max(e for e, _ in made) for p, made in results.items()}

    def sort_key(player: str) -> tuple[int, int]:
        return (totals[player], top[player])

    ordered = sorted(sorted(totals), key=sort_key, reverse=True)
    lines: list[SeasonLine] = []
    for place, player in enumerate(ordered, start=1):
        shared = lines and sort_key(lines[-1].player) == sort_key(player)
        best = sorted(results[player], key=lambda r: (-r[0], r[1].rank, r[1].date))[:BEST_MAX]
        lines.append(
            SeasonLine(
                lines[-1].rank if shared else place,
                player,
                shown(totals[player]),
                len(results[player]),
                tuple(b for _, b in best),
            )
        )
    return lines
