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


def read_weight(value: object, field: str = "weight") -> float:
    """An event's weight in the season: a number from WEIGHT_MIN to WEIGHT_MAX (a text of one too, from a form)."""
    number: float | None = None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = float(value)
    elif isinstance(value, str) and len(value) <= 12:
        try:
            number = float(value.strip().replace(",", "."))
        except ValueError:
            number = None
    if number is None or not WEIGHT_MIN <= number <= WEIGHT_MAX or number != number:
        raise InvalidGameError(
            msg(
                "the weight must be a number from %(min)s to %(max)s (1 for an ordinary evening), not %(got)s",
                min=int(WEIGHT_MIN),
                max=int(WEIGHT_MAX),
                got=excerpt(value),
            ),
            field,
        )
    return round(number, 2)


def read_date(value: object, field: str = "date") -> str:
    """A day as sent: ``YYYY-MM-DD``, a real date."""
    if isinstance(value, str) and len(value) == len(DATE_FORMAT):
        try:
            return date.fromisoformat(value).isoformat()
        except ValueError:
            pass
    raise InvalidGameError(
        msg(
            "%(field)s must be a day written YYYY-MM-DD, e.g. 2026-11-27, not %(got)s", field=field, got=excerpt(value)
        ),
        field,
    )
