"""The capture checker: every legal play for a table and a hand, verdicts on claims, the deal check.

The whole position lives in the URL (``/check?table=1b,2c,6s&hand=8d``), so it
can be shared by link or QR code and the page works without JavaScript.  The
form only reads the query string; which positions can occur and what may be
played is the rules core's to say (``check_position``, ``plays_by_card``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any
from urllib.parse import urlencode

from flask import abort, redirect, render_template, request, url_for
from flask_babel import gettext
from flask_wtf import FlaskForm
from markupsafe import Markup
from werkzeug.wrappers import Response
from wtforms import BooleanField, Field, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.form import BaseForm
from wtforms.validators import ValidationError

from scorekeeper.rules import DECK, PROFILES, Card, DeckStyle, Rules, ScopaError
from scorekeeper.rules.ledger import Game
from scorekeeper.rules.moves import (
    CardPlays,
    DealCheck,
    MoveGroup,
    Verdict,
    deal_check,
    deal_question,
    judge_play,
    plays_by_card,
    position_errors,
)
from scorekeeper.rules.options import CAPTURE_OPTIONS, OPTION_CHOICES, OPTION_HELP, OPTION_TITLES, value_label
from scorekeeper.rules.text import Msg, Text, Voice, msg
from scorekeeper.services import games
from scorekeeper.services.errors import NotFound
from scorekeeper.web.checker import bp
from scorekeeper.web.common import limits, rendered
from scorekeeper.web.common.context import absolute, store
from scorekeeper.web.common.fields import field_named, said
from scorekeeper.web.common.fields import sentence as as_sentence
from scorekeeper.web.common.i18n import DECK_NAMES, say, voice
from scorekeeper.web.common.lazy import _l
from scorekeeper.web.common.rendered import RenderedCache
from scorekeeper.web.common.widgets import card_grid, option_label, option_text, option_value, rule_error

# Input bounds, so no query string costs more than a normal position: a list of all 40 cards, typed
# with the longest codes ("10d") and separators, fits in 200 characters.
CARDS_TEXT_MAX = 200
NAME_TEXT_MAX = 40  # a profile, an option value or a deck style is one short word
GAME_ID_MAX = 64  # game ids are 16 characters; room to spare without echoing a page of text
# Where a core error's field is shown: the core names a claimed play's card and capture differently.
FIELD_OF = {"card": "play", "capture": "take"}
# The house rules the checker asks about: what may be captured and what a sweep is, and the deal check's rules.
OPTIONS = (*CAPTURE_OPTIONS, "scopa_in_last_deal", "redeal", "deal_fifteen")


def _at_most(limit: int) -> Callable[[BaseForm, Field], None]:
    """A validator on the text as sent (a menu's value is checked before it is read as an option value)."""

    def check(form: BaseForm, field: Field) -> None:
        if field.raw_data and len(field.raw_data[0]) > limit:
            raise ValidationError(gettext("at most %(max)s characters, please", max=limit))

    return check


class CardsField(Field):
    """Cards as codes, comma- or space-separated, or repeated (``take=4s&take=1b``).

    Every code is read by the core's ``Card.parse``; the first one it cannot read is the field's error.
    """

    data: list[Card]

    def __init__(self, label: object = None, *, single: bool = False, **kwargs: Any) -> None:
        super().__init__(label, default=list, **kwargs)
        self.single = single

    def process_formdata(self, valuelist: list[str]) -> None:
        self.data = []
        text = ",".join(valuelist)
        if len(text) > CARDS_TEXT_MAX:
            raise ValueError(msg("at most %(max)s characters, please", max=CARDS_TEXT_MAX))
        codes = [code for code in text.replace(" ", ",").split(",") if code]
        if len(codes) > len(DECK):
            raise ValueError(msg("%(n)s cards listed; the deck has %(max)s", n=len(codes), max=len(DECK)))
        if self.single and len(codes) > 1:
            raise ValueError(msg("name one card"))
        problem = None
        for code in codes:
            try:
                self.data.append(Card.parse(code))
            except ScopaError as err:
                problem = problem or err.message
        if problem:
            raise ValueError(problem)

    def _value(self) -> str:
        return ",".join(map(str, self.data or []))


def _menu(key: str) -> SelectField:
    # The core checks the chosen value against the option's choices, so any text is passed on to it.
    choices = [SelectChoice("", _l("as the profile"))]
    choices += [SelectChoice(option_text(c), option_label(c)) for c in OPTION_CHOICES[key]]
    return SelectField(
        said(OPTION_TITLES[key]),
        choices=choices,
        coerce=option_value,
        validate_choice=False,
        validators=[_at_most(NAME_TEXT_MAX)],
        description=said(OPTION_HELP[key]),
    )


class CheckerForm(FlaskForm):
    """The checker's question, read from the query string: cards, rules, and the play to judge."""

    table = CardsField(_l("Table"))
    hand = CardsField(_l("Hand"))
    play = CardsField(_l("Card played"), single=True)
    take = CardsField(_l("Cards taken from the table"))
    profile = SelectField(
        _l("Profile"),
        choices=[SelectChoice(p.name, said(p.title)) for p in PROFILES.values()],
        validate_choice=False,
        validators=[_at_most(NAME_TEXT_MAX)],
    )
    style = SelectField(
        _l("Deck"),
        # Left as the profile, the deck is the profile's own (Escoba's Spanish cards, Cirulla's French ones).
        choices=[SelectChoice("", _l("as the profile"))]
        + [SelectChoice(s.value, DECK_NAMES[s.value]) for s in DeckStyle],
        validate_choice=False,
        validators=[_at_most(NAME_TEXT_MAX)],
    )
    last = BooleanField(_l("Last card of the hand"), false_values=("", "0", "false"))
    # Asked only where no scopa counts in the last deal (scopa_in_last_deal false); the API's ``last_deal``.
    last_deal = BooleanField(_l("Last deal: no cards left to deal"), false_values=("", "0", "false"))
    deal = BooleanField(_l("First deal: the 4 cards on the table"), false_values=("", "0", "false"))
    lead = BooleanField(_l("First card of the hand (no ace may lead)"), false_values=("", "0", "false"))
    game = StringField(_l("Game"), validators=[_at_most(GAME_ID_MAX)])

    def __init__(self, **kwargs: Any) -> None:
        # A GET form: it reads the query string, and a shared link carries no CSRF token.
        if "formdata" not in kwargs:
            try:
                kwargs["formdata"] = request.args
            except UnicodeDecodeError:
                # Browsers percent-encode addresses; raw bytes that are not UTF-8 come from a broken link.
                abort(400, gettext("This address is not valid text (UTF-8). Open the checker again from its link."))
        kwargs.setdefault("meta", {"csrf": False})
        super().__init__(**kwargs)
        self.rules = Rules()
        self.deck_style = DeckStyle.ITALIAN
        self.usual_style = DeckStyle.ITALIAN  # the game's deck, or else the profile's: what the link leaves out

    def grid_fields(self) -> list[SelectField]:
        """The per-card menus of the grid, in deck order."""
        return [field_named(self, f"c_{card}", SelectField) for card in DECK]

    def read_grid(self) -> bool:
        """Take the table and the hand from the per-card grid, if it was sent (the page without JavaScript)."""
        cells = self.grid_fields()
        if not any(cell.raw_data for cell in cells):
            return False
        self.table.data = [card for card, cell in zip(DECK, cells, strict=True) if cell.data == "t"]
        self.hand.data = [card for card, cell in zip(DECK, cells, strict=True) if cell.data == "h"]
        self.table.errors, self.hand.errors = [], []
        return True

    def entered_query(self) -> dict[str, str]:
        """The short URL of what was sent: the grid's cards as lists, every other field as typed."""
        params = {"table": self.table._value(), "hand": self.hand._value()}
        for field in self:
            if field.name not in params and not field.name.startswith("c_") and field.raw_data:
                params[field.name] = ",".join(field.raw_data)
        return {k: v for k, v in params.items() if v}

    def settle(self, game: Game | None) -> None:
        """Work out the rules and deck style (a game's, then the menus'); show them in the menus."""
        base = game.rules.overrides() if game else {}
        data = {"profile": self.profile.data} if self.profile.data else dict(base)
        for key in OPTIONS:
            if self[key].data is not None and not self[key].errors:
                data[key] = self[key].data
        if not any(self[key].errors for key in ("profile", *OPTIONS)):
            try:
                self.rules = Rules.from_dict(data)
            except ScopaError as err:
                self.add_error(err, "profile")
        # The deck: the game's, or else the profile's own; the menu's choice over either.
        self.usual_style = game.deck_style if game else DeckStyle.parse(self.rules.profile_info.deck)
        self.deck_style = self.usual_style
        # The menu's first choice says which deck "as the profile" (or the game) is.
        usual = DECK_NAMES[self.usual_style.value]
        first = (
            gettext("as the game: %(deck)s", deck=usual) if game else gettext("as the profile: %(deck)s", deck=usual)
        )
        self.style.choices = [SelectChoice("", first), *self.style.choices[1:]]
        if self.style.data and not self.style.errors:
            try:
                self.deck_style = DeckStyle.parse(self.style.data)
            except ScopaError as err:
                self.add_error(err, "style")
        # What the menus show: the choice made, or else what the game or the profile plays.
        if not self.profile.data:
            self.profile.data = self.rules.profile
        for key, value in self.rules.overrides().items():
            if key in OPTIONS and self[key].data is None:
                self[key].data = value

    @property
    def asks_last_deal(self) -> bool:
        """Whether "last deal?" changes anything: only with scopa_in_last_deal off (elsewhere it is left out)."""
        return not self.rules.scopa_in_last_deal

    def add_error(self, err: ScopaError, default: str = "table", message: Text | None = None) -> None:
        """Show a core error (or ``message`` about it) beside the field it names; one a field is enough to act on."""
        name = (err.field or default).split("[")[0].split(".")[0]
        name = FIELD_OF.get(name, name)
        field = self[name] if name in self else self[default]
        if not field.errors:
            field.errors = [message or rule_error(err)]

    def _game_id(self) -> str:
        return self.game.data if self.game.data and not self.game.errors else ""

    @property
    def field_errors(self) -> dict[str, object]:
        """The first message of each field that has one."""
        return {field.name: field.errors[0] for field in self if field.errors}

    def query(self, **changes: str) -> dict[str, str]:
        """The URL parameters of this position (with ``changes``), in their shortest form."""
        params = {
            "table": self.table._value(),
            "hand": self.hand._value(),
            # With a game, the profile is always said: the game's own may not be the one chosen.
            "profile": self.rules.profile if self.rules.profile != "classic" or self._game_id() else "",
            **{k: option_text(v) for k, v in self.rules.overrides().items() if k in OPTIONS},
            "style": self.deck_style.value if self.deck_style is not self.usual_style else "",
            "last": "1" if self.last.data else "",
            "last_deal": "1" if self.last_deal.data and self.asks_last_deal else "",
            "deal": "1" if self.deal.data else "",
            "lead": "1" if self.lead.data else "",
            "play": self.play._value(),
            "take": self.take._value(),
            "game": self._game_id(),
        }
        params.update(changes)
        return {k: v for k, v in params.items() if v}


for _key in OPTIONS:
    setattr(CheckerForm, _key, _menu(_key))
for _card in DECK:
    # A cell of the grid without JavaScript: where the card lies, "t" on the table, "h" in the hand, "" neither.
    _cell = SelectField(choices=[SelectChoice(where, where) for where in ("", "t", "h")], validate_choice=False)
    setattr(CheckerForm, f"c_{_card}", _cell)


def sentence(text: Text) -> str:
    """A message as a sentence (``forms.sentence``), in the reader's language; an option's name first
    ("capture_choice must be ...") read as its menu's label."""
    shown = say(text) if isinstance(text, Msg) else str(text)
    first, space, rest = shown.strip().partition(" ")
    return as_sentence(first.replace("_", " ") + space + rest)


@bp.get("/check")
@limits.checker
def capture_checker() -> Response | tuple[str, int]:
    """Every legal play for a table and a hand, a verdict on a claimed capture, and the deal check."""
    form = CheckerForm()
    form.validate()
    if form.read_grid() and not form.field_errors:
        # The grid without JavaScript sends one field per card: turn it into the short, shareable form.
        # The answer is what was asked for: the page opens at it.
        query = urlencode(form.entered_query(), safe=",")
        return redirect(url_for("checker.capture_checker") + "?" + query + "#answer")
    game = None
    if form.game.data and not form.game.errors:
        try:
            game = games.get(store(), form.game.data)
        except NotFound as missing:
            form.game.errors.append(
                msg("%(problem)s. The checker uses classic rules instead.", problem=missing.message)
            )
    form.settle(game.game if game else None)
    table, hand, play, take = form.table.data, form.hand.data, form.play.data, form.take.data
    last_deal = form.last_deal.data and form.asks_last_deal
    asked = bool(table or hand or form.deal.data)
    plays: list[CardPlays] = []
    verdict: Verdict | None = None
    dealt: DealCheck | None = None
    if asked:
        found = position_errors(hand, table, deal=form.deal.data, play=play[0] if play else None, take=take)
        for problem in found:
            # A position's problems are about cards the person tapped: they are named in the deck style.
            form.add_error(problem, message=say(problem.message, form.deck_style))
    if asked and not form.field_errors:
        try:
            if form.deal.data:
                dealt = deal_check(table, form.rules)
            if hand:
                plays = plays_by_card(
                    hand,
                    table,
                    form.rules,
                    form.last.data,
                    form.deck_style,
                    first_lead=form.lead.data,
                    last_deal=last_deal,
                )
            if play:
                verdict = judge_play(
                    play[0],
                    take,
                    table,
                    form.rules,
                    form.last.data,
                    form.deck_style,
                    first_lead=form.lead.data,
                    hand=hand or None,
                    last_deal=last_deal,
                )
        except ScopaError as err:
            form.add_error(err)
    # Commas stay as they are: a shorter link makes a smaller QR code, quicker to draw and to scan.
    path = url_for("checker.capture_checker") + ("?" + urlencode(form.query(), safe=",") if asked else "")
    # One voice for the request: a crowded table names thousands of cards, and each voice made costs a catalogue
    # look-up (the cost budget, bench/budget.py).
    said = voice(form.deck_style)
    names: dict[Card, str] = {}

    def card_name(card: Card, style: object = None) -> str:
        # A crowded table names its cards hundreds of times: each name is made once.
        if card not in names:
            names[card] = said.card(card)
        return names[card]

    html = render_template(
        "checker/checker.html",
        form=form,
        style=form.deck_style,
        picker=picker(form.deck_style, table, hand),
        plays=plays,
        verdict=verdict,
        dealt=dealt,
        describe=lambda group: describe(group, card_name),
        card_name=card_name,
        card_list=lambda cards, style=None, joiner=", ": joiner.join(map(card_name, cards)),
        named=lambda text: as_sentence(said.say(text)),
        say=lambda text, style=None: said.say(text),
        sentence=sentence,
        # The family's own word for a sweep: Escoba's is an "escoba".
        sweep_word=gettext("ESCOBA") if form.rules.family == "escoba" else gettext("SCOPA"),
        deal_question=said.say(deal_question(form.rules)),
        clear_url=_clear_url(form),
        options=[form[key] for key in OPTIONS],
        choices={key: _choices(form[key], key, said) for key in OPTIONS},
        share_url=absolute(path),
        qr_path=path if asked else None,
        game=game,
        profile_options=_profile_options(),
    )
    return html, 400 if form.field_errors else 200


# The 40-card picker (a cell and a menu per card) is most of the page, and the same for every position in a
# language and deck style: rendered once (templates/checker/_picker.html) and kept, with a mark where each card's
# place goes, filled in for each request. Kept per language and deck style, and per database and address as every
# kept text is (``rendered.request_key``): a few, at most.
PICKERS = 16
pickers = RenderedCache(PICKERS)
_PLACE = re.compile(r"@@([wth]):(\w+)@@")


def picker(style: DeckStyle, table: Iterable[Card], hand: Iterable[Card]) -> Markup:
    """The picker with the position's cards in place: a card's cell marked ``where-t`` or ``where-h`` and that
    choice selected in its menu."""
    key = rendered.request_key("checker picker", style.value)
    kept = pickers.keep(key, lambda: render_template("checker/_picker.html", grid=card_grid(style), style=style))
    where = {**{str(c): "t" for c in table}, **{str(c): "h" for c in hand}}

    def place(mark: re.Match[str]) -> str:
        kind, at = mark[1], where.get(mark[2], "")
        if kind == "w":
            return f"where-{at}" if at else ""
        return "selected" if at == kind else ""

    return Markup(_PLACE.sub(place, kept))  # the kept text is the template's, escaped as it was rendered


@cache
def _profile_options() -> dict[str, dict[str, str]]:
    """Each profile's options the checker asks about (classic's whole, the others' only where they differ;
    checker.js fills in the rest), for the script that shows a house rule only where it applies. The same for
    every request: made once."""
    classic = Rules()
    return {
        p: {
            k: option_text(getattr(Rules.for_profile(p), k))
            for k in OPTIONS
            if p == "classic" or getattr(Rules.for_profile(p), k) != getattr(classic, k)
        }
        for p in PROFILES
    }


def _choices(field: Field, key: str, said: Voice) -> list[tuple[str, str, bool]]:
    """A house rule's menu as (value, label, selected) in the reader's language: written out by the template, as
    WTForms would, without a catalogue look-up per choice (fifteen menus are most of a typical page's cost)."""
    shown = [("", gettext("as the profile"))]
    shown += [(option_text(c), said.say(value_label(c))) for c in OPTION_CHOICES[key]]
    return [(text, label, option_value(text) == field.data) for text, label in shown]


def describe(group: MoveGroup, name: Callable[[Card], str]) -> str:
    """A group's capture in words, each card named by ``name`` (in the deck style): "6 di Spade + 2 di Coppe",
    "one of 4 di Denari / 4 di Spade + Asso di Bastoni"; an ace taking itself on an empty table names itself."""
    if group.kind == "self":
        return name(group.card)
    parts = []
    for _, count, cards in group.parts:
        names = [name(c) for c in cards]
        if count == len(cards):
            parts.append(" + ".join(names))
        elif count == 1:
            parts.append(names[0] if len(names) == 1 else gettext("one of %(cards)s", cards=" / ".join(names)))
        else:
            parts.append(gettext("%(n)s of %(cards)s", n=count, cards=" / ".join(names)))
    return " + ".join(parts)


def _clear_url(form: CheckerForm) -> str:
    """The checker with an empty position and the same rules, deck style and game."""
    empty = form.query(table="", hand="", play="", take="", last="", last_deal="", deal="", lead="")
    return url_for("checker.capture_checker") + ("?" + urlencode(empty, safe=",") if empty else "")


@bp.get("/g/<game_id>/check")
@limits.checker
def game_checker(game_id: str) -> Response:
    """The checker with a game's rules and deck style."""
    games.get(store(), game_id)
    return redirect(url_for("checker.capture_checker", game=game_id))
