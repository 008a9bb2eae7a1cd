"""With ``Accept-Language: es`` no English or Italian word of the interface shows on any page, sheet, pad or API
message, and the language is chosen, offered and spoken as Spanish phones expect.

The pages are visited in the states the Italian check visits (tests/test_italian_pages.py), plus a game with the
Spanish deck, and their visible words are compared with the words of the catalogue's English messages and of its
Italian translations that no Spanish message uses. The Italian deck's card names ("7 di Denari") are the deck's own
in every language (scorekeeper/rules/cards.py), so they are no leftover Italian.
"""

from __future__ import annotations

import html
import json
import os
import re

import pytest
from babel.messages.pofile import read_po

from scorekeeper.rules import DECK, DeckStyle
from scorekeeper.serve import cli as serve
from scorekeeper.web.common.exports import sheet_date
from scorekeeper.web.common.i18n import TRANSLATIONS
from tests.conftest import start_at_table
from tests.test_italian_pages import BAD_REQUESTS, COMMON_ENGLISH, PLAYERS, WORD, _Visible, piles, visit, walk

ES = {"Accept-Language": "es-AR,es;q=0.9,en;q=0.5"}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


def _words(code: str) -> tuple[set[str], set[str]]:
    """The words of a catalogue's message ids and of its translations, lower-cased."""
    with open(os.path.join(TRANSLATIONS, code, "LC_MESSAGES", "messages.po"), "rb") as f:
        catalog = read_po(f, locale=code)
    ids: set[str] = set()
    strings: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            ids |= {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            strings |= {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}
    return ids, strings


def _vocabulary() -> set[str]:
    """The interface's English and Italian words that Spanish never uses, but for the Italian deck's card names."""
    english, spanish = _words("es")
    _ids, italian = _words("it")
    deck = {w.lower() for card in DECK for w in WORD.findall(card.name(DeckStyle.ITALIAN))}
    return (english | italian | COMMON_ENGLISH) - spanish - deck - {p.lower() for p in PLAYERS}


FOREIGN = _vocabulary()


def foreign_words(page: str) -> list[str]:
    """The interface's English or Italian words that ``page`` shows."""
    parser = _Visible()
    parser.feed(page)
    # An address shown as text is no word of the interface, nor is a placeholder a script fills in.
    text = PLACEHOLDER.sub(" ", re.sub(r"https?://\S+", " ", " ".join(parser.parts)))
    return sorted({w for w in WORD.findall(text) if w.lower() in FOREIGN})


@pytest.fixture
def pages(app, client):
    """Every page of the app in Spanish, in the states the Italian check visits, and a game with the Spanish deck."""
    seen = walk(app, client, ES, "es", "Viernes en lo de la abuela")
    spanish = start_at_table(client, "Anna", "Bruno", deck_style="spanish", target="3", headers=ES)
    seen["piles, Spanish deck"] = visit(client, f"/g/{spanish}/hand", status=200, headers=ES)
    for n in range(2):
        client.post(f"/g/{spanish}/hand", data=piles() | {"action": "save", "submission_id": f"es-e-{n:04d}"})
    seen["finished game, Spanish deck"] = visit(client, f"/g/{spanish}", status=200, headers=ES)
    seen["hand detail, Spanish deck"] = visit(client, f"/g/{spanish}/hands/1", status=200, headers=ES)
    # The checker at an Escoba table: its 15-captures, a barred trail judged, the deal's escoba de mano, last deal.
    escoba = "/check?profile=escoba&scopa_in_last_deal=false"
    seen["checker, Escoba"] = visit(client, f"{escoba}&table=7d,4c,3s&hand=8d,2b&play=2b", status=200, headers=ES)
    seen["checker, Escoba deal"] = visit(client, f"{escoba}&table=1d,2c,5s,7b&deal=1", status=200, headers=ES)
    seen["checker, Escoba last deal"] = visit(client, f"{escoba}&table=7d&hand=8d&last_deal=1", status=200, headers=ES)
    seen["checker, Cirulla deal"] = visit(client, "/check?profile=cirulla&table=7c,2d,3s,1b&deal=1", headers=ES)
    return seen


def test_no_english_or_italian_word_on_any_spanish_page(pages):
    """A Spanish phone reads Spanish everywhere (the game's own Italian names aside)."""
    found = {name: words for name, page in pages.items() if (words := foreign_words(page))}
    assert not found, "English or Italian words on Spanish pages:\n" + "\n".join(
        f"  {k}: {v}" for k, v in found.items()
    )


def test_spanish_pages_say_so_and_the_check_can_fail(pages):
    """Each page says it is Spanish (so the read-aloud voice speaks Spanish), and the check finds what is not."""
    for name, page in pages.items():
        assert '<html lang="es">' in page, name
    assert foreign_words("<p>Record the hand</p>"), "the vocabulary lost the interface's English words"
    assert foreign_words("<p>Salva la mano</p>"), "the vocabulary lost the interface's Italian words"
    assert not foreign_words("<p>Anna se llevó el 7 di Denari y la Sota de Oros</p>")


def test_the_spanish_deck_is_named_in_its_own_words(pages):
    assert "Sota de Oros" in pages["piles, Spanish deck"]
    assert "7 di Denari" in pages["piles"]


@pytest.mark.parametrize("asked", ["es", "es-ES", "es-AR", "es-419", "es-MX,es;q=0.9,en;q=0.8", "de,es;q=0.8,en;q=0.5"])
def test_a_spanish_phone_is_answered_in_spanish(client, asked):
    page = client.get("/", headers={"Accept-Language": asked}).get_data(as_text=True)
    assert '<html lang="es">' in page and "Partida nueva" in page


def test_every_page_offers_spanish_in_its_own_words_and_the_choice_is_kept(client):
    english = client.get("/check").get_data(as_text=True)
    assert re.search(r'<button type="submit" name="lang" value="es" lang="es"[^>]*>Español</button>', english)
    spanish = client.get("/check", headers=ES).get_data(as_text=True)
    assert re.search(r'<button type="submit" name="lang" value="en" lang="en"[^>]*>English</button>', spanish)
    assert re.search(r'<button type="submit" name="lang" value="it" lang="it"[^>]*>Italiano</button>', spanish)
    r = client.post("/language?next=/check", data={"lang": "es"})
    assert r.status_code == 303 and "lang=es" in r.headers["Set-Cookie"]
    assert '<html lang="es">' in client.get("/", headers={"Accept-Language": "it"}).get_data(as_text=True)


def test_the_script_words_are_spanish(client):
    # The words of the cards' page's script come with that page (tests/test_script_strings.py).
    game_id = start_at_table(client, "Anna", "Bruno", headers=ES)
    page = client.get(f"/g/{game_id}/hand", headers=ES).get_data(as_text=True)
    strings = json.loads(html.unescape(re.search(r"data-strings='([^']*)'", page)[1]))
    assert strings["not_given"] == "sin asignar"
    assert strings["n_cards"] == {"one": "%(n)s carta", "other": "%(n)s cartas"}


def test_the_csv_header_and_the_sheet_date_are_spanish(client):
    game_id = start_at_table(client, "Anna", "Bruno", headers=ES)
    client.post(f"/g/{game_id}/hand", data=piles() | {"action": "save", "submission_id": "es-csv-001"})
    header = client.get(f"/g/{game_id}/export.csv", headers=ES).get_data(as_text=True).splitlines()[0]
    assert "mano" in header and not [w for w in WORD.findall(header) if w.lower() in FOREIGN], header
    with client.application.test_request_context(headers=ES):
        assert sheet_date("2026-11-22T21:40:00") == "22 nov 2026"


@pytest.mark.parametrize(("method", "url", "body"), BAD_REQUESTS)
def test_api_messages_are_spanish_and_kinds_stay_english(client, method, url, body):
    """The same refusal in both languages: the same status, kind and field; the message in Spanish."""
    call = getattr(client, method)
    english = call(url, json=body) if body is not None else call(url)
    spanish = call(url, json=body, headers=ES) if body is not None else call(url, headers=ES)
    assert spanish.status_code == english.status_code >= 400
    said, plain = spanish.get_json(), english.get_json()
    assert said["error"] == plain["error"] and said.get("field") == plain.get("field")
    assert said["message"] != plain["message"]
    words = re.sub(r'"[^"]*"', " ", said["message"])
    assert not [w for w in WORD.findall(words) if w.lower() in FOREIGN], said["message"]


def test_api_answers_are_spanish_with_cards_in_the_deck_style(client):
    body = {"hand": ["8d"], "table": ["5c", "3s", "8s"], "deck_style": "spanish"}
    moves = client.post("/api/v1/moves", json=body, headers=ES).get_json()["moves"]
    assert moves[0]["why"].startswith("Sota de Oros levanta Sota de Espadas")
    italian_deck = {**body, "hand": ["7d"], "table": ["5c", "2s", "7s"], "deck_style": "italian"}
    moves = client.post("/api/v1/moves", json=italian_deck, headers=ES).get_json()["moves"]
    assert moves[0]["why"].startswith("7 di Denari levanta 7 di Spade")
    rules = client.get("/api/v1/rules", headers=ES).get_json()
    assert rules["profiles"][0]["title"] == "Clásica" and rules["profiles"][0]["name"] == "classic"


def test_the_run_command_speaks_spanish_on_a_spanish_machine(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "es_AR.UTF-8")
    assert serve.terminal_language().gettext("Ctrl+C stops the server.") == "Ctrl+C detiene el servidor."
