"""This request's catalogue, found once per request, and lazy strings read from it.

A page asks for a hundred translations; Flask-Babel looks up the request's locale and catalogue at each ask. Here
the catalogue is kept on ``g`` for the request, and ``_l``/``_lp`` (the names the catalogue extraction knows) make
strings for forms and module constants that are translated when shown, in the language of the page showing them.
"""

from __future__ import annotations

from babel.support import NullTranslations
from flask import g
from flask_babel import LazyString, get_translations


def request_translations() -> NullTranslations:
    """This request's catalogue, looked up once per request."""
    found: NullTranslations | None = g.get("_scopa_translations")
    if found is None:
        found = g._scopa_translations = get_translations()
    return found


def _l(text: str) -> LazyString:
    """``text`` translated when it is shown (a form's label, a menu's choice, a message kept in a constant)."""
    return LazyString(lambda: request_translations().ugettext(text))


def _lp(context: str, text: str) -> LazyString:
    """``text`` in ``context`` (a short word that needs one), translated when it is shown."""
    return LazyString(lambda: request_translations().upgettext(context, text))
