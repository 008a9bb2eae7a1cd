"""Who sits with whom: the sides that names written in seat order make, their names, and a game's default name.

The new-game page, the API that previews its names, the rematch and a group's rematch all start from here, so a
side is made and named one way wherever it is made. Seats are counted from 0, going to the right from the
first dealer; partners sit opposite, so with four players seats 0 and 2 play seats 1 and 3.

>>> [side.name for side in make_sides(["Anna", "Bruno", "Carla", "Dario"], "teams")]
['Anna & Carla', 'Bruno & Dario']
>>> default_name(make_sides(["Anna", "Marco"], "teams"), "21:40")
'Anna vs Marco · 21:40'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .game import GAME_NAME_MAX, NAME_MAX, Side

# How the players team up, as the new-game form offers it: two teams (partnerships of two with four players,
# two teams of three with six), everyone for themselves, or three teams of two (six players only).
LAYOUTS = ("teams", "alone", "pairs")
DEFAULT_LAYOUT = "teams"
# The seats of each side, for the player counts where a layout makes teams (RULES.md, Players, sides and deals).
# A layout missing here seats everyone alone, except "pairs" with four players: four cannot make three teams of
# two, so they play as two partnerships, as "teams" does.
SEATINGS: dict[int, dict[str, tuple[tuple[int, ...], ...]]] = {
    4: {"teams": ((0, 2), (1, 3))},
    6: {"teams": ((0, 2, 4), (1, 3, 5)), "pairs": ((0, 3), (1, 4), (2, 5))},
}
# A clock time as a phone writes it ("21:40"): the end of a game's default name.
CLOCK = re.compile(r"^([01][0-9]|2[0-3]):[0-5][0-9]$")


def is_clock(text: object) -> bool:
    """Whether ``text`` is a time of day as a phone writes it, "21:40", and nothing else.

    >>> is_clock("21:40"), is_clock("24:00"), is_clock("21:40\\n")
    (True, False, False)
    """
    return isinstance(text, str) and CLOCK.fullmatch(text) is not None


def seat_groups(count: int, layout: str) -> tuple[tuple[int, ...], ...]:
    """The seats of each side for ``count`` players seated as ``layout`` says.

    >>> seat_groups(6, "pairs")
    ((0, 3), (1, 4), (2, 5))
    >>> seat_groups(4, "pairs")
    ((0, 2), (1, 3))
    >>> seat_groups(3, "teams")
    ((0,), (1,), (2,))
    """
    by_layout = SEATINGS.get(count, {})
    if layout == "pairs" and layout not in by_layout:
        layout = "teams"
    return by_layout.get(layout) or tuple((seat,) for seat in range(count))


def layouts_for(count: int) -> dict[str, tuple[tuple[int, ...], ...]]:
    """The layouts that seat ``count`` players differently, each with its seats: the choices worth offering.

    >>> list(layouts_for(4)), list(layouts_for(6)), list(layouts_for(3))
    (['teams', 'alone'], ['teams', 'alone', 'pairs'], ['alone'])
    """
    offered: dict[str, tuple[tuple[int, ...], ...]] = {}
    # Everyone alone first, so that a layout that seats everyone alone anyway is not offered as well.
    for layout in ("alone", *(other for other in LAYOUTS if other != "alone")):
        seats = seat_groups(count, layout)
        if seats not in offered.values():
            offered[layout] = seats
    return {layout: offered[layout] for layout in LAYOUTS if layout in offered}


def team_name(players: Sequence[str]) -> str:
    """A side's name from its players: "Anna", "Anna & Carla", "Anna, Carla & Elena".

    Each player's name may be as long as a name may be, so a team of long names is shortened to the limit for a
    side's name (``NAME_MAX``), each name cut alike, rather than refused: the players keep their whole names.

    >>> team_name(["Anna", "Carla", "Elena"])
    'Anna, Carla & Elena'
    >>> team_name(["Massimiliano Bartolomei", "Bartolomeo Massimiliani"])
    'Massimiliano Bart… & Bartolomeo Massim…'
    """

    def joined(names: Sequence[str]) -> str:
        return " & ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " & " + names[-1]

    name = joined(players)
    cut = max((len(p) for p in players), default=0)
    while len(name) > NAME_MAX and cut > 1:
        cut -= 1
        name = joined([p if len(p) <= cut else p[: cut - 1].rstrip() + "…" for p in players])
    return name


def make_sides(names: Sequence[str], layout: str) -> tuple[Side, ...]:
    """The sides that ``names``, in seat order, make when seated as ``layout`` says, each named after its players.

    >>> [side.players for side in make_sides(["A", "B", "C", "D", "E", "F"], "pairs")]
    [('A', 'D'), ('B', 'E'), ('C', 'F')]
    """
    groups = [[names[seat] for seat in seats] for seats in seat_groups(len(names), layout)]
    return tuple(Side(team_name(group), tuple(group)) for group in groups)


def default_name(sides: Sequence[Side], clock: str) -> str:
    """A game's name from its sides and the time (``clock``, "21:40", read by the caller), shortened to fit.

    >>> len(default_name([Side("A" * 40, ("A" * 40,)), Side("B" * 40, ("B" * 40,))], "09:05")) == GAME_NAME_MAX
    True
    """
    suffix = " · " + clock
    who = " vs ".join(" ".join(side.name.split()) for side in sides)
    room = GAME_NAME_MAX - len(suffix)
    if len(who) > room:
        who = who[: room - 1].rstrip() + "…"
    return who + suffix


__all__ = [
    "CLOCK",
    "DEFAULT_LAYOUT",
    "LAYOUTS",
    "SEATINGS",
    "default_name",
    "is_clock",
    "layouts_for",
    "make_sides",
    "seat_groups",
    "team_name",
]
