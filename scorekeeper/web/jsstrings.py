"""The words the page scripts show, in the reader's language.

Every page carries them in ``<body data-strings='{...}'>`` (base.html); ``app.js`` reads them with
``say(name, {param: value})``, which fills ``%(param)s`` placeholders. A script never holds a sentence of its own,
so a catalogue translates the scripts as it translates the pages. Sections follow the scripts.

A count is written with ``js_plural("%(n)s card", "%(n)s cards")``: the page carries both forms and
``sayN(name, n)`` picks one (one for 1, the other for every other number, as in English, Italian and Spanish).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import get_translations
from flask_babel import lazy_gettext as _l


@dataclass(frozen=True)
class Plural:
    """A script string with a singular and a plural form."""

    singular: str
    plural: str


def js_plural(singular: str, plural: str) -> Plural:
    """Mark a counted script string for the catalogues (extracted as ``js_plural:1,2``)."""
    return Plural(singular, plural)


STRINGS: dict[str, object] = {
    # app.js
    "stepper_less": _l("One scopa less"),
    "stepper_more": _l("One scopa more"),
    # scoreboard.js
    # piles.js and grid.js
    # checker.js
    # newgame.js
    # share.js
}


def js_strings() -> dict[str, object]:
    """Every script string in this request's language (a counted one as ``{"one": ..., "other": ...}``)."""
    translations = get_translations()
    out: dict[str, object] = {}
    for name, text in STRINGS.items():
        if isinstance(text, Plural):
            out[name] = {
                "one": translations.ngettext(text.singular, text.plural, 1),
                "other": translations.ngettext(text.singular, text.plural, 2),
            }
        else:
            out[name] = str(text)
    return out
