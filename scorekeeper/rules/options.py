"""Rule options and the profiles (presets) that set them, as RULES.md names them.

A ``Rules`` value holds every option; ``Rules.from_dict`` reads the JSON form
``{"profile": "boxed", "napola": true}`` and checks each key and value.  A game
stores its profile and the options it overrides (``Rules.overrides``), so a
finished game always re-scores the same way.

>>> rules = Rules.from_dict({"profile": "boxed"})
>>> rules.primiera_all_suits, rules.target_for(3), rules.deal_for(4)
(False, 8, '9+4')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any

from .errors import EXCERPT_MAX, InvalidRulesError, MissingRuleError, excerpt
from .text import Join, Msg, keys, listing, msg, pmsg

PLAYER_COUNTS = (2, 3, 4, 6)
# The player counts as a sentence says them, in the reader's language: "2, 3, 4 or 6".
PLAYER_COUNTS_SAID = msg("%(items)s or %(last)s", items=", ".join(map(str, PLAYER_COUNTS[:-1])), last=PLAYER_COUNTS[-1])
# How many sides a game or a hand has: two players alone, up to six players alone.
SIDES_MIN, SIDES_MAX = min(PLAYER_COUNTS), max(PLAYER_COUNTS)
DEALS = ("3+4", "9+4", "10+0")
TARGET_RANGE = (1, 99)

# Each option: its allowed values (or type) and a one-line meaning for the pages.
OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "capture_choice": ("free", "fewest"),
    "last_card_scopa": (False, True),
    "ace_takes_all": (False, True),
    "ace_sweep_scopa": (False, True),
    "ace_empty_table": ("trail", "capture"),
    "ace_on_ace": ("take_ace", "may_sweep", "sweep_only"),
    "ace_may_trail": (False, True),
    "ace_never_scopa": (False, True),
    "no_ace_first_lead": (False, True),
    # Capturing and the deal, RULES.md 1.2 (Escoba's and Cirulla's 15-captures, their deal checks).
    "capture_to": ("value", "fifteen", "value_or_fifteen"),
    "pair_precedence": (True, False),
    "must_capture": ("card", "hand"),
    "scopa_in_last_deal": (True, False),
    "redeal": ("three_kings", "two_aces", "any_ace", "never"),
    "deal_fifteen": (False, "dealer", "first_player"),
    "primiera_all_suits": (True, False),
    "primiera_method": ("points", "sevens", "sevens_only", "sevens_sixes", "best_four"),
    "primiera_min_sevens": (0, 1, 2, 3, 4),
    "primiera_courts": ("10", "0", "rank"),
    "napola": (False, True),
    "napola_points": ("run", "flat"),
    "re_bello": (False, True),
    "napoleone": (False, True),
    "end": ("highest", "count_out", "recount"),
    "call_out": (False, True),
    "direction": ("right", "left"),
    # Scoring a hand and ending the game (RULES.md 1.2 additions).
    "tie_points": ("nobody", "each"),
    "score_primiera": (True, False),
    "score_scopas": (True, False),
    "prime_values": ("classic", "face", "double"),
    "donna_di_denari": (False, True),
    "grande": (False, True),
    "napola_max": (10, 3, 4, 5, 6, 7, 8, 9),
    "coin_points": (False, True),
    "knocks": (False, True),
    "playoff": ("all", "leaders"),
}
# The values an option adds to one listed above (RULES.md 1.2 additions): its own line, so additions merge apart.
OPTION_CHOICES["end"] = (*OPTION_CHOICES["end"], "draw")
OPTION_HELP = {
    "capture_choice": msg("free: any set that adds up; fewest: only the sets with the fewest cards"),
    "last_card_scopa": msg("a sweep with the very last card of the hand counts as a scopa"),
    "ace_takes_all": msg("an ace played with no ace on the table takes every table card"),
    "ace_sweep_scopa": msg("the ace's sweep (ace takes all) counts as a scopa"),
    "ace_empty_table": msg("trail: an ace on an empty table is laid there; capture: it takes itself, a one-card trick"),
    "ace_on_ace": msg(
        "take_ace: an ace with an ace on the table takes that ace; may_sweep: it may also take the whole table; "
        "sweep_only: it always sweeps the table, never taking only that ace"
    ),
    "ace_may_trail": msg("the ace that would take the whole table may be laid on it instead"),
    "ace_never_scopa": msg("an ace never scores a scopa, whatever it takes"),
    "no_ace_first_lead": msg("the first card of a hand may not be an ace, unless the hand holds only aces"),
    "capture_to": msg(
        "value: a card takes cards of its value or adding up to it; fifteen: table cards that make 15 with it "
        "(Escoba); value_or_fifteen: either (Cirulla)"
    ),
    "pair_precedence": msg("a sum may not be taken while a single card of the played card's value is on the table"),
    "must_capture": msg(
        "card: a card that can capture must capture, another may be laid; hand: while any card of the hand can "
        "capture, none may be laid"
    ),
    "scopa_in_last_deal": msg("a sweep during the last deal (the stock is empty) counts as a scopa"),
    "redeal": msg(
        "the four cards first dealt to the table are dealt again with three or four kings; with two or more aces; "
        "with any ace; or never"
    ),
    "deal_fifteen": msg(
        "the four cards first dealt to the table adding up to 15 (30) are taken at once as 1 (2) scopas, by the "
        "dealer or by the first player"
    ),
    "primiera_all_suits": msg("a side missing a suit cannot win the primiera"),
    "primiera_method": msg(
        "points: the highest prime total wins; sevens: most sevens, then sixes, aces...; "
        "sevens only: most sevens, equal is a tie; sevens then sixes: most sevens, then most "
        "sixes; best four: the best card of each suit compared, 7 6 A 5 4 3 2 Re Cavallo Fante"
    ),
    "primiera_min_sevens": msg("a side needs at least this many sevens to win the primiera"),
    "primiera_courts": msg("the prime value of Fante, Cavallo and Re: 10 each; 0 each; or 8, 9 and 10 (rank)"),
    "napola": msg("Ace, 2 and 3 of coins score 3, plus 1 for each further coin in sequence"),
    "napola_points": msg("run: the napola scores 3 plus 1 for each further coin in sequence; flat: always 3"),
    "re_bello": msg("the King of coins (10d) scores 1"),
    "napoleone": msg("holding all ten coins wins the game at once"),
    "end": msg(
        "highest: highest total at or over the target wins; count_out: first to reach it wins; recount: as "
        "highest, but equal top totals are broken by recounting the last hand category by category; draw: as "
        "highest, but equal top totals end the game as a draw"
    ),
    "call_out": msg(
        "a side may call itself out during a hand: counted at once, it wins if it has reached the target, "
        "and loses if not"
    ),
    "direction": msg("the way the deal and the play pass: to the right (counter-clockwise) or to the left"),
    # Scoring a hand and ending the game (RULES.md 1.2 additions).
    "tie_points": msg("nobody: a category two or more sides tie for scores nobody; each: a point for each tied side"),
    "score_primiera": msg("the primiera is counted; off, it scores nobody and is not shown"),
    "score_scopas": msg("scopas are counted, 1 point each; off, no scopa may be entered or marked"),
    "prime_values": msg(
        "the values the primiera adds: classic 21, 18, 16, 15, 14, 13, 12, 10; face: each card's capture value "
        "(Ace 1 ... Re 10); double: twice the face value, the Ace 13 and the court cards 1"
    ),
    "donna_di_denari": msg("the Cavallo (Donna, Queen) of coins scores 1 to its holder"),
    "grande": msg("Fante, Cavallo and Re of coins together score 5 (Cirulla's grande)"),
    "napola_max": msg("the napola (Cirulla's piccola) counts its run of coins up to this card"),
    "coin_points": msg("every coin taken scores 1 point besides the usual categories"),
    "knocks": msg(
        "Cirulla's knock: three dealt cards totalling 9 or less score 3, three of a kind 10 (the 7 of cups is "
        "wild); each side's knock points are entered with the hand"
    ),
    "playoff": msg(
        "when the top totals tie at or over the target: every side can still win the next hand (all), or only the "
        "tied leaders (leaders)"
    ),
    "target": msg("the score that ends the game"),
    "deal": msg("3+4: 3 cards each and 4 to the table; 9+4: Scopone; 10+0: Scopone scientifico"),
}
# Each option's name and each value's, as a menu or a sentence says them (the API keeps the keys above).
OPTION_TITLES = {
    "capture_choice": msg("capture choice"),
    "last_card_scopa": msg("scopa with the last card"),
    "ace_takes_all": msg("ace takes all"),
    "ace_sweep_scopa": msg("the ace's sweep is a scopa"),
    "ace_empty_table": msg("an ace on an empty table"),
    "ace_on_ace": msg("an ace on an ace"),
    "ace_may_trail": msg("the ace may be laid instead"),
    "ace_never_scopa": msg("an ace never makes a scopa"),
    "no_ace_first_lead": msg("no ace as the first card"),
    "capture_to": msg("a card takes"),
    "pair_precedence": msg("an equal card before a sum"),
    "must_capture": msg("who must capture"),
    "scopa_in_last_deal": msg("scopas in the last deal"),
    "redeal": msg("the deal is redealt"),
    "deal_fifteen": msg("15 on the deal"),
    "primiera_all_suits": msg("primiera needs all four suits"),
    "primiera_method": msg("primiera counted by"),
    "primiera_min_sevens": msg("sevens needed for the primiera"),
    "primiera_courts": msg("court cards in the primiera"),
    "napola": msg("napola"),
    "napola_points": msg("napola scored"),
    "re_bello": msg("re bello"),
    "napoleone": msg("napoleone"),
    "end": msg("end of the game"),
    "call_out": msg("calling oneself out"),
    "direction": msg("direction of play"),
    # Scoring a hand and ending the game (RULES.md 1.2 additions).
    "tie_points": msg("a tied category"),
    "score_primiera": msg("primiera counted"),
    "score_scopas": msg("scopas counted"),
    "prime_values": msg("prime values"),
    "donna_di_denari": msg("donna di denari"),
    "grande": msg("grande"),
    "napola_max": msg("napola counted up to"),
    "coin_points": msg("a point for every coin"),
    "knocks": msg("knocks (bussare)"),
    "playoff": msg("who can win after a tie"),
    "target": msg("target"),
    "deal": msg("deal"),
}
VALUE_LABELS: dict[object, Msg] = {
    True: pmsg("option value", "yes"),
    False: pmsg("option value", "no"),
    "free": pmsg("option value", "free"),
    "fewest": pmsg("option value", "fewest"),
    "points": pmsg("option value", "points"),
    "sevens": pmsg("option value", "sevens"),
    "sevens_only": pmsg("option value", "sevens only"),
    "sevens_sixes": pmsg("option value", "sevens then sixes"),
    "best_four": pmsg("option value", "best four"),
    "run": pmsg("option value", "the run"),
    "10": pmsg("option value", "10 each"),
    "0": pmsg("option value", "0 each"),
    "rank": pmsg("option value", "8, 9 and 10"),
    "flat": pmsg("option value", "flat 3"),
    "trail": pmsg("option value", "is laid there"),
    "capture": pmsg("option value", "takes itself"),
    "take_ace": pmsg("option value", "takes that ace"),
    "may_sweep": pmsg("option value", "may take the whole table"),
    "sweep_only": pmsg("option value", "always sweeps the table"),
    "value": pmsg("option value", "its value"),
    "fifteen": pmsg("option value", "15 with it"),
    "value_or_fifteen": pmsg("option value", "its value or 15 with it"),
    "card": pmsg("option value", "the card that can"),
    "hand": pmsg("option value", "the whole hand"),
    "three_kings": pmsg("option value", "three kings"),
    "two_aces": pmsg("option value", "two aces"),
    "any_ace": pmsg("option value", "any ace"),
    "never": pmsg("option value", "never"),
    "dealer": pmsg("option value", "the dealer takes it"),
    "first_player": pmsg("option value", "the first player takes it"),
    "highest": pmsg("option value", "highest"),
    "count_out": pmsg("option value", "count out"),
    "recount": pmsg("option value", "highest, ties recounted"),
    "right": pmsg("option value", "to the right"),
    "left": pmsg("option value", "to the left"),
    # Scoring a hand and ending the game (RULES.md 1.2 additions).
    "nobody": pmsg("option value", "scores nobody"),
    "each": pmsg("option value", "a point each"),
    "classic": pmsg("option value", "classic"),
    "face": pmsg("option value", "face value"),
    "double": pmsg("option value", "double face value"),
    "draw": pmsg("option value", "highest, ties drawn"),
    "all": pmsg("option value", "every side"),
    "leaders": pmsg("option value", "only the tied leaders"),
}
CAPTURE_OPTIONS = (
    "capture_to",
    "pair_precedence",
    "must_capture",
    "capture_choice",
    "last_card_scopa",
    "ace_takes_all",
    "ace_sweep_scopa",
    "ace_empty_table",
    "ace_on_ace",
    "ace_may_trail",
    "ace_never_scopa",
    "no_ace_first_lead",
)
# The house rules as a form groups them, each group under a heading; every option is in one group.
OPTION_GROUPS: tuple[tuple[Msg, tuple[str, ...]], ...] = (
    (
        msg("Capturing"),
        (
            "capture_to",
            "pair_precedence",
            "capture_choice",
            "must_capture",
            "last_card_scopa",
            "scopa_in_last_deal",
        ),
    ),
    (msg("The deal"), ("redeal", "deal_fifteen")),
    (
        msg("The ace (Scopa d'assi)"),
        (
            "ace_takes_all",
            "ace_sweep_scopa",
            "ace_empty_table",
            "ace_on_ace",
            "ace_may_trail",
            "ace_never_scopa",
            "no_ace_first_lead",
        ),
    ),
    (msg("Primiera"), ("primiera_all_suits", "primiera_method", "primiera_min_sevens", "primiera_courts")),
    (msg("Extra points"), ("napola", "napola_points", "re_bello", "napoleone")),
    (msg("End of the game"), ("end", "call_out", "playoff")),
    (msg("Seats"), ("direction",)),
    (
        msg("Scoring a hand"),
        (
            "tie_points",
            "score_primiera",
            "score_scopas",
            "prime_values",
            "donna_di_denari",
            "grande",
            "napola_max",
            "coin_points",
            "knocks",
        ),
    ),
)
# Options that mean something only when others have these values (RULES.md 1.1): a form shows them only then.
OPTION_NEEDS: dict[str, tuple[tuple[str, Any], ...]] = {
    "ace_sweep_scopa": (("ace_takes_all", True), ("ace_never_scopa", False)),
    "ace_empty_table": (("ace_takes_all", True),),
    "ace_on_ace": (("ace_takes_all", True),),
    "ace_may_trail": (("ace_takes_all", True),),
    "napola_points": (("napola", True),),
    "napola_max": (("napola", True),),
}
# Games were stored with ace_sweep_scopa on and ace takes all off before combinations were checked: it stays allowed.
UNCHECKED_NEEDS = frozenset({"ace_sweep_scopa"})
# The targets tables usually play to, offered beside the number (RULES.md 1.1).
USUAL_TARGETS = (11, 16, 21, 31)
# The game families: each profile belongs to one, and each family has its own words (rules/words.py).
FAMILIES = ("scopa", "escoba", "cirulla")


@dataclass(frozen=True, slots=True)
class Profile:
    """A named preset: its options, targets and deals by player count, and its source."""

    name: str
    title: Msg
    description: Msg
    source: Msg
    options: MappingProxyType[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    # Options the profile sets but the table may change (the boxed leaflet plays to the left).
    defaults: MappingProxyType[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    targets: MappingProxyType[int, int] = field(default_factory=lambda: MappingProxyType({}))
    deals: MappingProxyType[int, str] = field(default_factory=lambda: MappingProxyType({}))
    players: tuple[int, ...] = PLAYER_COUNTS
    partnerships_only: bool = False
    # Player counts this profile seats only as two partnerships (the boxed leaflet's 4 players).
    partnerships_at: tuple[int, ...] = ()
    # The deck its tables usually play with (a DeckStyle value), and the targets the new-game page offers.
    deck: str = "italian"
    usual_targets: tuple[int, ...] = USUAL_TARGETS
    # The game family (FAMILIES) whose words the app speaks for this profile: "escoba", "cirulla", else "scopa".
    family: str = "scopa"

    @property
    def fixed(self) -> frozenset[str]:
        """The options that define this profile; choosing another value means another profile."""
        keys = set(self.options)
        if self.partnerships_only:
            # Scopone and Scopone scientifico are named after their deal.
            keys.add("deal")
        return frozenset(keys)

    @property
    def adjustable(self) -> tuple[str, ...]:
        """The options the table may change under this profile, in display order."""
        return tuple(k for k in (*OPTION_CHOICES, "target", "deal") if k not in self.fixed)


def _profile(
    name: str,
    title: Msg,
    description: Msg,
    source: Msg,
    options: Mapping[str, Any] | Iterable[tuple[str, Any]] = (),
    targets: dict[int, int] | None = None,
    deals: dict[int, str] | None = None,
    players: tuple[int, ...] = PLAYER_COUNTS,
    partnerships_only: bool = False,
    defaults: Mapping[str, Any] | None = None,
    partnerships_at: tuple[int, ...] = (),
    deck: str = "italian",
    usual_targets: tuple[int, ...] = USUAL_TARGETS,
    family: str = "scopa",
) -> Profile:
    targets = targets or {n: 11 for n in players}
    deals = {n: "3+4" for n in players} | (deals or {})
    return Profile(
        name,
        title,
        description,
        source,
        MappingProxyType(dict(options)),
        MappingProxyType(dict(defaults or {})),
        MappingProxyType(targets),
        MappingProxyType(deals),
        tuple(players),
        partnerships_only,
        partnerships_at,
        deck,
        usual_targets,
        family,
    )


PROFILES: dict[str, Profile] = {
    p.name: p
    for p in (
        _profile(
            "classic",
            pmsg("profile", "Classic"),
            msg("The usual club rules: first to 11, ties score nobody, primiera needs all four suits."),
            msg("club rules sheet (seed 003); the card maker's article (seed 002) for primiera"),
        ),
        _profile(
            "count-out",
            pmsg("profile", "Count-out"),
            msg("Classic, but points count category by category and the first side to reach 11 wins at once."),
            msg("the card maker's article (seed 002)"),
            options={"end": "count_out"},
        ),
        _profile(
            "boxed",
            pmsg("profile", "Boxed edition"),
            msg("The retail box's leaflet: 11 for two, 8 for three, 15 for four in partnerships dealt 9 each."),
            msg("the boxed retail edition (seed 004)"),
            options={"primiera_all_suits": False},
            defaults={"direction": "left"},
            targets={2: 11, 3: 8, 4: 15},
            deals={4: "9+4"},
            players=(2, 3, 4),
            partnerships_at=(4,),
        ),
        _profile(
            "casual",
            pmsg("profile", "Casual"),
            msg("The online game's rules: primiera always counted, even with a suit missing; 11 by default."),
            msg("the first online game (seed 000)"),
            options={"primiera_all_suits": False},
        ),
        _profile(
            "scopone",
            pmsg("profile", "Scopone"),
            msg("Four players in two partnerships, 9 cards each and 4 to the table, to 11."),
            pmsg("source", "Scopone"),
            deals={4: "9+4"},
            players=(4,),
            partnerships_only=True,
        ),
        _profile(
            "scopone-scientifico",
            pmsg("profile", "Scopone scientifico"),
            msg("Four players in two partnerships, all 40 cards dealt 10 each, none to the table, to 21."),
            pmsg("source", "Scopone scientifico"),
            targets={4: 21},
            deals={4: "10+0"},
            players=(4,),
            partnerships_only=True,
        ),
        _profile(
            "asso-piglia-tutto",
            pmsg("profile", "Asso piglia tutto"),
            msg("Scopa d'assi: an ace takes the whole table (not a scopa), the napola scores, to 31."),
            pmsg("source", "Scopa d'assi"),
            options={"ace_takes_all": True, "napola": True},
            targets={n: 31 for n in PLAYER_COUNTS},
        ),
        # The sister games (RULES.md 1.2): the same deck and table, captures to 15.
        _profile(
            "escoba",
            pmsg("profile", "Escoba"),
            msg(
                "Escoba de quince: the played card and the cards it takes add up to 15, no card is laid while one can "
                "take, the dealer sweeps a table that adds up to 15, the setenta by sevens, to 15."
            ),
            msg("Escoba de quince (Spanish rules pages)"),
            options={
                "capture_to": "fifteen",
                "must_capture": "hand",
                "primiera_method": "sevens",
                "primiera_all_suits": False,
                "deal_fifteen": "dealer",
            },
            targets={n: 15 for n in (2, 3, 4)},
            players=(2, 3, 4),
            partnerships_at=(4,),
            deck="spanish",
            usual_targets=(15, 21, 30),
            family="escoba",
        ),
        _profile(
            "cirulla",
            pmsg("profile", "Cirulla"),
            msg(
                "Cirulla: a card takes its value or what adds up to 15 with it, the fewest cards, an ace sweeps the "
                "table, knocks, the piccola and the grande, to 51."
            ),
            msg("Cirulla (Ligurian rules pages, Parlett)"),
            options={
                "capture_to": "value_or_fifteen",
                "capture_choice": "fewest",
                "must_capture": "hand",
                "ace_takes_all": True,
                "ace_sweep_scopa": True,
                "redeal": "two_aces",
                "deal_fifteen": "dealer",
                "napola": True,
                "napola_max": 6,
                "grande": True,
                "knocks": True,
            },
            targets={n: 51 for n in (2, 3, 4)},
            players=(2, 3, 4),
            partnerships_at=(4,),
            deck="french",
            usual_targets=(51,),
            family="cirulla",
        ),
    )
}
DEFAULT_PROFILE = "classic"


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule option of one game or one question.

    ``target`` and ``deal`` are ``None`` when they follow the profile and the
    player count; ``target_for`` and ``deal_for`` give the number in force.
    """

    profile: str = DEFAULT_PROFILE
    capture_choice: str = "free"
    last_card_scopa: bool = False
    ace_takes_all: bool = False
    ace_sweep_scopa: bool = False
    ace_empty_table: str = "trail"
    ace_on_ace: str = "take_ace"
    ace_may_trail: bool = False
    ace_never_scopa: bool = False
    no_ace_first_lead: bool = False
    capture_to: str = "value"
    pair_precedence: bool = True
    must_capture: str = "card"
    scopa_in_last_deal: bool = True
    redeal: str = "three_kings"
    deal_fifteen: bool | str = False
    primiera_all_suits: bool = True
    primiera_method: str = "points"
    primiera_min_sevens: int = 0
    primiera_courts: str = "10"
    napola: bool = False
    napola_points: str = "run"
    re_bello: bool = False
    napoleone: bool = False
    end: str = "highest"
    call_out: bool = False
    direction: str = "right"
    # Scoring a hand and ending the game (RULES.md 1.2 additions).
    tie_points: str = "nobody"
    score_primiera: bool = True
    score_scopas: bool = True
    prime_values: str = "classic"
    donna_di_denari: bool = False
    grande: bool = False
    napola_max: int = 10
    coin_points: bool = False
    knocks: bool = False
    playoff: str = "all"
    target: int | None = None
    deal: str | None = None

    @classmethod
    def for_profile(cls, name: str = DEFAULT_PROFILE) -> Rules:
        """The rules of a profile with nothing overridden."""
        if name not in PROFILES:
            raise InvalidRulesError(
                msg(
                    "unknown rule profile: %(value)s (expected one of %(names)s)",
                    value=excerpt(name),
                    names=keys(PROFILES),
                ),
                "profile",
            )
        return cls(profile=name, **PROFILES[name].options, **PROFILES[name].defaults)

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Read ``{"profile": ..., option: value, ...}``; every key is optional.

        Unknown keys, values of the wrong type or outside the allowed set, and
        a change to an option that defines the profile are ``InvalidRulesError``s
        naming the key.
        """
        if data is None:
            return cls.for_profile()
        if not isinstance(data, dict):
            raise InvalidRulesError(msg('rules must be an object such as {"profile": "classic"}'))
        known = {"profile", *OPTION_CHOICES, "target", "deal"}
        for key in data:
            if key not in known:
                raise InvalidRulesError(
                    msg(
                        "unknown rule option: %(value)s (expected one of %(names)s)",
                        value=excerpt(key),
                        names=keys(sorted(known)),
                    ),
                    str(key),
                )
        profile_name = data.get("profile", DEFAULT_PROFILE)
        if not isinstance(profile_name, str):
            raise InvalidRulesError(
                msg("profile must be a name such as 'classic' (expected one of %(names)s)", names=keys(PROFILES)),
                "profile",
            )
        rules = cls.for_profile(profile_name)
        profile = PROFILES[profile_name]
        changes: dict[str, Any] = {}
        for key, choices in OPTION_CHOICES.items():
            if key not in data:
                continue
            value = data[key]
            # bool is an int in Python; keep true/false and strings apart.
            if not any(type(value) is type(c) and value == c for c in choices):
                shown = listing([_json(c) for c in choices], Join.OR)
                raise InvalidRulesError(
                    msg("%(key)s must be %(choices)s, not %(value)s", key=key, choices=shown, value=_json(value)), key
                )
            if key in profile.fixed and value != profile.options[key]:
                raise InvalidRulesError(
                    msg(
                        "profile %(profile)s always plays %(key)s %(fixed)s; choose another profile (e.g. 'classic') "
                        "to play %(value)s",
                        profile=repr(profile_name),
                        key=key,
                        fixed=_json(profile.options[key]),
                        value=_json(value),
                    ),
                    key,
                )
            changes[key] = value
        if data.get("target") is not None:
            target = data["target"]
            low, high = TARGET_RANGE
            if type(target) is not int or not low <= target <= high:
                raise InvalidRulesError(
                    msg(
                        "target must be a whole number from %(low)s to %(high)s, not %(value)s",
                        low=low,
                        high=high,
                        value=_json(target),
                    ),
                    "target",
                )
            changes["target"] = target
        if data.get("deal") is not None:
            deal = data["deal"]
            if deal not in DEALS:
                raise InvalidRulesError(
                    msg("deal must be one of %(deals)s, not %(value)s", deals=keys(DEALS), value=_json(deal)),
                    "deal",
                )
            if "deal" in profile.fixed and deal not in profile.deals.values():
                raise InvalidRulesError(
                    msg(
                        "profile %(profile)s always deals %(deal)s",
                        profile=repr(profile_name),
                        deal=next(iter(profile.deals.values())),
                    ),
                    "deal",
                )
            changes["deal"] = deal
        chosen = replace(rules, **changes)
        chosen.check_combination()
        return chosen

    def check_combination(self) -> None:
        """Refuse a house rule that only means something with another one (RULES.md 1.1), naming it."""
        if self.ace_never_scopa and self.ace_sweep_scopa:
            raise InvalidRulesError(
                msg(
                    "ace_never_scopa says an ace never makes a scopa, but ace_sweep_scopa says its sweep does; "
                    "choose one"
                ),
                "ace_never_scopa",
            )
        self._check_capture_combination()
        self._check_scoring_combination()
        classic = Rules()
        for key, needs in OPTION_NEEDS.items():
            if key in UNCHECKED_NEEDS or getattr(self, key) == getattr(classic, key) or self.applies(key):
                continue
            needed, wanted = next((k, v) for k, v in needs if getattr(self, k) != v)
            raise MissingRuleError(
                msg(
                    "%(key)s means something only with %(needed)s on; turn %(needed)s on to play it",
                    key=key,
                    needed=needed,
                ),
                key,
                needs=needed,
                wanted=wanted,
            )

    def _check_capture_combination(self) -> None:
        """Refuse the capture options of RULES.md 1.2 that contradict another option, naming the one to change."""
        if self.capture_to == "fifteen":
            # Both govern the ordinary capture only (RULES.md 1.2): with 15-captures alone they mean nothing.
            for key, value in (("pair_precedence", False), ("capture_choice", "fewest")):
                if getattr(self, key) == value:
                    raise InvalidRulesError(
                        msg(
                            '%(key)s governs the capture of a card\'s own value, which capture_to "fifteen" '
                            'does not play; choose capture_to "value" or "value_or_fifteen" to play it',
                            key=key,
                        ),
                        key,
                    )
        if self.must_capture == "hand" and self.ace_may_trail:
            raise InvalidRulesError(
                msg(
                    'ace_may_trail lets the ace be laid while it can capture, but must_capture "hand" lays no card '
                    "while one can capture; choose one"
                ),
                "ace_may_trail",
            )
        if not self.scopa_in_last_deal and self.last_card_scopa:
            raise InvalidRulesError(
                msg(
                    "scopa_in_last_deal false scores no scopa in the last deal, but last_card_scopa scores one with "
                    "its very last card; choose one"
                ),
                "scopa_in_last_deal",
            )

    def _check_scoring_combination(self) -> None:
        """Refuse the scoring and ending options of RULES.md 1.2 where they contradict another option."""
        if self.napola and self.napola_points == "flat" and self.napola_max != 10:
            raise InvalidRulesError(
                msg(
                    'napola_max counts the napola\'s run up to a coin, but napola_points "flat" always scores 3; '
                    "choose one"
                ),
                "napola_max",
            )
        if self.prime_values != "classic" and self.primiera_courts != "10":
            raise InvalidRulesError(
                msg(
                    "prime_values %(value)s sets the court cards' values itself; primiera_courts works only with the "
                    "classic prime values",
                    value=_json(self.prime_values),
                ),
                "prime_values",
            )
        if not self.score_primiera and (
            self.primiera_method != "points" or self.primiera_min_sevens or self.prime_values != "classic"
        ):
            raise InvalidRulesError(
                msg("score_primiera is off, so the primiera's other options mean nothing; leave them as they are"),
                "score_primiera",
            )
        if self.playoff != "all" and self.end == "draw":
            raise InvalidRulesError(
                msg('end "draw" ends the game on a tie, so no playoff is played; leave playoff "all"'),
                "playoff",
            )

    def applies(self, key: str) -> bool:
        """Whether option ``key`` means anything with the other options as they are (OPTION_NEEDS)."""
        return all(getattr(self, k) == v for k, v in OPTION_NEEDS.get(key, ()))

    @property
    def profile_info(self) -> Profile:
        """The profile these rules start from."""
        return PROFILES[self.profile]

    @property
    def family(self) -> str:
        """The game family these rules belong to (its profile's): the words its pages and reasons say."""
        return PROFILES[self.profile].family

    def to_dict(self) -> dict[str, Any]:
        """Every option, with ``target`` and ``deal`` as stored (None: follows the profile)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def overrides(self) -> dict[str, Any]:
        """The profile and only the options that differ from the profile's own."""
        base = Rules.for_profile(self.profile)
        out: dict[str, Any] = {"profile": self.profile}
        for f in fields(self):
            if f.name != "profile" and getattr(self, f.name) != getattr(base, f.name):
                out[f.name] = getattr(self, f.name)
        return out

    def check_players(self, players: int, partnerships: bool = False) -> None:
        """Raise unless this profile can be played by ``players`` players as set out."""
        profile = self.profile_info
        if players not in profile.players:
            counts = listing([str(n) for n in profile.players], Join.OR)
            raise InvalidRulesError(
                msg(
                    "profile %(profile)s is for %(counts)s players, not %(n)s",
                    profile=repr(self.profile),
                    counts=counts,
                    n=players,
                ),
                "profile",
            )
        if players in profile.partnerships_at and not partnerships:
            raise InvalidRulesError(
                msg(
                    "profile %(profile)s seats %(n)s players as two partnerships of two",
                    profile=repr(self.profile),
                    n=players,
                ),
                "profile",
            )
        if profile.partnerships_only and not partnerships:
            raise InvalidRulesError(
                msg("profile %(profile)s is played by two partnerships of two", profile=repr(self.profile)), "profile"
            )

    def target_for(self, players: int) -> int:
        """The target in force: the one set for the game, else the profile's for this many players."""
        if self.target is not None:
            return self.target
        return self.profile_info.targets.get(players, 11)

    def deal_for(self, players: int) -> str:
        """How the cards are dealt: the one set for the game, else the profile's for this many players."""
        if self.deal is not None:
            return self.deal
        return self.profile_info.deals.get(players, "3+4")

    def describe(self, short: bool = False) -> list[Msg]:
        """Plain-language lines for every house rule: each option that differs from what the game's profile plays
        (a Cirulla game lists none of Cirulla's own rules; its profile's name says them).

        ``short``: without the help."""
        lines = []
        usual = Rules.for_profile(self.profile)
        for key in OPTION_CHOICES:
            value = getattr(self, key)
            if value != getattr(usual, key):
                if short:
                    lines.append(msg("%(option)s: %(value)s", option=OPTION_TITLES[key], value=value_label(value)))
                else:
                    lines.append(
                        msg(
                            "%(option)s: %(value)s (%(help)s)",
                            option=OPTION_TITLES[key],
                            value=value_label(value),
                            help=OPTION_HELP[key],
                        )
                    )
        return lines


def value_label(value: object) -> Msg | str:
    """An option's value as a menu or a sentence says it: "yes", "count out", or a number as it is.

    >>> str(value_label(True)), str(value_label("count_out")), value_label(1)
    ('yes', 'count out', '1')
    """
    if type(value) is int:  # never looked up: 1 == True in a dict
        return str(value)
    label = VALUE_LABELS.get(value)
    return label if label is not None else str(value).replace("_", " ")


def _json(value: object) -> str:
    """A value as it is written in JSON, for messages."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return f'"{value}"' if len(value) <= EXCERPT_MAX else f'"{value[: EXCERPT_MAX - 1]}…"'
    return excerpt(value)
