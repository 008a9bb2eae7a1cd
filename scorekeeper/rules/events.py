"""Club nights and tournaments: who plays whom (round-robin and Swiss pairings) and the standings.

Pure functions over entrants (a player, or a fixed pair for partnership games) known by id. Every table seats
two entrants; a game of four players is two fixed pairs. Nothing here stores or scores a game: the results come
in as ``Result`` values (a table's game as it stands, or the organiser's word).

**Round-robin** follows the Berger tables (FIDE Handbook C.05, Annex 1): with n entrants (one more, a bye, when
n is odd) every entrant meets every other once in n - 1 rounds, the last entrant listed in the first game of
every round.

>>> [[(a + 1, b + 1) for a, b in pairs] for pairs in round_robin(4)]
[[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]

**Swiss**: each round pairs entrants with the same match points where it can, the upper half of a score group
against the lower half, never two who have met while that can be avoided; with an odd count the lowest-ranked
entrant who has not had a bye gets one. The first round pairs the list as entered (upper half against lower).

**Baraonda** (tables of four, entrants are single players): each round seats the players present four a table as
two partnerships, partners never repeated while the field allows it and opponents repeated as little as possible.
The N mod 4 players left over (1 to 3) sit the round out: those with the fewest byes so far, the lowest-ranked
first among equals, so that byes rotate and nobody has two more than another. A field nobody has left takes its
partnerships from a 1-factorisation (``one_factor``; an odd field adds an empty seat, whose partner sits out, and
when two more must sit out so does one whole partnership): N - 1 rounds (N for an odd field) with no repeated
partner, the round kept each time the unused one that seats the fewest opponents met before. When none is left
(withdrawals, late arrivals) the round is searched, within a bounded number of steps, for partnerships never seen
before, and settles for the fewest repeated partners when there are none. The partnerships are then put two to a
table, searched for the fewest opponents who have already met.

**Standings** rank by match points, then the tie-breaks in ``TIEBREAKS`` order: game points difference, head to
head (match points in the games among those still tied), Buchholz (the sum of the opponents' match points, for
Swiss), then game points won. Entrants equal on all of them share a rank. In a baraonda each player scores their
partnership's result (its match points and game points); as partners and opponents change every round, head to
head and Buchholz say little there, so its tie-breaks are game points difference, then game points won.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Any

from .errors import InvalidGameError
from .game import NAME_MAX
from .text import msg

PAIRINGS = ("round_robin", "swiss", "baraonda")
# A baraonda table's side, as a ``Result`` names it: its two players' entrant ids joined by this mark ("3+7").
PARTNERS_MARK = "+"
# The tables an event seats: one against one, or two pairs (each entrant a pair of partners).
SINGLES_TABLE, PAIRS_TABLE = 2, 4
TABLE_SIZES = (SINGLES_TABLE, PAIRS_TABLE)
ENTRANTS_MIN, ENTRANTS_MAX = 2, 128  # a village festival's field fits; more is a different kind of event
ROUNDS_MAX = 20
# An entrant written on one line: a name, or for tables of four a pair, "Anna & Carla".
ENTRANT_TEXT_MAX = 2 * NAME_MAX + len(" & ")
# The players' list as one text: an entrant a line.
ENTRANTS_TEXT_MAX = ENTRANTS_MAX * (ENTRANT_TEXT_MAX + 1)
# A field of this many entrants or fewer plays every other by default (a short evening's round-robin).
ROUND_ROBIN_UP_TO = 6
MATCH_POINTS_MAX = 10
TIEBREAKS = ("points_difference", "head_to_head", "buchholz", "points_for")
ENTRY_ORDER = "entry"  # what "separates" two lines equal on every tie-break: they share a rank, listed by entry
# The Swiss pairing search is bounded in steps (a step: one entrant given an opponent to try), counted over the
# whole round (every bye tried shares it), then a last search that accepts rematches gets its own few: pairing a
# round of ENTRANTS_MAX entrants that cannot avoid a rematch stays well under 200 ms (bench/events.py times it).
SWISS_SEARCH = 3_000  # steps tried before a round accepts the rematches it cannot avoid
SWISS_REMATCH_SEARCH = 1_000  # steps of the search for the pairing with the fewest rematches
# A baraonda round's searches are bounded alike (a step: one player given a partner, or one partnership a table's
# opponents, to try): a round of 64 players pairs well under a second (bench/events.py times it).
BARAONDA_SEARCH = 4_000  # steps tried for partnerships none of whom has partnered before
BARAONDA_REPEAT_SEARCH = 1_000  # steps of the search for the partnerships with the fewest repeated partners
BARAONDA_TABLE_SEARCH = 2_000  # steps of the search for the tables with the fewest opponents met before
# Rounds of the 1-factorisation not used yet (with the partnership that sits out, when one must) compared for the
# fewest opponents met before: every one for an evening's field (eight players' seven rounds then have no two
# players facing each other more than twice), bounded for a festival's (a round of 64 pairs well under a second).
BARAONDA_CIRCLE_CHOICES = 24
BARAONDA_STARTER_SEARCH = 300  # steps of the search for the 1-factorisation's starter (once per field size)
_EMPTY = ""  # the empty seat that makes an odd field even for the circle method (no entrant id is empty)
BARAONDA_ENTRANTS_MIN = 4  # one table
# What may join two names on one line of the players' list into a pair: "Anna & Carla", "Anna, Carla".
PAIR_MARKS = ("&", ",", "/", "+")


@dataclass(frozen=True, slots=True)
class MatchPoints:
    """What a win, a draw, a loss and a bye are worth (the organiser may set others)."""

    win: int = 2
    draw: int = 1
    loss: int = 0
    bye: int = 1

    @classmethod
    def parse(cls, value: object) -> MatchPoints:
        """From ``{"win": 3, "draw": 1, "loss": 0, "bye": 3}`` (any of them), checked."""
        if value is None:
            return cls()
        if not isinstance(value, Mapping):
            raise InvalidGameError(msg('match_points must be an object such as {"win": 2, "draw": 1}'), "match_points")
        values = {}
        for key, given in value.items():
            if key not in ("win", "draw", "loss", "bye"):
                raise InvalidGameError(msg("match_points takes win, draw, loss and bye"), "match_points")
            if not isinstance(given, int) or isinstance(given, bool) or not 0 <= given <= MATCH_POINTS_MAX:
                raise InvalidGameError(
                    msg("match_points.%(key)s must be a whole number from 0 to %(max)s", key=key, max=MATCH_POINTS_MAX),
                    f"match_points.{key}",
                )
            values[key] = given
        points = cls(**values)
        if not points.win >= points.draw >= points.loss:
            raise InvalidGameError(
                msg("match_points: a win must be worth at least a draw, a draw at least a loss"), "match_points"
            )
        return points

    def to_dict(self) -> dict[str, int]:
        return {"win": self.win, "draw": self.draw, "loss": self.loss, "bye": self.bye}


@dataclass(frozen=True, slots=True)
class Result:
    """One table's result as it stands: its round, its two entrants, the game points of each.

    ``winner`` is 0 or 1 (the side that won), ``draw`` a result the organiser called a draw; neither while the
    game goes on. ``forfeit`` is a table the organiser gave away (its game points are not counted).
    """

    round: int
    sides: tuple[str, str]
    points: tuple[int, int] = (0, 0)
    winner: int | None = None
    draw: bool = False
    forfeit: bool = False

    @property
    def done(self) -> bool:
        return self.winner is not None or self.draw


@dataclass(slots=True)
class Standing:
    """One entrant's line in the standings."""

    entrant: str
    rank: int = 0
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    match_points: int = 0
    points_for: int = 0
    points_against: int = 0
    opponents: list[str] = field(default_factory=list)
    tiebreaks: dict[str, int] = field(default_factory=dict)
    # What put this line below the one above it: "match_points", one of ``TIEBREAKS``, or ``ENTRY_ORDER`` (equal
    # on every tie-break: the same rank, listed in the order of entry); "" for the first line.
    separated_by: str = ""

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "entrant": self.entrant,
            "played": self.played,
            "won": self.won,
            "drawn": self.drawn,
            "lost": self.lost,
            "byes": self.byes,
            "match_points": self.match_points,
            "points_for": self.points_for,
            "points_against": self.points_against,
            "tiebreaks": dict(self.tiebreaks),
            "separated_by": self.separated_by,
        }


def fixed_table_size(pairing: str) -> int | None:
    """The tables a pairing always seats, or None when they are the organiser's choice: a baraonda is played at
    tables of four (two partnerships), whatever else is asked.

    >>> fixed_table_size("baraonda"), fixed_table_size("swiss")
    (4, None)
    """
    return PAIRS_TABLE if pairing == "baraonda" else None


def players_a_line(pairing: str, table_size: int) -> int:
    """How many players each entrant (a line of the players' list, a late arrival) names: a fixed pair at tables
    of four, else one; a baraonda's players are listed alone, as its partnerships change every round.

    >>> players_a_line("swiss", 4), players_a_line("baraonda", 4), players_a_line("swiss", 2)
    (2, 1, 1)
    """
    return 2 if table_size == PAIRS_TABLE and fixed_table_size(pairing) is None else 1


def split_pair(line: str) -> list[str]:
    """A line of the players' list as the names it gives: two for "Anna & Carla" (or "Anna, Carla", "Anna / Carla",
    "Anna + Carla"), else the line alone.

    >>> split_pair("Anna & Carla"), split_pair("Anna")
    (['Anna', 'Carla'], ['Anna'])
    """
    for mark in PAIR_MARKS:
        if mark in line:
            return [part.strip() for part in line.split(mark, 1)]
    return [line]


def baraonda_playable(count: int) -> bool:
    """Whether ``count`` players still playing make a baraonda round: at least one table of four. With fewer, the
    evening can only end (or the few left sit the open round out)."""
    return count >= BARAONDA_ENTRANTS_MIN


def round_playable(pairing: str, count: int) -> bool:
    """Whether ``count`` entrants still playing make a round of an event paired so: a table of four players for a
    baraonda, two entrants for the others. With fewer, the evening can only end.

    >>> round_playable("swiss", 1), round_playable("round_robin", 2), round_playable("baraonda", 3)
    (False, True, False)
    """
    return baraonda_playable(count) if pairing == "baraonda" else count >= ENTRANTS_MIN


def tiebreaks_of(pairing: str) -> tuple[str, ...]:
    """The tie-breaks after match points of an event paired so, in order.

    >>> tiebreaks_of("baraonda")
    ('points_difference', 'points_for')
    """
    if pairing == "baraonda":
        return ("points_difference", "points_for")
    return tiebreaks_for(pairing == "swiss")


def tiebreaks_for(swiss: bool) -> tuple[str, ...]:
    """The tie-breaks after match points, in order (Buchholz only for Swiss, where opponents differ).

    >>> tiebreaks_for(False)
    ('points_difference', 'head_to_head', 'points_for')
    """
    return tuple(k for k in TIEBREAKS if swiss or k != "buchholz")


def round_robin(count: int) -> list[list[tuple[int, int]]]:
    """Every round of a round-robin of ``count`` entrants (indexes from 0), by the Berger tables.

    With an odd count the entrant paired with index ``count`` (the bye) sits the round out.
    """
    n = count + count % 2
    m = n - 1
    rounds = []
    for r in range(m):
        k = (r * (n // 2)) % m + 1  # the last entrant's opponent (numbered from 1)
        pairs = [(k - 1, n - 1) if r % 2 == 0 else (n - 1, k - 1)]
        for j in range(1, n // 2):
            a, b = (k + j - 1) % m + 1, (k - j - 1) % m + 1
            pairs.append((a - 1, b - 1))
        rounds.append(pairs)
    return rounds


def round_robin_round(entrants: Sequence[str], number: int) -> tuple[list[tuple[str, str]], str | None]:
    """Round ``number`` (from 1) of a round-robin of ``entrants``: the tables' pairs and who has the bye."""
    schedule = round_robin(len(entrants))
    if not 1 <= number <= len(schedule):
        raise InvalidGameError(
            msg("a round-robin of %(n)s has %(rounds)s rounds", n=len(entrants), rounds=len(schedule)), "rounds"
        )
    pairs, bye = [], None
    for a, b in schedule[number - 1]:
        if a >= len(entrants) or b >= len(entrants):
            bye = entrants[min(a, b)]
        else:
            pairs.append((entrants[a], entrants[b]))
    return pairs, bye


def pairing_for(count: int) -> str:
    """The pairing that suits a field of ``count`` entrants when the organiser leaves it to the app.

    >>> pairing_for(6), pairing_for(7)
    ('round_robin', 'swiss')
    """
    return "round_robin" if count <= ROUND_ROBIN_UP_TO else "swiss"


def rounds_for(pairing: str, count: int) -> int:
    """The most rounds an event can have: a round-robin's full schedule; a Swiss event one round fewer than
    its entrants (after that, everybody would have met everybody); a baraonda as many rounds as the field gives
    partners without repeating one (N - 1, or N for an odd field, where each round one more sits out)."""
    return len(round_robin(count)) if pairing == "round_robin" else max(1, count - 1 + count % 2)


@dataclass(frozen=True, slots=True)
class Pairing:
    """A round's pairs (in table order), its bye, and the rematches it could not avoid."""

    pairs: list[tuple[str, str]]
    bye: str | None
    rematches: int = 0


def swiss_round(
    ranked: Sequence[str], scores: Mapping[str, int], met: Iterable[frozenset[str]], had_bye: Iterable[str] = ()
) -> Pairing:
    """Pair the next Swiss round of ``ranked`` (the entrants playing it, best first).

    ``scores`` are their match points, ``met`` the pairs who have already played, ``had_bye`` those who have
    had a bye. Entrants are paired within their score group, its upper half against its lower half, an odd one
    out floating down to the next group; no two meet again while another pairing avoids it.
    """
    met = set(met)
    had_bye = set(had_bye)
    order = list(ranked)
    bye = None
    budget = [SWISS_SEARCH]  # shared by every try below: the round's search is bounded, not each try's
    if len(order) % 2:
        # The bye: the lowest-ranked entrant without one (everybody has had one: the lowest-ranked), provided the
        # others can still be paired without a rematch where that is possible.
        candidates = [e for e in reversed(order) if e not in had_bye] or list(reversed(order))
        for candidate in candidates:
            if budget[0] <= 0:
                break
            rest = [e for e in order if e != candidate]
            pairs = _pair(rest, scores, met, allow_rematch=False, budget=budget)
            if pairs is not None:
                return Pairing(pairs, candidate)
        bye = candidates[0]
        order = [e for e in order if e != bye]
    pairs = _pair(order, scores, met, allow_rematch=False, budget=budget) if budget[0] > 0 else None
    if pairs is None:
        # Its own steps, at least enough to reach one pairing (the first tried avoids each rematch it can).
        fallback = [max(SWISS_REMATCH_SEARCH, len(order))]
        pairs = _pair(order, scores, met, allow_rematch=True, budget=fallback) or []
    return Pairing(pairs, bye, sum(1 for a, b in pairs if frozenset((a, b)) in met))


def _candidates(first: str, rest: list[str], scores: Mapping[str, int]) -> list[str]:
    """Whom ``first`` (the best unpaired) should meet, best choice first: its score group's lower half, from
    the middle down, then the upper half from the middle up, then lower groups in rank order."""
    group = [e for e in rest if scores.get(e, 0) == scores.get(first, 0)]
    lower = [e for e in rest if e not in group]
    half = (len(group) + 1) // 2  # ``first`` and the group's upper half, less one, against the lower half
    return group[half - 1 :] + list(reversed(group[: half - 1])) + lower


def _pair(
    order: list[str], scores: Mapping[str, int], met: set[frozenset[str]], allow_rematch: bool, budget: list[int]
) -> list[tuple[str, str]] | None:
    """Pairs for ``order`` (best first), searched depth first for at most ``budget[0]`` steps (what is used is
    taken off it); None if none without a rematch was found (or, with ``allow_rematch``, the pairing with the
    fewest rematches found)."""
    best: list[tuple[int, list[tuple[str, str]]]] = []

    def search(rest: list[str], pairs: list[tuple[str, str]], rematches: int) -> list[tuple[str, str]] | None:
        if not rest:
            if not best or rematches < best[0][0]:
                best[:] = [(rematches, list(pairs))]
            return pairs if rematches == 0 else None
        if budget[0] <= 0:
            return None
        budget[0] -= 1  # every call is a step, those cut short too: each cost a copy of the rest
        if best and rematches >= best[0][0]:
            return None
        first, others = rest[0], rest[1:]
        options = _candidates(first, others, scores)
        if allow_rematch:
            options = [o for o in options if frozenset((first, o)) not in met] + [
                o for o in options if frozenset((first, o)) in met
            ]
        for other in options:
            if budget[0] <= 0:
                return None  # out of steps: the options left are not tried (each would cost a copy of the rest)
            again = frozenset((first, other)) in met
            if again and not allow_rematch:
                continue
            found = search([e for e in others if e != other], [*pairs, (first, other)], rematches + again)
            if found is not None:
                return found
        return None

    found = search(order, [], 0)
    if found is not None:
        return found
    return best[0][1] if allow_rematch and best else None


def standings(
    entrants: Sequence[str],
    results: Iterable[Result],
    byes: Iterable[str] = (),
    points: MatchPoints = MatchPoints(),
    swiss: bool = True,
    keys: Sequence[str] | None = None,
) -> list[Standing]:
    """The standings of ``entrants`` after ``results`` (unfinished ones do not count) and ``byes`` (one entry
    per bye given), best first, ranked by match points then ``keys`` (by default ``TIEBREAKS``, Buchholz only
    for Swiss; a baraonda's are ``tiebreaks_of("baraonda")``).

    A side written as entrant ids joined by ``PARTNERS_MARK`` (a baraonda's partnership, "3+7") gives each of its
    players the side's result; their opponents are the other side's players."""
    table = {e: Standing(e) for e in entrants}
    seated = [(r, _players(r)) for r in results if r.done]
    done = [(r, players) for r, players in seated if all(p in table for side in players for p in side)]
    for result, players in done:
        for i, side in enumerate(players):
            for entrant in side:
                line = table[entrant]
                line.played += 1
                line.opponents.extend(players[1 - i])
                if not result.forfeit:
                    line.points_for += result.points[i]
                    line.points_against += result.points[1 - i]
                if result.draw:
                    line.drawn += 1
                    line.match_points += points.draw
                elif result.winner == i:
                    line.won += 1
                    line.match_points += points.win
                else:
                    line.lost += 1
                    line.match_points += points.loss
    for entrant in byes:
        if entrant in table:
            table[entrant].byes += 1
            table[entrant].match_points += points.bye
    for line in table.values():
        line.tiebreaks["points_difference"] = line.difference
        line.tiebreaks["buchholz"] = sum(table[o].match_points for o in line.opponents)
        line.tiebreaks["points_for"] = line.points_for
        line.tiebreaks["head_to_head"] = 0
    # Head to head among those equal on match points and difference: match points in their games together.
    groups: dict[tuple[int, int], list[str]] = {}
    for entrant, line in table.items():
        groups.setdefault((line.match_points, line.difference), []).append(entrant)
    for tied in groups.values():
        if len(tied) < 2:
            continue
        among = set(tied)
        for result, _ in done:
            if result.sides[0] in among and result.sides[1] in among:
                for i, entrant in enumerate(result.sides):
                    earned = points.draw if result.draw else points.win if result.winner == i else points.loss
                    table[entrant].tiebreaks["head_to_head"] += earned
    keys = tuple(keys) if keys is not None else tiebreaks_for(swiss)
    for line in table.values():
        for unused in [k for k in line.tiebreaks if k not in keys]:
            del line.tiebreaks[unused]

    def sort_key(line: Standing) -> tuple[int, ...]:
        return (line.match_points, *(line.tiebreaks[k] for k in keys))

    ordered = sorted(table.values(), key=sort_key, reverse=True)  # stable: equal entrants keep the list's order
    for place, line in enumerate(ordered, start=1):
        previous = ordered[place - 2] if place > 1 else None
        line.rank = previous.rank if previous and sort_key(previous) == sort_key(line) else place
        line.separated_by = separated_by(previous, line, keys) if previous else ""
    return ordered


def _players(result: Result) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The entrants on each side of a result: one each, or a baraonda's partnership ("3+7": "3" and "7")."""
    return (partners(result.sides[0]), partners(result.sides[1]))


def separated_by(above: Standing, below: Standing, keys: Sequence[str]) -> str:
    """What ranks ``below`` under ``above``: "match_points", the first of ``keys`` (the tie-breaks in order)
    on which they differ, or ``ENTRY_ORDER`` when they are equal on all of them.

    >>> a, b = Standing("A", match_points=4, tiebreaks={"points_difference": 3}), Standing("B", match_points=4)
    >>> b.tiebreaks = {"points_difference": 1}
    >>> separated_by(a, b, ("points_difference",))
    'points_difference'
    """
    if above.match_points != below.match_points:
        return "match_points"
    for key in keys:
        if above.tiebreaks.get(key) != below.tiebreaks.get(key):
            return key
    return ENTRY_ORDER


# --- baraonda ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BaraondaRound:
    """A baraonda round: its tables (each two partnerships, in table order), who sits it out, and the repeated
    partners and opponents it could not avoid."""

    tables: list[tuple[tuple[str, str], tuple[str, str]]]
    byes: list[str]
    repeated_partners: int = 0
    repeated_opponents: int = 0


def partnership(players: Sequence[str]) -> str:
    """A partnership as a table's side names it: its players' entrant ids joined ("3+7").

    >>> partnership(("3", "7"))
    '3+7'
    """
    return PARTNERS_MARK.join(players)


def partners(side: str) -> tuple[str, ...]:
    """The entrant ids a table's side names: one, or a baraonda's partnership's two (``partnership`` undone).

    >>> partners("3+7"), partners("5")
    (('3', '7'), ('5',))
    """
    return tuple(side.split(PARTNERS_MARK))


@lru_cache(maxsize=ENTRANTS_MAX)
def _starter(m: int) -> tuple[tuple[int, int], ...]:
    """A starter of the odd cyclic group Z_m: its non-zero elements in pairs whose differences (±d) are all
    different. The first found depth first, within ``BARAONDA_STARTER_SEARCH`` steps, else the patterned one
    (i with -i), which always exists. The first found is not the patterned one (for m = 7: 1+3, 2+6, 4+5) and
    spreads opponents better: seven rounds of eight players can then meet each other twice, the patterned
    one's (the circle method's) at best four times."""
    budget = [BARAONDA_STARTER_SEARCH]

    def search(rest: list[int], used: frozenset[int]) -> list[tuple[int, int]] | None:
        if not rest:
            return []
        if budget[0] <= 0:
            return None
        budget[0] -= 1
        a = rest[0]
        for b in rest[1:]:
            d = min((b - a) % m, (a - b) % m)
            if d in used:
                continue
            found = search([x for x in rest if x not in (a, b)], used | {d})
            if found is not None:
                return [(a, b), *found]
        return None

    found = search(list(range(1, m)), frozenset())
    return tuple(found) if found is not None else tuple((i, m - i) for i in range(1, (m + 1) // 2))


def one_factor(players: Sequence[str], number: int) -> list[tuple[str, str]]:
    """Round ``number`` (from 1) of a 1-factorisation of an even count of ``players``: each round pairs them all,
    and over len - 1 rounds everyone is paired with everyone once. The last player stays put, the others are the
    cyclic group Z_(len - 1), paired by a starter (``_starter``) shifted one place a round.

    >>> [one_factor("ABCD", n) for n in (1, 2, 3)]
    [[('A', 'D'), ('B', 'C')], [('B', 'D'), ('C', 'A')], [('C', 'D'), ('A', 'B')]]
    """
    m = len(players) - 1
    shift = (number - 1) % m
    pairs = [(players[shift], players[m])]
    pairs += [(players[(a + shift) % m], players[(b + shift) % m]) for a, b in _starter(m)]
    return pairs


def baraonda_round(
    ranked: Sequence[str],
    partnered: Mapping[frozenset[str], int],
    faced: Mapping[frozenset[str], int],
    had_byes: Mapping[str, int],
    listed: Sequence[str] = (),
) -> BaraondaRound:
    """Seat the next baraonda round of ``ranked`` (the players present, best first).

    ``partnered`` counts how often two players have been partners, ``faced`` how often they have sat on opposite
    sides, ``had_byes`` each player's byes so far; ``listed`` is the event's list of players in entry order (the
    circle method's fixed order; the players present by default). Deterministic: the same history seats the same
    round.
    """
    present = list(ranked)
    if not baraonda_playable(len(present)):
        raise InvalidGameError(
            msg("a baraonda round needs at least %(n)s players present", n=BARAONDA_ENTRANTS_MIN), "players"
        )
    sitting = len(present) % PAIRS_TABLE
    place = {p: i for i, p in enumerate(present)}
    # Fair byes: the fewest byes so far sit out first; among equals the lowest-ranked. Only the players on the
    # edge (as many byes as the last one who must sit out) may change places, so the search below may pick among
    # them: nobody ever has two byes more than another present all evening.
    by_need = sorted(present, key=lambda p: (had_byes.get(p, 0), -place[p]))
    sure, edge = [], []
    if sitting:
        last = had_byes.get(by_need[sitting - 1], 0)
        sure = [p for p in by_need if had_byes.get(p, 0) < last]
        edge = [p for p in by_need if had_byes.get(p, 0) == last]
    budget = [BARAONDA_SEARCH]
    pairs: list[tuple[str, str]] | None = None
    byes: list[str] = []
    circle = _circle_round(present, listed, partnered, faced, sure, edge, sitting)
    if circle is not None:
        return circle
    if pairs is None:
        for choice in _bye_choices(sure, edge, sitting):
            if budget[0] <= 0:
                break
            rest = [p for p in present if p not in choice]
            pairs = _partners(rest, partnered, faced, allow_repeat=False, budget=budget)
            if pairs is not None:
                byes = list(choice)
                break
    if pairs is None:
        byes = sure + edge[: sitting - len(sure)]
        rest = [p for p in present if p not in byes]
        fallback = [max(BARAONDA_REPEAT_SEARCH, len(rest))]
        pairs = _partners(rest, partnered, faced, allow_repeat=True, budget=fallback) or []
    tables = _tables(pairs, faced)
    repeated_partners = sum(1 for a, b in pairs if partnered.get(frozenset((a, b)), 0))
    repeated_opponents = sum(_facing(x, y, faced) for x, y in tables)
    return BaraondaRound(tables, byes, repeated_partners, repeated_opponents)


def _circle_round(
    present: list[str],
    listed: Sequence[str],
    partnered: Mapping[frozenset[str], int],
    faced: Mapping[frozenset[str], int],
    sure: list[str],
    edge: list[str],
    sitting: int,
) -> BaraondaRound | None:
    """The round from a 1-factorisation of the field, or None when none of its rounds is left.

    The circle method over the players present (in entry order; one empty seat more, ``_EMPTY``, for an odd
    count) gives N - 1 rounds (N for an odd field) whose partnerships are all different: a field nobody left
    plays them all without a repeated partner. Each round the empty seat's partner sits out, and when the count
    still leaves two over (N mod 4 of 2 or 3) so does one whole partnership. Among the rounds whose partnerships
    are all new (the first ``BARAONDA_CIRCLE_CHOICES``) and the partnerships that may sit out, the one kept
    leaves the byes fair (see ``baraonda_round``) and seats the fewest opponents who have met before."""
    present_set = set(present)
    order = [p for p in listed if p in present_set]
    if len(order) != len(present):
        order = list(present)
    ring = [*order, _EMPTY] if len(order) % 2 else order
    allowed = set(sure) | set(edge)
    best: tuple[int, int, int, BaraondaRound] | None = None
    tried = 0
    for number in range(1, len(ring)):
        pairs = one_factor(ring, number)
        if any(partnered.get(frozenset(pair), 0) for pair in pairs):
            continue
        forced = [x for pair in pairs if _EMPTY in pair for x in pair if x != _EMPTY]
        real = [pair for pair in pairs if _EMPTY not in pair]
        outs: list[tuple[str, ...]] = [()] if sitting == len(forced) else list(real)
        for out in outs:
            byes = [*forced, *out]
            if not set(sure) <= set(byes) or not set(byes) <= allowed:
                continue  # unfair: someone sits out twice before another once
            tried += 1
            playing = [pair for pair in real if pair != out]
            tables = _tables(playing, faced, max(BARAONDA_TABLE_SEARCH // BARAONDA_CIRCLE_CHOICES, len(playing)))
            cost = sum(_facing(x, y, faced) for x, y in tables)
            # The most two players will have faced each other first (a schedule spread evenly), then the total.
            most = max(faced.get(frozenset((a, b)), 0) for x, y in tables for a in x for b in y)
            # Among equals, the lowest-ranked sit out (as byes are given everywhere else).
            rank = -sum(present.index(p) for p in byes)
            if best is None or (most, cost, rank) < best[:3]:
                best = (most, cost, rank, BaraondaRound(tables, byes, 0, cost))
            if tried >= BARAONDA_CIRCLE_CHOICES:
                return best[3]
    return best[3] if best else None


def _bye_choices(sure: list[str], edge: list[str], sitting: int) -> Iterable[tuple[str, ...]]:
    """Who may sit out, fairest first: everyone in ``sure`` and the rest from ``edge`` (lowest-ranked first)."""
    if not sitting:
        yield ()
        return
    for chosen in combinations(edge, sitting - len(sure)):
        yield (*sure, *chosen)


def _partners(
    players: list[str],
    partnered: Mapping[frozenset[str], int],
    faced: Mapping[frozenset[str], int],
    allow_repeat: bool,
    budget: list[int],
) -> list[tuple[str, str]] | None:
    """Partnerships for ``players`` (an even count), searched depth first for at most ``budget[0]`` steps: the
    player with the fewest new partners left goes first, trying those they have faced least. None if no pairing
    without a repeated partner was found (with ``allow_repeat``: the one with the fewest repeats found)."""
    best: list[tuple[int, list[tuple[str, str]]]] = []

    def search(rest: list[str], pairs: list[tuple[str, str]], repeats: int) -> list[tuple[str, str]] | None:
        if not rest:
            if not best or repeats < best[0][0]:
                best[:] = [(repeats, list(pairs))]
            return pairs if repeats == 0 else None
        if budget[0] <= 0 or (best and repeats >= best[0][0]):
            return None
        budget[0] -= 1

        def fresh(p: str) -> int:
            return sum(1 for o in rest if o != p and not partnered.get(frozenset((p, o)), 0))

        first = min(rest, key=fresh)
        others = [o for o in rest if o != first]
        options = sorted(
            others, key=lambda o: (partnered.get(frozenset((first, o)), 0), faced.get(frozenset((first, o)), 0))
        )
        for other in options:
            if budget[0] <= 0:
                return None
            again = partnered.get(frozenset((first, other)), 0)
            if again and not allow_repeat:
                break  # sorted: the rest are repeats too
            found = search([o for o in others if o != other], [*pairs, (first, other)], repeats + again)
            if found is not None:
                return found
        return None

    found = search(list(players), [], 0)
    if found is not None:
        return found
    return best[0][1] if allow_repeat and best else None


def _facing(a: tuple[str, str], b: tuple[str, str], faced: Mapping[frozenset[str], int]) -> int:
    """How often the players of partnerships ``a`` and ``b`` have already faced each other, pair by pair."""
    return sum(faced.get(frozenset((x, y)), 0) for x in a for y in b)


def _crowding(a: tuple[str, str], b: tuple[str, str], faced: Mapping[frozenset[str], int]) -> int:
    """What seating ``a`` against ``b`` costs the spread of opponents: each two players who have faced each other
    f times count f squared, so that two meeting a third time weigh more than two pairs meeting a second."""
    return sum(faced.get(frozenset((x, y)), 0) ** 2 for x in a for y in b)


def _tables(
    pairs: list[tuple[str, str]], faced: Mapping[frozenset[str], int], steps: int = BARAONDA_TABLE_SEARCH
) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """The partnerships two to a table, searched for at most ``steps`` steps for the fewest opponents who have met
    before (``_crowding``)."""
    budget = [steps]
    best: list[tuple[int, list[tuple[tuple[str, str], tuple[str, str]]]]] = []

    def search(rest: list[tuple[str, str]], tables: list[tuple[tuple[str, str], tuple[str, str]]], cost: int) -> None:
        if best and cost >= best[0][0]:
            return
        if not rest:
            best[:] = [(cost, list(tables))]
            return
        if budget[0] <= 0:
            return
        budget[0] -= 1
        first, others = rest[0], rest[1:]
        for other in sorted(others, key=lambda o: _crowding(first, o, faced)):
            if budget[0] <= 0 or (best and best[0][0] == 0):
                return
            search([o for o in others if o != other], [*tables, (first, other)], cost + _crowding(first, other, faced))

    search(list(pairs), [], 0)
    return best[0][1] if best else [(pairs[i], pairs[i + 1]) for i in range(0, len(pairs) - 1, 2)]
