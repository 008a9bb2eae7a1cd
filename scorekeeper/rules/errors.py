"""Errors raised by the rules core.

Every error is a ``ValueError`` that says which input was wrong and what was
expected; ``field`` names the input where it is known (``"hand[1]"``,
``"rules.end"``), so the web layer can show it beside the right field.
The message is a ``text.Msg``, rendered in the reader's language by the shell;
``kind`` and ``field`` are stable English names for programs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .text import Msg

# A message quotes at most this much of what was sent, so an error never echoes a huge input back.
MESSAGE_MAX = 300
EXCERPT_MAX = 40


def excerpt(value: object) -> str:
    """``repr(value)`` cut to a short excerpt, for messages that quote the input.

    >>> excerpt("7d")
    "'7d'"
    >>> excerpt("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    """
    shown = repr(value)
    return shown if len(shown) <= EXCERPT_MAX else shown[: EXCERPT_MAX - 1] + "…"


class ScorekeeperError(Exception):
    """Base of every error the app reports to a person: a short ``kind``, a message, the field, a status.

    The web shell turns any of them into a page or the API's JSON error with ``status``.
    """

    kind = "error"
    status = 400

    def __init__(self, message: Msg | str, field: str | None = None, kind: str | None = None):
        if isinstance(message, str) and len(message) > MESSAGE_MAX:
            message = message[: MESSAGE_MAX - 1] + "…"
        super().__init__(str(message))
        self.message: Msg | str = message
        self.field = field
        if kind is not None:
            self.kind = kind


class ScopaError(ScorekeeperError, ValueError):
    """Base class of every error the rules core raises on bad input (400)."""

    kind = "invalid"

    def at(self, field: str) -> ScopaError:
        """Return the same error with ``field`` placed in front of its own field."""
        inner = self.field
        if inner is None:
            full = field
        elif inner.startswith("["):
            full = field + inner
        else:
            full = f"{field}.{inner}"
        return type(self)(self.message, full, self.kind)


class InvalidCardError(ScopaError):
    """A card that cannot be parsed, or one that appears twice."""

    kind = "invalid_card"


class InvalidRulesError(ScopaError):
    """An unknown option, profile or value, or one the profile does not allow."""

    kind = "invalid_rules"


class MissingRuleError(InvalidRulesError):
    """A house rule chosen without the option it needs (``needs``, with the value ``wanted``): RULES.md 1.1."""

    def __init__(
        self,
        message: Msg | str,
        field: str | None = None,
        kind: str | None = None,
        *,
        needs: str = "",
        wanted: object = True,
    ):
        super().__init__(message, field, kind)
        self.needs, self.wanted = needs, wanted


class InvalidPositionError(ScopaError):
    """A hand or table that cannot occur: empty hand, too many cards, a card twice."""

    kind = "invalid_position"


class IllegalMoveError(ScopaError):
    """A claimed play that does not fit the position (e.g. taking a card not on the table)."""

    kind = "illegal_move"


class InvalidRoundError(ScopaError):
    """Piles or counts for a hand that cannot be scored as given."""

    kind = "invalid_round"


class InvalidGameError(ScopaError):
    """A game set-up that the rules do not allow (players, sides, target)."""

    kind = "invalid_game"
