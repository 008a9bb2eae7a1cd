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

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import Any, cast

from .cards import DECK, RE_BELLO, SETTEBELLO, Card, Suit, sorted_cards
from .errors import InvalidRoundError, excerpt
from .options import Rules

DECK_SIZE = len(DECK)
COINS_IN_DECK = sum(1 for c in DECK if c.suit is Suit.DENARI)
# Each scopa takes at least two cards, so no side makes more than 20 in one hand.
SCOPAS_MAX = DECK_SIZE // 2
# The best primiera: a seven of each suit.
PRIMIERA_MAX = 4 * max(c.prime for c in DECK)
CATEGORIES = ("cards", "coins", "settebello", "primiera", "scopas")
EXTRA_CATEGORIES = ("napola", "re_bello")
# Primiera by sevens: most sevens, then sixes, aces, fives, fours, threes, twos.
SEVENS_ORDER = (7, 6, 1, 5, 4, 3, 2)
# The winners entry asks who won each of these (re bello only when played); the settebello and the
# re bello are single cards, so exactly one side has each and they cannot be tied.
WON_CATEGORIES = ("cards", "coins", "settebello", "primiera", "re_bello")
NO_TIE = frozenset({"settebello", "re_bello"})
NAPOLA_MIN = 3  # Ace, 2 and 3 of coins
SUIT_NAMES = {Suit.DENARI: "coins", Suit.COPPE: "cups", Suit.SPADE: "swords", Suit.BASTONI: "batons"}


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

    @classmethod
    def from_pile(cls, pile: Sequence[Card], rules: Rules = Rules()) -> Tally:
        """Count a captured pile under ``rules``."""
        pile = sorted_cards(pile)
        best = primiera_cards(pile)
        missing = tuple(s for s in Suit if s not in {c.suit for c in best})
        value: int | None = sum(c.prime for c in best)
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
            napola=napola_points(pile),
            re_bello=RE_BELLO in pile,
            pile=pile,
        )


def won_categories(rules: Rules = Rules()) -> tuple[str, ...]:
    """The categories a winners entry asks about under ``rules``, in count-out order.

    >>> won_categories()
    ('cards', 'coins', 'settebello', 'primiera')
    """
    return tuple(c for c in WON_CATEGORIES if c != "re_bello" or rules.re_bello)


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
    text: str


@dataclass(frozen=True, slots=True)
class RoundScore:
    """A scored hand: each side's points, why, and warnings (such as missing cards)."""

    sides: tuple[SideScore, ...]
    reasons: tuple[Reason, ...]
    warnings: tuple[str, ...]

    @property
    def categories(self) -> tuple[str, ...]:
        """The categories scored, in count-out order."""
        return tuple(self.sides[0].points)

    def to_dict(self) -> dict[str, Any]:
        """The API's score body."""
        return {
            "sides": [s.to_dict() for s in self.sides],
            "reasons": [{"category": r.category, "winner": r.winner, "text": r.text} for r in self.reasons],
            "warnings": list(self.warnings),
        }


def primiera_cards(pile: Sequence[Card]) -> tuple[Card, ...]:
    """The best card of each suit held, by prime value (a 7 before a 6 before an ace...)."""
    best: dict[Suit, Card] = {}
    for card in pile:
        held = best.get(card.suit)
        if held is None or (card.prime, card.value) > (held.prime, held.value):
            best[card.suit] = card
    return tuple(best[s] for s in Suit if s in best)


def primiera(pile: Sequence[Card], all_suits: bool = True) -> int | None:
    """A pile's primiera: the sum of the best prime value in each suit.

    With ``all_suits`` a pile missing a suit has none (None); without, a missing suit counts 0.

    >>> primiera([Card.parse(c) for c in ["7d", "5c", "10s", "9b"]])
    56
    >>> primiera([Card.parse("7d")]) is None
    True
    """
    best = primiera_cards(pile)
    if all_suits and len(best) < 4:
        return None
    return sum(c.prime for c in best)


def napola_points(pile: Sequence[Card]) -> int:
    """Napola: Ace, 2 and 3 of coins score 3, plus 1 for each further coin in unbroken sequence."""
    coins = {int(c.rank) for c in pile if c.suit is Suit.DENARI}
    run = 0
    while run + 1 in coins:
        run += 1
    return run if run >= 3 else 0


@cache
def possible_primiera(suits: int) -> frozenset[int]:
    """Every prime total that ``suits`` best cards (one per suit) can make."""
    values = sorted({c.prime for c in DECK})
    return frozenset(sum(combo) for combo in combinations_with_replacement(values, suits))


def score_round(
    sides: Sequence[tuple[str, Sequence[Card] | Tally | Won, int]],
    rules: Rules = Rules(),
) -> RoundScore:
    """Score one hand. Each side is ``(name, pile or Tally or Won, scopas)``.

    Piles may leave cards out (a warning says which); a card in two piles, a
    negative count, or more scopas than a pile allows is an ``InvalidRoundError``.
    Quick counts (Tallies) must add up to the whole deck. A winners entry (``Won``)
    is given for every side or for none.
    """
    if not 2 <= len(sides) <= 6:
        raise InvalidRoundError(f"a hand is scored for 2 to 6 sides, not {len(sides)}", "sides")
    wons = [held for _, held, _ in sides if isinstance(held, Won)]
    if wons:
        if len(wons) != len(sides):
            raise InvalidRoundError(
                "give every side of a hand the same kind of entry: the categories won, or piles or counts",
                "sides",
            )
        return _score_won([name for name, _, _ in sides], wons, [n for _, _, n in sides], rules)
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
                    where = "this pile" if owner[card] == i else f"the pile of {names[owner[card]]}"
                    raise InvalidRoundError(
                        f"{card} is also in {where}; each card belongs to one pile",
                        f"sides[{i}].pile[{j}]",
                    )
                owner[card] = i
            tally = Tally.from_pile(held, rules)
        if type(side_scopas) is not int or side_scopas < 0:
            raise InvalidRoundError(
                f"scopas must be a whole number 0 or more, not {excerpt(side_scopas)}", f"sides[{i}].scopas"
            )
        if side_scopas > tally.cards // 2:
            raise InvalidRoundError(
                f"{name} has {side_scopas} scopas with {tally.cards} cards; each scopa takes at least "
                f"two cards, so at most {tally.cards // 2}",
                f"sides[{i}].scopas",
            )
        tallies.append(tally)
        scopas.append(side_scopas)

    warnings = _check_totals(tallies, owner, rules)
    points: list[dict[str, int]] = [{} for _ in sides]
    reasons: list[Reason] = []

    def award(category: str, winner: int | None, text: str) -> None:
        for i, p in enumerate(points):
            p[category] = 1 if i == winner else 0
        reasons.append(Reason(category, winner, text))

    award(*_most(names, [t.cards for t in tallies], "cards", "cards"))
    award(*_most(names, [t.coins for t in tallies], "coins", "coins"))
    holder = next((i for i, t in enumerate(tallies) if t.settebello), None)
    award(
        "settebello",
        holder,
        f"{names[holder]} took the settebello (7 of coins)." if holder is not None
        else "Nobody took the settebello (7 of coins): it is not in any pile.",
    )  # fmt: skip
    award(*_primiera(names, tallies, rules))
    _add_scopas(points, reasons, names, scopas)
    if rules.napola:
        for i, p in enumerate(points):
            p["napola"] = tallies[i].napola
        who = [i for i, t in enumerate(tallies) if t.napola]
        text = (f"{names[who[0]]} has the napola: coins from the ace up to {tallies[who[0]].napola}, "
                f"{tallies[who[0]].napola} points." if who else
                "Nobody has the napola (Ace, 2 and 3 of coins).")  # fmt: skip
        reasons.append(Reason("napola", who[0] if who else None, text))
    if rules.re_bello:
        king = next((i for i, t in enumerate(tallies) if t.re_bello), None)
        award(
            "re_bello",
            king,
            f"{names[king]} took the re bello (King of coins)." if king is not None
            else "Nobody took the re bello (King of coins).",
        )  # fmt: skip

    return RoundScore(
        tuple(SideScore(names[i], tallies[i], scopas[i], points[i]) for i in range(len(sides))),
        tuple(reasons),
        tuple(warnings),
    )


CATEGORY_NOUNS = {"cards": "cards", "coins": "coins", "settebello": "settebello (7 of coins)",
                  "primiera": "primiera", "re_bello": "re bello (King of coins)"}  # fmt: skip


def _score_won(names: list[str], wons: list[Won], scopas: list[int], rules: Rules) -> RoundScore:
    """Score a hand entered by winners: each category to the side that won it, none when tied."""
    asked = won_categories(rules)
    owner: dict[str, int] = {}
    for i, won in enumerate(wons):
        field = f"sides[{i}]"
        if not isinstance(won.categories, frozenset) or not all(isinstance(c, str) for c in won.categories):
            raise InvalidRoundError(f"won must list category names ({', '.join(asked)})", f"{field}.won")
        for category in sorted(won.categories, key=lambda c: (c not in WON_CATEGORIES, str(c))):
            if category == "re_bello" and not rules.re_bello:
                raise InvalidRoundError(
                    "re bello is not played under these rules; leave it out or turn it on", f"{field}.won"
                )
            if category not in asked:
                raise InvalidRoundError(
                    f"unknown category {excerpt(category)} (expected {', '.join(asked)})", f"{field}.won"
                )
            if category in owner:
                first = owner[category]
                raise InvalidRoundError(
                    f"{names[first]} and {names[i]} both have the {CATEGORY_NOUNS[category]}; "
                    f"only one side can win it (a tie: list it for nobody)",
                    f"{field}.won",
                )
            owner[category] = i
        side_scopas = scopas[i]
        if type(side_scopas) is not int or not 0 <= side_scopas <= SCOPAS_MAX:
            raise InvalidRoundError(
                f"scopas must be a whole number from 0 to {SCOPAS_MAX}, not {excerpt(side_scopas)}",
                f"{field}.scopas",
            )
        napola = won.napola
        if type(napola) is not int or not (napola == 0 or NAPOLA_MIN <= napola <= COINS_IN_DECK):
            raise InvalidRoundError(
                f"napola scores {NAPOLA_MIN} to {COINS_IN_DECK} points (or 0), not {excerpt(napola)}",
                f"{field}.napola",
            )
        if napola and not rules.napola:
            raise InvalidRoundError(
                "napola is not played under these rules; leave it out or turn the napola on", f"{field}.napola"
            )
    for category in sorted(NO_TIE & set(asked)):
        if category not in owner:
            raise InvalidRoundError(f"say who took the {CATEGORY_NOUNS[category]}: one side always has it", "sides")
    napolas = [i for i, w in enumerate(wons) if w.napola]
    if len(napolas) > 1:
        raise InvalidRoundError("only one side can hold the napola (the Ace of coins starts it)", "sides")
    if napolas:
        i, run = napolas[0], wons[napolas[0]].napola
        # A napola of n holds the coins from the ace to n: from 7 up it holds the settebello, at 10
        # the re bello, and from 6 up more than half the coins. At 5 it holds half: the coins are its
        # side's or tied, never another side's.
        if run == 5 and owner.get("coins", i) != i:
            raise InvalidRoundError(
                f"a napola of 5 holds 5 of the 10 coins, so {names[owner['coins']]} cannot have won the coins "
                f"({names[i]} won them, or they tied)",
                f"sides[{i}].napola",
            )
        needs = [c for c, low in (("settebello", 7), ("re_bello", 10), ("coins", 6)) if run >= low and c in asked]
        for category in needs:
            if owner.get(category) != i:
                raise InvalidRoundError(
                    f"a napola of {run} holds the coins from the ace to {run}, so {names[i]} also won the "
                    f"{CATEGORY_NOUNS[category]}",
                    f"sides[{i}].napola",
                )

    points: list[dict[str, int]] = [{} for _ in names]
    reasons: list[Reason] = []

    def award(category: str) -> None:
        winner = owner.get(category)
        for i, p in enumerate(points):
            p[category] = 1 if i == winner else 0
        noun = CATEGORY_NOUNS[category]
        text = (f"{names[winner]} won the {noun}, as told at the table." if winner is not None
                else f"Nobody won the {noun}: a tie, as told at the table.")  # fmt: skip
        reasons.append(Reason(category, winner, text))

    for category in ("cards", "coins", "settebello", "primiera"):
        award(category)
    _add_scopas(points, reasons, names, scopas)
    if rules.napola:
        for i, p in enumerate(points):
            p["napola"] = wons[i].napola
        text = (f"{names[napolas[0]]} has the napola: {wons[napolas[0]].napola} points, as told at the table."
                if napolas else "Nobody has the napola (Ace, 2 and 3 of coins).")  # fmt: skip
        reasons.append(Reason("napola", napolas[0] if napolas else None, text))
    if rules.re_bello:
        award("re_bello")
    return RoundScore(
        tuple(SideScore(names[i], None, scopas[i], points[i], wons[i].categories) for i in range(len(names))),
        tuple(reasons),
        (),
    )


def _most(names: list[str], counts: list[int], category: str, noun: str) -> tuple[str, int | None, str]:
    """The side with the single highest count, or nobody on a tie (with any number of sides)."""
    top = max(counts)
    leaders = [i for i, c in enumerate(counts) if c == top]
    shown = "-".join(str(c) for c in counts)
    if len(leaders) == 1:
        return category, leaders[0], f"{names[leaders[0]]} took the most {noun}: {shown}."
    tied = " and ".join(names[i] for i in leaders)
    return category, None, f"{tied} tied for most {noun} ({shown}): nobody scores it."


def _primiera(names: list[str], tallies: list[Tally], rules: Rules) -> tuple[str, int | None, str]:
    def shown(i: int) -> str:
        t = tallies[i]
        cards = " ".join(str(c) for c in t.primiera_cards)
        value = "no primiera" if t.primiera is None else str(t.primiera)
        return f"{names[i]} {value}" + (f" ({cards})" if cards else "")

    out_notes = []
    for i, t in enumerate(tallies):
        if t.missing_suits and rules.primiera_all_suits:
            missing = ", ".join(SUIT_NAMES[s] for s in t.missing_suits)
            out_notes.append(f"{names[i]} has no {missing} and cannot compete")
    notes = ("; " + "; ".join(out_notes)) if out_notes else ""

    flags = [t.primiera_won for t in tallies]
    if any(f is not None for f in flags):
        winners = [i for i, f in enumerate(flags) if f]
        if len(winners) > 1:
            raise InvalidRoundError(
                "only one side can win the primiera; mark it for one side, or for none on a tie",
                f"sides[{winners[1]}].tally.primiera_won",
            )
        if winners:
            return "primiera", winners[0], f"{names[winners[0]]} won the primiera (as counted at the table)."
        return "primiera", None, "Nobody won the primiera (as counted at the table)."

    eligible = [i for i, t in enumerate(tallies) if t.primiera is not None]
    if rules.primiera_method == "sevens":
        if any(tallies[i].sevens is None for i in eligible):
            raise InvalidRoundError(
                'with primiera_method "sevens", quick counts must say who won the primiera (primiera_won)',
                "sides",
            )
        if not eligible:
            return "primiera", None, f"Nobody can compete for the primiera{notes}."
        # Every eligible side has its sevens counted (checked just above).
        sevens = {i: cast("tuple[int, ...]", tallies[i].sevens) for i in eligible}
        best = max(sevens.values())
        leaders = [i for i in eligible if sevens[i] == best]
        counts = ", ".join(f"{names[i]} {sevens[i][0]} sevens, {sevens[i][1]} sixes" for i in eligible)
        if len(leaders) == 1:
            return "primiera", leaders[0], f"{names[leaders[0]]} wins the primiera by sevens: {counts}{notes}."
        return "primiera", None, f"Primiera by sevens is tied ({counts}): nobody scores it{notes}."

    if not eligible:
        return "primiera", None, f"Nobody can compete for the primiera{notes}."
    top = max(cast(int, tallies[i].primiera) for i in eligible)  # eligible: primiera is not None
    leaders = [i for i in eligible if tallies[i].primiera == top]
    everyone = ", ".join(shown(i) for i in range(len(tallies)))
    if len(leaders) == 1:
        return "primiera", leaders[0], f"{names[leaders[0]]} has the best primiera: {everyone}{notes}."
    tied = " and ".join(names[i] for i in leaders)
    return "primiera", None, f"{tied} tie on primiera {top} ({everyone}): nobody scores it{notes}."


def _add_scopas(points: list[dict[str, int]], reasons: list[Reason], names: list[str], scopas: list[int]) -> None:
    """Each scopa is a point for its side, however the hand was entered."""
    for i, p in enumerate(points):
        p["scopas"] = scopas[i]
    reasons.append(Reason("scopas", None, _scopa_text(names, scopas)))


def _scopa_text(names: list[str], scopas: list[int]) -> str:
    if not any(scopas):
        return "No scopas this hand."
    parts = [f"{names[i]} {n} scopa{'s' if n != 1 else ''}" for i, n in enumerate(scopas) if n]
    return ", ".join(parts) + ", 1 point each."


def check_tally(tally: Tally, rules: Rules, field: str) -> None:
    """Raise unless one side's quick counts can happen under ``rules``."""

    def bad(name: str, message: str) -> InvalidRoundError:
        return InvalidRoundError(message, f"{field}.{name}")

    if type(tally.cards) is not int or not 0 <= tally.cards <= DECK_SIZE:
        raise bad("cards", f"cards must be a whole number from 0 to {DECK_SIZE}, not {excerpt(tally.cards)}")
    if type(tally.coins) is not int or not 0 <= tally.coins <= COINS_IN_DECK:
        raise bad("coins", f"coins must be a whole number from 0 to {COINS_IN_DECK}, not {excerpt(tally.coins)}")
    if tally.coins > tally.cards:
        raise bad("coins", f"{tally.coins} coins cannot come from a pile of {tally.cards} cards")
    if type(tally.settebello) is not bool:
        raise bad("settebello", "settebello must be true or false")
    # Checked before they are used: null or text here must be a clear 400, never a failed sum.
    if type(tally.napola) is not int or tally.napola < 0:
        raise bad("napola", f"napola must be a whole number of points (0, or 3 to 10), not {excerpt(tally.napola)}")
    if type(tally.re_bello) is not bool:
        raise bad("re_bello", f"re_bello must be true or false, not {excerpt(tally.re_bello)}")
    known_coins = set()
    if tally.settebello:
        known_coins.add(7)
    if tally.napola:
        if not rules.napola:
            raise bad("napola", "napola is not played under these rules; leave it out or turn the napola on")
        if type(tally.napola) is not int or not 3 <= tally.napola <= 10:
            raise bad("napola", f"napola scores 3 to 10 points (or 0), not {excerpt(tally.napola)}")
        known_coins.update(range(1, tally.napola + 1))
    if tally.re_bello:
        if not rules.re_bello:
            raise bad("re_bello", "re bello is not played under these rules; leave it out or turn it on")
        known_coins.add(10)
    if tally.coins < len(known_coins):
        raise bad(
            "coins",
            f"{tally.coins} coins is fewer than the coins named (settebello, napola, re bello need {len(known_coins)})",
        )
    if tally.primiera is not None:
        value = tally.primiera
        coinless = tally.coins == 0
        if rules.primiera_all_suits:
            possible = possible_primiera(4) if tally.cards >= 4 and not coinless else frozenset()
            expected = "a total of four prime values (40 to 84), or null for a side missing a suit"
        else:
            top = min(4, tally.cards) - (1 if coinless else 0)
            possible = frozenset().union(*(possible_primiera(k) for k in range(0, max(top, 0) + 1)))
            expected = f"a total of up to {max(top, 0)} prime values (0 to 84)"
        if type(value) is not int or value not in possible:
            raise bad("primiera", f"a primiera of {excerpt(value)} cannot be made by this pile; expected {expected}")
        if tally.settebello and value < 21:
            raise bad("primiera", "a side with the settebello has a primiera of at least 21")
    if tally.primiera_won is not None and type(tally.primiera_won) is not bool:
        raise bad("primiera_won", "primiera_won must be true or false")


def _check_totals(tallies: list[Tally], owner: dict[Card, int], rules: Rules) -> list[str]:
    """Check the sides together; return warnings for an incomplete deck."""
    cards = sum(t.cards for t in tallies)
    coins = sum(t.coins for t in tallies)
    quick = any(t.pile is None for t in tallies)
    if cards > 40:
        raise InvalidRoundError(f"the sides hold {cards} cards; the deck has 40", "sides")
    if coins > 10:
        raise InvalidRoundError(f"the sides hold {coins} coins; the deck has 10", "sides")
    if sum(t.settebello for t in tallies) > 1:
        raise InvalidRoundError("only one side can hold the settebello (7 of coins)", "sides")
    if sum(t.re_bello for t in tallies) > 1:
        raise InvalidRoundError("only one side can hold the re bello (King of coins)", "sides")
    if sum(1 for t in tallies if t.napola) > 1:
        raise InvalidRoundError("only one side can hold the napola (the Ace of coins starts it)", "sides")
    if quick:
        if cards != 40:
            raise InvalidRoundError(f"the quick counts add up to {cards} cards; every hand uses all 40", "sides")
        if coins != 10:
            raise InvalidRoundError(f"the quick counts add up to {coins} coins; the deck has 10", "sides")
        if not any(t.settebello for t in tallies):
            raise InvalidRoundError("one side must hold the settebello (7 of coins)", "sides")
        return []
    warnings = []
    if cards < 40:
        missing = [str(c) for c in DECK if c not in owner]
        shown = ", ".join(missing[:12]) + (", ..." if len(missing) > 12 else "")
        warnings.append(f"Only {cards} of 40 cards are in the piles; {40 - cards} missing ({shown}). Scored as given.")
    return warnings


__all__ = [
    "CATEGORIES", "COINS_IN_DECK", "DECK_SIZE", "EXTRA_CATEGORIES", "NO_TIE", "PRIMIERA_MAX", "SCOPAS_MAX",
    "WON_CATEGORIES", "Reason", "RoundScore", "SideScore", "Tally", "Won",
    "check_tally", "napola_points", "primiera", "primiera_cards", "score_round", "won_categories",
]  # fmt: skip
