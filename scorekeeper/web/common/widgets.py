"""Presentation helpers shared by the pages: the card grid, side colours, option menus.

Nothing here decides a rule: these turn the core's values into what a template draws,
and option values into form text and back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from flask_babel import LazyString, gettext

from scorekeeper.rules import DECK, Card, DeckStyle, Suit
from scorekeeper.rules.cards import suit_symbol
from scorekeeper.rules.errors import MissingRuleError, ScopaError
from scorekeeper.rules.options import OPTION_NEEDS, OPTION_TITLES, value_label
from scorekeeper.rules.text import Text
from scorekeeper.web.common.i18n import say, voice


def card_grid(style: DeckStyle, cell: Callable[[Card], object] = lambda card: card) -> list[dict[str, Any]]:
    """The 40-card grid: a row per suit labelled in the deck style (a French deck's suits in the reader's
    language), ``cell(card)`` for each rank."""
    said = voice(style)
    return [
        {
            "suit": suit,
            "name": said.suit(suit),
            "symbol": suit_symbol(suit),
            "cards": [cell(c) for c in DECK if c.suit is suit],
        }
        for suit in Suit
    ]


def colours(n: int) -> list[str]:
    """The CSS class of each of ``n`` sides, in seat order."""
    return [f"side{i}" for i in range(n)]


def side_marks(names: Sequence[str]) -> list[str]:
    """A short mark per side for the grid's cells, so ownership reads as text and not by colour alone.

    The initial when the initials differ; else the shortest way that tells every side apart (two letters,
    the initials of each word, three letters); else the initial and the seat number.

    >>> side_marks(["Anna", "Marco"]), side_marks(["Marco", "Maria"]), side_marks(["Anna & Carla", "Andrea & Bruno"])
    (['A', 'M'], ['M1', 'M2'], ['AC', 'AB'])
    >>> side_marks(["Anna", "Andrea", "Bruno"])
    ['Ann', 'And', 'Bru']
    """
    words = [[w for w in re.split(r"[\s&+,/]+", name.strip()) if w] or ["?"] for name in names]
    ways: list[Callable[[list[str]], str]] = [
        lambda ws: ws[0][:1],
        lambda ws: ws[0][:2],
        lambda ws: "".join(w[:1] for w in ws),
        lambda ws: ws[0][:3],
    ]
    for way in ways:
        marks = [way(ws) for ws in words]
        marks = [m[:1].upper() + m[1:] for m in marks]
        if len(set(marks)) == len(marks):
            return marks
    return [f"{ws[0][:1].upper()}{i + 1}" for i, ws in enumerate(words)]


def pile_label(name: str) -> str:
    """Whose pile a card is in, as a screen reader says it after the card: ``"Anna's pile"``."""
    return gettext("%(name)s's pile", name=name)


# Option values in forms: the one place where a value becomes form text and form text a value.
def option_text(value: object) -> str:
    """An option value as form text: ``True`` is ``"true"``, ``"count_out"`` stays ``"count_out"``.

    >>> [option_text(v) for v in (True, False, "fewest", None)]
    ['true', 'false', 'fewest', '']
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_value(text: object) -> object:
    """Form text back to an option value (the inverse of ``option_text``); ``""`` is "not chosen", None.

    Text that names no value stays text: the rules core says what the option accepts.

    >>> [option_value(t) for t in ("true", "false", "fewest", "")]
    [True, False, 'fewest', None]
    """
    if text is None or text == "":
        return None
    if not isinstance(text, str):
        return text
    return {"true": True, "false": False}.get(text, text)


def option_needs(key: str) -> dict[str, str]:
    """What an option needs of others to mean anything (the core's OPTION_NEEDS), as form text, for a menu's
    ``data-needs``: ``{"ace_takes_all": "true"}``."""
    return {other: option_text(value) for other, value in OPTION_NEEDS.get(key, ())}


def rule_error(err: ScopaError) -> Text:
    """A core error about the rules as a form says it: a house rule chosen without the one it needs is named by
    the menus' own words ("Only with “Ace takes all” on: ..."), not by the API's option names."""
    if isinstance(err, MissingRuleError):
        needed, value = say(OPTION_TITLES[err.needs]), say(value_label(err.wanted))
        needed = needed[:1].upper() + needed[1:]  # as the menu's label shows it
        return gettext(
            "Only with “%(needed)s” set to “%(value)s”: choose that first, or leave this rule as the profile.",
            needed=needed,
            value=value,
        )
    return err.message


def option_label(value: object) -> LazyString:
    """An option value as a menu shows it, in the page's language: yes, no, "count out"."""
    return LazyString(say, value_label(value))
