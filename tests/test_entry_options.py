"""The three hand entries under the 1.2 options (RULES.md): winners, quick counts and the card grid, through the
test client (no JavaScript). Each entry asks what the game plays (donna di denari, grande, the napola's limit,
knocks, tied categories under tie_points "each") and nothing it does not; bad input keeps everything entered, says
what was wrong and what is expected, and saves nothing; a game with coin_points sends winners to counts or cards.
"""

import re

from tests.conftest import new_game
from tests.test_pages import api_game, checked, grid, hidden_fields, send, value_of
from tests.test_winners_entry import rows_on, won

CIRULLA = {"profile": "cirulla"}


def keep(client, *sides, **rules):
    """A game with ``rules`` started through the API, kept by this client (its pages are the keeper's)."""
    game = new_game(client, *sides, rules=rules or None)
    client.get(game.keeper_path)
    return game.id


def winners_form(client, game_id):
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    return page, page.split('id="winners"', 1)[1].split("</form>", 1)[0]


def totals(client, game_id):
    return [s["total"] for s in api_game(client, game_id)["sides"]]


# --- Winners ------------------------------------------------------------------------------------------------


def test_a_classic_game_asks_what_it_always_did_and_no_knocks(client):
    game_id = keep(client)
    page, form = winners_form(client, game_id)
    assert list(rows_on(form)) == ["won_cards", "won_coins", "won_settebello", "won_primiera"]
    assert 'name="sides-0-knocks"' not in page and "winners-steer" not in page
    assert 'id="save-won"' in form


def test_cirulla_winners_ask_the_grande_the_piccola_to_its_limit_and_each_sides_knocks(client):
    game_id = keep(client, **CIRULLA)
    page, form = winners_form(client, game_id)
    rows = rows_on(form)
    assert rows["won_grande"] == ["Anna", "Bruno", "Nobody"]
    assert "won_donna_di_denari" not in rows and "won_re_bello" not in rows
    assert rows["napola_points"] == ["3", "4", "5", "6"]  # Cirulla counts the piccola up to the 6 of coins
    assert value_of(form, "sides-0-knocks") == "0" and value_of(form, "sides-1-knocks") == "0"
    assert 'data-add="3"' in form and 'data-add="10"' in form
    data = hidden_fields(form) | won(cards="0", coins="0", settebello="0", primiera="1", grande="0")
    data |= {"napola": "0", "napola_points": "4", "sides-1-knocks": "13"}
    assert client.post(f"/g/{game_id}/won", data=data).status_code == 303
    # Anna: cards, coins, settebello 3, the grande 5, the piccola 4 = 12; Bruno: primiera 1 and knocks 13 = 14.
    assert totals(client, game_id) == [12, 14]
    entry = api_game(client, game_id)["rounds"][0]["entry"]["sides"]
    assert entry[1]["knocks"] == 13 and "grande" in entry[0]["won"]


def test_knocks_that_are_no_sum_of_threes_and_tens_are_refused_beside_the_field_with_every_tap_kept(client):
    game_id = keep(client, **CIRULLA)
    _, form = winners_form(client, game_id)
    data = hidden_fields(form) | won(cards="0", coins="tie", settebello="1", primiera="1", grande="tie")
    data |= {"napola": "none", "sides-0-knocks": "4"}
    page = send(client, f"/g/{game_id}/won", data).get_data(as_text=True)
    assert "Knocks must be a sum of 3s and 10s (3, 6, 10, 13...), not 4." in page
    assert re.search(r'class="knock [^"]*has-error', page)
    assert value_of(page, "sides-0-knocks") == "4"
    assert checked(page, "won_cards") == "0" and checked(page, "won_coins") == "tie"
    assert checked(page, "won_grande") == "tie" and checked(page, "napola") == "none"
    assert api_game(client, game_id)["rounds"] == []
    for typed, said in (("61", "from 0 to 60"), ("x3", "from 0 to 60")):
        page = send(client, f"/g/{game_id}/won", data | {"sides-0-knocks": typed}).get_data(as_text=True)
        assert f"Knocks must be a whole number {said}" in page and value_of(page, "sides-0-knocks") == typed
    assert api_game(client, game_id)["rounds"] == []


def test_a_piccola_beyond_the_games_limit_is_not_offered_and_refused(client):
    game_id = keep(client, **CIRULLA)
    _, form = winners_form(client, game_id)
    data = hidden_fields(form) | won(cards="0", coins="0", settebello="0", primiera="0", grande="tie")
    page = send(client, f"/g/{game_id}/won", data | {"napola": "0", "napola_points": "8"}).get_data(as_text=True)
    assert "Napola: tap its points (3 to 6)." in page
    assert api_game(client, game_id)["rounds"] == []


def test_the_donna_di_denari_is_a_row_with_no_tie_where_it_is_played(client):
    game_id = keep(client, donna_di_denari=True)
    _, form = winners_form(client, game_id)
    assert rows_on(form)["won_donna_di_denari"] == ["Anna", "Bruno"]
    data = hidden_fields(form) | won(cards="0", coins="0", settebello="0", primiera="tie")
    page = send(client, f"/g/{game_id}/won", data).get_data(as_text=True)
    assert "Donna di denari: tap who took the Cavallo of coins." in page
    assert client.post(f"/g/{game_id}/won", data=data | {"won_donna_di_denari": "1"}).status_code == 303
    assert totals(client, game_id) == [3, 1]


def test_under_tie_points_each_a_tie_gives_each_tied_side_its_point(client):
    game_id = keep(client, tie_points="each")
    _, form = winners_form(client, game_id)
    rows = rows_on(form)
    assert rows["won_cards"] == ["Anna", "Bruno", "Tie: a point each"]
    assert rows["won_primiera"] == ["Anna", "Bruno", "Tie: a point each", "Nobody"]
    assert rows["won_settebello"] == ["Anna", "Bruno"]
    data = hidden_fields(form) | won(cards="tie", coins="0", settebello="0", primiera="none")
    assert client.post(f"/g/{game_id}/won", data=data).status_code == 303
    assert totals(client, game_id) == [3, 1]
    # A correction shows the tie as it was told.
    page = client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    assert checked(page, "won_cards") == "tie" and checked(page, "won_primiera") == "none"


def test_with_three_sides_under_tie_points_each_the_row_names_who_tied(client):
    game_id = keep(client, "Anna", "Bruno", "Carla", tie_points="each")
    _, form = winners_form(client, game_id)
    assert rows_on(form)["won_coins"] == [
        "Anna",
        "Bruno",
        "Carla",
        "Anna = Bruno",
        "Anna = Carla",
        "Bruno = Carla",
        "All tie",
    ]
    data = hidden_fields(form) | won(cards="1", coins="0+2", settebello="0", primiera="1")
    assert client.post(f"/g/{game_id}/won", data=data).status_code == 303
    assert totals(client, game_id) == [2, 2, 1]
    page = client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    assert checked(page, "won_coins") == "0+2"
    page = send(client, f"/g/{game_id}/won", data | {"won_coins": "0+7", "submission_id": "sub-won-0002"})
    assert "Coins: tap who took the most coins, or Tie." in page.get_data(as_text=True)


def test_with_a_point_for_every_coin_winners_send_the_table_to_counts_or_cards(client):
    game_id = keep(client, coin_points=True)
    page, form = winners_form(client, game_id)
    assert "every coin taken scores a point" in form and rows_on(form) == {}
    assert 'id="save-won"' not in form  # no Save that can only fail
    assert f'href="/g/{game_id}/counts"' in form and f'href="/g/{game_id}/hand"' in form
    # A winners hand sent anyway (an old page) is refused with the same way out.
    page = send(client, f"/g/{game_id}/won", hidden_fields(form) | won(cards="0")).get_data(as_text=True)
    assert "enter this hand by piles or counts, not by winners" in page and "winners-steer" in page
    assert api_game(client, game_id)["rounds"] == []


# --- Quick counts -------------------------------------------------------------------------------------------


def counts(**fields):
    return {"action": "save", "submission_id": "sub-counts-9001"} | fields


def test_a_classic_counts_form_asks_no_donna_grande_or_knocks(client):
    game_id = keep(client)
    page = client.get(f"/g/{game_id}/counts").get_data(as_text=True)
    for name in ("donna_di_denari", "grande", "sides-0-knocks"):
        assert f'name="{name}"' not in page


def test_cirulla_counts_ask_the_grande_holder_the_piccola_and_knocks(client):
    game_id = keep(client, **CIRULLA)
    page = client.get(f"/g/{game_id}/counts").get_data(as_text=True)
    assert 'name="grande"' in page and 'name="sides-0-napola"' in page and 'name="sides-1-knocks"' in page
    assert 'name="donna_di_denari"' not in page
    base = counts(**{"sides-0-cards": "22", "sides-0-coins": "9", "settebello": "0", "primiera_by": "0"})
    base |= {"sides-0-napola": "5", "sides-0-knocks": "3", "sides-1-knocks": "10"}
    # The grande left unanswered: asked beside its buttons, everything typed kept.
    page = send(client, f"/g/{game_id}/counts", base).get_data(as_text=True)
    assert "Grande: tap who holds Fante, Cavallo and Re of coins, or Nobody." in page
    assert value_of(page, "sides-0-napola") == "5" and value_of(page, "sides-1-knocks") == "10"
    assert api_game(client, game_id)["rounds"] == []
    assert client.post(f"/g/{game_id}/counts", data=base | {"grande": "0"}).status_code == 303
    # Anna: cards, coins, settebello, primiera 4, piccola 5, grande 5, knock 3 = 17; Bruno: knocks 10.
    assert totals(client, game_id) == [17, 10]
    page = client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    assert checked(page, "grande") == "0" and value_of(page, "sides-1-knocks") == "10"


def test_counts_with_the_donna_and_a_point_per_coin(client):
    game_id = keep(client, donna_di_denari=True, coin_points=True)
    page = client.get(f"/g/{game_id}/counts").get_data(as_text=True)
    assert 'name="donna_di_denari"' in page and "every coin taken scores a point" in page
    base = counts(**{"sides-0-cards": "22", "sides-0-coins": "6", "settebello": "0", "primiera_by": "0"})
    page = send(client, f"/g/{game_id}/counts", base).get_data(as_text=True)
    assert "Donna di denari: tap who took the Cavallo of coins." in page
    assert client.post(f"/g/{game_id}/counts", data=base | {"donna_di_denari": "1"}).status_code == 303
    # Anna: cards, coins, settebello, primiera and 6 coins = 10; Bruno: the donna and 4 coins = 5.
    assert totals(client, game_id) == [10, 5]


# --- The card grid ------------------------------------------------------------------------------------------

ANNA = {"7d", "1d", "2d", "3d", "4d", "5d", "8d", "9d", "10d", "7c", "7s", "7b", "6c", "6s", "1c", "1s", "2c", "3c"}


def test_the_card_grid_asks_only_the_knocks_under_cirulla(client):
    game_id = keep(client, **CIRULLA)
    page = client.get(f"/g/{game_id}/hand").get_data(as_text=True)
    assert 'name="sides-0-knocks"' in page and 'name="grande"' not in page
    assert 'name="sides-0-knocks"' not in client.get(f"/g/{keep(client)}/hand").get_data(as_text=True)
    cards = grid(ANNA) | {"action": "save", "submission_id": "sub-grid-00001"}
    page = send(client, f"/g/{game_id}/hand", cards | {"sides-1-knocks": "7"}).get_data(as_text=True)
    assert "Knocks must be a sum of 3s and 10s (3, 6, 10, 13...), not 7." in page
    assert value_of(page, "sides-1-knocks") == "7"
    assert all(re.search(rf'name="c_{c}".*?<option value="0" selected', page, re.S) for c in ("7d", "9d", "3c"))
    assert api_game(client, game_id)["rounds"] == []
    assert client.post(f"/g/{game_id}/hand", data=cards | {"sides-1-knocks": "6"}).status_code == 303
    (played,) = api_game(client, game_id)["rounds"]
    # Anna (18 cards): coins, settebello, primiera, the grande 5, the piccola to the 5 = 13; Bruno: cards, knocks 6.
    assert played["totals"] == [13, 7] and played["entry"]["sides"][1]["knocks"] == 6
