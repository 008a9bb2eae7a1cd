"""The rules core read out in Spanish: every reason, status and verdict, for any hand or position.

Rendered with the Spanish catalogue and the game's deck style, as the pages render them. A placeholder left
unfilled, a card code in a sentence, or an English or Italian word of the interface would show a message that
missed the catalogue or a parameter passed wrong. (The Italian deck's cards keep their own names: "7 di Denari".)
"""

from __future__ import annotations

import re

import pytest
from babel.support import Translations
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import DECK, Card, DeckStyle, Rules, deal_check, judge_play, legal_moves, play_out
from scorekeeper.rules.scoring import Tally, Won, score_round, won_categories
from scorekeeper.rules.text import FIXED_JOINS, Join, Voice
from scorekeeper.web.common.i18n import TRANSLATIONS, compile_catalogues
from tests.test_italian_pages import WORD
from tests.test_spanish_pages import FOREIGN

compile_catalogues()
CATALOGUE = Translations.load(TRANSLATIONS, ["es"])
CODE = re.compile(r"\b(10|[1-9])[dcsb]\b")


def spanish(style: DeckStyle | None = DeckStyle.ITALIAN) -> Voice:
    def join(items, how):
        if how in FIXED_JOINS or len(items) < 2:
            return FIXED_JOINS.get(how, "").join(items)
        return ", ".join(items[:-1]) + (" y " if how is Join.AND else " o ") + items[-1]

    return Voice(CATALOGUE.gettext, CATALOGUE.ngettext, CATALOGUE.pgettext, join, style)


def foreign_in(text: str) -> list[str]:
    return [w for w in WORD.findall(text) if w.lower() in FOREIGN]


def assert_spanish(text: str) -> None:
    assert "%(" not in text, text
    assert not CODE.search(text), f"a card code in {text!r}"
    assert not foreign_in(text), f"English or Italian words {foreign_in(text)} in {text!r}"


def test_a_hand_reads_as_a_spanish_table_says_it():
    pile = [Card.parse(c) for c in ["7d", "7c", "7s", "1b", "6c", "2d", "3d", "1d", "4d", "5d", "6d"]]
    rest = [c for c in DECK if c not in pile]
    reasons = [spanish().say(r.text) for r in score_round([("Anna", pile, 1), ("Bruno", rest, 0)], Rules()).reasons]
    assert reasons[0] == "Bruno se llevó la mayoría de las cartas: 11-29."
    assert reasons[1] == "Anna se llevó la mayoría de los oros: 7-3."
    assert reasons[2] == "Anna se llevó el settebello (7 de oros)."
    assert reasons[3].startswith("Anna tiene la mejor primiera: Anna 79 (7 di Denari, 7 di Coppe, 7 di Spade, Asso")
    assert reasons[4] == "Anna 1 scopa, 1 punto cada una."
    for reason in reasons:
        assert_spanish(reason)


def test_french_and_spanish_decks_are_named_in_spanish():
    verdict = judge_play(Card.parse("8c"), [Card.parse("8s")], [Card.parse("8s"), Card.parse("1b")], Rules())
    assert (
        spanish(DeckStyle.FRENCH).say(verdict.reason)
        == "Jota de Corazones levanta Jota de Picas, la carta de igual valor."
    )
    assert (
        spanish(DeckStyle.SPANISH).say(verdict.reason)
        == "Sota de Copas levanta Sota de Espadas, la carta de igual valor."
    )


def test_statuses_and_the_deal_check_are_spanish():
    names = ["Marco", "Anna"]
    said = spanish()
    assert said.say(play_out([], names, 11).status) == "Todavía no hay manos: gana el primero que llegue a 11."
    hand = score_round(
        [("Marco", Won(frozenset({"cards", "coins", "primiera"})), 0), ("Anna", Won(frozenset({"settebello"})), 0)]
    )
    assert said.say(play_out([hand, hand], names, 11).status) == "Marco va ganando 6-2; 11 para ganar."
    assert said.say(play_out([hand] * 4, names, 11).status) == "Marco gana 12-4."
    kings = [Card.parse(c) for c in ["10d", "10c", "10s", "4b"]]
    assert said.say(deal_check(kings).reason).startswith(
        "Hay 3 reyes en la mesa: el mismo repartidor vuelve a repartir"
    )


sides_of_a_hand = st.integers(2, 4).flatmap(
    lambda n: st.lists(st.integers(0, n - 1), min_size=40, max_size=40).map(lambda owners: (n, owners))
)


@settings(max_examples=100, deadline=None)
@given(sides_of_a_hand, st.sampled_from(list(DeckStyle)), st.booleans(), st.booleans(), st.booleans())
def test_every_reason_of_any_hand_reads_in_spanish(hand, style, all_suits, napola, re_bello):
    n, owners = hand
    rules = Rules(primiera_all_suits=all_suits, napola=napola, re_bello=re_bello)
    piles = [[c for c, o in zip(DECK, owners, strict=True) if o == i] for i in range(n)]
    names = ["Anna", "Bruno", "Carla", "Dario"][:n]
    score = score_round([(names[i], piles[i], 0) for i in range(n)], rules)
    said = spanish(style)
    for reason in score.reasons:
        assert_spanish(said.say(reason.text))
    for warning in score.warnings:
        assert_spanish(said.say(warning))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=2, max_size=10, unique=True), st.data())
def test_every_legal_play_and_verdict_reads_in_spanish(cards, data):
    hand, table = cards[:1], cards[1:]
    style = data.draw(st.sampled_from(list(DeckStyle)))
    rules = Rules(capture_choice=data.draw(st.sampled_from(["free", "fewest"])))
    said = spanish(style)
    for move in legal_moves(hand, table, rules):
        assert_spanish(said.say(move.why))
    claim = data.draw(st.lists(st.sampled_from(table), unique=True, max_size=3))
    verdict = judge_play(hand[0], claim, table, rules)
    assert_spanish(said.say(verdict.reason))
    assert_spanish(said.say(verdict.rule_text))


@pytest.mark.parametrize("rules", [Rules(), Rules(napola=True, re_bello=True)])
def test_winners_and_quick_counts_read_in_spanish(rules):
    hand = score_round([("Anna", Won(frozenset(won_categories(rules))), 2), ("Bruno", Won(frozenset()), 1)], rules)
    for reason in hand.reasons:
        assert_spanish(spanish().say(reason.text))
    counted = score_round(
        [("Anna", Tally(22, 6, True, primiera_won=True), 0), ("Bruno", Tally(18, 4, False, primiera_won=False), 0)]
    )
    assert [spanish().say(r.text) for r in counted.reasons][3] == "Anna ganó la primiera (según se contó en la mesa)."
