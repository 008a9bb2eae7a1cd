"""Ratings: how strong each player of a group is, from the results of its finished games in the order they finished.

A rating evens out luck: one game says little, many games say a lot. Each player has an estimate of their skill
(``mu``) and how unsure it still is (``sigma``); both are moved by every finished game they sit in, by openskill's
Plackett-Luce model with its default parameters (a newcomer starts at mu 25, sigma 25/3). A game's result is its
sides' order: the winner first, the other sides after it by their final totals (equal totals share a place); a
game ended as a draw puts the sides by total, the top ones sharing first place. At an event's table the
organiser's word goes first (``from_summary``'s ``said``): a corrected result is rated as the organiser gave it
(their winner, or a draw with both sides sharing first place), and a forfeit is not rated at all (no game was
played). A team is one openskill team of
its players, so a team's result rates each of its players. Points margins do not count: a win is a win.

The ladder ranks by ``rating``, the conservative figure ``mu - 3 sigma`` (openskill's ordinal): it starts at 0
and rises as the games show a player is strong and as the estimate settles (about ten games). Players whose
ratings are equal to 2 decimals (as every page shows them) share a rank: a ranking should never separate two
players by a difference nobody can see.

Everything here is worked out from the games alone (the services keep it per group, and rate on from there, with
``Rater``, only games that finished after every game rated): a corrected or deleted hand changes the ratings exactly
as if the games had been played that way.

>>> won = Result((("anna",), ("bruno",)), 0, (11, 7))
>>> table = rate([won])
>>> table["anna"].rating > 0 > table["bruno"].rating
True
>>> [(rank, r.id) for rank, r in ladder(table)]
[(1, 'anna'), (2, 'bruno')]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from scorekeeper.rules.events import Result as TableResult

# openskill's defaults, written once: every rating starts at MU with uncertainty SIGMA; BETA is how much one game's
# performance varies around a player's skill; TAU a little uncertainty added back each game, so that a rating can
# still move after hundreds of games. The conservative rating of a newcomer is MU - 3 * SIGMA = 0.
MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
TAU = MU / 300
METHOD = "openskill PlackettLuce"  # what the API names as its method
MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)
Z = 3  # the rating is mu - Z * sigma: three standard deviations below the estimate

# Each player's rating after each of their last games is kept, for the ladder's trend and the player's chart:
# 50 points fill a phone-wide chart legibly and go back over a season of weekly evenings, while a club of 500
# players keeps at most 25,000 numbers in memory.
HISTORY_MAX = 50
TREND_GAMES = 10  # the ladder's trend: the rating's change over a player's last this many games
RATING_DECIMALS = 2  # ratings are shown, and ranks shared, to this many decimals


@dataclass(frozen=True, slots=True)
class Result:
    """One finished game as ratings read it: each side's player ids, the winning side's index (None for a
    draw) and each side's final total."""

    sides: tuple[tuple[str, ...], ...]
    winner: int | None
    totals: tuple[int, ...]
    draw: bool = False  # an organiser's draw: every side shares first place, whatever the totals


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating now: the estimate ``mu``, its uncertainty ``sigma``, the finished games counted, and
    the conservative rating after each of their last games (oldest first; starting from 0 while they have
    played fewer than ``HISTORY_MAX`` games)."""

    id: str
    mu: float
    sigma: float
    games: int
    history: tuple[float, ...]

    @property
    def rating(self) -> float:
        """The conservative figure the ladder ranks by: ``mu - 3 sigma``."""
        return self.mu - Z * self.sigma

    def trend(self, games: int = TREND_GAMES) -> tuple[float, int]:
        """How much the rating moved over the player's last ``games`` games (fewer if they have played fewer):
        (the change, the games it spans)."""
        span = min(games, len(self.history) - 1)
        return self.history[-1] - self.history[-1 - span], span


def places(result: Result) -> list[int]:
    """Each side's place in a game (1 is first; equal places share): the winner first, then the others by final
    total, highest first; in a draw, every side by total, the top ones sharing first place.

    >>> places(Result((("a",), ("b",), ("c",)), 2, (9, 9, 11)))
    [2, 2, 1]
    >>> places(Result((("a",), ("b",), ("c",)), None, (11, 11, 6)))
    [1, 1, 2]
    >>> places(Result((("a",), ("b",)), None, (11, 6), draw=True))
    [1, 1]
    """
    if result.draw:
        return [1] * len(result.sides)
    keys = [(0 if i == result.winner else 1, -total) for i, total in enumerate(result.totals)]
    order = sorted(set(keys))
    return [order.index(key) + 1 for key in keys]


def rateable(result: Result) -> bool:
    """Whether a game can be rated: two sides or more, each with a player, and no player on two seats (a game
    in a group always is; anything else is left out rather than rated wrongly)."""
    ids = [p for side in result.sides for p in side]
    return (
        len(result.sides) >= 2
        and len(result.totals) == len(result.sides)
        and all(result.sides)
        and len(set(ids)) == len(ids)
    )


class Rater:
    """Ratings worked out one game after another: ``add`` each game in the order they finished, and ``ratings``
    says what they are after the games added so far. Games added later carry on from there, exactly as if every
    game had been rated at once (openskill's updates go one game after the other)."""

    __slots__ = ("_counted", "_history", "_now", "_shared")

    def __init__(self) -> None:
        self._now: dict[str, PlackettLuceRating] = {}
        self._counted: dict[str, int] = {}
        self._history: dict[str, deque[float]] = {}
        self._shared: set[str] = set()  # players whose history is still another rater's (copied before a change)

    def add(self, result: Result) -> None:
        """Rate one more game (one that cannot be rated, ``rateable``, is left out)."""
        if not rateable(result):
            return
        now = self._now
        teams = [[now.get(p) or MODEL.rating(mu=MU, sigma=SIGMA) for p in side] for side in result.sides]
        rated = MODEL.rate(teams, ranks=[float(place) for place in places(result)])
        for side, team in zip(result.sides, rated, strict=True):
            for player_id, after in zip(side, team, strict=True):
                now[player_id] = after
                self._counted[player_id] = self._counted.get(player_id, 0) + 1
                kept = self._history.get(player_id)
                if kept is None or player_id in self._shared:
                    kept = deque([0.0] if kept is None else kept, maxlen=HISTORY_MAX + 1)
                    self._history[player_id] = kept
                    self._shared.discard(player_id)
                kept.append(after.mu - Z * after.sigma)

    def copy(self) -> Rater:
        """A rater at the same point that may rate more games without changing this one."""
        other = Rater()
        other._now = dict(self._now)
        other._counted = dict(self._counted)
        other._history = dict(self._history)
        other._shared = set(self._history)
        self._shared = set(self._history)  # neither changes a history the other still reads
        return other

    def ratings(self) -> dict[str, Rating]:
        """Every player's rating after the games added so far."""
        return {p: Rating(p, r.mu, r.sigma, self._counted[p], tuple(self._history[p])) for p, r in self._now.items()}


def rate(results: Iterable[Result]) -> dict[str, Rating]:
    """Every player's rating after these games, taken in the order given (the order they finished)."""
    rater = Rater()
    for result in results:
        rater.add(result)
    return rater.ratings()


def shown(value: float) -> float:
    """A rating as pages show it and ranks compare it: rounded to ``RATING_DECIMALS``."""
    return round(value, RATING_DECIMALS) + 0.0  # + 0.0: never "-0.0"


def ladder(ratings: Mapping[str, Rating], names: Mapping[str, str] | None = None) -> list[tuple[int, Rating]]:
    """The players best first, each with their rank; equal ratings (to 2 decimals) share a rank and the next
    rank skips (1, 2, 2, 4), as in any sports table. Ties are listed by name (``names``, else id)."""
    names = names or {}
    order = sorted(
        ratings.values(),
        key=lambda r: (-shown(r.rating), names.get(r.id, r.id).casefold(), r.id),
    )
    out: list[tuple[int, Rating]] = []
    for i, r in enumerate(order):
        rank = out[-1][0] if out and shown(out[-1][1].rating) == shown(r.rating) else i + 1
        out.append((rank, r))
    return out


def from_summary(summary: Mapping[str, Any], said: TableResult | None = None) -> Result | None:
    """What a game's summary (``rules.stats.summarise``, each side's players filled in) says for ratings: its
    sides' players, winner and totals; None for a game not finished now (it counts for nothing).

    ``said`` is the organiser's word on the event table the game is played at, if they gave one: it goes before
    the game's own result, as it does for the event's standings and the season. A corrected result is rated as
    given (its winner or draw, its game points as totals), finished or not; a forfeit is None (no game played).

    Only the result is read, never the hands: two games with the same sides, winner and totals rate the same.
    """
    sides = tuple(tuple(side["players"]) for side in summary["sides"])
    if said is not None:
        if said.forfeit or not said.done or len(sides) != len(said.points):
            return None
        return Result(sides, None if said.draw else said.winner, tuple(said.points), draw=said.draw)
    if not summary["finished"]:
        return None
    return Result(sides, summary["winner"], tuple(summary["totals"]))
