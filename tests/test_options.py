"""Rule options and profiles: the names of RULES.md, targets per player count, bad values."""

import pytest

from scorekeeper.rules import PROFILES, InvalidRulesError, Rules


def test_profiles_are_exactly_those_of_the_rules():
    assert list(PROFILES) == [
        "classic",
        "count-out",
        "boxed",
        "casual",
        "scopone",
        "scopone-scientifico",
        "asso-piglia-tutto",
        "escoba",
        "cirulla",
    ]
    for profile in PROFILES.values():
        assert str(profile.description) and "\n" not in str(profile.description)


@pytest.mark.parametrize(
    "profile, players, target, deal",
    [
        ("classic", 2, 11, "3+4"),
        ("classic", 3, 11, "3+4"),
        ("classic", 4, 11, "3+4"),
        ("classic", 6, 11, "3+4"),
        ("boxed", 2, 11, "3+4"),
        ("boxed", 3, 8, "3+4"),
        ("boxed", 4, 15, "9+4"),
        ("casual", 2, 11, "3+4"),
        ("count-out", 3, 11, "3+4"),
        ("scopone", 4, 11, "9+4"),
        ("scopone-scientifico", 4, 21, "10+0"),
        ("asso-piglia-tutto", 2, 31, "3+4"),
        ("asso-piglia-tutto", 6, 31, "3+4"),
        ("escoba", 2, 15, "3+4"),
        ("escoba", 4, 15, "3+4"),
        ("cirulla", 3, 51, "3+4"),
    ],
)
def test_targets_and_deals_follow_the_profile_and_player_count(profile, players, target, deal):
    rules = Rules.for_profile(profile)
    assert rules.target_for(players) == target
    assert rules.deal_for(players) == deal


@pytest.mark.parametrize(
    "profile, options",
    [
        ("classic", {}),
        ("count-out", {"end": "count_out"}),
        ("boxed", {"primiera_all_suits": False, "direction": "left"}),
        ("casual", {"primiera_all_suits": False}),
        ("asso-piglia-tutto", {"ace_takes_all": True, "napola": True}),
    ],
)
def test_each_profile_differs_from_classic_as_the_rules_say(profile, options):
    rules = Rules.for_profile(profile)
    classic = Rules()
    differs = {k: v for k, v in rules.to_dict().items() if k != "profile" and v != classic.to_dict()[k]}
    assert differs == options


def test_defaults_are_those_of_the_rules():
    rules = Rules.from_dict({})
    assert rules.to_dict() == {
        "profile": "classic",
        "capture_choice": "free",
        "last_card_scopa": False,
        "ace_takes_all": False,
        "ace_sweep_scopa": False,
        "ace_empty_table": "trail",
        "ace_on_ace": "take_ace",
        "ace_may_trail": False,
        "ace_never_scopa": False,
        "no_ace_first_lead": False,
        "capture_to": "value",
        "pair_precedence": True,
        "must_capture": "card",
        "scopa_in_last_deal": True,
        "redeal": "three_kings",
        "deal_fifteen": False,
        "primiera_all_suits": True,
        "primiera_method": "points",
        "primiera_min_sevens": 0,
        "primiera_courts": "10",
        "napola": False,
        "napola_points": "run",
        "re_bello": False,
        "napoleone": False,
        "end": "highest",
        "call_out": False,
        "direction": "right",
        "tie_points": "nobody",
        "score_primiera": True,
        "score_scopas": True,
        "prime_values": "classic",
        "donna_di_denari": False,
        "grande": False,
        "napola_max": 10,
        "coin_points": False,
        "knocks": False,
        "playoff": "all",
        "target": None,
        "deal": None,
    }


def test_a_game_stores_its_profile_and_only_what_it_overrides():
    rules = Rules.from_dict({"profile": "boxed", "napola": True, "target": 21, "re_bello": False})
    assert rules.overrides() == {"profile": "boxed", "napola": True, "target": 21}
    assert Rules.from_dict(rules.overrides()) == rules
    assert rules.target_for(3) == 21


@pytest.mark.parametrize(
    "data, field, words",
    [
        ({"profile": "tressette"}, "profile", "unknown rule profile"),
        ({"colour": "red"}, "colour", "unknown rule option"),
        ({"capture_choice": "most"}, "capture_choice", '"free" or "fewest"'),
        ({"napola": "yes"}, "napola", "false or true"),
        ({"napola": 1}, "napola", "false or true"),
        ({"target": 0}, "target", "1 to 99"),
        ({"target": 11.5}, "target", "1 to 99"),
        ({"target": True}, "target", "1 to 99"),
        ({"deal": "5+5"}, "deal", '"3+4", "9+4", "10+0"'),
        ({"profile": "count-out", "end": "highest"}, "end", "always plays end"),
        ({"profile": "scopone", "deal": "3+4"}, "deal", "always deals 9+4"),
        ({"profile": "asso-piglia-tutto", "ace_takes_all": False}, "ace_takes_all", "always plays"),
    ],
)
def test_bad_options_name_the_key_and_what_is_expected(data, field, words):
    with pytest.raises(InvalidRulesError) as err:
        Rules.from_dict(data)
    assert err.value.field == field
    assert words in str(err.value.message)


def test_rules_must_be_an_object():
    with pytest.raises(InvalidRulesError, match="must be an object"):
        Rules.from_dict(["classic"])


@pytest.mark.parametrize(
    "profile, players, partnerships, ok",
    [
        ("classic", 2, False, True),
        ("classic", 6, False, True),
        ("boxed", 6, False, False),
        ("scopone", 4, True, True),
        ("scopone", 4, False, False),
        ("scopone", 2, False, False),
    ],
)
def test_profiles_limit_the_players(profile, players, partnerships, ok):
    rules = Rules.for_profile(profile)
    if ok:
        rules.check_players(players, partnerships)
    else:
        with pytest.raises(InvalidRulesError):
            rules.check_players(players, partnerships)


def test_the_table_may_change_what_a_profile_does_not_fix():
    assert "end" not in PROFILES["count-out"].adjustable
    assert "end" in PROFILES["classic"].adjustable
    assert "target" in PROFILES["boxed"].adjustable
    assert "deal" not in PROFILES["scopone"].adjustable


@pytest.mark.parametrize(
    "profile, options, deck, offered",
    [
        (
            "escoba",
            {
                "capture_to": "fifteen",
                "must_capture": "hand",
                "primiera_method": "sevens",
                "primiera_all_suits": False,
                "deal_fifteen": "dealer",
            },
            "spanish",
            (15, 21, 30),
        ),
        (
            "cirulla",
            {
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
                "prime_values": "classic",
            },
            "french",
            (51,),
        ),
    ],
)
def test_sister_game_profiles_set_what_rules_1_2_says(profile, options, deck, offered):
    """RULES.md 1.2's table: each sister game's differences from classic, its deck and its usual targets."""
    rules = Rules.from_dict({"profile": profile})
    assert {key: getattr(rules, key) for key in options} == options
    assert PROFILES[profile].deck == deck and PROFILES[profile].usual_targets == offered
    assert PROFILES[profile].players == (2, 3, 4)
    # Every other option is classic's.
    classic = Rules()
    others = {k for k in Rules.from_dict({}).to_dict() if k not in options and k not in ("profile", "target", "deal")}
    assert {k: getattr(rules, k) for k in others} == {k: getattr(classic, k) for k in others}


def test_the_rules_index_names_each_profiles_deck_and_usual_targets(client):
    """GET /api/v1/rules: a client building its own form offers Escoba's deck and targets, not Scopa's."""
    profiles = {p["name"]: p for p in client.get("/api/v1/rules").get_json()["profiles"]}
    assert (profiles["escoba"]["deck"], profiles["escoba"]["usual_targets"]) == ("spanish", [15, 21, 30])
    assert (profiles["cirulla"]["deck"], profiles["cirulla"]["usual_targets"]) == ("french", [51])
    assert (profiles["classic"]["deck"], profiles["classic"]["usual_targets"]) == ("italian", [11, 16, 21, 31])
    assert profiles["escoba"]["options"]["capture_to"] == "fifteen" and profiles["escoba"]["targets"]["2"] == 15
