"""Form pieces every feature's forms share: messages as sentences, submission ids, whole numbers typed on a phone."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any, TypeVar

from flask_babel import LazyString, gettext
from wtforms import Field, IntegerField
from wtforms.form import BaseForm
from wtforms.validators import NumberRange, Optional

from scorekeeper.rules import DeckStyle
from scorekeeper.rules.options import SIDES_MAX
from scorekeeper.rules.text import Msg, Text
from scorekeeper.web.common.i18n import say

# Limits from the core's own deck and rules, rather than restated.
MAX_SIDES = SIDES_MAX

F = TypeVar("F", bound=Field)
FormT = TypeVar("FormT", bound=BaseForm)


def sentence(message: Text, style: DeckStyle | str | None = None) -> str:
    """A message as the page shows it, in the reader's language: a capital first letter and a full stop.

    A core message (``Msg``) is rendered first, naming cards in ``style``; the core's text is unchanged.

    >>> sentence("the game is over; correct a hand to reopen it")
    'The game is over; correct a hand to reopen it.'
    """
    text = (say(message, style) if isinstance(message, Msg) else message).strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def new_submission_id() -> str:
    """A fresh id for one change, carried by the form so a double tap records it once."""
    return uuid.uuid4().hex


class WholeNumber(IntegerField):
    """A whole number from ``low`` to ``high`` typed on a phone; empty is allowed (None).

    Only ASCII digits count: ``int()`` would accept ``٣`` and choke on ``²`` or on
    thousands of digits, and neither is something a person meant.
    """

    def __init__(self, label: object, low: int, high: int, **kwargs: Any) -> None:
        message = LazyString(
            lambda: gettext(
                "%(what)s must be a whole number from %(low)s to %(high)s", what=str(label).lower(), low=low, high=high
            )
        )
        self.digits = len(str(high))
        super().__init__(
            label,
            validators=[Optional(), NumberRange(low, high, message=message)],
            invalid_value_message=message,
            render_kw={"min": low, "max": high, "inputmode": "numeric"},
            **kwargs,
        )

    def process_formdata(self, valuelist: list[Any]) -> None:
        raw = valuelist[0].strip() if valuelist and isinstance(valuelist[0], str) else ""
        if raw == "":
            self.data = None
        elif raw.isascii() and raw.isdigit() and len(raw) <= self.digits:
            self.data = int(raw)
        else:
            self.data = None
            raise ValueError(self.invalid_value_message)


def field_named(form: BaseForm, name: str, kind: type[F]) -> F:
    """The field ``name`` of a form whose fields are generated from a table (a menu per card, per house rule), checked
    to be the ``kind`` of field the table made: ``field_named(form, "c_7d", SelectField)``."""
    field = form[name]
    if not isinstance(field, kind):
        raise TypeError(f"{name} is a {type(field).__name__}, not a {kind.__name__}")
    return field


def form_class(name: str, base: type[FormT], fields: Mapping[str, Field]) -> type[FormT]:
    """A form class: ``base`` with ``fields`` added, fields generated from a table of the core (a menu per card...).

    The fields keep the order they were made in, after ``base``'s own (WTForms orders a form's fields so).
    """
    made = type(name, (base,), dict(fields))
    if not issubclass(made, base):  # never: a class made from ``base`` is one of its subclasses
        raise TypeError(name)
    return made


def said(text: Msg) -> LazyString:
    """A core message for a form's label or menu, said in the language of the page that shows it."""
    return LazyString(say, text)
