"""Every entrant's own page: where a player sits now and next, with whom, against whom, and their standing.

The read (services.seating) is checked on events built by hand, in every shape a round can seat a player: one
against one, fixed pairs, a baraonda partnership written "3+7", a bye, a withdrawal, a late arrival, the wait for
the next round and the event's end. The page and the API's link are checked through the app, and no entrant id,
however odd, gets anything but the page or a 404 that says which ids there are.
"""

from __future__ import annotations

import html as html_module
import re
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import DeckStyle, Rules
from scorekeeper.rules.events import ENTRANTS_MAX, MatchPoints, Result, Standing
from scorekeeper.services import seating
from scorekeeper.services.errors import NotFound
from scorekeeper.services.events import Entrant, Event, Round, Table
from tests.conftest import new_event
from tests.test_events import pair, play

# --- the read, over events built by hand ------------------------------------------------------------------------


def entrants(*names: str | tuple[str, ...], withdrawn: tuple[str, ...] = ()) -> list[Entrant]:
    made = []
    for i, name in enumerate(names, start=1):
        players = name if isinstance(name, tuple) else (name,)
        made.append(Entrant(str(i), " & ".join(players), players, str(i) in withdrawn))
    return made


def table(round_: int, number: int, a: str, b: str, winner: int | None = None, draw: bool = False) -> Table:
    points = (4, 0) if winner == 0 else (0, 4) if winner == 1 else (2, 2) if draw else (1, 0)
    done = winner is not None or draw
    result = Result(round_, (a, b), points if done else (0, 0), winner=winner, draw=draw)
    state = "finished" if done else "playing"
    return Table(round_, number, f"g{round_}{number}", (a, b), "c.seed", result, state, points, 1)


def event(people: list[Entrant], rounds: list[Round], planned: int = 3, pairing: str = "swiss", size: int = 2) -> Event:
    return Event(
        "ev",
        "Scopa Sunday",
        "2026-11-27",
        None,
        pairing,
        planned,
        size,
        Rules(),
        DeckStyle.ITALIAN,
        MatchPoints(),
        1,
        people,
        rounds,
    )


def lines(*ids: str) -> list[Standing]:
    """Standings in this order, ranked 1, 2, ..., the first with two wins."""
    return [Standing(e, rank=i, won=2 if i == 1 else 0, match_points=4 if i == 1 else 0) for i, e in enumerate(ids, 1)]


FOUR = entrants("Anna", "Bruno", "Carla", "Dario")


def test_a_player_at_a_table_sees_the_table_the_opponent_and_no_wait():
    played = Round(1, (), False, [table(1, 1, "1", "3"), table(1, 2, "2", "4")])
    seat = seating.seating(event(FOUR, [played]), lines("1", "2", "3", "4"), "4")
    assert seat.round == 1 and seat.seat is not None and seat.seat.table is not None
    assert seat.seat.table.number == 2 and seat.seat.opponents == ("Bruno",) and seat.seat.partners == ()
    assert seat.seat.outcome is None and seat.waiting_for is None
    assert seat.standing is not None and seat.standing.rank == 4 and seat.field == 4


def test_once_the_players_table_is_done_they_wait_for_the_next_round_and_then_see_its_table():
    first = Round(1, (), False, [table(1, 1, "1", "3", winner=1), table(1, 2, "2", "4")])
    seat = seating.seating(event(FOUR, [first]), lines("3", "1", "2", "4"), "1")
    assert seat.seat is not None and seat.seat.outcome == "lost" and seat.waiting_for == 2
    assert seating.seating(event(FOUR, [first]), [], "3").seat.outcome == "won"  # type: ignore[union-attr]
    # Round 2 paired: the new table, nothing to wait for.
    closed = Round(1, (), True, first.tables)
    second = Round(2, (), False, [table(2, 1, "3", "2"), table(2, 2, "1", "4")])
    seat = seating.seating(event(FOUR, [closed, second]), lines("3", "1", "2", "4"), "1")
    assert seat.round == 2 and seat.seat.table.number == 2 and seat.seat.opponents == ("Dario",)  # type: ignore[union-attr]
    assert seat.waiting_for is None


def test_a_drawn_table_is_a_draw_for_both():
    played = Round(1, (), False, [table(1, 1, "1", "2", draw=True)])
    two = entrants("Anna", "Bruno")
    assert seating.seating(event(two, [played]), [], "2").seat.outcome == "draw"  # type: ignore[union-attr]


def test_a_bye_says_so_and_waits_for_the_next_round():
    five = entrants("Anna", "Bruno", "Carla", "Dario", "Elena")
    played = Round(1, ("5",), False, [table(1, 1, "1", "3"), table(1, 2, "2", "4")])
    seat = seating.seating(event(five, [played]), lines("5", "1", "2", "3", "4"), "5")
    assert seat.seat is not None and seat.seat.bye and seat.waiting_for == 2 and seat.standing.rank == 1  # type: ignore[union-attr]


def test_before_the_first_round_everybody_waits_for_round_one():
    seat = seating.seating(event(FOUR, []), [], "2")
    assert seat.round == 0 and seat.seat is None and seat.waiting_for == 1 and seat.standing is None


def test_a_withdrawn_player_waits_for_nothing_and_a_late_arrival_waits_for_the_next_round():
    people = entrants("Anna", "Bruno", "Carla", "Dario", "Elena", withdrawn=("2",))
    played = Round(1, (), False, [table(1, 1, "1", "3"), table(1, 2, "2", "4", winner=0)])
    gone = seating.seating(event(people, [played]), [], "2")
    assert gone.withdrawn and gone.waiting_for is None and gone.seat.outcome == "won"  # type: ignore[union-attr]
    late = seating.seating(event(people, [played]), [], "5")
    assert late.seat is None and late.waiting_for == 2


def test_the_last_round_waits_for_no_other_and_the_end_gives_the_final_place():
    first = Round(1, (), False, [table(1, 1, "1", "2", winner=0), table(1, 2, "3", "4")])
    last = seating.seating(event(FOUR, [first], planned=1), [], "1")
    assert last.waiting_for is None and last.last_round_on and not last.finished
    over = Round(1, (), True, [table(1, 1, "1", "2", winner=0), table(1, 2, "3", "4", winner=1)])
    done = seating.seating(event(FOUR, [over], planned=1), lines("1", "4", "2", "3"), "4")
    assert done.finished and not done.last_round_on and done.waiting_for is None and done.standing.rank == 2  # type: ignore[union-attr]


def test_fixed_pairs_are_one_entrant_against_the_other_pairs_players():
    pairs = entrants(("Anna", "Carla"), ("Bruno", "Dario"))
    played = Round(1, (), False, [table(1, 1, "1", "2")])
    seat = seating.seating(event(pairs, [played], size=4), [], "2")
    assert seat.entrant.name == "Bruno & Dario"
    assert seat.seat.partners == () and seat.seat.opponents == ("Anna", "Carla")  # type: ignore[union-attr]


def test_a_baraonda_player_sees_the_partner_drawn_for_the_round_and_both_opponents():
    eight = entrants("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Marco")
    first = Round(1, (), True, [table(1, 1, "1+5", "2+6", winner=0), table(1, 2, "3+7", "4+8", winner=1)])
    second = Round(2, (), False, [table(2, 1, "1+3", "5+7"), table(2, 2, "2+4", "6+8")])
    seat = seating.seating(event(eight, [first, second], pairing="baraonda", size=4), [], "7")
    assert seat.seat.table.number == 1  # type: ignore[union-attr]
    assert seat.seat.partners == ("Elena",) and seat.seat.opponents == ("Anna", "Carla")  # type: ignore[union-attr]
    back = seating.seat_in(event(eight, [first, second], pairing="baraonda", size=4), 1, "7")
    assert back is not None and back.partners == ("Carla",) and back.outcome == "lost"
    # "1" is no part of "1+5"'s other ids: a player is found by id, never by a piece of text.
    assert seating.seat_in(event(eight, [first, second]), 1, "5").partners == ("Anna",)  # type: ignore[union-attr]


@pytest.mark.parametrize("odd", ["0", "9", "01", "-1", "1+5", " 1", "1 ", "", "x" * 500, "١", "1/2", None])
def test_an_unknown_entrant_is_not_found_and_says_which_ids_there_are(odd):
    with pytest.raises(NotFound) as caught:
        seating.seating(event(entrants("Anna", "Bruno"), []), [], odd)
    assert caught.value.field == "entrant" and "numbered 1 to 2" in str(caught.value.message)


# --- the page and the API ---------------------------------------------------------------------------------------


def page(client, event_id, entrant_id, **kwargs):
    r = client.get(f"/e/{event_id}/p/{entrant_id}", **kwargs)
    assert r.status_code == 200, r.get_data(as_text=True)[:300]
    return r.get_data(as_text=True)


def text_of(html: str, id_: str) -> str:
    found = re.search(rf'id="{id_}"[^>]*>(.*?)</p>', html, re.S)
    assert found, f"no #{id_}"
    return html_module.unescape(" ".join(re.sub(r"<[^>]+>", " ", found[1]).split()))


def test_a_player_follows_an_evening_on_their_own_page(client):
    made = new_event(client, players=["Anna", "Bruno", "Carla", "Dario", "Elena"], pairing="swiss", rounds=2)
    listed = client.get(f"/api/v1/events/{made.id}").get_json()["players"]
    assert [p["url"] for p in listed] == [f"http://localhost/e/{made.id}/p/{n}" for n in range(1, 6)]
    assert "Waiting for round 1 to be paired." in page(client, made.id, "1")
    first = pair(client, made, made.key)
    anna = next(t for t in first["tables"] if t["sides"][0]["name"] == "Anna" or t["sides"][1]["name"] == "Anna")
    other = next(s["name"] for s in anna["sides"] if s["name"] != "Anna")
    html = page(client, made.id, "1")
    assert text_of(html, "entrant-table") == f"Table {anna['number']}"
    assert text_of(html, "entrant-opponents") == f"Against {other}"
    assert f'href="/g/{anna["game"]["id"]}"' in html and "entrant-waiting" not in html
    assert "sits this round out" in page(client, made.id, first["bye_entrant"])
    play(client, anna, winner=[s["name"] for s in anna["sides"]].index("Anna"))
    html = page(client, made.id, "1")
    assert "Anna wins 4–0" in text_of(html, "entrant-result")
    assert text_of(html, "entrant-waiting") == "Waiting for round 2 to be paired."
    assert re.search(r"<dt>Won</dt><dd>1</dd>", html)
    for t in first["tables"]:
        if t is not anna and t["number"] != anna["number"]:
            play(client, t)
    second = pair(client, made, made.key)
    again = next(t for t in second["tables"] if "Anna" in (t["sides"][0]["name"], t["sides"][1]["name"]))
    assert text_of(page(client, made.id, "1"), "entrant-table") == f"Table {again['number']}"
    for t in second["tables"]:
        play(client, t)
    client.post(f"/api/v1/events/{made.id}/rounds/2/close", headers=made.key)
    html = page(client, made.id, "1")
    assert re.fullmatch(r"Final place: \d of 5", text_of(html, "entrant-final"))


@pytest.mark.parametrize(
    ("bye", "said"), [(1, "sits this round out (1 match point)."), (3, "sits this round out (3 match points).")]
)
def test_a_players_bye_says_its_match_points_in_the_singular_or_the_plural(client, bye, said):
    made = new_event(client, players=["Anna", "Bruno", "Carla"], match_points={"bye": bye})
    first = pair(client, made, made.key)
    assert said in page(client, made.id, first["bye_entrant"])


def test_the_last_entrant_of_the_largest_event_has_a_page_and_a_code_and_no_longer_number_gets_one(client):
    made = new_event(client, players=[f"Player {n}" for n in range(1, ENTRANTS_MAX + 1)])
    last = str(ENTRANTS_MAX)
    assert f"Player {last}" in page(client, made.id, last)
    assert client.get("/qr.svg", query_string={"path": f"/e/{made.id}/p/{last}"}).status_code == 200
    # A number with more digits than any entrant's is no player's page: refused at once, with no code drawn.
    longer = "1" + "0" * len(last)
    assert client.get(f"/e/{made.id}/p/{longer}").status_code == 404
    assert client.get("/qr.svg", query_string={"path": f"/e/{made.id}/p/{longer}"}).status_code == 404


def test_the_event_page_offers_each_players_page_and_its_code_behind_a_tap_and_the_sheet_prints_them(client):
    made = new_event(client, players=["Anna", "Bruno", "Carla", "Dario"])
    html = client.get(f"/e/{made.id}").get_data(as_text=True)
    assert html.count('class="own-page"') == 4
    assert f'src="/qr.svg?path=/e/{made.id}/p/3"' in html and 'loading="lazy"' in html
    qr = client.get(f"/qr.svg?path=/e/{made.id}/p/3")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    assert client.get(f"/qr.svg?path=/e/{made.id}/p/three").status_code == 404
    sheet = client.get(f"/e/{made.id}/sheet").get_data(as_text=True)
    assert sheet.count('aria-label="QR code of the page of ') == 4


def test_a_pair_and_a_withdrawn_player_on_their_pages(client):
    made = new_event(client, players=[["Anna", "Carla"], ["Bruno", "Dario"]], table_size=4, rounds=1)
    pair(client, made, made.key)
    html = page(client, made.id, "2")
    assert "<h1>Bruno &amp; Dario</h1>" in html and text_of(html, "entrant-opponents") == "Against Anna & Carla"
    assert "entrant-partners" not in html
    solo = new_event(client, players=["Anna", "Bruno", "Carla", "Dario"])
    gone = client.post(f"/api/v1/events/{solo.id}/entrants/2/withdraw", headers=solo.key, json={})
    assert gone.get_json()["url"].endswith(f"/e/{solo.id}/p/2")
    assert "Bruno has left the event and is paired no more." in page(client, solo.id, "2")


def test_the_page_speaks_italian_and_spanish(client):
    made = new_event(client, players=["Anna", "Bruno", "Carla", "Dario"])
    pair(client, made, made.key)
    assert "Tavolo" in page(client, made.id, "1", headers={"Accept-Language": "it"})
    assert "Mesa" in page(client, made.id, "1", headers={"Accept-Language": "es"})


def test_an_unknown_event_or_entrant_is_a_404_that_says_so(client):
    made = new_event(client, players=["Anna", "Bruno"])
    r = client.get(f"/e/{made.id}/p/7")
    assert r.status_code == 404 and "numbered 1 to 2" in r.get_data(as_text=True)
    assert client.get("/e/nope/p/1").status_code == 404


def test_no_entrant_id_gives_a_500(client):
    made = new_event(client, players=["Anna", "Bruno"])

    @settings(max_examples=80, deadline=None)
    @given(odd=st.text(min_size=1, max_size=80))
    def check(odd):
        r = client.get(f"/e/{made.id}/p/{quote(odd, safe='')}")
        # A "/" in the id makes an address with a doubled slash, which the server redirects to the single-slash one.
        assert r.status_code in ((200, 404, 308) if "/" in odd else (200, 404)), (odd, r.status_code)

    check()
