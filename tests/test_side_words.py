"""Sentences about a side agree with it: a team takes the plural verb ("Marco & Dario lead", "Marco e Dario sono
avanti"), a player alone the singular; an untapped pile's cards go to the other player, or to the other team."""

from __future__ import annotations

import html
import json
import re

from flask_babel import force_locale

from scorekeeper.rules import DECK, Rules
from scorekeeper.rules.scoring import Won, score_round
from scorekeeper.rules.text import ENGLISH, SideName
from scorekeeper.web.common.i18n import voice
from tests.conftest import new_game, record_hand

IT = {"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"}


def status(client, game, headers=None) -> str:
    return client.get(f"/api/v1/games/{game['id']}", headers=headers or {}).get_json()["status"]


def test_a_team_leads_and_wins_in_the_plural_in_english_and_italian(client):
    teams = new_game(client, ["Marco", "Dario"], ["Anna", "Carla"])
    record_hand(client, teams)  # the first side wins the hand 4-0
    assert status(client, teams) == "Marco & Dario lead 4-0; 11 to win."
    assert status(client, teams, IT) == "Marco & Dario sono avanti 4-0; si gioca ai 11."
    # The hand's reasons agree too.
    page = html.unescape(client.get(f"/g/{teams['id']}/hands/1", headers=IT).get_data(as_text=True))
    assert "Marco & Dario prendono le carte" in page and "Marco & Dario prende" not in page
    finished = new_game(client, ["Marco", "Dario"], ["Anna", "Carla"], rules={"target": 4})
    record_hand(client, finished)
    assert status(client, finished) == "Marco & Dario win 4-0."
    assert status(client, finished, IT) == "Marco & Dario vincono 4-0."


def test_a_player_alone_keeps_the_singular(client):
    alone = new_game(client, "Anna", "Bruno")
    record_hand(client, alone)
    assert status(client, alone) == "Anna leads 4-0; 11 to win."
    assert status(client, alone, IT) == "Anna è avanti 4-0; si gioca ai 11."
    page = html.unescape(client.get(f"/g/{alone['id']}/hands/1", headers=IT).get_data(as_text=True))
    assert "Anna prende le carte" in page


def _hand_page(app, game, headers=None) -> str:
    phone = app.test_client()
    assert phone.get(game.keeper_path).status_code == 302
    return phone.get(f"/g/{game['id']}/hand", headers=headers or {}).get_data(as_text=True)


def _strings(page: str) -> dict[str, list[str]]:
    return json.loads(html.unescape(re.search(r"data-strings='([^']*)'", page).group(1)))


def test_the_rest_goes_to_the_other_player_or_the_other_team(app, client):
    alone = new_game(client, "Anna", "Bruno")
    teams = new_game(client, ["Marco", "Dario"], ["Anna", "Carla"])
    one, two = _hand_page(app, alone, IT), _hand_page(app, teams, IT)
    assert 'data-teams="false"' in one and 'data-teams="true"' in two  # piles.js picks the sentence by it
    said = _strings(one)
    assert "all'altro giocatore" in str(said["rest_two_players"]) and "squadra" not in str(said["rest_two_players"])
    assert "all'altra squadra" in str(said["rest_two_sides"])
    english = _strings(_hand_page(app, alone))
    assert "the other player" in str(english["rest_two_players"]) and "the other team" in str(english["rest_two_sides"])


def _said(score, said_in=None) -> str:
    """Every reason of a scored hand, as one text (said in ``said_in``, English by default)."""
    return " ".join((said_in or ENGLISH).say(r.text) for r in score.reasons)


def test_every_sentence_about_a_team_takes_the_plural(app):
    team, others = SideName("Marco & Dario", 2), SideName("Anna & Carla", 2)
    napola = Rules.from_dict({"napola": True, "napoleone": True})
    coins = [c for c in DECK if c.suit.value == "d"]
    rest = [c for c in DECK if c not in coins]
    piles = score_round([(team, [*coins, *rest[:10]], 0), (others, rest[10:], 0)], napola)
    told = score_round(
        [(team, Won(frozenset({"cards", "coins", "settebello", "primiera"}), 3), 0), (others, Won(frozenset()), 0)],
        napola,
    )
    english = _said(piles) + " " + _said(told)
    for plural in ("Marco & Dario have the napola", "Marco & Dario hold all ten coins", "Anna & Carla have no"):
        assert plural in english
    assert " has " not in english and " holds " not in english
    with app.test_request_context(), force_locale("it"):
        italian = _said(piles, voice()) + " " + _said(told, voice())
    for plural in ("Marco & Dario hanno la napola", "Marco & Dario hanno tutti e dieci", "Anna & Carla non hanno"):
        assert plural in italian
    assert "Marco & Dario hanno vinto" in italian  # the winners entry: "as told at the table"
    assert " ha " not in italian


def test_a_team_calls_out_in_the_plural(app, client):
    teams = new_game(client, ["Marco", "Dario"], ["Anna", "Carla"], rules={"call_out": True})
    phone = app.test_client()
    assert phone.get(teams.keeper_path).status_code == 302
    board = html.unescape(phone.get(f"/g/{teams['id']}", headers=IT).get_data(as_text=True))
    assert "Marco & Dario si chiamano fuori" in board and "Marco & Dario si chiama fuori" not in board
    board = html.unescape(phone.get(f"/g/{teams['id']}").get_data(as_text=True))
    assert "Marco & Dario call out" in board
