"""Card notation: forgiving input, canonical output, names in the three deck styles."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import DECK, Card, DeckStyle, InvalidCardError, parse_cards


@pytest.mark.parametrize(
    "text, code",
    [
        ("7d", "7d"),
        ("7D", "7d"),
        (" 7 d ", "7d"),
        ("10d", "10d"),
        ("1s", "1s"),
        ("A♠", "1s"),
        ("As", "1s"),
        ("K♦", "10d"),
        ("k ♦", "10d"),
        ("Q♣", "9b"),
        ("J♥", "8c"),
        ("Fc", "8c"),
        ("Cs", "9s"),
        ("Rd", "10d"),
        ("7♦", "7d"),
        ("7 of coins", "7d"),
        ("fante di coppe", "8c"),
        ("Re di Denari", "10d"),
        ("As de Oros", "1d"),
        ("Sota de Copas", "8c"),
        ("King of Clubs", "10b"),
        ("7h", "7c"),
        ("Jack of Hearts", "8c"),
        ("3 bastoni", "3b"),
        ("cavallo spade", "9s"),
    ],
)
def test_forgiving_parse_gives_canonical_code(text, code):
    assert str(Card.parse(text)) == code


@pytest.mark.parametrize("text", ["", "X9", "11d", "0d", "7x", "d7", "♦7", "7", "d", "77d", "ace", None, 7])
def test_unknown_cards_are_rejected_with_what_is_expected(text):
    with pytest.raises(InvalidCardError) as err:
        Card.parse(text)
    assert "expected a rank 1-10 and a suit d, c, s or b" in str(err.value)
    assert repr(text) in str(err.value)


def test_repr_reads_like_a_constructor_call():
    assert repr(Card.parse("7d")) == "Card.parse('7d')"


def test_the_deck_has_forty_distinct_cards_with_values_and_prime_values():
    assert len(DECK) == len(set(DECK)) == 40
    assert sorted(c.value for c in DECK) == sorted(list(range(1, 11)) * 4)
    assert {str(c): c.prime for c in DECK if c.suit.value == "d"} == {
        "1d": 16,
        "2d": 12,
        "3d": 13,
        "4d": 14,
        "5d": 15,
        "6d": 18,
        "7d": 21,
        "8d": 10,
        "9d": 10,
        "10d": 10,
    }


@pytest.mark.parametrize(
    "code, style, name, label",
    [
        ("8c", DeckStyle.ITALIAN, "Fante di Coppe", "F Coppe"),
        ("7d", DeckStyle.ITALIAN, "7 di Denari", "7 Denari"),
        ("9s", DeckStyle.FRENCH, "Queen of Spades", "Q♠"),
        ("1b", DeckStyle.FRENCH, "Ace of Clubs", "A♣"),
        ("10d", DeckStyle.SPANISH, "Rey de Oros", "R Oros"),
        ("8s", DeckStyle.SPANISH, "Sota de Espadas", "S Espadas"),
    ],
)
def test_names_follow_the_deck_style(code, style, name, label):
    card = Card.parse(code)
    assert card.name(style) == name
    assert card.label(style) == label


@given(st.sampled_from(DECK), st.sampled_from(list(DeckStyle)))
def test_notation_round_trips_through_code_label_and_name(card, style):
    assert Card.parse(str(card)) == card
    assert Card.parse(card.label(style)) == card
    assert Card.parse(card.name(style)) == card
    assert Card.parse(str(card).upper()) == card


def test_parse_cards_names_the_position_of_a_bad_or_repeated_card():
    with pytest.raises(InvalidCardError) as err:
        parse_cards(["7d", "zz"], "hand")
    assert err.value.field == "hand[1]"
    with pytest.raises(InvalidCardError) as err:
        parse_cards(["7d", "5c", "7D"], "table")
    assert err.value.field == "table[2]"
    assert "7d is listed twice" in str(err.value.message)


def test_parse_cards_checks_how_many():
    with pytest.raises(InvalidCardError, match='"hand" has 11 cards; expected 1 to 10'):
        parse_cards([str(c) for c in DECK[:11]], "hand", low=1, high=10)
    with pytest.raises(InvalidCardError, match="must be a list"):
        parse_cards("7d", "hand")
