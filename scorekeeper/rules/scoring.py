"""Scoring one hand: cards, coins, settebello, primiera, scopas, and the optional extras.

Each side (a player, or partners pooling their piles) is given by its
captured pile, by quick counts (a ``Tally``), or by the categories the table
says it won (``Won``, the winners entry).  Every point comes with the reason it
was given or withheld.

>>> pile = [Card.parse(c) for c in ["7d", "6c", "7s", "1b"]]
>>> primiera(pile)
76
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations_with_replacement
from typing import Any, cast

from .cards import DECK, DECK_SIZE, RE_BELLO, SETTEBELLO, Card, Rank, Suit, prime_values, sorted_cards
from .errors import InvalidRoundError, excerpt
from .options import SIDES_MAX, SIDES_MIN, Rules
from .text import ENGLISH, Join, Listing, Msg, Voice, keys, listing, msg, nmsg, side_msg

# The categories' Scopa words live with every family's in words.py (imported from here too).
from .words import CATEGORY_NAMES as CATEGORY_NAMES
from .words import CATEGORY_NOUNS as CATEGORY_NOUNS
from .words import reworded

COINS_IN_DECK = sum(1 for c in DECK if c.suit is Suit.DENARI)
# Each scopa takes at least two cards, so no side makes more than 20 in one hand.
SCOPAS_MAX = DECK_SIZE // 2
# The best primiera: a seven of each suit.
PRIMIERA_MAX = 4 * max(c.prime for c in DECK)
CATEGORIES = ("cards", "coins", "settebello", "primiera", "scopas")
EXTRA_CATEGORIES = ("napola", "re_bello")
# The scoring categories of RULES.md 1.2, each counted only where its option is on, after the ones above.
LATER_CATEGORIES = ("donna_di_denari", "grande", "coin_points", "knocks")
# Primiera by sevens: most sevens, then sixes, aces, fives, fours, threes, twos.
SEVENS_ORDER = (7, 6, 1, 5, 4, 3, 2)
# How far each counting by sevens looks down SEVENS_ORDER: "sevens" all the way, "sevens_only" at the sevens,
# "sevens_sixes" at the sevens then the sixes (RULES.md, 1.1 additions).
SEVENS_DEPTH = {"sevens": len(SEVENS_ORDER), "sevens_only": 1, "sevens_sixes": 2}
# The "simple" primiera (best_four): each suit's best card, ranked 7 6 A 5 4 3 2 Re Cavallo Fante, highest first.
SIMPLE_ORDER = (7, 6, 1, 5, 4, 3, 2, 10, 9, 8)
# The winners entry asks who won each of these (re bello only when played); the settebello and the
# re bello are single cards, so exactly one side has each and they cannot be tied.
WON_CATEGORIES = ("cards", "coins", "settebello", "primiera", "re_bello", "donna_di_denari", "grande")
NO_TIE = frozenset({"settebello", "re_bello", "donna_di_denari"})
# Categories held by one side or by nobody, never shared on a tie: the single cards, and the grande's three coins.
ONE_HOLDER = NO_TIE | {"grande"}
# What each won category is worth to its side: 1, and the grande 5 (Fante, Cavallo and Re of coins together).
CATEGORY_POINTS = {"grande": 5}
DONNA_DI_DENARI = Card(Rank.CAVALLO, Suit.DENARI)
GRANDE_CARDS = frozenset(Card(r, Suit.DENARI) for r in (Rank.FANTE, Rank.CAVALLO, Rank.RE))
# Cirulla's knocks: 3 for a hand of 9 or less, 10 for three of a kind. A side is dealt at most twelve three-card
# hands in one hand of Scopa (two players, 36 cards dealt in threes), so it knocks at most 60 points' worth.
KNOCK_POINTS = (3, 10)
KNOCKS_MAX = 60
# The prime values besides the classic ones (``prime_values``, RULES.md 1.2): each card's capture value, or twice
# it with the Ace 13 and the court cards 1. The classic values follow ``primiera_courts`` (cards.prime_values).
OTHER_PRIMES = {
    "face": {r: r for r in range(1, 11)},
    "double": {1: 13, **{r: 2 * r for r in range(2, 8)}, 8: 1, 9: 1, 10: 1},
}
NAPOLA_MIN = 3  # Ace, 2 and 3 of coins
COURT_WORDS = {"0": msg("0 each"), "rank": msg("8, 9 and 10")}
PRIME_WORDS = {
    "face": msg("each card counts its capture value, Ace 1 to Re 10 (prime_values)"),
    "double": msg("each card counts twice its capture value, the Ace 13 and the court cards 1 (prime_values)"),
}


def prime_table(values: str = "10") -> dict[int, int]:
    """Each rank's prime value: ``values`` is a ``primiera_courts`` ("10", "0", "rank") for the classic values,
    or a ``prime_values`` other than classic ("face", "double").

    >>> [prime_table(v)[1] for v in ("10", "face", "double")]
    [16, 1, 13]
    """
    return OTHER_PRIMES[values] if values in OTHER_PRIMES else prime_values(values)


def primes_of(rules: Rules) -> str:
    """The prime values ``rules`` count with, as ``prime_table`` takes them."""
    return rules.primiera_courts if rules.prime_values == "classic" else rules.prime_values


@dataclass(frozen=True, slots=True)
class Tally:
    """What one side captured in a hand, counted.

    ``primiera`` is the prime total, or None where it is unknown or the side
    cannot compete; ``primiera_won`` is set instead when the table only says
    who won it.  ``sevens`` counts 7s, 6s, aces, 5s, 4s, 3s, 2s (for
    ``primiera_method: "sevens"``); ``napola`` is the napola's points.
    """

    cards: int
    coins: int
    settebello: bool
    primiera: int | None = None
    primiera_won: bool | None = None
    primiera_cards: tuple[Card, ...] = ()
    sevens: tuple[int, ...] | None = None
    missing_suits: tuple[Suit, ...] = ()
    napola: int = 0
    re_bello: bool = False
    pile: tuple[Card, ...] | None = None
    donna_di_denari: bool = False
    grande: bool = False

    @classmethod
    def from_pile(cls, pile: Sequence[Card], rules: Rules = Rules()) -> Tally:
        """Count a captured pile under ``rules``."""
        pile = sorted_cards(pile)
        best = primiera_cards(pile, primes_of(rules))
        missing = tuple(s for s in Suit if s not in {c.suit for c in best})
        primes = prime_table(primes_of(rules))
        value: int | None = sum(primes[c.value] for c in best)
        if missing and rules.primiera_all_suits:
            value = None
        ranks = [int(c.rank) for c in pile]
        return cls(
            cards=len(pile),
            coins=sum(1 for c in pile if c.suit is Suit.DENARI),
            settebello=SETTEBELLO in pile,
            primiera=value,
            primiera_cards=best,
            sevens=tuple(ranks.count(r) for r in SEVENS_ORDER),
            missing_suits=missing,
            napola=min(napola_points(pile), rules.napola_max),
            re_bello=RE_BELLO in pile,
            pile=pile,
            donna_di_denari=DONNA_DI_DENARI in pile,
            grande=set(pile) >= GRANDE_CARDS,
        )


def won_categories(rules: Rules = Rules()) -> tuple[str, ...]:
    """The categories a winners entry asks about under ``rules``, in count-out order.

    >>> won_categories()
    ('cards', 'coins', 'settebello', 'primiera')
    """
    played = {
        "primiera": rules.score_primiera,
        "re_bello": rules.re_bello,
        "donna_di_denari": rules.donna_di_denari,
        "grande": rules.grande,
    }
    return tuple(c for c in WON_CATEGORIES if played.get(c, True))


def scored_categories(rules: Rules = Rules()) -> tuple[str, ...]:
    """Every category a hand scores under ``rules``, in the order a hand's points are counted (a pad's columns).

    >>> scored_categories(Rules.for_profile("cirulla"))
    ('cards', 'coins', 'settebello', 'primiera', 'scopas', 'napola', 'grande', 'knocks')
    """
    played = {"primiera": rules.score_primiera, "scopas": rules.score_scopas}
    optional = (*EXTRA_CATEGORIES, *LATER_CATEGORIES)
    return (
        *(c for c in CATEGORIES if played.get(c, True)),
        *(c for c in optional if getattr(rules, c)),
    )


@dataclass(frozen=True, slots=True)
class Won:
    """What one side won in a hand as the table tells it: the categories, and its napola's points.

    No card is counted: a hand entered this way says who won what, nothing more.
    """

    categories: frozenset[str]
    napola: int = 0


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's counts and points for a hand.

    A side entered by winners has no counts: ``tally`` is None and ``won`` names what it won.
    """

    name: str
    tally: Tally | None
    scopas: int
    points: dict[str, int]
    won: frozenset[str] | None = None

    @property
    def total(self) -> int:
        """The sum of the side's points over every category."""
        return sum(self.points.values())

    def to_dict(self) -> dict[str, Any]:
        """The API's score row for this side (counts are null for a hand entered by winners)."""
        t = self.tally
        if t is None:
            won = self.won or frozenset()
            return {
                "name": self.name,
                "cards": None,
                "coins": None,
                "settebello": "settebello" in won,
                "primiera": None,
                "primiera_cards": [],
                "scopas": self.scopas,
                "points": dict(self.points),
                "total": self.total,
                "won": [c for c in WON_CATEGORIES if c in won],
            }
        return {
            "name": self.name,
            "cards": t.cards,
            "coins": t.coins,
            "settebello": t.settebello,
            "primiera": t.primiera,
            "primiera_cards": [str(c) for c in t.primiera_cards],
            "scopas": self.scopas,
            "points": dict(self.points),
            "total": self.total,
        }


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a category went to a side, or to nobody."""

    category: str
    winner: int | None
    text: Msg


@dataclass(frozen=True, slots=True)
class RoundScore:
    """A scored hand: each side's points, why, and warnings (such as missing cards)."""

    sides: tuple[SideScore, ...]
    reasons: tuple[Reason, ...]
    warnings: tuple[Msg, ...]
    # The side holding all ten coins, when the napoleone is played (it wins the game at once).
    napoleone: int | None = None
    # The side that called itself out during this hand (call_out), if one did.
    called: int | None = None

    @property
    def categories(self) -> tuple[str, ...]:
        """The categories scored, in count-out order."""
        return tuple(self.sides[0].points)

    def to_dict(self, voice: Voice = ENGLISH) -> dict[str, Any]:
        """The API's score body, its reasons and warnings said in ``voice``."""
        return {
            "sides": [s.to_dict() for s in self.sides],
            "reasons": [{"category": r.category, "winner": r.winner, "text": voice.say(r.text)} for r in self.reasons],
            "warnings": [voice.say(w) for w in self.warnings],
        }


def primiera_cards(pile: Sequence[Card], courts: str = "10") -> tuple[Card, ...]:
    """The best card of each suit held, by prime value (a 7 before a 6 before an ace...); ``courts`` is
    ``primiera_courts``, the value of Fante, Cavallo and Re."""
    primes = prime_table(courts)
    best: dict[Suit, Card] = {}
    for card in pile:
        held = best.get(card.suit)
        if held is None or (primes[card.value], card.value) > (primes[held.value], held.value):
            best[card.suit] = card
    return tuple(best[s] for s in Suit if s in best)


def primiera(pile: Sequence[Card], all_suits: bool = True, courts: str = "10") -> int | None:
    """A pile's primiera: the sum of the best prime value in each suit.

    With ``all_suits`` a pile missing a suit has none (None); without, a missing suit counts 0.
    ``courts`` (``primiera_courts``): Fante, Cavallo and Re count 10 each, 0 each, or 8, 9 and 10 ("rank").

    >>> primiera([Card.parse(c) for c in ["7d", "5c", "10s", "9b"]])
    56
    >>> primiera([Card.parse("7d")]) is None
    True
    """
    best = primiera_cards(pile, courts)
    if all_suits and len(best) < 4:
        return None
    primes = prime_table(courts)
    return sum(primes[c.value] for c in best)


def best_four_cards(pile: Sequence[Card]) -> tuple[Card, ...]:
    """The best card of each suit held, by the simple ranking (7 6 A 5 4 3 2 Re Cavallo Fante), best first.

    >>> [str(c) for c in best_four_cards([Card.parse(c) for c in ["10d", "8d", "6c", "7c", "1s"]])]
    ['7c', '1s', '10d']
    """
    strength = {rank: len(SIMPLE_ORDER) - i for i, rank in enumerate(SIMPLE_ORDER)}
    best: dict[Suit, Card] = {}
    for card in pile:
        held = best.get(card.suit)
        if held is None or strength[int(card.rank)] > strength[int(held.rank)]:
            best[card.suit] = card
    return tuple(sorted(best.values(), key=lambda c: -strength[int(c.rank)]))


def best_four_key(pile: Sequence[Card]) -> tuple[int, ...]:
    """What compares two piles under the simple primiera: their best cards' ranks, highest first."""
    strength = {rank: len(SIMPLE_ORDER) - i for i, rank in enumerate(SIMPLE_ORDER)}
    return tuple(strength[int(c.rank)] for c in best_four_cards(pile))


def _napola_scored(run: int, rules: Rules) -> int:
    """What a napola of ``run`` (its coins from the ace up) scores: the run, or a flat 3 (``napola_points``)."""
    if not run:
        return 0
    return NAPOLA_MIN if rules.napola_points == "flat" else run


def napola_points(pile: Sequence[Card]) -> int:
    """Napola: Ace, 2 and 3 of coins score 3, plus 1 for each further coin in unbroken sequence."""
    coins = {int(c.rank) for c in pile if c.suit is Suit.DENARI}
    run = 0
    while run + 1 in coins:
        run += 1
    return run if run >= 3 else 0


@cache
def possible_primiera(suits: int, courts: str = "10") -> frozenset[int]:
    """Every prime total that ``suits`` best cards (one per suit) can make, court cards valued as ``courts`` says."""
    values = sorted(set(prime_table(courts).values()))
    return frozenset(sum(combo) for combo in combinations_with_replacement(values, suits))


def score_round(
    sides: Sequence[tuple[str, Sequence[Card] | Tally | Won, int]],
    rules: Rules = Rules(),
    *,
    partial: bool = False,
    knocks: Sequence[int] | None = None,
) -> RoundScore:
    """Score one hand. Each side is ``(name, pile or Tally or Won, scopas)``; ``knocks`` are each side's knock
    points (Cirulla's bussare, with ``knocks`` on), none when not given. The reasons speak the words of the rules'
    game family (words.py): an Escoba hand's name the siete de oros, the setenta and escobas, a Cirulla hand's
    the piccola and the knocks.

    Piles may leave cards out (a warning says which); a card in two piles, a
    negative count, or more scopas than a pile allows is an ``InvalidRoundError``.
    Quick counts (Tallies) must add up to the whole deck. A winners entry (``Won``)
    is given for every side or for none. ``partial``: the hand was stopped before its end (a side called
    itself out), so counts may add up to fewer than the deck's 40 cards and the settebello may still be unplayed.
    """
    family = rules.family
    if family == "scopa":
        return _score_round(sides, rules, partial=partial, knocks=knocks)
    try:
        score = _score_round(sides, rules, partial=partial, knocks=knocks)
    except InvalidRoundError as err:
        # A refusal names a category as the family does too ("say who took the siete de oros ...").
        if not isinstance(err.message, Msg):
            raise
        raise type(err)(reworded(err.message, family), err.field, err.kind) from None
    return replace(score, reasons=tuple(replace(r, text=reworded(r.text, family)) for r in score.reasons))


def _score_round(
    sides: Sequence[tuple[str, Sequence[Card] | Tally | Won, int]],
    rules: Rules,
    *,
    partial: bool = False,
    knocks: Sequence[int] | None = None,
) -> RoundScore:
    """Score one hand in Scopa's words (``score_round`` puts the reasons into the family's)."""
    if not SIDES_MIN <= len(sides) <= SIDES_MAX:
        raise InvalidRoundError(
            msg(
                "a hand is scored for %(low)s to %(high)s sides, not %(n)s", low=SIDES_MIN, high=SIDES_MAX, n=len(sides)
            ),
            "sides",
        )
    if knocks is not None:
        if len(knocks) != len(sides):
            raise InvalidRoundError(msg("give knocks for every side of the hand, or for none"), "sides")
        check_knocks(knocks, rules)
    if not rules.score_scopas:
        for i, (_, _, side_scopas) in enumerate(sides):
            if side_scopas:
                raise InvalidRoundError(
                    msg("scopas are not counted under these rules (score_scopas is off); enter 0 scopas"),
                    f"sides[{i}].scopas",
                )
    wons = [held for _, held, _ in sides if isinstance(held, Won)]
    if wons:
        if len(wons) != len(sides):
            raise InvalidRoundError(
                msg("give every side of a hand the same kind of entry: the categories won, or piles or counts"),
                "sides",
            )
        if rules.coin_points:
            raise InvalidRoundError(
                msg("coin_points scores every coin taken, so enter this hand by piles or counts, not by winners"),
                "sides",
            )
        return _score_won([name for name, _, _ in sides], wons, [n for _, _, n in sides], rules, partial, knocks)
    tallies: list[Tally] = []
    scopas: list[int] = []
    owner: dict[Card, int] = {}
    names = [name for name, _, _ in sides]
    for i, (name, held, side_scopas) in enumerate(sides):
        assert not isinstance(held, Won), "winners entries are scored by _score_won"
        if isinstance(held, Tally):
            check_tally(held, rules, f"sides[{i}].tally")
            tally = held
        else:
            for j, card in enumerate(held):
                if card in owner:
                    text = (
                        msg("%(card)s is listed twice in this pile; each card belongs to one pile", card=card)
                        if owner[card] == i
                        else msg(
                            "%(card)s is also in the pile of %(name)s; each card belongs to one pile",
                            card=card,
                            name=names[owner[card]],
                        )
                    )
                    raise InvalidRoundError(text, f"sides[{i}].pile[{j}]")
                owner[card] = i
            tally = Tally.from_pile(held, rules)
        if type(side_scopas) is not int or side_scopas < 0:
            raise InvalidRoundError(
                msg("scopas must be a whole number 0 or more, not %(value)s", value=excerpt(side_scopas)),
                f"sides[{i}].scopas",
            )
        if side_scopas > tally.cards // 2:
            raise InvalidRoundError(
                side_msg(
                    "%(name)s has %(scopas)s scopas with %(cards)s cards; each scopa takes at least two cards, so at "
                    "most %(max)s",
                    "%(name)s have %(scopas)s scopas with %(cards)s cards; each scopa takes at least two cards, so at "
                    "most %(max)s",
                    name=name,
                    scopas=side_scopas,
                    cards=tally.cards,
                    max=tally.cards // 2,
                ),
                f"sides[{i}].scopas",
            )
        tallies.append(tally)
        scopas.append(side_scopas)

    warnings = _check_totals(tallies, owner, rules, partial)
    points: list[dict[str, int]] = [{} for _ in sides]
    reasons: list[Reason] = []

    def award(category: str, winners: Sequence[int], text: Msg) -> None:
        """The category's points to each of ``winners`` (one side, or the tied sides under tie_points "each")."""
        worth = CATEGORY_POINTS.get(category, 1)
        for i, p in enumerate(points):
            p[category] = worth if i in winners else 0
        reasons.append(Reason(category, winners[0] if len(winners) == 1 else None, text))

    each = rules.tie_points == "each"
    award(*_most(names, [t.cards for t in tallies], "cards", each))
    award(*_most(names, [t.coins for t in tallies], "coins", each))
    holder = next((i for i, t in enumerate(tallies) if t.settebello), None)
    award(
        "settebello",
        () if holder is None else (holder,),
        side_msg(
            "%(name)s took the settebello (7 of coins).",
            "%(name)s took the settebello (7 of coins).",
            name=names[holder],
        )
        if holder is not None
        else msg("Nobody took the settebello (7 of coins): it is not in any pile."),
    )
    if rules.score_primiera:
        award(*_primiera(names, tallies, rules))
    _add_scopas(points, reasons, names, scopas, rules)
    if rules.napola:
        for i, p in enumerate(points):
            p["napola"] = _napola_scored(tallies[i].napola, rules)
        who = [i for i, t in enumerate(tallies) if t.napola]
        if who and rules.napola_points == "flat":
            text = side_msg(
                "%(name)s has the napola (coins from the ace up to %(n)s): a flat 3 points.",
                "%(name)s have the napola (coins from the ace up to %(n)s): a flat 3 points.",
                name=names[who[0]],
                n=tallies[who[0]].napola,
            )
        elif who and rules.napola_max < COINS_IN_DECK:
            text = side_msg(
                "%(name)s has the napola, counted up to the %(max)s of coins (napola_max): %(n)s points.",
                "%(name)s have the napola, counted up to the %(max)s of coins (napola_max): %(n)s points.",
                name=names[who[0]],
                n=tallies[who[0]].napola,
                max=rules.napola_max,
            )
        else:
            text = (
                side_msg(
                    "%(name)s has the napola: coins from the ace up to %(n)s, %(n)s points.",
                    "%(name)s have the napola: coins from the ace up to %(n)s, %(n)s points.",
                    name=names[who[0]],
                    n=tallies[who[0]].napola,
                )
                if who
                else msg("Nobody has the napola (Ace, 2 and 3 of coins).")
            )
        reasons.append(Reason("napola", who[0] if who else None, text))
    if rules.re_bello:
        king = next((i for i, t in enumerate(tallies) if t.re_bello), None)
        award(
            "re_bello",
            () if king is None else (king,),
            side_msg(
                "%(name)s took the re bello (King of coins).",
                "%(name)s took the re bello (King of coins).",
                name=names[king],
            )
            if king is not None
            else msg("Nobody took the re bello (King of coins)."),
        )
    if rules.donna_di_denari:
        donna = next((i for i, t in enumerate(tallies) if t.donna_di_denari), None)
        award("donna_di_denari", () if donna is None else (donna,), _donna_text(names, donna, False))
    if rules.grande:
        grande = next((i for i, t in enumerate(tallies) if t.grande), None)
        award("grande", () if grande is None else (grande,), _grande_text(names, grande, False))
    if rules.coin_points:
        for i, p in enumerate(points):
            p["coin_points"] = tallies[i].coins
        counts = listing([msg("%(name)s %(n)s", name=names[i], n=t.coins) for i, t in enumerate(tallies)], Join.COMMA)
        reasons.append(
            Reason(
                "coin_points", None, msg("Every coin taken scores 1 point (coin_points): %(counts)s.", counts=counts)
            )
        )
    _add_knocks(points, reasons, names, knocks, rules)
    napoleone = _napoleone(names, [t.coins == COINS_IN_DECK for t in tallies], rules, reasons)
    return RoundScore(
        tuple(SideScore(names[i], tallies[i], scopas[i], points[i]) for i in range(len(sides))),
        tuple(reasons),
        tuple(warnings),
        napoleone,
    )


def _donna_text(names: list[str], side: int | None, told: bool) -> Msg:
    """Why the donna di denari (the Cavallo of coins) went where it did; ``told``: as told at the table."""
    if side is None:
        return msg("Nobody took the donna di denari (Cavallo of coins).")
    if told:
        return side_msg(
            "%(name)s took the donna di denari (Cavallo of coins), 1 point, as told at the table.",
            "%(name)s took the donna di denari (Cavallo of coins), 1 point, as told at the table.",
            name=names[side],
        )
    return side_msg(
        "%(name)s took the donna di denari (Cavallo of coins): 1 point.",
        "%(name)s took the donna di denari (Cavallo of coins): 1 point.",
        name=names[side],
    )


def _grande_text(names: list[str], side: int | None, told: bool) -> Msg:
    """Why the grande (Fante, Cavallo and Re of coins together) went where it did."""
    if side is None:
        return msg("Nobody holds Fante, Cavallo and Re of coins together: no grande.")
    if told:
        return side_msg(
            "%(name)s has the grande (Fante, Cavallo and Re of coins): 5 points, as told at the table.",
            "%(name)s have the grande (Fante, Cavallo and Re of coins): 5 points, as told at the table.",
            name=names[side],
        )
    return side_msg(
        "%(name)s has the grande (Fante, Cavallo and Re of coins together): 5 points.",
        "%(name)s have the grande (Fante, Cavallo and Re of coins together): 5 points.",
        name=names[side],
    )


def check_knocks(knocks: Sequence[object], rules: Rules) -> None:
    """Raise unless each side's knock points (Cirulla's bussare) are a sum of 3s and 10s, with ``knocks`` on.

    >>> check_knocks([13, 0], Rules(knocks=True))
    >>> check_knocks([4, 0], Rules(knocks=True))
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidRoundError: knocks must be a sum of 3s and 10s (3, 6, 10, 13...), not 4
    """
    for i, n in enumerate(knocks):
        field = f"sides[{i}].knocks"
        if type(n) is not int or not 0 <= n <= KNOCKS_MAX:
            raise InvalidRoundError(
                msg("knocks must be a whole number from 0 to %(max)s, not %(value)s", max=KNOCKS_MAX, value=excerpt(n)),
                field,
            )
        if n and not rules.knocks:
            raise InvalidRoundError(
                msg("knocks are not played under these rules; leave them out, or start a game with knocks on"), field
            )
        if not any((n - 10 * tens) % 3 == 0 for tens in range(n // 10 + 1)):
            raise InvalidRoundError(msg("knocks must be a sum of 3s and 10s (3, 6, 10, 13...), not %(n)s", n=n), field)


def _add_knocks(
    points: list[dict[str, int]],
    reasons: list[Reason],
    names: list[str],
    knocks: Sequence[int] | None,
    rules: Rules,
) -> None:
    """Each side's knock points, where knocks are played (checked by ``check_knocks``)."""
    if not rules.knocks:
        return
    given = list(knocks or [0] * len(names))
    for i, p in enumerate(points):
        p["knocks"] = given[i]
    if not any(given):
        text = msg("No knocks this hand (knocks: 3 for three dealt cards of 9 or less, 10 for three of a kind).")
    else:
        counts = listing([msg("%(name)s %(n)s", name=names[i], n=n) for i, n in enumerate(given) if n], Join.COMMA)
        text = msg(
            "Knocks, 3 for three dealt cards of 9 or less and 10 for three of a kind: %(counts)s.", counts=counts
        )
    reasons.append(Reason("knocks", None, text))


def _napoleone(names: list[str], all_coins: list[bool], rules: Rules, reasons: list[Reason]) -> int | None:
    """The side holding all ten coins when the napoleone is played, with its reason; else None."""
    if not rules.napoleone or not any(all_coins):
        return None
    side = all_coins.index(True)
    reasons.append(
        Reason(
            "napoleone",
            side,
            side_msg(
                "%(name)s holds all ten coins: the napoleone wins the game at once.",
                "%(name)s hold all ten coins: the napoleone wins the game at once.",
                name=names[side],
            ),
        )
    )
    return side


def _score_won(
    names: list[str],
    wons: list[Won],
    scopas: list[int],
    rules: Rules,
    partial: bool,
    knocks: Sequence[int] | None = None,
) -> RoundScore:
    """Score a hand entered by winners: each category to the side that won it, none when tied (under
    ``tie_points: "each"`` a tie is listed for every tied side, and each scores it)."""
    asked = won_categories(rules)
    owner: dict[str, int] = {}
    shared: dict[str, list[int]] = {}
    for i, won in enumerate(wons):
        field = f"sides[{i}]"
        if not isinstance(won.categories, frozenset) or not all(isinstance(c, str) for c in won.categories):
            raise InvalidRoundError(msg("won must list category names (%(names)s)", names=keys(asked)), f"{field}.won")
        for category in sorted(won.categories, key=lambda c: (c not in WON_CATEGORIES, str(c))):
            if category == "re_bello" and not rules.re_bello:
                raise InvalidRoundError(
                    msg("re bello is not played under these rules; leave it out or turn it on"), f"{field}.won"
                )
            if category not in asked:
                raise InvalidRoundError(
                    msg(
                        "unknown category %(value)s (expected %(names)s)",
                        value=excerpt(category),
                        names=keys(asked),
                    ),
                    f"{field}.won",
                )
            if category in owner and rules.tie_points == "each" and category not in ONE_HOLDER:
                shared.setdefault(category, [owner[category]]).append(i)
                continue
            if category in owner:
                first = owner[category]
                raise InvalidRoundError(
                    msg(
                        "%(first)s and %(second)s both have %(what)s; only one side can win it (a tie: list it for "
                        "nobody)",
                        first=names[first],
                        second=names[i],
                        what=CATEGORY_NOUNS[category],
                    ),
                    f"{field}.won",
                )
            owner[category] = i
        side_scopas = scopas[i]
        if type(side_scopas) is not int or not 0 <= side_scopas <= SCOPAS_MAX:
            raise InvalidRoundError(
                msg(
                    "scopas must be a whole number from 0 to %(max)s, not %(value)s",
                    max=SCOPAS_MAX,
                    value=excerpt(side_scopas),
                ),
                f"{field}.scopas",
            )
        napola = won.napola
        if type(napola) is not int or not (napola == 0 or NAPOLA_MIN <= napola <= COINS_IN_DECK):
            raise InvalidRoundError(
                msg(
                    "napola scores %(low)s to %(high)s points (or 0), not %(value)s",
                    low=NAPOLA_MIN,
                    high=COINS_IN_DECK,
                    value=excerpt(napola),
                ),
                f"{field}.napola",
            )
        if napola and not rules.napola:
            raise InvalidRoundError(
                msg("napola is not played under these rules; leave it out or turn the napola on"), f"{field}.napola"
            )
        if napola > rules.napola_max:
            raise InvalidRoundError(
                msg(
                    "the napola is counted up to %(max)s under these rules (napola_max), not %(value)s",
                    max=rules.napola_max,
                    value=napola,
                ),
                f"{field}.napola",
            )
    for category in sorted(NO_TIE & set(asked)):
        if category not in owner and not partial:
            raise InvalidRoundError(
                msg("say who took %(what)s: one side always has it", what=CATEGORY_NOUNS[category]), "sides"
            )
    napolas = [i for i, w in enumerate(wons) if w.napola]
    if len(napolas) > 1:
        raise InvalidRoundError(msg("only one side can hold the napola (the Ace of coins starts it)"), "sides")
    if napolas:
        i, run = napolas[0], wons[napolas[0]].napola
        # A napola of n holds the coins from the ace to n: from 7 up it holds the settebello, at 10
        # the re bello, and from 6 up more than half the coins. At 5 it holds half: the coins are its
        # side's or tied, never another side's.
        if run == 5 and owner.get("coins", i) != i:
            raise InvalidRoundError(
                side_msg(
                    "a napola of 5 holds 5 of the 10 coins, so %(other)s cannot have won the coins (%(name)s won "
                    "them, or they tied)",
                    "a napola of 5 holds 5 of the 10 coins, so %(other)s cannot have won the coins (%(name)s won "
                    "them, or they tied)",
                    other=names[owner["coins"]],
                    name=names[i],
                ),
                f"sides[{i}].napola",
            )
        needs = [
            c
            for c, low in (("settebello", 7), ("re_bello", 10), ("coins", 6), ("donna_di_denari", 9), ("grande", 10))
            if run >= low and c in asked
        ]
        for category in needs:
            if owner.get(category) != i:
                raise InvalidRoundError(
                    side_msg(
                        "a napola of %(n)s holds the coins from the ace to %(n)s, so %(name)s also won %(what)s",
                        "a napola of %(n)s holds the coins from the ace to %(n)s, so %(name)s also won %(what)s",
                        n=run,
                        name=names[i],
                        what=CATEGORY_NOUNS[category],
                    ),
                    f"sides[{i}].napola",
                )

    grande = owner.get("grande")
    for category in ("donna_di_denari", "re_bello"):
        if grande is not None and category in asked and owner.get(category) != grande:
            raise InvalidRoundError(
                msg(
                    "the grande is Fante, Cavallo and Re of coins together, so %(name)s also won %(what)s",
                    name=names[grande],
                    what=CATEGORY_NOUNS[category],
                ),
                f"sides[{grande}].won",
            )
    points: list[dict[str, int]] = [{} for _ in names]
    reasons: list[Reason] = []

    def award(category: str) -> None:
        winner = owner.get(category)
        winners = shared.get(category, [] if winner is None else [winner])
        worth = CATEGORY_POINTS.get(category, 1)
        for i, p in enumerate(points):
            p[category] = worth if i in winners else 0
        noun = CATEGORY_NOUNS[category]
        if len(winners) > 1:
            reasons.append(Reason(category, None, _tie_each(names, winners, noun, msg("as told at the table"))))
            return
        if category == "donna_di_denari":
            text = _donna_text(names, winner, True)
        elif category == "grande":
            text = _grande_text(names, winner, True)
        elif winner is not None:
            text = side_msg(
                "%(name)s won %(what)s, as told at the table.",
                "%(name)s won %(what)s, as told at the table.",
                name=names[winner],
                what=noun,
            )
        elif category in NO_TIE:  # only in a hand stopped by a call out
            text = msg("Nobody took %(what)s before the hand was stopped.", what=noun)
        else:
            text = msg("Nobody won %(what)s: a tie, as told at the table.", what=noun)
        reasons.append(Reason(category, winner, text))

    for category in ("cards", "coins", "settebello", "primiera"):
        if category in asked:
            award(category)
    _add_scopas(points, reasons, names, scopas, rules)
    if rules.napola:
        for i, p in enumerate(points):
            p["napola"] = _napola_scored(wons[i].napola, rules)
        text = (
            side_msg(
                "%(name)s has the napola: %(n)s points, as told at the table.",
                "%(name)s have the napola: %(n)s points, as told at the table.",
                name=names[napolas[0]],
                n=_napola_scored(wons[napolas[0]].napola, rules),
            )
            if napolas
            else msg("Nobody has the napola (Ace, 2 and 3 of coins).")
        )
        reasons.append(Reason("napola", napolas[0] if napolas else None, text))
    if rules.re_bello:
        award("re_bello")
    for category in ("donna_di_denari", "grande"):
        if category in asked:
            award(category)
    _add_knocks(points, reasons, names, knocks, rules)
    # A napola told as running to the King of coins holds all ten coins: the napoleone.
    napoleone = _napoleone(names, [w.napola == COINS_IN_DECK for w in wons], rules, reasons)
    return RoundScore(
        tuple(SideScore(names[i], None, scopas[i], points[i], wons[i].categories) for i in range(len(names))),
        tuple(reasons),
        (),
        napoleone,
    )


def _tie_each(names: list[str], leaders: Sequence[int], what: Msg, detail: Msg | Listing | str) -> Msg:
    """Why every tied side scores a category (``tie_points: "each"``)."""
    return msg(
        "%(names)s tie for %(what)s (%(detail)s): each scores it, as a tie pays every tied side (tie_points).",
        names=listing([names[i] for i in leaders], Join.AND),
        what=what,
        detail=detail,
    )


def _most(names: list[str], counts: list[int], category: str, each: bool = False) -> tuple[str, list[int], Msg]:
    """The side with the single highest count, or nobody on a tie (with any number of sides); ``each``
    (``tie_points: "each"``): every tied side."""
    top = max(counts)
    leaders = [i for i, c in enumerate(counts) if c == top]
    shown = "-".join(str(c) for c in counts)
    if len(leaders) > 1 and each:
        return category, leaders, _tie_each(names, leaders, CATEGORY_NOUNS[category], shown)
    if len(leaders) == 1:
        if category == "cards":
            return (
                category,
                leaders,
                side_msg(
                    "%(name)s took the most cards: %(counts)s.",
                    "%(name)s took the most cards: %(counts)s.",
                    name=names[leaders[0]],
                    counts=shown,
                ),
            )
        return (
            category,
            leaders,
            side_msg(
                "%(name)s took the most coins: %(counts)s.",
                "%(name)s took the most coins: %(counts)s.",
                name=names[leaders[0]],
                counts=shown,
            ),
        )
    tied = listing([names[i] for i in leaders], Join.AND)
    if category == "cards":
        return (
            category,
            [],
            msg("%(names)s tied for most cards (%(counts)s): nobody scores it.", names=tied, counts=shown),
        )
    return (
        category,
        [],
        msg("%(names)s tied for most coins (%(counts)s): nobody scores it.", names=tied, counts=shown),
    )


def _primiera(names: list[str], tallies: list[Tally], rules: Rules) -> tuple[str, list[int], Msg]:
    """Who scores the primiera: its single winner, nobody on a tie, or every tied side (``tie_points: "each"``)."""
    each = rules.tie_points == "each"

    def sevens_of(i: int) -> tuple[int, ...]:
        return cast("tuple[int, ...]", tallies[i].sevens)

    def shown(i: int) -> Msg:
        t = tallies[i]
        cards = listing(t.primiera_cards, Join.COMMA)
        if t.primiera is None:
            if t.primiera_cards:
                return msg("%(name)s no primiera (%(cards)s)", name=names[i], cards=cards)
            return msg("%(name)s no primiera", name=names[i])
        if t.primiera_cards:
            return msg("%(name)s %(value)s (%(cards)s)", name=names[i], value=t.primiera, cards=cards)
        return msg("%(name)s %(value)s", name=names[i], value=t.primiera)

    out_notes = []
    for i, t in enumerate(tallies):
        if t.missing_suits and rules.primiera_all_suits:
            missing = listing(t.missing_suits, Join.AND)
            out_notes.append(
                side_msg(
                    "%(name)s has no %(suits)s and cannot compete",
                    "%(name)s have no %(suits)s and cannot compete",
                    name=names[i],
                    suits=missing,
                )
            )

    if rules.primiera_courts != "10" and any(c.value >= 8 for t in tallies for c in t.primiera_cards):
        # A court card among the best cards counts other than the usual 10: say so, or the totals look wrong.
        out_notes.append(
            msg("Fante, Cavallo and Re count %(values)s (primiera_courts)", values=COURT_WORDS[rules.primiera_courts])
        )
    if rules.prime_values in PRIME_WORDS:
        out_notes.append(PRIME_WORDS[rules.prime_values])

    def with_notes(said: Msg) -> Msg:
        """The reason, then why a side could not compete ("...; Bruno has no Spade and cannot compete")."""
        for note in out_notes:
            said = msg("%(reason)s; %(note)s", reason=said, note=note)
        return msg("%(reason)s.", reason=said)

    flags = [t.primiera_won for t in tallies]
    if any(f is not None for f in flags):
        winners = [i for i, f in enumerate(flags) if f]
        if len(winners) > 1 and each:
            return "primiera", winners, _tie_each(names, winners, msg("the primiera"), msg("as counted at the table"))
        if len(winners) > 1:
            raise InvalidRoundError(
                msg("only one side can win the primiera; mark it for one side, or for none on a tie"),
                f"sides[{winners[1]}].tally.primiera_won",
            )
        if winners:
            return (
                "primiera",
                winners,
                side_msg(
                    "%(name)s won the primiera (as counted at the table).",
                    "%(name)s won the primiera (as counted at the table).",
                    name=names[winners[0]],
                ),
            )
        return "primiera", [], msg("Nobody won the primiera (as counted at the table).")

    eligible = [i for i, t in enumerate(tallies) if t.primiera is not None]
    method = rules.primiera_method
    needs_pile = method != "points" or rules.primiera_min_sevens > 0
    if needs_pile and any(tallies[i].sevens is None or tallies[i].pile is None for i in eligible):
        # Quick counts hold no cards: the table says who won (primiera_won), as with any method but the points'.
        raise InvalidRoundError(
            msg("with this way of counting the primiera, quick counts must say who won it (primiera_won)"), "sides"
        )
    if rules.primiera_min_sevens:
        short = [i for i in eligible if cast("tuple[int, ...]", tallies[i].sevens)[0] < rules.primiera_min_sevens]
        for i in short:
            out_notes.append(
                side_msg(
                    "%(name)s has fewer than %(n)s sevens and cannot win it",
                    "%(name)s have fewer than %(n)s sevens and cannot win it",
                    name=names[i],
                    n=rules.primiera_min_sevens,
                )
            )
        eligible = [i for i in eligible if i not in short]
    if method in SEVENS_DEPTH:
        if not eligible:
            return "primiera", [], with_notes(msg("Nobody can compete for the primiera"))
        # Every eligible side has its sevens counted (checked just above).
        depth = SEVENS_DEPTH[method]
        sevens = {i: cast("tuple[int, ...]", tallies[i].sevens)[:depth] for i in eligible}
        best = max(sevens.values())
        leaders = [i for i in eligible if sevens[i] == best]
        counts = listing(
            [
                msg(
                    "%(name)s %(sevens)s sevens, %(sixes)s sixes",
                    name=names[i],
                    sevens=sevens_of(i)[0],
                    sixes=sevens_of(i)[1],
                )
                for i in eligible
            ],
            Join.COMMA,
        )
        return _decided(
            leaders,
            with_notes,
            lambda name: side_msg(
                "%(name)s wins the primiera by sevens: %(counts)s",
                "%(name)s win the primiera by sevens: %(counts)s",
                name=name,
                counts=counts,
            ),
            msg("Primiera by sevens is tied (%(counts)s): nobody scores it", counts=counts),
            names,
            counts if each else None,
        )
    if method == "best_four":
        if not eligible:
            return "primiera", [], with_notes(msg("Nobody can compete for the primiera"))
        keys = {i: best_four_key(cast("tuple[Card, ...]", tallies[i].pile)) for i in eligible}
        top_key = max(keys.values())
        leaders = [i for i in eligible if keys[i] == top_key]
        shown_best = listing(
            [
                msg(
                    "%(name)s %(cards)s",
                    name=names[i],
                    cards=listing(best_four_cards(cast("tuple[Card, ...]", tallies[i].pile)), Join.COMMA),
                )
                for i in eligible
            ],
            Join.SEMICOLON,
        )
        return _decided(
            leaders,
            with_notes,
            lambda name: side_msg(
                "%(name)s has the best cards of the suits: %(all)s",
                "%(name)s have the best cards of the suits: %(all)s",
                name=name,
                all=shown_best,
            ),
            msg("The best cards of the suits are equal (%(all)s): nobody scores the primiera", all=shown_best),
            names,
            shown_best if each else None,
        )

    if not eligible:
        return "primiera", [], with_notes(msg("Nobody can compete for the primiera"))
    top = max(cast(int, tallies[i].primiera) for i in eligible)  # eligible: primiera is not None
    leaders = [i for i in eligible if tallies[i].primiera == top]
    everyone = listing([shown(i) for i in range(len(tallies))], Join.SEMICOLON)
    if len(leaders) > 1 and each:
        return "primiera", leaders, with_notes(_tie_each(names, leaders, msg("the primiera"), everyone))
    if len(leaders) == 1:
        return (
            "primiera",
            leaders,
            with_notes(
                side_msg(
                    "%(name)s has the best primiera: %(all)s",
                    "%(name)s have the best primiera: %(all)s",
                    name=names[leaders[0]],
                    all=everyone,
                )
            ),
        )
    tied = listing([names[i] for i in leaders], Join.AND)
    return (
        "primiera",
        [],
        with_notes(
            msg("%(names)s tie on primiera %(value)s (%(all)s): nobody scores it", names=tied, value=top, all=everyone)
        ),
    )


def _decided(
    leaders: list[int],
    with_notes: Callable[[Msg], Msg],
    won: Callable[[str], Msg],
    tied: Msg,
    names: list[str],
    each: Listing | None = None,
) -> tuple[str, list[int], Msg]:
    """The primiera to its single leader (``won`` says why, given the leader's name), or to nobody on a tie;
    ``each`` (the counts compared, under ``tie_points: "each"``): to every tied leader."""
    if len(leaders) == 1:
        return "primiera", leaders, with_notes(won(names[leaders[0]]))
    if each is not None:
        return "primiera", leaders, with_notes(_tie_each(names, leaders, msg("the primiera"), each))
    return "primiera", [], with_notes(tied)


def _add_scopas(
    points: list[dict[str, int]], reasons: list[Reason], names: list[str], scopas: list[int], rules: Rules
) -> None:
    """Each scopa is a point for its side, however the hand was entered (not counted with ``score_scopas`` off)."""
    if not rules.score_scopas:
        return
    for i, p in enumerate(points):
        p["scopas"] = scopas[i]
    reasons.append(Reason("scopas", None, _scopa_text(names, scopas)))


def _scopa_text(names: list[str], scopas: list[int]) -> Msg:
    if not any(scopas):
        return msg("No scopas this hand.")
    parts = [nmsg("%(name)s %(n)s scopa", "%(name)s %(n)s scopas", n, name=names[i]) for i, n in enumerate(scopas) if n]
    return msg("%(scopas)s, 1 point each.", scopas=listing(parts, Join.COMMA))


def check_tally(tally: Tally, rules: Rules, field: str) -> None:
    """Raise unless one side's quick counts can happen under ``rules``."""

    def bad(name: str, message: Msg) -> InvalidRoundError:
        return InvalidRoundError(message, f"{field}.{name}")

    if type(tally.cards) is not int or not 0 <= tally.cards <= DECK_SIZE:
        raise bad(
            "cards",
            msg(
                "cards must be a whole number from 0 to %(max)s, not %(value)s",
                max=DECK_SIZE,
                value=excerpt(tally.cards),
            ),
        )
    if type(tally.coins) is not int or not 0 <= tally.coins <= COINS_IN_DECK:
        raise bad(
            "coins",
            msg(
                "coins must be a whole number from 0 to %(max)s, not %(value)s",
                max=COINS_IN_DECK,
                value=excerpt(tally.coins),
            ),
        )
    if tally.coins > tally.cards:
        raise bad(
            "coins",
            msg("%(coins)s coins cannot come from a pile of %(cards)s cards", coins=tally.coins, cards=tally.cards),
        )
    if type(tally.settebello) is not bool:
        raise bad("settebello", msg("settebello must be true or false"))
    # Checked before they are used: null or text here must be a clear 400, never a failed sum.
    if type(tally.napola) is not int or tally.napola < 0:
        raise bad(
            "napola",
            msg("napola must be a whole number of points (0, or 3 to 10), not %(value)s", value=excerpt(tally.napola)),
        )
    if type(tally.re_bello) is not bool:
        raise bad("re_bello", msg("re_bello must be true or false, not %(value)s", value=excerpt(tally.re_bello)))
    for name in ("donna_di_denari", "grande"):
        if type(getattr(tally, name)) is not bool:
            raise bad(
                name, msg("%(key)s must be true or false, not %(value)s", key=name, value=excerpt(getattr(tally, name)))
            )
        if getattr(tally, name) and not getattr(rules, name):
            raise bad(name, msg("%(key)s is not played under these rules; leave it out or turn it on", key=name))
    known_coins = set()
    if tally.settebello:
        known_coins.add(7)
    if tally.napola:
        if not rules.napola:
            raise bad("napola", msg("napola is not played under these rules; leave it out or turn the napola on"))
        if type(tally.napola) is not int or not 3 <= tally.napola <= 10:
            raise bad(
                "napola",
                msg(
                    "napola scores %(low)s to %(high)s points (or 0), not %(value)s",
                    low=NAPOLA_MIN,
                    high=COINS_IN_DECK,
                    value=excerpt(tally.napola),
                ),
            )
        if tally.napola > rules.napola_max:
            raise bad(
                "napola",
                msg(
                    "the napola is counted up to %(max)s under these rules (napola_max), not %(value)s",
                    max=rules.napola_max,
                    value=tally.napola,
                ),
            )
        known_coins.update(range(1, tally.napola + 1))
    if tally.re_bello:
        if not rules.re_bello:
            raise bad("re_bello", msg("re bello is not played under these rules; leave it out or turn it on"))
        known_coins.add(10)
    if tally.donna_di_denari:
        known_coins.add(9)
    if tally.grande:
        if (rules.donna_di_denari and not tally.donna_di_denari) or (rules.re_bello and not tally.re_bello):
            raise bad("grande", msg("the grande holds the Cavallo and the Re of coins: mark them for this side too"))
        known_coins.update((8, 9, 10))
    if tally.coins < len(known_coins):
        raise bad(
            "coins",
            msg(
                "%(coins)s coins is fewer than the coins named (settebello, napola, re bello need %(n)s)",
                coins=tally.coins,
                n=len(known_coins),
            ),
        )
    if tally.primiera is not None:
        value = tally.primiera
        courts = primes_of(rules)
        top_value = max(possible_primiera(4, courts))
        coinless = tally.coins == 0
        if rules.primiera_all_suits:
            possible = possible_primiera(4, courts) if tally.cards >= 4 and not coinless else frozenset()
            expected = msg(
                "a total of four prime values (%(low)s to %(max)s), or null for a side missing a suit",
                low=min(possible_primiera(4, courts)),
                max=top_value,
            )
        else:
            top = min(4, tally.cards) - (1 if coinless else 0)
            possible = frozenset().union(*(possible_primiera(k, courts) for k in range(0, max(top, 0) + 1)))
            expected = msg("a total of up to %(n)s prime values (0 to %(max)s)", n=max(top, 0), max=top_value)
        if type(value) is not int or value not in possible:
            raise bad(
                "primiera",
                msg(
                    "a primiera of %(value)s cannot be made by this pile; expected %(expected)s",
                    value=excerpt(value),
                    expected=expected,
                ),
            )
        seven = prime_table(courts)[7]
        if tally.settebello and value < seven:
            raise bad("primiera", msg("a side with the settebello has a primiera of at least %(n)s", n=seven))
    if tally.primiera_won is not None and type(tally.primiera_won) is not bool:
        raise bad("primiera_won", msg("primiera_won must be true or false"))


def _check_totals(tallies: list[Tally], owner: dict[Card, int], rules: Rules, partial: bool = False) -> list[Msg]:
    """Check the sides together; return warnings for an incomplete deck (``partial``: a hand stopped early)."""
    cards = sum(t.cards for t in tallies)
    coins = sum(t.coins for t in tallies)
    quick = any(t.pile is None for t in tallies)
    if cards > DECK_SIZE:
        raise InvalidRoundError(
            msg("the sides hold %(n)s cards; the deck has %(deck)s", n=cards, deck=DECK_SIZE), "sides"
        )
    if coins > COINS_IN_DECK:
        raise InvalidRoundError(
            msg("the sides hold %(n)s coins; the deck has %(deck)s", n=coins, deck=COINS_IN_DECK), "sides"
        )
    if sum(t.settebello for t in tallies) > 1:
        raise InvalidRoundError(msg("only one side can hold the settebello (7 of coins)"), "sides")
    if sum(t.re_bello for t in tallies) > 1:
        raise InvalidRoundError(msg("only one side can hold the re bello (King of coins)"), "sides")
    if sum(t.donna_di_denari for t in tallies) > 1:
        raise InvalidRoundError(msg("only one side can hold the donna di denari (Cavallo of coins)"), "sides")
    if sum(t.grande for t in tallies) > 1:
        raise InvalidRoundError(msg("only one side can hold the grande (Fante, Cavallo and Re of coins)"), "sides")
    if sum(1 for t in tallies if t.napola) > 1:
        raise InvalidRoundError(msg("only one side can hold the napola (the Ace of coins starts it)"), "sides")
    if quick and partial:
        return [
            msg(
                "Counted as the hand stood when it was stopped: %(n)s of %(deck)s cards taken.", n=cards, deck=DECK_SIZE
            )
        ]
    if quick:
        if cards != DECK_SIZE:
            raise InvalidRoundError(
                msg("the quick counts add up to %(n)s cards; every hand uses all %(deck)s", n=cards, deck=DECK_SIZE),
                "sides",
            )
        if coins != COINS_IN_DECK:
            raise InvalidRoundError(
                msg("the quick counts add up to %(n)s coins; the deck has %(deck)s", n=coins, deck=COINS_IN_DECK),
                "sides",
            )
        if not any(t.settebello for t in tallies):
            raise InvalidRoundError(msg("one side must hold the settebello (7 of coins)"), "sides")
        return []
    warnings = []
    if cards < DECK_SIZE:
        missing = [c for c in DECK if c not in owner]
        shown = listing(missing[:12], Join.COMMA)
        if len(missing) > 12:
            text = msg(
                "Only %(cards)s of %(deck)s cards are in the piles; %(n)s missing (%(shown)s, ...). Scored as given.",
                cards=cards,
                deck=DECK_SIZE,
                n=DECK_SIZE - cards,
                shown=shown,
            )
        else:
            text = msg(
                "Only %(cards)s of %(deck)s cards are in the piles; %(n)s missing (%(shown)s). Scored as given.",
                cards=cards,
                deck=DECK_SIZE,
                n=DECK_SIZE - cards,
                shown=shown,
            )
        warnings.append(text)
    return warnings


__all__ = [
    "CATEGORIES",
    "COINS_IN_DECK",
    "DECK_SIZE",
    "EXTRA_CATEGORIES",
    "NO_TIE",
    "PRIMIERA_MAX",
    "SCOPAS_MAX",
    "WON_CATEGORIES",
    "Reason",
    "RoundScore",
    "SideScore",
    "Tally",
    "Won",
    "check_tally",
    "napola_points",
    "primiera",
    "primiera_cards",
    "score_round",
    "scored_categories",
    "won_categories",
]
