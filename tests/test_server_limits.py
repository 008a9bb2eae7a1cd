"""What the server `make run` starts answers before the app sees a request: headers too large (431), a body too large
(413, from the app, nothing stored), a request that is not HTTP (400), a request that does not arrive in time (408,
closed), and a clear word when its port is taken."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from tests.test_many_connections import start_server, stop_server

ROOT = Path(__file__).resolve().parent.parent


def raw(port: int, data: bytes, seconds: float = 10) -> bytes:
    """What the server answers to ``data`` sent as it is, until it closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as s:
        s.sendall(data)
        got = b""
        try:
            while chunk := s.recv(65536):
                got += chunk
        except (TimeoutError, ConnectionResetError):
            pass
        return got


def test_the_server_refuses_what_is_too_large_or_not_http_and_stores_nothing(tmp_path):
    base, process = start_server(tmp_path, SCOREKEEPER_REQUEST_DEADLINE="2")
    port = int(base.rsplit(":", 1)[1])
    try:
        big = raw(port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 40_000 + b"\r\n\r\n")
        assert big.startswith(b"HTTP/1.1 431 ") and b"headers are too large" in big
        body = b'{"sides": [{"name": "' + b"A" * 200_000 + b'"}]}'
        large = raw(
            port,
            b"POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(body) + body,
        )
        assert large.startswith(b"HTTP/1.1 413 ")
        assert json.loads(large.split(b"\r\n\r\n", 1)[1])["error"] == "too_large"
        assert raw(port, b"NOT HTTP AT ALL\r\n\r\n").startswith(b"HTTP/1.1 400 ")
        late = raw(
            port,
            b"POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 50\r\n\r\n{",
            10,
        )
        assert late.startswith(b"HTTP/1.1 408 ")  # the body never came whole: cut at the deadline
        assert late.count(b"HTTP/1.1") == 1
        with urllib.request.urlopen(base + "/", timeout=30) as home:  # and the server goes on
            assert home.status == 200
        games = raw(port, b"GET /api/v1/groups/none HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        assert games.startswith(b"HTTP/1.1 404 ")
    finally:
        stop_server(process)


def test_a_port_already_taken_is_said_plainly(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        ran = subprocess.run(
            [sys.executable, "-m", "scorekeeper.serve", "--host", "127.0.0.1", "--port", str(port)],
            cwd=ROOT,
            env={**os.environ, "SCOREKEEPER_DATABASE": str(tmp_path / "db.sqlite3"), "LANGUAGE": "en"},
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert ran.returncode == 1
    assert f"Port {port} is already in use" in ran.stderr
    assert "make run PORT=" in ran.stderr
    assert "Traceback" not in ran.stderr


def test_workers_must_be_a_sensible_number(tmp_path):
    ran = subprocess.run(
        [sys.executable, "-m", "scorekeeper.serve", "--port", "0", "--workers", "0"],
        cwd=ROOT,
        env={**os.environ, "SCOREKEEPER_DATABASE": str(tmp_path / "db.sqlite3"), "LANGUAGE": "en"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ran.returncode == 2 and "--workers takes a whole number from 1 to" in ran.stderr
