"""Errors raised by the rules core.

Every error is a ``ValueError`` that says which input was wrong and what was
expected; ``field`` names the input where it is known (``"hand[1]"``,
``"rules.end"``), so the web layer can show it beside the right field.
"""


class ScopaError(ValueError):
    """Base class of every error the rules core raises on bad input."""

    kind = "invalid"

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field

    def at(self, field: str) -> "ScopaError":
        """Return the same error with ``field`` placed in front of its own field."""
        inner = self.field
        if inner is None:
            full = field
        elif inner.startswith("["):
            full = field + inner
        else:
            full = f"{field}.{inner}"
        return type(self)(self.message, full)


class InvalidCardError(ScopaError):
    """A card that cannot be parsed, or one that appears twice."""

    kind = "invalid_card"


class InvalidRulesError(ScopaError):
    """An unknown option, profile or value, or one the profile does not allow."""

    kind = "invalid_rules"


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
