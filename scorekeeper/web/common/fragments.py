"""The JSON game's hands kept as encoded JSON, so that a new version's body is assembled, not made again.

A hand's costly parts in the JSON game (``ScoredRound.to_dict``) are its score said in the reader's words (each
side's row, the reasons, the warnings) and what was entered (``entry``): about 40 µs a hand to make and encode, 12
ms at 299 hands. Neither changes when another hand is added, corrected or deleted: the services build the new
version from the same ``RoundScore`` and ``HandEntry`` objects (``games._rebuild``, ``ledger.add_hand``), and a
re-score (rules changed, a game read back from the database) makes new ones, as does a hand whose score carries a
note of what it did to the game (a call out, a recount: ``ledger._noted``), every version. So each hand's parts
are kept encoded, per pair of those objects and per voice (language and deck style), and a version's body is
those bytes with the few fields that move (number, totals, counted) encoded on the spot, or reused when a hand's
are those of the version last assembled: a lookup and a few small encodings a hand.

Kept by identity: each kept hand holds its two objects, so their ``id()`` cannot name another object while the
hand is kept (the core's frozen, slotted dataclasses take no weak reference), and a hit is checked with ``is``.
The store is bounded by hands and by bytes, least recently used let go first, and is thread-safe.

The body is byte for byte what ``json.dumps(game_json(score), ensure_ascii=False)`` gives
(tests/test_json_fragments.py checks it over random games).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from json.encoder import encode_basestring
from typing import Any, cast

from scorekeeper.rules.ledger import GameScore, HandEntry, ScoredRound
from scorekeeper.rules.scoring import RoundScore
from scorekeeper.web.common.i18n import language
from scorekeeper.web.common.i18n import voice as reader_voice

# What a kept hand is counted as beside its fragments (about 1.4 KB): the objects it holds, which the game's kept
# score holds too while the game is kept (``games.scores``): its score and entry, about 5.5 KB for a hand entered by
# piles, and its last version's fields. So the bound in bytes bounds the memory, about 8,600 hands at most (300 games
# of a table's length, or 29 of 299 hands); the bound in hands, for hands that are smaller still.
HELD_BYTES = 6_000
FRAGMENT_BYTES = 64_000_000
FRAGMENT_HANDS = 10_000

# The one encoder of the JSON game's body: ``json.dumps(..., ensure_ascii=False)``'s (the same bytes, decoded).
_ENCODER = json.JSONEncoder(ensure_ascii=False)

# ``ScoredRound.to_dict``'s keys, in its order, with the bytes of each part in place of its value.
_HAND = (
    b'{"id": %s, "number": %s, "sides": %s, "totals": %s, "counted": %s, "reasons": %s, "warnings": %s, '
    b'"version": %s, "entry": %s}'
)


def encoded(value: object) -> bytes:
    """``value`` as the JSON game encodes it."""
    return _ENCODER.encode(value).encode()


# A number, a list of numbers, a string as ``encoded`` gives them, quicker (anything else, a bool among them, is
# handed to the encoder).
def _int(value: int) -> bytes:
    return b"%d" % value if type(value) is int else encoded(value)


def _ints(values: Sequence[int]) -> bytes:
    if all(type(v) is int for v in values):
        return b"[" + b", ".join([b"%d" % v for v in values]) + b"]"
    return encoded(list(values))


def _text(value: str) -> bytes:
    return encode_basestring(value).encode() if type(value) is str else encoded(value)


@dataclass(slots=True, eq=False)
class Said:
    """A hand's costly parts, encoded: its score's side rows, reasons and warnings (in one voice), and its entry.
    ``score`` and ``entry`` are the objects they were made of, held so that no other object takes their ids.
    ``moved`` is the hand's fields of the version last assembled (id, number, totals, counted, version) with their
    encodings: the next version, where most hands have not moved, reuses them (replaced whole, never mutated)."""

    score: RoundScore
    entry: HandEntry
    sides: bytes
    reasons: bytes
    warnings: bytes
    entry_json: bytes
    moved: tuple[tuple[object, ...], tuple[bytes, ...]] | None = None

    @property
    def size(self) -> int:
        return len(self.sides) + len(self.reasons) + len(self.warnings) + len(self.entry_json) + HELD_BYTES


def say(played: ScoredRound, voice_: Any) -> Said:
    """A hand's costly parts, made and encoded (``voice_``: the reader's voice in the game's deck style)."""
    body = played.score.to_dict(voice_)
    entry = played.record.entry
    return Said(
        played.score,
        entry,
        encoded(body["sides"]),
        encoded(body["reasons"]),
        encoded(body["warnings"]),
        encoded(entry.to_json()),
    )


class HandFragments:
    """The most recently used hands' fragments, at most ``hands`` of them and ``size`` bytes in all, the least
    recently used let go first (thread-safe: one lock, taken once to look a game's hands up and once to keep the
    ones made)."""

    def __init__(self, hands: int, size: int):
        self.hands = hands
        self.size = size
        self._kept: OrderedDict[tuple[int, int, str], Said] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()

    def said(self, rounds: Sequence[ScoredRound], voice_key: str, make: Callable[[ScoredRound], Said]) -> list[Said]:
        """Each hand's fragments in ``voice_key`` (what names the voice), kept ones found and the others made by
        ``make`` (outside the lock) and kept."""
        found: list[Said | None] = []
        missing: list[tuple[int, tuple[int, int, str]]] = []
        with self._lock:
            kept_get, move_to_end = self._kept.get, self._kept.move_to_end
            for i, played in enumerate(rounds):
                score, entry = played.score, played.record.entry
                key = (id(score), id(entry), voice_key)
                kept = kept_get(key)
                if kept is not None and kept.score is score and kept.entry is entry:
                    move_to_end(key)
                else:
                    missing.append((i, key))
                found.append(kept)
        if missing:
            made = [(i, key, make(rounds[i])) for i, key in missing]
            with self._lock:
                for i, key, said in made:
                    self._put(key, said)
                    found[i] = said
        return cast(list[Said], found)

    def _put(self, key: tuple[int, int, str], said: Said) -> None:
        if said.size > self.size:
            return
        old = self._kept.pop(key, None)
        self._held += said.size - (old.size if old is not None else 0)
        self._kept[key] = said
        while len(self._kept) > self.hands or self._held > self.size:
            _, gone = self._kept.popitem(last=False)
            self._held -= gone.size

    def __len__(self) -> int:
        with self._lock:
            return len(self._kept)

    @property
    def held(self) -> int:
        """What is kept, in bytes as counted (``Said.size``: the fragments and ``HELD_BYTES`` a hand)."""
        with self._lock:
            return self._held

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._held = 0


hands = HandFragments(FRAGMENT_HANDS, FRAGMENT_BYTES)


def hand_bytes(played: ScoredRound, said: Said) -> bytes:
    """One hand of the JSON game (``ScoredRound.to_dict``), from its kept fragments and its fields of this version
    (encoded on the spot unless they are the ones the hand had in the version last assembled)."""
    record = played.record
    # Compared by value: the core's strings and whole numbers (a bool in place of an int would compare equal to it;
    # the core gives none, and the property test would see the bytes differ).
    fields = (record.id, played.number, played.totals, played.counted, record.version)
    moved = said.moved
    if moved is not None and moved[0] == fields:
        id_, number, totals, counted, version = moved[1]
    else:
        id_, number, totals, counted, version = encodings = (
            _text(record.id),
            _int(played.number),
            _ints(played.totals),
            _ints(played.counted),
            _int(record.version),
        )
        said.moved = (fields, encodings)
    return _HAND % (id_, number, said.sides, totals, counted, said.reasons, said.warnings, version, said.entry_json)


def game_bytes(score: GameScore, shape: Callable[[GameScore], dict[str, Any]]) -> bytes:
    """The JSON game's body: ``json.dumps(shape(score), ensure_ascii=False)`` encoded in UTF-8, where ``shape`` is
    ``shapes.game_json`` (passed by the route, whose one shape it is). ``shape`` makes the game without its hands;
    the hands come from their kept fragments (``hands``), in the order ``game_json`` lists them."""
    whole = shape(replace(score, rounds=()))
    rounds = [score.rounds[r.number - 1] for r in score.rounds]
    style = score.game.deck_style
    voice_ = reader_voice(style)
    # The voice named in one string, hashed once: the reader's language and the deck style.
    said = hands.said(rounds, f"{language()} {style.value}", lambda played: say(played, voice_))
    # Every piece in one list, joined once: the body (370 KB at 299 hands) is allocated and copied once.
    pieces = [b"{"]
    for key, value in whole.items():
        if len(pieces) > 1:
            pieces.append(b", ")
        if key == "rounds":
            pieces.append(b'"rounds": [')
            for i, (played, kept) in enumerate(zip(rounds, said, strict=True)):
                if i:
                    pieces.append(b", ")
                pieces.append(hand_bytes(played, kept))
            pieces.append(b"]")
        else:
            pieces.append(_text(key) + b": " + encoded(value))
    pieces.append(b"}")
    return b"".join(pieces)
