"""Cards, their notation and their names in the three deck styles.

A card's canonical code is its rank number and a lower-case suit letter:
``7d`` is the settebello, ``10d`` the re bello.  ``Card.parse`` is the one
place where text becomes a card; ``str(card)`` is what the API, the database
and the forms carry.

>>> Card.parse("K♦")
Card.parse('10d')
>>> str(Card.parse(" 7 of coins "))
'7d'
>>> Card.parse("Fc").name(DeckStyle.ITALIAN)
'Fante di Coppe'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .errors import InvalidCardError, excerpt


class Suit(enum.Enum):
    """The four suits, by their canonical letter."""

    DENARI = "d"
    COPPE = "c"
    SPADE = "s"
    BASTONI = "b"

    @property
    def order(self) -> int:
        """Position in the canonical order d, c, s, b."""
        return _SUIT_ORDER[self]


_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}


class Rank(enum.IntEnum):
    """The ten ranks; the number is the capture value."""

    ASSO = 1
    DUE = 2
    TRE = 3
    QUATTRO = 4
    CINQUE = 5
    SEI = 6
    SETTE = 7
    FANTE = 8
    CAVALLO = 9
    RE = 10


# Primiera value of each rank: 7=21, 6=18, Ace=16, 5=15, 4=14, 3=13, 2=12, court cards 10.
PRIME_VALUES = {1: 16, 2: 12, 3: 13, 4: 14, 5: 15, 6: 18, 7: 21, 8: 10, 9: 10, 10: 10}
# The prime values of Fante, Cavallo and Re under each ``primiera_courts`` (RULES.md 1.1): 10 each, 0 each, or
# 8, 9 and 10 (their rank).
COURT_PRIMES = {"10": {8: 10, 9: 10, 10: 10}, "0": {8: 0, 9: 0, 10: 0}, "rank": {8: 8, 9: 9, 10: 10}}


def prime_values(courts: str = "10") -> dict[int, int]:
    """Each rank's prime value when court cards count as ``courts`` says.

    >>> [prime_values(c)[9] for c in ("10", "0", "rank")]
    [10, 0, 9]
    """
    return PRIME_VALUES | COURT_PRIMES[courts]


class DeckStyle(enum.Enum):
    """How cards are named on the pages; the notation never changes."""

    ITALIAN = "italian"
    FRENCH = "french"
    SPANISH = "spanish"

    @classmethod
    def parse(cls, value: object) -> DeckStyle:
        """The style named ``value`` (``"italian"``, ``"french"`` or ``"spanish"``)."""
        if isinstance(value, DeckStyle):
            return value
        for style in cls:
            if isinstance(value, str) and value.strip().lower() == style.value:
                return style
        from .text import msg  # text.py names cards, so it is imported when first needed

        raise InvalidCardError(
            msg("unknown deck style: %(value)s (expected italian, french or spanish)", value=excerpt(value)),
            "deck_style",
        )


_SUIT_NAMES = {
    DeckStyle.ITALIAN: {"d": "Denari", "c": "Coppe", "s": "Spade", "b": "Bastoni"},
    DeckStyle.FRENCH: {"d": "Diamonds", "c": "Hearts", "s": "Spades", "b": "Clubs"},
    DeckStyle.SPANISH: {"d": "Oros", "c": "Copas", "s": "Espadas", "b": "Bastos"},
}
_SUIT_SYMBOLS = {"d": "♦", "c": "♥", "s": "♠", "b": "♣"}
_RANK_SHORT = {
    DeckStyle.ITALIAN: {1: "A", 8: "F", 9: "C", 10: "R"},
    DeckStyle.FRENCH: {1: "A", 8: "J", 9: "Q", 10: "K"},
    DeckStyle.SPANISH: {1: "1", 8: "S", 9: "C", 10: "R"},
}
_RANK_LONG = {
    DeckStyle.ITALIAN: {1: "Asso", 8: "Fante", 9: "Cavallo", 10: "Re"},
    DeckStyle.FRENCH: {1: "Ace", 8: "Jack", 9: "Queen", 10: "King"},
    DeckStyle.SPANISH: {1: "As", 8: "Sota", 9: "Caballo", 10: "Rey"},
}
_OF = {DeckStyle.ITALIAN: "di", DeckStyle.FRENCH: "of", DeckStyle.SPANISH: "de"}

# Forgiving input: every name a player at the table might type.
_RANK_WORDS = {
    **{str(n): n for n in range(1, 11)},
    "a": 1,
    "ace": 1,
    "asso": 1,
    "as": 1,
    "uno": 1,
    "j": 8,
    "jack": 8,
    "f": 8,
    "fante": 8,
    "s": 8,
    "sota": 8,
    "knave": 8,
    "q": 9,
    "queen": 9,
    "c": 9,
    "cavallo": 9,
    "horse": 9,
    "knight": 9,
    "caballo": 9,
    "k": 10,
    "king": 10,
    "r": 10,
    "re": 10,
    "rey": 10,
}
_SUIT_WORDS = {
    "d": "d",
    "♦": "d",
    "♢": "d",
    "denari": "d",
    "denaro": "d",
    "coins": "d",
    "coin": "d",
    "diamonds": "d",
    "diamond": "d",
    "oros": "d",
    "oro": "d",
    "o": "d",
    "c": "c",
    "♥": "c",
    "♡": "c",
    "coppe": "c",
    "coppa": "c",
    "cups": "c",
    "cup": "c",
    "hearts": "c",
    "heart": "c",
    "copas": "c",
    "copa": "c",
    "h": "c",
    "s": "s",
    "♠": "s",
    "♤": "s",
    "spade": "s",
    "spada": "s",
    "swords": "s",
    "sword": "s",
    "spades": "s",
    "espadas": "s",
    "espada": "s",
    "e": "s",
    "b": "b",
    "♣": "b",
    "♧": "b",
    "bastoni": "b",
    "bastone": "b",
    "batons": "b",
    "baton": "b",
    "clubs": "b",
    "club": "b",
    "bastos": "b",
    "basto": "b",
}
_FILLER = {"of", "di", "de", "del", "dei", "delle"}
_COMPACT = re.compile(r"^(10|[1-9]|[a-z])(.+)$")


def _invalid(text: object) -> InvalidCardError:
    from .text import msg  # text.py names cards, so it is imported when first needed

    return InvalidCardError(
        msg("invalid card: %(value)s (expected a rank 1-10 and a suit d, c, s or b, e.g. 7d)", value=excerpt(text))
    )


@dataclass(frozen=True, slots=True)
class Card:
    """One of the 40 cards."""

    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read a card from any of the forms a player might type.

        >>> [str(Card.parse(t)) for t in ["7d", "7D", "A♠", "k ♦", "fante di coppe", "As de oros"]]
        ['7d', '7d', '1s', '10d', '8c', '1d']
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise _invalid(text)
        cleaned = text.strip().lower()
        for symbol in "♦♢♥♡♠♤♣♧":
            cleaned = cleaned.replace(symbol, f" {symbol} ")
        words = [w for w in re.split(r"[\s_\-/]+", cleaned) if w and w not in _FILLER]
        rank = suit = None
        if len(words) == 2:
            rank, suit = _RANK_WORDS.get(words[0]), _SUIT_WORDS.get(words[1])
        elif len(words) == 1 and (match := _COMPACT.match(words[0])):
            rank, suit = _RANK_WORDS.get(match[1]), _SUIT_WORDS.get(match[2])
        if rank is None or suit is None:
            raise _invalid(text)
        return cls(Rank(rank), Suit(suit))

    def __str__(self) -> str:
        return f"{int(self.rank)}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def value(self) -> int:
        """Capture value: the rank number (Fante 8, Cavallo 9, Re 10)."""
        return int(self.rank)

    @property
    def prime(self) -> int:
        """Primiera value (7=21, 6=18, Ace=16, ..., court cards 10)."""
        return PRIME_VALUES[int(self.rank)]

    @property
    def sort_key(self) -> tuple[int, int]:
        """Suits in the order d, c, s, b, then rank."""
        return (self.suit.order, int(self.rank))

    def label(self, style: DeckStyle | None = None) -> str:
        """A short label: the code with no style, ``"F♥"``-like in a style."""
        if style is None:
            return str(self)
        rank = _RANK_SHORT[style].get(int(self.rank), str(int(self.rank)))
        if style is DeckStyle.FRENCH:
            return f"{rank}{_SUIT_SYMBOLS[self.suit.value]}"
        return f"{rank} {_SUIT_NAMES[style][self.suit.value]}"

    def rank_label(self, style: DeckStyle) -> str:
        """The rank as printed in a grid cell: the number, and a court card's letter with its capture value.

        Not everyone at the table knows that the Fante is an 8, so the value is always beside the letter.

        >>> [Card.parse(c).rank_label(DeckStyle.ITALIAN) for c in ("7d", "1d", "8d", "9c", "10s")]
        ['7', 'A', 'F 8', 'C 9', 'R 10']
        >>> Card.parse("8c").rank_label(DeckStyle.FRENCH)
        'J 8'
        """
        number = int(self.rank)
        letter = _RANK_SHORT[style].get(number)
        if letter is None or letter == str(number):
            return str(number)
        return letter if number == 1 else f"{letter} {number}"

    def name(self, style: DeckStyle = DeckStyle.ITALIAN) -> str:
        """The card's full name in a deck style, e.g. ``"7 di Denari"``, ``"Jack of Hearts"``."""
        rank = _RANK_LONG[style].get(int(self.rank), str(int(self.rank)))
        return f"{rank} {_OF[style]} {_SUIT_NAMES[style][self.suit.value]}"


def _keep(_context: str, text: str) -> str:
    return text


def deck_word(context: str, text: str) -> str:
    """Mark a French deck's word for the catalogues (extracted as ``deck_word:1c,2``); it is translated when read."""
    return text


# The French deck's names are words of the reader's language ("Jack of Hearts", "Fante di Cuori"); the Italian and
# Spanish decks' names are the decks' own, the same in every language ("7 di Denari", "Sota de Oros").
_FRENCH_RANKS = {
    1: deck_word("french deck", "Ace"),
    8: deck_word("french deck", "Jack"),
    9: deck_word("french deck", "Queen"),
    10: deck_word("french deck", "King"),
}
_FRENCH_SUITS = {
    "d": deck_word("french deck", "Diamonds"),
    "c": deck_word("french deck", "Hearts"),
    "s": deck_word("french deck", "Spades"),
    "b": deck_word("french deck", "Clubs"),
}
_FRENCH_NAME = deck_word("french deck", "%(rank)s of %(suit)s")


def card_name(card: Card, style: DeckStyle, lookup: Callable[[str, str], str] = _keep) -> str:
    """A card's full name in a deck style, in the language ``lookup`` translates to (French deck only).

    >>> italian = {"Jack": "Fante", "Hearts": "Cuori", "%(rank)s of %(suit)s": "%(rank)s di %(suit)s"}
    >>> card_name(Card.parse("8c"), DeckStyle.FRENCH, lambda context, text: italian.get(text, text))
    'Fante di Cuori'
    >>> card_name(Card.parse("7d"), DeckStyle.ITALIAN, lambda context, text: italian.get(text, text))
    '7 di Denari'
    """
    if style is not DeckStyle.FRENCH:
        return card.name(style)
    number = int(card.rank)
    rank = lookup("french deck", _FRENCH_RANKS[number]) if number in _FRENCH_RANKS else str(number)
    suit = lookup("french deck", _FRENCH_SUITS[card.suit.value])
    return lookup("french deck", _FRENCH_NAME) % {"rank": rank, "suit": suit}


def suit_name(suit: Suit, style: DeckStyle, lookup: Callable[[str, str], str] = _keep) -> str:
    """The suit's name in a deck style (Denari, Diamonds, Oros), in the reader's language for a French deck."""
    if style is DeckStyle.FRENCH:
        return lookup("french deck", _FRENCH_SUITS[suit.value])
    return _SUIT_NAMES[style][suit.value]


def suit_symbol(suit: Suit) -> str:
    """The French symbol of a suit, used as a compact mark in every style."""
    return _SUIT_SYMBOLS[suit.value]


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
DECK_SIZE = len(DECK)
SETTEBELLO = Card(Rank.SETTE, Suit.DENARI)
RE_BELLO = Card(Rank.RE, Suit.DENARI)


def parse_cards(items: object, field: str, *, low: int = 0, high: int = DECK_SIZE) -> tuple[Card, ...]:
    """Parse a list of cards named ``field``: ``low`` to ``high`` of them, none twice.

    Errors name the field and the position, e.g. ``hand[2]``.
    """
    from .text import msg  # text.py names cards, so it is imported when first needed

    if not isinstance(items, (list, tuple)):
        not_list = msg('%(field)s must be a list of card codes such as ["7d", "5c"]', field=f'"{field}"')
        raise InvalidCardError(not_list, field)
    cards: list[Card] = []
    seen: dict[Card, int] = {}
    for i, item in enumerate(items):
        try:
            card = Card.parse(item)
        except InvalidCardError as err:
            raise err.at(f"{field}[{i}]") from None
        if card in seen:
            raise InvalidCardError(
                msg(
                    "%(card)s is listed twice in %(field)s (positions %(first)s and %(second)s); each card exists once",
                    card=card,
                    field=f'"{field}"',
                    first=seen[card],
                    second=i,
                ),
                f"{field}[{i}]",
            )
        seen[card] = i
        cards.append(card)
    if not low <= len(cards) <= high:
        key = f'"{field}"'  # the JSON key, as the message names it
        if low == high:
            text = msg("%(field)s has %(n)s cards; expected exactly %(low)s", field=key, n=len(cards), low=low)
        elif low == 0:
            text = msg("%(field)s has %(n)s cards; expected at most %(high)s", field=key, n=len(cards), high=high)
        else:
            text = msg(
                "%(field)s has %(n)s cards; expected %(low)s to %(high)s", field=key, n=len(cards), low=low, high=high
            )
        raise InvalidCardError(text, field)
    return tuple(cards)


def ensure_disjoint(groups: Iterable[tuple[str, Iterable[Card]]]) -> None:
    """Raise if a card appears in two of the named groups (hand and table, two piles...)."""
    from .text import msg  # text.py names cards, so it is imported when first needed

    owner: dict[Card, str] = {}
    for field, cards in groups:
        for i, card in enumerate(cards):
            if card in owner:
                raise InvalidCardError(
                    msg(
                        "%(card)s is in both %(first)s and %(second)s; each card exists once",
                        card=card,
                        first=f'"{owner[card]}"',
                        second=f'"{field}"',
                    ),
                    f"{field}[{i}]",
                )
            owner[card] = field


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in canonical order (suit d, c, s, b, then rank)."""
    return tuple(sorted(cards, key=lambda c: c.sort_key))


def codes(cards: Iterable[Card]) -> list[str]:
    """Canonical codes of cards, in the given order."""
    return [str(c) for c in cards]
