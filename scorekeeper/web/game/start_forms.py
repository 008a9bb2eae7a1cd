"""The new-game form: names in seat order, how they team up, the rules, the target and the deck."""

from __future__ import annotations

from flask_babel import LazyString, gettext, ngettext
from flask_wtf import FlaskForm
from wtforms import Field, FieldList, HiddenField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Optional

from scorekeeper.rules import PROFILES, DeckStyle, Rules, Side
from scorekeeper.rules.errors import ScopaError
from scorekeeper.rules.families import DEFAULT_FAMILY, FAMILIES, HOUSE_RULE_SECTIONS, family_of, house_rules_offered
from scorekeeper.rules.options import (
    DEFAULT_PROFILE,
    OPTION_CHOICES,
    OPTION_HELP,
    OPTION_NEEDS,
    OPTION_TITLES,
    PLAYER_COUNTS,
    TARGET_RANGE,
    value_label,
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
    # The profile the page was last shown for: a family or profile chosen since brings its own deck and house rules.
    shown_profile = HiddenField()
    # The game first: Scopa, Escoba or Cirulla (the profile then says which Scopa).
    family = RadioField(
        _l("Which game?"),
        choices=[SelectChoice(f.name, said(f.title)) for f in FAMILIES.values()],
        default=DEFAULT_FAMILY,
        invalid_choice_message=_l("choose one of the games listed"),
    )
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
        # Every menu changed goes to the core, offered or not: one the profile fixes, or one whose rule it needs is
        # off (a page without script, changed together), is refused there with its reason, beside its menu.
        data: dict[str, object] = {"profile": self.profile.data, **self.chosen_options()}
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
            self.target.raw_data = [self.target_shown.data]  # the box shows what was typed: now the profile's

    def profile_name(self) -> str:
        """The profile chosen (classic for anything unknown)."""
        return self.profile.data if self.profile.data in PROFILES else DEFAULT_PROFILE

    def family_name(self) -> str:
        """The game family chosen (Scopa for anything unknown)."""
        return self.family.data if self.family.data in FAMILIES else DEFAULT_FAMILY

    def fit_to_family(self) -> bool:
        """Make the profile one of the chosen family's (its usual one if not) and, when the page was shown for
        another profile with that one's deck, bring the new one's (a deck chosen by hand stays). True when the
        profile changed from the one the page showed."""
        family = FAMILIES[self.family_name()]
        if self.profile.data not in family.profiles:
            self.profile.data = family.profiles[0]
        # A page shown for no profile yet is a first visit (or a form carried from before this field).
        shown = PROFILES.get(self.shown_profile.data or "")
        changed = shown is not None and self.profile.data != shown.name
        if shown is not None and changed and self.deck_style.data == shown.deck:
            self.deck_style.data = PROFILES[self.profile_name()].deck
        self.shown_profile.data = self.profile.data
        return changed

    def chosen_options(self) -> dict[str, object]:
        """The house rules whose menus were changed from "as the profile", as the core's values."""
        chosen: dict[str, object] = {}
        for key, choices in OPTION_CHOICES.items():
            text = self[f"opt_{key}"].data
            for choice in choices:
                if text and text == option_text(choice):
                    chosen[key] = choice
        return chosen

    def offered(self) -> tuple[str, ...]:
        """The house rules the table may change under the profile and the menus as chosen (the core says which)."""
        return house_rules_offered(self.profile_name(), self.chosen_options())

    def summary(self) -> str:
        """The rules in one line: "Scopa · Classic · to 11 · Italian deck" (and how many house rules differ)."""
        profile = PROFILES[self.profile_name()]
        family = FAMILIES[family_of(profile.name)]
        style = next((s for s in DeckStyle if s.value == self.deck_style.data), DeckStyle.ITALIAN)
        typed = self.target.data is not None and not self.target.errors
        target = self.target.data if typed else self.profile_target()
        parts = [say(family.title)] if len(family.profiles) > 1 else []
        parts += [say(profile.title), gettext("to %(n)s", n=target), str(DECK_NAMES[style.value])]
        changed = sum(1 for field in self.option_fields() if field.data)
        if changed:
            parts.append(ngettext("%(num)s house rule", "%(num)s house rules", changed))
        return " · ".join(parts)

    def option_fields(self) -> list[Field]:
        """The house-rule menus offered (and any with an error), in the core's order."""
        offered = set(self.offered())
        return [self[f"opt_{key}"] for key in OPTION_CHOICES if key in offered or self[f"opt_{key}"].errors]

    def option_groups(self) -> list[tuple[LazyString, list[Field]]]:
        """The house-rule menus offered, under RULES.md's headings (capturing, scoring, ending); each menu's first
        choice names what the profile plays ("as the profile (no)")."""
        shown = {field.name for field in self.option_fields()}
        base = Rules.for_profile(self.profile_name())
        groups: list[tuple[LazyString, list[Field]]] = []
        for title, keys in HOUSE_RULE_SECTIONS:
            menus: list[Field] = []
            for key in keys:
                menu = self[f"opt_{key}"]
                if menu.name not in shown or not isinstance(menu, SelectField):
                    continue
                said_value = say(value_label(getattr(base, key)))
                first = SelectChoice("", gettext("as the profile (%(value)s)", value=said_value))
                menu.choices = [first, *list(menu.choices or [])[1:]]
                menus.append(menu)
            if menus:
                groups.append((said(title), menus))
        return groups

    def needed_options(self) -> frozenset[str]:
        """The house rules others depend on (the napola for its count): changing one changes the rules offered."""
        return frozenset(k for needs in OPTION_NEEDS.values() for k, _v in needs)

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
