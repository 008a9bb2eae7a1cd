"""A club night without a wrong turn: an event table's finished game leads back to the event (never to a rematch
outside it), and one set of table cards serves every round (each card opens its table's current game)."""

from __future__ import annotations

import re

import pytest

from scorekeeper.services import rematch
from scorekeeper.services.errors import Conflict
from scorekeeper.store import Store
from tests.conftest import new_event
from tests.test_events import pair, play


def play_round(client, paired):
    for table in paired["tables"]:
        play(client, table, winner=0, hands=1)


def keeper_phone(app, table):
    phone = app.test_client()
    assert phone.get(table["game"]["keeper_url"]).status_code == 302
    return phone


def test_a_finished_event_table_leads_back_to_the_event_and_offers_no_rematch(app, client):
    event = new_event(client)
    first = pair(client, event, event.key)
    table = first["tables"][0]
    play(client, table)
    phone = keeper_phone(app, table)
    page = phone.get(f"/g/{table['game']['id']}").get_data(as_text=True)
    assert "Back to the event" in page and f"/e/{event.id}?round=1" in page
    assert "Rematch" not in page and 'href="/new"' not in page
    # The rematch route refuses it too, saying why, and starts nothing.
    r = phone.post(f"/g/{table['game']['id']}/rematch", data={"submission_id": "sub-rematch-1", "local_time": "22:00"})
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/g/{table['game']['id']}")
    page = phone.get(r.headers["Location"]).get_data(as_text=True)
    assert "is a table of an event" in page
    with Store(app.config["DATABASE"]) as store:
        assert store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 4
    # Once the next round is paired, the finished table says where each of its players sits now.
    play_round(client, {"tables": first["tables"][1:]})
    second = pair(client, event, event.key)
    page = phone.get(f"/g/{table['game']['id']}").get_data(as_text=True)
    seats = {side["name"]: t["number"] for t in second["tables"] for side in t["sides"]}
    for side in table["sides"]:
        number = seats[side["name"]]
        assert f"{side['name']}: table {number} in round 2" in page
        assert f"/e/{event.id}?round=2#table-2-{number}" in page


def test_the_rematch_service_refuses_an_event_table(app, client):
    event = new_event(client, players=["Anna", "Bruno"])
    table = pair(client, event, event.key)["tables"][0]
    play(client, table)
    with Store(app.config["DATABASE"]) as store:
        with pytest.raises(Conflict) as refused:
            rematch.start(store, table["game"]["id"], "sub-rematch-x", lambda sides: "Again")
        assert refused.value.kind == "event_table"
        assert store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1


def card_links(client, event, number):
    cards = client.get(f"/e/{event.id}/rounds/{number}/cards").get_data(as_text=True)
    assert "one set is enough for the whole event" in cards
    return dict(
        (int(n), link) for link, n in re.findall(r'<a href="(http://localhost/e/[\w-]+/t/(\d+)/[\w-]+)"', cards)
    )


def test_one_set_of_table_cards_opens_each_tables_game_round_after_round(app, client):
    event = new_event(client)
    organiser = app.test_client()
    organiser.get(event["organiser_url"])
    first = pair(client, event, event.key)
    links = card_links(organiser, event, 1)
    assert sorted(links) == [1, 2, 3, 4]
    for table in first["tables"]:
        phone = app.test_client()
        r = phone.get(links[table["number"]])
        assert r.status_code == 302 and r.headers["Location"].endswith(f"/g/{table['game']['id']}")
        assert "no-store" in r.headers["Cache-Control"]
        # The phone keeps that game: its scoreboard offers the hand entry.
        assert "Scopas this hand" in phone.get(r.headers["Location"]).get_data(as_text=True)
    play_round(client, first)
    second = pair(client, event, event.key)
    assert card_links(organiser, event, 2) == links  # the same cards
    for table in second["tables"]:
        phone = app.test_client()
        r = phone.get(links[table["number"]])
        assert r.status_code == 302 and r.headers["Location"].endswith(f"/g/{table['game']['id']}")
        assert "Scopas this hand" in phone.get(r.headers["Location"]).get_data(as_text=True)
    assert {t["game"]["id"] for t in first["tables"]}.isdisjoint(t["game"]["id"] for t in second["tables"])


def test_a_card_link_with_a_wrong_key_or_table_is_refused_and_keeps_nothing(app, client):
    event = new_event(client)
    before = app.test_client().get(f"/e/{event.id}/t/1/whatever")
    assert before.status_code == 404 and "No round of this event is paired yet" in before.get_data(as_text=True)
    pair(client, event, event.key)
    organiser = app.test_client()
    organiser.get(event["organiser_url"])
    links = card_links(organiser, event, 1)
    phone = app.test_client()
    wrong = links[1].rsplit("/", 1)[0] + "/not-the-key"
    r = phone.get(wrong)
    assert r.status_code == 404 and "link is not valid" in r.get_data(as_text=True)
    r = phone.get(links[2].replace("/t/2/", "/t/1/"))  # table 2's card is not table 1's
    assert r.status_code == 404 and "link is not valid" in r.get_data(as_text=True)
    r = phone.get(links[1].replace("/t/1/", "/t/9/"))
    page = r.get_data(as_text=True)
    assert r.status_code == 404 and "Table 9 has no game in round 1" in page and "tables 1 to 4" in page
    assert "no-store" in r.headers["Cache-Control"]
    with phone.session_transaction() as session:
        assert not session.get("kept")
