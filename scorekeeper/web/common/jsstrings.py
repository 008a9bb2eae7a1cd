"""The words the page scripts show, in the reader's language.

Every page carries them in ``<body data-strings='{...}'>`` (base.html): those of the scripts every page may load,
and those of a page's own script (the checker's, the new-game form's) only on the page that names it in
``page_strings``, so that no page carries the words of another's script. ``app.js`` reads them with
``say(name, {param: value})``, which fills ``%(param)s`` placeholders. A script never holds a sentence of its own,
so a catalogue translates the scripts as it translates the pages. Sections follow the scripts.

A count is written with ``js_plural("%(n)s card", "%(n)s cards")``: the page carries both forms and
``sayN(name, n)`` picks one (one for 1, the other for every other number, as in English, Italian and Spanish).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import LazyString

from scorekeeper.rules.options import FAMILIES, VALUE_LABELS
from scorekeeper.rules.text import Msg
from scorekeeper.rules.words import category_headings
from scorekeeper.web.common.lazy import _l, request_translations


@dataclass(frozen=True)
class Plural:
    """A script string with a singular and a plural form."""

    singular: str
    plural: str


def _say(text: Msg) -> str:
    from scorekeeper.web.common.i18n import say  # i18n puts these strings on every page, so it is imported here late

    return say(text)


def js_plural(singular: str, plural: str) -> Plural:
    """Mark a counted script string for the catalogues (extracted as ``js_plural:1,2``)."""
    return Plural(singular, plural)


STRINGS: dict[str, object] = {
    # app.js
    "stepper_less": _l("One scopa less"),
    "stepper_more": _l("One scopa more"),
    # app.js: offline
    "offline_as_of": _l("Offline: showing the score as of %(time)s. Hands entered now are kept on this phone."),
    "offline": _l("Offline: this page is the copy kept from the last visit."),
    "waiting": js_plural("Waiting to send (%(n)s): %(what)s.", "Waiting to send (%(n)s): %(what)s."),
    "kept_hand": _l("hand %(n)s"),
    "kept_change": _l("a change"),
    "kept_scopa": _l("a scopa"),
    "kept_correction": _l("correction of hand %(n)s"),
    "kept_delete": _l("deleting hand %(n)s"),
    "kept_undo": _l("an undo"),
    "live_offline": _l(
        "Offline: the counts show once the connection returns. The hand can still be saved: it is kept."
    ),
    "needs_connection": _l(
        "That step of the form needs the connection, and was not sent. A hand, a correction, a delete or a scopa "
        "can be saved without one: it is kept on this phone and sent when the connection returns."
    ),
    "unconfirmed_line": _l("%(what)s: kept on this phone, waiting to send; its points appear once the server has it."),
    "who_won_what": _l("Hand %(n)s: who won what?"),
    "save_hand": _l("Save hand %(n)s"),
    "refused": _l("A change made offline was refused when it arrived (the game changed meanwhile, or ended)."),
    "refused_open": _l("Open it to see why"),
    "dismiss": _l("Dismiss"),
    # share.js
    "copied": _l("Copied"),
    "copy_by_hand": _l("Selected: copy it from the phone's menu"),
}


# The strings of one page's own script, carried only by the pages that name it (``page_strings`` in a template).
PAGE_STRINGS: dict[str, dict[str, object]] = {
    "piles": {
        "not_given": _l("not given"),
        "where_rest": js_plural("Where does the card not given go?", "Where do the %(n)s cards not given go?"),
        "live_row": _l("%(name)s: %(cards)s · %(coins)s"),
        "n_cards": js_plural("%(n)s card", "%(n)s cards"),
        "n_coins": js_plural("%(n)s coin", "%(n)s coins"),
        # "settebello" and "live_primiera": the game family's headings (js_strings).
        "rest_goes_to": js_plural("%(n)s card not tapped goes to %(name)s.", "%(n)s cards not tapped go to %(name)s."),
        "rest_missing": js_plural(
            "%(n)s card not tapped: saved as missing.", "%(n)s cards not tapped: saved as missing."
        ),
        # Two teams, and two players alone: Italian says "squadra" for one and "giocatore" for the other.
        "rest_two_sides": js_plural(
            "%(n)s card not tapped: tap one pile's cards and the rest go to the other team.",
            "%(n)s cards not tapped: tap one pile's cards and the rest go to the other team.",
        ),
        "rest_two_players": js_plural(
            "%(n)s card not tapped: tap one pile's cards and the rest go to the other player.",
            "%(n)s cards not tapped: tap one pile's cards and the rest go to the other player.",
        ),
        "rest_ask": js_plural(
            "%(n)s card not tapped: Check hand asks where they go.",
            "%(n)s cards not tapped: Check hand asks where they go.",
        ),
    },
    "checker": {
        "on_the_table": _l("on the table"),
        "in_the_hand": _l("in the hand"),
        "table_mark": _l("T"),
        "hand_mark": _l("H"),
        "not_placed": _l("not placed"),
        "empty": _l("empty"),
        "table_line": _l("Table: %(cards)s"),
        "hand_line": _l("Hand: %(cards)s"),
    },
    "newgame": {
        "players_target": _l("%(n)s players: %(target)s"),
        "profile_for": _l("This profile is for %(players)s players."),
        "profile_targets": _l("The profile's target for this many players (%(targets)s)."),
        "profile_target": _l("The profile's target for this many players."),
        "change_target": _l("Change it to play to another score."),
        "to_target": _l("to %(n)s"),
        "italian_deck": _l("Italian deck"),
        "house_rules": js_plural("%(n)s house rule", "%(n)s house rules"),
        "name_placeholder": _l("The players and the time"),
        "as_the_profile": _l("as the profile (%(value)s)"),
        # The house rules' values, as the new-game menus name them ("option_true", "option_count_out").
        **{
            f"option_{str(value).lower()}": LazyString(lambda label=label: _say(label))
            for value, label in VALUE_LABELS.items()
        },
    },
}


# Where a game family says a script string its own way (Escoba's scopa is an "escoba"); the settebello and the
# primiera of the live pile counts are the family's headings (rules/words.py), filled in by ``js_strings``.
FAMILY_STRINGS: dict[str, dict[str, object]] = {
    "escoba": {
        "stepper_less": _l("One escoba less"),
        "stepper_more": _l("One escoba more"),
        "kept_scopa": _l("an escoba"),
    },
}


def js_strings(family: object = "scopa", page: object = ()) -> dict[str, object]:
    """The script strings of every page and of the page's own scripts (``page``: names of PAGE_STRINGS) in this
    request's language (a counted one as ``{"one": ..., "other": ...}``), in the words of the game family a game's
    page names (``family``, from ``i18n.family_words``; another page's own ``family``, such as the new-game page's
    choice, leaves Scopa's words)."""
    family = family if isinstance(family, str) and family in FAMILIES else "scopa"
    translations = request_translations()
    out: dict[str, object] = {}
    headings = category_headings(family)
    own: dict[str, object] = {
        **FAMILY_STRINGS.get(family, {}),
        "settebello": _say(headings["settebello"]),
        # The primiera's heading, then its value, as every language the app speaks writes it ("setenta 78").
        "live_primiera": _say(headings["primiera"]) + " %(value)s",
    }
    scripts = [PAGE_STRINGS[name] for name in page if name in PAGE_STRINGS] if isinstance(page, (tuple, list)) else []
    for name, text in {**STRINGS, **{k: v for strings in scripts for k, v in strings.items()}, **own}.items():
        if isinstance(text, Plural):
            out[name] = {
                "one": translations.ngettext(text.singular, text.plural, 1),
                "other": translations.ngettext(text.singular, text.plural, 2),
            }
        else:
            out[name] = str(text)
    return out
