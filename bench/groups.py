"""Benchmark: a group's statistics at 10, 100 and 1,000 finished games, and a finished scoreboard's size.

Everything runs in one process through the app's test client (no network), so the numbers are the app's own
work: the statistics read each game's summary kept per version (worked out once, on the first read after a
change), then add them up. Reported: the median of the first read (summaries worked out) and of later reads,
at each size; the aim is under 200 ms at 1,000 games. Also the group page and an export's first page (JSON
and CSV), which should not grow with the games. Also the size of a finished game's scoreboard with its
chart (the aim: under 60 KB).

``BENCH_QUICK=1`` stops at 100 games. A JSON copy goes to bench/out/groups.json (bench/out/quick/
in quick mode).
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time

from app import create_app
from bench.serving import BENCH_LIMITS, results_dir

OUT = results_dir()
QUICK = bool(os.environ.get("BENCH_QUICK"))
SIZES = (10, 100) if QUICK else (10, 100, 1000)
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
WIN = [{"won": ["cards", "coins", "settebello", "primiera"], "scopas": 3}, {"won": [], "scopas": 0}]


def build(client, group_id: str, key: str, start: int, count: int) -> str:
    """``count`` finished games of two players each (7 + 7 points: two hands); the last game's id."""
    game_id = ""
    for n in range(start, start + count):
        a, b = NAMES[n % 6], NAMES[(n + 1 + n // 6) % 6 or 1]
        if a == b:
            b = NAMES[(NAMES.index(a) + 1) % 6]
        game = client.post(
            "/api/v1/games", json={"sides": [{"name": a}, {"name": b}], "group": group_id}, headers={"X-Group-Key": key}
        ).get_json()
        game_id = game["id"]
        for i in range(2):
            hand = {"submission_id": f"bench-{n:05d}-{i}", "sides": WIN if n % 3 else WIN[::-1]}
            r = client.post(f"/api/v1/games/{game_id}/rounds", json=hand, headers={"X-Keeper-Key": game["keeper_key"]})
            assert r.status_code == 201, r.get_json()
    return game_id


def timed(client, path: str, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        r = client.get(path)
        r.get_data()  # a streamed export is made as it is read
        out.append((time.perf_counter() - start) * 1000)
        assert r.status_code == 200
    return out


def main() -> None:
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": os.path.join(tmp, "bench.sqlite3"), "TESTING": False, **BENCH_LIMITS})
        client = app.test_client()
        group = client.post("/api/v1/groups", json={"name": "Bench"}).get_json()
        built = 0
        last = ""
        for size in SIZES:
            last = build(client, group["id"], group["group_key"], built, size - built)
            built = size
            path = f"/api/v1/groups/{group['id']}/stats"
            first = timed(client, path, 1)[0]  # works out the summaries of the games added
            later = statistics.median(timed(client, path, 15))
            page = statistics.median(timed(client, f"/groups/{group['id']}", 5))
            exported = statistics.median(timed(client, f"/groups/{group['id']}/export.json", 5))
            csv_page = statistics.median(timed(client, f"/groups/{group['id']}/export.csv", 5))
            results.append(
                {
                    "games": size,
                    "first_ms": round(first, 1),
                    "stats_ms": round(later, 1),
                    "group_page_ms": round(page, 1),
                    "export_json_page_ms": round(exported, 1),
                    "export_csv_page_ms": round(csv_page, 1),
                }
            )
            print(
                f"{size:>5} games: statistics {later:7.1f} ms (first read {first:7.1f} ms); group page {page:7.1f} ms;"
                f" export pages: JSON {exported:6.1f} ms, CSV {csv_page:6.1f} ms"
            )
        size = len(client.get(f"/g/{last}").data)
        print(f"A finished game's scoreboard with its chart: {size / 1024:.1f} KB (aim: under 60 KB)")
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "groups.json").write_text(json.dumps({"sizes": results, "scoreboard_bytes": size}, indent=2) + "\n")


if __name__ == "__main__":
    main()
