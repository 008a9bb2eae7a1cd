"""The new-game form: names in seat order, how they team up, the rules, the target and the deck."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import Field, FieldList, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Optional

from scorekeeper.rules import PROFILES, DeckStyle, Side
from scorekeeper.rules.errors import ScopaError
from scorekeeper.rules.options import OPTION_CHOICES, OPTION_HELP, TARGET_RANGE
from scorekeeper.web.forms import MAX_SIDES, WholeNumber
from scorekeeper.web.widgets import option_label, option_text

MAX_PLAYERS = MAX_SIDES
LAYOUTS = [
    SelectChoice("teams", "In teams: 4 players as two partnerships, 6 as two teams of 3"),
    SelectChoice("alone", "Everyone for themselves"),
    SelectChoice("pairs", "6 players as three teams of 2"),
]


class _NewGameFields(FlaskForm):
    """Start a game: names in seat order, how they team up, the rules and the deck."""

    name = StringField("Name of the game", validators=[Optional()])
    players = FieldList(StringField("Player"), min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)
    layout = RadioField(
        "Sides", choices=LAYOUTS, default="teams", invalid_choice_message="choose how the sides team up"
    )
    profile = SelectField(
        "Rules",
        choices=[SelectChoice(p.name, p.title) for p in PROFILES.values()],
        default="classic",
        invalid_choice_message="choose one of the rule profiles listed",
    )
    target = WholeNumber("Target", *TARGET_RANGE)
    deck_style = RadioField(
        "Deck",
        choices=[SelectChoice(s.value, s.title) for s in DeckStyle],
        default=DeckStyle.ITALIAN.value,
        invalid_choice_message="choose one of the deck styles listed",
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

    def rules_data(self) -> dict:
        """The rules object from the profile, the target and the house-rule menus that were changed."""
        data: dict = {"profile": self.profile.data}
        for key, choices in OPTION_CHOICES.items():
            chosen = self[f"opt_{key}"].data
            for choice in choices:
                if chosen == option_text(choice):
                    data[key] = choice
        if self.target.data is not None:
            data["target"] = self.target.data
        return data

    def option_fields(self) -> list[Field]:
        """The house-rule menus, in the core's order."""
        return [self[f"opt_{key}"] for key in OPTION_CHOICES]

    def place_error(self, err: ScopaError) -> None:
        """Show a core error beside the field it is about (``rules.end`` -> ``opt_end``)."""
        field = err.field or ""
        if field.startswith("rules."):
            field = field[len("rules.") :]
        if not field or field.startswith("sides"):
            name = "players"
        elif field in ("profile", "target", "name", "deck_style"):
            name = field
        else:
            name = f"opt_{field}"
        target = self._fields.get(name)
        if target is None:
            self.form_errors.append(err.message)
        else:
            target.errors = [*target.errors, err.message]


def _option_menu(key: str) -> SelectField:
    choices = [SelectChoice("", "as the profile")] + [
        SelectChoice(option_text(c), option_label(c)) for c in OPTION_CHOICES[key]
    ]
    return SelectField(
        key.replace("_", " "),
        choices=choices,
        default="",
        description=OPTION_HELP[key],
        invalid_choice_message=f"choose one of the listed values for {key.replace('_', ' ')}",
    )


# One menu per house rule, generated from the core's option table.
NewGameForm = type("NewGameForm", (_NewGameFields,), {f"opt_{key}": _option_menu(key) for key in OPTION_CHOICES})


def team_name(players: list[str]) -> str:
    """A side's name from its players: "Anna", "Anna & Carla", "Anna, Carla & Elena"."""
    if len(players) <= 2:
        return " & ".join(players)
    return ", ".join(players[:-1]) + " & " + players[-1]
