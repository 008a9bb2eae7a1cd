"""Each game family in its own words: Escoba's siete de oros, setenta and escobas, Cirulla's piccola and knocks,
in the core's reasons (English, Italian, Spanish), on the game's pages, on its score sheet and on the blank pads.
"""

from __future__ import annotations

import dataclasses
import json
import re
from html import unescape

import pytest
from babel.support import Translations

from scorekeeper.rules import DECK, PROFILES, Card, DeckStyle, InvalidRoundError, Rules, play_out
from scorekeeper.rules.options import FAMILIES
from scorekeeper.rules.scoring import Won, score_round
from scorekeeper.rules.text import ENGLISH, Msg, Voice
from scorekeeper.rules.words import REWORDINGS, category_headings, category_names, category_nouns, reworded
from scorekeeper.web.common.i18n import TRANSLATIONS, compile_catalogues
from tests.conftest import new_game, record_hand
from tests.test_italian_pages import WORD, _Visible
from tests.test_spanish_pages import FOREIGN

compile_catalogues()
IT = {"Accept-Language": "it"}
ES = {"Accept-Language": "es"}
PLACEHOLDER = re.compile(r"%\((\w+)\)")


def voice(code: str, style: DeckStyle = DeckStyle.SPANISH) -> Voice:
    if code == "en":
        return Voice(style=style)
    said = Translations.load(TRANSLATIONS, [code])
    return Voice(said.gettext, said.ngettext, said.pgettext, style=style)


# Ana takes the 7 of oros, three sevens and three sixes; Bruno the rest.
ANA = [Card.parse(c) for c in ["7d", "7c", "7s", "6d", "6c", "6s", "1d", "2d", "3d", "4d", "5d", "8d", "9d", "10d"]]
BRUNO = [c for c in DECK if c not in ANA]


def hand(profile: str, knocks: list[int] | None = None) -> list[str]:
    """The reasons of one hand under ``profile`` in English: Ana with 1 sweep, Bruno with none."""
    score = score_round([("Ana", ANA, 1), ("Bruno", BRUNO, 0)], Rules.for_profile(profile), knocks=knocks)
    return [str(r.text) for r in score.reasons]


def test_each_profile_belongs_to_a_family():
    assert {p.name: p.family for p in PROFILES.values() if p.family != "scopa"} == {
        "escoba": "escoba",
        "cirulla": "cirulla",
    }
    assert Rules.for_profile("escoba").family == "escoba"
    assert Rules.for_profile("classic").family == Rules.for_profile("scopone").family == "scopa"
    assert set(FAMILIES) == {p.family for p in PROFILES.values()}


@pytest.mark.parametrize(
    ("code", "escoba", "cirulla"),
    [
        ("en", ["cards", "coins", "siete de oros", "setenta", "escobas"], ["piccola", "grande", "knocks"]),
        ("it", ["carte", "ori", "siete de oros", "setenta", "escobas"], ["piccola", "grande", "bussate"]),
        ("es", ["cartas", "oros", "siete de oros", "setenta", "escobas"], ["piccola", "grande", "bussate"]),
    ],
)
def test_each_family_names_its_categories_in_each_language(code, escoba, cirulla):
    said = voice(code)
    heads = category_headings("escoba")
    assert [said.say(heads[c]) for c in ("cards", "coins", "settebello", "primiera", "scopas")] == escoba
    heads = category_headings("cirulla")
    assert [said.say(heads[c]) for c in ("napola", "grande", "knocks")] == cirulla
    # Scopa keeps its own words, and a family the app does not know speaks Scopa's.
    assert said.say(category_headings("scopa")["settebello"]) == "settebello"
    assert category_headings("briscola") is category_headings("scopa")


def test_a_family_words_every_category_scopa_has():
    for family in FAMILIES:
        for table, scopa in ((category_headings, "scopa"), (category_names, "scopa"), (category_nouns, "scopa")):
            assert set(table(family)) == set(table(scopa))


def test_each_rewording_keeps_the_placeholders_of_the_message_it_replaces():
    """A family's message is filled with the parameters of Scopa's: the same names, no more, no fewer."""
    from scorekeeper.rules import words

    for family, pairs in words._REASONS.items():
        for scopa, own in pairs:
            assert set(PLACEHOLDER.findall(scopa.id)) == set(PLACEHOLDER.findall(own.id)), (family, own.id)
            assert (scopa.plural is None) == (own.plural is None), own.id
    assert REWORDINGS["scopa"] == {}


def test_an_escoba_hand_cites_the_escoba_rules():
    reasons = hand("escoba")
    assert "Ana took the siete de oros (7 of oros): 1 point." in reasons
    assert "Ana wins the setenta, the most sevens (then sixes): Ana 3 sevens, 3 sixes, Bruno 1 sevens, 1 sixes." in (
        reasons
    )
    assert "Ana 1 escoba, 1 point each." in reasons
    assert not [r for r in reasons if re.search("settebello|primiera|scopa", r)], reasons


def test_a_scopa_hand_keeps_its_words():
    reasons = hand("classic")
    assert "Ana took the settebello (7 of coins)." in reasons
    assert "Ana 1 scopa, 1 point each." in reasons


def test_a_cirulla_hand_cites_the_cirulla_rules():
    reasons = hand("cirulla", knocks=[3, 10])
    assert "Ana has the piccola: coins from the ace up, counted up to the 6, 6 points." in reasons
    assert "Knocked, 3 for three dealt cards of 9 or less and 10 for three of a kind: Ana 3, Bruno 10." in reasons
    assert not [r for r in reasons if "napola" in r], reasons
    assert "Nobody knocked this hand" in hand("cirulla")[-1]


@pytest.mark.parametrize(
    ("code", "siete", "setenta", "escoba"),
    [
        ("it", "Ana prende il siete de oros (7 di ori): 1 punto.", "Ana fa il setenta", "Ana 1 escoba"),
        ("es", "Ana se llevó el siete de oros: 1 punto.", "Ana gana el setenta", "Ana 1 escoba"),
    ],
)
def test_an_escoba_hand_in_italian_and_spanish(code, siete, setenta, escoba):
    score = score_round([("Ana", ANA, 1), ("Bruno", BRUNO, 0)], Rules.for_profile("escoba"))
    said = [voice(code).say(r.text) for r in score.reasons]
    assert siete in said
    assert any(s.startswith(setenta) for s in said), said
    assert any(s.startswith(escoba) for s in said), said
    if code == "es":
        for s in said:
            assert not [w for w in WORD.findall(s) if w.lower() in FOREIGN], s


@pytest.mark.parametrize(
    ("code", "piccola", "knocks"),
    [
        ("it", "Ana ha la piccola", "Hanno bussato"),
        ("es", "Ana tiene la piccola", "Bussaron"),
    ],
)
def test_a_cirulla_hand_in_italian_and_spanish(code, piccola, knocks):
    score = score_round([("Ana", ANA, 0), ("Bruno", BRUNO, 0)], Rules.for_profile("cirulla"), knocks=[3, 0])
    said = [voice(code, DeckStyle.FRENCH).say(r.text) for r in score.reasons]
    assert any(s.startswith(piccola) for s in said), said
    assert any(s.startswith(knocks) for s in said), said
    assert not [s for s in said if "napola" in s], said


def test_a_tie_and_the_game_notes_say_the_family_words():
    rules = dataclasses.replace(Rules.for_profile("escoba"), tie_points="each")
    won = score_round(
        [("Ana", Won(frozenset({"primiera", "settebello"})), 0), ("Bruno", Won(frozenset({"primiera"})), 0)], rules
    )
    assert "Ana and Bruno tie for the setenta" in str(won.reasons[3].text), [str(r.text) for r in won.reasons]
    counted = score_round(
        [("Ana", Won(frozenset({"primiera", "settebello"})), 0), ("Bruno", Won(frozenset()), 0)], rules
    )
    names = ["Ana", "Bruno"]
    progress = play_out([counted], names, 1, end="count_out", family="escoba")
    assert "on siete de oros in hand 1" in str(progress.how)
    assert "on settebello in hand 1" in str(play_out([counted], names, 1, end="count_out").how)


def test_a_refusal_names_the_category_in_the_family_words():
    with pytest.raises(InvalidRoundError) as refused:
        score_round([("Ana", Won(frozenset()), 0), ("Bruno", Won(frozenset()), 0)], Rules.for_profile("escoba"))
    assert str(refused.value.message) == "say who took the siete de oros (7 of oros): one side always has it"
    assert refused.value.field == "sides"


def test_a_message_is_reworded_inside_the_messages_that_hold_it():
    inner = category_nouns("scopa")["settebello"]
    outer = Msg("%(what)s and more", {"what": inner})
    assert str(reworded(outer, "escoba")) == "the siete de oros (7 of oros) and more"
    assert reworded(outer, "scopa") is outer
    assert str(ENGLISH.say(reworded(inner, "cirulla"))) == "the settebello (7 of coins)"


# --- Pages -----------------------------------------------------------------------------------------------------------


def pile_hand(scopas=(1, 0), knocks=None, sub="sub-fam-0001"):
    sides = [
        {"pile": [str(c) for c in ANA], "scopas": scopas[0]},
        {"pile": [str(c) for c in BRUNO], "scopas": scopas[1]},
    ]
    if knocks:
        for side, n in zip(sides, knocks, strict=True):
            side["knocks"] = n
    return {"submission_id": sub, "sides": sides}


@pytest.fixture
def escoba(client):
    game = new_game(client, "Ana", "Bruno", name="Escoba", rules={"profile": "escoba"}, deck_style="spanish")
    record_hand(client, game, pile_hand())
    return game


@pytest.fixture
def cirulla(client):
    game = new_game(client, "Ana", "Bruno", name="Cirulla", rules={"profile": "cirulla"}, deck_style="french")
    record_hand(client, game, pile_hand(scopas=(0, 0), knocks=(3, 0)))
    return game


def visible(html: str) -> str:
    """The text of a page, as the language checks read it."""
    parser = _Visible()
    parser.feed(html)
    return " ".join(parser.parts)


def breakdown(html: str) -> str:
    """A hand's breakdown: its table of categories and its reasons."""
    found = re.search(r'<table class="breakdown">.*?</ul>', html, re.S)
    assert found, "no breakdown on the page"
    return found.group(0)


def sheet(html: str) -> str:
    """The printed part of a sheet or pad."""
    return visible(re.search(r'<article class="sheet.*?</article>', html, re.S).group(0))


def legend(html: str) -> str:
    """A score sheet's legend of marks."""
    return re.findall(r'<p class="legend">(.*?)</p>', html, re.S)[0]


def page(client, url, headers=None) -> str:
    r = client.get(url, headers=headers or {})
    assert r.status_code == 200, url
    return r.get_data(as_text=True)


def test_an_escoba_game_speaks_escoba_on_its_pages(client, keeper_phone, escoba):
    board = page(keeper_phone(escoba), f"/g/{escoba.id}")
    assert "Escoba! Ana" in board and "Scopa! Ana" not in board
    detail = page(client, f"/g/{escoba.id}/hands/1")
    for word in ("siete de oros", "setenta", "escobas", "Ana took the siete de oros (7 of oros): 1 point."):
        assert word in detail, word
    assert "settebello" not in breakdown(detail) and "primiera" not in breakdown(detail)
    sheet = page(client, f"/g/{escoba.id}/sheet")
    assert "Se setenta" in sheet and "● one escoba" in sheet and "7 siete de oros" in sheet


def test_an_escoba_game_in_spanish_and_italian(client, keeper_phone, escoba):
    board = page(keeper_phone(escoba), f"/g/{escoba.id}", ES)
    assert "¡Escoba! Ana" in board and "Escobas en esta mano" in board
    detail = page(client, f"/g/{escoba.id}/hands/1", ES)
    assert "Ana se llevó el siete de oros: 1 punto." in detail and ">setenta<" in detail
    detail = page(client, f"/g/{escoba.id}/hands/1", IT)
    assert "Ana prende il siete de oros (7 di ori): 1 punto." in detail and ">escobas<" in detail


def test_a_cirulla_game_speaks_cirulla_on_its_pages(client, cirulla):
    detail = page(client, f"/g/{cirulla.id}/hands/1", IT)
    assert ">piccola<" in detail and ">bussate<" in detail and "Hanno bussato" in detail
    assert "napola" not in breakdown(detail)
    sheet = page(client, f"/g/{cirulla.id}/sheet", ES)
    assert "Pi piccola" in sheet and "bussate" in legend(sheet) and "napola" not in legend(sheet)


def test_the_api_keeps_its_keys_for_every_family(client, escoba):
    body = client.get(f"/api/v1/games/{escoba.id}").get_json()
    points = body["rounds"][0]["sides"][0]["points"]
    assert {"cards", "coins", "settebello", "primiera", "scopas"} <= set(points)
    header = client.get(f"/g/{escoba.id}/export.csv").get_data(as_text=True).splitlines()[0]
    assert "settebello" in header and "primiera" in header


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_a_blank_pad_for_escoba_and_for_cirulla(client, lang):
    escoba = page(client, f"/pads/2?profile=escoba&lang={lang}")
    cirulla = page(client, f"/pads/4?profile=cirulla&lang={lang}")
    assert "Escoba ·" in escoba and "Cirulla ·" in cirulla
    assert "siete de oros" in escoba and "setenta" in escoba and "Escoba de quince" in escoba
    assert "piccola" in cirulla and "grande" in cirulla
    assert re.search(r'<th class="cat">Pi</th>.*<th class="cat">G</th>', cirulla)
    assert "napola" not in sheet(cirulla) and "primiera" not in sheet(escoba).lower()
    classic = page(client, f"/pads/2?lang={lang}")
    assert "siete de oros" not in classic and "piccola" not in classic


def test_house_rules_are_what_the_table_changed_from_its_own_game(client):
    """A Cirulla sheet lists none of Cirulla's own rules as house rules (its profile's name says them); a rule
    the table changed is listed."""
    plain = new_game(client, "Ana", "Bruno", rules={"profile": "cirulla"}, deck_style="french")
    assert "House rules:" not in sheet(page(client, f"/g/{plain.id}/sheet"))
    changed = new_game(client, "Ana", "Bruno", rules={"profile": "cirulla", "tie_points": "each"}, deck_style="french")
    house = re.search(r"House rules: ([^\n]*)", sheet(page(client, f"/g/{changed.id}/sheet")))
    assert house and "each" in house.group(1) and "napola" not in house.group(1) and "knock" not in house.group(1)


def test_an_escoba_hand_is_counted_in_escoba_words(client, keeper_phone, escoba):
    """The quick counts of an Escoba game ask for its own categories, in Spanish and in English."""
    html = page(keeper_phone(escoba), f"/g/{escoba.id}/counts", ES)
    # The words the page's scripts say (the steppers' buttons, the live pile counts) are Escoba's too.
    said = json.loads(unescape(re.search(r"data-strings='([^']*)'", html).group(1)))
    assert said["stepper_more"] == "Una escoba más" and said["settebello"] == "siete de oros"
    assert said["live_primiera"] == "setenta %(value)s"
    form = visible(html)
    for word in ("Cartas", "Oros", "Setenta", "Escobas", "¿Quién se llevó el siete de oros", "¿Quién ganó el setenta?"):
        assert word in form, word
    assert "rimiera" not in form and "ettebello" not in form
    english = visible(page(keeper_phone(escoba), f"/g/{escoba.id}/counts"))
    assert "Who took the siete de oros" in english and "Escobas" in english and "Primiera" not in english


def test_the_pads_offered_are_those_for_as_many_players_as_the_game_seats(client):
    listed = page(client, "/pads?profile=escoba")
    assert "/pads/4?profile=escoba" in listed and "/pads/6?profile=escoba" not in listed
    assert "/pads/6?profile=classic" in page(client, "/pads")


def test_a_cirulla_hand_by_winners_asks_for_the_piccola_and_its_points(client, keeper_phone, cirulla):
    board = visible(page(keeper_phone(cirulla), f"/g/{cirulla.id}", IT))
    assert "Piccola" in board and "Punti della piccola" in board and "apola" not in board
