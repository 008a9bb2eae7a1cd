"""The lane for costly work is fair between client addresses: one address asking back to back has one request
running and a few waiting, any more refused at once, and another address's request is let in as soon as the one
running ends, before the first address's waiting ones. Order is measured, never time: the running request is held
by the test, and each request records when it is let in."""

from __future__ import annotations

import threading
import time

import pytest

from scorekeeper.services import groups
from scorekeeper.web.common import limits
from scorekeeper.web.common.limits import Busy, Lane
from tests.conftest import new_group

A, B, C = "198.51.100.1", "198.51.100.2", "203.0.113.3"


def until(condition, seconds: float = 5.0) -> None:
    """Wait until ``condition()`` holds (a thread has reached the lane), failing after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the lane never reached the state waited for"
        time.sleep(0.005)


def asking(lane: Lane, address: str, order: list[str]) -> threading.Thread:
    """A thread whose request from ``address`` waits for the lane, notes that it was let in, and leaves."""

    def run() -> None:
        lane.enter(address)
        order.append(address)
        lane.leave(address)

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_an_address_has_one_request_running_and_a_few_waiting_and_any_more_is_refused_at_once():
    lane = Lane(1, 12, wait=5.0, per_address=2)
    order: list[str] = []
    lane.enter(A)  # A's request running, held
    threads = [asking(lane, A, order) for _ in range(2)]
    until(lambda: lane.waiting_for(A) == 2)
    started = time.monotonic()
    with pytest.raises(Busy) as refused:  # A's third waiting request: refused without waiting
        lane.enter(A)
    assert time.monotonic() - started < lane.wait
    assert "from your address" in str(refused.value.message)
    # The queue is far from full: another address still waits its turn.
    late = asking(lane, B, order)
    until(lambda: lane.waiting_for(B) == 1)
    lane.leave(A)
    for thread in [*threads, late]:
        thread.join(5)
    assert order == [B, A, A]  # B was let in first, before A's requests that were waiting before it came


def test_a_second_address_is_let_in_as_soon_as_the_running_request_ends_while_the_first_keeps_asking():
    lane = Lane(1, 12, wait=5.0)
    order: list[str] = []
    lane.enter(A)
    hammering = [asking(lane, A, order) for _ in range(lane.per_address)]
    until(lambda: lane.waiting_for(A) == lane.per_address)
    second = asking(lane, B, order)
    until(lambda: lane.waiting_for(B) == 1)
    lane.leave(A)
    second.join(5)
    assert order[0] == B
    for thread in hammering:
        thread.join(5)
    assert order == [B] + [A] * lane.per_address


def test_waiting_addresses_take_turns_round_robin():
    lane = Lane(1, 12, wait=5.0)
    order: list[str] = []
    lane.enter(C)  # someone else's request running
    threads = [asking(lane, A, order) for _ in range(2)]
    until(lambda: lane.waiting_for(A) == 2)
    threads += [asking(lane, B, order) for _ in range(2)]
    until(lambda: lane.waiting_for(B) == 2)
    lane.leave(C)
    for thread in threads:
        thread.join(5)
    assert order == [A, B, A, B]


def test_a_request_that_waited_its_longest_leaves_the_queue_and_the_lane_goes_on():
    lane = Lane(1, 12, wait=0.05)
    lane.enter(A)
    with pytest.raises(Busy):
        lane.enter(B)
    assert lane.waiting == 0 and lane.waiting_for(B) == 0
    lane.leave(A)
    lane.enter(B)  # nothing left behind: B runs at once
    lane.leave(B)


def test_over_the_app_a_second_address_is_served_while_the_first_fills_its_share(client, monkeypatch):
    """Through the routes: A holds the lane and has its share waiting, its next request is answered 503 at once;
    B's request, sent after all of A's, is the first let in when A's running request ends."""
    lane = Lane(1, limits.LANE_QUEUE, wait=5.0)
    monkeypatch.setattr(limits, "lane", lane)
    group = new_group(client)
    path = f"/api/v1/groups/{group.id}/stats"
    order: list[str] = []
    real_stats = groups.stats

    def stats(store, group_id):  # runs in the lane: notes whose request was let in
        from flask import request

        order.append(request.remote_addr or "")
        return real_stats(store, group_id)

    monkeypatch.setattr(groups, "stats", stats)
    statuses: list[int] = []

    def ask(address: str) -> threading.Thread:
        def run() -> None:
            statuses.append(
                client.application.test_client().get(path, environ_base={"REMOTE_ADDR": address}).status_code
            )

        thread = threading.Thread(target=run)
        thread.start()
        return thread

    lane.enter(A)  # A's first request under way, held
    threads = [ask(A) for _ in range(lane.per_address)]
    until(lambda: lane.waiting_for(A) == lane.per_address)
    refused = client.get(path, environ_base={"REMOTE_ADDR": A})
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "5"
    assert refused.get_json()["error"] == "busy" and "from your address" in refused.get_json()["message"]
    threads.append(ask(B))
    until(lambda: lane.waiting_for(B) == 1)
    lane.leave(A)
    for thread in threads:
        thread.join(10)
    assert order[0] == B and order.count(A) == lane.per_address
    assert statuses == [200] * (lane.per_address + 1)


def test_the_refusal_for_an_address_over_its_share_is_said_in_italian(client, monkeypatch):
    lane = Lane(1, limits.LANE_QUEUE, wait=5.0, per_address=0)
    monkeypatch.setattr(limits, "lane", lane)
    group = new_group(client)
    lane.enter("127.0.0.1")
    try:
        r = client.get(f"/groups/{group.id}", headers={"Accept-Language": "it"})
    finally:
        lane.leave("127.0.0.1")
    assert r.status_code == 503 and r.headers["Retry-After"] == "5"
    assert "Il server sta già lavorando a richieste lunghe dal tuo indirizzo" in r.get_data(as_text=True)
