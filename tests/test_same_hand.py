"""Two keepers entering the same hand: the second phone sees both entries, the differences, and three choices.

Keep the saved hand (nothing written), save its own as the next hand (only when asked), or replace the saved
hand (only while it is the version the comparison showed). Whatever is tapped twice, nothing counts twice.
"""

import re

from tests.conftest import start_at_table
from tests.test_pages import api_game, hidden_fields
from tests.test_winners_entry import TYPICAL, won

MINE = TYPICAL | {"coins": "0"}  # the second phone gave the coins to Anna, the first to Bruno


def two_keepers(app, client):
    game_id = start_at_table(client, "Anna", "Bruno")
    other = app.test_client()
    with client.session_transaction() as mine, other.session_transaction() as theirs:
        theirs["kept"] = mine["kept"]
    return game_id, other


def winners_form(client, game_id):
    return hidden_fields(client.get(f"/g/{game_id}").get_data(as_text=True).split('id="winners"', 1)[1])


def both_enter_hand_1(app, client, second=MINE):
    """Both phones open hand 1; the first saves it, the second sends its own: the comparison page it gets."""
    game_id, other = two_keepers(app, client)
    first, late = winners_form(client, game_id), winners_form(other, game_id)
    assert client.post(f"/g/{game_id}/won", data=first | won(**TYPICAL)).status_code == 303
    r = other.post(f"/g/{game_id}/won", data=late | won(**second, submission_id="sub-won-phone2"))
    assert r.status_code == 303 and "/same-hand?d=" in r.headers["Location"]
    page = other.get(r.headers["Location"])
    assert page.status_code == 409
    return game_id, other, page.get_data(as_text=True)


def choice(page, name):
    """The fields of one of the comparison's three forms, as the phone sends them."""
    for form in re.findall(r'<form method="post"[^>]*class="clash-choice">(.*?)</form>', page, re.S):
        fields = hidden_fields(form)
        if fields.get("choice") == name:
            return fields
    raise AssertionError(f"no {name} choice on the page")


def coins_of(client, game_id):
    """Who won the coins in each saved hand (the side's index)."""
    return [
        [i for i, s in enumerate(r["sides"]) if "coins" in (s.get("won") or [])]
        for r in api_game(client, game_id)["rounds"]
    ]


def rows(page):
    """The comparison's rows: {category: marked as differing}."""
    found = re.findall(r'<tr class="(differs|same)">\s*<th scope="row">([^<]*)', page)
    return {label.strip(): kind == "differs" for kind, label in found}


def test_the_second_phone_sees_both_entries_with_the_difference_said_in_words(app, client):
    game_id, other, page = both_enter_hand_1(app, client)
    assert "Hand 1 was entered on two phones" in page and "Hand 1 was already saved on another phone" in page
    marked = rows(page)
    assert marked["coins"] is True and marked["cards"] is False and marked["settebello"] is False
    assert "≠ differs" in page and "The two entries differ" in page
    assert len(api_game(client, game_id)["rounds"]) == 1
    # The next hand is never the default: the first choice is keeping the saved hand.
    assert page.index('value="keep"') < page.index('value="replace"') < page.index('value="next"')
    assert "It is a new hand: save it as hand 2" in page


def test_the_same_entry_on_both_phones_is_said_to_be_the_same(app, client):
    _game_id, _other, page = both_enter_hand_1(app, client, second=TYPICAL)
    assert "The two entries are the same." in page and not any(rows(page).values())


def test_keep_the_saved_hand_writes_nothing_and_gives_a_fresh_form(app, client):
    game_id, other, page = both_enter_hand_1(app, client)
    r = other.post(f"/g/{game_id}/same-hand", data=choice(page, "keep"))
    assert r.status_code == 303
    board = other.get(r.headers["Location"]).get_data(as_text=True)
    assert "Hand 1 stays as it was saved" in board
    assert coins_of(client, game_id) == [[1]]  # the first phone's hand, untouched
    fresh = winners_form(other, game_id)
    assert fresh["hand"] == "2" and fresh["submission_id"] != "sub-won-phone2"
    # Back to the comparison: it is over, nothing is offered again.
    back = other.get(f"/g/{game_id}/same-hand?d=" + choice(page, "keep")["d"], follow_redirects=True)
    assert "Hand 1 is saved." in back.get_data(as_text=True) and 'class="clash-choice"' not in back.get_data(
        as_text=True
    )
    assert len(api_game(client, game_id)["rounds"]) == 1


def test_save_as_the_next_hand_counts_it_once(app, client):
    game_id, other, page = both_enter_hand_1(app, client)
    nxt = choice(page, "next")
    assert nxt["next_hand"] == "2"
    for _ in range(2):  # a double tap
        assert other.post(f"/g/{game_id}/same-hand", data=nxt).status_code == 303
    assert coins_of(client, game_id) == [[1], [0]]
    # The same entry cannot then also replace hand 1.
    other.post(f"/g/{game_id}/same-hand", data=choice(page, "replace"))
    assert coins_of(client, game_id) == [[1], [0]]


def test_save_as_the_next_hand_is_refused_when_that_hand_was_saved_meanwhile_too(app, client):
    game_id, other, page = both_enter_hand_1(app, client)
    client.post(f"/g/{game_id}/won", data=winners_form(client, game_id) | won(**TYPICAL, submission_id="sub-won-h2"))
    r = other.post(f"/g/{game_id}/same-hand", data=choice(page, "next"))
    again = other.get(r.headers["Location"])
    assert again.status_code == 409 and "Hand 2 was entered on two phones" in again.get_data(as_text=True)
    assert coins_of(client, game_id) == [[1], [1]]


def test_replace_the_saved_hand_with_this_phones_entry_once(app, client):
    game_id, other, page = both_enter_hand_1(app, client)
    for _ in range(2):  # a double tap
        r = other.post(f"/g/{game_id}/same-hand", data=choice(page, "replace"))
        assert r.status_code == 303
    assert coins_of(client, game_id) == [[0]]
    assert "Hand 1 now holds this phone" in other.get(f"/g/{game_id}").get_data(as_text=True)
    # The same entry cannot then also be added as hand 2.
    other.post(f"/g/{game_id}/same-hand", data=choice(page, "next"))
    assert coins_of(client, game_id) == [[0]]


def test_replace_is_refused_when_the_saved_hand_changed_again_and_the_new_comparison_is_shown(app, client):
    game_id, other, page = both_enter_hand_1(app, client)
    # Meanwhile the first phone corrects hand 1 (the settebello to Bruno).
    edit = hidden_fields(client.get(f"/g/{game_id}/hands/1/edit?as=won").get_data(as_text=True))
    fixed = edit | won(**(TYPICAL | {"settebello": "1"}), submission_id="sub-fix-000001")
    assert client.post(f"/g/{game_id}/hands/1/edit?as=won", data=fixed).status_code == 303
    r = other.post(f"/g/{game_id}/same-hand", data=choice(page, "replace"))
    assert r.status_code == 303
    again = other.get(r.headers["Location"])
    text = again.get_data(as_text=True)
    assert again.status_code == 409 and "Hand 1 changed again on another phone" in text
    assert rows(text)["settebello"] is True  # the new comparison
    saved = api_game(client, game_id)["rounds"]
    assert len(saved) == 1 and "settebello" in saved[0]["sides"][1]["won"]  # the correction kept
    # From the new comparison, replacing works.
    assert other.post(f"/g/{game_id}/same-hand", data=choice(text, "replace")).status_code == 303
    assert coins_of(client, game_id) == [[0]]


def test_a_bad_choice_is_a_clear_400_that_keeps_the_entry_and_changes_nothing(app, client):
    game_id, other, page = both_enter_hand_1(app, client)
    for bad in ({"choice": "both"}, {"version": "x"}, {"hand": "-1"}, {"kind": "nothing"}):
        r = other.post(f"/g/{game_id}/same-hand", data=choice(page, "replace") | bad)
        text = r.get_data(as_text=True)
        assert r.status_code == 400 and 'role="alert"' in text, bad
        assert 'name="won_coins" value="0"' in text  # this phone's entry, still there to choose again
    assert coins_of(client, game_id) == [[1]]


def test_a_phone_without_the_keeper_key_cannot_choose(app, client):
    game_id, other, page = both_enter_hand_1(app, client)
    viewer = app.test_client()
    assert viewer.post(f"/g/{game_id}/same-hand", data=choice(page, "replace")).status_code == 403
    assert coins_of(client, game_id) == [[1]]


def test_quick_counts_and_card_by_card_entries_are_compared_too(app, client):
    game_id, other = two_keepers(app, client)
    counts = {
        "sides-0-cards": "22",
        "sides-0-coins": "6",
        "settebello": "0",
        "primiera_by": "0",
        "hand": "1",
        "action": "save",
    }
    assert client.post(f"/g/{game_id}/counts", data=counts | {"submission_id": "sub-cnt-000001"}).status_code == 303
    r = other.post(f"/g/{game_id}/counts", data=counts | {"sides-0-coins": "4", "submission_id": "sub-cnt-000002"})
    page = other.get(r.headers["Location"])
    text = page.get_data(as_text=True)
    assert page.status_code == 409 and rows(text)["coins"] is True and rows(text)["cards"] is False
    assert other.post(f"/g/{game_id}/same-hand", data=choice(text, "replace")).status_code == 303
    assert api_game(client, game_id)["rounds"][0]["sides"][0]["coins"] == 4


def test_card_by_card_entries_name_the_cards_that_differ(app, client):
    from tests.test_pages import ANNA, grid

    game_id, other = two_keepers(app, client)
    sent = {"hand": "1", "action": "save"}
    assert (
        client.post(f"/g/{game_id}/hand", data=grid(ANNA) | sent | {"submission_id": "sub-pile-00001"}).status_code
        == 303
    )
    swapped = [c for c in ANNA if c != "7d"] + ["10d"]  # this phone put the settebello in Bruno's pile instead
    r = other.post(f"/g/{game_id}/hand", data=grid(swapped) | sent | {"submission_id": "sub-pile-00002"})
    text = other.get(r.headers["Location"]).get_data(as_text=True)
    assert rows(text)["settebello"] is True
    cards = re.search(r'<ul class="clash-cards" id="clash-cards">(.*?)</ul>', text, re.S)[1]
    assert "Anna&#39;s pile: only in the saved hand: 7 di Denari" in cards
    assert "Bruno&#39;s pile: only on this phone: 7 di Denari" in cards
    assert other.post(f"/g/{game_id}/same-hand", data=choice(text, "keep")).status_code == 303
    assert len(api_game(client, game_id)["rounds"]) == 1
