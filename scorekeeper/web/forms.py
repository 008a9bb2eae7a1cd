"""Forms: the new-game form (Flask-WTF) and the readers of the hand forms.

Hand forms repeat fields per card and per side, so they are read from
``request.form`` here and turned into a ``HandEntry``; the rules core checks it.
Every reader raises ``ScopaError`` naming the field, and the page shows the
message beside it with everything the user entered kept.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping

from flask_wtf import FlaskForm
from wtforms import FieldList, IntegerField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import NumberRange, Optional

from scorekeeper.rules import DECK, PROFILES, Card, DeckStyle, Side
from scorekeeper.rules.errors import InvalidRoundError
from scorekeeper.rules.ledger import HandEntry, SideEntry
from scorekeeper.rules.options import OPTION_CHOICES, OPTION_HELP, TARGET_RANGE
from scorekeeper.rules.scoring import Tally

MAX_PLAYERS = 6
LAYOUTS = [
    SelectChoice("teams", "In teams: 4 players as two partnerships, 6 as two teams of 3"),
    SelectChoice("alone", "Everyone for themselves"),
    SelectChoice("pairs", "6 players as three teams of 2"),
]


def option_label(value: object) -> str:
    """An option value as a menu shows it."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value).replace("_", " ")


class NewGameForm(FlaskForm):
    """Start a game: names in seat order, how they team up, the rules and the deck."""

    name = StringField("Name of the game", validators=[Optional()])
    players = FieldList(StringField("Player"), min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)
    layout = RadioField("Sides", choices=LAYOUTS, default="teams")
    profile = SelectField(
        "Rules", choices=[SelectChoice(p.name, p.title) for p in PROFILES.values()], default="classic"
    )
    target = IntegerField(
        "Target", validators=[Optional(), NumberRange(*TARGET_RANGE, message="a whole number from 1 to 99")]
    )
    deck_style = RadioField(
        "Deck", choices=[SelectChoice(s.value, s.title) for s in DeckStyle], default=DeckStyle.ITALIAN.value
    )

    def names(self) -> list[str]:
        """The names filled in, in seat order."""
        return [p.data.strip() for p in self.players if p.data and p.data.strip()]

    def sides(self) -> list[Side]:
        """The sides the names make: partners sit opposite, so seat 1 plays with seat 3."""
        names = self.names()
        n = len(names)
        if self.layout.data == "pairs" and n == 6:
            groups = [[names[i], names[i + 3]] for i in range(3)]
        elif self.layout.data == "teams" and n in (4, 6):
            groups = [names[0::2], names[1::2]]
        else:
            groups = [[name] for name in names]
        return [Side(team_name(g), tuple(g)) for g in groups]

    def rules_data(self, form: Mapping[str, str]) -> dict:
        """The rules object from the profile, the target and the house-rule menus that were changed."""
        data: dict = {"profile": self.profile.data}
        for key, choices in OPTION_CHOICES.items():
            raw = form.get(f"opt_{key}", "")
            for choice in choices:
                if raw == str(choice).lower():
                    data[key] = choice
        if self.target.data is not None:
            data["target"] = self.target.data
        return data


def team_name(players: list[str]) -> str:
    """A side's name from its players: "Anna", "Anna & Carla", "Anna, Carla & Elena"."""
    if len(players) <= 2:
        return " & ".join(players)
    return ", ".join(players[:-1]) + " & " + players[-1]


def option_menus(selected: Mapping[str, str]) -> list[dict]:
    """The house-rule menus: each option with its values and help, and what was chosen."""
    return [
        {
            "key": key,
            "help": OPTION_HELP[key],
            "choices": [(str(c).lower(), option_label(c)) for c in choices],
            "selected": selected.get(f"opt_{key}", ""),
        }
        for key, choices in OPTION_CHOICES.items()
    ]


def new_submission_id() -> str:
    """A fresh id for one change, carried by the form so a double tap records it once."""
    return uuid.uuid4().hex


# --- Hand forms ------------------------------------------------------------------------------------


def _digits(raw: str) -> bool:
    """A short whole number in ASCII digits (``²`` and 5,000-digit numbers are not)."""
    return raw.isascii() and raw.isdigit() and len(raw) <= 6


def pile_assignment(form: Mapping[str, str], sides: int) -> dict[Card, int]:
    """Which side each card was given to (fields ``c_7d`` = side index; empty: not given)."""
    out: dict[Card, int] = {}
    for card in DECK:
        raw = form.get(f"c_{card}", "")
        if raw == "":
            continue
        if not _digits(raw) or int(raw) >= sides:
            raise InvalidRoundError(f"{card} was given to an unknown side", f"c_{card}")
        out[card] = int(raw)
    return out


def read_scopas(form: Mapping[str, str], sides: int) -> list[int]:
    """The scopas of each side (fields ``scopas_0``...); empty means 0."""
    out = []
    for i in range(sides):
        raw = form.get(f"scopas_{i}", "").strip() or "0"
        if not _digits(raw):
            raise InvalidRoundError("scopas must be a whole number, 0 or more", f"scopas_{i}")
        out.append(int(raw))
    return out


def piles_entry(form: Mapping[str, str], sides: int) -> HandEntry:
    """The hand as entered on the card grid."""
    given = pile_assignment(form, sides)
    scopas = read_scopas(form, sides)
    piles = [tuple(c for c in DECK if given.get(c) == i) for i in range(sides)]
    return HandEntry(tuple(SideEntry(scopas[i], pile=piles[i]) for i in range(sides)))


def _number(form: Mapping[str, str], name: str, what: str) -> int | None:
    raw = form.get(name, "").strip()
    if raw == "":
        return None
    if not _digits(raw):
        raise InvalidRoundError(f"{what} must be a whole number", name)
    return int(raw)


def counts_entry(form: Mapping[str, str], sides: int, napola: bool = False, re_bello: bool = False) -> HandEntry:
    """The hand as quick counts; one side's cards or coins left empty get what the others leave."""
    cards = [_number(form, f"cards_{i}", "cards") for i in range(sides)]
    coins = [_number(form, f"coins_{i}", "coins") for i in range(sides)]
    for values, total, what in ((cards, 40, "cards"), (coins, 10, "coins")):
        empty = [i for i, v in enumerate(values) if v is None]
        if len(empty) == 1:
            values[empty[0]] = max(0, total - sum(v for v in values if v is not None))
        elif empty:
            raise InvalidRoundError(
                f"fill in the {what} of every side (one may be left empty: it gets the rest)", f"{what}_{empty[0]}"
            )
    settebello = form.get("settebello", "")
    if not _digits(settebello) or int(settebello) >= sides:
        raise InvalidRoundError("choose who took the settebello (7 of coins)", "settebello")
    primiera_by = form.get("primiera_by", "values")
    primes = [_number(form, f"primiera_{i}", "the primiera") for i in range(sides)]
    if primiera_by == "values" and all(p is None for p in primes):
        raise InvalidRoundError("give each side's primiera, or choose who won it", "primiera_by")
    won = None
    if primiera_by != "values":
        won = [primiera_by == str(i) for i in range(sides)]
    king = form.get("re_bello", "")
    napola_points = [(_number(form, f"napola_{i}", "the napola") or 0) if napola else 0 for i in range(sides)]
    scopas = read_scopas(form, sides)
    out = []
    for i in range(sides):
        tally = Tally(
            cards=cards[i],
            coins=coins[i],
            settebello=settebello == str(i),
            primiera=primes[i],
            primiera_won=won[i] if won else None,
            napola=napola_points[i],
            re_bello=re_bello and king == str(i),
        )
        out.append(SideEntry(scopas[i], tally=tally))
    return HandEntry(tuple(out))


def entry_form_values(entry: HandEntry) -> dict[str, str]:
    """The form fields that show a stored hand again (for editing)."""
    values: dict[str, str] = {}
    for i, side in enumerate(entry.sides):
        values[f"scopas_{i}"] = str(side.scopas)
        if side.pile is not None:
            for card in side.pile:
                values[f"c_{card}"] = str(i)
        elif side.tally is not None:
            t = side.tally
            values[f"cards_{i}"] = str(t.cards)
            values[f"coins_{i}"] = str(t.coins)
            if t.settebello:
                values["settebello"] = str(i)
            if t.primiera is not None:
                values[f"primiera_{i}"] = str(t.primiera)
            if t.primiera_won:
                values["primiera_by"] = str(i)
            if t.napola:
                values[f"napola_{i}"] = str(t.napola)
            if t.re_bello:
                values["re_bello"] = str(i)
    if any(s.tally is not None and s.tally.primiera_won is not None for s in entry.sides):
        values.setdefault("primiera_by", "none")
    return values
