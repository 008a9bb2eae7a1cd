"""The game pages' forms, all WTForms: a hand (by winners, by counts or by piles), a scopa, a delete, an undo.

Field names follow the core's error paths (``sides-1-coins`` for ``sides[1].tally.coins``), so
``form_field`` maps any ``ScopaError`` onto the field it is about and the page shows the message
beside that field, with everything the user entered kept. Whole numbers are read here, bounded by
the core's own limits: a stray ``²`` or a 5,000-digit number is a message, never a crash.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any

from flask_babel import LazyString, gettext
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import Field, FieldList, Form, FormField, HiddenField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import ValidationError
from wtforms.widgets import HiddenInput

from scorekeeper.rules import DECK, Card, Rules
from scorekeeper.rules.cards import sorted_cards
from scorekeeper.rules.errors import InvalidRoundError, ScopaError
from scorekeeper.rules.ledger import HandEntry, SideEntry, rest_goes_to
from scorekeeper.rules.scoring import (
    COINS_IN_DECK,
    DECK_SIZE,
    DONNA_DI_DENARI,
    GRANDE_CARDS,
    KNOCK_POINTS,
    KNOCKS_MAX,
    NAPOLA_MIN,
    NO_TIE,
    ONE_HOLDER,
    PRIMIERA_MAX,
    SCOPAS_MAX,
    WON_CATEGORIES,
    Tally,
    won_categories,
)
from scorekeeper.rules.text import Join, Msg, Text, listing, msg, nmsg
from scorekeeper.web.common.fields import MAX_SIDES, WholeNumber, field_named, form_class, new_submission_id, sentence
from scorekeeper.web.common.i18n import say
from scorekeeper.web.common.lazy import _l

# --- Hand forms ------------------------------------------------------------------------------------


class SideScopasForm(Form):
    """One side's scopas, and its knock points (Cirulla's bussare, asked only where ``knocks`` is on): every mode."""

    scopas = WholeNumber(_l("Scopas"), 0, SCOPAS_MAX)
    # Empty is 0. Whether a number is a sum of 3s and 10s is the core's check (check_knocks), shown beside the field.
    knocks = WholeNumber(_l("Knocks"), 0, KNOCKS_MAX)


class SideCountsForm(SideScopasForm):
    """One side's quick counts."""

    cards = WholeNumber(_l("Cards"), 0, DECK_SIZE)
    coins = WholeNumber(_l("Coins"), 0, COINS_IN_DECK)
    primiera = WholeNumber(_l("Primiera"), 0, PRIMIERA_MAX)
    napola = WholeNumber(_l("Napola points"), 0, COINS_IN_DECK)


class ScopasShown(Field):
    """The pending scopas the hand form showed (``"1,0"``, a hidden input), so saving consumes only those."""

    widget = HiddenInput()
    data: tuple[int, ...] | None

    def _value(self) -> str:
        return ",".join(str(s) for s in self.data) if self.data else ""

    def process_formdata(self, valuelist: list[Any]) -> None:
        raw = valuelist[0].strip() if valuelist and isinstance(valuelist[0], str) else ""
        parts = raw.split(",") if raw else []
        if not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts) or len(parts) > MAX_SIDES:
            self.data = None
            raise ValueError(gettext("this form is damaged; open the hand form again"))
        self.data = tuple(int(p) for p in parts) or None


_SIDE_KEY = re.compile(r"^sides-([^-]*)-")
_PATH = re.compile(r"^sides\[(\d+)\](?:\.tally)?\.(\w+)(?:\[(\d+)\])?")
_ONE_PER_HAND = {
    "settebello": "settebello",
    "re_bello": "re_bello",
    "primiera_won": "primiera_by",
    "donna_di_denari": "donna_di_denari",
    "grande": "grande",
}


def form_field(path: str | None, entry: HandEntry | None = None) -> str | None:
    """The hand-form field a core error path is about: ``sides[1].tally.coins`` -> ``sides-1-coins``.

    A card of a pile (``sides[0].pile[3]``) maps to its cell on the grid; ``sides`` (the
    hand as a whole) maps to None, shown above the form.
    """
    match = _PATH.match(path or "")
    if not match:
        return path if path and path != "sides" else None
    side, name, index = match.groups()
    if name in _ONE_PER_HAND:
        return _ONE_PER_HAND[name]
    if name == "pile":
        if entry is not None and index is not None:
            pile = entry.sides[int(side)].pile or ()
            if int(index) < len(pile):
                return f"c_{pile[int(index)]}"
        return None
    return f"sides-{side}-{name}"


class HandForm(FlaskForm):
    """What every hand form carries: the change's id, the state it saw, and the button pressed."""

    submission_id = HiddenField(default=new_submission_id)
    action = StringField(default="check")
    # The hand a new hand's form was opened for: saved only if it is still the next hand (see games.record_hand).
    hand = WholeNumber("Hand", 1, 2**31 - 1)
    version = WholeNumber(_l("Version"), 0, 2**62)
    round_id = HiddenField()
    scopas_shown = ScopasShown()
    # The side that called itself out during this hand (call_out), by number; empty for a hand played out.
    call_out = HiddenField()

    # What one knock scores (the +3 and +10 buttons beside each side's knock points), from the core.
    knock_points = KNOCK_POINTS

    # Each hand form declares its sides' sub-forms (scopas only, or the counts too).
    sides: FieldList[FormField[SideScopasForm]]

    def __init__(self, names: Sequence[str], formdata: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        self.names = list(names)
        super().__init__(formdata=_only_these_sides(formdata, len(names)) if formdata is not None else None, **kwargs)
        if formdata is None and not self.sides.entries:
            for _ in names:
                self.sides.append_entry()
        self.error: Text | None = None

    def fields(self) -> Iterator[Field]:
        """Every input field, sub-forms flattened (``sides-0-scopas`` ...)."""
        for field in self:
            if isinstance(field, FieldList):
                for entry in field:
                    yield from entry
            else:
                yield field

    def carried(self) -> list[tuple[str, str]]:
        """Every value as hidden inputs for the confirmation page (what will be saved, sent again)."""
        skip = ("submission_id", "version", "round_id", "scopas_shown", "hand", "call_out")
        return [(name, value) for name, value in self.values().items() if name not in skip]

    def values(self) -> dict[str, str]:
        """Every field that holds something, as the text it would be sent as (typed text kept as typed).

        This is what a draft keeps between a POST and the page that shows it (``drafts.stash``).
        """
        out = {}
        for field in self.fields():
            if field.name in ("csrf_token", "action"):
                continue
            value = field._value() if hasattr(field, "_value") else ("" if field.data is None else str(field.data))
            if value != "":
                out[field.name] = value
        return out

    def first_error(self) -> str | None:
        """The first message of any field, for the line above the form, as a sentence."""
        if self.error:
            return sentence(self.error)
        for field in self.fields():
            if field.errors:
                side = re.match(r"sides-(\d+)-", field.name)
                problem = say(field.errors[0]) if isinstance(field.errors[0], Msg) else str(field.errors[0])
                return sentence(f"{self.names[int(side[1])]}: {problem}" if side else problem)
        if not self.form_errors:
            return None
        first = self.form_errors[0]
        return sentence(first if isinstance(first, Msg) else str(first))

    def place_error(self, err: ScopaError, entry: HandEntry | None = None) -> None:
        """Show a core error beside its field (or above the form when it is about the whole hand)."""
        name = form_field(err.field, entry)
        for field in self.fields():
            if field.name == name:
                field.errors = [*field.errors, err.message]
        self.error = err.message

    def scopas(self) -> list[int]:
        return [side.form.scopas.data or 0 for side in self.sides]

    def knocks(self) -> list[int]:
        """Each side's knock points as typed (empty: 0); the core checks them against the rules."""
        return [side.form.knocks.data or 0 for side in self.sides]

    def show_knocks(self, entry: HandEntry) -> None:
        """Fill each side's knock points from a stored hand (left empty at 0)."""
        for i, side in enumerate(entry.sides):
            self.sides[i].form.knocks.data = side.knocks or None

    def called(self) -> int | None:
        """The side that called itself out, or None (also for a number that names no side: the core never sees it)."""
        raw = self.call_out.data
        if isinstance(raw, str) and raw.isascii() and raw.isdigit() and int(raw) < len(self.names):
            return int(raw)
        return None

    def call(self, side: int | None) -> None:
        """Enter this hand as called out by ``side`` (None: played out)."""
        self.call_out.data = "" if side is None else str(side)
        self.fit_call()

    def fit_call(self) -> None:
        """Let a called hand's rows say that a card is not taken yet (forms whose rows need it)."""

    def entry(self, rules: Rules) -> HandEntry:
        """The hand as entered, played by ``rules``; raises ``InvalidRoundError`` for what is missing."""
        raise NotImplementedError

    def show(self, entry: HandEntry) -> None:
        """Fill the form with a stored hand (a correction, or a hand brought back by Undo)."""
        raise NotImplementedError


def _only_these_sides(formdata: Mapping[str, Any], n: int) -> MultiDict[str, Any]:
    """The posted fields with exactly the game's ``n`` sides: ``sides-0-`` to ``sides-{n-1}-``.

    FieldList numbers its entries from the keys it is given; other indices (``sides-9-``,
    ``sides-²-``) are dropped, and each side gets at least its scopas (empty: 0).
    """
    allowed = {str(i) for i in range(n)}
    out: MultiDict[str, Any] = MultiDict()
    for key in formdata:
        match = _SIDE_KEY.match(key)
        if match is None or match.group(1) in allowed:
            out.setlist(key, formdata.getlist(key) if hasattr(formdata, "getlist") else [formdata[key]])
    for i in range(n):
        out.setdefault(f"sides-{i}-scopas", "")
    return out


class _PilesFields(HandForm):
    """A hand from the captured piles: one menu per card, the side it went to.

    The cards nobody was given are "the rest". With two sides, when only one side has cards, the rest
    are the other side's pile (a player counts the pile they hold; the other is what is left). Otherwise
    the person says where the rest go: ``rest`` names a side, or ``missing`` to save the hand without them.
    """

    sides = FieldList(FormField(SideScopasForm), max_entries=MAX_SIDES)
    rest = SelectField(
        _l("Where the rest go"),
        choices=[],
        default="",
        invalid_choice_message=_l("choose a side for the cards not given, or say they are missing"),
    )

    MISSING = "missing"

    def __init__(self, names: Sequence[str], formdata: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(names, formdata, **kwargs)
        choices = [SelectChoice("", "–")] + [SelectChoice(str(i), name) for i, name in enumerate(names)]
        for card in DECK:
            self.card(card).choices = choices
        self.rest.choices = [*choices, SelectChoice(self.MISSING, gettext("missing"))]

    def card(self, card: Card) -> SelectField:
        return field_named(self, f"c_{card}", SelectField)

    def marks(self) -> list[str]:
        """Each side's mark in the grid's cells (its initial, or longer when two sides share one)."""
        from scorekeeper.web.common.widgets import side_marks

        return side_marks(self.names)

    def pile_labels(self) -> list[str]:
        """Each side's pile as a card's owner is read out: ``"Anna's pile"``."""
        from scorekeeper.web.common.widgets import pile_label

        return [pile_label(name) for name in self.names]

    def assigned(self) -> dict[str, int]:
        """Each card given so far and its side, as far as the menus say (bad values are left out)."""
        n = len(self.names)
        out = {}
        for card in DECK:
            value = self.card(card).data
            if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 2 and int(value) < n:
                out[str(card)] = int(value)
        return out

    def not_given(self) -> int:
        """How many cards no side has been given."""
        return len(DECK) - len(self.assigned())

    def rest_goes_to(self) -> int | None:
        """The side the cards not given go to: the one chosen, or the only side without cards of two; else None."""
        chosen = self.rest.data
        if isinstance(chosen, str) and chosen.isascii() and chosen.isdigit() and int(chosen) < len(self.names):
            return int(chosen)
        if chosen == self.MISSING:
            return None
        return rest_goes_to(len(self.names), self.assigned().values())

    def rest_undecided(self) -> bool:
        """Whether cards are left that no rule places and nobody has said where they go (so the form asks)."""
        return self.not_given() > 0 and self.rest_goes_to() is None and self.rest.data != self.MISSING

    def give_rest(self, side: int) -> None:
        """The rest go to ``side``: every card not yet given (the no-JavaScript path)."""
        for card in DECK:
            if not self.card(card).data:
                self.card(card).data = str(side)

    def entry(self, rules: Rules | None = None) -> HandEntry:
        """The hand as entered on the card grid, the rest placed; asks (an error on ``rest``) when nothing places them.

        Once placed, the rest are written into the menus, so the confirmation carries every card as it will
        be saved, and going back shows where they went.
        """
        if self.rest_undecided():
            left = self.not_given()
            raise InvalidRoundError(
                nmsg(
                    "Where does the card not given go? Choose a side, or say it is missing.",
                    "Where do the %(n)s cards not given go? Choose a side, or say they are missing.",
                    left,
                ),
                "rest",
            )
        side = self.rest_goes_to()
        if side is not None:
            self.give_rest(side)
            self.rest.data = ""
        given = self.assigned()
        scopas, knocks = self.scopas(), self.knocks()
        piles = [tuple(c for c in DECK if given.get(str(c)) == i) for i in range(len(self.names))]
        return HandEntry(
            tuple(SideEntry(scopas[i], pile=piles[i], knocks=knocks[i]) for i in range(len(self.names))), self.called()
        )

    def show(self, entry: HandEntry) -> None:
        """Fill the form with a stored hand (for a correction); a hand saved without some cards stays so."""
        for i, side in enumerate(entry.sides):
            self.sides[i].form.scopas.data = side.scopas
            for card in side.pile or ():
                self.card(card).data = str(i)
        self.show_knocks(entry)
        if self.not_given():
            self.rest.data = self.MISSING


def _card_menu(card: Card) -> SelectField:
    return SelectField(
        str(card),
        choices=[],
        default="",
        invalid_choice_message=LazyString(lambda: gettext("%(card)s was given to an unknown side", card=str(card))),
    )


# One menu per card (named ``c_7d``, the card's code), generated from the deck.
PilesForm = form_class("PilesForm", _PilesFields, {f"c_{card}": _card_menu(card) for card in DECK})


class CountsForm(HandForm):
    """A hand from quick counts per side; one side's cards or coins may be left empty: it gets the rest.

    The holders of the single coins a game scores (re bello, donna di denari, grande) are asked where the rules
    play them: the form is made before the rules are known, so ``entry`` asks for a holder the rules need.
    """

    sides: FieldList[FormField[SideCountsForm]] = FieldList(FormField(SideCountsForm), max_entries=MAX_SIDES)
    deck_cards, deck_coins = DECK_SIZE, COINS_IN_DECK
    # The cards the donna di denari and grande rows are about, named on the page in the game's deck style.
    donna_card, grande_cards = DONNA_DI_DENARI, sorted_cards(GRANDE_CARDS)
    settebello = RadioField(_l("Settebello"), choices=[], invalid_choice_message=_l("choose who took the settebello"))
    # No default: a preset "by the values" failed every hand counted without values. Left unanswered, the
    # primiera follows the values when some were typed; with none typed the form asks who won it.
    primiera_by = RadioField(_l("Primiera goes to"), choices=[], validate_choice=False)
    re_bello = RadioField(_l("Re bello"), choices=[], validate_choice=False)
    donna_di_denari = RadioField(_l("Donna di denari"), choices=[], validate_choice=False)
    # "none": nobody holds Fante, Cavallo and Re of coins together (they were split).
    grande = RadioField(_l("Grande"), choices=[], validate_choice=False)

    def __init__(self, names: Sequence[str], formdata: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(names, formdata, **kwargs)
        sides = [SelectChoice(str(i), name) for i, name in enumerate(names)]
        self.settebello.choices = sides
        self.primiera_by.choices = [
            *sides,
            SelectChoice("none", gettext("Tie (nobody)")),
            SelectChoice("values", gettext("By the values typed above")),
        ]
        self.re_bello.choices = sides
        self.donna_di_denari.choices = list(sides)
        self.grande.choices = [*sides, SelectChoice("none", gettext("Nobody (split)"))]
        self.fit_call()

    def fit_call(self) -> None:
        """In a hand stopped by a call out, the settebello (and the donna di denari) may not be taken yet."""
        if self.called() is None:
            return
        for field in (self.settebello, self.donna_di_denari):
            if all(c.value != "none" for c in field.choices):
                field.choices = [*field.choices, SelectChoice("none", gettext("Nobody yet"))]

    def validate_donna_di_denari(self, field: SelectField) -> None:
        if field.data and field.data not in {choice.value for choice in field.choices}:
            raise ValidationError(gettext("choose who took the donna di denari"))

    def validate_grande(self, field: SelectField) -> None:
        if field.data and field.data not in {choice.value for choice in field.choices}:
            raise ValidationError(gettext("choose who holds the grande, or nobody"))

    def validate_re_bello(self, field: SelectField) -> None:
        if field.data and field.data not in {choice.value for choice in field.choices}:
            raise ValidationError(gettext("choose who took the re bello, or nobody"))

    def validate_primiera_by(self, field: SelectField) -> None:
        if field.data and field.data not in {choice.value for choice in field.choices}:
            raise ValidationError(gettext("choose who the primiera goes to"))

    def entry(self, rules: Rules) -> HandEntry:
        """The hand as counted; raises ``InvalidRoundError`` (with a core path) for what is missing."""
        n = len(self.names)
        sides = [side.form for side in self.sides]
        typed_counts = {"cards": [s.cards.data for s in sides], "coins": [s.coins.data for s in sides]}
        asks = {
            "cards": msg("fill in the cards of every side (one may be left empty: it gets the rest)"),
            "coins": msg("fill in the coins of every side (one may be left empty: it gets the rest)"),
        }
        counts: dict[str, list[int]] = {}
        for what, total in (("cards", DECK_SIZE), ("coins", COINS_IN_DECK)):
            values = typed_counts[what]
            empty = [i for i, v in enumerate(values) if v is None]
            if len(empty) == 1:
                values[empty[0]] = max(0, total - sum(v for v in values if v is not None))
            elif empty:
                raise InvalidRoundError(asks[what], f"sides[{empty[0]}].tally.{what}")
            counts[what] = [v for v in values if v is not None]  # every side's, now that none is empty
        cards, coins = counts["cards"], counts["coins"]
        holders = {"donna_di_denari": self.donna_di_denari.data, "grande": self.grande.data}
        asks_holder = {
            "donna_di_denari": msg("donna di denari: tap who took the Cavallo of coins"),
            "grande": msg("grande: tap who holds Fante, Cavallo and Re of coins, or Nobody"),
        }
        for what, holder in holders.items():
            if getattr(rules, what) and not holder:
                raise InvalidRoundError(asks_holder[what], f"sides[0].tally.{what}")
        primes = [s.primiera.data for s in sides]
        typed = any(p is not None for p in primes)
        by = self.primiera_by.data or ("values" if typed else None)
        if by is None or (by == "values" and not typed):
            raise InvalidRoundError(msg("primiera: tap who won it (or Tie), or type each side's value"), "primiera_by")
        won = None if by == "values" else [by == str(i) for i in range(n)]
        scopas, knocks = self.scopas(), self.knocks()
        out = []
        for i, side in enumerate(sides):
            tally = Tally(
                cards=cards[i],
                coins=coins[i],
                settebello=self.settebello.data == str(i),
                primiera=primes[i],
                primiera_won=won[i] if won else None,
                napola=(side.napola.data or 0) if rules.napola else 0,
                re_bello=bool(rules.re_bello) and self.re_bello.data == str(i),
                donna_di_denari=bool(rules.donna_di_denari) and holders["donna_di_denari"] == str(i),
                grande=bool(rules.grande) and holders["grande"] == str(i),
            )
            out.append(SideEntry(scopas[i], tally=tally, knocks=knocks[i]))
        return HandEntry(tuple(out), self.called())

    def show(self, entry: HandEntry) -> None:
        """Fill the form with a stored hand (for a correction)."""
        for i, side in enumerate(entry.sides):
            fields = self.sides[i].form
            fields.scopas.data = side.scopas
            t = side.tally
            if t is None:
                continue
            fields.cards.data, fields.coins.data = t.cards, t.coins
            fields.primiera.data = t.primiera
            fields.napola.data = t.napola or None
            if t.settebello:
                self.settebello.data = str(i)
            if t.re_bello:
                self.re_bello.data = str(i)
            if t.donna_di_denari:
                self.donna_di_denari.data = str(i)
            if t.grande:
                self.grande.data = str(i)
            if t.primiera_won:
                self.primiera_by.data = str(i)
        self.show_knocks(entry)
        tallies = [s.tally for s in entry.sides if s.tally is not None]
        if tallies and not self.grande.data:
            self.grande.data = "none"  # only read where the rules play the grande
        if tallies and all(t.primiera_won is not None for t in tallies) and not any(t.primiera_won for t in tallies):
            self.primiera_by.data = "none"


# What each row of the winners form is called and asks; a row left unanswered says which it is.
WON_ROWS = {
    "cards": (_l("Cards"), _l("cards: tap who took the most cards, or Tie")),
    "coins": (_l("Coins"), _l("coins: tap who took the most coins, or Tie")),
    "settebello": (_l("Settebello"), _l("settebello: tap who took the 7 of coins")),
    "primiera": (_l("Primiera"), _l("primiera: tap who won it, or Tie")),
    "re_bello": (_l("Re bello"), _l("re bello: tap who took the King of coins")),
    "donna_di_denari": (_l("Donna di denari"), _l("donna di denari: tap who took the Cavallo of coins")),
    "grande": (_l("Grande"), _l("grande: tap who holds Fante, Cavallo and Re of coins, or Nobody")),
}
NAPOLA_POINTS = tuple(range(NAPOLA_MIN, COINS_IN_DECK + 1))
# A row's answer besides one side: "tie" (tied, or nobody: see _WonFields), "none" (nobody), or tied sides "0+2".
TIE, NOBODY = "tie", "none"


def _won_row(category: str) -> RadioField:
    label, ask = WON_ROWS[category]
    return RadioField(label, choices=[], invalid_choice_message=ask)


def _tied_sets(n: int) -> list[tuple[int, ...]]:
    """The ways two or more of ``n`` sides can tie, the pairs first: ``[(0, 1), (0, 2), (1, 2), (0, 1, 2)]`` for 3."""
    return [group for size in range(2, n + 1) for group in combinations(range(n), size)]


class _WonFields(HandForm):
    """A hand by winners: for each category the side that won it (or Tie), who had the napola, and knocks.

    The categories asked are the core's (``won_categories``); a row the rules do not play is removed.
    Every row must be answered: a forgotten row is an error naming it, never a silent tie. Under
    ``tie_points: "each"`` a tie scores for each tied side, so a row that can be tied asks which sides tied
    ("Tie: a point each" for two sides, each group of tied sides for more; the primiera also "Nobody", for a
    hand where no side can count it). With ``coin_points`` on the table must say every coin's point, which
    winners cannot: the form asks nothing (``by_winners`` is False), its page points to counts and cards,
    and the core refuses a winners hand sent anyway.
    """

    sides = FieldList(FormField(SideScopasForm), max_entries=MAX_SIDES)
    # Made from the table below (WonForm), with the category rows; removed when the rules play no napola.
    napola: RadioField
    napola_points: RadioField

    def __init__(
        self, names: Sequence[str], formdata: Mapping[str, Any] | None = None, *, rules: Rules, **kwargs: Any
    ) -> None:
        self.rules = rules
        self.by_winners = not rules.coin_points
        self.asked = won_categories(rules) if self.by_winners else ()
        self.each = rules.tie_points == "each"
        super().__init__(names, formdata, **kwargs)
        sides = [SelectChoice(str(i), name) for i, name in enumerate(names)]
        for category in WON_CATEGORIES:
            if category not in self.asked:
                del self[f"won_{category}"]
                continue
            self.row(category).choices = sides + self._besides(category)
        self.napola_points_offered = tuple(range(NAPOLA_MIN, rules.napola_max + 1))
        if rules.napola and self.by_winners:
            self.napola.choices = [*sides, SelectChoice(NOBODY, gettext("Nobody"))]
            self.napola_points.choices = [SelectChoice(str(n), str(n)) for n in self.napola_points_offered]
        else:
            del self["napola"], self["napola_points"]
        self.fit_call()

    def _besides(self, category: str) -> list[SelectChoice]:
        """A row's answers besides one side: none for a single card, Nobody for the grande, else the ties."""
        if category in NO_TIE:
            return []
        if category in ONE_HOLDER:
            return [SelectChoice(TIE, gettext("Nobody"))]
        if not self.each:
            return [SelectChoice(TIE, gettext("Tie"))]
        n = len(self.names)
        out = [
            SelectChoice(
                TIE if len(group) == n else "+".join(str(i) for i in group),
                gettext("Tie: a point each")
                if n == 2
                else (gettext("All tie") if len(group) == n else " = ".join(self.names[i] for i in group)),
            )
            for group in _tied_sets(n)
        ]
        return out + ([SelectChoice(NOBODY, gettext("Nobody"))] if category == "primiera" else [])

    def fit_call(self) -> None:
        """In a hand stopped by a call out, the settebello (and the re bello) may not be taken yet."""
        if self.called() is None:
            return
        for category in NO_TIE & set(self.asked):
            row = self.row(category)
            if all(c.value != TIE for c in row.choices):
                row.choices = [*row.choices, SelectChoice(TIE, gettext("Nobody yet"))]

    def row(self, category: str) -> RadioField:
        return field_named(self, f"won_{category}", RadioField)

    def rows(self) -> list[RadioField]:
        """The category rows, in the core's order."""
        return [self.row(c) for c in self.asked]

    def named_rows(self) -> list[tuple[str, RadioField]]:
        """Each category asked and its row, in the core's order (the page labels a row by its category's name)."""
        return [(c, self.row(c)) for c in self.asked]

    def winners_of(self, category: str) -> tuple[int, ...]:
        """The sides a row's answer gives the category to: one side, the tied sides under "each", or none."""
        answer = self.row(category).data
        n = len(self.names)
        if not isinstance(answer, str):
            return ()
        if answer == TIE:
            shared = self.each and category not in ONE_HOLDER
            return tuple(range(n)) if shared else ()
        parts = answer.split("+")
        if all(p.isascii() and p.isdigit() and len(p) <= 2 and int(p) < n for p in parts):
            return tuple(sorted({int(p) for p in parts}))
        return ()

    def validate_napola_points(self, field: SelectField) -> None:
        holder = self.napola.data
        if holder not in (None, "", NOBODY) and field.data not in {c.value for c in field.choices}:
            offered = self.napola_points_offered
            raise ValidationError(
                gettext("napola: tap its points (%(low)s to %(high)s)", low=offered[0], high=offered[-1])
            )

    def validate(self, extra_validators: dict[str, Any] | None = None) -> bool:
        valid = super().validate(extra_validators)
        for field in self.rows():
            # A row names one side: a request naming two (no page sends one) must not give it to either silently.
            if len(set(field.raw_data or ())) > 1:
                field.errors = [gettext("%(row)s: tap only one side, or Tie", row=str(field.label.text).lower())]
                valid = False
        unanswered = [str(f.label.text).lower() for f in self.rows() if not f.data]
        if "napola" in self and not self.napola.data:
            unanswered.append(str(self.napola.label.text).lower())
        if len(unanswered) > 1:
            self.error = msg("answer every row: %(rows)s are not answered", rows=listing(unanswered, Join.AND))
        return valid

    def entry(self, rules: Rules | None = None) -> HandEntry:
        """The hand as the table told it: each side's categories, its napola points, scopas and knocks."""
        n = len(self.names)
        won: list[set[str]] = [set() for _ in range(n)]
        for category in self.asked:
            for side in self.winners_of(category):
                won[side].add(category)
        napola = [0] * n
        if "napola" in self:
            holder, points = self.napola.data, self.napola_points.data
            if isinstance(holder, str) and holder.isdigit() and int(holder) < n and str(points).isdigit():
                napola[int(holder)] = int(points)
        scopas, knocks = self.scopas(), self.knocks()
        return HandEntry(
            tuple(SideEntry(scopas[i], won=frozenset(won[i]), napola=napola[i], knocks=knocks[i]) for i in range(n)),
            self.called(),
        )

    def show(self, entry: HandEntry) -> None:
        """Fill the form with a stored hand (a correction, or a hand brought back by Undo)."""
        n = len(self.names)
        for category in self.asked:
            holders = [i for i, s in enumerate(entry.sides) if s.won is not None and category in s.won]
            row = self.row(category)
            if len(holders) == 1:
                row.data = str(holders[0])
            elif len(holders) == n and self.each:
                row.data = TIE
            elif holders:
                row.data = "+".join(str(i) for i in holders)
            elif category in NO_TIE:
                row.data = None
            elif self.each and category not in ONE_HOLDER:
                row.data = NOBODY if category == "primiera" else None
            else:
                row.data = TIE
        if "napola" in self:
            holders = [i for i, s in enumerate(entry.sides) if s.napola]
            self.napola.data = str(holders[0]) if holders else NOBODY
            self.napola_points.data = str(entry.sides[holders[0]].napola) if holders else None
        for i, side in enumerate(entry.sides):
            self.sides[i].form.scopas.data = side.scopas
        self.show_knocks(entry)

    def place_error(self, err: ScopaError, entry: HandEntry | None = None) -> None:
        """A core error beside its row: the napola's points for ``sides[i].napola``, else above the form."""
        if err.field and re.match(r"^sides\[\d+\]\.napola$", err.field) and "napola" in self:
            self.napola_points.errors = [*self.napola_points.errors, err.message]
            self.error = err.message
            return
        super().place_error(err, entry)


# One row per category the core knows (``won_cards`` ...), then the napola, in the order the page shows them;
# the form drops the rows its game does not play.
WonForm = form_class(
    "WonForm",
    _WonFields,
    {
        **{f"won_{c}": _won_row(c) for c in WON_CATEGORIES},
        "napola": RadioField(_l("Napola"), choices=[], invalid_choice_message=_l("napola: tap who had it, or Nobody")),
        "napola_points": RadioField(_l("Napola points"), choices=[], validate_choice=False),
    },
)


# --- Small action forms ------------------------------------------------------------------------------


class ScopaForm(FlaskForm):
    """Mark (1) or take back (-1) a scopa of the hand in progress."""

    side = WholeNumber(_l("Side"), 0, MAX_SIDES - 1)
    # No default: a request that does not say which button was pressed must not add a scopa.
    change = RadioField(
        choices=[SelectChoice("1", _l("a scopa")), SelectChoice("-1", _l("take one back"))],
        default=None,
        invalid_choice_message=_l("add or take back one scopa"),
    )
    # The hand being played as the page saw it: a scopa for a hand saved meanwhile on another phone is refused.
    hand = WholeNumber("Hand", 1, 2**31 - 1)
    submission_id = HiddenField(default=new_submission_id)


class DeleteForm(FlaskForm):
    """Delete the hand the page showed: its id and version, so a moved or changed hand is not removed."""

    submission_id = HiddenField(default=new_submission_id)
    version = WholeNumber("Version", 0, 2**62)
    round_id = HiddenField()


class UndoForm(FlaskForm):
    """Undo the hand this phone just saved, named by its id and version."""

    submission_id = HiddenField(default=new_submission_id)
    round_id = HiddenField()
    version = WholeNumber("Version", 0, 2**62)


class JoinGroupForm(FlaskForm):
    """Add a game to one of the groups this phone keeps."""

    group = HiddenField()
