"""The words of the rules core: messages that the shell renders in the reader's language.

The core writes no sentence for one language. Each reason, status line, verdict and error is a ``Msg``: a
gettext message id in English with ``%(name)s`` placeholders, and its parameters. The shell renders it with a
``Voice`` (the reader's catalogue and the game's deck style); ``str(msg)`` is the English text, for logs and
doctests. Parameters may be plain text and numbers, cards (named in the deck style), suits, lists, or other
messages, each rendered in the same voice: so a card is "7 di Denari" in an Italian-deck game whatever the
language, and "Fante di Cuori" in Italian with a French deck.

The message ids are extracted for the catalogues by Babel (``babel.cfg``: ``msg``, ``nmsg:1,2`` and
``pmsg:1c,2``), so every sentence written here appears in ``scorekeeper/translations/*/messages.po``.

>>> str(msg("%(name)s took the settebello.", name="Anna"))
'Anna took the settebello.'
>>> str(nmsg("%(n)s scopa", "%(n)s scopas", 2))
'2 scopas'
>>> from .cards import Card, DeckStyle
>>> Voice(style=DeckStyle.ITALIAN).say(msg("%(card)s is on the table.", card=Card.parse("7d")))
'7 di Denari is on the table.'
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import Card, DeckStyle, Suit, card_name, suit_name

# A rendered message never runs longer than this: an error never echoes a huge input back.
RENDERED_MAX = 300


def _identity(text: str) -> str:
    return text


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _no_context(_context: str, text: str) -> str:
    return text


class Join(enum.Enum):
    """How a list is read out: "a, b and c", "a, b or c", "a, b, c", "a; b", or the cards of a sum "a + b"."""

    AND = "and"
    OR = "or"
    COMMA = "comma"
    SEMICOLON = "semicolon"
    PLUS = "plus"
    SPACE = "space"


# The joins that read the same in every language; "and" and "or" are each language's own.
FIXED_JOINS = {Join.PLUS: " + ", Join.SPACE: " ", Join.COMMA: ", ", Join.SEMICOLON: "; "}


def _english_list(items: Sequence[str], how: Join) -> str:
    if how in FIXED_JOINS:
        return FIXED_JOINS[how].join(items)
    if len(items) <= 1:
        return "".join(items)
    word = " and " if how is Join.AND else " or "
    return ", ".join(items[:-1]) + word + items[-1]


@dataclass(frozen=True, slots=True)
class Listing:
    """A list parameter: its items (cards, messages, text) and how they are joined."""

    items: tuple[Any, ...]
    how: Join = Join.AND


def listing(items: Iterable[Any], how: Join = Join.AND) -> Listing:
    """A list for a message parameter, e.g. the cards of a capture."""
    return Listing(tuple(items), how)


@dataclass(frozen=True, slots=True)
class Msg:
    """A message: an English id with ``%(name)s`` placeholders, its parameters, and a plural form if it has one.

    ``n`` selects the plural form and is also the ``%(n)s`` parameter. ``context`` disambiguates a short id.
    """

    id: str
    # Never changed once made (a plain dict so that a message can be copied and pickled, as forms do).
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    n: int | None = None
    context: str | None = None

    def __str__(self) -> str:
        return ENGLISH.say(self)

    def to_data(self) -> dict[str, Any]:
        """A JSON-able form (for a message kept in a cookie until the next page), read by ``Msg.from_data``."""
        return {
            "id": self.id,
            "p": {k: _param_data(v) for k, v in self.params.items()},
            **({"pl": self.plural, "n": self.n} if self.plural is not None else {}),
            **({"cx": self.context} if self.context is not None else {}),
        }

    @classmethod
    def from_data(cls, data: object) -> Msg | None:
        """The message ``to_data`` wrote, or None for anything else."""
        if not isinstance(data, dict) or not isinstance(data.get("id"), str) or not isinstance(data.get("p"), dict):
            return None
        try:
            params = {str(k): _param_from(v) for k, v in data["p"].items()}
        except (ValueError, TypeError, KeyError):
            return None
        plural, n, context = data.get("pl"), data.get("n"), data.get("cx")
        if plural is not None and (not isinstance(plural, str) or type(n) is not int):
            return None
        if context is not None and not isinstance(context, str):
            return None
        return cls(data["id"], params, plural, n, context)


def keys(names: Iterable[object]) -> str:
    """Names a program sends (JSON keys and values) as a message lists them: quoted, the same in every language.

    >>> keys(["classic", "boxed"])
    '"classic", "boxed"'
    """
    return ", ".join(f'"{name}"' for name in names)


def msg(message_id: str, /, **params: Any) -> Msg:
    """A message with named parameters (``%(name)s`` in the id)."""
    return Msg(message_id, params)


def nmsg(singular: str, plural: str, n: int, /, **params: Any) -> Msg:
    """A message with a singular and a plural form chosen by ``n`` (also the ``%(n)s`` parameter)."""
    return Msg(singular, {"n": n, **params}, plural, n)


class SideName(str):
    """A side's name that knows how many players it stands for: "Marco & Dario" is a team, and a sentence about
    it takes the plural verb ("Marco & Dario lead", "Marco e Dario sono avanti"). Otherwise a plain string."""

    players: int

    def __new__(cls, name: str, players: int = 1) -> SideName:
        made = super().__new__(cls, name)
        made.players = players
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (SideName, (str(self), self.players))


def players_of(name: object) -> int:
    """How many players a side's name stands for: 1 for a plain name."""
    return name.players if isinstance(name, SideName) else 1


def side_msg(singular: str, plural: str, /, name: str, **params: Any) -> Msg:
    """A message about the side ``name`` (``%(name)s``), its verb agreeing with it: the plural form for a team.

    >>> str(side_msg("%(name)s leads.", "%(name)s lead.", name=SideName("Anna & Carla", 2)))
    'Anna & Carla lead.'
    >>> str(side_msg("%(name)s leads.", "%(name)s lead.", name="Anna"))
    'Anna leads.'
    """
    return Msg(singular, {"name": name, **params}, plural, players_of(name))


def pmsg(context: str, message_id: str, /, **params: Any) -> Msg:
    """A message whose short id needs a context to be translated right (e.g. a column heading)."""
    return Msg(message_id, params, context=context)


Text = Msg | str
# The message that says nothing (a status not yet written).
NOTHING = Msg("")


@dataclass(frozen=True, slots=True)
class Voice:
    """A reader's language and a game's deck style: everything a message needs to be read out.

    ``gettext``, ``ngettext`` and ``pgettext`` come from the reader's catalogue (English when left out);
    ``join`` reads out a list; ``style`` names cards (None: card codes such as ``7d``, as the API's
    questions carry them when no deck style is given).
    """

    gettext: Callable[[str], str] = _identity
    ngettext: Callable[[str, str, int], str] = _english_plural
    pgettext: Callable[[str, str], str] = _no_context
    join: Callable[[Sequence[str], Join], str] = _english_list
    style: DeckStyle | None = None

    def say(self, text: Text | None) -> str:
        """``text`` in this voice: a message translated and filled in, plain text as it is."""
        if text is None:
            return ""
        if not isinstance(text, Msg):
            return str(text)
        if not text.id:
            return ""  # gettext("") is a catalogue's header, never a message
        if text.plural is not None and text.n is not None:
            template = self.ngettext(text.id, text.plural, text.n)
        elif text.context is not None:
            template = self.pgettext(text.context, text.id)
        else:
            template = self.gettext(text.id)
        values = {k: self._param(v) for k, v in text.params.items()}
        try:
            out = template % values
        except (KeyError, ValueError, TypeError):
            # A catalogue entry whose placeholders do not match its id (the catalogue test refuses these):
            # the English id still reads right.
            out = text.id % values if values or "%%" in text.id else text.id
        return out if len(out) <= RENDERED_MAX else out[: RENDERED_MAX - 1] + "…"

    def card(self, card: Card) -> str:
        """A card's name in this voice: its code with no deck style, else its name in the style and language."""
        if self.style is None:
            return str(card)
        return card_name(card, self.style, self.pgettext)

    def suit(self, suit: Suit) -> str:
        """A suit's name in the deck style (the coins' suit in English when there is no style)."""
        return suit_name(suit, self.style or DeckStyle.ITALIAN, self.pgettext)

    def _param(self, value: Any) -> Any:
        if isinstance(value, Msg):
            return self.say(value)
        if isinstance(value, Card):
            return self.card(value)
        if isinstance(value, Suit):
            return self.suit(value)
        if isinstance(value, Listing):
            return self.join([str(self._param(v)) for v in value.items], value.how)
        if isinstance(value, bool) or value is None:
            return str(value)
        if isinstance(value, (int, float, str)):
            return value
        return str(value)


ENGLISH = Voice()


def _param_data(value: Any) -> Any:
    if isinstance(value, Msg):
        return {"m": value.to_data()}
    if isinstance(value, Card):
        return {"c": str(value)}
    if isinstance(value, Suit):
        return {"s": value.value}
    if isinstance(value, Listing):
        return {"l": [_param_data(v) for v in value.items], "j": value.how.value}
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        return value
    return str(value)


def _param_from(value: Any) -> Any:
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        return value
    if not isinstance(value, dict) or len(value) not in (1, 2):
        raise ValueError("not a message parameter")
    if "m" in value:
        inner = Msg.from_data(value["m"])
        if inner is None:
            raise ValueError("not a message")
        return inner
    if "c" in value:
        return Card.parse(value["c"])
    if "s" in value:
        return Suit(value["s"])
    if "l" in value and isinstance(value["l"], list):
        return Listing(tuple(_param_from(v) for v in value["l"]), Join(value.get("j", "and")))
    raise ValueError("not a message parameter")


__all__ = [
    "ENGLISH",
    "FIXED_JOINS",
    "NOTHING",
    "RENDERED_MAX",
    "Join",
    "Listing",
    "Msg",
    "Text",
    "Voice",
    "keys",
    "listing",
    "msg",
    "nmsg",
    "pmsg",
]
