"""Drafts (``scorekeeper.web.common.drafts``): a hand form kept on the phone between its POST and the page that shows
it, in the signed session cookie that must stay under the 4 KB a browser keeps.

Most tests call the module inside a test request context, whose ``session`` is the one the cookie will carry; the
last ones go through a keeper phone to see a draft shown again after a redirect.
"""

import re
from secrets import token_urlsafe

import pytest
from flask import session

from scorekeeper.rules.text import msg
from scorekeeper.web.common import drafts
from tests.conftest import start_at_table

HAND = {"sides-0-cards": "22", "sides-0-coins": "6", "submission_id": "sub-draft-0001"}


@pytest.fixture
def phone(app):
    """A request on one phone: ``session`` is that phone's cookie, empty to begin with."""
    with app.test_request_context():
        yield


def cookie_size() -> int:
    """How long the session cookie's value would be, signed as Flask sends it."""
    return drafts._cookie_size(dict(session))


# --- Keeping ---------------------------------------------------------------------------------------------------------


def test_a_kept_draft_is_found_again_by_its_token_for_its_game_only(phone):
    token = drafts.stash("g1", "counts", None, HAND, e="coins: fill in every side")
    draft = drafts.find(token, "g1")
    assert draft["data"] == HAND and draft["m"] == "counts" and draft["n"] is None and draft["e"].startswith("coins")
    # Another game's page, a token never given and no token at all find nothing.
    assert drafts.find(token, "g2") is None
    assert (
        drafts.find("no-such-token", "g1") is None and drafts.find(None, "g1") is None and drafts.find("", "g1") is None
    )


def test_tokens_are_short_and_never_repeat(phone):
    tokens = {drafts.stash("g1", "won", None, {"n": str(i)}) for i in range(20)}
    assert len(tokens) == 20 and all(re.fullmatch(r"[\w-]{8}", t) for t in tokens)


def test_at_most_three_drafts_are_kept_the_oldest_going_first(phone):
    tokens = [drafts.stash("g1", "counts", i, {"i": str(i)}) for i in range(drafts.DRAFTS_MAX + 2)]
    assert [drafts.find(t, "g1") is not None for t in tokens] == [False, False, True, True, True]
    assert len(session[drafts.DRAFTS]) == drafts.DRAFTS_MAX


# --- Fitting in the cookie --------------------------------------------------------------------------------------------


def test_large_drafts_push_out_older_ones_so_the_cookie_stays_within_its_budget(phone):
    # Three drafts of ~1,500 characters each cannot share 3,800 bytes: the newest is kept, the oldest goes.
    # (Random text: the cookie is compressed, and typed text does not repeat itself like "xxxx".)
    tokens = [drafts.stash("g1", "piles", None, {f"c_{i}": token_urlsafe(110) for i in range(10)}) for _ in range(3)]
    assert all(tokens) and drafts.find(tokens[-1], "g1") is not None
    assert drafts.find(tokens[0], "g1") is None
    assert cookie_size() <= drafts.COOKIE_BUDGET


def test_a_draft_too_large_even_alone_is_not_kept_and_the_others_stay(phone):
    kept = drafts.stash("g1", "counts", None, HAND)
    assert drafts.stash("g1", "counts", None, {"name": token_urlsafe(4000)}) is None
    assert drafts.find(kept, "g1")["data"] == HAND
    assert cookie_size() <= drafts.COOKIE_BUDGET


def test_when_the_keeper_keys_grow_fit_drops_the_oldest_drafts_first(phone):
    tokens = [drafts.stash("g1", "won", None, {f"f{i}": token_urlsafe(300)}) for i in range(3)]
    assert all(drafts.find(t, "g1") for t in tokens)
    # The phone starts keeping many games: their keys take the room the drafts had.
    session["kept"] = keys = {token_urlsafe(16): token_urlsafe(32) for _ in range(40)}
    drafts.fit()
    left = [drafts.find(t, "g1") is not None for t in tokens]
    assert cookie_size() <= drafts.COOKIE_BUDGET and left[-1] and not left[0]
    assert left == sorted(left)  # never a newer draft dropped before an older one
    assert session["kept"] == keys  # the keys themselves are never dropped


def test_fit_leaves_a_phone_with_no_drafts_as_it_was(phone):
    drafts.fit()
    assert drafts.DRAFTS not in session


def test_a_cookie_holding_junk_where_drafts_belong_reads_as_no_drafts(phone):
    session[drafts.DRAFTS] = ["not", "a", "dict"]
    assert drafts.find("abc", "g1") is None
    token = drafts.stash("g1", "counts", None, HAND)
    assert drafts.find(token, "g1")["data"] == HAND


# --- Taking back: a saved hand, and messages kept until their page ---------------------------------------------------


def test_a_saved_hand_turns_its_drafts_and_the_earlier_ones_of_the_same_change_into_a_note(phone):
    with_error = drafts.stash("g1", "counts", None, {**HAND, "sides-0-coins": "66"}, e="coins must be 0 to 10")
    corrected = drafts.stash("g1", "counts", None, HAND)
    other = drafts.stash("g1", "counts", None, {**HAND, "submission_id": "sub-draft-0002"})
    drafts.mark_saved(corrected, "g1", 4, "counts", "sub-draft-0001", "r-4")
    for token in (with_error, corrected):
        assert drafts.find(token, "g1") == {"g": "g1", "m": "counts", "saved": 4, "r": "r-4", "n": None}
    assert drafts.find(other, "g1")["data"]["submission_id"] == "sub-draft-0002"


def test_a_saved_hand_says_so_or_says_that_it_was_taken_back_since(phone):
    draft = {"saved": 3, "r": "r-3"}
    assert drafts.saved_text(draft, lambda round_id: round_id == "r-3") == "Hand 3 is saved."
    assert drafts.saved_text(draft, lambda round_id: False) == (
        "Hand 3 was saved, then undone or deleted; the scoreboard shows the game as it is now."
    )


def test_a_core_message_is_kept_with_its_parameters_and_read_back_the_same(phone):
    text = msg("fill in the cards of every side (one may be left empty: it gets the rest)")
    kept = drafts.keepable(text)
    assert kept == {"msg": text.to_data()}
    assert drafts.readable(kept) == text
    assert drafts.keepable("plain words") == "plain words" and drafts.readable("plain words") == "plain words"
    assert drafts.keepable(None) is None and drafts.readable({"msg": "junk"}) == ""


# --- On a keeper phone ------------------------------------------------------------------------------------------------


def test_a_form_sent_with_an_error_comes_back_from_its_draft_with_everything_typed(client):
    game_id = start_at_table(client)
    form = {
        "sides-0-cards": "22",
        "sides-0-coins": "66",
        "settebello": "0",
        "primiera_by": "0",
        "action": "save",
        "submission_id": "sub-draft-page-01",
    }
    r = client.post(f"/g/{game_id}/counts", data=form)
    assert r.status_code == 303 and "d=" in r.headers["Location"]
    page = client.get(r.headers["Location"].split("#")[0]).get_data(as_text=True)
    assert "coins must be a whole number from 0 to 10" in page and 'value="66"' in page
    assert client.get(f"/api/v1/games/{game_id}").json["rounds"] == []


def test_the_cookie_a_phone_gets_stays_under_what_a_browser_keeps(client):
    game_id = start_at_table(client)
    for i in range(6):
        form = {f"sides-0-{f}": token_urlsafe(220) for f in ("cards", "coins", "primiera", "scopas")}
        client.post(f"/g/{game_id}/counts", data={**form, "action": "check", "submission_id": f"sub-big-{i:04d}"})
    cookie = client.get_cookie("session")
    assert cookie is not None and len(cookie.value) <= drafts.COOKIE_BUDGET < 4096


def test_a_draft_is_kept_on_the_phone_that_sent_it_not_on_another_phone_of_the_same_game(client, game, keeper_phone):
    mine, theirs = keeper_phone(game), keeper_phone(game)
    form = {
        "sides-0-cards": "22",
        "sides-0-coins": "66",
        "settebello": "0",
        "primiera_by": "0",
        "action": "save",
        "submission_id": "sub-draft-page-02",
    }
    r = mine.post(f"/g/{game.id}/counts", data=form)
    assert r.status_code == 303 and "d=" in r.headers["Location"]
    shown_here = mine.get(r.headers["Location"].split("#")[0]).get_data(as_text=True)
    shown_there = theirs.get(r.headers["Location"].split("#")[0]).get_data(as_text=True)
    assert 'value="66"' in shown_here and "coins must be a whole number" in shown_here
    # The other phone keeps the same game, but the token names no draft of its own: it gets a fresh form.
    assert 'name="sides-0-coins"' in shown_there
    assert 'value="66"' not in shown_there and "coins must be a whole number" not in shown_there
