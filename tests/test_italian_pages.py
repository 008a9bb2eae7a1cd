"""With ``Accept-Language: it`` no English word of the interface shows on any page, sheet, pad or API message.

Every page of the app is visited in many states (a game in progress and finished, two and four players, each deck,
each way of entering a hand, errors, conflicts, a viewer's phone, the checker with answers and verdicts, the paper)
and its visible words are compared with the interface's English vocabulary: every word of the catalogue's English
messages that no Italian message uses. One such word on an Italian page is a message that missed the catalogue.
"""

from __future__ import annotations

import json
import os
import re
from html.parser import HTMLParser
from types import SimpleNamespace

import pytest
from babel.messages.pofile import read_po

from scorekeeper.rules import DECK
from scorekeeper.web.common.i18n import TRANSLATIONS
from tests.conftest import start_at_table
from tests.test_season import played

IT = {"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"}
# The players of the test games: Italian names, which are no word of either language.
PLAYERS = ("Anna", "Bruno", "Carla", "Dario")
WORD = re.compile(r"[^\W\d_]{3,}")


def _vocabulary() -> set[str]:
    """The English words of the interface that Italian never uses."""
    with open(os.path.join(TRANSLATIONS, "it", "LC_MESSAGES", "messages.po"), "rb") as f:
        catalog = read_po(f, locale="it")
    english: set[str] = set()
    italian: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in ids:
            # Placeholders are not words of the interface.
            english |= {w.lower() for w in WORD.findall(re.sub(r"%\(\w+\)[sd]", " ", text))}
        for text in strings:
            italian |= {w.lower() for w in WORD.findall(text)}
    return (english | COMMON_ENGLISH) - italian - {p.lower() for p in PLAYERS}


# English words any sentence of the interface would use, so a sentence written outside the catalogue is caught even
# when its words appear in no message id.
COMMON_ENGLISH = {
    "the",
    "and",
    "with",
    "for",
    "you",
    "your",
    "this",
    "that",
    "not",
    "are",
    "was",
    "has",
    "have",
    "from",
    "any",
    "all",
    "one",
    "two",
    "who",
    "what",
    "where",
    "when",
    "which",
    "each",
    "every",
    "game",
    "games",
    "hand",
    "hands",
    "player",
    "players",
    "card",
    "cards",
    "coins",
    "save",
    "saved",
    "back",
    "next",
    "new",
    "print",
    "share",
    "copy",
    "check",
    "score",
    "scores",
    "points",
    "point",
    "team",
    "teams",
    "tie",
    "tied",
    "wins",
    "leads",
    "won",
    "undo",
    "delete",
    "edit",
    "correct",
    "rules",
    "table",
    "deck",
    "here",
    "there",
    "open",
    "close",
    "start",
    "done",
    "yes",
}


ENGLISH = _vocabulary()
READ_ATTRIBUTES = {"title", "alt", "placeholder", "aria-label", "aria-description"}


class _Visible(HTMLParser):
    """The text a person sees or hears on a page, and the words the page's scripts may show."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if value and name in READ_ATTRIBUTES:
                self.parts.append(value)
        if tag == "input" and attributes.get("type") in ("submit", "button") and attributes.get("value"):
            self.parts.append(attributes["value"] or "")
        if tag == "body" and attributes.get("data-strings"):
            for text in json.loads(attributes["data-strings"] or "{}").values():
                self.parts += list(text.values()) if isinstance(text, dict) else [text]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def english_words(page: str) -> list[str]:
    """The interface's English words that ``page`` shows."""
    parser = _Visible()
    parser.feed(page)
    # An address shown as text (a link to copy, a sheet's footer) is no word of the interface.
    text = re.sub(r"https?://\S+", " ", " ".join(parser.parts))
    return sorted({w for w in WORD.findall(text) if w.lower() in ENGLISH})


ANNA = {
    "1d",
    "2d",
    "3d",
    "7d",
    "7c",
    "6c",
    "7s",
    "1b",
    "5b",
    "6s",
    "9s",
    "10s",
    "4c",
    "3c",
    "2c",
    "1c",
    "8b",
    "9b",
    "10b",
    "4d",
    "5d",
    "6d",
}


def piles(anna=ANNA, rest="1"):
    return {f"c_{c}": "0" if str(c) in anna else rest for c in DECK}


def visit(client, url, *, method="get", data=None, status=None, headers=IT):
    """The page at ``url`` in the language of ``headers`` (following the redirect of a form, as a browser does)."""
    if method == "post":
        r = client.post(url, data=data or {}, headers=headers)
        if r.status_code in (302, 303):
            r = client.get(r.headers["Location"].split("#")[0], headers=headers)
    else:
        r = client.get(url, headers=headers, follow_redirects=True)
    if status is not None:
        assert r.status_code == status, (url, r.status_code, r.get_data(as_text=True)[:400])
    assert r.status_code < 500, url
    return r.get_data(as_text=True)


def walk(app, client, headers, tag, group_name):
    """Every page of the app in the language of ``headers``, in the states a table meets, by name.

    ``tag`` marks this walk's submission ids; ``group_name`` is a group's name as that language's table would write it.
    """
    seen: dict[str, str] = {}

    def page(url, **kwargs):
        return visit(client, url, headers=headers, **kwargs)

    seen["home, empty"] = page("/", status=200)
    seen["new game"] = page("/new", status=200)
    seen["new game with errors"] = page("/new", method="post", data={"players-0": "Anna"})
    # Each game chosen, its house rules shown (Scopa d'assi's ace rules), and a combination the core refuses.
    seen["new game, Escoba"] = page("/new?family=escoba", status=200)
    seen["new game, Cirulla"] = page("/new", method="post", data={"family": "cirulla", "refresh": "1"}, status=200)
    seen["new game, Scopa d'assi's rules"] = page("/new?profile=asso-piglia-tutto", status=200)
    seen["new game, a refused house rule"] = page(
        "/new",
        method="post",
        data={
            "players-0": "Anna",
            "players-1": "Bruno",
            "family": "escoba",
            "profile": "escoba",
            "opt_end": "draw",
            "opt_playoff": "leaders",
        },
    )
    two = start_at_table(client, "Anna", "Bruno", headers=headers)
    seen["scoreboard before a hand"] = page(f"/g/{two}", status=200)
    seen["winners entry with an answer missing"] = page(
        f"/g/{two}/won", method="post", data={"cards": "0", "action": "save", "submission_id": f"{tag}-w-0001"}
    )
    for i, side in enumerate(["0", "1"]):
        client.post(f"/g/{two}/scopa", data={"side": side, "change": "1", "submission_id": f"{tag}-s-{i:04d}"})
    seen["piles"] = page(f"/g/{two}/hand", status=200)
    seen["piles checked"] = page(
        f"/g/{two}/hand", method="post", data=piles() | {"action": "check", "submission_id": f"{tag}-p-0001"}
    )
    seen["piles with an error"] = page(
        f"/g/{two}/hand",
        method="post",
        data={
            "c_7d": "0",
            "c_7c": "0",
            "rest": "missing",
            "sides-0-scopas": "3",
            "action": "check",
            "submission_id": f"{tag}-p-0002",
        },
    )
    client.post(f"/g/{two}/hand", data=piles() | {"action": "save", "submission_id": f"{tag}-p-0003"}, headers=headers)
    seen["scoreboard after a hand"] = page(f"/g/{two}", status=200)
    seen["counts"] = page(f"/g/{two}/counts", status=200)
    seen["counts that do not add up"] = page(
        f"/g/{two}/counts",
        method="post",
        data={
            "sides-0-cards": "30",
            "sides-1-cards": "20",
            "sides-0-coins": "5",
            "sides-1-coins": "5",
            "settebello": "1",
            "primiera_by": "0",
            "action": "check",
            "submission_id": f"{tag}-c-0001",
        },
    )
    # The entries under the 1.2 options: Cirulla's grande, piccola and knocks; the donna, ties a point each, and a
    # point per coin (winners steered to counts or cards).
    cirulla = start_at_table(client, "Anna", "Bruno", profile="cirulla", headers=headers)
    seen["Cirulla winners"] = page(f"/g/{cirulla}", status=200)
    seen["Cirulla winners with a knock refused"] = page(
        f"/g/{cirulla}/won",
        method="post",
        data={"won_cards": "0", "sides-0-knocks": "4", "action": "save", "submission_id": f"{tag}-k-0001"},
    )
    seen["Cirulla counts with the grande missing"] = page(
        f"/g/{cirulla}/counts",
        method="post",
        data={
            "sides-0-cards": "22",
            "sides-0-coins": "6",
            "settebello": "0",
            "sides-1-knocks": "10",
            "action": "check",
        },
    )
    seen["Cirulla cards"] = page(f"/g/{cirulla}/hand", status=200)
    others = start_at_table(
        client,
        "Anna",
        "Bruno",
        "Carla",
        layout="alone",
        headers=headers,
        **{
            "opt_donna_di_denari": "true",
            "opt_tie_points": "each",
            "opt_coin_points": "true",
        },
    )
    seen["winners sent to counts, a point per coin"] = page(f"/g/{others}", status=200)
    seen["counts with the donna and a point per coin"] = page(f"/g/{others}/counts", status=200)
    ties = start_at_table(client, "Anna", "Bruno", "Carla", layout="alone", opt_tie_points="each", headers=headers)
    seen["winners with ties a point each"] = page(f"/g/{ties}", status=200)
    seen["hand detail"] = page(f"/g/{two}/hands/1", status=200)
    seen["all hands"] = page(f"/g/{two}/hands", status=200)
    seen["correct a hand"] = page(f"/g/{two}/hands/1/edit", status=200)
    seen["delete a hand"] = page(f"/g/{two}/hands/1/delete", status=200)
    seen["stale form"] = page(
        f"/g/{two}/hand",
        method="post",
        data=piles() | {"hand": "1", "action": "save", "submission_id": f"{tag}-p-0004"},
    )
    seen["stop keeping"] = page(f"/g/{two}/forget", status=200)
    seen["sheet"] = page(f"/g/{two}/sheet", status=200)
    seen["viewer's scoreboard"] = app.test_client().get(f"/g/{two}", headers=headers).get_data(as_text=True)
    four = start_at_table(client, *PLAYERS, deck_style="french", napola="y", re_bello="y", target="3", headers=headers)
    for n in range(3):
        client.post(f"/g/{four}/hand", data=piles() | {"action": "save", "submission_id": f"{tag}-f-{n:04d}"})
    seen["finished game, French deck, teams"] = page(f"/g/{four}", status=200)
    seen["finished game's sheet"] = page(f"/g/{four}/sheet", status=200)
    seen["home with games"] = page("/", status=200)
    seen["checker"] = page("/check", status=200)
    seen["checker with an answer"] = page("/check?table=7d,5c,2s&hand=7s,10b&profile=classic", status=200)
    seen["checker with a verdict"] = page(
        "/check?table=7d,5c,2s&hand=7s&play=7s&take=5c,2s&profile=classic", status=200
    )
    seen["checker with errors"] = page("/check?table=7d&hand=7d", status=400)
    seen["checker, first deal"] = page("/check?table=10d,10c,10s,1b&deal=1", status=200)
    seen["pads"] = page("/pads", status=200)
    for kind in ("2", "3", "4"):
        seen[f"pad {kind}"] = page(f"/pads/{kind}", status=200)
    seen["new group"] = page("/groups/new", status=200)
    seen["group made"] = page("/groups/new", method="post", data={"name": group_name})
    group = re.search(r'/groups/([\w-]+)"', seen["group made"])[1]
    seen["new game in a group"] = page(f"/new?group={group}", status=200)
    for n in range(2):
        made = client.post(
            "/new",
            data={
                "players-0": "Anna",
                "players-1": "Bruno",
                "group": group,
                "target": "3",
                "profile": "classic",
                "deck_style": "italian",
            },
            headers=headers,
        )
        game = made.headers["Location"].rsplit("/", 1)[1]
        for i in range(2):
            client.post(f"/g/{game}/hand", data=piles() | {"action": "save", "submission_id": f"{tag}-g{n}-{i:04d}"})
    seen["group with games"] = page(f"/groups/{group}", status=200)
    player = re.search(rf'/groups/{group}/players/([\w-]+)"', seen["group with games"])[1]
    seen["player's statistics"] = page(f"/groups/{group}/players/{player}", status=200)
    h2h = re.search(r'href="(/groups/[^"]+/h2h[^"]+)"', seen["player's statistics"])[1].replace("&amp;", "&")
    seen["head to head"] = page(h2h, status=200)
    # An evening of three: the event page offering each player's own page, a player's page at a table and with
    # the round's bye.
    made = client.post("/api/v1/events", json={"name": group_name, "players": list(PLAYERS[:3])}).get_json()
    paired = client.post(f"/api/v1/events/{made['id']}/rounds", headers={"X-Organiser-Key": made["organiser_key"]})
    seen["event with players' own pages"] = page(f"/e/{made['id']}", status=200)
    seated = paired.get_json()["tables"][0]["sides"][0]["entrant"]
    seen["a player's own page"] = page(f"/e/{made['id']}/p/{seated}", status=200)
    seen["a player's own page, a bye"] = page(f"/e/{made['id']}/p/{paired.get_json()['bye_entrant']}", status=200)
    seen["no such player at an event"] = page(f"/e/{made['id']}/p/9", status=404)
    seen["season, no event yet"] = page(f"/groups/{group}/season", status=200)
    played(
        app, SimpleNamespace(id=group), f"{group_name} 1", [["Anna", "Bruno"], ["Carla", "Dario"]], None, "2026-03-02"
    )
    played(app, SimpleNamespace(id=group), f"{group_name} 2", ["Anna", "Bruno"], "Anna", "2026-03-09", 1.5)
    days = "from=2026-01-01&to=2026-12-31"
    seen["season"] = page(f"/groups/{group}/season?{days}", status=200)
    seen["season, days refused"] = page(f"/groups/{group}/season?from=2026-02-30", status=400)
    seen["season points refused"] = page(
        f"/groups/{group}/season?{days}", method="post", data={"season_points": "25, 30"}, status=400
    )
    seen["season sheet"] = page(f"/groups/{group}/season/sheet?{days}", status=200)
    ladder = re.search(r'href="(/groups/[^"]+/ladder)"', seen["player's statistics"])[1]
    seen["ladder"] = page(ladder, status=200)
    seen["no such game"] = page("/g/nope", status=404)
    seen["no such page"] = page("/nowhere", status=404)
    return seen


@pytest.fixture
def pages(app, client):
    """Every page of the app in Italian, in the states a table meets, by name."""
    return walk(app, client, IT, "it", "Venerdì da Nonna")


def test_no_english_word_on_any_italian_page(pages):
    """The acceptance check of the issue: an Italian phone reads Italian everywhere."""
    found = {name: words for name, page in pages.items() if (words := english_words(page))}
    assert not found, "English words on Italian pages:\n" + "\n".join(f"  {k}: {v}" for k, v in found.items())


def test_italian_pages_say_so_and_the_check_can_fail(pages):
    """Each page says it is Italian, and the check finds English where there is English."""
    for name, page in pages.items():
        assert '<html lang="it">' in page, name
    assert english_words("<p>Record the hand</p>"), "the vocabulary lost the interface's English words"


def test_the_csv_header_is_italian(client):
    game_id = start_at_table(client, "Anna", "Bruno", headers=IT)
    client.post(f"/g/{game_id}/hand", data=piles() | {"action": "save", "submission_id": "it-csv-001"})
    header = client.get(f"/g/{game_id}/export.csv", headers=IT).get_data(as_text=True).splitlines()[0]
    assert not [w for w in WORD.findall(header) if w.lower() in ENGLISH], header


BAD_REQUESTS = [
    ("post", "/api/v1/moves", {"hand": ["7d"], "table": ["7d"]}),
    ("post", "/api/v1/moves", {"hand": ["zz"], "table": []}),
    ("post", "/api/v1/moves", {"hand": ["7d"], "rules": {"profile": "nope"}}),
    ("post", "/api/v1/moves", {"hand": ["7d"], "rules": {"napola": "yes"}}),
    ("post", "/api/v1/judge", {"card": "7d", "capture": ["5c"], "table": ["2s"]}),
    ("post", "/api/v1/deal", {"table": ["7d"]}),
    ("post", "/api/v1/score", {"sides": [{"pile": ["7d"]}, {"pile": ["7d"]}]}),
    ("post", "/api/v1/score", {"sides": [{"won": ["cards"]}, {"won": ["cards"]}]}),
    (
        "post",
        "/api/v1/score",
        {
            "sides": [
                {"tally": {"cards": 30, "coins": 5, "settebello": True}},
                {"tally": {"cards": 30, "coins": 5, "settebello": False}},
            ]
        },
    ),
    ("post", "/api/v1/games", {"sides": [{"name": "Anna"}]}),
    ("post", "/api/v1/games", {"sides": [{"name": "Anna"}, {"name": "anna"}]}),
    ("get", "/api/v1/games/nope", None),
    ("post", "/api/v1/games/nope/rounds", {"sides": []}),
    ("put", "/api/v1/moves", None),
]


@pytest.mark.parametrize(("method", "url", "body"), BAD_REQUESTS)
def test_api_messages_are_italian_and_kinds_stay_english(client, method, url, body):
    """The same refusal in both languages: the same status, kind and field; the message in Italian."""
    call = getattr(client, method)
    english = call(url, json=body) if body is not None else call(url)
    italian = call(url, json=body, headers=IT) if body is not None else call(url, headers=IT)
    assert italian.status_code == english.status_code >= 400
    said, plain = italian.get_json(), english.get_json()
    assert said["error"] == plain["error"] and said.get("field") == plain.get("field")
    assert said["message"] != plain["message"]
    # The JSON keys a message names ("hand", in quotes) are the API's own words, the same in every language.
    words = re.sub(r'"[^"]*"', " ", said["message"])
    assert not [w for w in WORD.findall(words) if w.lower() in ENGLISH], said["message"]


def test_api_answers_are_italian_with_cards_in_the_deck_style(client):
    body = {"hand": ["7d"], "table": ["5c", "2s", "7s"], "deck_style": "italian"}
    moves = client.post("/api/v1/moves", json=body, headers=IT).get_json()["moves"]
    assert moves[0]["why"].startswith("7 di Denari prende 7 di Spade")
    english = client.post("/api/v1/moves", json={k: v for k, v in body.items() if k != "deck_style"}).get_json()
    assert english["moves"][0]["why"].startswith("7d takes 7s")
    rules = client.get("/api/v1/rules", headers=IT).get_json()
    assert rules["profiles"][0]["title"] == "Classica" and rules["profiles"][0]["name"] == "classic"
