"""Statistics across games: what one game says about its players, and players' records over many games.

A game is summed up once per version (``summarise``): each side's players (by their ids in a group), its
total, the hands that counted, its points, scopas and the categories it won hand by hand. Statistics are then
added up from those summaries alone (``player_stats``, ``team_stats``, ``head_to_head``), so a group of a
thousand games costs a thousand small summaries, never a thousand games scored again.

A hand entered by winners counts for what it says (who won which category); no card count is made up for it.
Hands recorded after a game was won count for nothing, as on the scoreboard.

A game ends won, or drawn (``end: "draw"``: equal top totals at the target): every finished game counts for
each of its sides as won, drawn or lost, so a player's games are always their wins, draws and losses added up.

A group may play every family (Scopa, Escoba, Cirulla) side by side. Wins, draws, points and sweeps (scopas,
escobas) mean the same in each and are added up over all of them; the categories differ (Escoba's setenta is not
the primiera of a classic table, Cirulla adds the piccola, the grande and the knocks), so each record also keeps
one record per family played, and a category is counted only over the hands where it could be won.

>>> from .ledger import Game, score_game
>>> from .game import Side
>>> from .cards import DeckStyle
>>> from .options import Rules
>>> game = Game("g", "Friday", "2026-11-22", Rules(), 11, DeckStyle.ITALIAN,
...             (Side("Anna", ("Anna",)), Side("Bruno", ("Bruno",))), (), (0, 0), 1)
>>> summarise(score_game(game), [["a"], ["b"]])["sides"][0]["players"]
['a']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from .families import FAMILIES as FAMILY_INFO
from .families import family_of
from .ledger import GameScore
from .options import FAMILIES
from .text import Msg

# The categories a side can win in a hand, counted hand by hand: the first four wherever the primiera is scored,
# the others only where their option is on (Cirulla's piccola is the napola; its knocks count the hands in which
# the side knocked).
BASE_CATEGORIES = ("cards", "coins", "settebello", "primiera")
OPTIONAL_CATEGORIES = ("napola", "re_bello", "donna_di_denari", "grande", "knocks")
STAT_CATEGORIES = (*BASE_CATEGORIES, *OPTIONAL_CATEGORIES)
# The game families (options.FAMILIES, each profile's ``family``) and their names (families.FAMILIES).
FAMILY_TITLES: dict[str, Msg] = {name: f.title for name, f in FAMILY_INFO.items()}
# A game's summary is kept per game version (services.groups); one kept in an older shape is worked out again.
SUMMARY_FORMAT = 2
# How a finished game ended for one side.
WON, DRAWN, LOST = "won", "drawn", "lost"


def family(profile: str) -> str:
    """The family a profile plays (its profile's; an unknown profile is Scopa's).

    >>> family("escoba"), family("cirulla"), family("scopone")
    ('escoba', 'cirulla', 'scopa')
    """
    return family_of(profile)


def summarise(score: GameScore, player_ids: Sequence[Sequence[str]]) -> dict[str, Any]:
    """What a game says about its sides, as JSON-ready data: ``player_ids`` are each side's players' ids.

    Only the hands that counted are summed (those up to the one that won the game).
    """
    game = score.game
    counted_hands = score.progress.finished_round or len(score.rounds)
    sides = []
    for i, side in enumerate(game.sides):
        categories = dict.fromkeys(STAT_CATEGORIES, 0)
        scopas = 0
        for played in score.rounds[:counted_hands]:
            points = played.score.sides[i].points
            for category in STAT_CATEGORIES:
                if points.get(category, 0) > 0:
                    categories[category] += 1
            scopas += played.score.sides[i].scopas
        sides.append(
            {
                "name": side.name,
                "players": list(player_ids[i]),
                "total": score.totals[i],
                "points": sum(played.counted[i] for played in score.rounds[:counted_hands]),
                "scopas": scopas,
                "categories": categories,
            }
        )
    return {
        "format": SUMMARY_FORMAT,
        "id": game.id,
        "name": game.name,
        "created": game.created,
        "profile": game.rules.profile,
        "family": family(game.rules.profile),
        **{extra: bool(getattr(game.rules, extra)) for extra in OPTIONAL_CATEGORIES},
        "finished": score.finished,
        "winner": score.winner,
        "draw": score.draw,
        "hands": counted_hands,
        "totals": list(score.totals),
        "sides": sides,
    }


def outcome(summary: Mapping[str, Any], side: int) -> str:
    """How a finished game ended for ``side``: ``WON``, ``DRAWN`` (a game ended as a draw) or ``LOST``."""
    if summary["winner"] is None:
        return DRAWN
    return WON if summary["winner"] == side else LOST


# (game id, game name, created, outcome, margin) of one game counted in a record.
GameResult = tuple[str, str, str, str, int]


@dataclass
class Record:
    """One player's (or one team's) record over the games summed: counts, and the games in order.

    ``families`` holds the same record for each family played (Scopa, Escoba, Cirulla), kept by the overall
    record only: a family's categories read apart from the others'.
    """

    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    hands: int = 0
    points: int = 0
    scopas: int = 0
    categories: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STAT_CATEGORIES, 0))
    # Hands played under each optional category's option: it is counted only over the hands where it could be
    # won (the base categories over every hand).
    played_with: dict[str, int] = field(default_factory=lambda: dict.fromkeys(OPTIONAL_CATEGORIES, 0))
    # Each game counted, in the order added (newest first, as ``player_stats`` is given the summaries): for the
    # best and worst games and the streaks.
    results: list[GameResult] = field(default_factory=list)
    families: dict[str, Record] = field(default_factory=dict)
    # What the row reads of ``results`` beyond the counts (best and worst game, longest streaks, current streak),
    # kept while games are only added as the newest (else worked out again when next read); and the row itself
    # while nothing changes: a record read again costs nothing, one given a new game costs that game.
    _derived: _Derived | None = field(default=None, repr=False, compare=False)
    _rows: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    @property
    def losses(self) -> int:
        """Games lost: every game counted is won, drawn or lost."""
        return self.games - self.wins - self.draws

    def add(
        self,
        summary: Mapping[str, Any],
        side: int,
        by_family: bool = True,
        newer: Callable[[GameResult], bool] | None = None,
    ) -> None:
        """Count one finished game's side for this record (and for its family's record).

        The game goes last in ``results`` (the caller adds the games newest first), or, given ``newer`` (whether
        this game is newer than a game counted already), before the first game counted that it is newer than:
        where it would be had the games been added newest first."""
        row = summary["sides"][side]
        result = outcome(summary, side)
        others = [s["total"] for j, s in enumerate(summary["sides"]) if j != side]
        margin = row["total"] - max(others) if others else 0
        self.games += 1
        self.wins += result == WON
        self.draws += result == DRAWN
        self.hands += summary["hands"]
        self.points += row["points"]
        self.scopas += row["scopas"]
        for category in STAT_CATEGORIES:
            self.categories[category] += row["categories"].get(category, 0)
        for extra in OPTIONAL_CATEGORIES:
            if summary.get(extra):
                self.played_with[extra] += summary["hands"]
        entry = (summary["id"], summary["name"], summary["created"], result, margin)
        self._rows = None
        if newer is None:
            self.results.append(entry)
            self._derived = None
        else:
            at = 0
            while at < len(self.results) and not newer(self.results[at]):
                at += 1
            self.results.insert(at, entry)
            self._derived = self._derived.then(entry) if at == 0 and self._derived is not None else None
        if by_family:
            name = summary.get("family") or family(summary["profile"])
            kept = self.families.get(name)
            if kept is None:
                kept = self.families[name] = Record(self.name)
            kept.add(summary, side, by_family=False, newer=newer)

    def remove(self, summary: Mapping[str, Any], side: int, by_family: bool = True) -> None:
        """Take back one finished game's side that ``add`` counted (``summary`` as it was then): the record is as if
        that game had never been added (a family left with no game is no longer listed)."""
        row = summary["sides"][side]
        result = outcome(summary, side)
        self.games -= 1
        self.wins -= result == WON
        self.draws -= result == DRAWN
        self.hands -= summary["hands"]
        self.points -= row["points"]
        self.scopas -= row["scopas"]
        for category in STAT_CATEGORIES:
            self.categories[category] -= row["categories"].get(category, 0)
        for extra in OPTIONAL_CATEGORIES:
            if summary.get(extra):
                self.played_with[extra] -= summary["hands"]
        at = next(i for i, r in enumerate(self.results) if r[0] == summary["id"])
        del self.results[at]
        self._rows = self._derived = None
        if by_family:
            name = summary.get("family") or family(summary["profile"])
            kept = self.families[name]
            kept.remove(summary, side, by_family=False)
            if not kept.games:
                del self.families[name]

    def copy(self) -> Record:
        """A record equal to this one that may be changed without changing this one."""
        return Record(
            self.name,
            self.games,
            self.wins,
            self.draws,
            self.hands,
            self.points,
            self.scopas,
            dict(self.categories),
            dict(self.played_with),
            list(self.results),
            {name: record.copy() for name, record in self.families.items()},
            self._derived,
        )

    def to_dict(self) -> dict[str, Any]:
        """The API's row (API.md 1.2), with more: draws and losses, best and worst game, streaks, the optional
        categories where played, and the same row for each family played (``families``, in ``FAMILIES`` order)."""
        if self._rows is None:
            row = self._row()
            row["families"] = {name: self.families[name]._row() for name in FAMILIES if name in self.families}
            self._rows = row
        return dict(self._rows)

    def derived(self) -> _Derived:
        """The best and worst games and the streaks, worked out from ``results`` when not kept."""
        if self._derived is None:
            games_in_order = self.oldest_first()
            outcomes = [r[3] for r in games_in_order]
            current = _current(outcomes)
            self._derived = _Derived(
                max(games_in_order, key=itemgetter(4), default=None),
                min(games_in_order, key=itemgetter(4), default=None),
                _longest(outcomes, WON),
                _longest(outcomes, LOST),
                (current["outcome"], current["games"]) if current else None,
            )
        return self._derived

    def _row(self) -> dict[str, Any]:
        derived = self.derived()
        categories = {c: self.categories[c] for c in BASE_CATEGORIES}
        for extra in OPTIONAL_CATEGORIES:
            if self.played_with[extra]:
                categories[extra] = self.categories[extra]
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": round(self.wins / self.games, 3) if self.games else None,
            "hands": self.hands,
            "points": self.points,
            "points_per_hand": round(self.points / self.hands, 2) if self.hands else None,
            "scopas": self.scopas,
            "scopas_per_hand": round(self.scopas / self.hands, 2) if self.hands else None,
            "categories": categories,
            "category_rates": {
                c: round(n / self.hands_for(c), 3) if self.hands_for(c) else None for c, n in categories.items()
            },
            "best_game": _game_ref(derived.best),
            "worst_game": _game_ref(derived.worst),
            "longest_winning_streak": derived.longest_won,
            "longest_losing_streak": derived.longest_lost,
            "current_streak": {
                "won": derived.current[0] == WON,
                "outcome": derived.current[0],
                "games": derived.current[1],
            }
            if derived.current
            else None,
        }

    def oldest_first(self) -> list[GameResult]:
        """The games counted, oldest first."""
        return self.results[::-1]

    def hands_for(self, category: str) -> int:
        """The hands in which ``category`` could be won (the optional categories only where played)."""
        return self.played_with.get(category, self.hands)


@dataclass(frozen=True, slots=True)
class _Derived:
    """What a record's row reads of its games beyond the counts: the best and worst game (the oldest of equal
    margins), the longest winning and losing streaks, and the current streak (its outcome and games)."""

    best: GameResult | None
    worst: GameResult | None
    longest_won: int
    longest_lost: int
    current: tuple[str, int] | None

    def then(self, newest: GameResult) -> _Derived:
        """The same after one more game, newer than every game counted."""
        margin, how = newest[4], newest[3]
        run = self.current[1] + 1 if self.current is not None and self.current[0] == how else 1
        return _Derived(
            newest if self.best is None or margin > self.best[4] else self.best,
            newest if self.worst is None or margin < self.worst[4] else self.worst,
            max(self.longest_won, run) if how == WON else self.longest_won,
            max(self.longest_lost, run) if how == LOST else self.longest_lost,
            (how, run),
        )


def _game_ref(result: GameResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    game_id, name, created, how, margin = result
    return {"id": game_id, "name": name, "created": created, "won": how == WON, "outcome": how, "margin": margin}


def _longest(results: list[str], value: str) -> int:
    """The longest run of ``value`` (a draw breaks a run of wins, and one of losses)."""
    best = run = 0
    for how in results:
        if how == value:
            run += 1
            if run > best:
                best = run
        else:
            run = 0
    return best


def _current(results: list[str]) -> dict[str, Any] | None:
    """The streak the latest games make: {"won": true, "outcome": "won", "games": 3} for three wins running."""
    if not results:
        return None
    last, n = results[-1], 0
    for how in reversed(results):
        if how != last:
            break
        n += 1
    return {"won": last == WON, "outcome": last, "games": n}


def finished(summaries: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The summaries of finished games only (won or drawn): statistics count games that ended."""
    return [s for s in summaries if s["finished"]]


def player_stats(summaries: Iterable[Mapping[str, Any]], names: Mapping[str, str]) -> dict[str, Record]:
    """Each player's record over the finished games: {player id: Record}. ``names``: each id's name now.

    ``summaries`` come newest first (as a group lists its games): the streaks are read from their order.

    A team's result counts for each of its players (API.md 1.2).
    """
    records = {pid: Record(name) for pid, name in names.items()}
    for summary in finished(summaries):
        for i, side in enumerate(summary["sides"]):
            for pid in side["players"]:
                if pid in records:
                    records[pid].add(summary, i)
    return records


def team_key(players: Iterable[str]) -> str:
    """A team's identity: its players, in any order."""
    return "+".join(sorted(players))


def team_stats(summaries: Iterable[Mapping[str, Any]], names: Mapping[str, str]) -> dict[str, Record]:
    """Each team's record (sides of two or more players, the same players whatever the seats): {team key: Record}."""
    records: dict[str, Record] = {}
    for summary in finished(summaries):
        for i, side in enumerate(summary["sides"]):
            if len(side["players"]) < 2:
                continue
            key = team_key(side["players"])
            if key not in records:
                members = sorted((names.get(p, "?") for p in side["players"]), key=str.casefold)
                records[key] = Record(" & ".join(members))
            records[key].add(summary, i)
    return records


def head_to_head(
    summaries: Iterable[Mapping[str, Any]], a: str | Sequence[str], b: str | Sequence[str]
) -> dict[str, Any]:
    """Finished games where ``a`` and ``b`` (player ids, or teams as lists of ids) sat on opposite sides.

    ``{"games", "wins": [a's, b's], "draws", "list": [...]}``: a drawn game counts in ``draws`` (each list entry's
    ``winner`` is "a", "b", "draw", or None for a game won by a third side, which counts in ``games`` only).
    """
    team_a = {a} if isinstance(a, str) else set(a)
    team_b = {b} if isinstance(b, str) else set(b)
    games, wins, draws, listed = 0, [0, 0], 0, []
    for summary in finished(summaries):
        side_a = side_b = None
        for i, side in enumerate(summary["sides"]):
            players = set(side["players"])
            if team_a <= players:
                side_a = i
            if team_b <= players:
                side_b = i
        if side_a is None or side_b is None or side_a == side_b:
            continue
        games += 1
        if summary["winner"] == side_a:
            wins[0] += 1
        elif summary["winner"] == side_b:
            wins[1] += 1
        elif summary["winner"] is None:
            draws += 1
        listed.append(
            {
                "id": summary["id"],
                "name": summary["name"],
                "created": summary["created"],
                "totals": [summary["totals"][side_a], summary["totals"][side_b]],
                "family": summary.get("family") or family(summary["profile"]),
                "winner": "draw"
                if summary["winner"] is None
                else "a"
                if summary["winner"] == side_a
                else "b"
                if summary["winner"] == side_b
                else None,
            }
        )
    return {"games": games, "wins": wins, "draws": draws, "list": listed}
