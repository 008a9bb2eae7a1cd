"""Benchmark: recording a hand and loading a scoreboard, against a bare Flask route, in one run.

Both servers run as the README runs the app (waitress, 8 threads) on 127.0.0.1,
each in its own process; requests go one after another over a kept-alive
connection. Prints medians and the ratio to the bare route.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def server(args: list[str], port: int, env: dict | None = None):
    proc = subprocess.Popen([sys.executable, "-m", *args], env={**os.environ, **(env or {})},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise RuntimeError(f"server {args} did not start")
        yield http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def timed(conn: http.client.HTTPConnection, method: str, path: str, body=None, headers=None) -> tuple[float, int]:
    t0 = time.perf_counter()
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    response.read()
    return time.perf_counter() - t0, response.status


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def hand(i: int) -> dict:
    # One point a hand (the settebello alternates), so a long game never ends under the target of 99.
    tally = {"cards": 20, "coins": 5, "primiera_won": False}
    return {
        "submission_id": f"bench-{i:06d}",
        "sides": [{"tally": {**tally, "settebello": i % 2 == 0}}, {"tally": {**tally, "settebello": i % 2 == 1}}],
    }


def main(rounds: int = 150) -> None:
    app_port, bare_port = free_port(), free_port()
    database = os.path.join(tempfile.mkdtemp(), "bench.sqlite3")
    env = {"SCOREKEEPER_DATABASE": database}
    with server(["scorekeeper.web.serve", "--host", "127.0.0.1", "--port", str(app_port)], app_port, env) as app, \
            server(["bench.bare", "--port", str(bare_port)], bare_port) as bare:  # fmt: skip
        json_headers = {"Content-Type": "application/json"}
        body = {"name": "Bench", "sides": [{"name": "Anna"}, {"name": "Bruno"}], "rules": {"target": 99}}
        app.request("POST", "/api/v1/games", body=json.dumps(body), headers=json_headers)
        game = json.loads(app.getresponse().read())
        keeper = {**json_headers, "X-Keeper-Key": game["keeper_key"]}
        for _ in range(20):  # warm up both
            timed(bare, "GET", "/")
            timed(app, "GET", f"/g/{game['id']}")
        bare_times, record_times, board_times = [], [], []
        for i in range(rounds):
            bare_times.append(timed(bare, "GET", "/")[0])
            seconds, status = timed(app, "POST", f"/api/v1/games/{game['id']}/rounds", json.dumps(hand(i)), keeper)
            assert status == 201, status
            record_times.append(seconds)
            seconds, status = timed(app, "GET", f"/g/{game['id']}")
            assert status == 200, status
            board_times.append(seconds)
        twenty = [board_times[i] for i in range(15, 25)]
        crowded = [f"{r}{s}" for s in "dcsb" for r in range(1, 8)] + ["8d", "8c"]
        in_hand = "9d,9c,9s,9b,10d,10c,10s,10b,8s,8b"
        spare = [f"{r}{s}" for s in "dcsb" for r in range(1, 11) if f"{r}{s}" not in ("1b", "2c", "6s", "4d", "3s")]
        # Every request a new position (a new link, so a new QR code to draw), and each asked twice.
        checks = {
            "checker, typical, first view (3 in hand, 5 on table)": [
                f"/check?table=1b,2c,6s,4d,3s&hand={','.join(spare[i : i + 3])}" for i in range(0, 30)
            ],
            "checker, adversarial, first view (10 in hand, 30 on table)": [
                f"/check?table={','.join(crowded[:i] + crowded[i + 1 :])}&hand={in_hand}" for i in range(30)
            ],
        }
        check_times = {label: [timed(app, "GET", path)[0] for path in paths] for label, paths in checks.items()}
        for label, paths in list(checks.items()):
            again = label.replace("first view", "seen before")
            check_times[again] = [timed(app, "GET", path)[0] for path in paths]
    bare_ms = median_ms(bare_times)
    print(f"Web: medians over {rounds} requests each, one run, waitress on 127.0.0.1\n")
    print(f"{'request':60} {'median':>10} {'vs bare':>8}")
    print(f"{'bare Flask route (GET /)':60} {bare_ms:8.2f}ms {1:7.1f}x")
    for label, samples in [
        ("record a hand (POST /api/v1/games/<id>/rounds)", record_times),
        (f"scoreboard, 1 to {rounds} hands (GET /g/<id>)", board_times),
        ("scoreboard of a 20-hand game", twenty),
        *check_times.items(),
    ]:
        print(f"{label:60} {median_ms(samples):8.2f}ms {median_ms(samples) / bare_ms:7.1f}x")


if __name__ == "__main__":
    main()
