"""Baraonda evenings (partners change every round, tables of four) and an event's weight and date: the pairing
in the core (partners never repeated while the field allows, opponents spread, byes rotated, a property over
field sizes and withdrawals), an evening played through the API, per-player standings, and bad input refused."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.events import baraonda_round, rounds_for
from tests.conftest import new_event
from tests.test_events import play
from tests.test_italian_pages import IT, english_words
from tests.test_spanish_pages import ES, foreign_words

NAMES = [f"P{i:02d}" for i in range(1, 41)]


def seat(tables, byes, partnered, faced, had_byes):
    """Count a round's partners, opponents and byes into the history."""
    for a, b in tables:
        partnered[frozenset(a)] += 1
        partnered[frozenset(b)] += 1
        for x in a:
            for y in b:
                faced[frozenset((x, y))] += 1
    for p in byes:
        had_byes[p] += 1


def evening(client, count, **extra):
    return new_event(client, NAMES[:count], pairing="baraonda", table_size=4, **extra)


def pair(client, event):
    r = client.post(f"/api/v1/events/{event['id']}/rounds", headers=event.key)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


@pytest.mark.parametrize("count", [8, 12])
def test_an_evening_plays_every_round_the_field_allows_without_a_repeated_partner(client, count):
    event = evening(client, count)
    assert event["rounds"] == count - 1  # the default: as many rounds as give everyone new partners
    partners, faced = Counter(), Counter()
    for number in range(1, count):
        played = pair(client, event)
        assert played["number"] == number and played["byes"] == []
        for i, table in enumerate(played["tables"]):
            sides = [side["players"] for side in table["sides"]]
            assert all(len(s) == 2 for s in sides)
            assert table["sides"][0]["name"] == f"{sides[0][0]} & {sides[0][1]}"
            partners.update(frozenset(s) for s in sides)
            faced.update(frozenset((x, y)) for x in sides[0] for y in sides[1])
            # Every table played, one by its phone and one given away by the organiser.
            if i % 2:
                play(client, table, winner=i % 2)
            else:
                r = client.put(
                    f"/api/v1/events/{event['id']}/rounds/{number}/tables/{table['number']}/result",
                    headers=event.key,
                    json={"outcome": "forfeit:1"},
                )
                assert r.status_code == 200, r.get_json()
    assert max(partners.values()) == 1 and len(partners) == count * (count - 1) // 2  # everyone partnered everyone
    # Each player faces two opponents a round: 2 (N - 1) over the N - 1 others, two each on average. The pairing
    # spreads them: no two players face each other more than twice (8 players) or three times (12).
    assert max(faced.values()) <= (2 if count == 8 else 3)
    client.post(f"/api/v1/events/{event['id']}/rounds/{count - 1}/close", headers=event.key)
    assert client.get(f"/api/v1/events/{event['id']}").get_json()["finished"] is True


@pytest.mark.parametrize("count", range(4, 25))
def test_a_field_nobody_leaves_never_repeats_a_partner_and_byes_rotate_fairly(count):
    # Every field, not only 4k players: N - 1 rounds (N for an odd field) from a 1-factorisation, the odd field's
    # empty seat and, when N mod 4 leaves two more over, one whole partnership sitting out.
    players = NAMES[:count]
    partnered, faced, had_byes = Counter(), Counter(), Counter()
    assert rounds_for("baraonda", count) == count - 1 + count % 2
    for number in range(1, rounds_for("baraonda", count) + 1):
        made = baraonda_round(players, partnered, faced, had_byes, players)
        assert len(made.byes) == count % 4 and made.repeated_partners == 0
        seat(made.tables, made.byes, partnered, faced, had_byes)
        assert max(partnered.values()) == 1, number
        # Nobody sits out twice before everyone has sat out once.
        counts = [had_byes[p] for p in players]
        assert max(counts) - min(counts) <= 1, (number, counts)


def test_eight_players_face_each_other_twice_over_seven_rounds():
    # Each player has two opponents a round, 14 over the 7 others: twice each is the best spread there is (a
    # whist schedule), and the pairing reaches it; the circle method's factorisation could at best reach four.
    players = NAMES[:8]
    partnered, faced, had_byes = Counter(), Counter(), Counter()
    for _ in range(7):
        made = baraonda_round(players, partnered, faced, had_byes, players)
        seat(made.tables, made.byes, partnered, faced, had_byes)
    assert set(faced.values()) == {2} and len(faced) == 28


@pytest.mark.parametrize("count", [7, 13])
def test_an_odd_evening_through_the_api_never_repeats_a_partner(client, count):
    event = evening(client, count)
    assert event["rounds"] == count
    partners, byes = Counter(), Counter()
    for _ in range(count):
        played = pair(client, event)
        byes.update(played["byes"])
        for table in played["tables"]:
            partners.update(frozenset(side["players"]) for side in table["sides"])
            play(client, table, winner=0)
    assert max(partners.values()) == 1
    assert max(byes.values()) - min(byes.values()) <= 1 and len(byes) == count


def test_each_player_scores_their_partnerships_result_and_ranks_by_points(client):
    event = evening(client, 8)
    first = pair(client, event)
    winners = []
    for i, table in enumerate(first["tables"]):
        play(client, table, winner=i)  # table 1: the first side wins 4-0; table 2: the second side
        winners += table["sides"][i]["players"]
    table = client.get(f"/api/v1/events/{event['id']}/standings").get_json()
    assert table["tiebreaks"] == ["points_difference", "points_for"]
    lines = {line["name"]: line for line in table["standings"]}
    assert len(lines) == 8
    for name, line in lines.items():
        won = name in winners
        assert (line["won"], line["lost"], line["match_points"]) == ((1, 0, 2) if won else (0, 1, 0))
        assert (line["points_for"], line["points_against"]) == ((4, 0) if won else (0, 4))
        assert line["rank"] == (1 if won else 5)


def test_a_withdrawal_mid_evening_still_pairs_without_a_repeated_partner(client):
    event = evening(client, 12, rounds=6)
    partners = Counter()
    for number in range(1, 7):
        if number == 3:
            gone = client.get(f"/api/v1/events/{event['id']}").get_json()["players"][4]
            r = client.post(f"/api/v1/events/{event['id']}/entrants/{gone['id']}/withdraw", headers=event.key, json={})
            assert r.status_code == 200
        played = pair(client, event)
        for table in played["tables"]:
            partners.update(frozenset(side["players"]) for side in table["sides"])
            play(client, table, winner=0)
        if number >= 3:
            assert len(played["byes"]) == 11 % 4
            assert gone["name"] not in {p for t in played["tables"] for s in t["sides"] for p in s["players"]}
    assert max(partners.values()) == 1


def test_a_late_player_joins_the_open_round_when_it_is_paired_again(client):
    event = evening(client, 8)
    pair(client, event)
    for name in ("Zoe", "Yuri", "Xena", "Walt"):
        r = client.post(f"/api/v1/events/{event['id']}/entrants", headers=event.key, json={"name": name})
        assert r.status_code == 201, r.get_json()
        assert r.get_json()["players"] == [name]
    r = client.post(f"/api/v1/events/{event['id']}/rounds/1/repair", headers=event.key)
    assert r.status_code == 200, r.get_json()
    seated = [p for t in r.get_json()["tables"] for s in t["sides"] for p in s["players"]]
    assert sorted(seated) == sorted([*NAMES[:8], "Zoe", "Yuri", "Xena", "Walt"]) and len(r.get_json()["tables"]) == 3


@settings(max_examples=40, deadline=None)
@given(
    count=st.integers(4, 40),
    rounds=st.integers(1, 6),
    leaving=st.lists(st.tuples(st.integers(1, 6), st.integers(0, 39)), max_size=6),
)
def test_every_round_seats_each_present_player_once_four_a_table(count, rounds, leaving):
    listed = NAMES[:count]
    present = list(listed)
    partnered, faced, had_byes = Counter(), Counter(), Counter()
    for number in range(1, rounds + 1):
        for when, who in leaving:
            if when == number and len(present) > 4 and who < count and listed[who] in present:
                present.remove(listed[who])
        made = baraonda_round(present, partnered, faced, had_byes, listed)
        seated = [p for a, b in made.tables for side in (a, b) for p in side]
        assert all(len(a) == 2 and len(b) == 2 for a, b in made.tables)
        assert sorted(seated + made.byes) == sorted(present)  # everyone present, once
        assert len(made.byes) == len(present) % 4
        seat(made.tables, made.byes, partnered, faced, had_byes)


def test_baraonda_needs_tables_of_four_and_single_players(client):
    r = client.post(
        "/api/v1/events", json={"name": "Night", "players": NAMES[:8], "pairing": "baraonda", "table_size": 2}
    )
    assert r.status_code == 400 and r.get_json()["field"] == "table_size" and "4" in r.get_json()["message"]
    r = client.post(
        "/api/v1/events",
        json={"name": "Night", "players": [["A", "B"], ["C", "D"]], "pairing": "baraonda", "table_size": 4},
    )
    assert r.status_code == 400 and r.get_json()["field"] == "players[0]"
    r = client.post(
        "/api/v1/events", json={"name": "Night", "players": NAMES[:3], "pairing": "baraonda", "table_size": 4}
    )
    assert r.status_code == 400 and r.get_json()["field"] == "players"


def test_a_baraonda_without_table_size_is_played_at_tables_of_four(client):
    r = client.post("/api/v1/events", json={"name": "Night", "players": NAMES[:8], "pairing": "baraonda"})
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["table_size"] == 4


def test_pairs_typed_into_a_baraondas_list_are_refused_saying_one_player_a_line(client):
    form = {"name": "Sera", "players": "Anna & Bruno\nCarla & Dario\n", "pairing": "baraonda", "table_size": "4"}
    form |= {"profile": "classic", "win": "2", "draw": "1", "loss": "0", "bye": "1"}
    r = client.post("/events/new", data=form)
    assert r.status_code == 400
    assert "a baraonda lists one player a line" in r.get_data(as_text=True)
    r = client.post("/api/v1/events", json={"name": "Sera", "players": ["Anna & Bruno", "Carla", "Dario", "Elena"]})
    assert r.status_code == 201  # a Swiss event of single players may have such a name
    r = client.post(
        "/api/v1/events",
        json={"name": "Sera", "players": ["Anna", "Bruno", "Carla", "Dario + Elena"], "pairing": "baraonda"},
    )
    assert r.status_code == 400 and r.get_json()["field"] == "players[3]"
    assert "a baraonda lists one player a line" in r.get_json()["message"]


def test_a_baraondas_page_counts_players_not_pairs(client):
    event = evening(client, 8)
    client.get(event["organiser_url"])
    page = client.get(f"/e/{event['id']}").get_data(as_text=True)
    assert "Not started: 8 players entered." in page and "players or pairs" not in page


def withdraw(client, event, *names):
    listed = {p["name"]: p["id"] for p in client.get(f"/api/v1/events/{event['id']}").get_json()["players"]}
    for name in names:
        r = client.post(f"/api/v1/events/{event['id']}/entrants/{listed[name]}/withdraw", headers=event.key, json={})
        assert r.status_code == 200, r.get_json()


def test_an_evening_left_with_too_few_players_ends_and_is_finished(client):
    event = evening(client, 5)
    client.get(event["organiser_url"])  # this phone runs it
    for table in pair(client, event)["tables"]:
        play(client, table, winner=0)
    withdraw(client, event, "P01", "P02")
    r = client.post(f"/api/v1/events/{event['id']}/rounds", headers=event.key)
    assert r.status_code == 409 and "end the evening here" in r.get_json()["message"]
    page = client.get(f"/e/{event['id']}").get_data(as_text=True)
    assert 'id="finish-event"' in page and "End the evening here" in page and "Pair round 2" not in page
    r = client.post(f"/api/v1/events/{event['id']}/finish", headers={"X-Organiser-Key": "wrong"})
    assert r.status_code in (403, 404)
    r = client.post(f"/api/v1/events/{event['id']}/finish", headers=event.key)
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["finished"] is True and r.get_json()["rounds"] == 1
    assert client.get(f"/api/v1/events/{event['id']}").get_json()["finished"] is True
    r = client.post(f"/api/v1/events/{event['id']}/rounds", headers=event.key)
    assert r.status_code == 409  # nothing more to pair
    page = client.get(f"/e/{event['id']}").get_data(as_text=True)
    assert "Final standings: the event is over." in page and 'id="finish-event"' not in page


def test_any_evening_left_with_too_few_ends_on_the_page_and_one_not_started_offers_no_end(client):
    # A Swiss evening of three: after round 1 two leave; the page offers to end it, not a round nobody can play.
    event = new_event(client, NAMES[:3], pairing="swiss", rounds=3)
    client.get(event["organiser_url"])
    for table in pair(client, event)["tables"]:
        play(client, table, winner=0)
    withdraw(client, event, "P01", "P02")
    page = client.get(f"/e/{event['id']}").get_data(as_text=True)
    assert 'id="finish-event"' in page and "Pair round 2" not in page
    assert "Fewer than two are still playing" in page
    assert client.post(f"/api/v1/events/{event['id']}/finish", headers=event.key).status_code == 200
    # Once over, nobody leaves or comes back: the final standings stay as they are.
    listed = client.get(f"/api/v1/events/{event['id']}").get_json()["players"]
    r = client.post(f"/api/v1/events/{event['id']}/entrants/{listed[2]['id']}/withdraw", headers=event.key, json={})
    assert r.status_code == 409 and r.get_json()["message"] == "the event is over"
    # A baraonda that lost players before its first round has nothing to end: the page says how to start it.
    event = evening(client, 5)
    client.get(event["organiser_url"])
    withdraw(client, event, "P01", "P02")
    page = client.get(f"/e/{event['id']}").get_data(as_text=True)
    assert 'id="finish-event"' not in page and 'id="pair-round"' not in page
    assert "Add a late arrival below to start." in page


def test_ending_drops_an_open_round_nobody_began_so_its_byes_decide_nothing(client):
    event = evening(client, 8)
    for table in pair(client, event)["tables"]:
        play(client, table, winner=0)
    after_one = client.get(f"/api/v1/events/{event['id']}/standings").get_json()["standings"]
    second = pair(client, event)  # round 1 closed, round 2 paired; then five leave before a hand is played
    withdraw(client, event, "P01", "P02", "P03", "P04", "P05")
    r = client.post(f"/api/v1/events/{event['id']}/rounds/2/repair", headers=event.key, json={})
    assert r.status_code in (200, 201) and r.get_json()["tables"] == [], r.get_json()  # three left: byes only
    r = client.post(f"/api/v1/events/{event['id']}/finish", headers=event.key)
    assert r.status_code == 200 and r.get_json()["finished"] and r.get_json()["rounds"] == 1, r.get_json()
    final = client.get(f"/api/v1/events/{event['id']}/standings").get_json()["standings"]
    assert [(s["name"], s["match_points"]) for s in final] == [(s["name"], s["match_points"]) for s in after_one]
    # The dropped round's games refuse a hand, saying why.
    game = second["tables"][0]["game"]
    sides = [{"won": ["cards", "coins", "settebello", "primiera"]}, {"won": []}]
    r = client.post(
        f"/api/v1/games/{game['id']}/rounds",
        headers={"X-Keeper-Key": game["keeper_key"]},
        json={"submission_id": "late-hand-0001", "sides": sides},
    )
    assert r.status_code == 409, r.get_json()


def test_an_open_round_paired_again_with_too_few_players_lets_the_evening_end_on_the_page(client):
    event = evening(client, 5)
    client.get(event["organiser_url"])
    for table in pair(client, event)["tables"]:
        play(client, table, winner=0)
    second = pair(client, event)
    seated = [p for t in second["tables"] for s in t["sides"] for p in s["players"]]
    withdraw(client, event, seated[0], seated[1])
    # Pairing it again agrees with pairing the next round: too few for a table, so everyone left sits it out...
    r = client.post(f"/api/v1/events/{event['id']}/rounds/2/repair", headers=event.key)
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["tables"] == [] and len(r.get_json()["byes"]) == 3
    # ... and the organiser ends the evening on the page: round 2, byes only, is taken out (its byes would rank
    # those who sat it out for nothing played), the event finished after round 1.
    page = client.get(f"/e/{event['id']}").get_data(as_text=True)
    assert 'id="finish-event"' in page and "Pair round 3" not in page
    r = client.post(f"/e/{event['id']}/finish", data={})
    assert r.status_code == 302
    body = client.get(f"/api/v1/events/{event['id']}").get_json()
    assert body["finished"] is True and body["rounds"] == 1
    assert "The event is over: its standings are final." in client.get(f"/e/{event['id']}").get_data(as_text=True)


def test_the_forms_day_is_refused_under_its_own_label(client):
    form = {"name": "Sera", "players": "Anna\nBruno\nCarla\nDario\n", "pairing": "baraonda", "date": "someday"}
    form |= {"profile": "classic", "win": "2", "draw": "1", "loss": "0", "bye": "1"}
    r = client.post("/events/new", data=form)
    assert r.status_code == 400
    error = r.get_data(as_text=True).split('id="form-error">', 1)[1].split("</p>", 1)[0]
    assert error.startswith("Day ") and "date" not in error.lower()
    r = client.post("/events/new", data=form | {"date": "", "weight": "lots"})
    error = r.get_data(as_text=True).split('id="form-error">', 1)[1].split("</p>", 1)[0]
    assert r.status_code == 400 and "weight" in error.lower()


def test_weight_and_date_are_stored_and_shown(client):
    event = evening(client, 8, weight=2, date="2026-11-20")
    assert (event["weight"], event["date"]) == (2.0, "2026-11-20")
    got = client.get(f"/api/v1/events/{event['id']}").get_json()
    assert (got["weight"], got["date"]) == (2.0, "2026-11-20")
    page = client.get(f"/e/{event['id']}").get_data(as_text=True)
    assert "Nov 20, 2026 · weight 2" in page
    plain = new_event(client)
    assert plain["weight"] == 1.0 and plain["date"] == plain["created"][:10]
    assert "weight" not in client.get(f"/e/{plain['id']}").get_data(as_text=True).split("<main", 1)[1].split("</h1>")[0]


@pytest.mark.parametrize(
    ("field", "value"),
    [("weight", -1), ("weight", "heavy"), ("weight", 11), ("date", "27/11/2026"), ("date", "2026-02-30")],
)
def test_a_bad_weight_or_date_is_refused_naming_the_field(client, field, value):
    r = client.post("/api/v1/events", json={"name": "Night", "players": ["A", "B"], field: value})
    assert r.status_code == 400 and r.get_json()["field"] == field
    assert client.get("/api/v1/events/x").status_code == 404


def test_the_organiser_makes_a_baraonda_evening_on_the_form_and_sees_its_partnerships(client):
    form = {
        "name": "Baraonda di venerdì",
        "players": "Anna\nBruno\nCarla\nDario\nElena\nFranco\nGina\nHugo\n",
        "table_size": "2",  # a baraonda is played at tables of four whatever this says
        "pairing": "baraonda",
        "profile": "classic",
        "win": "2",
        "draw": "1",
        "loss": "0",
        "bye": "1",
        "date": "2026-12-04",
        "weight": "1,5",
    }
    page = client.get("/events/new").get_data(as_text=True)
    assert "Baraonda (partners change every round)" in page and 'name="weight"' in page
    r = client.post("/events/new", data=form | {"weight": "lots"})
    assert r.status_code == 400 and "The weight must be a number from 0 to 10" in r.get_data(as_text=True)
    r = client.post("/events/new", data=form)
    assert r.status_code == 302
    page = client.get(r.location).get_data(as_text=True)
    assert "Dec 4, 2026 · weight 1.5" in page and "Baraonda · 7 rounds · tables of four" in page
    r = client.post(r.location + "/pair", data={"round": "1"})
    page = client.get(r.location).get_data(as_text=True)
    # Two tables of two partnerships; the first round takes the 1-factorisation's first partnerships.
    assert 'Anna &amp; Hugo <span class="vs">vs</span> Bruno &amp; Dario' in page
    assert 'Carla &amp; Gina <span class="vs">vs</span> Elena &amp; Franco' in page


@pytest.mark.parametrize("language", ["it", "es"])
def test_a_baraonda_evenings_pages_speak_italian_and_spanish(client, language):
    headers, foreign = (IT, english_words) if language == "it" else (ES, foreign_words)
    event = evening(client, 9, weight=2, name="Baraonda 9")
    client.get(event["organiser_url"], headers=headers)  # this phone runs it
    played = pair(client, event)
    play(client, played["tables"][0], winner=0)
    pages = {
        "new event": client.get("/events/new", headers=headers),
        "new baraonda with errors": client.post(
            "/events/new",
            headers=headers,
            data={"name": "Sera", "players": "Anna", "pairing": "baraonda", "weight": "x"},
        ),
        "baraonda, organiser": client.get(f"/e/{event['id']}", headers=headers),
        "baraonda, viewer": client.application.test_client().get(f"/e/{event['id']}", headers=headers),
        "baraonda, big screen": client.get(f"/e/{event['id']}/screen", headers=headers),
        "baraonda, sheet": client.get(f"/e/{event['id']}/sheet", headers=headers),
        "baraonda, cards": client.get(f"/e/{event['id']}/rounds/1/cards", headers=headers),
    }
    found = {}
    for name, r in pages.items():
        assert r.status_code in (200, 400), name
        if words := foreign(r.get_data(as_text=True)):
            found[name] = words
    assert not found
    page = pages["baraonda, organiser"].get_data(as_text=True)
    assert "Baraonda" in page and (" · peso 2" in page)
