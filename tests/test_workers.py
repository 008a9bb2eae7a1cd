"""Several server processes on one database: a change saved through any of them reaches the streams of all of them
within a second (the change feed), ``--workers N`` starts N of them on one port, and a server killed with SIGKILL
while hands are saved keeps every hand it acknowledged."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
import urllib.error
import urllib.request

import pytest

from tests.test_many_connections import _get, new_game, save_hand, start_server, stop_server
from tests.test_streams import Stream


def test_a_hand_saved_through_one_process_is_pushed_to_a_stream_on_another(tmp_path):
    one, first = start_server(tmp_path)
    two, second = start_server(tmp_path)  # the same database file, another process and port
    try:
        game = new_game(one)
        stream = Stream(two, f"/g/{game['id']}/live")
        try:
            assert stream.version() == 1
            save_hand(one, game, "across-0001")
            saved = time.monotonic()
            assert stream.version(seconds=1.0) == 2
            assert time.monotonic() - saved < 1.0
        finally:
            stream.close()
    finally:
        stop_server(first)
        stop_server(second)


def _children(pid: int) -> list[int]:
    """The server processes ``pid`` started (multiprocessing's own helper process left out)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            found = [int(p) for p in f.read().split()]
    except OSError:
        return []
    servers = []
    for child in found:
        try:
            with open(f"/proc/{child}/cmdline", "rb") as f:
                if b"resource_tracker" not in f.read():
                    servers.append(child)
        except OSError:
            pass
    return servers


@pytest.mark.slow
def test_workers_2_runs_two_processes_on_one_port_whose_streams_all_hear_a_hand(tmp_path):
    base, process = start_server(tmp_path, WORKERS="2")
    try:
        deadline = time.monotonic() + 20
        while len(_children(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(_children(process.pid)) == 2, "WORKERS=2 starts two server processes"
        game = new_game(base)
        streams = [Stream(base, f"/g/{game['id']}/live") for _ in range(24)]
        try:
            for s in streams:
                assert s.version() == 1
            save_hand(base, game, "workers-0001")
            for s in streams:  # whichever process holds each one
                assert s.version(seconds=1.5) == 2
        finally:
            for s in streams:
                s.close()
    finally:
        stop_server(process)


@pytest.mark.slow
def test_every_hand_acknowledged_before_a_kill_9_is_there_after_restart(tmp_path):
    base, process = start_server(tmp_path)
    game = new_game(base)
    acknowledged: list[str] = []
    stop = threading.Event()

    def keeper() -> None:
        n = 0
        while not stop.is_set():
            n += 1
            submission = f"kill-hand-{n:05d}"
            try:
                save_hand(base, game, submission)
            except (OSError, urllib.error.URLError):
                return  # the server is gone: this one was never acknowledged
            acknowledged.append(submission)

    threads = [threading.Thread(target=keeper)]
    for t in threads:
        t.start()
    time.sleep(1.5)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
    stop.set()
    for t in threads:
        t.join(timeout=30)
    if process.stderr:
        process.stderr.close()
    assert len(acknowledged) >= 3, "the keeper saved hands before the kill"
    again, restarted = start_server(tmp_path)
    try:
        with urllib.request.urlopen(f"{again}/api/v1/games/{game['id']}", timeout=30) as answer:
            stored = json.loads(answer.read())
        # Every acknowledged hand is there; at most one more, sent and saved but killed before its answer.
        assert len(acknowledged) <= len(stored["rounds"]) <= len(acknowledged) + 1
        assert _get(again + "/") == 200
    finally:
        stop_server(restarted)
