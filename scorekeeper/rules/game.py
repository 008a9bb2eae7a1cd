"""Sides, seats and deals, and how a game ends.

>>> sides = check_sides([Side("Blu", ("Anna", "Carla")), Side("Rossi", ("Bruno", "Dario"))])
>>> [player for _, player in seating(sides)]
['Anna', 'Bruno', 'Carla', 'Dario']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import cast

from .errors import InvalidGameError
from .options import PLAYER_COUNTS_SAID, SIDES_MAX, SIDES_MIN, Rules
from .scoring import RoundScore
from .text import NOTHING, Join, Msg, listing, msg, side_msg
from .words import category_names

NAME_MAX = 40
GAME_NAME_MAX = 60
# Players and how they may form sides (RULES.md, Players, sides and deals).
SIDE_LAYOUTS = {
    2: ((1, 1),),
    3: ((1, 1, 1),),
    4: ((2, 2), (1, 1, 1, 1)),
    6: ((3, 3), (2, 2, 2), (1, 1, 1, 1, 1, 1)),
}


@dataclass(frozen=True, slots=True)
class Side:
    """A player alone, or a team whose partners pool their piles and scopas."""

    name: str
    players: tuple[str, ...]


# What a name is, as the messages about it say it.
NAME_KINDS = {
    "name": msg("a name"),
    "side": msg("a side's name"),
    "player": msg("a player's name"),
    "game": msg("the game's name"),
}


def clean_name(value: object, field: str, what: str = "name") -> str:
    """A trimmed name of 1 to ``NAME_MAX`` characters, or an ``InvalidGameError``; ``what`` is a key of NAME_KINDS."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidGameError(
            msg("%(what)s must be some text, 1 to %(max)s characters", what=NAME_KINDS[what], max=NAME_MAX), field
        )
    return clean_text(value, field, what, NAME_MAX)


def clean_text(value: str, field: str, what: str, limit: int) -> str:
    """``value`` with its spacing tidied: printable text of at most ``limit`` characters."""
    kind = NAME_KINDS[what]
    if len(value) > limit * 4:
        raise InvalidGameError(
            msg("%(what)s is %(n)s characters long; at most %(max)s", what=kind, n=len(value), max=limit), field
        )
    name = " ".join(value.split())
    if len(name) > limit:
        raise InvalidGameError(
            msg("%(what)s is %(n)s characters long; at most %(max)s", what=kind, n=len(name), max=limit), field
        )
    # A lone surrogate cannot be stored or shown (it is not printable); control characters would garble a sheet.
    if not name.isprintable():
        raise InvalidGameError(
            msg("%(what)s must be plain text: letters, digits, spaces and punctuation", what=kind), field
        )
    return name


def check_sides(sides: Sequence[Side], rules: Rules = Rules()) -> tuple[Side, ...]:
    """Raise unless the sides make a game these rules allow; return them with tidy names."""
    if not isinstance(sides, (list, tuple)) or not sides:
        raise InvalidGameError(
            msg("sides must list %(low)s to %(high)s players or teams", low=SIDES_MIN, high=SIDES_MAX), "sides"
        )
    tidy = []
    for i, side in enumerate(sides):
        name = clean_name(side.name, f"sides[{i}].name", "side")
        members = tuple(clean_name(p, f"sides[{i}].players[{j}]", "player") for j, p in enumerate(side.players))
        tidy.append(Side(name, members or (name,)))
    players = [p.casefold() for s in tidy for p in s.players]
    count = len(players)
    layout = tuple(len(s.players) for s in tidy)
    if count not in SIDE_LAYOUTS:
        raise InvalidGameError(
            msg("Scopa is played by %(counts)s players, not %(n)s", n=count, counts=PLAYER_COUNTS_SAID), "sides"
        )
    if layout not in SIDE_LAYOUTS[count]:
        allowed = listing([" vs ".join(str(n) for n in option) for option in SIDE_LAYOUTS[count]], Join.OR)
        raise InvalidGameError(
            msg(
                "%(n)s players play as sides of %(allowed)s players, not %(layout)s",
                n=count,
                allowed=allowed,
                layout=" vs ".join(map(str, layout)),
            ),
            "sides",
        )
    for i, name in enumerate(players):
        if name in players[:i]:
            shown = [p for s in tidy for p in s.players][i]
            raise InvalidGameError(
                msg("two players are called %(name)s; give each their own name", name=repr(shown)), "sides"
            )
    names = [s.name.casefold() for s in tidy]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise InvalidGameError(
                msg("two sides are called %(name)s; give each its own name", name=repr(tidy[i].name)),
                f"sides[{i}].name",
            )
    rules.check_players(count, partnerships=layout == (2, 2))
    return tuple(tidy)


def seating(sides: Sequence[Side]) -> tuple[tuple[int, str], ...]:
    """Seats in the order of play (each seat passes to the one on its right).

    Partners sit apart, so seats alternate between the sides: A1, B1, A2, B2.
    """
    rounds = max(len(s.players) for s in sides)
    return tuple((i, side.players[k]) for k in range(rounds) for i, side in enumerate(sides) if k < len(side.players))


def dealer_and_leader(sides: Sequence[Side], hand_index: int, direction: str = "right") -> tuple[str, str]:
    """Who deals hand ``hand_index`` (0 for the first) and who leads: the next seat in the ``direction`` of play
    (``right``, counter-clockwise, as RULES.md; ``left`` goes round the other way from the same first dealer).

    >>> sides = [Side(n, (n,)) for n in ("Anna", "Bruno", "Carla")]
    >>> dealer_and_leader(sides, 1), dealer_and_leader(sides, 1, "left")
    (('Bruno', 'Carla'), ('Carla', 'Bruno'))
    """
    seats = seating(sides)
    step = 1 if direction == "right" else -1
    dealer = seats[(step * hand_index) % len(seats)][1]
    leader = seats[(step * (hand_index + 1)) % len(seats)][1]
    return dealer, leader


@dataclass(frozen=True, slots=True)
class Progress:
    """The state of a game after its hands: points counted, running totals and the result."""

    counted: tuple[tuple[int, ...], ...]
    totals: tuple[tuple[int, ...], ...]
    winner: int | None
    finished_round: int | None
    tied: bool
    status: Msg
    # How a count-out game was won ("on scopas in hand 7; ..."), for the status line.
    how: Msg | None = None
    # What each hand did to the game beyond its points (a call out, a recount), or None: shown with its reasons.
    notes: tuple[Msg | None, ...] = ()
    # The game ended in a draw (``end: "draw"``): equal top totals at or over the target, and no winner.
    draw: bool = False
    # After a tie at or over the target under ``playoff: "leaders"``: the tied leaders, the only sides that can
    # still win; empty when every side can.
    contenders: tuple[int, ...] = ()

    @property
    def finished(self) -> bool:
        """True once a side has won, or the game ended in a draw."""
        return self.winner is not None or self.draw

    @property
    def current(self) -> tuple[int, ...]:
        """The running totals after the last counted hand."""
        return self.totals[-1] if self.totals else ()


def _shown(names: Sequence[str], totals: Sequence[int], first: int = 0) -> str:
    """Totals as said aloud: "12-9" with ``first``'s total first when two sides play, else every side."""
    if len(totals) == 2:
        return f"{totals[first]}-{totals[1 - first]}"
    return ", ".join(f"{n} {t}" for n, t in zip(names, totals, strict=False))


def play_out(
    rounds: Sequence[RoundScore],
    names: Sequence[str],
    target: int,
    end: str = "highest",
    playoff: str = "all",
    family: str = "scopa",
) -> Progress:
    """Add up the hands in order and decide the game by ``end`` and ``playoff``.

    ``highest``: after a hand, if any side is at or over the target, the single
    highest total wins; equal top totals mean another hand.  ``count_out``:
    points are added category by category and the first side to reach the
    target wins at once; the rest of that hand goes unscored.  ``recount``: equal
    top totals are broken by recounting the hand; ``draw``: they end the game as a
    draw.  ``playoff: "leaders"``: after equal top totals only the tied leaders can
    win the hands that follow (the others play and score on). ``family``: the game family whose words name a
    category in the notes ("on the setenta").
    """
    progress = Progress((), (), None, None, False, NOTHING)
    for score in rounds:
        progress = play_on(progress, score, names, target, end, playoff, family)
    if not rounds:
        progress = replace(progress, status=_status(progress, names, target))
    return progress


def _reach_first(before: Sequence[int], score: RoundScore, sides: Sequence[int], goal: int) -> tuple[int | None, str]:
    """Recount a hand category by category from the totals ``before`` it: which of ``sides`` reaches ``goal``
    first, and on which category (None when two reach it on the same category)."""
    totals = list(before)
    for category in score.categories:
        for i, side in enumerate(score.sides):
            totals[i] += side.points[category]
        reached = [i for i in sides if totals[i] >= goal]
        if reached:
            return (reached[0] if len(reached) == 1 else None), category
    return None, score.categories[-1]


def play_on(
    progress: Progress,
    score: RoundScore,
    names: Sequence[str],
    target: int,
    end: str = "highest",
    playoff: str = "all",
    family: str = "scopa",
) -> Progress:
    """``progress`` with one more hand added, as ``play_out`` would add it: the cost of one hand.

    Before ``end`` decides, a hand may end the game by itself: the napoleone (all ten coins) wins it at once, and
    a side that called itself out (``call_out``) wins if its count reaches the target, or else loses.
    """
    before = list(progress.current or [0] * len(names))
    totals = list(before)
    counted = [0] * len(names)
    number = len(progress.totals) + 1
    winner, finished, how, tied = progress.winner, progress.finished_round, progress.how, False
    draw, contenders = progress.draw, progress.contenders
    # The sides that can still win: every side, or the tied leaders of a playoff (``playoff: "leaders"``).
    can_win = contenders or tuple(range(len(names)))
    note: Msg | None = None
    said = category_names(family)
    if not progress.finished:
        contenders = ()
        if score.napoleone is not None:
            for i, side in enumerate(score.sides):
                counted[i] = side.total
                totals[i] += side.total
            winner, finished = score.napoleone, number
            how = msg("with the napoleone (all ten coins) in hand %(n)s", n=number)
        elif score.called is not None:
            winner, finished, how, note, tied = _called_out(before, totals, counted, score, names, target, number, said)
        elif end == "count_out":
            for category in score.categories:
                for i, side in enumerate(score.sides):
                    counted[i] += side.points[category]
                    totals[i] += side.points[category]
                reached = [i for i in can_win if totals[i] >= target]
                if reached:
                    top = max(totals[i] for i in reached)
                    leaders = [i for i in reached if totals[i] == top]
                    # Several sides can pass the target together only on scopas: the higher total wins.
                    if len(leaders) == 1:
                        winner, finished = leaders[0], number
                        how = msg(
                            "on %(category)s in hand %(n)s; the rest of that hand goes unscored",
                            category=said[category],
                            n=number,
                        )
                        break
        else:
            for i, side in enumerate(score.sides):
                counted[i] = side.total
                totals[i] += side.total
        if winner is None and score.called is None and max(totals[i] for i in can_win) >= target:
            top = max(totals[i] for i in can_win)
            leaders = [i for i in can_win if totals[i] == top]
            if len(leaders) == 1:
                winner, finished = leaders[0], number
            elif end == "draw":
                draw, finished = True, number
                note = msg(
                    "Tied at %(top)s at or over the target: equal top totals end the game as a draw (end: draw).",
                    top=top,
                )
            elif end == "recount":
                first, category = _reach_first(before, score, leaders, top)
                if first is not None:
                    winner, finished = first, number
                    how = msg(
                        "on the recount of hand %(n)s: first to %(top)s, on %(category)s",
                        n=number,
                        top=top,
                        category=said[category],
                    )
                    note = side_msg(
                        "Tied at %(top)s: recounting hand %(n)s category by category, %(name)s reaches %(top)s "
                        "first, on %(category)s.",
                        "Tied at %(top)s: recounting hand %(n)s category by category, %(name)s reach %(top)s "
                        "first, on %(category)s.",
                        top=top,
                        n=number,
                        name=names[first],
                        category=said[category],
                    )
                else:
                    tied = True
                    note = msg(
                        "Tied at %(top)s, and still tied on the recount of hand %(n)s (both reach it on "
                        "%(category)s): play another hand.",
                        top=top,
                        n=number,
                        category=said[category],
                    )
            else:
                tied = True
            if tied and playoff == "leaders":
                contenders = tuple(leaders)
                playoff_note = msg(
                    "Only the tied leaders, %(names)s, can win the hands that follow (playoff: leaders).",
                    names=listing([names[i] for i in leaders], Join.AND),
                )
                note = playoff_note if note is None else msg("%(note)s %(more)s", note=note, more=playoff_note)
    else:
        # Hands recorded after the game was won count for nothing.
        tied = progress.tied
    after = Progress(
        (*progress.counted, tuple(counted)),
        (*progress.totals, tuple(totals)),
        winner,
        finished,
        tied,
        NOTHING,
        how,
        (*progress.notes, note),
        draw,
        contenders,
    )
    return replace(after, status=_status(after, names, target))


def _called_out(
    before: list[int],
    totals: list[int],
    counted: list[int],
    score: RoundScore,
    names: Sequence[str],
    target: int,
    number: int,
    said: Mapping[str, Msg],
) -> tuple[int | None, int | None, Msg | None, Msg, bool]:
    """A hand in which a side called itself out (``call_out``): counted category by category, the caller wins the
    moment it reaches the target; if it never does, it loses, and the best other side wins.

    Fills ``totals`` and ``counted``; returns the winner, the hand that ended the game, how, the hand's note and
    whether the other sides are left tied (then another hand is played).
    """
    caller = cast("int", score.called)
    for category in score.categories:
        for i, side in enumerate(score.sides):
            counted[i] += side.points[category]
            totals[i] += side.points[category]
        if totals[caller] >= target:
            how = msg(
                "by calling out in hand %(n)s, reaching %(target)s on %(category)s",
                n=number,
                target=target,
                category=said[category],
            )
            note = side_msg(
                "%(name)s called out. Counted category by category, %(name)s reaches %(total)s on %(category)s: "
                "the call is good and %(name)s wins; the rest of the hand goes unscored.",
                "%(name)s called out. Counted category by category, %(name)s reach %(total)s on %(category)s: "
                "the call is good and %(name)s win; the rest of the hand goes unscored.",
                name=names[caller],
                total=totals[caller],
                category=said[category],
            )
            return caller, number, how, note, False
    others = [i for i in range(len(names)) if i != caller]
    top = max(totals[i] for i in others)
    best = [i for i in others if totals[i] == top]
    winner = best[0] if len(best) == 1 else _reach_first(before, score, best, top)[0]
    if winner is None:
        note = side_msg(
            "%(name)s called out but has only %(total)s of %(target)s: the call fails, and %(name)s loses. "
            "The others are tied at %(top)s: they play another hand.",
            "%(name)s called out but have only %(total)s of %(target)s: the call fails, and %(name)s lose. "
            "The others are tied at %(top)s: they play another hand.",
            name=names[caller],
            total=totals[caller],
            target=target,
            top=top,
        )
        return None, None, None, note, True
    how = side_msg(
        "as %(name)s's call out failed in hand %(n)s",
        "as %(name)s's call out failed in hand %(n)s",
        name=names[caller],
        n=number,
    )
    # The winner's verb agrees with the caller's side: the sides of a game are all alone or all teams alike.
    note = side_msg(
        "%(name)s called out but has only %(total)s of %(target)s: the call fails, and %(name)s loses. "
        "%(winner)s wins with %(top)s.",
        "%(name)s called out but have only %(total)s of %(target)s: the call fails, and %(name)s lose. "
        "%(winner)s win with %(top)s.",
        name=names[caller],
        total=totals[caller],
        target=target,
        winner=names[winner],
        top=totals[winner],
    )
    return winner, number, how, note, False


def _status(progress: Progress, names: Sequence[str], target: int) -> Msg:
    """The one-line state of the game: who won, who leads, or a tie that plays on."""
    totals = progress.current
    hands = len(progress.totals)
    if progress.winner is not None:
        name, score = names[progress.winner], _shown(names, totals, progress.winner)
        if progress.how is not None:
            status = side_msg(
                "%(name)s wins %(score)s %(how)s.",
                "%(name)s win %(score)s %(how)s.",
                name=name,
                score=score,
                how=progress.how,
            )
        else:
            status = side_msg("%(name)s wins %(score)s.", "%(name)s win %(score)s.", name=name, score=score)
        if progress.finished_round is not None and progress.finished_round < hands:
            later = msg("Hands after hand %(n)s are not counted: the game was already won.", n=progress.finished_round)
            status = msg("%(status)s %(later)s", status=status, later=later)
        return status
    if progress.draw:
        status = msg(
            "A draw at %(score)s: equal top totals at or over %(target)s end the game.",
            score=_shown(names, totals),
            target=target,
        )
        if progress.finished_round is not None and progress.finished_round < hands:
            later = msg("Hands after hand %(n)s are not counted: the game had ended.", n=progress.finished_round)
            status = msg("%(status)s %(later)s", status=status, later=later)
        return status
    if not hands:
        return msg("No hands yet: first to %(target)s wins.", target=target)
    if progress.tied and progress.contenders:
        return msg(
            "Tied at %(score)s at or over %(target)s: play another hand; only %(names)s can win.",
            score=_shown(names, totals),
            target=target,
            names=listing([names[i] for i in progress.contenders], Join.AND),
        )
    if progress.tied:
        return msg(
            "Tied at %(score)s at or over %(target)s: play another hand.", score=_shown(names, totals), target=target
        )
    top = max(totals)
    leaders = [names[i] for i, t in enumerate(totals) if t == top]
    if len(leaders) > 1:
        return msg("Tied %(score)s; %(target)s to win.", score=_shown(names, totals), target=target)
    return side_msg(
        "%(name)s leads %(score)s; %(target)s to win.",
        "%(name)s lead %(score)s; %(target)s to win.",
        name=leaders[0],
        score=_shown(names, totals, totals.index(top)),
        target=target,
    )
