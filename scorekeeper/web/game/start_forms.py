"""The new-game form: names in seat order, how they team up, the rules, the target and the deck."""

from __future__ import annotations

from flask_babel import LazyString, gettext, ngettext
from flask_wtf import FlaskForm
from wtforms import Field, FieldList, HiddenField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Optional

from scorekeeper.rules import PROFILES, DeckStyle, Rules, Side
from scorekeeper.rules.errors import ScopaError
from scorekeeper.rules.options import (
    DEFAULT_PROFILE,
    OPTION_CHOICES,
    OPTION_GROUPS,
    OPTION_HELP,
    OPTION_NEEDS,
    OPTION_TITLES,
    PLAYER_COUNTS,
    TARGET_RANGE,
)
from scorekeeper.rules.seats import DEFAULT_LAYOUT, LAYOUTS, is_clock, layouts_for, make_sides
from scorekeeper.web.common.fields import MAX_SIDES, WholeNumber, form_class, new_submission_id, said
from scorekeeper.web.common.i18n import DECK_NAMES, say
from scorekeeper.web.common.lazy import _l
from scorekeeper.web.common.widgets import option_label, option_text, rule_error

MAX_PLAYERS = MAX_SIDES
# The core's seating layouts (rules/seats.py), as the form offers them.
LAYOUT_LABELS = {
    "teams": _l("In teams: 4 players as two partnerships, 6 as two teams of 3"),
    "alone": _l("Everyone for themselves"),
    "pairs": _l("6 players as three teams of 2"),
}


class LocalTime(HiddenField):
    """The phone's local time ("21:40"), written by the page's script; anything else is None."""

    def process_formdata(self, valuelist: list[str]) -> None:
        raw = valuelist[0] if valuelist and isinstance(valuelist[0], str) else ""
        self.data = raw if is_clock(raw) else None


class _NewGameFields(FlaskForm):
    """Start a game: names in seat order, how they team up, the rules and the deck."""

    name = StringField(_l("Name of the game"), validators=[Optional()])
    local_time = LocalTime()
    # The group the game is started in (its id), if any: only a phone that keeps the group may.
    group = HiddenField()
    # The target the page filled in for the profile and the names written: sent back unchanged, it means
    # "the profile's target for the players there are" (the page without script cannot count the names).
    target_shown = HiddenField()
    players = FieldList(StringField(_l("Player")), min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)
    layout = RadioField(
        _l("Sides"),
        choices=[SelectChoice(layout, LAYOUT_LABELS[layout]) for layout in LAYOUTS],
        default=DEFAULT_LAYOUT,
        invalid_choice_message=_l("choose how the sides team up"),
    )
    profile = SelectField(
        _l("Rules"),
        choices=[SelectChoice(p.name, said(p.title)) for p in PROFILES.values()],
        default="classic",
        invalid_choice_message=_l("choose one of the rule profiles listed"),
    )
    target = WholeNumber(_l("Target"), *TARGET_RANGE)
    deck_style = RadioField(
        _l("Deck"),
        choices=[SelectChoice(s.value, DECK_NAMES[s.value]) for s in DeckStyle],
        default=DeckStyle.ITALIAN.value,
        invalid_choice_message=_l("choose one of the deck styles listed"),
    )

    def names(self) -> list[str]:
        """The names filled in, in seat order."""
        return [p.data.strip() for p in self.players if p.data and p.data.strip()]

    def sides(self) -> list[Side]:
        """The sides the names make as the core seats them: partners sit opposite, so seat 1 plays with seat 3."""
        return list(make_sides(self.names(), self.layout.data or DEFAULT_LAYOUT))

    def rules_data(self) -> dict[str, object]:
        """The rules object from the profile, the target and the house-rule menus that were changed."""
        data: dict[str, object] = {"profile": self.profile.data}
        for key, choices in OPTION_CHOICES.items():
            chosen = self[f"opt_{key}"].data
            for choice in choices:
                if chosen == option_text(choice):
                    data[key] = choice
        if self.target.data is not None and not self.target_left_as_shown():
            data["target"] = self.target.data
        return data

    def target_left_as_shown(self) -> bool:
        """True when the target is the one the page filled in: the profile's, for the players written."""
        return self.target.data is not None and self.target_shown.data == str(self.target.data)

    def profile_target(self) -> int:
        """The profile's target for the names written (for two players until at least two are written)."""
        name = self.profile.data if self.profile.data in PROFILES else DEFAULT_PROFILE
        return Rules.for_profile(name).target_for(max(2, len(self.names())))

    def fill_target(self) -> None:
        """Show the target as a number: the profile's for the names written, unless one was typed."""
        if self.target.errors:
            return
        if self.target.data is None or self.target_left_as_shown():
            self.target.data = self.profile_target()
            self.target_shown.data = str(self.target.data)

    def summary(self) -> str:
        """The rules in one line: "Classic · to 11 · Italian deck" (and how many house rules differ)."""
        profile = PROFILES.get(self.profile.data or "") or PROFILES[DEFAULT_PROFILE]
        style = next((s for s in DeckStyle if s.value == self.deck_style.data), DeckStyle.ITALIAN)
        typed = self.target.data is not None and not self.target.errors
        target = self.target.data if typed else self.profile_target()
        parts = [say(profile.title), gettext("to %(n)s", n=target), str(DECK_NAMES[style.value])]
        changed = sum(1 for field in self.option_fields() if field.data)
        if changed:
            parts.append(ngettext("%(num)s house rule", "%(num)s house rules", changed))
        return " · ".join(parts)

    def option_fields(self) -> list[Field]:
        """The house-rule menus, in the core's order."""
        return [self[f"opt_{key}"] for key in OPTION_CHOICES]

    def option_groups(self) -> list[tuple[LazyString, list[Field]]]:
        """The house-rule menus under the core's headings (the ace's rules together...)."""
        return [(said(title), [self[f"opt_{key}"] for key in keys]) for title, keys in OPTION_GROUPS]

    def option_shown(self, key: str) -> bool:
        """Whether a house rule applies with the profile and the menus as chosen (the ace's house rules only with
        ace takes all...); the page's script keeps this up to date as menus change."""
        profile = self.profile.data if self.profile.data in PROFILES else DEFAULT_PROFILE
        base = Rules.for_profile(profile)

        def value(name: str) -> object:
            chosen = self[f"opt_{name}"].data
            return next((c for c in OPTION_CHOICES[name] if option_text(c) == chosen), getattr(base, name))

        return all(value(k) == v for k, v in OPTION_NEEDS.get(key, ()))

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
            target.errors = [*target.errors, rule_error(err)]


def _option_menu(key: str) -> SelectField:
    choices = [SelectChoice("", _l("as the profile"))] + [
        SelectChoice(option_text(c), option_label(c)) for c in OPTION_CHOICES[key]
    ]
    return SelectField(
        said(OPTION_TITLES[key]),
        choices=choices,
        default="",
        description=said(OPTION_HELP[key]),
        invalid_choice_message=LazyString(
            lambda: gettext("choose one of the listed values for %(option)s", option=say(OPTION_TITLES[key]))
        ),
    )


# One menu per house rule, generated from the core's option table.
NewGameForm = form_class("NewGameForm", _NewGameFields, {f"opt_{key}": _option_menu(key) for key in OPTION_CHOICES})


def profile_targets() -> dict[str, dict[str, int]]:
    """Each profile's target for 2, 3, 4 and 6 players, as the core says, for the page's script."""
    return {name: {str(n): Rules.for_profile(name).target_for(n) for n in PLAYER_COUNTS} for name in PROFILES}


def seating_data() -> dict[str, dict[str, list[list[int]]]]:
    """For each player count, the layouts worth offering and the seats (from 0) of each side, as the core seats
    them: the page's script shows the sides choice only where there is one, and three teams of two only with six."""
    return {
        str(n): {layout: [list(s) for s in seats] for layout, seats in layouts_for(n).items()} for n in PLAYER_COUNTS
    }


class RematchForm(FlaskForm):
    """A rematch of a finished game: its own id, so that a double tap starts one game, and the phone's time."""

    submission_id = HiddenField(default=new_submission_id)
    local_time = LocalTime()


class StopKeepingForm(FlaskForm):
    """Stop keeping a game on this phone: nothing but the CSRF token, sent from the confirmation page."""
