"""Every route whose cost grows with what a client built runs in the lane for costly work (and, unless a viewer's
page, under a rate limit): the organiser's event page and JSON and changes, pairing, an event's rounds in the API,
the ladder's making. A page viewers load from a kept copy is never refused when the copy is warm; only making it
afresh takes the lane, once for every viewer asking meanwhile. A table's play and the polls never take it."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from scorekeeper.services import events as event_service
from scorekeeper.web.common import limits
from scorekeeper.web.event import routes as event_routes
from tests.conftest import ApiEvent, ApiGame, counts, make_app, new_event, new_game, new_group, record_hand

ELSEWHERE = "192.0.2.99"  # the address whose costly request holds the lane
CLUB = "198.51.100.20"


@pytest.fixture
def full_lane(monkeypatch) -> Iterator[limits.Lane]:
    """A lane with another address's request running in it and no room to wait: anything laned is refused."""
    lane = limits.Lane(1, 0, wait=0.01)
    monkeypatch.setattr(limits, "lane", lane)
    lane.enter(ELSEWHERE)
    yield lane
    lane.leave(ELSEWHERE)


def paired(client, event: ApiEvent) -> dict:
    r = client.post(f"/api/v1/events/{event.id}/rounds", headers=event.key)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def table_game(round_: dict, number: int = 0) -> ApiGame:
    """A table of a round the organiser's API answered, as a game with its keeper key."""
    return ApiGame(round_["tables"][number]["game"])


def organiser_phone(app, event: ApiEvent):
    phone = app.test_client()
    assert phone.get("/e/" + event["organiser_url"].split("/e/", 1)[1]).status_code == 302
    return phone


def until(condition, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "never reached the state waited for"
        time.sleep(0.005)


# --- what the lane refuses when it is full -------------------------------------------------------------------------

LANED = {
    "the organiser's event JSON": ("GET", "/api/v1/events/{e}", "key"),
    "an event's round in the API": ("GET", "/api/v1/events/{e}/rounds/1", None),
    "the organiser's round in the API": ("GET", "/api/v1/events/{e}/rounds/1", "key"),
    "pairing a round (API)": ("POST", "/api/v1/events/{e}/rounds", "key"),
    "pairing a round again (API)": ("POST", "/api/v1/events/{e}/rounds/1/repair", "key"),
    "ending the event (API)": ("POST", "/api/v1/events/{e}/finish", "key"),
    "closing a round (API)": ("POST", "/api/v1/events/{e}/rounds/1/close", "key"),
    "a table's result (API)": ("PUT", "/api/v1/events/{e}/rounds/1/tables/1/result", "key"),
    "a withdrawal (API)": ("POST", "/api/v1/events/{e}/entrants/1/withdraw", "key"),
    "the organiser's event page": ("GET", "/e/{e}", "phone"),
    "pairing a round (form)": ("POST", "/e/{e}/pair", "phone"),
    "pairing a round again (form)": ("POST", "/e/{e}/repair", "phone"),
    "ending the event (form)": ("POST", "/e/{e}/finish", "phone"),
    "closing a round (form)": ("POST", "/e/{e}/close", "phone"),
    "a table's result (form)": ("POST", "/e/{e}/result", "phone"),
    "a withdrawal (form)": ("POST", "/e/{e}/withdraw", "phone"),
    "another round's tables on the event page": ("GET", "/e/{e}?round=1", None),
}


@pytest.mark.parametrize("name", list(LANED))
def test_a_route_whose_cost_grows_with_the_event_is_refused_503_when_the_lane_is_full(app, client, name, full_lane):
    method, path, who = LANED[name]
    event = new_event(client)
    full_lane.leave(ELSEWHERE)  # the lane free while the event is built
    paired(client, event)
    phone = organiser_phone(app, event)
    full_lane.enter(ELSEWHERE)
    asker = phone if who == "phone" else client
    headers = event.key if who == "key" else {}
    body = {"outcome": "0", "points": [4, 0]} if method == "PUT" else {}
    r = asker.open(path.format(e=event.id), method=method, headers=headers, json=body if method != "GET" else None)
    assert r.status_code == 503, (name, r.status_code)
    assert r.headers["Retry-After"] == "5"
    # Refused before anything was done: the event is as it was.
    state = client.get(f"/api/v1/events/{event.id}/standings")
    assert state.status_code == 503  # (standings are laned too)
    full_lane.leave(ELSEWHERE)
    again = client.get(f"/api/v1/events/{event.id}").get_json()
    full_lane.enter(ELSEWHERE)
    assert len(again["played_rounds"]) == 1 and not again["played_rounds"][0]["closed"]
    assert not any(p["withdrawn"] for p in again["players"])


def test_a_tables_play_and_the_polls_never_take_the_lane(client, full_lane):
    full_lane.leave(ELSEWHERE)
    event = new_event(client)
    game = table_game(paired(client, event))
    full_lane.enter(ELSEWHERE)
    assert client.get(f"/e/{event.id}/version").status_code == 200
    assert client.get(f"/g/{game.id}/version").status_code == 200
    assert client.get(f"/g/{game.id}").status_code == 200
    record_hand(client, game, counts(submission_id="sub-laned-1"))
    assert client.get(f"/g/{game.id}/version").status_code == 200


# --- viewers' pages: warm, never refused; made afresh, laned --------------------------------------------------------

VIEWERS = ["/e/{e}", "/e/{e}/screen", "/e/{e}/sheet", "/api/v1/events/{e}", "/e/{e}/p/1"]


@pytest.mark.parametrize("path", VIEWERS)
def test_a_viewers_page_kept_is_served_with_the_lane_full_and_made_afresh_only_in_the_lane(client, path, full_lane):
    full_lane.leave(ELSEWHERE)
    event = new_event(client)
    game = table_game(paired(client, event))
    viewer = client.application.test_client()
    address = path.format(e=event.id)
    assert viewer.get(address).status_code == 200  # made, and kept
    full_lane.enter(ELSEWHERE)
    for _ in range(3):
        assert viewer.get(address).status_code == 200  # from the kept copy: no turn needed
    record_hand(client, game, counts(submission_id="sub-laned-2"))  # the event changed: the copy is old
    refused = viewer.get(address)
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "5"
    full_lane.leave(ELSEWHERE)
    assert viewer.get(address).status_code == 200
    full_lane.enter(ELSEWHERE)


def test_a_viewers_page_is_never_counted_against_a_budget(tmp_path):
    app = make_app(tmp_path, RATELIMIT_HEAVY="1 per minute", RATELIMIT_EXPORT="1 per minute")
    client = app.test_client()
    event = new_event(client)
    played = paired(client, event)
    for n in range(3):  # each hand (one ends a game to 4) at another table: every page made afresh
        record_hand(client, table_game(played, n), counts(submission_id=f"sub-viewer-{n}"))
        for path in VIEWERS:
            assert client.get(path.format(e=event.id)).status_code == 200, path


def test_the_organisers_event_json_and_page_are_counted_against_the_heavy_budget(tmp_path):
    app = make_app(tmp_path, RATELIMIT_HEAVY="2 per minute")
    client = app.test_client()
    event = new_event(client)
    paired(client, event)
    for _ in range(2):
        assert client.get(f"/api/v1/events/{event.id}", headers=event.key).status_code == 200
    refused = client.get(f"/api/v1/events/{event.id}", headers=event.key)
    assert refused.status_code == 429 and refused.get_json()["error"] == "rate_limited"
    assert "at most 2 in 1 minute" in refused.get_json()["message"]
    assert organiser_phone(app, event).get(f"/e/{event.id}").status_code == 429
    # A reader without the key is served the kept answer, counted against nothing.
    assert client.get(f"/api/v1/events/{event.id}").status_code == 200


def test_the_ladder_kept_is_served_with_the_lane_full_and_made_afresh_only_in_the_lane(client, full_lane):
    full_lane.leave(ELSEWHERE)
    group = new_group(client)
    game = new_game(client, group=group)
    record_hand(client, game, counts(submission_id="sub-ladder-1"))
    assert client.get(f"/groups/{group.id}/ladder").status_code == 200
    full_lane.enter(ELSEWHERE)
    assert client.get(f"/groups/{group.id}/ladder").status_code == 200
    # A hand at a table still playing changes no result: the ladder page kept is still the ladder.
    record_hand(client, game, counts(submission_id="sub-ladder-2"))
    assert client.get(f"/groups/{group.id}/ladder").status_code == 200
    # A game finished changes the ladder: made afresh, in the lane (full: refused).
    n = 3
    while not client.get(f"/api/v1/games/{game.id}").json["finished"]:
        record_hand(client, game, counts(submission_id=f"sub-ladder-{n}"))
        n += 1
    assert client.get(f"/groups/{group.id}/ladder").status_code == 503


# --- many viewers at once, after a change --------------------------------------------------------------------------


def test_a_page_many_viewers_ask_for_at_once_is_made_once_for_all_of_them(client, monkeypatch):
    """A club's phones share one address: after a hand, every phone following the event loads its page again.
    With another address's request running, they do not queue one by one (and most refused at once for the
    address's share): one makes the page in its turn, the others are given it."""
    lane = limits.Lane(1, limits.LANE_QUEUE, wait=5.0)
    monkeypatch.setattr(limits, "lane", lane)
    event = new_event(client)
    game = table_game(paired(client, event))
    made: list[str] = []
    real = event_routes._event_page

    def counted(event_id: str):
        made.append(event_id)
        return real(event_id)

    monkeypatch.setattr(event_routes, "_event_page", counted)
    record_hand(client, game, counts(submission_id="sub-herd-1"))
    phones = lane.per_address + 3
    statuses: list[int] = []

    def load() -> None:
        viewer = client.application.test_client()
        statuses.append(viewer.get(f"/e/{event.id}", environ_base={"REMOTE_ADDR": CLUB}).status_code)

    lane.enter(ELSEWHERE)
    threads = [threading.Thread(target=load) for _ in range(phones)]
    for thread in threads:
        thread.start()
    until(lambda: lane.waiting_for(CLUB) == 1 and limits.waiting_for_work() == phones - 1)
    lane.leave(ELSEWHERE)
    for thread in threads:
        thread.join(10)
    assert statuses == [200] * phones
    assert made == [event.id]


def test_players_pages_after_a_change_read_the_event_afresh_once_in_the_lane(client, monkeypatch):
    lane = limits.Lane(1, limits.LANE_QUEUE, wait=5.0)
    monkeypatch.setattr(limits, "lane", lane)
    event = new_event(client)
    game = table_game(paired(client, event))
    reads: list[str] = []
    real = event_service._read

    def counted(store, event_id, *known):
        reads.append(event_id)
        return real(store, event_id, *known)

    monkeypatch.setattr(event_service, "_read", counted)
    record_hand(client, game, counts(submission_id="sub-herd-2"))
    statuses: list[int] = []

    def load(entrant: int) -> None:
        viewer = client.application.test_client()
        r = viewer.get(f"/e/{event.id}/p/{entrant}", environ_base={"REMOTE_ADDR": CLUB})
        statuses.append(r.status_code)

    lane.enter(ELSEWHERE)
    threads = [threading.Thread(target=load, args=(n,)) for n in range(1, 9)]
    for thread in threads:
        thread.start()
    until(lambda: lane.waiting_for(CLUB) == 1 and limits.waiting_for_work() == 7)
    lane.leave(ELSEWHERE)
    for thread in threads:
        thread.join(10)
    assert statuses == [200] * 8
    assert reads == [event.id]


def test_viewers_waiting_for_a_page_being_made_are_bounded_the_rest_refused_at_once(client, monkeypatch):
    """Each viewer waiting for another's page holds one of the server's threads: a few wait, any more are told
    to come back (the page is kept by then), so that the tables always find a thread."""
    lane = limits.Lane(1, limits.LANE_QUEUE, wait=5.0)
    monkeypatch.setattr(limits, "lane", lane)
    monkeypatch.setattr(limits, "LANE_FOLLOWERS", 2)
    event = new_event(client)
    game = table_game(paired(client, event))
    record_hand(client, game, counts(submission_id="sub-herd-3"))
    statuses: list[int] = []

    def load() -> None:
        viewer = client.application.test_client()
        statuses.append(viewer.get(f"/e/{event.id}/screen", environ_base={"REMOTE_ADDR": CLUB}).status_code)

    lane.enter(ELSEWHERE)
    threads = [threading.Thread(target=load) for _ in range(5)]
    for thread in threads:
        thread.start()
    until(lambda: lane.waiting_for(CLUB) == 1 and limits.waiting_for_work() == 2 and len(statuses) == 2)
    assert statuses == [503, 503]
    lane.leave(ELSEWHERE)
    for thread in threads:
        thread.join(10)
    assert sorted(statuses) == [200, 200, 200, 503, 503]
    assert client.get(f"/e/{event.id}/screen", environ_base={"REMOTE_ADDR": CLUB}).status_code == 200
