"""Languages: the reader's language for every page, message and answer, and the switch between them.

The catalogues are gettext ``.po`` files under ``scorekeeper/translations/<code>/LC_MESSAGES/messages.po``; a
language is offered as soon as its catalogue is there (English, the language of the code, needs none). Each is
compiled to its ``.mo`` when the app starts if the ``.po`` is newer, so editing a catalogue needs no build step.

The language of a request is, in order: ``?lang=`` in the address (a printed sheet or pad in the language chosen
for it), the language this phone chose with the switch (a cookie), then the phone's ``Accept-Language``.
Messages of the rules core (``rules.text.Msg``) are rendered here, with the game's deck style for card names.

The switch on every page is a button that sends the page's own form (if it has one) to ``/language``: what was
typed is kept on this phone for one page view and put back into the same form in the new language.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from functools import cache
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from babel import Locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Blueprint, Flask, Response, current_app, g, redirect, request, session
from flask.sessions import SecureCookieSessionInterface
from flask.typing import ResponseReturnValue
from flask_babel import Babel, get_locale
from flask_babel import gettext as _
from werkzeug.datastructures import LanguageAccept, MultiDict
from werkzeug.http import parse_accept_header

from scorekeeper.rules.cards import RE_BELLO, SETTEBELLO, Card, DeckStyle
from scorekeeper.rules.options import PLAYER_COUNTS_SAID, Profile, Rules
from scorekeeper.rules.text import FIXED_JOINS, Join, Text, Voice
from scorekeeper.rules.words import category_headings, category_nouns
from scorekeeper.web.common.jsstrings import js_strings
from scorekeeper.web.common.lazy import _l, request_translations

TRANSLATIONS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(__file__))), "translations")
SOURCE_LANGUAGE = "en"
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600
CARRY = "carry"  # session key: the form a language switch carried, for the next view of its page
# A carried form is dropped rather than stored when the session cookie would pass this (the keeper keys come first).
CARRY_BUDGET = 3800

bp = Blueprint("i18n", __name__)

# The names of the deck styles. (The scoring categories' names are the core's, each game family's own: the
# template global ``category_names`` is Scopa's headings, and a page about a game passes its family's with
# ``family_words``.)
DECK_NAMES = {"italian": _l("Italian deck"), "french": _l("French deck"), "spanish": _l("Spanish deck")}


def catalogue_languages() -> tuple[str, ...]:
    """The languages with a catalogue, plus English: the languages the app speaks."""
    found = []
    if os.path.isdir(TRANSLATIONS):
        for code in sorted(os.listdir(TRANSLATIONS)):
            if os.path.isfile(os.path.join(TRANSLATIONS, code, "LC_MESSAGES", "messages.po")):
                found.append(code)
    return (SOURCE_LANGUAGE, *[c for c in found if c != SOURCE_LANGUAGE])


@cache
def language_name(code: str) -> str:
    """A language's name in itself, as its speakers look for it on a switch ("Italiano", "English")."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def compile_catalogues() -> None:
    """Compile every ``.po`` whose ``.mo`` is missing or older (a catalogue edited by hand takes effect at once)."""
    for code in catalogue_languages()[1:]:
        folder = os.path.join(TRANSLATIONS, code, "LC_MESSAGES")
        po, mo = os.path.join(folder, "messages.po"), os.path.join(folder, "messages.mo")
        if os.path.exists(mo) and os.path.getmtime(mo) >= os.path.getmtime(po):
            continue
        with open(po, "rb") as f:
            catalog = read_po(f, locale=code)
        partial = f"{mo}.{os.getpid()}"
        try:
            with open(partial, "wb") as f:
                write_mo(f, catalog)
            os.replace(partial, mo)
        except OSError as err:
            # A read-only installation keeps the catalogue compiled with it (or shows English): never a failed start.
            logging.getLogger(__name__).warning("could not compile %s: %s", po, err)


def _safe_language(value: object) -> str | None:
    return value if isinstance(value, str) and value in current_app.config["LANGUAGES"] else None


def select_language() -> str:
    """The language of this request: ``?lang=``, else the phone's choice, else its ``Accept-Language``."""
    languages = current_app.config["LANGUAGES"]
    try:
        asked = request.args.get("lang")
    except UnicodeDecodeError:  # an address that is not UTF-8: its error page is said in the phone's language
        asked = None
    chosen = _safe_language(asked) or _safe_language(request.cookies.get(COOKIE))
    if chosen:
        return chosen
    return phone_languages().best_match(languages, default=SOURCE_LANGUAGE) or SOURCE_LANGUAGE


# The longest Accept-Language read: a phone sends a few dozen characters ("it-IT,it;q=0.9,en;q=0.8"); parsing
# one of 150 KB took most of a second, and no language past the first few would ever be chosen anyway.
ACCEPT_LANGUAGE_MAX = 512


def phone_languages() -> LanguageAccept:
    """The languages the phone asks for (its ``Accept-Language``), read once per request and bounded: a longer
    header is cut at the last whole entry within ``ACCEPT_LANGUAGE_MAX`` characters."""
    if "phone_languages" not in g:
        header = request.headers.get("Accept-Language", "")
        if len(header) > ACCEPT_LANGUAGE_MAX:
            header = header[:ACCEPT_LANGUAGE_MAX].rsplit(",", 1)[0]
        g.phone_languages = parse_accept_header(header, LanguageAccept)
    found: LanguageAccept = g.phone_languages
    return found


def language() -> str:
    """The code of the language this request is answered in."""
    locale = get_locale()
    return str(locale.language) if locale is not None else SOURCE_LANGUAGE


def _join(items: Sequence[str], how: Join) -> str:
    if how in FIXED_JOINS:
        return FIXED_JOINS[how].join(items)
    if not items:
        return ""
    return format_list(list(items), style="or" if how is Join.OR else "standard", locale=get_locale())


def player_counts() -> str:
    """The numbers of players Scopa is played by, as the core says them, in this request's language: "2, 3, 4 or
    6" ("2, 3, 4 o 6")."""
    return say(PLAYER_COUNTS_SAID)


def voice(style: DeckStyle | str | None = None) -> Voice:
    """This request's language, naming cards in ``style`` (a game's deck style; None for card codes)."""
    translations = request_translations()
    if isinstance(style, str):
        style = DeckStyle.parse(style)

    def pgettext(context: str, message: str) -> str:
        said = translations.pgettext(context, message)
        return said if isinstance(said, str) else message  # always text: Babel declares it ``str | object``

    return Voice(translations.gettext, translations.ngettext, pgettext, _join, style)


def say(text: Text | None, style: DeckStyle | str | None = None) -> str:
    """``text`` (a core message or plain text) in this request's language, cards named in ``style``."""
    return voice(style).say(text)


def family_words(rules: Rules | Profile) -> dict[str, Any]:
    """What a page about a game (or a pad for a profile) passes its template so that it speaks the game family's
    words: ``category_names`` (each category's heading: Escoba's "setenta", Cirulla's "piccola"; rendered with
    ``say``) and ``family`` ("scopa", "escoba" or "cirulla": the scopa word, the pad's columns)."""
    family = rules.family
    return {"category_names": category_headings(family), "category_nouns": category_nouns(family), "family": family}


def card_name(card: Card, style: DeckStyle | str | None) -> str:
    """A card's full name in the game's deck style and this request's language (a cell's label, a menu)."""
    return voice(style or DeckStyle.ITALIAN).card(card)


def card_list(cards: Sequence[Card], style: DeckStyle | str | None, joiner: str = ", ") -> str:
    """Cards by name in the deck style and this request's language, joined (empty for no cards)."""
    said = voice(style or DeckStyle.ITALIAN)
    return joiner.join(said.card(card) for card in cards)


def target_list(profile: Profile | dict[str, Any]) -> str:
    """A profile's targets by player count, as a sentence lists them ("2 players: 11, 3 players: 8"); the profile
    itself or the new-game page's data for it (``targets`` keyed by the count as text)."""
    if isinstance(profile, dict):
        targets, players = profile["targets"], profile["players"]
    else:
        targets, players = profile.targets, profile.players
    items = [_("%(n)s players: %(target)s", n=n, target=t) for n, t in targets.items() if int(n) in players]
    return _join(items, Join.AND)


# The longest address the switch goes back to: a crowded checker position is about 300 characters.
NEXT_MAX = 2048


def _local_path(value: object) -> str:
    """``value`` if it is an address on this site (a path and its query), else the home page.

    Control characters (a CR or LF would split the redirect's header), lone surrogates and overlong values are
    no address of this site either.
    """
    if not isinstance(value, str) or len(value) > NEXT_MAX or not value.isprintable():
        return "/"
    if not value.startswith("/") or value.startswith("//") or "\\" in value:
        return "/"
    parts = urlsplit(value)
    if parts.scheme or parts.netloc:
        return "/"
    return value


def _without_lang(path: str) -> str:
    """``path`` without a ``?lang=`` of its own, which would otherwise outweigh the language just chosen."""
    parts = urlsplit(path)
    if not parts.query:
        return path
    kept = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "lang"]
    return parts.path + ("?" + urlencode(kept) if kept else "")


def here() -> str:
    """This page's address with its query, as the switch sends it back to."""
    try:
        full = request.full_path
    except UnicodeDecodeError:
        return request.path
    return full[:-1] if full.endswith("?") else full


@bp.post("/language")
def switch() -> ResponseReturnValue:
    """Remember the chosen language on this phone and go back to the page, with what was typed in its form."""
    chosen = _safe_language(request.form.get("lang")) or SOURCE_LANGUAGE
    back = _without_lang(_local_path(request.args.get("next") or request.form.get("next")))
    carried = {k: v for k, v in request.form.lists() if k not in ("csrf_token", "lang", "next")}
    session.pop(CARRY, None)
    if carried:
        _keep(back, carried)
    response = redirect(back, code=303)
    response.set_cookie(COOKIE, chosen, max_age=COOKIE_AGE, samesite="Lax", httponly=True, secure=request.is_secure)
    return response


def _keep(path: str, data: dict[str, list[str]]) -> None:
    """Keep the carried form for ``path`` if the session cookie can take it (else the page opens empty)."""
    interface = current_app.session_interface  # the app's is a signed cookie (security.SessionInterface)
    serializer = None
    if isinstance(interface, SecureCookieSessionInterface):
        serializer = interface.get_signing_serializer(current_app)
    entry = {"path": path, "data": data}
    if serializer is not None and len(serializer.dumps({**session, CARRY: entry})) <= CARRY_BUDGET:
        session[CARRY] = entry


def carried() -> MultiDict[str, str] | None:
    """The form a language switch carried to this page, once (None on any other page or view)."""
    entry = session.get(CARRY)
    if not isinstance(entry, dict):
        return None
    if entry.get("path") != here():
        return None
    session.pop(CARRY, None)
    data = entry.get("data")
    if not isinstance(data, dict):
        return None
    out: MultiDict[str, str] = MultiDict()
    for key, values in data.items():
        if isinstance(key, str) and isinstance(values, list):
            for value in values:
                if isinstance(value, str):
                    out.add(key, value)
    return out


def _template_globals() -> dict[str, Any]:
    code = language()
    languages = current_app.config["LANGUAGES"]
    return {
        "current_language": code,
        "other_languages": [(c, language_name(c)) for c in languages if c != code],
        "here": here(),
    }


def init_app(app: Flask) -> None:
    """Set up Flask-Babel with the catalogues, the language switch and the ``say`` filter."""
    compile_catalogues()
    app.config.setdefault("LANGUAGES", catalogue_languages())
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = TRANSLATIONS
    app.config.setdefault("BABEL_DEFAULT_LOCALE", SOURCE_LANGUAGE)
    Babel(app, locale_selector=select_language)
    # The templates' _(), ngettext() and pgettext() as Flask-Babel installs them, with the catalogue found once per
    # request rather than at every call. (The method is added to the environment by Jinja's i18n extension, which
    # Flask-Babel loads, so the type checker cannot see it: hence the ignore.)
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: request_translations().ugettext(s),
        ngettext=lambda s, p, n: request_translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: request_translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: request_translations().unpgettext(c, s, p, n),
    )
    app.register_blueprint(bp)
    app.jinja_env.filters["say"] = say
    app.jinja_env.globals.update(
        say=say,
        js_strings=js_strings,
        card_name=card_name,
        card_list=card_list,
        settebello=SETTEBELLO,
        re_bello=RE_BELLO,
        target_list=target_list,
        category_names=category_headings("scopa"),
        category_nouns=category_nouns("scopa"),
        family="scopa",
        deck_names=DECK_NAMES,
        player_counts=player_counts,
    )
    app.context_processor(_template_globals)

    @app.after_request
    def vary(response: Response) -> Response:
        """A page depends on the language cookie and Accept-Language: caches must keep them apart."""
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
        return response
