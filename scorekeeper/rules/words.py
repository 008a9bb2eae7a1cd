"""Each game family in its own words: the categories' headings, names and nouns, and the reasons' wording.

The app keeps score of three families (``options.FAMILIES``, a profile's ``family``): Scopa with its variants,
Escoba and Cirulla. They score under the same category keys ("settebello", "primiera", "scopas"...: the keys of
the store, the API and the exports, which never change), but each family names them its own way: Escoba's
settebello is the "siete de oros", its primiera the "setenta", its scopas "escobas"; Cirulla's napola is the
"piccola" and its knocks the "bussate" (in Italian). Every word the app says for a category comes from here.

Each word is a message with its own context where a family's word differs, so that each language's translator
chooses it (English keeps "cards" and "coins" for Escoba; Spanish says "cartas" and "oros"; Italian keeps
Escoba's own "escobas", "setenta" and "siete de oros").

The reasons for a hand's points are written once, in Scopa's words (``scoring.py``, ``game.py``); ``reworded``
puts one into a family's words through the family's table below, which maps a Scopa message (its context and
id) to the family's message with the same placeholders (tests/test_family_words.py checks them).

>>> str(reworded(CATEGORY_NOUNS["settebello"], "escoba"))
'the siete de oros (7 of oros)'
>>> str(category_names("cirulla")["napola"])
'piccola'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from .options import FAMILIES
from .text import Listing, Msg, msg, nmsg, pmsg, side_msg

# The categories as a column or row heading says them: "settebello".
CATEGORY_HEADINGS = {
    "cards": msg("cards"),
    "coins": msg("coins"),
    "settebello": msg("settebello"),
    "primiera": msg("primiera"),
    "scopas": msg("scopas"),
    "napola": msg("napola"),
    "re_bello": msg("re bello"),
    "napoleone": msg("napoleone"),
    "donna_di_denari": msg("donna di denari"),
    "grande": msg("grande"),
    "coin_points": msg("coin points"),
    "knocks": msg("knocks"),
}
# The categories as a sentence says them ("won on coins in hand 7").
CATEGORY_NAMES = {
    "cards": pmsg("category", "cards"),
    "coins": pmsg("category", "coins"),
    "settebello": pmsg("category", "settebello"),
    "primiera": pmsg("category", "primiera"),
    "scopas": pmsg("category", "scopas"),
    "napola": pmsg("category", "napola"),
    "re_bello": pmsg("category", "re bello"),
    "napoleone": pmsg("category", "napoleone"),
    "donna_di_denari": pmsg("category", "donna di denari"),
    "grande": pmsg("category", "grande"),
    "coin_points": pmsg("category", "coin points"),
    "knocks": pmsg("category", "knocks"),
}
# The categories a side wins whole, as the object of a sentence ("Anna won the coins").
CATEGORY_NOUNS = {
    "cards": msg("the cards"),
    "coins": msg("the coins"),
    "settebello": msg("the settebello (7 of coins)"),
    "primiera": msg("the primiera"),
    "re_bello": msg("the re bello (King of coins)"),
    "donna_di_denari": msg("the donna di denari (Cavallo of coins)"),
    "grande": msg("the grande (Fante, Cavallo and Re of coins)"),
}

# Where Escoba and Cirulla say a category otherwise (the rest is said as in Scopa).
_HEADINGS = {
    "escoba": {
        "cards": pmsg("escoba heading", "cards"),
        "coins": pmsg("escoba heading", "coins"),
        "settebello": pmsg("escoba heading", "siete de oros"),
        "primiera": pmsg("escoba heading", "setenta"),
        "scopas": pmsg("escoba heading", "escobas"),
    },
    "cirulla": {
        "napola": pmsg("cirulla heading", "piccola"),
        "grande": pmsg("cirulla heading", "grande"),
        "knocks": pmsg("cirulla heading", "knocks"),
    },
}
_NAMES = {
    "escoba": {
        "cards": pmsg("escoba category", "cards"),
        "coins": pmsg("escoba category", "coins"),
        "settebello": pmsg("escoba category", "siete de oros"),
        "primiera": pmsg("escoba category", "setenta"),
        "scopas": pmsg("escoba category", "escobas"),
    },
    "cirulla": {
        "napola": pmsg("cirulla category", "piccola"),
        "grande": pmsg("cirulla category", "grande"),
        "knocks": pmsg("cirulla category", "knocks"),
    },
}
_NOUNS = {
    "escoba": {
        "coins": pmsg("escoba", "the coins"),
        "settebello": msg("the siete de oros (7 of oros)"),
        "primiera": msg("the setenta"),
    },
}


def _family_table(base: Mapping[str, Msg], own: Mapping[str, Mapping[str, Msg]]) -> dict[str, Mapping[str, Msg]]:
    return {family: MappingProxyType({**base, **own.get(family, {})}) for family in FAMILIES}


HEADINGS = _family_table(CATEGORY_HEADINGS, _HEADINGS)
NAMES = _family_table(CATEGORY_NAMES, _NAMES)
NOUNS = _family_table(CATEGORY_NOUNS, _NOUNS)


def category_headings(family: str) -> Mapping[str, Msg]:
    """Each category's heading in ``family``'s words (Scopa's for a family the app does not know)."""
    return HEADINGS.get(family, HEADINGS["scopa"])


def category_names(family: str) -> Mapping[str, Msg]:
    """Each category as a sentence says it in ``family``'s words ("on the setenta")."""
    return NAMES.get(family, NAMES["scopa"])


def category_nouns(family: str) -> Mapping[str, Msg]:
    """Each category won whole, as the object of a sentence, in ``family``'s words ("the siete de oros")."""
    return NOUNS.get(family, NOUNS["scopa"])


def _key(text: Msg) -> tuple[str | None, str]:
    return text.context, text.id


# The reasons a family says its own way: Scopa's message (its context and id) -> the family's, same placeholders.
# Escoba cites its own rules: the siete de oros, the setenta by sevens, escobas; Cirulla its piccola and knocks.
_REASONS: dict[str, tuple[tuple[Msg, Msg], ...]] = {
    "escoba": (
        (
            side_msg(
                "%(name)s took the settebello (7 of coins).", "%(name)s took the settebello (7 of coins).", name=""
            ),
            side_msg(
                "%(name)s took the siete de oros (7 of oros): 1 point.",
                "%(name)s took the siete de oros (7 of oros): 1 point.",
                name="",
            ),
        ),
        (
            msg("Nobody took the settebello (7 of coins): it is not in any pile."),
            msg("Nobody took the siete de oros (7 of oros): it is not in any pile."),
        ),
        (
            side_msg(
                "%(name)s wins the primiera by sevens: %(counts)s",
                "%(name)s win the primiera by sevens: %(counts)s",
                name="",
            ),
            side_msg(
                "%(name)s wins the setenta, the most sevens (then sixes): %(counts)s",
                "%(name)s win the setenta, the most sevens (then sixes): %(counts)s",
                name="",
            ),
        ),
        (
            msg("Primiera by sevens is tied (%(counts)s): nobody scores it"),
            msg("The setenta is tied on sevens and sixes (%(counts)s): nobody scores it"),
        ),
        (msg("Nobody can compete for the primiera"), msg("Nobody can compete for the setenta")),
        (
            side_msg(
                "%(name)s won the primiera (as counted at the table).",
                "%(name)s won the primiera (as counted at the table).",
                name="",
            ),
            side_msg(
                "%(name)s won the setenta (as counted at the table).",
                "%(name)s won the setenta (as counted at the table).",
                name="",
            ),
        ),
        (
            msg("Nobody won the primiera (as counted at the table)."),
            msg("Nobody won the setenta (as counted at the table)."),
        ),
        (msg("the primiera"), msg("the setenta")),
        (msg("No scopas this hand."), msg("No escobas this hand.")),
        (
            nmsg("%(name)s %(n)s scopa", "%(name)s %(n)s scopas", 1),
            nmsg("%(name)s %(n)s escoba", "%(name)s %(n)s escobas", 1),
        ),
    ),
    "cirulla": (
        (
            side_msg(
                "%(name)s has the napola: coins from the ace up to %(n)s, %(n)s points.",
                "%(name)s have the napola: coins from the ace up to %(n)s, %(n)s points.",
                name="",
            ),
            side_msg(
                "%(name)s has the piccola: coins from the ace up to %(n)s, %(n)s points.",
                "%(name)s have the piccola: coins from the ace up to %(n)s, %(n)s points.",
                name="",
            ),
        ),
        (
            side_msg(
                "%(name)s has the napola, counted up to the %(max)s of coins (napola_max): %(n)s points.",
                "%(name)s have the napola, counted up to the %(max)s of coins (napola_max): %(n)s points.",
                name="",
            ),
            side_msg(
                "%(name)s has the piccola: coins from the ace up, counted up to the %(max)s, %(n)s points.",
                "%(name)s have the piccola: coins from the ace up, counted up to the %(max)s, %(n)s points.",
                name="",
            ),
        ),
        (
            side_msg(
                "%(name)s has the napola (coins from the ace up to %(n)s): a flat 3 points.",
                "%(name)s have the napola (coins from the ace up to %(n)s): a flat 3 points.",
                name="",
            ),
            side_msg(
                "%(name)s has the piccola (coins from the ace up to %(n)s): a flat 3 points.",
                "%(name)s have the piccola (coins from the ace up to %(n)s): a flat 3 points.",
                name="",
            ),
        ),
        (
            side_msg(
                "%(name)s has the napola: %(n)s points, as told at the table.",
                "%(name)s have the napola: %(n)s points, as told at the table.",
                name="",
            ),
            side_msg(
                "%(name)s has the piccola: %(n)s points, as told at the table.",
                "%(name)s have the piccola: %(n)s points, as told at the table.",
                name="",
            ),
        ),
        (
            msg("Nobody has the napola (Ace, 2 and 3 of coins)."),
            msg("Nobody has the piccola (Ace, 2 and 3 of coins)."),
        ),
        (
            msg("No knocks this hand (knocks: 3 for three dealt cards of 9 or less, 10 for three of a kind)."),
            msg(
                "Nobody knocked this hand (a knock: 3 for three dealt cards of 9 or less, 10 for three of a kind, "
                "the 7 of cups wild)."
            ),
        ),
        (
            msg("Knocks, 3 for three dealt cards of 9 or less and 10 for three of a kind: %(counts)s."),
            msg("Knocked, 3 for three dealt cards of 9 or less and 10 for three of a kind: %(counts)s."),
        ),
    ),
}


def _table(family: str) -> dict[tuple[str | None, str], Msg]:
    table = {_key(scopa): own for scopa, own in _REASONS.get(family, ())}
    for scopa_words, own_words in ((CATEGORY_NAMES, NAMES[family]), (CATEGORY_NOUNS, NOUNS[family])):
        for category, said in own_words.items():
            if category in scopa_words and said is not scopa_words[category]:
                table[_key(scopa_words[category])] = said
    return table


REWORDINGS: dict[str, dict[tuple[str | None, str], Msg]] = {family: _table(family) for family in FAMILIES}


def reworded(text: Msg, family: str) -> Msg:
    """``text`` (and every message inside it) in ``family``'s words, its parameters kept; as it is for Scopa."""
    table = REWORDINGS.get(family)
    if not table:
        return text
    return _reword(text, table)


def _reword(text: Msg, table: Mapping[tuple[str | None, str], Msg]) -> Msg:
    params = {k: _reword_param(v, table) for k, v in text.params.items()}
    own = table.get(_key(text))
    if own is None:
        return replace(text, params=params)
    plural = own.plural if text.plural is not None else None
    return Msg(own.id, params, plural, text.n if plural is not None else None, own.context)


def _reword_param(value: Any, table: Mapping[tuple[str | None, str], Msg]) -> Any:
    if isinstance(value, Msg):
        return _reword(value, table)
    if isinstance(value, Listing):
        return Listing(tuple(_reword_param(v, table) for v in value.items), value.how)
    return value
