"""Choosing the language, the switch that carries a page's form, and core messages rendered in a reader's voice."""

from __future__ import annotations

import html
import json
import os
import re
import secrets

import pytest
from flask import session
from hypothesis import given
from hypothesis import strategies as st

from app import create_app
from scorekeeper.rules import DECK, Card, DeckStyle, Suit
from scorekeeper.rules.text import ENGLISH, Join, Msg, Voice, listing, msg, nmsg, pmsg
from scorekeeper.web.common import i18n
from tests.conftest import start_at_table


def lang_of(page: str) -> str:
    return re.search(r'<html lang="(\w+)">', page)[1]


def test_the_phone_s_accept_language_chooses(client):
    assert lang_of(client.get("/", headers={"Accept-Language": "it-IT,it;q=0.9"}).get_data(as_text=True)) == "it"
    assert lang_of(client.get("/", headers={"Accept-Language": "de-DE,en;q=0.5"}).get_data(as_text=True)) == "en"
    # A language the app does not speak falls back to English, never to an error.
    assert lang_of(client.get("/", headers={"Accept-Language": "xx"}).get_data(as_text=True)) == "en"
    assert lang_of(client.get("/").get_data(as_text=True)) == "en"


def test_lang_in_the_address_wins_for_that_page_only(client):
    page = client.get("/?lang=it", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert lang_of(page) == "it"
    assert lang_of(client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)) == "en"
    assert lang_of(client.get("/?lang=klingon").get_data(as_text=True)) == "en"


def test_the_switch_is_remembered_on_this_phone(client):
    r = client.post("/language?next=/check", data={"lang": "it"})
    assert r.status_code == 303 and r.headers["Location"] == "/check"
    assert "lang=it" in r.headers["Set-Cookie"] and "HttpOnly" in r.headers["Set-Cookie"]
    assert lang_of(client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)) == "it"
    client.post("/language?next=/", data={"lang": "en"})
    assert lang_of(client.get("/", headers={"Accept-Language": "it"}).get_data(as_text=True)) == "en"


def test_every_page_offers_the_other_language_in_its_own_words(client):
    english = client.get("/check").get_data(as_text=True)
    assert re.search(r'<button type="submit" name="lang" value="it" lang="it"[^>]*>Italiano</button>', english)
    italian = client.get("/check", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert re.search(r'<button type="submit" name="lang" value="en" lang="en"[^>]*>English</button>', italian)


def test_the_switch_leaves_a_page_printed_in_another_language_for_the_one_chosen(client):
    r = client.post("/language", query_string={"next": "/pads/2?profile=boxed&lang=it"}, data={"lang": "en"})
    assert r.headers["Location"] == "/pads/2?profile=boxed"
    assert lang_of(client.get(r.headers["Location"], headers={"Accept-Language": "it"}).get_data(as_text=True)) == "en"


def test_the_switch_goes_back_only_to_this_site(client):
    for target in ("https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", ""):
        r = client.post("/language", query_string={"next": target}, data={"lang": "it"})
        assert r.status_code == 303 and r.headers["Location"] == "/", target


def test_the_switch_needs_the_form_s_token(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "csrf.sqlite3"), "SECRET_KEY": "k"})
    client = app.test_client()
    r = client.post("/language?next=/", data={"lang": "it"})
    assert r.status_code == 400 and "Set-Cookie" not in r.headers or "lang=" not in r.headers.get("Set-Cookie", "")


def test_a_carried_form_comes_back_once_on_its_own_page(app, client):
    client.post(
        "/language?next=/new", data={"lang": "it", "players-0": "Anna", "players-1": "Bruno", "csrf_token": "x"}
    )
    with app.test_request_context("/new"), client.session_transaction() as session:
        entry = session["carry"]
    assert entry == {"path": "/new", "data": {"players-0": ["Anna"], "players-1": ["Bruno"]}}


def test_a_carried_form_is_given_to_its_page_once_and_to_no_other(app):
    with app.test_request_context("/language?next=/new", method="POST", data={"lang": "it", "players-0": "Anna"}):
        i18n.switch()
        kept = dict(session)
    with app.test_request_context("/check"):
        session.update(kept)
        assert i18n.carried() is None  # another page: not given, and still kept for its own
        assert "carry" in session
    with app.test_request_context("/new"):
        session.update(kept)
        first = i18n.carried()
        assert first is not None and first.getlist("players-0") == ["Anna"]
        assert i18n.carried() is None  # once


def test_a_form_too_large_for_the_cookie_is_not_carried_but_the_language_changes(app):
    with app.test_request_context(
        "/language?next=/new", method="POST", data={"lang": "it", "players-0": secrets.token_hex(2500)}
    ):
        response = i18n.switch()
        assert "carry" not in session
    assert response.status_code == 303 and "lang=it" in response.headers["Set-Cookie"]


def test_pages_vary_by_language(client):
    vary = client.get("/").headers["Vary"]
    assert "Accept-Language" in vary and "Cookie" in vary


def test_a_catalogue_edited_by_hand_is_compiled_when_the_app_starts(tmp_path):
    po = os.path.join(i18n.TRANSLATIONS, "it", "LC_MESSAGES", "messages.po")
    mo = po[:-2] + "mo"
    create_app({"TESTING": True, "DATABASE": str(tmp_path / "a.sqlite3"), "SECRET_KEY": "k"})
    # A compiled catalogue older than its .po (the .po edited since) is compiled again at the next start.
    stale = os.path.getmtime(po) - 100
    os.utime(mo, (stale, stale))
    create_app({"TESTING": True, "DATABASE": str(tmp_path / "b.sqlite3"), "SECRET_KEY": "k"})
    assert os.path.getmtime(mo) >= os.path.getmtime(po)
    with open(mo, "rb") as f:
        assert "Una scopa in più".encode() in f.read()


def test_the_script_words_come_with_the_page_in_its_language(client):
    page = client.get("/", headers={"Accept-Language": "it"}).get_data(as_text=True)
    strings = json.loads(html.unescape(re.search(r"data-strings='([^']*)'", page)[1]))
    assert strings["stepper_more"] == "Una scopa in più"


# The core's messages in a voice.

ITALIAN_WORDS = {
    "%(name)s took the settebello.": "%(name)s prende il settebello.",
    "%(n)s scopa": "%(n)s scopa",
    "%(n)s scopas": "%(n)s scope",
}


def _it_plural(singular: str, plural: str, n: int) -> str:
    return ITALIAN_WORDS.get(singular if n == 1 else plural, singular if n == 1 else plural)


ITALIAN = Voice(lambda t: ITALIAN_WORDS.get(t, t), _it_plural, style=DeckStyle.ITALIAN)


def test_a_message_is_english_until_a_voice_says_it():
    text = msg("%(name)s took the settebello.", name="Anna")
    assert str(text) == "Anna took the settebello."
    assert ITALIAN.say(text) == "Anna prende il settebello."
    assert ITALIAN.say(nmsg("%(n)s scopa", "%(n)s scopas", 3)) == "3 scope"
    assert ENGLISH.say(nmsg("%(n)s scopa", "%(n)s scopas", 1)) == "1 scopa"


def test_cards_suits_and_lists_are_named_in_the_voice_s_deck_style():
    text = msg("%(cards)s, %(suit)s", cards=listing([Card.parse("7d"), Card.parse("10b")], Join.PLUS), suit=Suit.COPPE)
    assert ITALIAN.say(text) == "7 di Denari + Re di Bastoni, Coppe"
    assert ENGLISH.say(text) == "7d + 10b, Coppe"
    spanish = Voice(style=DeckStyle.SPANISH)
    assert spanish.say(msg("%(card)s", card=Card.parse("8d"))) == "Sota de Oros"
    assert Voice(style=DeckStyle.FRENCH).say(listing_message()) == "Ace of Spades, 2 of Hearts and King of Diamonds"


def listing_message() -> Msg:
    return msg("%(cards)s", cards=listing([Card.parse("1s"), Card.parse("2c"), Card.parse("10d")]))


def test_a_broken_translation_falls_back_to_the_english_never_an_error():
    broken = Voice(lambda t: "%(nome)s prende", style=DeckStyle.ITALIAN)
    assert broken.say(msg("%(name)s took the settebello.", name="Anna")) == "Anna took the settebello."


def test_a_rendered_message_is_bounded():
    assert len(ENGLISH.say(msg("%(x)s", x="y" * 10_000))) == 300


messages = st.deferred(
    lambda: (
        st.builds(
            lambda i, ps: msg(i, **ps),
            st.sampled_from(["%(a)s and %(b)s", "%(a)s", "no parameters"]),
            st.fixed_dictionaries(
                {},
                optional={
                    "a": st.one_of(
                        st.integers(-5, 99), st.text(max_size=8), st.sampled_from(DECK), st.sampled_from(Suit)
                    ),
                    "b": st.one_of(
                        st.lists(st.sampled_from(DECK), max_size=3).map(lambda cs: listing(cs, Join.OR)), messages
                    ),
                },
            ),
        )
        | st.builds(lambda n: nmsg("%(n)s card", "%(n)s cards", n), st.integers(0, 40))
        | st.builds(lambda t: pmsg("column", t), st.sampled_from(["Cards", "Coins"]))
    )
)


@given(messages)
def test_a_message_kept_in_a_cookie_reads_the_same(text):
    """A message kept until the next page (Msg.to_data, JSON) is the same message when read back."""
    back = Msg.from_data(json.loads(json.dumps(text.to_data())))
    assert back is not None
    for voice in (ENGLISH, ITALIAN, Voice(style=DeckStyle.FRENCH)):
        try:
            expected = voice.say(text)
        except KeyError:
            continue
        assert voice.say(back) == expected


def test_anything_else_in_a_cookie_is_no_message():
    for junk in (
        None,
        3,
        "x",
        {"id": 3},
        {"id": "a", "p": {"x": {"c": "99z"}}},
        {"id": "a", "p": {"x": {"q": 1}}},
        {"id": "a", "p": {}, "pl": "b", "n": "two"},
    ):
        assert Msg.from_data(junk) is None


# Switching language keeps the page and everything typed in it; nothing is saved by it.


def _checked(page: str, name: str) -> str | None:
    for tag in re.findall(r"<input\b[^>]*>", page):
        if f'name="{name}"' in tag and re.search(r"\bchecked\b", tag):
            return re.search(r'value="([^"]*)"', tag)[1]
    return None


def test_the_new_game_form_comes_back_typed_in_the_new_language(client):
    typed = {
        "players-0": "Anna",
        "players-1": "Bruno",
        "players-2": "Carla",
        "name": "Venerdì",
        "profile": "boxed",
        "opt_napola": "true",
        "deck_style": "french",
    }
    r = client.post("/language?next=/new", data={"lang": "it", **typed})
    assert r.status_code == 303 and r.headers["Location"] == "/new"
    page = client.get("/new").get_data(as_text=True)
    assert lang_of(page) == "it" and "Nuova partita" in page
    for name in ("players-0", "players-1", "players-2", "name"):
        assert re.search(rf'name="{name}"[^>]*value="{typed[name]}"', page), name
    assert re.search(r'<option selected value="boxed">', page)
    assert re.search(r'<option selected value="true">', page)
    assert _checked(page, "deck_style") == "french"
    assert client.get("/").get_data(as_text=True).count("/g/") == 0  # no game was started


@pytest.mark.parametrize("mode", ["won", "counts", "piles"])
def test_a_hand_being_entered_comes_back_in_the_new_language(client, mode):
    game_id = start_at_table(client, "Anna", "Bruno")
    if mode == "won":
        url, typed = f"/g/{game_id}", {"won_cards": "0", "won_coins": "tie", "won_settebello": "1"}
    elif mode == "counts":
        url, typed = f"/g/{game_id}/counts", {"sides-0-cards": "22", "sides-0-coins": "6", "settebello": "1"}
    else:
        url, typed = f"/g/{game_id}/hand", {"c_7d": "1", "c_5c": "0", "sides-0-scopas": "2"}
    r = client.post("/language", query_string={"next": url}, data={"lang": "it", **typed, "submission_id": "sw-0001"})
    assert r.status_code == 303
    page = client.get(url).get_data(as_text=True)
    assert lang_of(page) == "it"
    if mode == "won":
        assert [_checked(page, k) for k in typed] == list(typed.values())
    elif mode == "counts":
        assert re.search(r'name="sides-0-cards"[^>]*value="22"', page) and _checked(page, "settebello") == "1"
    else:
        assert re.search(r'name="c_7d".*?<option value="1" selected', page, re.S)
        assert re.search(r'name="c_5c".*?<option value="0" selected', page, re.S)
    assert client.get(f"/api/v1/games/{game_id}").json["rounds"] == []  # nothing was saved
