"""The winners entry on the scoreboard through the test client (no JavaScript): a tap per row, then Save.

Also what every hand form does after a POST: it redirects (Post/Redirect/Get), so a reload or Back shows a page
again without sending anything.
"""

import html
import re
import secrets

import pytest
from werkzeug.datastructures import MultiDict

from tests.conftest import new_game, start_at_table
from tests.test_pages import api_game, checked, form_fields, hidden_fields, send, value_of


def won(**rows):
    """A winners form as a phone sends it: ``won(cards="0", coins="tie", ...)`` plus the hidden fields."""
    data = {f"won_{k}": v for k, v in rows.items() if k not in ("napola", "napola_points", "submission_id")}
    data |= {k: v for k, v in rows.items() if k in ("napola", "napola_points")}
    return data | {"action": "save", "submission_id": rows.get("submission_id", "sub-won-000001")}


TYPICAL = {"cards": "0", "coins": "1", "settebello": "0", "primiera": "0"}


def rows_on(page):
    """The rows of the winners form on a page, each with its choices' labels in order."""
    out = {}
    for name, body in re.findall(r'<fieldset class="seg-row[^"]*" id="row-(\w+)">(.*?)</fieldset>', page, re.S):
        labels = re.findall(r'<label for="[^"]+" class="seg[^"]*">([^<]*)</label>', body)
        out[name] = [html.unescape(label) for label in labels]
    return out


def test_the_scoreboard_offers_the_winners_form_first_with_a_row_per_category(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert rows_on(page) == {
        "won_cards": ["Anna", "Bruno", "Tie"],
        "won_coins": ["Anna", "Bruno", "Tie"],
        "won_settebello": ["Anna", "Bruno"],  # one side always has it: no Tie
        "won_primiera": ["Anna", "Bruno", "Tie"],
    }
    # First among the ways in, below the scopa buttons; the others stay as links.
    assert page.index('class="scopa-now"') < page.index('id="winners"') < page.index(">Quick counts</a>")
    assert page.index(">Quick counts</a>") < page.index(">Tap the cards</a>")
    assert f'action="/g/{game_id}/won"' in page and "Save hand 1" in page


def test_a_typical_hand_with_a_scopa_is_saved_and_the_scoreboard_shows_it_with_undo(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    client.post(f"/g/{game_id}/scopa", data={"side": "0", "change": "1", "submission_id": "sub-scopa-0001"})
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    form = hidden_fields(page.split('id="winners"', 1)[1].split("</form>", 1)[0])
    assert form["scopas_shown"] == "1,0" and form["sides-0-scopas"] == "1"  # the scopa buttons' count
    r = client.post(f"/g/{game_id}/won", data=form | won(**TYPICAL))
    assert r.status_code == 303 and r.headers["Location"] == f"/g/{game_id}"
    g = api_game(client, game_id)
    assert [s["total"] for s in g["sides"]] == [4, 1] and g["pending_scopas"] == [0, 0]
    assert g["rounds"][0]["entry"]["sides"][0] == {"won": ["cards", "settebello", "primiera"], "scopas": 1}
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "Hand 1 saved:" in page and "Anna won the cards, as told at the table." in page
    assert form_fields(page, "undo")[0] == f"/g/{game_id}/undo"
    assert "Hand 2: who won what?" in page and checked(page, "won_cards") is None  # a fresh form


def test_the_same_save_sent_twice_records_one_hand(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    data = won(**TYPICAL) | {"scopas_shown": "0,0"}
    assert client.post(f"/g/{game_id}/won", data=data).status_code == 303
    assert client.post(f"/g/{game_id}/won", data=data).status_code == 303
    assert len(api_game(client, game_id)["rounds"]) == 1


def test_a_missing_row_is_named_and_every_choice_is_kept(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    r = client.post(f"/g/{game_id}/won", data=won(cards="0", settebello="1"))
    assert r.status_code == 303 and r.headers["Location"].startswith(f"/g/{game_id}?d=")
    page = client.get(r.headers["Location"].split("#")[0])
    text = page.get_data(as_text=True)
    assert page.status_code == 400
    assert "Answer every row: coins and primiera are not answered." in text
    assert re.search(r'id="row-won_coins">.*?Coins: tap who took the most coins, or Tie\.', text, re.S)
    assert re.search(r'id="row-won_primiera">.*?Primiera: tap who won it, or Tie\.', text, re.S)
    assert checked(text, "won_cards") == "0" and checked(text, "won_settebello") == "1"
    assert api_game(client, game_id)["rounds"] == []
    # A reload of that page shows it again and sends nothing.
    again = client.get(r.headers["Location"].split("#")[0])
    assert again.status_code == 400 and checked(again.get_data(as_text=True), "won_cards") == "0"
    assert api_game(client, game_id)["rounds"] == []


def test_one_missing_row_is_named_above_the_form(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    page = send(client, f"/g/{game_id}/won", won(cards="0", coins="1", primiera="tie")).get_data(as_text=True)
    assert re.search(r'id="form-error">Settebello: tap who took the 7 of coins\.', page)


def test_a_row_sent_for_two_sides_is_refused_and_names_the_row(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    data = MultiDict(list(won(**TYPICAL).items()) + [("won_cards", "1")])  # cards for Anna and for Bruno
    r = send(client, f"/g/{game_id}/won", data)
    page = r.get_data(as_text=True)
    assert r.status_code == 400 and "Cards: tap only one" in page
    assert api_game(client, game_id)["rounds"] == []


@pytest.mark.parametrize("bad", ["7", "-1", "²", "x" * 300, "0" * 3])
def test_a_choice_that_is_no_choice_is_a_400_beside_its_row(client, bad):
    game_id = start_at_table(client, "Anna", "Bruno")
    r = send(client, f"/g/{game_id}/won", won(**TYPICAL | {"coins": bad}))
    page = r.get_data(as_text=True)
    assert r.status_code == 400
    assert re.search(r'id="row-won_coins">.*?Coins: tap who took the most coins, or Tie\.', page, re.S)
    assert checked(page, "won_cards") == "0"
    assert api_game(client, game_id)["rounds"] == []


def test_a_tie_scores_nobody(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    send(client, f"/g/{game_id}/won", won(cards="tie", coins="tie", settebello="1", primiera="tie"))
    (hand,) = api_game(client, game_id)["rounds"]
    assert hand["totals"] == [0, 1]
    page = client.get(f"/g/{game_id}/hands/1").get_data(as_text=True)
    assert "Nobody won the cards: a tie, as told at the table." in page


@pytest.mark.parametrize(
    "names, extra, sides",
    [
        (["Anna", "Bruno", "Carla"], {}, ["Anna", "Bruno", "Carla"]),
        (["Anna", "Bruno", "Carla", "Dario"], {"layout": "alone"}, ["Anna", "Bruno", "Carla", "Dario"]),
        (["Anna", "Bruno", "Carla", "Dario"], {}, ["Anna & Carla", "Bruno & Dario"]),
        (list("ABCDEF"), {"layout": "pairs"}, ["A & D", "B & E", "C & F"]),
    ],
)
def test_every_side_has_a_segment_in_every_row(client, names, extra, sides):
    game_id = start_at_table(client, *names, **extra)
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    rows = rows_on(page)
    assert rows["won_cards"] == [*sides, "Tie"] and rows["won_settebello"] == sides
    last = str(len(sides) - 1)
    send(client, f"/g/{game_id}/won", won(cards=last, coins=last, settebello=last, primiera="tie"))
    assert api_game(client, game_id)["rounds"][0]["counted"] == [0] * (len(sides) - 1) + [3]


def test_napola_and_re_bello_games_ask_for_them(client):
    game_id = start_at_table(client, "Anna", "Bruno", profile="asso-piglia-tutto", opt_re_bello="true")
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    rows = rows_on(page)
    assert list(rows) == [
        "won_cards",
        "won_coins",
        "won_settebello",
        "won_primiera",
        "won_re_bello",
        "napola",
        "napola_points",
    ]
    assert rows["won_re_bello"] == ["Anna", "Bruno"] and rows["napola"] == ["Anna", "Bruno", "Nobody"]
    assert rows["napola_points"] == [str(n) for n in range(3, 11)]
    # The napola's holder without its points: asked, everything kept.
    r = send(client, f"/g/{game_id}/won", won(**TYPICAL, re_bello="1", napola="0"))
    page = r.get_data(as_text=True)
    assert r.status_code == 400 and "Napola: tap its points (3 to 10)." in page and checked(page, "napola") == "0"
    # A napola of 7 holds the settebello: the core says so beside the napola's points.
    r = send(
        client, f"/g/{game_id}/won", won(**TYPICAL | {"settebello": "1"}, re_bello="1", napola="0", napola_points="7")
    )
    page = r.get_data(as_text=True)
    assert r.status_code == 400
    assert re.search(r'id="row-napola_points">.*?A napola of 7 holds the coins from the ace to 7', page, re.S)
    assert checked(page, "napola_points") == "7"
    send(client, f"/g/{game_id}/won", won(**TYPICAL, re_bello="1", napola="0", napola_points="4"))
    (hand,) = api_game(client, game_id)["rounds"]
    assert hand["totals"] == [3 + 4, 2]  # cards, settebello, primiera, napola 4; coins, re bello
    assert hand["entry"]["sides"][0]["napola"] == 4


def test_nobody_with_the_napola_needs_no_points(client):
    game_id = start_at_table(client, "Anna", "Bruno", profile="asso-piglia-tutto")
    send(client, f"/g/{game_id}/won", won(**TYPICAL, napola="none", napola_points="5"))
    (hand,) = api_game(client, game_id)["rounds"]
    assert hand["totals"] == [3, 1] and "napola" not in hand["entry"]["sides"][0]


def test_a_count_out_game_scores_a_winners_hand_in_category_order(client):
    game_id = start_at_table(client, "Anna", "Bruno", profile="count-out", target="2")
    send(client, f"/g/{game_id}/won", won(cards="1", coins="0", settebello="0", primiera="1"))
    g = api_game(client, game_id)
    # Cards to Bruno (1-0), coins to Anna (1-1), settebello to Anna: 2, Anna is out before the primiera.
    assert g["finished"] and g["winner"] == 0
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "Anna wins" in page and 'id="winners"' not in page


def test_editing_a_won_hand_opens_the_winners_form_filled_with_it(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    send(client, f"/g/{game_id}/won", won(**TYPICAL) | {"scopas_shown": "0,0", "sides-1-scopas": "0"})
    page = client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    assert "Correct hand 1" in page
    assert [checked(page, f"won_{c}") for c in TYPICAL] == ["0", "1", "0", "0"]
    data = hidden_fields(page) | won(**TYPICAL | {"primiera": "1"}, submission_id="sub-won-edit-01")
    data |= {"sides-0-scopas": "0", "sides-1-scopas": "1", "action": "check"}
    r = send(client, f"/g/{game_id}/hands/1/edit", data)
    preview = r.get_data(as_text=True)
    assert r.status_code == 200 and "Save the correction" in preview and "Bruno won the primiera" in preview
    assert api_game(client, game_id)["rounds"][0]["totals"] == [3, 1]  # nothing changed before the confirmation
    r = client.post(f"/g/{game_id}/hands/1/edit", data=hidden_fields(preview) | {"action": "save"})
    assert r.status_code == 303
    assert api_game(client, game_id)["rounds"][0]["totals"] == [2, 3]
    # Back to the confirmation after saving: a page saying it is saved, never a second save.
    back = client.get(f"/g/{game_id}/hands/1/edit?as=won&d={value_of(preview, 'd')}")
    assert back.status_code == 302 and back.headers["Location"] == f"/g/{game_id}"
    assert len(api_game(client, game_id)["rounds"]) == 1


def test_undo_brings_a_won_hand_back_into_the_winners_form_with_its_scopas(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    client.post(f"/g/{game_id}/scopa", data={"side": "1", "change": "1", "submission_id": "sub-scopa-0002"})
    r = client.post(
        f"/g/{game_id}/won", data=won(**TYPICAL) | {"scopas_shown": "0,1", "sides-1-scopas": "1"}, follow_redirects=True
    )
    assert api_game(client, game_id)["pending_scopas"] == [0, 0]
    action, form = form_fields(r.get_data(as_text=True), "undo")
    r = client.post(action, data=form)
    assert r.status_code == 303 and r.headers["Location"].startswith(f"/g/{game_id}?d=")
    page = client.get(r.headers["Location"].split("#")[0]).get_data(as_text=True)
    assert "Hand 1 undone: it is back below with its scopas." in page
    assert [checked(page, f"won_{c}") for c in TYPICAL] == ["0", "1", "0", "0"]
    assert re.search(r'<b class="count" data-side="1">1</b>', page)  # the scopa is on its button again
    assert value_of(page, "sides-1-scopas") == "1" and value_of(page, "scopas_shown") == "0,1"
    assert api_game(client, game_id)["rounds"] == []
    # Saved again as it came back: the same hand, scopa included.
    assert (
        client.post(
            f"/g/{game_id}/won", data=hidden_fields(page) | won(**TYPICAL, submission_id="sub-again-01")
        ).status_code
        == 303
    )
    g = api_game(client, game_id)
    assert [s["total"] for s in g["sides"]] == [3, 2] and g["pending_scopas"] == [0, 0]


def test_a_viewer_has_no_winners_form_and_cannot_post_one(app, client):
    game_id = start_at_table(client, "Anna", "Bruno")
    viewer = app.test_client()
    assert 'id="winners"' not in viewer.get(f"/g/{game_id}").get_data(as_text=True)
    assert viewer.post(f"/g/{game_id}/won", data=won(**TYPICAL)).status_code == 403
    assert api_game(client, game_id)["rounds"] == []


# --- Post/Redirect/Get: Back and reload never send a form again ------------------------------------


def test_check_hand_redirects_to_a_page_that_reloads_without_sending(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    data = {
        "sides-0-cards": "22",
        "sides-0-coins": "6",
        "settebello": "0",
        "primiera_by": "0",
        "action": "check",
        "submission_id": "sub-prg-00001",
    }
    r = client.post(f"/g/{game_id}/counts", data=data)
    assert r.status_code == 303 and r.headers["Location"].startswith(f"/g/{game_id}/counts?d=")
    for _ in range(2):  # shown, then shown again by a reload or Back
        page = client.get(r.headers["Location"]).get_data(as_text=True)
        assert "Check the hand before it is saved" in page and "Save hand 1" in page
    assert api_game(client, game_id)["rounds"] == []
    saved = client.post(f"/g/{game_id}/counts", data=hidden_fields(page) | {"action": "save"})
    assert saved.status_code == 303 and saved.headers["Location"] == f"/g/{game_id}"
    back = client.get(r.headers["Location"])  # Back to the confirmation, once saved
    assert back.status_code == 302 and back.headers["Location"] == f"/g/{game_id}"
    assert "Hand 1 is saved" in client.get(f"/g/{game_id}").get_data(as_text=True)
    assert len(api_game(client, game_id)["rounds"]) == 1


def test_quick_counts_without_primiera_values_ask_who_won_it(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    data = {"sides-0-cards": "22", "sides-0-coins": "6", "settebello": "0", "action": "check"}
    r = send(client, f"/g/{game_id}/counts", data)
    page = r.get_data(as_text=True)
    assert r.status_code == 400
    assert "Primiera: tap who won it (or Tie), or type each side&#39;s value." in page
    assert checked(page, "primiera_by") is None and value_of(page, "sides-0-cards") == "22"
    # Nothing is chosen for the table beforehand: typed values decide it, without a tap.
    r = send(client, f"/g/{game_id}/counts", data | {"sides-0-primiera": "78", "sides-1-primiera": "70"})
    assert r.status_code == 200 and "Anna has the best primiera" in r.get_data(as_text=True)
    r = send(client, f"/g/{game_id}/counts", data | {"primiera_by": "1"})
    assert r.status_code == 200 and "Bruno won the primiera" in r.get_data(as_text=True)


def test_a_refused_delete_redirects_to_a_conflict_page_that_shows_the_current_hand(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    send(client, f"/g/{game_id}/won", won(**TYPICAL))
    page = client.get(f"/g/{game_id}/hands/1/delete").get_data(as_text=True)
    fields = hidden_fields(page)
    send(client, f"/g/{game_id}/hands/1/delete", fields)
    send(client, f"/g/{game_id}/won", won(**TYPICAL, submission_id="sub-won-000002"))
    r = client.post(f"/g/{game_id}/hands/1/delete", data=fields | {"submission_id": "sub-del-second"})
    assert r.status_code == 303 and r.headers["Location"].startswith(f"/g/{game_id}/conflict?d=")
    shown = client.get(r.headers["Location"])
    text = shown.get_data(as_text=True)
    assert shown.status_code == 409 and "Nothing was changed" in text and "Show the current hand" in text
    assert re.search(r"Hand 1 is no longer the hand you saw", text)
    assert len(api_game(client, game_id)["rounds"]) == 1
    assert client.get(f"/g/{game_id}/conflict?d=unknown").status_code == 302


def test_a_conflict_on_the_winners_form_keeps_the_choices_and_offers_the_current_hand(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    sweep = {"sides-0-cards": "40", "sides-0-coins": "10", "settebello": "0", "primiera_by": "0", "action": "save"}
    for i in range(3):  # Anna takes every card three times: the game is over
        send(client, f"/g/{game_id}/counts", sweep | {"submission_id": f"sub-over-00{i + 1}"})
    assert api_game(client, game_id)["finished"]
    r = send(client, f"/g/{game_id}/won", won(**TYPICAL, submission_id="sub-late-0001"))  # an old page's form
    page = r.get_data(as_text=True)
    assert r.status_code == 409 and "The game is over" in page
    assert len(api_game(client, game_id)["rounds"]) == 3


def test_drafts_are_bounded_in_number(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    locations = []
    for i in range(5):
        r = client.post(f"/g/{game_id}/won", data=won(cards=str(i % 2)))
        locations.append(r.headers["Location"].split("#")[0])
    with client.session_transaction() as session:
        assert len(session["drafts"]) == 3
    assert client.get(locations[-1]).status_code == 400  # the newest is kept
    oldest = client.get(locations[0])  # it made room: the form is shown afresh, and the page says why
    page = oldest.get_data(as_text=True)
    assert oldest.status_code == 200 and "That form is no longer kept on this phone" in page
    assert checked(page, "won_cards") is None


def test_a_hand_deleted_meanwhile_is_a_conflict_page_not_an_error(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    send(client, f"/g/{game_id}/won", won(**TYPICAL))
    delete = hidden_fields(client.get(f"/g/{game_id}/hands/1/delete").get_data(as_text=True))
    edit = client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    send(client, f"/g/{game_id}/hands/1/delete", delete)
    for url, data in (
        (f"/g/{game_id}/hands/1/delete", delete | {"submission_id": "sub-del-again1"}),
        (f"/g/{game_id}/hands/1/edit", hidden_fields(edit) | won(**TYPICAL, submission_id="sub-ed-01")),
    ):
        r = client.post(url, data=data)
        assert r.status_code == 303 and "/conflict?d=" in r.headers["Location"]
        page = client.get(r.headers["Location"])
        assert page.status_code == 409
        assert "Hand 1 is no longer in the game: it was deleted on another phone" in page.get_data(as_text=True)
    assert api_game(client, game_id)["rounds"] == []


def test_the_winners_address_opened_by_hand_leads_to_the_scoreboards_form(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    r = client.get(f"/g/{game_id}/won")
    assert r.status_code == 302 and r.headers["Location"] == f"/g/{game_id}#winners"


def test_a_phone_keeping_fifty_games_still_gets_its_errors_and_a_cookie_a_browser_keeps(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    with client.session_transaction() as session:
        kept = session["kept"]
        # Random like real ids (16 characters) and keys (24): the signed cookie is compressed, so made-up
        # ids that repeat themselves would weigh less than real ones.
        session["kept"] = kept | {secrets.token_urlsafe(12): secrets.token_urlsafe(18) for _ in range(49)}
    for i in range(4):
        r = client.post(f"/g/{game_id}/won", data=won(cards="0", submission_id=f"sub-full-{i:05d}"))
        cookie = r.headers.get("Set-Cookie", "")
        assert len(cookie.split(";", 1)[0]) <= 4000  # what a browser keeps of one cookie
        if r.status_code == 303:  # kept as a draft when there is room, else shown at once
            r = client.get(r.headers["Location"].split("#")[0])
        assert r.status_code == 400 and "Answer every row" in r.get_data(as_text=True)
    with client.session_transaction() as session:
        assert len(session["kept"]) == 50  # no game was let go to make room


def test_the_keepers_scoreboard_never_reloads_itself_over_a_hand_being_entered(app, client):
    game_id = start_at_table(client, "Anna", "Bruno")
    assert 'http-equiv="refresh"' not in client.get(f"/g/{game_id}").get_data(as_text=True)
    assert 'http-equiv="refresh"' in app.test_client().get(f"/g/{game_id}").get_data(as_text=True)  # a viewer's


def test_two_phones_entering_the_same_hand_save_it_once_unless_the_second_says_it_is_the_next(app, client):
    game_id = start_at_table(client, "Anna", "Bruno")
    client.post(f"/g/{game_id}/scopa", data={"side": "0", "change": "1", "submission_id": "sub-scopa-0001"})
    other = app.test_client()
    with client.session_transaction() as mine, other.session_transaction() as theirs:
        theirs["kept"] = mine["kept"]
    forms = [
        hidden_fields(c.get(f"/g/{game_id}").get_data(as_text=True).split('id="winners"', 1)[1])
        for c in (client, other)
    ]
    assert forms[0]["hand"] == forms[1]["hand"] == "1"
    assert client.post(f"/g/{game_id}/won", data=forms[0] | won(**TYPICAL)).status_code == 303
    r = other.post(f"/g/{game_id}/won", data=forms[1] | won(**TYPICAL, submission_id="sub-won-phone2"))
    page = other.get(r.headers["Location"].split("#")[0])
    text = page.get_data(as_text=True)
    assert page.status_code == 409 and "Hand 1 was already saved on another phone" in text
    assert len(api_game(client, game_id)["rounds"]) == 1 and 'name="won_coins" value="1"' in text  # the taps kept
    # From that page (both entries side by side), it is saved as hand 2 only by the button that says so.
    again = re.search(
        r'<form method="post"[^>]*class="clash-choice">((?:(?!</form>).)*value="next".*?)</form>', text, re.S
    )
    fields = hidden_fields(again[1])
    assert fields["next_hand"] == "2" and "save it as hand 2" in text
    other.post(f"/g/{game_id}/same-hand", data=fields)
    assert len(api_game(client, game_id)["rounds"]) == 2


def test_back_to_an_earlier_page_of_a_saved_hand_never_offers_it_again(client):
    # A form sent with a row missing (page 1), then completed and saved: Back to page 1 says it is saved,
    # rather than showing the next hand's form with the saved hand's submission id.
    game_id = start_at_table(client, "Anna", "Bruno")
    first = client.post(f"/g/{game_id}/won", data=won(cards="0", settebello="0") | {"scopas_shown": "0,0"})
    assert first.status_code == 303
    client.post(f"/g/{game_id}/won", data=won(**TYPICAL) | {"scopas_shown": "0,0"})
    back = client.get(first.headers["Location"].split("#")[0], follow_redirects=True).get_data(as_text=True)
    assert "Hand 1 is saved." in back and "Save hand 2" in back
    assert 'value="sub-won-000001"' not in back  # the next hand's form has a fresh id
    assert len(api_game(client, game_id)["rounds"]) == 1


def test_back_to_a_saved_hand_that_was_undone_since_says_so(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    data = {
        "sides-0-cards": "22",
        "sides-0-coins": "6",
        "settebello": "0",
        "primiera_by": "0",
        "action": "check",
        "submission_id": "sub-prg-00002",
    }
    check = client.post(f"/g/{game_id}/counts", data=data)
    page = client.get(check.headers["Location"]).get_data(as_text=True)
    saved = client.post(f"/g/{game_id}/counts", data=hidden_fields(page) | {"action": "save"}, follow_redirects=True)
    action, form = form_fields(saved.get_data(as_text=True), "undo")
    client.post(action, data=form)
    back = client.get(check.headers["Location"], follow_redirects=True).get_data(as_text=True)
    assert "Hand 1 was saved, then undone or deleted" in back and "Hand 1 is saved" not in back


def test_a_scopa_request_that_does_not_say_which_button_adds_nothing(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    r = client.post(
        f"/g/{game_id}/scopa", data={"side": "0", "submission_id": "sub-scopa-nochg"}, follow_redirects=True
    )
    assert api_game(client, game_id)["pending_scopas"] == [0, 0]
    assert "Change must be 1 (a scopa) or -1 (take one back)" in r.get_data(as_text=True)


def test_a_new_game_kept_on_a_full_phone_makes_room_by_dropping_drafts_not_the_game(client):
    game_id = start_at_table(client, "Anna", "Bruno")
    live = [new_game(client, "A", "B") for _ in range(49)]
    with client.session_transaction() as session:
        session["kept"] |= {g["id"]: g["keeper_key"] for g in live}  # 50 live games: one will be let go, said aloud
    # A draft as large as the cookie allows: a value typed hundreds of characters long (random, so that the
    # compressed cookie weighs what a real one does), kept for Back.
    for size in range(700, 100, -20):
        r = client.post(
            f"/g/{game_id}/counts",
            data={"sides-0-cards": secrets.token_hex(size), "submission_id": f"sub-big-{size:05d}"},
        )
        if r.status_code == 303:
            break
    r = client.post("/new", data={"players-0": "Carla", "players-1": "Dario", "profile": "classic"})
    assert r.status_code == 302
    assert len(r.headers.get("Set-Cookie", "").split(";", 1)[0]) <= 4000  # what a browser keeps of one cookie
    new_id = r.headers["Location"].rsplit("/", 1)[1]
    with client.session_transaction() as session:
        assert new_id in session["kept"] and len(session["kept"]) == 50
