"""The new-game page with the game first (Scopa, Escoba, Cirulla): each game's profiles, deck, targets and player
counts, only the house rules that apply, and the page again for another game with everything typed kept. Through
the test client, without JavaScript."""

import re

import pytest

from scorekeeper.rules.families import FAMILIES, HOUSE_RULE_SECTIONS, family_of, house_rules_offered
from scorekeeper.rules.options import OPTION_CHOICES, PROFILES
from tests.conftest import start_at_table
from tests.test_house_rules_pages import option_divs
from tests.test_pages import api_game


def checked(page, name):
    """The value of the radio button ``name`` that is checked."""
    found = re.search(rf'<input type="radio" name="{name}" value="(\w+)" checked', page) or re.search(
        rf'<input checked id="[^"]*" name="{name}" type="radio" value="(\w+)">', page
    )
    return found[1] if found else None


def summary(page):
    return re.search(r'<span class="rules-summary" id="rules-summary">([^<]*)</span>', page)[1]


# --- The core: which game a profile is, and which house rules a table may change ------------------------------


def test_every_profile_is_in_one_game_and_the_sister_games_are_their_own():
    assert sorted(p for f in FAMILIES.values() for p in f.profiles) == sorted(PROFILES)
    assert family_of("scopone-scientifico") == "scopa" and family_of("cirulla") == "cirulla"


def test_every_house_rule_is_under_one_heading():
    keys = [k for _title, keys in HOUSE_RULE_SECTIONS for k in keys]
    assert sorted(keys) == sorted(OPTION_CHOICES)


def test_a_house_rule_is_offered_only_where_it_can_change_something():
    escoba = house_rules_offered("escoba", {})
    # What Escoba is made of is not a house rule of it; nor what its 15-captures leave nothing to govern.
    assert not {"capture_to", "must_capture", "deal_fifteen", "pair_precedence", "capture_choice"} & set(escoba)
    assert {"tie_points", "end", "direction", "knocks"} <= set(escoba)
    cirulla = house_rules_offered("cirulla", {})
    assert "knocks" not in cirulla and "ace_never_scopa" not in cirulla and "ace_on_ace" in cirulla
    # A rule that needs another only once that one is on.
    assert "napola_max" not in house_rules_offered("classic", {})
    assert "napola_max" in house_rules_offered("classic", {"napola": True})
    assert "ace_on_ace" not in house_rules_offered("classic", {"ace_takes_all": False})


# --- The page ---------------------------------------------------------------------------------------------------


def test_the_game_comes_first_each_with_a_line_saying_what_it_is(client):
    page = client.get("/new").get_data(as_text=True)
    game = page.index('name="family"')
    assert game < page.index('name="players-0"') < page.index('name="profile"')
    assert "15" in re.search(r'value="escoba"> <b>Escoba</b>\s*<small>([^<]*)', page)[1]
    assert checked(page, "family") == "scopa" and summary(page) == "Scopa · Classic · to 11 · Italian deck"
    # Scopa's profiles to choose from, not the sister games.
    menu = re.search(r'<select id="profile" name="profile">(.*?)</select>', page)[1]
    assert "Scopone scientifico" in menu and "Asso piglia tutto" in menu and "escoba" not in menu


@pytest.mark.parametrize(
    "family, deck, target, usual, counts, absent",
    [
        ("escoba", "spanish", "15", (15, 21, 30), "2, 3 or 4 players", ("capture_to", "deal_fifteen", "napola_max")),
        ("cirulla", "french", "51", (51,), "2, 3 or 4 players", ("knocks", "grande", "ace_takes_all", "napola")),
    ],
)
def test_a_sister_game_brings_its_deck_target_players_and_only_its_house_rules(
    client, family, deck, target, usual, counts, absent
):
    page = client.get(f"/new?family={family}").get_data(as_text=True)
    assert checked(page, "family") == family and checked(page, "deck_style") == deck
    assert f'<input type="hidden" name="profile" value="{family}">' in page and 'id="profile"' not in page
    assert re.search(rf'id="target"[^>]*value="{target}"', page)
    offered = re.search(r'<datalist id="usual-targets">(.*?)</datalist>', page)[1]
    assert re.findall(r'value="(\d+)"', offered) == [str(n) for n in usual]
    assert counts in page and "or 6 players" not in page
    title = family.capitalize()
    assert summary(page) == f"{title} · to {target} · {dict(spanish='Spanish', french='French')[deck]} deck"
    shown = option_divs(page)
    assert "tie_points" in shown and not set(absent) & set(shown)
    for heading in ("Capturing", "Scoring a hand", "Ending the game"):
        assert f"<legend>{heading}</legend>" in page
    # Each menu's first choice says what the game plays.
    assert '<option selected value="">as the profile (scores nobody)</option>' in page
    assert len(page.encode()) < 32 * 1024


def test_another_game_chosen_shows_its_rules_and_keeps_everything_typed(client):
    typed = {"players-0": "Ana", "players-1": "Bruno", "name": "Viernes", "target": "11", "target_shown": "11"}
    data = typed | {"family": "escoba", "profile": "classic", "shown_profile": "classic", "deck_style": "italian"}
    r = client.post("/new", data=data | {"refresh": "1", "opt_capture_to": "fifteen", "opt_napola": "true"})
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and client.get("/").get_data(as_text=True).count("/g/") == 0
    assert all(re.search(rf'name="{k}"[^>]*value="{v}"', page) for k, v in typed.items() if "target" not in k)
    # Escoba's own deck and target (the target was the one shown), its rules open, Scopa's choices gone.
    assert checked(page, "deck_style") == "spanish" and re.search(r'id="target"[^>]*value="15"', page)
    assert '<details class="rules-box" id="rules" open>' in page
    assert "capture_to" not in option_divs(page)
    # A deck chosen by hand stays, for the same game or another.
    again = data | {"profile": "escoba", "shown_profile": "escoba", "deck_style": "french", "refresh": "1"}
    assert checked(client.post("/new", data=again).get_data(as_text=True), "deck_style") == "french"
    other = data | {"family": "cirulla", "deck_style": "spanish", "refresh": "1"}
    assert checked(client.post("/new", data=other).get_data(as_text=True), "deck_style") == "spanish"


def test_start_pressed_with_another_game_chosen_shows_that_games_rules_first(client):
    data = {"players-0": "Anna", "players-1": "Bruno", "family": "cirulla", "profile": "classic"}
    r = client.post("/new", data=data | {"shown_profile": "classic", "deck_style": "italian", "layout": "teams"})
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and "Here are the rules of Cirulla: check them, then start the game." in page
    assert '<input type="hidden" name="profile" value="cirulla">' in page and checked(page, "deck_style") == "french"
    assert client.get("/").get_data(as_text=True).count("/g/") == 0


def test_an_escoba_game_starts_from_the_page_with_its_deck(client):
    game_id = start_at_table(client, "Ana", "Bruno", family="escoba", profile="escoba", deck_style="spanish")
    game = api_game(client, game_id)
    assert game["rules"]["profile"] == "escoba" and game["rules"]["capture_to"] == "fifteen"
    assert game["deck_style"] == "spanish" and game["target"] == 15


def test_a_refused_combination_keeps_everything_and_says_which_option_and_why(client):
    data = {"players-0": "Ana", "players-1": "Bruno", "family": "escoba", "profile": "escoba"}
    data |= {"deck_style": "spanish", "layout": "teams", "opt_end": "draw", "opt_playoff": "leaders"}
    r = client.post("/new", data=data)
    page = r.get_data(as_text=True)
    assert r.status_code == 400 and 'value="Ana"' in page
    menu = page.split('data-option="playoff"', 1)[1].split("</div>", 1)[0]
    assert "no playoff is played" in menu and '<option selected value="leaders">' in menu
    assert re.search(r'<option selected value="draw">', page.split('id="opt_end"', 1)[1])
    # A rule the game fixes, sent all the same (a page without script, the game changed under it): refused by name.
    r = client.post("/new", data=data | {"opt_end": "", "opt_playoff": "", "opt_capture_to": "value"})
    assert r.status_code == 400 and "always plays capture_to" in r.get_data(as_text=True)


def test_six_names_stay_in_view_when_a_four_seat_game_is_chosen(client):
    """Names typed for six and then Escoba chosen: all six come back beside the sentence that says Escoba seats
    2, 3 or 4, so the table sees whom to leave out; nothing is started."""
    names = {f"players-{i}": name for i, name in enumerate(["Ana", "Bruno", "Carla", "Dario", "Elena", "Fabio"])}
    data = names | {"family": "escoba", "profile": "escoba", "shown_profile": "escoba", "layout": "pairs"}
    for extra in ({"refresh": "1"}, {}):
        r = client.post("/new", data=data | extra)
        page = r.get_data(as_text=True)
        assert all(re.search(rf'name="{k}"[^>]*value="{v}"', page) for k, v in names.items())
    assert r.status_code == 400 and "2, 3, or 4 players" in page
    assert client.get("/").get_data(as_text=True).count("/g/") == 0
