"""Several server processes share their rate limits' counts in Redis (docs/deploy.md): a client's budget is one
budget, whichever process answers it, and a Redis that goes away lets requests through rather than fail them."""

from __future__ import annotations

import json
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from tests.test_many_connections import _free_port, start_server, stop_server


@pytest.fixture
def redis_url(tmp_path):
    """A private Redis server (Debian's redis-server, installed by scripts/install-proxies) on a loopback port."""
    port = _free_port()
    server = subprocess.Popen(
        [
            "/usr/bin/redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(tmp_path),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def create(base: str) -> int:
    made = urllib.request.Request(
        base + "/api/v1/games",
        method="POST",
        headers={"Content-Type": "application/json"},
        data=json.dumps({"sides": [{"name": "Anna"}, {"name": "Bruno"}]}).encode(),
    )
    try:
        with urllib.request.urlopen(made, timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


def test_two_processes_count_one_budget_in_redis(tmp_path, redis_url):
    env = {"SCOREKEEPER_RATELIMIT_STORAGE_URI": redis_url, "SCOREKEEPER_RATELIMIT_CREATE": "3 per minute"}
    one, first = start_server(tmp_path, **env)
    two, second = start_server(tmp_path, **env)
    try:
        assert [create(one), create(two), create(one)] == [201, 201, 201]
        # The fourth in the minute is over the one budget, through either process.
        assert create(two) == 429
        assert create(one) == 429
    finally:
        stop_server(first)
        stop_server(second)


def test_without_redis_each_process_would_count_its_own(tmp_path):
    """What the shared counts are for: in memory, two processes give a client twice the budget."""
    env = {"SCOREKEEPER_RATELIMIT_CREATE": "3 per minute"}
    one, first = start_server(tmp_path, **env)
    two, second = start_server(tmp_path, **env)
    try:
        assert [create(one) for _ in range(3)] == [201] * 3
        assert create(one) == 429
        assert create(two) == 201
    finally:
        stop_server(first)
        stop_server(second)
