"""The one family of errors the services raise, each turned into a page or the API's JSON by one handler.

Every error carries a ``kind`` and a ``status`` for programs, and a message in the reader's language. ``what``
names the thing a lookup or a key is about (a game, a group, an event), which chooses the default message and,
for a missing key, the header that should have carried it. Bad input is the rules core's ``ScopaError`` (400,
with the field it is about), re-exported here as ``BadInput``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Literal

from scorekeeper.rules.errors import InvalidGameError, ScopaError, ScorekeeperError
from scorekeeper.rules.text import Msg, Text, msg
from scorekeeper.store import StorageUnavailable, Store

if TYPE_CHECKING:
    from scorekeeper.rules.cards import DeckStyle
    from scorekeeper.rules.ledger import ScoredRound

__all__ = [
    "BadInput",
    "Conflict",
    "Forbidden",
    "InvalidGameError",
    "NotFound",
    "ScorekeeperError",
    "Unavailable",
    "What",
    "writing",
]

BadInput = ScopaError

What = Literal["game", "group", "event"]

_NOT_FOUND: dict[str, Msg] = {
    "game": msg("no game has this address; check the link"),
    "group": msg("no group has this address; check the link"),
    "event": msg("no event has this address; check the link"),
}
# The header that carries each kind of key (API.md), named as the field of a refusal.
KEY_HEADERS: dict[str, str] = {"game": "X-Keeper-Key", "group": "X-Group-Key", "event": "X-Organiser-Key"}
_FORBIDDEN: dict[str, Msg] = {
    "game": msg("changing this game needs its keeper key, sent in the X-Keeper-Key header"),
    "group": msg("changing this group needs its group key, sent in the X-Group-Key header"),
    "event": msg("running this event needs its organiser key, sent in the X-Organiser-Key header"),
}


class NotFound(ScorekeeperError, LookupError):
    """No game, group or event has this id (or it has no such hand, player, round or table)."""

    kind = "not_found"
    status = 404

    def __init__(self, what: What, message: Text | None = None, field: str | None = None):
        super().__init__(message or _NOT_FOUND[what], field)
        self.what = what


class Forbidden(ScorekeeperError):
    """A change without the key of the game, the group or the event."""

    kind = "forbidden"
    status = 403

    def __init__(self, what: What, message: Text | None = None, field: str | None = None):
        super().__init__(message or _FORBIDDEN[what], field if message else KEY_HEADERS[what])
        self.what = what


class Conflict(ScorekeeperError):
    """A change that cannot be made now: the game is won, someone changed the hand or the round first, an id
    reused, a round already begun."""

    kind = "conflict"
    status = 409

    def __init__(
        self,
        message: Text,
        kind: str = "conflict",
        current: ScoredRound | None = None,
        *,
        field: str | None = None,
        style: DeckStyle | None = None,
    ):
        super().__init__(message, field, kind)
        # The hand as it is now, so the answer can show what won (the API's round shape, in the reader's words,
        # its cards named in the game's deck ``style``, as the game's own hands are).
        self.current = current
        self.style = style


class Unavailable(ScorekeeperError):
    """The storage could not make the change: nothing was saved."""

    kind = "unavailable"
    status = 503

    def __init__(self, message: Text | None = None):
        super().__init__(
            message
            or msg(
                "the scores could not be saved just now (the server's storage is full or "
                "read-only); nothing was saved, try again"
            )
        )


@contextmanager
def writing(store: Store) -> Iterator[None]:
    """The store's write transaction, with storage failures as ``Unavailable``: every service write runs in one."""
    try:
        with store.write():
            yield
    except StorageUnavailable as err:
        raise Unavailable() from err
