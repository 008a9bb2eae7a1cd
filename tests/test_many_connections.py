"""A room of phones: the server `make run` starts holds ten thousand open streams (each phone keeps one while it
watches the score) and still saves every table's hand and pushes it; one client opening thousands of slow
connections takes no other phone's place."""

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from scorekeeper.serve.cli import allow_open_files

ROOT = Path(__file__).resolve().parent.parent
STREAMS = 10_000
# The phones of a country's evening come from many addresses: the test's come from 20 of the loopback range.
ADDRESSES = [f"127.0.0.{n}" for n in range(2, 22)]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> int:
    with urllib.request.urlopen(url, timeout=60) as answer:
        return int(answer.status)


def _post(url: str, body: dict, headers: dict | None = None) -> dict:
    made = urllib.request.Request(
        url,
        method="POST",
        headers={"Content-Type": "application/json", **(headers or {})},
        data=json.dumps(body).encode(),
    )
    with urllib.request.urlopen(made, timeout=60) as answer:
        return json.loads(answer.read())


def start_server(tmp_path, **env):
    """``python -m scorekeeper.serve`` on a free loopback port with its own database: (address, process)."""
    port = _free_port()
    env = {**os.environ, "SCOREKEEPER_DATABASE": str(tmp_path / "live.sqlite3"), **env}
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.serve", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(400):
        try:
            if _get(base + "/") == 200:
                break
        except OSError:
            time.sleep(0.05)
    return base, process


def stop_server(process) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    if process.stderr:
        process.stderr.close()


@pytest.fixture
def server(tmp_path):
    base, process = start_server(tmp_path)
    try:
        yield base, process
    finally:
        stop_server(process)


def new_game(base: str) -> dict:
    return _post(base + "/api/v1/games", {"sides": [{"name": "Anna"}, {"name": "Bruno"}]})


def save_hand(base: str, game: dict, submission: str) -> dict:
    counts = [
        {"tally": {"cards": 22, "coins": 6, "settebello": True, "primiera": 78}},
        {"tally": {"cards": 18, "coins": 4, "settebello": False, "primiera": 75}},
    ]
    return _post(
        f"{base}/api/v1/games/{game['id']}/rounds",
        {"submission_id": submission, "sides": counts},
        {"X-Keeper-Key": game["keeper_key"]},
    )


def open_stream(port: int, path: str, source: str = "127.0.0.1") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=60, source_address=(source, 0))
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    return s


def read_until(s: socket.socket, wanted: bytes, seconds: float = 30) -> bytes:
    """What the stream sent until ``wanted`` arrived (or the time ran out, or it closed)."""
    s.settimeout(seconds)
    got = b""
    deadline = time.monotonic() + seconds
    while wanted not in got and time.monotonic() < deadline:
        try:
            chunk = s.recv(65536)
        except TimeoutError:
            break
        if not chunk:
            break
        got += chunk
    return got


@pytest.mark.slow
def test_ten_thousand_open_streams_and_a_table_still_saves_and_sees_its_hand(server):
    base, process = server
    assert allow_open_files(STREAMS + 500) >= STREAMS + 200, "this machine does not allow enough open files"
    port = int(base.rsplit(":", 1)[1])
    games = [new_game(base) for _ in range(20)]
    held: list[socket.socket] = []
    try:
        for i in range(STREAMS):
            game = games[i % len(games)]
            held.append(open_stream(port, f"/g/{game['id']}/live", ADDRESSES[i % len(ADDRESSES)]))
        # Every stream was answered with the version its page shows (a sample of them, read as they come).
        for s in held[:: STREAMS // 50]:
            assert b'data: {"version": 1}' in read_until(s, b"\n\n")
        assert process.poll() is None, "the server died with the streams open"
        # A table's own phone: its hand is saved and pushed to its stream, and to the room's streams of that game.
        table = games[0]
        own = open_stream(port, f"/g/{table['id']}/live")
        assert b'data: {"version": 1}' in read_until(own, b"\n\n")
        save_hand(base, table, "room-hand-0001")
        assert b'data: {"version": 2}' in read_until(own, b'{"version": 2}')
        for s in held[: len(games) * 5 : len(games)]:  # the first five streams watching that game
            assert b'data: {"version": 2}' in read_until(s, b'{"version": 2}')
        own.close()
    finally:
        for s in held:
            s.close()
    assert process.poll() is None
    assert _get(base + "/") == 200


@pytest.mark.slow
def test_one_client_trickling_thousands_of_connections_locks_no_other_phone_out(tmp_path):
    base, process = start_server(tmp_path, SCOREKEEPER_REQUEST_DEADLINE="6")
    port = int(base.rsplit(":", 1)[1])
    assert allow_open_files(4000) >= 3500
    slow: list[socket.socket] = []
    try:
        # One address opens 3,000 connections, each sending half a request line and then one header byte at a time.
        for _ in range(3000):
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.0.0.99", 0))
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-")
                slow.append(s)
            except OSError:
                pass
        # The cap on one client's connections: past it, the server closed them as it took them, without a word (on
        # a busy machine it takes a moment to reach them all). A connection cut at its deadline says 408 instead.
        capped: set[int] = set()
        over = len(slow) - 1000
        deadline = time.monotonic() + 30
        while len(capped) < over and time.monotonic() < deadline:
            for i, s in enumerate(slow):
                if i in capped:
                    continue
                s.setblocking(False)
                try:
                    if s.recv(1, socket.MSG_PEEK) == b"":
                        capped.add(i)
                except BlockingIOError:
                    pass
                except OSError:
                    capped.add(i)
            time.sleep(0.2)
        assert len(capped) >= over, f"only {len(capped)} of the {over} connections past the cap were refused"
        # Other phones are served meanwhile: a new game, its hand saved and pushed to its stream.
        game = new_game(base)
        stream = open_stream(port, f"/g/{game['id']}/live", "127.0.0.2")
        assert b'data: {"version": 1}' in read_until(stream, b"\n\n")
        save_hand(base, game, "trickle-hand-001")
        assert b'data: {"version": 2}' in read_until(stream, b'{"version": 2}')
        # The trickling ones are cut at their deadline (6 s here), while the stream, arrived whole, stays open.
        for s in slow:
            with contextlib.suppress(OSError):
                s.setblocking(True)
                s.sendall(b"a")
        time.sleep(7)
        cut = 0
        for s in slow:
            s.settimeout(0.5)
            try:
                answer = s.recv(200)
                cut += answer == b"" or answer.startswith(b"HTTP/1.1 408")
            except TimeoutError:
                pass
            except OSError:
                cut += 1
        assert cut == len(slow), f"{len(slow) - cut} trickling connections still open past their deadline"
        save_hand(base, game, "trickle-hand-002")
        assert b'data: {"version": 3}' in read_until(stream, b'{"version": 3}')
        stream.close()
        assert process.poll() is None
    finally:
        for s in slow:
            s.close()
        stop_server(process)
