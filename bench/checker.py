"""Benchmark: every kind of capture-checker request against a bare Flask route, in one run.

Both servers run as ``make run`` runs the app (``python -m scorekeeper.serve``: uvicorn, Flask through a2wsgi, its
own process) on 127.0.0.1; the bare route is bench/bare.py, served the same way. Each request is sent one after
another over a kept-alive connection; the table prints medians and each as a ratio to the bare route and to the
scoreboard page measured in the same run. The worst checker request is the last line: the budget is
20x a scoreboard page for any request an anonymous client can send (aim: the checker within 5x a bare route
for a real position; a made-up crowded one within a few times a real one).

The crowded position is the most expensive one known: ten high cards in hand over the 28 low cards and two 8s,
10,700 legal plays (each card's first MOVES_PER_CARD are listed, the rest counted).
``BENCH_QUICK=1`` takes fewer samples.
"""

from __future__ import annotations

import os
import tempfile
import uuid
from urllib.parse import urlencode

from bench.serving import APP, BARE, JSON_HEADERS, call, expect, hand_body, median_ms, new_game, server, timed

SAMPLES = 10 if os.environ.get("BENCH_QUICK") else 40

CROWDED_TABLE = [f"{r}{s}" for s in "dcsb" for r in range(1, 8)] + ["8d", "8c"]
CROWDED_HAND = ["9d", "9c", "9s", "9b", "10d", "10c", "10s", "10b", "8s", "8b"]
TYPICAL_TABLE = ["1b", "2c", "6s", "4d", "3s"]
TYPICAL_HAND = ["8d", "5c", "10s"]


def page(table: list[str], hand: list[str], **more: str) -> str:
    return "/check?" + urlencode({"table": ",".join(table), "hand": ",".join(hand), **more}, safe=",")


def requests(board: str) -> dict[str, tuple[str, str, object]]:
    """Each kind of request: (method, path, JSON body or None)."""
    crowded_judge = {"card": "10d", "capture": ["1d", "2d"], "table": CROWDED_TABLE}
    return {
        "scoreboard page (5 hands)": ("GET", board, None),
        "checker page, typical (3 in hand, 5 on table)": ("GET", page(TYPICAL_TABLE, TYPICAL_HAND), None),
        "checker page, crowded (10 in hand, 30 on table)": ("GET", page(CROWDED_TABLE, CROWDED_HAND), None),
        "checker page, crowded, judging 10d takes 1d+2d": (
            "GET",
            page(CROWDED_TABLE, CROWDED_HAND, play="10d", take="1d,2d"),
            None,
        ),
        "POST /api/v1/moves, typical": ("POST", "/api/v1/moves", {"hand": TYPICAL_HAND, "table": TYPICAL_TABLE}),
        "POST /api/v1/moves, crowded": ("POST", "/api/v1/moves", {"hand": CROWDED_HAND, "table": CROWDED_TABLE}),
        "POST /api/v1/judge, typical": (
            "POST",
            "/api/v1/judge",
            {"card": "8d", "capture": ["6s", "2c"], "table": TYPICAL_TABLE},
        ),
        "POST /api/v1/judge, crowded": ("POST", "/api/v1/judge", crowded_judge),
    }


def main() -> None:
    with (
        tempfile.TemporaryDirectory() as folder,
        server(APP, {"SCOREKEEPER_DATABASE": os.path.join(folder, "bench.sqlite3")}) as app,
        server(BARE) as bare,
    ):
        game_id, keeper = new_game(app.conn)
        for _ in range(5):
            expect(app.conn, "POST", f"/api/v1/games/{game_id}/rounds", 201, hand_body(str(uuid.uuid4())), keeper)
        bare_times = []
        kinds = requests(f"/g/{game_id}")
        times: dict[str, list[float]] = {label: [] for label in kinds}
        sizes: dict[str, int] = {}
        for label, (method, path, body) in kinds.items():
            _, status, data = call(app.conn, method, path, body, JSON_HEADERS if body is not None else None)
            if status != 200:
                raise RuntimeError(f"{label}: {method} {path} answered {status}: {data[:300]!r}")
            sizes[label] = len(data)
        for _ in range(SAMPLES):
            # Interleaved, so a noisy moment on the shared machine falls on every kind alike.
            bare_times.append(timed(bare.conn, "GET", "/")[0])
            for label, (method, path, body) in kinds.items():
                times[label].append(timed(app.conn, method, path, body, JSON_HEADERS if body else None)[0])
    bare_ms = median_ms(bare_times)
    board_ms = median_ms(times["scoreboard page (5 hands)"])
    print(f"Capture checker requests, medians of {SAMPLES}, against a bare route ({bare_ms:.2f} ms)\n")
    print(f"{'request':52} {'median':>11} {'vs bare':>8} {'vs board':>9} {'bytes':>9}")
    for label, samples in times.items():
        ms = median_ms(samples)
        print(f"{label:52} {ms:8.2f} ms {ms / bare_ms:7.1f}x {ms / board_ms:8.2f}x {sizes[label]:9d}")
    checker = {label: median_ms(s) for label, s in times.items() if not label.startswith("scoreboard")}
    worst = max(checker, key=checker.__getitem__)
    print(
        f"\nworst checker request: {worst}: {checker[worst] / bare_ms:.1f}x a bare route, "
        f"{checker[worst] / board_ms:.2f}x the scoreboard page (budget: 20x the scoreboard page)"
    )


if __name__ == "__main__":
    main()
