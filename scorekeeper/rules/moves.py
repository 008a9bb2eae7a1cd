"""Legal plays, judging a claimed capture, and the initial-deal check.

Legal moves are a plain function of the position: the hand, the table, the
rules and whether this is the last card of the hand.

>>> table = [Card.parse(c) for c in ["1b", "2c", "6s"]]
>>> [(str(m.card), [str(c) for c in m.capture]) for m in legal_moves([Card.parse("8d")], table)]
[('8d', ['6s', '2c'])]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain, combinations, islice, product
from math import prod

from .cards import DECK_SIZE, Card, DeckStyle, Rank
from .errors import IllegalMoveError, InvalidPositionError
from .options import Rules
from .text import NOTHING, Join, Msg, listing, msg, nmsg

# Rule identifiers used in verdicts, with the rule each stands for (RULES.md, Capturing).
RULE_TEXT = {
    "single-card": msg("An equal single card on the table must be taken, alone: never a sum while it is there."),
    "sum": msg("With no equal card on the table, a card takes a set of two or more cards that add up to it."),
    "fewest": msg('capture_choice "fewest": only the sets with the fewest cards may be taken.'),
    "must-capture": msg("A card that can capture must capture; only a card that cannot is trailed."),
    "trail": msg("A card that can capture nothing is trailed: left face up on the table."),
    "ace-takes-all": msg("ace_takes_all: an ace played with no ace on the table takes every table card."),
    "ace-empty-table": msg(
        'ace_empty_table "capture": an ace played on an empty table takes itself, a one-card trick.'
    ),
    "ace-on-ace": msg(
        'ace_on_ace "may_sweep": an ace played with an ace on the table may take that ace or every table card.'
    ),
    "ace-may-trail": msg("ace_may_trail: the ace that would take every table card may be laid on the table instead."),
    "no-ace-first-lead": msg(
        "no_ace_first_lead: the first card of a hand may not be an ace, unless the hand holds only aces."
    ),
    # RULES.md 1.2, Capturing.
    "fifteen": msg('capture_to "fifteen" (or "value_or_fifteen"): a card takes table cards that add up to 15 with it.'),
    "no-pair-precedence": msg(
        "pair_precedence false: a set that adds up to the played card may be taken even with an equal single card "
        "on the table."
    ),
    "must-capture-hand": msg('must_capture "hand": while any card of the hand can capture, no card may be trailed.'),
    "ace-sweep-only": msg(
        'ace_on_ace "sweep_only": an ace always takes every table card, even with an ace on it, never only that ace.'
    ),
}

# Each kind of play and the rule that allows it: "self" is an ace taking itself on an empty table, "ace-sweep" an
# ace sweeping with an ace on the table, "ace-trail" the sweeping ace laid instead (RULES.md 1.1 house rules).
KIND_RULE = {
    "match": "single-card",
    "sum": "sum",
    "ace": "ace-takes-all",
    "trail": "trail",
    "self": "ace-empty-table",
    "ace-sweep": "ace-on-ace",
    "ace-trail": "ace-may-trail",
    # RULES.md 1.2: "fifteen" a 15-capture, "any-sum" a sum taken beside an equal single card (pair_precedence
    # false), "ace-always" the ace sweeping a table with an ace on it (ace_on_ace "sweep_only").
    "fifteen": "fifteen",
    "any-sum": "no-pair-precedence",
    "ace-always": "ace-sweep-only",
}
# A game family's (Rules.family) own rules are cited in its own words where it has them ("Escoba's capture to
# fifteen").
FAMILY_RULE_TEXT = {
    ("escoba", "fifteen"): msg(
        "Escoba's capture to fifteen: the card played takes table cards that add up to 15 with it, and nothing else."
    ),
    ("cirulla", "fifteen"): msg(
        "Cirulla's 15-capture: beside taking its own value, a card may take table cards that add up to 15 with it."
    ),
    ("escoba", "must-capture-hand"): msg(
        "Escoba: while any card of the hand can take, no card may be laid on the table."
    ),
    ("cirulla", "must-capture-hand"): msg(
        "Cirulla: while any card of the hand can take, no card may be laid on the table."
    ),
    ("cirulla", "ace-takes-all"): msg(
        "Cirulla's ace: played with no ace on the table, it takes every table card, and that is a scopa."
    ),
}


def rule_text(rule: str, rules: Rules) -> Msg:
    """A rule (a key of RULE_TEXT) in plain words, in the family's own words where it has them."""
    return FAMILY_RULE_TEXT.get((rules.family, rule), RULE_TEXT[rule])


# The plays that lay the card on the table instead of taking.
TRAILS = ("trail", "ace-trail")
# What a 15-capture adds up to, with the card played (RULES.md 1.2, capture_to).
FIFTEEN = 15
# Cirulla's matta, the 7 of cups (hearts), wild with ``knocks`` (RULES.md 1.2).
MATTA = Card.parse("7c")


@dataclass(frozen=True, slots=True)
class Context:
    """The position a group of moves was found in; kept so reasons can be written on demand."""

    table: tuple[Card, ...]
    by_value: dict[int, tuple[Card, ...]]
    rules: Rules
    last_play: bool
    style: DeckStyle | None
    last_deal: bool = False  # the stock is empty (scopa_in_last_deal)


@dataclass(frozen=True, slots=True)
class MoveGroup:
    """Equivalent plays of one card, for a readable list on a crowded table.

    ``parts`` says what to take: for each value, ``count`` cards chosen from
    ``cards``.  ``len(group)`` is how many distinct plays it stands for;
    ``options`` is how many plays the card has in all.
    """

    card: Card
    parts: tuple[tuple[int, int, tuple[Card, ...]], ...]
    scopa: bool
    kind: str  # a key of KIND_RULE: "match", "sum", "ace" (ace takes all), "trail"...
    context: Context = field(repr=False, compare=False)
    options: int = field(default=1, compare=False)

    def __len__(self) -> int:
        total = 1
        for _, count, cards in self.parts:
            total *= _choose(len(cards), count)
        return total

    @property
    def rule(self) -> str:
        """The identifier of the rule that makes these plays legal."""
        return KIND_RULE[self.kind]

    @property
    def why(self) -> Msg:
        """The reason these plays are legal, in plain words."""
        return _explain(self, None)

    def captures(self) -> Iterator[tuple[Card, ...]]:
        """The table cards each play takes, highest value first (an ace taking itself: the ace)."""
        if self.kind == "self":
            yield (self.card,)
            return
        if len(self.parts) == 1:
            _, count, cards = self.parts[0]
            yield from combinations(cards, count)
            return
        # Parts run from the highest value down, so joined picks are already in capture order.
        for picked in product(*(combinations(cards, count) for _, count, cards in self.parts)):
            yield tuple(chain.from_iterable(picked))

    def moves(self) -> Iterator[Move]:
        """Every play the group stands for."""
        card, scopa, kind = self.card, self.scopa, self.kind
        for capture in self.captures():
            yield Move(card, capture, scopa, kind, self)


@dataclass(frozen=True, slots=True)
class Move:
    """One legal play: the card played and the table cards it takes (none for a trail)."""

    card: Card
    capture: tuple[Card, ...]
    scopa: bool
    kind: str  # a key of KIND_RULE
    group: MoveGroup | None = field(default=None, repr=False, compare=False)

    @property
    def rule(self) -> str:
        """The identifier of the rule that makes this play legal."""
        return KIND_RULE[self.kind]

    @property
    def why(self) -> Msg:
        """The reason this play is legal, in plain words (written on demand)."""
        return _explain(self.group, self.capture) if self.group is not None else NOTHING


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a claimed play is legal, the rule that decides, and the legal plays of that card."""

    legal: bool
    rule: str
    reason: Msg
    card: Card
    capture: tuple[Card, ...]
    scopa: bool
    alternatives: tuple[Move, ...]  # the card's other legal plays (all of them, if illegal), at most MOVES_PER_CARD
    options: int = 0  # how many legal plays the card has in all, listed or not
    family: str = "scopa"  # the game family judged by (``family``), whose words the rule is cited in

    @property
    def more(self) -> int:
        """How many of the card's other legal plays are not listed in ``alternatives``."""
        return max(0, self.options - (1 if self.legal else 0) - len(self.alternatives))

    @property
    def rule_text(self) -> Msg:
        """The deciding rule in plain words, the family's own where it has them."""
        return FAMILY_RULE_TEXT.get((self.family, self.rule), RULE_TEXT[self.rule])


@dataclass(frozen=True, slots=True)
class DealFifteen:
    """The four cards of the deal adding up to 15 or 30, taken at once as scopas (deal_fifteen)."""

    side: str  # "dealer" or "first_player", as the option says
    scopas: int  # 1 for 15, 2 for 30
    total: int
    matta: bool = False  # the total is made with the matta (the 7 of cups, wild with ``knocks``)
    family: str = "scopa"  # the game family (``family``), whose words the check is said in


@dataclass(frozen=True, slots=True)
class DealCheck:
    """The check of the four cards first dealt to the table."""

    redeal: bool
    kings: int
    reason: Msg
    rule: str = "three_kings"  # the redeal option in force, which decided
    fifteen: DealFifteen | None = None  # deal_fifteen: the cards taken at once, or None


def _choose(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def _capture_key(card: Card) -> tuple[int, int]:
    # Captures read from the highest value down, as players say them: "6s + 2c".
    return (-card.value, card.suit.order)


def _plus(cards: Sequence[Card]) -> object:
    """Cards taken together, as a sum is read: "6s + 2c"."""
    return listing(cards, Join.PLUS)


# The limits of a position, here once: the checker, the API and the move generator all check through them.
HAND_MAX = 10  # Scopone scientifico deals 10 cards to each player, the most any deal gives
TABLE_MAX = DECK_SIZE - 1  # every card of the deck but the one being played
DEAL_CARDS = 4  # the first deal puts 4 cards face up on the table
# The most plays the checker lists for one hand card; beyond it a card's plays are counted, not listed.
# No position reachable by legal play comes near it: a card is trailed only when no table card has its value,
# so besides the 4 cards of the first deal the table holds each value at most once (at most 13 cards), and on
# such a table one card has at most 56 ways to capture (a 10 over four aces and one each of 2 to 9, counted
# generously). Only a made-up table of 20 or 30 cards has thousands, and those are summed up by ``count``.
MOVES_PER_CARD = 64


def position_errors(
    hand: Sequence[Card],
    table: Sequence[Card],
    *,
    hand_max: int = HAND_MAX,
    deal: bool = False,
    play: Card | None = None,
    take: Sequence[Card] = (),
) -> list[InvalidPositionError]:
    """Every reason a position cannot occur, at most one per field (``hand``, ``table``, ``play``, ``take``).

    ``deal`` asks for the first-deal check: the table then holds exactly 4 cards and the hand may be empty.
    ``play`` and ``take`` are a claimed play: a card from the hand and the table cards it takes.

    >>> [str(e.message) for e in position_errors([Card.parse("2c")], [Card.parse("1b"), Card.parse("2c")])]
    ['2c is both on the table and in the hand; a card is in one place only']
    """
    found: dict[str, InvalidPositionError] = {}

    def report(field: str, message: Msg, at: int | None = None) -> None:
        if field not in found:
            found[field] = InvalidPositionError(message, field if at is None else f"{field}[{at}]")

    # Each sentence whole, for the catalogues: "listed twice in the hand" is said differently in other languages.
    twice = {
        "table": lambda card: msg("%(card)s is listed twice in the table; each card exists once", card=card),
        "hand": lambda card: msg("%(card)s is listed twice in the hand; each card exists once", card=card),
        "take": lambda card: msg("%(card)s is listed twice in the take; each card exists once", card=card),
    }
    for name, cards in (("table", table), ("hand", hand), ("take", take)):
        seen: set[Card] = set()
        for i, card in enumerate(cards):
            if card in seen:
                report(name, twice[name](card), i)
            seen.add(card)
    on_table = set(table)
    for i, card in enumerate(hand):
        if card in on_table:
            report(
                "hand", msg("%(card)s is both on the table and in the hand; a card is in one place only", card=card), i
            )
    if len(hand) > hand_max:
        report("hand", msg("the hand has %(n)s cards; a hand holds at most %(max)s", n=len(hand), max=hand_max))
    elif not hand and not deal:
        report("hand", msg("choose at least one card in the hand (1 to %(max)s)", max=hand_max))
    if len(table) > TABLE_MAX:
        report("table", msg("the table has %(n)s cards; it holds at most %(max)s", n=len(table), max=TABLE_MAX))
    if deal and len(table) != DEAL_CARDS:
        report(
            "table", msg("the first deal puts %(deal)s cards on the table, not %(n)s", deal=DEAL_CARDS, n=len(table))
        )
    if play is not None and play not in hand:
        report("play", msg("%(card)s is not in the hand; the card played comes from the hand", card=play))
    for i, card in enumerate(take):
        if card not in on_table:
            report("take", msg("%(card)s is not on the table; only table cards can be taken", card=card), i)
    return list(found.values())


def check_position(
    hand: Sequence[Card],
    table: Sequence[Card],
    *,
    hand_max: int = HAND_MAX,
    deal: bool = False,
    play: Card | None = None,
    take: Sequence[Card] = (),
) -> None:
    """Raise the first of ``position_errors`` (an ``InvalidPositionError``) for a position that cannot occur."""
    errors = position_errors(hand, table, hand_max=hand_max, deal=deal, play=play, take=take)
    if errors:
        raise errors[0]


def _by_value(table: Sequence[Card]) -> dict[int, tuple[Card, ...]]:
    groups: dict[int, list[Card]] = {}
    for card in sorted(table, key=_capture_key):
        groups.setdefault(card.value, []).append(card)
    return {v: tuple(cs) for v, cs in groups.items()}


def _partitions(total: int, counts: dict[int, int], below: int) -> Iterator[list[tuple[int, int]]]:
    """Ways to make ``total`` from table values under ``below``, as (value, how many) pairs."""
    if total == 0:
        yield []
        return
    for value in range(min(total, below - 1), 0, -1):
        available = counts.get(value, 0)
        for n in range(min(available, total // value), 0, -1):
            for rest in _partitions(total - n * value, counts, value):
                yield [(value, n), *rest]


def _scopa_note(
    sweeps: bool,
    is_scopa: bool,
    last_play: bool,
    never: bool = False,
    last_deal: bool = False,
    game: str = "scopa",
) -> Msg | None:
    """What a sweep means for the scopa, as a sentence of its own (None when the table is not cleared).

    ``never``: the card is an ace and ``ace_never_scopa`` is on; ``last_deal``: no scopa counts in this deal.
    ``game``: the family, whose word is said (Escoba's sweep is an "escoba").
    """
    if not sweeps:
        return None
    escoba = game == "escoba"
    if is_scopa:
        return msg("It clears the table: escoba.") if escoba else msg("It clears the table: scopa.")
    if never:
        return msg("It clears the table, but an ace never makes a scopa (ace_never_scopa).")
    if last_deal and escoba:
        return msg("It clears the table, but no escoba counts in the last deal (scopa_in_last_deal false).")
    if last_deal:
        return msg("It clears the table, but no scopa counts in the last deal (scopa_in_last_deal false).")
    if last_play and escoba:
        return msg("It clears the table, but with the last card of the hand that is no escoba.")
    if last_play:
        return msg("It clears the table, but with the last card of the hand that is no scopa.")
    return msg("It clears the table.")


def _then(first: Msg, second: Msg | None) -> Msg:
    """Two sentences, the second (if any) after the first."""
    return first if second is None else msg("%(first)s %(second)s", first=first, second=second)


def _context(
    table: Sequence[Card], rules: Rules, last_play: bool, style: DeckStyle | None, last_deal: bool = False
) -> Context:
    return Context(tuple(table), _by_value(table), rules, last_play, style, last_deal)


def _no_last_deal_scopa(ctx: Context) -> bool:
    """Whether scopa_in_last_deal false takes every scopa away here."""
    return ctx.last_deal and not ctx.rules.scopa_in_last_deal


def move_groups(
    card: Card,
    table: Sequence[Card],
    rules: Rules = Rules(),
    last_play: bool = False,
    style: DeckStyle | None = None,
    *,
    context: Context | None = None,
    last_deal: bool = False,
) -> list[MoveGroup]:
    """The legal plays of one hand card, with equivalent captures grouped.

    ``last_deal``: the stock is empty, so with scopa_in_last_deal false no sweep is a scopa.
    """
    ctx = context or _context(table, rules, last_play, style, last_deal)
    rules, by_value = ctx.rules, ctx.by_value
    value = card.value
    n_table = len(ctx.table)
    scopa_allowed = (
        (not ctx.last_play or rules.last_card_scopa)
        and not (value == 1 and rules.ace_never_scopa)
        and not _no_last_deal_scopa(ctx)
    )
    sweep = tuple((v, len(cs), cs) for v, cs in sorted(by_value.items(), reverse=True))

    if rules.ace_takes_all and value == 1:
        if not n_table and rules.ace_empty_table == "capture":
            # ace_empty_table "capture": on an empty table the ace takes itself, a one-card trick.
            return [MoveGroup(card, (), rules.ace_sweep_scopa and scopa_allowed, "self", ctx)]
        if n_table and (1 not in by_value or rules.ace_on_ace == "sweep_only"):
            # Rule 7: with no ace on the table, an ace takes every table card (with ace_on_ace "sweep_only", even
            # with one); ace_may_trail lets it be laid instead.
            kind = "ace" if 1 not in by_value else "ace-always"
            groups = [MoveGroup(card, sweep, rules.ace_sweep_scopa and scopa_allowed, kind, ctx)]
            if rules.ace_may_trail:
                groups.append(MoveGroup(card, (), False, "ace-trail", ctx))
            return groups

    groups = []
    if rules.capture_to != "fifteen":
        groups += _ordinary_groups(card, ctx, scopa_allowed)
    if rules.capture_to != "value":
        # A 15-capture is a further choice beside the ordinary capture, never ruled by it (RULES.md 1.2).
        groups += _sum_groups(card, ctx, scopa_allowed, FIFTEEN - value, "fifteen")
    # ace_on_ace "may_sweep": the ace may take the whole table instead of the ace on it; a capture that already
    # takes the whole table (the ace alone on it, a 15-capture of it all) is the same play.
    may_sweep = rules.ace_takes_all and value == 1 and rules.ace_on_ace == "may_sweep" and 1 in by_value
    if may_sweep and not any(sum(n for _, n, _ in g.parts) == n_table for g in groups):
        at = sum(1 for g in groups if g.kind == "match")
        groups.insert(at, MoveGroup(card, sweep, rules.ace_sweep_scopa and scopa_allowed, "ace-sweep", ctx))
    if not groups:
        # Rule 3: only a card that cannot capture is trailed.
        return [MoveGroup(card, (), False, "trail", ctx)]
    return groups


def _ordinary_groups(card: Card, ctx: Context, scopa_allowed: bool) -> list[MoveGroup]:
    """The captures of a card's own value (rules 1 and 2): an equal single card, or a set adding up to it."""
    rules, value, n_table = ctx.rules, card.value, len(ctx.table)
    singles = ctx.by_value.get(value)
    groups = []
    if singles:
        # Rule 1: an equal single card must be taken alone, never a sum (unless pair_precedence is false).
        is_scopa = n_table == 1 and scopa_allowed
        groups.append(MoveGroup(card, ((value, 1, singles),), is_scopa, "match", ctx, len(singles)))
        if rules.pair_precedence:
            return groups
    kind = "any-sum" if singles else "sum"
    return groups + _sum_groups(card, ctx, scopa_allowed, value, kind, rules.capture_choice == "fewest")


def _sum_groups(
    card: Card, ctx: Context, scopa_allowed: bool, total: int, kind: str, fewest_only: bool = False
) -> list[MoveGroup]:
    """The sets of table cards adding up to ``total``: of two or more cards for a sum (the card's own value is
    left out, it is the single card's), of one or more for a 15-capture (``kind`` "fifteen")."""
    counts = {v: len(cs) for v, cs in ctx.by_value.items()}
    # A sum never holds a card of the played card's value (that is rule 1's single card); a 15-capture may.
    below = total + 1 if kind == "fifteen" else total
    found = list(_partitions(total, counts, below)) if total > 0 else []
    if fewest_only and found:
        fewest = min(sum(n for _, n in p) for p in found)
        found = [p for p in found if sum(n for _, n in p) == fewest]
    options = sum(prod(_choose(counts[v], n) for v, n in p) for p in found)
    groups = []
    for partition in found:
        is_scopa = sum(n for _, n in partition) == len(ctx.table) and scopa_allowed
        parts = tuple((v, n, ctx.by_value[v]) for v, n in partition)
        groups.append(MoveGroup(card, parts, is_scopa, kind, ctx, options))
    return groups


def _explain(group: MoveGroup, capture: tuple[Card, ...] | None) -> Msg:
    """Why a play (or, with no capture, a group of plays) is legal."""
    ctx = group.context
    value, card = group.card.value, group.card
    taken = sum(n for _, n, _ in group.parts)
    sweeps = bool(group.parts) and taken == len(ctx.table)
    never = value == 1 and ctx.rules.ace_never_scopa
    no_scopa_now = _no_last_deal_scopa(ctx)
    note = _scopa_note(sweeps, group.scopa, ctx.last_play, never, no_scopa_now, ctx.rules.family)
    if group.kind in ("ace", "ace-sweep", "self", "ace-always"):
        if group.scopa:
            ace = msg("It is a scopa (ace_sweep_scopa).")
        elif never:
            ace = msg("It is not a scopa: an ace never makes a scopa (ace_never_scopa).")
        elif ctx.rules.ace_sweep_scopa and no_scopa_now:
            ace = msg("It is not a scopa: no scopa counts in the last deal (scopa_in_last_deal false).")
        elif ctx.rules.ace_sweep_scopa:
            ace = msg("It is not a scopa: it is the last card of the hand.")
        elif group.kind == "self":
            ace = msg("It is not a scopa (an ace's trick scores none unless ace_sweep_scopa).")
        else:
            ace = msg("It is not a scopa (an ace's sweep scores none unless ace_sweep_scopa).")
        if group.kind == "self":
            said = msg(
                "%(card)s takes itself: on an empty table an ace is a one-card trick (ace_empty_table).", card=card
            )
        elif group.kind == "ace-sweep":
            said = msg("%(card)s may take the whole table instead of the ace on it (ace_on_ace may_sweep).", card=card)
        elif group.kind == "ace-always":
            said = msg(
                "%(card)s takes the whole table, the ace on it too: it may not take only that ace "
                "(ace_on_ace sweep_only).",
                card=card,
            )
        else:
            said = msg(
                "%(card)s takes the whole table: with no ace on it, an ace takes every card (ace takes all).", card=card
            )
        return _then(said, ace)
    if group.kind == "ace-trail":
        return msg("%(card)s may be laid on the table instead of taking it all (ace_may_trail).", card=card)
    if group.kind == "trail":
        if not ctx.table:
            return msg("%(card)s is trailed: the table is empty.", card=card)
        return msg(
            "%(card)s is trailed: no card worth %(value)s and no set adding up to %(value)s is on the table.",
            card=card,
            value=value,
        )
    if group.kind == "fifteen":
        return _explain_fifteen(group, capture, note, ctx.rules.family)
    if group.kind == "match":
        singles = group.parts[0][2]
        counts = {v: len(cs) for v, cs in ctx.by_value.items()}
        # With pair_precedence false a sum may be taken beside the single card: no sum is named as barred.
        a_sum = next(_partitions(value, counts, value), None) if ctx.rules.pair_precedence else None
        example = [ctx.by_value[v][i] for v, n in a_sum for i in range(n)] if a_sum is not None else None
        if len(singles) == 1:
            if example:
                said = msg(
                    "%(card)s takes %(single)s, the card of equal value; a sum such as %(sum)s may not be taken "
                    "while it is there.",
                    card=card,
                    single=singles[0],
                    sum=_plus(example),
                )
            else:
                said = msg("%(card)s takes %(single)s, the card of equal value.", card=card, single=singles[0])
            return _then(said, note)
        options = listing(singles, Join.OR)
        if capture:
            target: object = capture[0]
        else:
            target = msg("one card of equal value")
        if example:
            said = msg(
                "%(card)s takes %(target)s: one card of equal value, the player's choice of %(options)s, never "
                "two; a sum such as %(sum)s may not be taken while it is there.",
                card=card,
                target=target,
                options=options,
                sum=_plus(example),
            )
        else:
            said = msg(
                "%(card)s takes %(target)s: one card of equal value, the player's choice of %(options)s, never two.",
                card=card,
                target=target,
                options=options,
            )
        return _then(said, note)
    arithmetic = " + ".join(str(v) for v, n, _ in group.parts for _ in range(n))
    what: object = _plus(capture) if capture else msg("a set adding up to %(value)s", value=value)
    if group.kind == "any-sum":
        said = msg(
            "%(card)s takes %(what)s (%(sum)s = %(value)s), though %(single)s is on the table (pair_precedence false).",
            card=card,
            what=what,
            sum=arithmetic,
            value=value,
            single=listing(ctx.by_value[value], Join.OR),
        )
    else:
        said = msg(
            "%(card)s takes %(what)s (%(sum)s = %(value)s); no single %(value)s is on the table.",
            card=card,
            what=what,
            sum=arithmetic,
            value=value,
        )
    fewest = ctx.rules.capture_choice == "fewest"
    choice: Msg | None = None
    if group.options > 1 and fewest:
        choice = msg(
            "One of %(options)s sets that add up to %(value)s, the player's choice among those of %(n)s "
            "cards (capture_choice fewest).",
            options=group.options,
            value=value,
            n=taken,
        )
    elif group.options > 1:
        choice = msg(
            "One of %(options)s sets that add up to %(value)s, the player's choice.", options=group.options, value=value
        )
    elif fewest:
        choice = msg("Only sets of %(n)s cards may be taken (capture_choice fewest).", n=taken)
    return _then(_then(said, choice), note)


def _explain_fifteen(group: MoveGroup, capture: tuple[Card, ...] | None, note: Msg | None, game: str) -> Msg:
    """Why a 15-capture is legal, citing the family's rule: "8d takes 7c: 8 and 7 make 15 (Escoba's capture to
    fifteen)." (RULES.md 1.2, capture_to)."""
    card = group.card
    values = listing([str(v) for v in (card.value, *(v for v, n, _ in group.parts for _ in range(n)))], Join.AND)
    what: object = _plus(capture) if capture else msg("a set making 15 with it")
    if game == "escoba":
        said = msg(
            "%(card)s takes %(what)s: %(values)s make 15 (Escoba's capture to fifteen).",
            card=card,
            what=what,
            values=values,
        )
    elif game == "cirulla":
        said = msg(
            "%(card)s takes %(what)s: %(values)s make 15 (Cirulla's 15-capture, beside taking its own value).",
            card=card,
            what=what,
            values=values,
        )
    else:
        said = msg("%(card)s takes %(what)s: %(values)s add up to 15.", card=card, what=what, values=values)
    choice: Msg | None = None
    if group.options > 1:
        choice = msg("One of %(options)s sets that make 15 with it, the player's choice.", options=group.options)
    return _then(_then(said, choice), note)


@dataclass(frozen=True, slots=True)
class CardPlays:
    """The legal plays of one hand card, grouped.

    Cards of equal value play alike: a card of a value already shown in the hand
    names the first such card in ``same_as`` and has the same groups, played with itself.
    """

    card: Card
    groups: tuple[MoveGroup, ...]
    same_as: Card | None = None
    barred: Msg | None = None  # why the card may not be played at all here (no_ace_first_lead, must_capture hand)
    barred_by: str = ""  # the rule that bars it (a key of RULE_TEXT): "no-ace-first-lead" or "must-capture-hand"

    @property
    def must_capture(self) -> bool:
        """Whether the card can capture, and so may not be trailed (rule 3)."""
        return bool(self.groups) and all(g.kind not in ("trail", "ace-trail") for g in self.groups)

    @property
    def count(self) -> int:
        """How many distinct plays the card has."""
        return sum(len(g) for g in self.groups)


def plays_by_card(
    hand: Sequence[Card],
    table: Sequence[Card],
    rules: Rules = Rules(),
    last_play: bool = False,
    style: DeckStyle | None = None,
    *,
    hand_max: int = HAND_MAX,
    first_lead: bool = False,
    last_deal: bool = False,
) -> list[CardPlays]:
    """The legal plays of each hand card, in hand order, equivalent captures grouped.

    Raises ``InvalidPositionError`` for a position that cannot occur (``check_position``).

    >>> table = [Card.parse(c) for c in ["5c", "4s", "1b"]]
    >>> hand = [Card.parse(c) for c in ["5d", "2c", "5s"]]
    >>> [(str(p.card), p.must_capture, p.count, p.same_as and str(p.same_as)) for p in plays_by_card(hand, table)]
    [('5d', True, 1, None), ('2c', False, 1, None), ('5s', True, 1, '5d')]
    """
    check_position(hand, table, hand_max=hand_max)
    ctx = _context(table, rules, last_play, style, last_deal)
    first_of_value: dict[int, CardPlays] = {}
    out: list[CardPlays] = []
    for card in hand:
        barred = lead_barred(card, hand, rules, first_lead)
        if barred is not None:
            out.append(CardPlays(card, (), None, barred, "no-ace-first-lead"))
            continue
        first = first_of_value.get(card.value)
        if first is None:
            # Captures depend only on the card's value, so each value is worked out once.
            first = first_of_value[card.value] = CardPlays(card, tuple(move_groups(card, table, context=ctx)))
            out.append(first)
        else:
            out.append(CardPlays(card, tuple(replace(g, card=card) for g in first.groups), first.card))
    if rules.must_capture == "hand":
        return _bar_trails(out, rules.family)
    return out


def _bar_trails(plays: list[CardPlays], game: str) -> list[CardPlays]:
    """must_capture "hand": while any card of the hand can capture, a card that can only be trailed is barred."""
    capturer = next((p.card for p in plays if any(g.kind not in TRAILS for g in p.groups)), None)
    if capturer is None:
        return plays
    return [
        CardPlays(p.card, (), None, _trail_barred(p.card, capturer, game), "must-capture-hand")
        if p.groups and all(g.kind == "trail" for g in p.groups)
        else p
        for p in plays
    ]


def _trail_barred(card: Card, capturer: Card, game: str) -> Msg:
    """Why a card that can only be trailed is barred (must_capture "hand"), citing the family's rule."""
    if game in ("escoba", "cirulla"):
        rule = msg("Escoba's rule") if game == "escoba" else msg("Cirulla's rule")
        return msg(
            "%(card)s may not be laid on the table while %(other)s can take: while any card of the hand can take, "
            "no card is laid (%(rule)s).",
            card=card,
            other=capturer,
            rule=rule,
        )
    return msg(
        "%(card)s may not be trailed while %(other)s can capture: while any card of the hand can capture, no card "
        "is trailed (must_capture hand).",
        card=card,
        other=capturer,
    )


def lead_barred(card: Card, hand: Sequence[Card] | None, rules: Rules, first_lead: bool) -> Msg | None:
    """Why ``card`` may not lead the hand (no_ace_first_lead), or None when it may.

    ``hand``: the cards held with it, if known; a hand of aces only may lead one.
    """
    if not (first_lead and rules.no_ace_first_lead and card.value == 1):
        return None
    if hand is not None and all(c.value == 1 for c in hand):
        return None
    return msg(
        "%(card)s may not lead the hand: the first card of a hand may not be an ace unless the hand holds only "
        "aces (no_ace_first_lead).",
        card=card,
    )


@dataclass(frozen=True, slots=True)
class MoveList:
    """The legal plays of a hand, listed up to ``per_card`` for each hand card, with how many each has in all."""

    moves: tuple[Move, ...]  # in hand order, at most ``per_card`` for each card
    counts: tuple[tuple[Card, int], ...]  # each hand card and how many distinct plays it has (0: barred)
    per_card: int | None

    @property
    def count(self) -> int:
        """How many plays the hand has in all, listed or not."""
        return sum(n for _, n in self.counts)

    @property
    def complete(self) -> bool:
        """Whether every play is listed."""
        return len(self.moves) == self.count


def list_moves(
    hand: Sequence[Card],
    table: Sequence[Card],
    rules: Rules = Rules(),
    last_play: bool = False,
    style: DeckStyle | None = None,
    *,
    first_lead: bool = False,
    per_card: int | None = MOVES_PER_CARD,
    hand_max: int = HAND_MAX,
    last_deal: bool = False,
) -> MoveList:
    """The legal plays of each hand card, at most ``per_card`` listed for each (None: all), and their counts.

    The cost grows with what is listed, never with how many plays there are: counting uses the groups
    (``plays_by_card``), so a crowded table answers as quickly as a real one.  Plays are listed in the same
    order as ``legal_moves``, so the listed ones are its first ones for each card.

    >>> table = [Card.parse(c) for c in ["1b", "2c", "3s", "4d", "5s", "6b"]]
    >>> listed = list_moves([Card.parse("10d")], table, per_card=2)
    >>> [[str(c) for c in m.capture] for m in listed.moves], listed.count, listed.complete
    ([['6b', '4d'], ['6b', '3s', '1b']], 5, False)
    """
    captures: dict[Card, list[tuple[int, tuple[Card, ...]]]] = {}
    moves: list[Move] = []
    counts: list[tuple[Card, int]] = []
    listed = plays_by_card(
        hand, table, rules, last_play, style, hand_max=hand_max, first_lead=first_lead, last_deal=last_deal
    )
    for plays in listed:
        counts.append((plays.card, plays.count))
        first = plays.same_as or plays.card
        if first not in captures:
            # Captures depend only on the card's value: found once for the first card of each value.
            found = ((i, taken) for i, g in enumerate(plays.groups) for taken in g.captures())
            captures[first] = list(islice(found, per_card))
        card = plays.card
        for i, taken in captures[first]:
            group = plays.groups[i]  # a card of a value already seen has the same groups, in the same order
            if group.kind == "self":
                taken = (card,)  # each ace takes itself
            moves.append(Move(card, taken, group.scopa, group.kind, group))
    return MoveList(tuple(moves), tuple(counts), per_card)


def legal_moves(
    hand: Sequence[Card],
    table: Sequence[Card],
    rules: Rules = Rules(),
    last_play: bool = False,
    style: DeckStyle | None = None,
    *,
    first_lead: bool = False,
    last_deal: bool = False,
) -> list[Move]:
    """Every legal play of every hand card, in hand order; ``move.why`` says why it is legal.

    A card that can capture is never listed as a trail (rule 3).  Cards of the
    same value take the same table cards, so their captures are found once.
    On a made-up crowded table this is thousands of plays: to answer a request, use ``list_moves``.
    """
    listed = list_moves(
        hand,
        table,
        rules,
        last_play,
        style,
        first_lead=first_lead,
        per_card=None,
        hand_max=DECK_SIZE,
        last_deal=last_deal,
    )
    return list(listed.moves)


def judge_play(
    card: Card,
    capture: Sequence[Card],
    table: Sequence[Card],
    rules: Rules = Rules(),
    last_play: bool = False,
    style: DeckStyle | None = None,
    *,
    first_lead: bool = False,
    hand: Sequence[Card] | None = None,
    per_card: int | None = MOVES_PER_CARD,
    last_deal: bool = False,
) -> Verdict:
    """Judge a claimed play: ``card`` played, ``capture`` taken from ``table``.

    ``first_lead``: the card is the first of the hand (no_ace_first_lead); ``hand``, if known, the cards held
    with it (with must_capture "hand", a trail is illegal while one of them can capture; unknown, it is not
    judged). ``last_deal``: the stock is empty (scopa_in_last_deal). An ace taking itself on an empty table
    (ace_empty_table) may be claimed as taking nothing or itself.
    The verdict lists at most ``per_card`` of the card's other plays (None: all) and counts them all.

    >>> t = [Card.parse(c) for c in ["5c", "4s", "1b"]]
    >>> v = judge_play(Card.parse("5d"), [Card.parse("4s"), Card.parse("1b")], t)
    >>> v.legal, v.rule, str(v.reason)
    (False, 'single-card', '5c is on the table, so 4s + 1b may not be taken with a 5.')
    """
    if card in table:
        raise InvalidPositionError(msg("the played card %(card)s is already on the table", card=card), "card")
    check_position([card], table)
    barred = lead_barred(card, hand, rules, first_lead)
    if barred is not None:
        return _verdict(
            rules, False, "no-ace-first-lead", barred, card, tuple(sorted(capture, key=_capture_key)), False, ()
        )
    groups = move_groups(card, table, rules, last_play, style, last_deal=last_deal)
    if not capture and groups[0].kind == "trail" and rules.must_capture == "hand" and hand is not None:
        capturer = _hand_capturer(card, hand, table, rules, first_lead)
        if capturer is not None:
            return _verdict(
                rules, False, "must-capture-hand", _trail_barred(card, capturer, rules.family), card, (), False, ()
            )
    if groups[0].kind == "self" and list(capture) in ([], [card]):
        move = next(groups[0].moves())
        return _verdict(rules, True, move.rule, move.why, card, move.capture, move.scopa, (), 1)
    seen: set[Card] = set()
    for i, taken in enumerate(capture):
        if taken not in table:
            raise IllegalMoveError(
                msg("%(card)s is not on the table; only table cards can be taken", card=taken), f"capture[{i}]"
            )
        if taken in seen:
            raise IllegalMoveError(msg("%(card)s is listed twice in the capture", card=taken), f"capture[{i}]")
        seen.add(taken)

    claim = tuple(sorted(capture, key=_capture_key))
    options = sum(len(g) for g in groups)
    # A group takes, for each value, so many of the table cards of that value: a claim is one of its plays when
    # it takes as many of each value. Matching by counting keeps a crowded table as cheap as a real one.
    wanted = Counter(c.value for c in claim)
    chosen = next((g for g in groups if g.kind != "self" and Counter({v: n for v, n, _ in g.parts}) == wanted), None)
    listed = (m for g in groups for m in g.moves())
    if chosen is not None:
        move = Move(card, claim, chosen.scopa, chosen.kind, chosen)
        others = tuple(islice((m for m in listed if m.capture != claim), per_card))
        return _verdict(rules, True, move.rule, move.why, card, claim, move.scopa, others, options)

    rule, reason = _why_illegal(card, claim, table, rules, groups, style)
    return _verdict(rules, False, rule, reason, card, claim, False, tuple(islice(listed, per_card)), options)


def _verdict(
    rules: Rules,
    legal: bool,
    rule: str,
    reason: Msg,
    card: Card,
    capture: tuple[Card, ...],
    scopa: bool,
    alternatives: tuple[Move, ...],
    options: int = 0,
) -> Verdict:
    """A verdict judged by the family ``rules`` are played as (its rule is cited in that family's words)."""
    return Verdict(legal, rule, reason, card, capture, scopa, alternatives, options, rules.family)


def _hand_capturer(
    card: Card, hand: Sequence[Card], table: Sequence[Card], rules: Rules, first_lead: bool
) -> Card | None:
    """Another card of the hand that can capture on this table (must_capture "hand"), or None."""
    ctx = _context(table, rules, False, None)
    for other in hand:
        if other == card or other in table or lead_barred(other, hand, rules, first_lead) is not None:
            continue
        if any(g.kind not in TRAILS for g in move_groups(other, table, context=ctx)):
            return other
    return None


def _why_illegal(
    card: Card,
    claim: tuple[Card, ...],
    table: Sequence[Card],
    rules: Rules,
    groups: list[MoveGroup],
    style: DeckStyle | None,
) -> tuple[str, Msg]:
    value = card.value
    kind = groups[0].kind
    if not claim:
        takes = listing([_plus(next(g.moves()).capture) for g in groups[:3]], Join.OR)
        if len(groups) > 3:
            return "must-capture", msg(
                "%(card)s can capture (%(takes)s; ...), so it may not be trailed: it must take, or the player plays "
                "another card.",
                card=card,
                takes=takes,
            )
        return "must-capture", msg(
            "%(card)s can capture (%(takes)s), so it may not be trailed: it must take, or the player plays another "
            "card.",
            card=card,
            takes=takes,
        )
    if kind == "ace-always":
        return "ace-sweep-only", msg(
            "%(card)s takes every table card (%(n)s), the ace on it too, not only %(claim)s (ace_on_ace sweep_only).",
            card=card,
            n=len(table),
            claim=_plus(claim),
        )
    with_card = value + sum(c.value for c in claim)
    if rules.capture_to == "fifteen" and kind != "ace" and rules.family == "escoba":
        return "fifteen", msg(
            "%(claim)s and %(card)s add up to %(total)s, not 15: %(card)s takes only table cards that make 15 with "
            "it (Escoba's capture to fifteen).",
            claim=_plus(claim),
            card=card,
            total=with_card,
        )
    if rules.capture_to == "fifteen" and kind != "ace":
        return "fifteen", msg(
            "%(claim)s and %(card)s add up to %(total)s, not 15: %(card)s takes only table cards that make 15 with "
            "it (capture_to fifteen).",
            claim=_plus(claim),
            card=card,
            total=with_card,
        )
    ordinary = [g for g in groups if g.kind != "fifteen"]
    if not ordinary:
        # capture_to "value_or_fifteen" with no capture of the card's own value: only 15-captures are legal.
        return "fifteen", msg(
            "%(claim)s is not worth %(value)s, and with %(card)s it adds up to %(total)s, not 15.",
            claim=_plus(claim),
            value=value,
            card=card,
            total=with_card,
        )
    rule, reason = _why_not_ordinary(card, claim, table, rules, ordinary)
    if rules.capture_to == "value_or_fifteen" and kind != "ace":
        also = msg("Nor is it a 15-capture: with %(card)s it adds up to %(total)s.", card=card, total=with_card)
        return rule, _then(reason, also)
    return rule, reason


def _why_not_ordinary(
    card: Card, claim: tuple[Card, ...], table: Sequence[Card], rules: Rules, groups: list[MoveGroup]
) -> tuple[str, Msg]:
    """Why a claim is no capture of the card's own value (rules 1 and 2, capture_choice, pair_precedence)."""
    value = card.value
    kind = groups[0].kind
    if kind == "trail":
        return "trail", msg(
            "%(card)s can take nothing here: %(claim)s is not worth %(value)s.",
            card=card,
            claim=_plus(claim),
            value=value,
        )
    if kind == "ace":
        return "ace-takes-all", msg(
            "with no ace on the table, %(card)s takes every table card (%(n)s), not only %(claim)s (ace takes all).",
            card=card,
            n=len(table),
            claim=_plus(claim),
        )
    singles = [c for c in table if c.value == value]
    one_kind = len(claim) == 1 or all(c.value == value for c in claim)
    if kind == "match" and (rules.pair_precedence or one_kind):
        if one_kind:
            return "single-card", msg(
                "%(card)s takes exactly one card of value %(value)s (%(singles)s), not %(claim)s.",
                card=card,
                value=value,
                singles=listing(singles, Join.OR),
                claim=_plus(claim),
            )
        there = listing(singles, Join.AND)
        return "single-card", nmsg(
            "%(there)s is on the table, so %(claim)s may not be taken with a %(value)s.",
            "%(there)s are on the table, so %(claim)s may not be taken with a %(value)s.",
            len(singles),
            there=there,
            claim=_plus(claim),
            value=value,
        )
    total = sum(c.value for c in claim)
    if total != value:
        return "sum", nmsg(
            "%(claim)s is worth %(total)s, not %(value)s: %(card)s cannot take it.",
            "%(claim)s add up to %(total)s, not %(value)s: %(card)s cannot take it.",
            len(claim),
            claim=_plus(claim),
            total=total,
            value=value,
            card=card,
        )
    fewest = min(sum(n for _, n, _ in g.parts) for g in groups if g.kind in ("sum", "any-sum"))
    return "fewest", msg(
        "%(claim)s adds up to %(value)s, but a set of %(fewest)s cards can be taken, so %(count)s cards may not "
        "(capture_choice fewest).",
        claim=_plus(claim),
        value=value,
        fewest=fewest,
        count=len(claim),
    )


def deal_check(cards: Sequence[Card], rules: Rules = Rules()) -> DealCheck:
    """Check the four cards first dealt to the table: a redeal (``redeal``: 3 or 4 kings by default), and with
    ``deal_fifteen`` the cards adding up to 15 or 30, taken at once as 1 or 2 scopas.

    >>> deal_check([Card.parse(c) for c in ["10d", "10c", "10s", "4b"]]).redeal
    True
    >>> deal_check([Card.parse(c) for c in ["1d", "2c", "5s", "7b"]], Rules(deal_fifteen="dealer")).fifteen
    DealFifteen(side='dealer', scopas=1, total=15, matta=False, family='scopa')
    """
    check_position((), cards, deal=True)
    kings = sum(1 for c in cards if c.rank is Rank.RE)
    aces = sum(1 for c in cards if c.value == 1)
    redeal, reason = _redeal(rules.redeal, kings, aces)
    fifteen = None if redeal else _deal_fifteen(cards, rules)
    if fifteen is not None:
        reason = _then(reason, _fifteen_said(fifteen))
    return DealCheck(redeal, kings, reason, rules.redeal, fifteen)


def deal_question(rules: Rules = Rules()) -> Msg:
    """What the deal check looks for under these rules, for the button that asks for it."""
    looks = {
        "three_kings": msg("3 or 4 kings?"),
        "two_aces": msg("two aces?"),
        "any_ace": msg("an ace?"),
    }
    asked = [looks[rules.redeal]] if rules.redeal in looks else []
    if rules.deal_fifteen is not False:
        asked.append(msg("15 or 30?"))
    if not asked:
        return msg("Check the first deal")
    return msg("Check the first deal (%(what)s)", what=listing(asked, Join.SPACE))


def _redeal(rule: str, kings: int, aces: int) -> tuple[bool, Msg]:
    """Whether the deal is redealt under the ``redeal`` option, and why, citing the rule."""
    if rule == "never":
        return False, msg("The deal is never dealt again (redeal never): play on.")
    if rule == "two_aces":
        if aces >= 2:
            return True, msg("%(n)s aces are on the table: the hand is redealt (redeal two_aces).", n=aces)
        return False, nmsg(
            "%(n)s ace on the table: play on (redeal two_aces: a redeal needs two aces; kings never ask for one).",
            "%(n)s aces on the table: play on (redeal two_aces: a redeal needs two aces; kings never ask for one).",
            aces,
        )
    if rule == "any_ace":
        if aces:
            return True, nmsg(
                "%(n)s ace is on the table: the hand is redealt (redeal any_ace).",
                "%(n)s aces are on the table: the hand is redealt (redeal any_ace).",
                aces,
            )
        return False, msg("No ace on the table: play on (redeal any_ace: any ace asks for a redeal).")
    if kings >= 3:
        return True, msg(
            "%(n)s kings are on the table: the hand is redealt by the same dealer "
            "(with three or more kings face up, no scopa is possible).",
            n=kings,
        )
    if kings:
        return False, nmsg(
            "%(n)s king on the table: play on (a redeal needs 3 or 4).",
            "%(n)s kings on the table: play on (a redeal needs 3 or 4).",
            kings,
        )
    return False, msg("No kings on the table: play on.")


def _deal_totals(cards: Sequence[Card], rules: Rules) -> set[int]:
    """What the four cards of the deal may add up to for deal_fifteen.

    Each card counts its capture value. Cirulla's matta (the 7 of cups counting as any value, with ``knocks``
    on) belongs here: it turns the one total into the set of totals the matta can make.

    >>> sorted(_deal_totals([Card.parse(c) for c in ["7c", "2d", "3s", "1b"]], Rules(knocks=True)))[:3]
    [7, 8, 9]
    """
    if not rules.knocks or MATTA not in cards:
        return {sum(c.value for c in cards)}
    others = sum(c.value for c in cards if c != MATTA)
    return {others + value for value in range(1, 11)}


def _deal_fifteen(cards: Sequence[Card], rules: Rules) -> DealFifteen | None:
    """deal_fifteen: the deal's four cards adding up to 15 (1 scopa) or 30 (2 scopas), or None."""
    if rules.deal_fifteen is False:
        return None
    totals = _deal_totals(cards, rules)
    plain = sum(c.value for c in cards)
    # With a wild card both may be made: the two scopas of 30 are the better claim.
    for total in (2 * FIFTEEN, FIFTEEN):
        if total in totals:
            return DealFifteen(str(rules.deal_fifteen), total // FIFTEEN, total, total != plain, rules.family)
    return None


def _fifteen_said(fifteen: DealFifteen) -> Msg:
    """The deal's 15 or 30 in words, in the family's own: Escoba's "escoba de mano", Cirulla's dealer scopas."""
    said = _fifteen_rule(fifteen)
    if fifteen.matta:
        return _then(said, msg("The matta (%(card)s) counts as whatever value makes the total.", card=MATTA))
    return said


def _fifteen_rule(fifteen: DealFifteen) -> Msg:
    if fifteen.side == "dealer" and fifteen.family == "escoba":
        return nmsg(
            "The four cards add up to %(total)s: the dealer takes them at once, %(n)s escoba (escoba de mano).",
            "The four cards add up to %(total)s: the dealer takes them at once, %(n)s escobas (escoba de mano).",
            fifteen.scopas,
            total=fifteen.total,
        )
    if fifteen.side == "dealer" and fifteen.family == "cirulla":
        return nmsg(
            "The four cards add up to %(total)s: the dealer takes them at once, %(n)s scopa (Cirulla's deal).",
            "The four cards add up to %(total)s: the dealer takes them at once, %(n)s scopas (Cirulla's deal).",
            fifteen.scopas,
            total=fifteen.total,
        )
    if fifteen.side == "dealer":
        return nmsg(
            "The four cards add up to %(total)s: the dealer takes them at once, %(n)s scopa (deal_fifteen).",
            "The four cards add up to %(total)s: the dealer takes them at once, %(n)s scopas (deal_fifteen).",
            fifteen.scopas,
            total=fifteen.total,
        )
    return nmsg(
        "The four cards add up to %(total)s: the first player takes them at once, %(n)s scopa (deal_fifteen).",
        "The four cards add up to %(total)s: the first player takes them at once, %(n)s scopas (deal_fifteen).",
        fifteen.scopas,
        total=fifteen.total,
    )
