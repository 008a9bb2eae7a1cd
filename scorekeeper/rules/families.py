"""The game families (RULES.md 1.2) and the house rules a table may change under a profile.

A family is the game a table sits down to: Scopa (every profile but the sister games), Escoba or Cirulla. The
new-game page asks for the family first, then (for Scopa) the profile, then offers only the house rules that apply.

>>> family_of("scopone"), family_of("escoba")
('scopa', 'escoba')
>>> "napola_max" in house_rules_offered("classic", {}), "napola_max" in house_rules_offered("classic", {"napola": True})
(False, True)
>>> "capture_to" in house_rules_offered("escoba", {})
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from .errors import InvalidRulesError
from .options import FAMILIES as FAMILY_NAMES
from .options import OPTION_CHOICES, OPTION_GROUPS, OPTION_NEEDS, PROFILES, Rules
from .text import Msg, msg, pmsg


@dataclass(frozen=True, slots=True)
class Family:
    """A game family: its name, what a newcomer is told it is, and its profiles (the first is its usual one)."""

    name: str
    title: Msg
    description: Msg
    profiles: tuple[str, ...]


def _profiles_of(family: str) -> tuple[str, ...]:
    """The profiles of a family, in PROFILES' order: each profile names its family once, in options.py."""
    return tuple(name for name, profile in PROFILES.items() if profile.family == family)


FAMILIES: dict[str, Family] = {
    f.name: f
    for f in (
        Family(
            "scopa",
            pmsg("family", "Scopa"),
            msg(
                "The Italian game: a card takes a card of its value or cards adding up to it; scopas, cards, coins, "
                "the settebello and the primiera score."
            ),
            _profiles_of("scopa"),
        ),
        Family(
            "escoba",
            pmsg("family", "Escoba"),
            msg(
                "The Spanish game: the card played and the cards it takes add up to 15; escobas, cartas, oros, the "
                "siete de oros and the setenta score."
            ),
            _profiles_of("escoba"),
        ),
        Family(
            "cirulla",
            pmsg("family", "Cirulla"),
            msg(
                "The Genoese game: a card takes its value or cards adding up to 15 with it; besides Scopa's points, "
                "knocks, the piccola and the grande score."
            ),
            _profiles_of("cirulla"),
        ),
    )
}
DEFAULT_FAMILY = "scopa"
assert tuple(FAMILIES) == FAMILY_NAMES, "every family the profiles name is described here"


def family_of(profile: str) -> str:
    """The family a profile plays (an unknown profile is Scopa's, as an unknown profile is read as classic)."""
    return PROFILES[profile].family if profile in PROFILES else DEFAULT_FAMILY


# The house rules under RULES.md's three headings, each in the core's order (OPTION_GROUPS): how cards are dealt,
# played and taken; what a hand scores; how the game ends.
_SCORING_GROUPS = {"Primiera", "Extra points", "Scoring a hand"}
_ENDING_GROUPS = {"End of the game"}
HOUSE_RULE_SECTIONS: tuple[tuple[Msg, tuple[str, ...]], ...] = (
    (
        msg("Capturing"),
        tuple(k for title, keys in OPTION_GROUPS if title.id not in _SCORING_GROUPS | _ENDING_GROUPS for k in keys),
    ),
    (msg("Scoring a hand"), tuple(k for title, keys in OPTION_GROUPS if title.id in _SCORING_GROUPS for k in keys)),
    (msg("Ending the game"), tuple(k for title, keys in OPTION_GROUPS if title.id in _ENDING_GROUPS for k in keys)),
)


def house_rules_offered(profile: str, chosen: Mapping[str, object]) -> tuple[str, ...]:
    """The house rules a table may change under ``profile`` with the options ``chosen`` so far, in OPTION_CHOICES'
    order: not those the profile fixes (another value is another profile); a rule that needs another (OPTION_NEEDS:
    the napola's count without the napola) only while that one has the value it needs; and only a rule with some
    other value the core accepts beside the profile's (Escoba's 15-captures leave nothing for ``pair_precedence``
    to govern, Cirulla's scoring ace leaves ``ace_never_scopa`` nothing to say)."""
    info = PROFILES.get(profile) or PROFILES["classic"]
    base = Rules.for_profile(info.name)

    def value(key: str) -> object:
        return chosen[key] if key in chosen and key not in info.fixed else getattr(base, key)

    def changeable(key: str) -> bool:
        needs = OPTION_NEEDS.get(key, ())
        if not all(value(k) == v for k, v in needs):
            return False
        context = replace(base, **dict(needs))
        return any(
            _accepted(replace(context, **{key: choice}))
            for choice in OPTION_CHOICES[key]
            if choice != getattr(context, key)
        )

    return tuple(key for key in OPTION_CHOICES if key not in info.fixed and changeable(key))


def _accepted(rules: Rules) -> bool:
    try:
        rules.check_combination()
    except InvalidRulesError:
        return False
    return True
