"""The capture checker's cost is bounded: a crowded table's plays are listed up to MOVES_PER_CARD a card and counted.

Cost is measured here by counting what an answer lists (``bench/checker.py`` times it against a bare route).
Every play of a position reachable by legal play is still listed in full.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scorekeeper.rules import DECK, judge_play, legal_moves, list_moves
from scorekeeper.rules.moves import MOVES_PER_CARD
from tests.conftest import cards

# Ten high cards in hand, the 28 low cards and two 8s on the table: 10,700 plays, 1,000 and more for one card.
HAND = cards("9d 9c 9s 9b 10d 10c 10s 10b 8s 8b")
TABLE = [c for c in DECK if c.value <= 7] + cards("8d 8c")
# The most ways one card has on a table legal play can reach: four aces from the first deal, one each of 2 to 9.
REAL_TABLE = cards("1d 1c 1s 1b 2d 3d 4d 5d 6d 7d 8d 9d")


def test_a_crowded_table_lists_each_cards_first_plays_and_counts_them_all():
    every = legal_moves(HAND, TABLE)
    listed = list_moves(HAND, TABLE)
    per_card = Counter(m.card for m in every)
    assert dict(listed.counts) == per_card and listed.count == len(every) > 10_000
    assert not listed.complete
    shown = Counter(m.card for m in listed.moves)
    assert all(shown[card] == min(MOVES_PER_CARD, per_card[card]) for card in HAND)
    # The listed plays are each card's first plays, in the order of the full list.
    for card in HAND:
        assert [m.capture for m in listed.moves if m.card == card] == [m.capture for m in every if m.card == card][
            :MOVES_PER_CARD
        ]


def test_a_real_crowded_position_is_listed_in_full():
    hand = cards("10c 10s 10b")
    listed = list_moves(hand, REAL_TABLE)
    assert listed.complete and listed.count == len(listed.moves)
    assert [(m.card, m.capture) for m in listed.moves] == [(m.card, m.capture) for m in legal_moves(hand, REAL_TABLE)]
    assert max(dict(listed.counts).values()) <= MOVES_PER_CARD


def test_a_claim_on_a_crowded_table_is_judged_without_listing_every_play():
    ten = cards("10d")[0]
    every = [m for m in legal_moves([ten], TABLE)]
    last = every[-1]
    verdict = judge_play(ten, list(last.capture), TABLE)
    assert verdict.legal and verdict.options == len(every)
    assert len(verdict.alternatives) == MOVES_PER_CARD and verdict.more == len(every) - 1 - MOVES_PER_CARD
    wrong = judge_play(ten, cards("1d 2d"), TABLE)
    assert not wrong.legal and wrong.rule == "sum"
    assert len(wrong.alternatives) == MOVES_PER_CARD and wrong.more == len(every) - MOVES_PER_CARD


def test_the_moves_api_answers_a_crowded_table_within_the_bound(client):
    body = {"hand": [str(c) for c in HAND], "table": [str(c) for c in TABLE]}
    r = client.post("/api/v1/moves", json=body)
    assert r.status_code == 200
    answer = r.json
    assert len(answer["moves"]) <= len(HAND) * MOVES_PER_CARD
    assert answer["count"] == len(legal_moves(HAND, TABLE)) and answer["complete"] is False
    assert answer["per_card"] == MOVES_PER_CARD
    assert [c["card"] for c in answer["cards"]] == [str(c) for c in HAND]
    assert sum(c["count"] for c in answer["cards"]) == answer["count"]


def test_the_moves_api_lists_a_real_position_whole(client):
    r = client.post("/api/v1/moves", json={"hand": ["8d", "5c"], "table": ["1b", "2c", "6s", "3s"]})
    assert r.json["complete"] is True and r.json["count"] == len(r.json["moves"]) == 2


def test_the_judge_api_answers_a_crowded_table_within_the_bound(client):
    body = {"card": "10d", "capture": ["1d", "2d"], "table": [str(c) for c in TABLE]}
    r = client.post("/api/v1/judge", json=body)
    assert r.status_code == 200 and r.json["legal"] is False
    assert len(r.json["alternatives"]) == MOVES_PER_CARD
    assert r.json["count"] == len(legal_moves(cards("10d"), TABLE)) and r.json["complete"] is False


def test_the_checker_page_counts_the_plays_it_does_not_list(client):
    table = ",".join(str(c) for c in TABLE)
    r = client.get(f"/check?table={table}&hand=10d&play=10d&take=1d,2d")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    rest = len(legal_moves(cards("10d"), TABLE)) - 12
    assert f"And {rest} more" in html
    assert html.count("<li>Takes ") == 12


def _deal_and_play(rng: random.Random, players: int, each: int, to_table: int) -> int:
    """Play one hand by the rules, trailing whenever a card can be trailed (so the table grows as it can);
    check every position met lists all its plays. Returns the largest table seen."""
    deck = list(DECK)
    rng.shuffle(deck)
    table = [deck.pop() for _ in range(to_table)]
    hands: list[list] = [[] for _ in range(players)]
    largest = len(table)
    while deck or any(hands):
        if not any(hands):
            for hand in hands:
                hand.extend(deck.pop() for _ in range(each))
        for hand in hands:
            listed = list_moves(hand, table)
            assert listed.complete and all(n <= MOVES_PER_CARD for _, n in listed.counts)
            trails = [m for m in listed.moves if not m.capture]
            move = rng.choice(trails or list(listed.moves))
            hand.remove(move.card)
            if move.capture:
                table = [c for c in table if c not in move.capture]
            else:
                table.append(move.card)
            largest = max(largest, len(table))
    return largest


@pytest.mark.parametrize(("players", "each", "to_table"), [(2, 3, 4), (3, 3, 4), (4, 9, 4), (4, 10, 0)])
def test_positions_reached_by_legal_play_are_always_listed_whole(players, each, to_table):
    # The deals of RULES.md ("3+4" for 2 and 3 players, scopone's "9+4" and "10+0"), 150 hands each.
    rng = random.Random(players * 100 + each)
    largest = max(_deal_and_play(rng, players, each, to_table) for _ in range(150))
    assert largest <= 13  # each value once, besides the first deal's four cards


def test_a_hand_no_deal_gives_is_refused_naming_the_hand(client):
    # Scopone scientifico's ten cards are the most any deal gives a player.
    eleven = ["1d", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "10d", "1c"]
    r = client.post("/api/v1/moves", json={"hand": eleven, "table": ["1s"]})
    assert r.status_code == 400 and r.json["field"] == "hand"
    assert r.json["message"] == '"hand" has 11 cards; expected 1 to 10'
    r = client.get(f"/check?table=1s&hand={','.join(eleven)}")
    assert r.status_code == 400
    assert '<p class="error" id="hand-error">The hand has 11 cards; a hand holds at most 10.</p>' in r.get_data(
        as_text=True
    )
