"""Club nights and tournaments through the API and the pages: an event made, its rounds paired, each table an
ordinary game kept by its own phone, the standings live as tables finish, the organiser's corrections, forfeits,
withdrawals and closes, concurrent reports, and every bad input refused with a clear message."""

import json
import re
import threading

import pytest

from scorekeeper.services import events
from scorekeeper.store import Store
from tests.conftest import new_event

ALL = ["cards", "coins", "settebello", "primiera"]


def pair(client, event, key, **body):
    r = client.post(f"/api/v1/events/{event['id']}/rounds", headers=key, json=body or None)
    assert r.status_code in (200, 201), r.get_json()
    return r.get_json()


def play(client, table, winner=0, hands=1, sid="t"):
    """The table's own phone records ``hands`` hands, each won outright by ``winner`` (4 points: a game to 4)."""
    game = table["game"]
    sides = [{"won": ALL if i == winner else []} for i in range(2)]
    for h in range(hands):
        r = client.post(
            f"/api/v1/games/{game['id']}/rounds",
            headers={"X-Keeper-Key": game["keeper_key"]},
            json={"submission_id": f"{sid}-{game['id']}-{h:04d}", "sides": sides},
        )
        assert r.status_code == 201, r.get_json()


def standings(client, event):
    return client.get(f"/api/v1/events/{event['id']}/standings").get_json()


def by_name(table):
    return {line["name"]: line for line in table["standings"]}


def test_an_evening_of_eight_players_three_swiss_rounds(client):
    event = new_event(client, pairing="swiss", rounds=3)
    key = event.key
    assert event["organiser_url"].endswith(f"/e/{event['id']}/organise/{event['organiser_key']}")
    first = pair(client, event, key)
    assert first["number"] == 1 and first["bye"] is None
    assert [(t["sides"][0]["name"], t["sides"][1]["name"]) for t in first["tables"]] == [
        ("A", "E"),
        ("B", "F"),
        ("C", "G"),
        ("D", "H"),
    ]
    # Each table is an ordinary game: its keeper key keeps it; the viewer link shows it.
    for t in first["tables"]:
        play(client, t, winner=0)
    table = by_name(standings(client, event))
    assert table["A"]["match_points"] == 2 and table["E"]["match_points"] == 0 and table["A"]["points_for"] == 4
    second = pair(client, event, key)
    assert [(t["sides"][0]["name"], t["sides"][1]["name"]) for t in second["tables"]] == [
        ("A", "C"),
        ("B", "D"),
        ("E", "G"),
        ("F", "H"),
    ]  # winners meet winners, nobody meets again
    assert client.get(f"/api/v1/events/{event['id']}").get_json()["played_rounds"][0]["closed"] is True
    for t in second["tables"]:
        play(client, t, winner=1)
    third = pair(client, event, key)
    met = {frozenset((t["sides"][0]["name"], t["sides"][1]["name"])) for r in (first, second) for t in r["tables"]}
    assert not met & {frozenset((t["sides"][0]["name"], t["sides"][1]["name"])) for t in third["tables"]}
    for t in third["tables"]:
        play(client, t, winner=0)
    # Every round is played: no fourth.
    r = client.post(f"/api/v1/events/{event['id']}/rounds", headers=key)
    assert r.status_code == 409 and "all 3 rounds" in r.get_json()["message"]
    client.post(f"/api/v1/events/{event['id']}/rounds/3/close", headers=key)
    final = standings(client, event)
    assert final["finished"] is True
    assert sum(line["played"] for line in final["standings"]) == 8 * 3
    assert [line["rank"] for line in final["standings"]] == sorted(line["rank"] for line in final["standings"])


def test_pairing_needs_the_organiser_key_and_is_done_once(client, event):
    key = event.key
    assert client.post(f"/api/v1/events/{event['id']}/rounds").status_code == 403
    assert client.post(f"/api/v1/events/{event['id']}/rounds", headers={"X-Organiser-Key": "nope"}).status_code == 403
    first = pair(client, event, key, number=1)
    again = client.post(f"/api/v1/events/{event['id']}/rounds", headers=key, json={"number": 1})
    assert again.status_code == 200 and again.get_json()["tables"] == first["tables"]  # a retry: the same round
    # Round 2 waits for every table of round 1, and says which are still playing.
    play(client, first["tables"][0])
    r = client.post(f"/api/v1/events/{event['id']}/rounds", headers=key)
    assert r.status_code == 409 and "still playing: 2, 3, 4" in r.get_json()["message"]
    # Without the organiser key, nobody sees the tables' keeper keys.
    seen = client.get(f"/api/v1/events/{event['id']}/rounds/1").get_json()
    assert all("keeper_key" not in t["game"] for t in seen["tables"])


def test_two_organiser_phones_pairing_at_once_pair_the_round_once(app):
    client = app.test_client()
    event = new_event(client)
    key = event.key
    answers = []

    def go():
        answers.append(
            app.test_client().post(f"/api/v1/events/{event['id']}/rounds", headers=key, json={"number": 1}).status_code
        )

    threads = [threading.Thread(target=go) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers)[-1] == 201 and all(a in (200, 201) for a in answers)
    got = client.get(f"/api/v1/events/{event['id']}").get_json()
    assert len(got["played_rounds"]) == 1 and len(got["played_rounds"][0]["tables"]) == 4


def test_tables_reporting_at_the_same_moment_all_count(app):
    client = app.test_client()
    event = new_event(client, players=[f"P{i}" for i in range(16)])
    key = event.key
    first = pair(client, event, key)
    errors = []

    def report(table):
        try:
            play(app.test_client(), table, winner=0, sid="same-moment")
        except AssertionError as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=report, args=(t,)) for t in first["tables"]]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    table = standings(client, event)
    assert sum(line["won"] for line in table["standings"]) == 8
    assert sum(line["played"] for line in table["standings"]) == 16


def test_the_organiser_corrects_and_forfeits_tables_and_the_standings_follow_at_once(client):
    event = new_event(client, players=["Anna", "Bruno", "Carla", "Dario"])
    key = event.key
    first = pair(client, event, key)  # Anna-Carla, Bruno-Dario
    play(client, first["tables"][0], winner=0)  # Anna wins 4-0
    url = f"/api/v1/events/{event['id']}/rounds/1/tables"
    r = client.put(f"{url}/1/result", headers=key, json={"outcome": "1", "points": [9, 11]})
    assert r.status_code == 200 and r.get_json()["state"] == "corrected"
    table = by_name(standings(client, event))
    assert table["Carla"]["match_points"] == 2 and table["Carla"]["points_for"] == 11 and table["Anna"]["won"] == 0
    # Dario did not come: Dario forfeits, Bruno wins without game points.
    r = client.put(f"{url}/2/result", headers=key, json={"outcome": "forfeit:1"})
    assert r.get_json()["state"] == "forfeit"
    table = by_name(standings(client, event))
    assert table["Bruno"]["won"] == 1 and table["Bruno"]["points_for"] == 0 and table["Dario"]["lost"] == 1
    # Back to the game's own result.
    client.put(f"{url}/1/result", headers=key, json={"outcome": "game"})
    assert by_name(standings(client, event))["Anna"]["match_points"] == 2
    # A closed round keeps its results: a hand corrected later at the table does not change them.
    client.post(f"/api/v1/events/{event['id']}/rounds/1/close", headers=key)
    closed = client.get(f"/api/v1/events/{event['id']}/rounds/1").get_json()
    assert closed["closed"] and [t["state"] for t in closed["tables"]] == ["closed", "forfeit"]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"outcome": "2"}, "outcome", '"0" or "1"'),
        ({"outcome": "forfeit:draw"}, "outcome", "forfeit"),
        ({"outcome": "0", "points": [1000, 0]}, "points", "0 to 999"),
        ({"outcome": "0", "points": "11-3"}, "points", "game points"),
    ],
)
def test_a_bad_correction_says_what_is_expected_and_changes_nothing(client, body, field, words):
    event = new_event(client, players=["Anna", "Bruno"])
    key = event.key
    pair(client, event, key)
    r = client.put(f"/api/v1/events/{event['id']}/rounds/1/tables/1/result", headers=key, json=body)
    assert r.status_code == 400 and r.get_json()["field"] == field and words in r.get_json()["message"]
    assert client.get(f"/api/v1/events/{event['id']}/rounds/1").get_json()["tables"][0]["state"] == "playing"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": "Anna, Bruno"}, "players"),
        ({"players": ["Anna"]}, "players"),
        ({"players": ["Anna", "anna "]}, "players[1]"),
        ({"players": ["Anna", 3]}, "players[1]"),
        ({"players": ["A" * 41, "B"]}, "players[0]"),
        ({"players": [f"P{i}" for i in range(129)]}, "players"),
        ({"players": ["A", "B", "C"], "table_size": 4}, "players"),
        ({"players": ["A", "B"], "table_size": 3}, "table_size"),
        ({"players": ["A", "B"], "pairing": "knockout"}, "pairing"),
        ({"players": ["A", "B", "C", "D"], "rounds": 4}, "rounds"),
        ({"players": ["A", "B", "C", "D"], "rounds": 0}, "rounds"),
        ({"players": ["A", "B"], "match_points": {"win": 1, "draw": 2}}, "match_points"),
        ({"players": ["A", "B"], "name": ""}, "name"),
        ({"players": ["A", "B"], "rules": {"profile": "nope"}}, "rules.profile"),
        ({"players": [["A", "B"], ["C", "D"]], "table_size": 4, "rules": {"profile": "classic"}}, None),
    ],
)
def test_a_bad_event_is_refused_with_the_field_and_nothing_is_stored(client, app, body, field):
    r = client.post("/api/v1/events", json={"name": "Night", **body})
    if field is None:  # two pairs at a table of four: a 4-player partnership game, accepted
        assert r.status_code == 201
        return
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["field"] == field and r.get_json()["message"]
    with Store(app.config["DATABASE"]) as db:
        assert db.db.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 0


def test_a_round_robin_of_five_gives_each_a_bye_and_meets_everybody_once(client):
    event = new_event(client, players=["A", "B", "C", "D", "E"], pairing="round_robin")
    key = event.key
    assert event["rounds"] == 5
    met, byes = set(), []
    for number in range(1, 6):
        played = pair(client, event, key)
        assert played["number"] == number
        byes.append(played["bye"])
        for t in played["tables"]:
            met.add(frozenset(s["name"] for s in t["sides"]))
            play(client, t)
    assert sorted(byes) == list("ABCDE") and len(met) == 10
    table = standings(client, event)
    assert all(line["byes"] == 1 and line["played"] == 4 for line in table["standings"])
    assert "buchholz" not in table["tiebreaks"]


def test_fixed_pairs_at_tables_of_four_play_partnership_games(client):
    event = new_event(
        client,
        players=["Anna", "Carla", "Bruno", "Dario"],
        table_size=4,
        rules={"profile": "scopone-scientifico", "target": 4},
    )
    key = event.key
    assert [p["name"] for p in event["players"]] == ["Anna & Carla", "Bruno & Dario"]
    played = pair(client, event, key)
    game = client.get(
        played["tables"][0]["game"]["url"].replace("http://localhost", "/api/v1/games").replace("/g/", "/")
    ).get_json()
    assert [s["players"] for s in game["sides"]] == [["Anna", "Carla"], ["Bruno", "Dario"]]


def test_a_player_who_leaves_is_paired_no_more_and_a_round_not_started_is_paired_again(client):
    event = new_event(client, players=list("ABCDEF"), pairing="swiss", rounds=3)
    key = event.key
    first = pair(client, event, key)  # A-D, B-E, C-F
    play(client, first["tables"][0])  # A-D under way (finished)
    r = client.post(f"/api/v1/events/{event['id']}/entrants/6/withdraw", headers=key, json={})
    assert r.get_json()["withdrawn"] is True  # F leaves before C-F starts
    again = client.post(f"/api/v1/events/{event['id']}/rounds/1/repair", headers=key).get_json()
    pairs = [frozenset(s["name"] for s in t["sides"]) for t in again["tables"]]
    assert frozenset("AD") in pairs  # started: kept
    assert all("F" not in p for p in pairs) and again["bye"] in list("BCE")
    numbers = sorted(t["number"] for t in again["tables"])
    assert numbers == [1, 2]  # the freed table numbers are used again
    for t in again["tables"][1:]:
        play(client, t)
    second = pair(client, event, key)
    assert all("F" not in {s["name"] for s in t["sides"]} for t in second["tables"]) and second["bye"] != "F"
    assert "F" in {line["name"] for line in standings(client, event)["standings"]}  # still listed, as left


def test_an_event_in_a_group_puts_its_tables_games_in_the_group(client):
    group = client.post("/api/v1/groups", json={"name": "Club"}).get_json()
    body = {"name": "Club night", "players": ["Anna", "Bruno"], "group": group["id"]}
    assert client.post("/api/v1/events", json=body).status_code == 403  # the group's key is needed
    r = client.post("/api/v1/events", json=body, headers={"X-Group-Key": group["group_key"]})
    event = r.get_json()
    pair(client, event, {"X-Organiser-Key": event["organiser_key"]})
    listed = client.get(f"/api/v1/groups/{group['id']}").get_json()
    assert len(listed["games"]) == 1 and {p["name"] for p in listed["players"]} == {"Anna", "Bruno"}


def test_table_keys_are_made_again_from_the_organiser_key_only():
    assert events.table_key("organiser-key", "seed-1") == events.table_key("organiser-key", "seed-1")
    assert events.table_key("organiser-key", "seed-1") != events.table_key("another-key", "seed-1")
    assert events.table_key("organiser-key", "seed-1") != events.table_key("organiser-key", "seed-2")


def test_unknown_events_are_404_and_no_event_route_gives_a_500(client):
    event = new_event(client, players=["Anna", "Bruno"])
    key = event.key
    paths = [
        "/api/v1/events/nope",
        "/api/v1/events/nope/standings",
        "/e/nope",
        "/e/nope/screen",
        "/e/nope/sheet",
        f"/api/v1/events/{event['id']}/rounds/9",
        "/e/nope/version",
        "/e/nope/export.csv",
    ]
    for path in paths:
        assert client.get(path).status_code == 404, path
    for body in (None, "[]", "{", json.dumps({"number": "1"}), json.dumps({"number": 7})):
        r = client.post(
            f"/api/v1/events/{event['id']}/rounds", headers={**key, "Content-Type": "application/json"}, data=body
        )
        assert r.status_code < 500, body
    r = client.post(f"/api/v1/events/{event['id']}/entrants/99/withdraw", headers=key, json={})
    assert r.status_code == 404
    assert client.post(f"/api/v1/events/{event['id']}/rounds/9/close", headers=key).status_code == 404


# --- pages -------------------------------------------------------------------------------------------------------


def test_the_new_event_page_makes_an_event_this_phone_runs(app, client):
    page = client.get("/events/new").get_data(as_text=True)
    assert 'name="players"' in page and "Round-robin" in page
    r = client.post(
        "/events/new",
        data={
            "name": "Scopa Sunday",
            "players": "Anna\nBruno\nCarla\nDario\n",
            "table_size": "2",
            "pairing": "auto",
            "profile": "classic",
            "win": "2",
            "draw": "1",
            "loss": "0",
            "bye": "1",
        },
    )
    assert r.status_code == 302
    page = client.get(r.location).get_data(as_text=True)
    assert "Scopa Sunday" in page and "Pair round 1" in page and "Round-robin" in page  # 4 players: every other
    r = client.post(r.location + "/pair", data={"round": "1"})
    # Back at the top of the page (no jump to the round's tables): the notice and the table cards link first.
    assert r.status_code == 302 and "#" not in r.location, r.get_data(as_text=True)[-2000:]
    page = client.get(r.location).get_data(as_text=True)
    assert "Table 1" in page and "Table 2" in page and "Table cards, round 1" in page
    assert page.index("Round 1 paired") < page.index('id="round-cards"') < page.index('id="round-1"')
    assert page.count("Table cards, round 1") == 1  # once, in the notice in view
    # The organiser link, for a second phone: shown to the organiser only.
    link = re.search(r'value="(http://localhost/e/[\w-]+/organise/[\w-]+)"', page)[1]
    other, event_page = app.test_client(), r.location.split("#")[0]
    assert "/organise/" not in other.get(event_page).get_data(as_text=True)
    other.get(link)
    assert "Correct or forfeit" in other.get(event_page).get_data(as_text=True)  # the second phone runs it too


def test_a_bad_event_form_keeps_what_was_typed_and_says_what_is_wrong(client):
    r = client.post(
        "/events/new",
        data={
            "name": "Night",
            "players": "Anna\nanna",
            "table_size": "2",
            "pairing": "swiss",
            "profile": "classic",
            "win": "2",
            "draw": "1",
            "loss": "0",
            "bye": "1",
        },
    )
    page = r.get_data(as_text=True)
    assert r.status_code == 400 and "Anna is listed twice" in page and "Anna\nanna</textarea>" in page


def test_table_cards_and_organiser_actions_are_the_organisers_alone(app, client):
    event = new_event(client, players=["Anna", "Bruno"])
    key = event.key
    pair(client, event, key)
    other = app.test_client()
    assert other.get(f"/e/{event['id']}/rounds/1/cards").status_code == 403
    assert other.post(f"/e/{event['id']}/pair", data={"round": "2"}).status_code == 403
    other.get(event["organiser_url"])
    cards = other.get(f"/e/{event['id']}/rounds/1/cards").get_data(as_text=True)
    assert "Table 1" in cards and cards.count('class="qr"') == 1 and "Anna" in cards


def test_the_big_screen_the_result_sheet_and_the_exports(client):
    event = new_event(client, players=["Anna", "Bruno", "Carla", "Dario"])
    key = event.key
    first = pair(client, event, key)
    play(client, first["tables"][0])
    screen = client.get(f"/e/{event['id']}/screen").get_data(as_text=True)
    assert "Anna wins 4–0" in screen and "Not started" in screen and 'class="standings big"' in screen
    sheet = client.get(f"/e/{event['id']}/sheet").get_data(as_text=True)
    assert "Ranked by match points, then game points difference" in sheet
    rows = client.get(f"/e/{event['id']}/export.csv").get_data(as_text=True).splitlines()
    assert rows[0].lstrip("\ufeff").startswith("Rank,Name,Played") and rows[1].startswith("1,Anna,1,1")
    exported = client.get(f"/e/{event['id']}/export.json").get_json()
    assert exported["standings"][0]["name"] == "Anna" and exported["event"]["id"] == event["id"]
    before = client.get(f"/e/{event['id']}/version").get_json()["version"]
    play(client, first["tables"][1], sid="later")
    assert client.get(f"/e/{event['id']}/version").get_json()["version"] != before  # the screen reloads


def test_in_a_round_robin_the_opponents_of_players_who_left_have_the_round_off(client):
    event = new_event(client, players=list("ABCDEF"), pairing="round_robin")
    key = event.key
    first = pair(client, event, key)
    for t in first["tables"]:
        play(client, t)
    # Round 2 of six (Berger): F-D, E-C, A-B. D and E leave: F and C sit it out, both with a bye.
    for entrant in ("4", "5"):
        client.post(f"/api/v1/events/{event['id']}/entrants/{entrant}/withdraw", headers=key, json={})
    second = pair(client, event, key)
    assert [[s["name"] for s in t["sides"]] for t in second["tables"]] == [["A", "B"]]
    assert sorted(second["byes"]) == ["C", "F"]
    table = by_name(standings(client, event))
    assert table["C"]["byes"] == 1 and table["F"]["byes"] == 1 and table["C"]["played"] == 1


def test_the_organisers_page_forms_correct_forfeit_withdraw_pair_again_and_close(client):
    event = new_event(client, players=["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"], rounds=2)
    key = event.key
    client.get(event["organiser_url"])  # this phone runs it
    e = f"/e/{event['id']}"
    first = pair(client, event, key)  # Swiss: Anna-Dario, Bruno-Elena, Carla-Fabio
    # A corrected result and a forfeit, from the page's forms.
    r = client.post(f"{e}/result", data={"round": "1", "table": "1", "outcome": "1", "points_a": "7", "points_b": "11"})
    assert r.status_code == 302 and r.location.endswith("#table-1-1")
    client.post(f"{e}/result", data={"round": "1", "table": "2", "outcome": "forfeit:0"})
    table = by_name(standings(client, event))
    assert table["Dario"]["match_points"] == 2 and table["Dario"]["points_for"] == 11
    assert table["Elena"]["won"] == 1 and table["Bruno"]["lost"] == 1
    # A bad correction is refused with a message, and nothing changes.
    r = client.post(f"{e}/result", data={"round": "1", "table": "1", "outcome": "9"}, follow_redirects=True)
    assert "Choose a result from the list" in r.get_data(as_text=True)
    # Fabio leaves before his table starts: the round is paired again without him.
    client.post(f"{e}/withdraw", data={"entrant": "6"})
    r = client.post(f"{e}/repair", data={}, follow_redirects=True)
    assert "Round 1 paired again" in r.get_data(as_text=True)
    again = client.get(f"/api/v1/events/{event['id']}/rounds/1").get_json()
    assert again["bye"] == "Carla" and len(again["tables"]) == 2
    # Every table of round 1 has a result now: round 2 is paired, and round 1 closed first.
    r = client.post(f"{e}/pair", data={"round": "2"}, follow_redirects=True)
    assert "Round 2 paired" in r.get_data(as_text=True)
    second = client.get(f"/api/v1/events/{event['id']}/rounds/2", headers=key).get_json()
    assert all("Fabio" not in {s["name"] for s in t["sides"]} for t in second["tables"])
    # Closing the last round while tables play says which.
    r = client.post(f"{e}/close", data={"round": "2"}, follow_redirects=True)
    assert "cannot be closed while tables are still playing: 1, 2" in r.get_data(as_text=True)
    for t in second["tables"]:
        play(client, t)
    r = client.post(f"{e}/close", data={"round": "2"}, follow_redirects=True)
    assert "Final standings: the event is over." in r.get_data(as_text=True)
    assert len(first["tables"]) == 3


def test_a_late_arrival_joins_a_swiss_event_and_is_paired_at_once_or_next_round(client):
    event = new_event(client, players=list("ABCDE"), pairing="swiss", rounds=3)
    key = event.key
    first = pair(client, event, key)
    assert first["bye"] == "E"
    url = f"/api/v1/events/{event['id']}/entrants"
    r = client.post(url, headers=key, json={"name": "Franco"})
    assert r.status_code == 201 and r.get_json()["id"] == "6"
    # The open round paired again at the tables not started: E has an opponent now, nobody sits out.
    again = client.post(f"/api/v1/events/{event['id']}/rounds/1/repair", headers=key).get_json()
    assert again["bye"] is None and len(again["tables"]) == 3
    assert "Franco" in {s["name"] for t in again["tables"] for s in t["sides"]}
    for body, words in (({"name": "a"}, "listed twice"), ({"name": ""}, "name"), ({"name": ["X", "Y"]}, "name")):
        r = client.post(url, headers=key, json=body)
        assert r.status_code == 400 and r.get_json()["field"] == "name" and words in r.get_json()["message"], body
    assert client.post(url, json={"name": "Gino"}).status_code == 403
    robin = new_event(client, players=list("ABCD"), pairing="round_robin")
    robin_key = robin.key
    assert robin["rounds"] == 3
    client.post(f"/api/v1/events/{robin['id']}/entrants", headers=robin_key, json={"name": "Ezio"})
    assert client.get(f"/api/v1/events/{robin['id']}").get_json()["rounds"] == 5  # the whole schedule of five
    pair(client, robin, robin_key)
    r = client.post(f"/api/v1/events/{robin['id']}/entrants", headers=robin_key, json={"name": "Franco"})
    assert r.status_code == 409 and "round-robin" in r.get_json()["message"]


def test_the_event_page_lists_one_rounds_tables_with_the_others_a_tap_away(client):
    """The round being played, table by table; an earlier round by its link (``?round=``): a page whose size does
    not grow with the rounds played."""
    event = new_event(client, pairing="swiss", rounds=3)
    sizes = []
    for number in (1, 2, 3):
        for t in pair(client, event, event.key)["tables"]:
            play(client, t, winner=0, sid=f"r{number}")
        page = client.get(f"/e/{event['id']}").get_data(as_text=True)
        shown = set(re.findall(r'id="table-(\d+)-\d+"', page))
        assert shown == {str(number)} and f'id="round-{number}"' in page
        assert all(f'href="/e/{event["id"]}?round={n}#rounds"' in page for n in range(1, number))
        sizes.append(len(page))
    assert sizes[2] < sizes[1] * 1.1  # the same tables' worth of page for three rounds as for two
    first = client.get(f"/e/{event['id']}?round=1").get_data(as_text=True)
    assert set(re.findall(r'id="table-(\d+)-\d+"', first)) == {"1"} and f'href="/e/{event["id"]}#rounds"' in first
    # A round the event has not played: the latest, and a line saying which rounds there are.
    for bad in ("9", "0", "x", "99999"):
        r = client.get(f"/e/{event['id']}", query_string={"round": bad})
        assert r.status_code == 200
        assert set(re.findall(r'id="table-(\d+)-\d+"', r.get_data(as_text=True))) == {"3"}
        assert "its rounds are numbered 1 to 3" in r.get_data(as_text=True)
