"""Keeping a game: the changes pages and the API share, each checked by the rules and made in one transaction.

A submission id makes every change safe to repeat: a phone that double-taps
or retries a request gets the first answer again, and nothing is stored twice.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence

from scorekeeper.rules import DeckStyle, Rules, Side, check_sides
from scorekeeper.rules.errors import InvalidGameError, InvalidRoundError
from scorekeeper.rules.ledger import Game, GameScore, HandEntry, score_entry, score_game
from scorekeeper.store import Store, now

SUBMISSION_ID = re.compile(r"^[A-Za-z0-9_.:-]{8,100}$")


class GameNotFound(LookupError):
    """No game (or no such hand in it) has this id."""

    def __init__(self, message: str = "no game has this address; check the link"):
        super().__init__(message)
        self.message = message


class Conflict(Exception):
    """A change that cannot be made now: the game is won, or someone changed the hand first."""

    def __init__(self, message: str, kind: str = "conflict"):
        super().__init__(message)
        self.message = message
        self.kind = kind


def hash_key(key: str) -> str:
    """What is stored of a keeper key: never the key itself."""
    return hashlib.sha256(key.encode()).hexdigest()


def is_keeper(store: Store, game_id: str, key: str | None) -> bool:
    """True when ``key`` is the keeper key of the game."""
    stored = store.keeper_hash(game_id)
    return bool(key) and stored is not None and hmac.compare_digest(stored, hash_key(key))


def check_submission_id(value: object, field: str = "submission_id") -> str:
    """A client's id for one change: 8 to 100 letters, digits or ``-_.:`` (a UUID fits)."""
    if not isinstance(value, str) or not SUBMISSION_ID.match(value):
        raise InvalidRoundError(
            "submission_id must be a fresh id for this change, 8 to 100 letters, digits or - _ . : "
            "(a UUID fits), so that a retry is recorded once",
            field,
        )
    return value


def new_game(
    store: Store,
    name: str,
    sides: Sequence[Side],
    rules: Rules,
    deck_style: DeckStyle = DeckStyle.ITALIAN,
) -> tuple[Game, str]:
    """Create a game; returns it and its keeper key (shown once, stored only as a hash)."""
    sides = check_sides(sides, rules)
    name = " ".join(str(name).split())
    if not name:
        name = "Scopa, " + now()[:10]
    if len(name) > 60:
        raise InvalidGameError(f"the game's name is {len(name)} characters long; at most 60", "name")
    players = sum(len(s.players) for s in sides)
    game = Game(
        id=secrets.token_urlsafe(12),
        name=name,
        created=now(),
        rules=rules,
        target=rules.target_for(players),
        deck_style=deck_style,
        sides=sides,
        rounds=(),
        pending_scopas=tuple(0 for _ in sides),
        version=1,
    )
    key = secrets.token_urlsafe(18)
    with store.write():
        store.insert_game(game, hash_key(key))
    return game, key


def load(store: Store, game_id: str) -> GameScore:
    """The game, re-scored; ``GameNotFound`` if there is none."""
    game = store.load_game(game_id)
    if game is None:
        raise GameNotFound()
    return score_game(game)


def _check_entry(game: Game, entry: HandEntry) -> None:
    score_entry(entry, game.names, game.rules)


def _replayed(store: Store, game_id: str, submission_id: str | None) -> tuple[GameScore, int | None] | None:
    """The game and hand number a repeated submission made, or None if it is new."""
    if submission_id is None:
        return None
    seen = store.submission(game_id, submission_id)
    if seen is None:
        return None
    number = store.round_number(game_id, seen["round_id"]) if seen["round_id"] is not None else None
    if seen["action"] == "add" and number is None:
        raise Conflict("this hand was recorded and has since been deleted; nothing was changed", "deleted")
    return load(store, game_id), number


def record_hand(store: Store, game_id: str, entry: HandEntry, submission_id: str) -> tuple[GameScore, int, bool]:
    """Add a hand. Returns the game, the hand's number and whether it is new (False: a repeat)."""
    check_submission_id(submission_id)
    with store.write():
        replay = _replayed(store, game_id, submission_id)
        if replay is not None:
            return replay[0], replay[1], False
        game = store.load_game(game_id)
        if game is None:
            raise GameNotFound()
        if score_game(game).finished:
            raise Conflict("the game is over; correct or delete a hand to reopen it", "finished")
        _check_entry(game, entry)
        number = store.insert_round(game_id, entry, submission_id)
        store.set_pending_scopas(game_id, [0] * len(game.sides))
    return load(store, game_id), number, True


def _unchanged_hand(store: Store, game_id: str, number: int, version: int | None, then: str) -> Game:
    """The game, if hand ``number`` exists and is still at ``version`` (the one the editor started from)."""
    game = store.load_game(game_id)
    if game is None:
        raise GameNotFound()
    if not 1 <= number <= len(game.rounds):
        raise GameNotFound(f"this game has no hand {number}; it has {len(game.rounds)}")
    if version is not None and version != game.rounds[number - 1].version:
        raise Conflict(
            f"hand {number} was changed on another phone since you opened it; reload to see it, {then}", "stale"
        )
    return game


def replace_hand(
    store: Store,
    game_id: str,
    number: int,
    entry: HandEntry,
    version: int | None = None,
    submission_id: str | None = None,
) -> GameScore:
    """Replace hand ``number``; totals, winner and later hands follow.

    ``version`` is the hand's version the editor started from: if another phone
    saved the hand since, the change is refused rather than overwriting it.
    """
    if submission_id is not None:
        check_submission_id(submission_id)
    with store.write():
        replay = _replayed(store, game_id, submission_id)
        if replay is not None:
            return replay[0]
        game = _unchanged_hand(store, game_id, number, version, "then make your change again")
        _check_entry(game, entry)
        store.update_round(game_id, number, entry)
        if submission_id is not None:
            store.remember(game_id, submission_id, "edit", store.round_id(game_id, number))
    return load(store, game_id)


def delete_hand(
    store: Store, game_id: str, number: int, version: int | None = None, submission_id: str | None = None
) -> GameScore:
    """Remove hand ``number``; later hands move up one and the totals follow."""
    if submission_id is not None:
        check_submission_id(submission_id)
    with store.write():
        if submission_id is not None and store.submission(game_id, submission_id) is not None:
            return load(store, game_id)
        _unchanged_hand(store, game_id, number, version, "and check before deleting")
        round_id = store.delete_round(game_id, number)
        if submission_id is not None:
            store.remember(game_id, submission_id, "delete", round_id)
    return load(store, game_id)


def mark_scopa(store: Store, game_id: str, side: int, change: int, submission_id: str) -> GameScore:
    """Add (``change`` 1) or take back (-1) a scopa of the hand in progress."""
    check_submission_id(submission_id)
    with store.write():
        if store.submission(game_id, submission_id) is not None:
            return load(store, game_id)
        game = store.load_game(game_id)
        if game is None:
            raise GameNotFound()
        if not 0 <= side < len(game.sides) or change not in (1, -1):
            raise InvalidRoundError("choose a side of this game and add or take back one scopa", "side")
        if score_game(game).finished:
            raise Conflict("the game is over; no hand is in progress", "finished")
        pending = list(game.pending_scopas)
        pending[side] = max(0, pending[side] + change)
        if pending[side] > 20:
            raise InvalidRoundError("a side cannot make more than 20 scopas in one hand", "side")
        store.set_pending_scopas(game_id, pending)
        store.remember(game_id, submission_id, "scopa", None)
    return load(store, game_id)
