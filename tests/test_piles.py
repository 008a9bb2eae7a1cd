"""The hand from the piles through the test client: where the cards nobody was given go, and the grid's markup."""

import re

import pytest
from werkzeug.datastructures import MultiDict

from scorekeeper.rules import DECK, Card, DeckStyle
from scorekeeper.web.common.widgets import side_marks
from scorekeeper.web.game.forms import PilesForm
from tests.conftest import start_at_table


def rounds(client, game_id):
    return client.get(f"/api/v1/games/{game_id}").json["rounds"]


def tapped(**piles):
    """Form fields giving the cards listed for a side: ``tapped(s1="7d 5c")`` gives 7d and 5c to side 1."""
    return {f"c_{code}": side[1:] for side, codes in piles.items() for code in codes.split()}


def post(client, game_id, fields, action="save", sid="sub-piles-0001"):
    """Send the hand form as a browser does: the answer redirects (Post/Redirect/Get) to the page shown."""
    return client.post(
        f"/g/{game_id}/hand", data=fields | {"action": action, "submission_id": sid}, follow_redirects=True
    )


def saved(r, game_id):
    """True when the form led back to the scoreboard: the hand was saved."""
    return r.status_code == 200 and r.request.path == f"/g/{game_id}"


# --- The form's rules for the rest ------------------------------------------------------------------


@pytest.fixture
def form(app):
    """A PilesForm as posted with ``fields``, for a game of ``names`` (inside a request, as Flask-WTF needs)."""
    with app.test_request_context():
        yield lambda names, fields: PilesForm(names, MultiDict(fields), meta={"csrf": False})


def test_two_sides_one_tapped_the_rest_are_the_other_sides(form):
    f = form(["Anna", "Marco"], tapped(s1="7d 5c 1b"))
    entry = f.entry()
    assert [str(c) for c in entry.sides[1].pile] == ["7d", "5c", "1b"]
    assert len(entry.sides[0].pile) == 37 and Card.parse("6d") in entry.sides[0].pile
    # Written back into the menus: the confirmation carries every card as it will be saved.
    assert f.card(Card.parse("6d")).data == "0"


@pytest.mark.parametrize(
    "names, fields",
    [
        (["Anna", "Marco"], tapped(s0="7d", s1="5c")),  # both sides tapped, cards left
        (["Anna", "Marco", "Carla"], tapped(s0="7d 5c")),  # three sides
        (["Anna", "Marco"], {}),  # nothing tapped
    ],
)
def test_the_rest_are_asked_for_when_no_rule_places_them(names, fields, form):
    f = form(names, fields)
    assert f.rest_undecided()
    with pytest.raises(Exception, match=r"Where do the \d+ cards not given go\?") as err:
        f.entry()
    assert err.value.field == "rest"


def test_nothing_is_asked_when_every_card_is_given(form):
    f = form(["Anna", "Marco", "Carla"], {f"c_{c}": str(i % 3) for i, c in enumerate(DECK)})
    assert not f.rest_undecided()
    assert sum(len(s.pile) for s in f.entry().sides) == 40


def test_a_side_chosen_for_the_rest_gets_them_and_missing_leaves_them_out(form):
    chosen = form(["Anna", "Marco", "Carla"], tapped(s0="7d") | {"rest": "2"}).entry()
    assert len(chosen.sides[2].pile) == 39 and len(chosen.sides[1].pile) == 0
    missing = form(["Anna", "Marco"], tapped(s0="7d", s1="5c") | {"rest": "missing"}).entry()
    assert [len(s.pile) for s in missing.sides] == [1, 1]


def test_side_marks_tell_sides_apart():
    assert side_marks(["Anna", "Marco"]) == ["A", "M"]
    assert side_marks(["Marco", "Maria"]) == ["M1", "M2"]
    assert side_marks(["Marco", "Mattia", "Anna"]) == ["Mar", "Mat", "Ann"]
    assert len(set(side_marks(["Anna", "Anna"]))) == 2


# --- The pages ----------------------------------------------------------------------------------------


def test_two_sides_one_tapped_saves_the_rest_for_the_other_side(client):
    game_id = start_at_table(client, "Anna", "Marco", layout="alone")
    r = post(client, game_id, tapped(s1="7d 5c 1b"))
    assert saved(r, game_id)
    hand = rounds(client, game_id)[0]
    assert [s["cards"] for s in hand["sides"]] == [37, 3]
    assert hand["warnings"] == []


def test_both_sides_tapped_with_cards_left_asks_and_saves_nothing(client):
    game_id = start_at_table(client, "Anna", "Marco", layout="alone")
    r = post(client, game_id, tapped(s0="7d 6d", s1="5c"))
    page = r.get_data(as_text=True)
    assert r.status_code == 400
    assert "Where do the 37 cards not given go?" in page
    # The question is on the page without JavaScript: a button per side and "missing", all keeping the taps.
    ask = re.search(r'<div class="rest-ask" id="rest-ask"[^>]*>', page)[0]
    assert "hidden" not in ask
    for value in ("0", "1", "missing"):
        assert f'name="rest" value="{value}"' in page
    assert re.search(r'name="c_7d".*?<option value="0" selected', page, re.S)
    assert rounds(client, game_id) == []


def test_three_sides_ask_and_one_choice_goes_on_to_the_check(client):
    game_id = start_at_table(client, "Anna", "Marco", "Carla", layout="alone")
    r = post(client, game_id, tapped(s0="7d 6d"), action="check")
    assert r.status_code == 400 and "Where do the 38 cards not given go?" in r.get_data(as_text=True)
    # The choice is a submit button without an action: the form checks the hand at once.
    data = tapped(s0="7d 6d") | {"rest": "2", "submission_id": "sub-piles-0002"}
    r = client.post(f"/g/{game_id}/hand", data=data, follow_redirects=True)
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and "Check the hand before it is saved" in page
    assert re.search(r'name="c_10b" value="2"', page)  # the confirmation carries the rest, given
    assert rounds(client, game_id) == []


def test_missing_cards_are_saved_only_when_said_and_with_the_warning(client):
    game_id = start_at_table(client, "Anna", "Marco", layout="alone")
    fields = tapped(s0="7d 6d 1d", s1="5c 4c") | {"rest": "missing"}
    r = post(client, game_id, fields, action="check")
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and "35 missing" in page
    assert re.search(r'name="rest" value="missing"', page)  # carried to Save
    r = post(client, game_id, fields)
    assert saved(r, game_id)
    hand = rounds(client, game_id)[0]
    assert [s["cards"] for s in hand["sides"]] == [3, 2]
    assert any("35 missing" in w for w in hand["warnings"])


def test_correcting_a_hand_saved_without_cards_keeps_them_missing(client):
    game_id = start_at_table(client, "Anna", "Marco", layout="alone")
    post(client, game_id, tapped(s0="7d 6d 1d") | {"rest": "missing"})
    page = client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    assert 'name="rest" value="missing"' in page
    seen = {k: re.search(rf'name="{k}" value="([^"]*)"', page)[1] for k in ("version", "round_id")}
    r = client.post(
        f"/g/{game_id}/hands/1/edit",
        data=tapped(s0="7d 6d 1d") | seen | {"rest": "missing", "action": "save", "submission_id": "sub-piles-0003"},
        follow_redirects=True,
    )
    assert saved(r, game_id)
    assert [s["cards"] for s in rounds(client, game_id)[0]["sides"]] == [3, 0]


def test_an_unknown_rest_is_a_message_not_a_crash(client):
    game_id = start_at_table(client, "Anna", "Marco", layout="alone")
    r = post(client, game_id, tapped(s0="7d") | {"rest": "9"})
    assert r.status_code == 400
    assert "Choose a side for the cards not given" in r.get_data(as_text=True)


def test_the_rest_go_to_buttons_still_fill_the_menus(client):
    game_id = start_at_table(client, "Anna", "Marco", "Carla", layout="alone")
    r = post(client, game_id, tapped(s0="7d"), action="rest:1")
    page = r.get_data(as_text=True)
    assert r.status_code == 200
    assert re.search(r'name="c_5s".*?<option value="1" selected', page, re.S)


def test_enter_in_a_field_checks_the_hand_rather_than_giving_the_rest_away(client):
    game_id = start_at_table(client, "Anna", "Marco", layout="alone")
    page = client.get(f"/g/{game_id}/hand").get_data(as_text=True)
    first_submit = re.search(r'<button type="submit"[^>]*>', page)[0]
    assert 'value="check"' in first_submit


def test_cells_carry_names_marks_and_the_question_in_the_deck_style(client):
    game_id = start_at_table(client, "Anna", "Marco", deck_style="spanish", layout="alone")
    post(client, game_id, tapped(s0="7d"))
    page = client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    assert f'aria-label="{Card.parse("7d").name(DeckStyle.SPANISH)}"' in page  # "7 de Oros"
    assert re.search(r'data-card="7d">\s*<span class="rank"[^>]*>7</span>\s*<span class="mark"[^>]*>A</span>', page)
    assert "Whose pile are you holding?" in page
    assert """data-piles='["Anna\\u0027s pile", "Marco\\u0027s pile"]'""" in page  # the names grid.js reads out


@pytest.mark.parametrize("rest", ["²", "-1", "9" * 50, "MISSING", ""])
def test_odd_rest_values_are_messages_or_questions_never_a_crash(client, rest):
    game_id = start_at_table(client, "Anna", "Marco", "Carla", layout="alone")
    r = post(client, game_id, tapped(s0="7d") | {"rest": rest}, action="check")
    assert r.status_code == 400
    assert rounds(client, game_id) == []


@pytest.mark.parametrize("action", ["rest:3", "rest:-1", "rest:٣", "rest:"])
def test_a_rest_button_for_no_side_is_a_message_and_keeps_the_taps(client, action):
    game_id = start_at_table(client, "Anna", "Marco", "Carla", layout="alone")
    r = post(client, game_id, tapped(s0="7d"), action=action)
    page = r.get_data(as_text=True)
    assert r.status_code == 400 and "The rest go to one of the sides" in page
    assert re.search(r'name="c_7d".*?<option value="0" selected', page, re.S) and rounds(client, game_id) == []


def test_the_live_count_puts_the_rest_where_the_core_says(client):
    # The card grid sends the piles as tapped with "rest": "auto": the rules core says where the rest go.
    bruno = [
        "8d",
        "9d",
        "10d",
        "5c",
        "8c",
        "9c",
        "10c",
        "1s",
        "2s",
        "3s",
        "4s",
        "5s",
        "8s",
        "2b",
        "3b",
        "4b",
        "6b",
        "7b",
    ]
    body = {"sides": [{"name": "Anna", "pile": []}, {"name": "Bruno", "pile": bruno}], "rest": "auto"}
    answer = client.post("/api/v1/score", json=body).get_json()
    assert answer["rest_to"] == 0 and answer["sides"][0]["cards"] == 22 and answer["sides"][0]["settebello"]
    both = {"sides": [{"name": "Anna", "pile": ["7d"]}, {"name": "Bruno", "pile": bruno}], "rest": "auto"}
    assert client.post("/api/v1/score", json=both).get_json()["rest_to"] is None  # the person must say
    three = {"sides": [{"name": n, "pile": []} for n in ("A", "B", "C")], "rest": "auto"}
    assert client.post("/api/v1/score", json=three).get_json().get("rest_to") is None
    assert "rest_to" not in client.post("/api/v1/score", json={**body, "rest": None}).get_json()


def rest_bar(page):
    """The opening tag of the "The rest go to" buttons."""
    return re.search(r'<div class="rest"[^>]*>', page)[0]


def test_the_rest_go_to_is_offered_only_when_it_decides_something(client):
    # Without JavaScript the page shows it for cards as the server last saw them: with every card given, or the
    # rules placing the rest, the buttons would decide nothing. A fresh form offers it: the cards chosen in its
    # menus reach the server only with the button pressed, "the rest go to" among them.
    game_id = start_at_table(client, "Anna", "Marco", layout="alone")
    assert "hidden" not in rest_bar(client.get(f"/g/{game_id}/hand").get_data(as_text=True))
    r = post(client, game_id, tapped(s0="7d 6d", s1="5c"))  # both sides given some: nobody can say
    assert r.status_code == 400 and "hidden" not in rest_bar(r.get_data(as_text=True))
    assert saved(post(client, game_id, tapped(s0="7d"), sid="sub-piles-0002"), game_id)  # the rest went to Marco
    page = client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    assert "hidden" in rest_bar(page) and re.search(r'name="c_5s".*?<option value="1" selected', page, re.S)
