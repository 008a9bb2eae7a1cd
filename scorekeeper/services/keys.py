"""Keys and submission ids, the same for games, groups and events.

A key is a password in a link: only its digest is stored, and a key is checked against it in constant time.
A submission id is a client's name for one change, so that a retry or a double tap is recorded once.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets

from scorekeeper.rules.errors import InvalidRoundError
from scorekeeper.rules.text import msg

KEY_MAX = 200  # a key longer than this is not one of ours, and is not hashed
SUBMISSION_ID = re.compile(r"^[A-Za-z0-9_.:-]{8,100}$")


def new_id() -> str:
    """A fresh, unguessable id for a game, a group or an event (16 URL-safe characters, never starting with "-":
    a spreadsheet would read such a cell of an export as a formula, so the export would have to change it)."""
    while True:
        value = secrets.token_urlsafe(12)
        if not value.startswith("-"):
            return value


def new_key() -> str:
    """A fresh key (24 URL-safe characters): the keeper key of a game, a group's key, an organiser key."""
    return secrets.token_urlsafe(18)


def hash_key(key: str) -> str:
    """What is stored of a key: never the key itself."""
    return hashlib.sha256(key.encode()).hexdigest()


def matches(stored: str | None, key: str | None) -> bool:
    """True when ``key`` is the key whose digest is ``stored`` (the one key check of the app)."""
    if not stored or not key or len(key) > KEY_MAX:
        return False
    return hmac.compare_digest(stored, hash_key(key))


def check_submission_id(value: object, field: str = "submission_id") -> str:
    """A client's id for one change: 8 to 100 letters, digits or ``-_.:`` (a UUID fits)."""
    if not isinstance(value, str) or not SUBMISSION_ID.match(value):
        raise InvalidRoundError(
            msg(
                "submission_id must be a fresh id for this change, 8 to 100 letters, digits or - _ . : (a UUID fits), "
                "so that a retry is recorded once"
            ),
            field,
        )
    return value


def fingerprint(action: str, body: object) -> str:
    """What a submission did, as a short digest of its action and its body."""
    text = json.dumps([action, body], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]
