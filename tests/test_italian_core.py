"""The rules core read out in Italian: every reason, status and verdict, for any hand or position.

The core's messages are rendered with the Italian catalogue (compiled by the app) and the game's deck style, as the
pages render them. A placeholder left unfilled, a card code in a sentence, or an English word of the interface would
show a message that missed the catalogue or a parameter passed wrong.
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
from tests.test_italian_pages import ENGLISH, WORD

compile_catalogues()
CATALOGUE = Translations.load(TRANSLATIONS, ["it"])
CODE = re.compile(r"\b(10|[1-9])[dcsb]\b")


def italian(style: DeckStyle | None = DeckStyle.ITALIAN) -> Voice:
    def join(items, how):
        if how in FIXED_JOINS or len(items) < 2:
            return FIXED_JOINS.get(how, "").join(items)
        return ", ".join(items[:-1]) + (" e " if how is Join.AND else " o ") + items[-1]

    return Voice(CATALOGUE.gettext, CATALOGUE.ngettext, CATALOGUE.pgettext, join, style)


def english_in(text: str) -> list[str]:
    return [w for w in WORD.findall(text) if w.lower() in ENGLISH]


def assert_italian(text: str) -> None:
    assert "%(" not in text, text
    assert not CODE.search(text), f"a card code in {text!r}"
    assert not english_in(text), f"English words {english_in(text)} in {text!r}"


def test_a_hand_reads_as_an_italian_table_says_it():
    pile = [Card.parse(c) for c in ["7d", "7c", "7s", "1b", "6c", "2d", "3d", "1d", "4d", "5d", "6d"]]
    rest = [c for c in DECK if c not in pile]
    said = italian()
    reasons = [said.say(r.text) for r in score_round([("Anna", pile, 1), ("Bruno", rest, 0)], Rules()).reasons]
    assert reasons[0] == "Bruno prende le carte: 11-29."
    assert reasons[1] == "Anna prende i denari: 7-3."
    assert reasons[2] == "Anna prende il settebello (7 di denari)."
    assert reasons[3].startswith("Anna fa la primiera: Anna 79 (7 di Denari, 7 di Coppe, 7 di Spade, Asso di Bastoni)")
    assert reasons[4] == "Anna 1 scopa, un punto ciascuna."


def test_a_french_deck_is_named_in_italian():
    verdict = judge_play(Card.parse("8c"), [Card.parse("8s")], [Card.parse("8s"), Card.parse("1b")], Rules())
    assert italian(DeckStyle.FRENCH).say(verdict.reason) == (
        "Fante di Cuori prende Fante di Picche, la carta di pari valore."
    )


def test_statuses_are_italian():
    names = ["Marco", "Anna"]
    said = italian()
    assert said.say(play_out([], names, 11).status) == "Ancora nessuna mano: vince chi arriva a 11."
    hand = score_round(
        [("Marco", Won(frozenset({"cards", "coins", "primiera"})), 0), ("Anna", Won(frozenset({"settebello"})), 0)]
    )
    assert said.say(play_out([hand, hand], names, 11).status) == "Marco è avanti 6-2; si gioca ai 11."
    assert said.say(play_out([hand] * 4, names, 11).status) == "Marco vince 12-4."


def test_the_deal_check_is_italian():
    said = italian()
    kings = [Card.parse(c) for c in ["10d", "10c", "10s", "4b"]]
    assert said.say(deal_check(kings).reason).startswith("3 re in tavola: la mano si ridà")


sides_of_a_hand = st.integers(2, 4).flatmap(
    lambda n: st.lists(st.integers(0, n - 1), min_size=40, max_size=40).map(lambda owners: (n, owners))
)


@settings(max_examples=150, deadline=None)
@given(sides_of_a_hand, st.sampled_from(list(DeckStyle)), st.booleans(), st.booleans(), st.booleans())
def test_every_reason_of_any_hand_reads_in_italian(hand, style, all_suits, napola, re_bello):
    n, owners = hand
    rules = Rules(primiera_all_suits=all_suits, napola=napola, re_bello=re_bello)
    piles = [[c for c, o in zip(DECK, owners, strict=True) if o == i] for i in range(n)]
    names = ["Anna", "Bruno", "Carla", "Dario"][:n]
    score = score_round([(names[i], piles[i], 0) for i in range(n)], rules)
    said = italian(style)
    for reason in score.reasons:
        assert_italian(said.say(reason.text))
    for warning in score.warnings:
        assert_italian(said.say(warning))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from([c for c in DECK if c.rank != 1]), min_size=2, max_size=10, unique=True), st.data())
def test_every_legal_play_and_verdict_reads_in_italian(cards, data):
    hand, table = cards[:1], cards[1:]
    style = data.draw(st.sampled_from(list(DeckStyle)))
    rules = Rules(capture_choice=data.draw(st.sampled_from(["free", "fewest"])))
    said = italian(style)
    for move in legal_moves(hand, table, rules):
        assert_italian(said.say(move.why))
    claim = data.draw(st.lists(st.sampled_from(table), unique=True, max_size=3))
    verdict = judge_play(hand[0], claim, table, rules)
    assert_italian(said.say(verdict.reason))
    assert_italian(said.say(verdict.rule_text))


@pytest.mark.parametrize("rules", [Rules(), Rules(napola=True, re_bello=True)])
def test_winners_reasons_read_in_italian(rules):
    asked = won_categories(rules)
    hand = score_round([("Anna", Won(frozenset(asked)), 2), ("Bruno", Won(frozenset()), 1)], rules)
    said = italian()
    for reason in hand.reasons:
        assert_italian(said.say(reason.text))


def test_quick_counts_read_in_italian():
    hand = score_round(
        [("Anna", Tally(22, 6, True, primiera_won=True), 0), ("Bruno", Tally(18, 4, False, primiera_won=False), 0)]
    )
    assert [italian().say(r.text) for r in hand.reasons][3] == "Anna ha vinto la primiera (contata al tavolo)."
