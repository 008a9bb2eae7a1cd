"""Benchmark: a Swiss event of 64 players over 7 rounds, and 16 over 4 (quick).

Through the app's test client in one process, as a club night would run it: each round is paired through the
API (timed: the aim is under 1 s), every table's phone records a hand that ends its game, then the standings
page and the big screen are read (timed: the aim is under 100 ms) and the API's standings. Also the pairing
alone, in the rules core. Then a baraonda evening of 64 players (16 in quick mode), each round paired through
the API (timed: the aim is under 1 s), and the core's baraonda pairing alone for 64 players of whom one left after
five rounds (63 present: three byes, and the 1-factorisation of those present tried before the bounded search).
Reported as medians; ratios are read within one run.
``BENCH_QUICK=1`` runs 16 players over 4 rounds. A JSON copy goes to bench/out/events.json (bench/out/quick/ in
quick mode).
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from collections import Counter

from app import create_app
from bench.serving import BENCH_LIMITS, results_dir
from scorekeeper.rules.events import ENTRANTS_MAX, baraonda_round, swiss_round

OUT = results_dir()
QUICK = bool(os.environ.get("BENCH_QUICK"))
PLAYERS, ROUNDS = (16, 4) if QUICK else (64, 7)
BARAONDA_PLAYERS, BARAONDA_ROUNDS = (16, 2) if QUICK else (64, 3)
ALL = ["cards", "coins", "settebello", "primiera"]


def ms(work) -> tuple[float, object]:
    start = time.perf_counter()
    out = work()
    return (time.perf_counter() - start) * 1000, out


def main() -> None:
    rounds = []
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": os.path.join(tmp, "bench.sqlite3"), "TESTING": False, **BENCH_LIMITS})
        client = app.test_client()
        body = {
            "name": "Bench night",
            "players": [f"Player {i:02d}" for i in range(PLAYERS)],
            "pairing": "swiss",
            "rounds": ROUNDS,
            "rules": {"target": 4},
        }
        event = client.post("/api/v1/events", json=body).get_json()
        key = {"X-Organiser-Key": event["organiser_key"]}
        client.get(event["organiser_url"])
        for number in range(1, ROUNDS + 1):
            pair_ms, r = ms(lambda: client.post(f"/api/v1/events/{event['id']}/rounds", headers=key))
            played = r.get_json()  # type: ignore[attr-defined]
            assert r.status_code == 201, played  # type: ignore[attr-defined]
            for i, table in enumerate(played["tables"]):
                game = table["game"]
                sides = [{"won": ALL}, {"won": []}] if (i + number) % 3 else [{"won": []}, {"won": ALL}]
                hand = {"submission_id": f"bench-{number}-{i:04d}", "sides": sides}
                keeper = {"X-Keeper-Key": game["keeper_key"]}
                client.post(f"/api/v1/games/{game['id']}/rounds", json=hand, headers=keeper)
            page = statistics.median(ms(lambda: client.get(f"/e/{event['id']}"))[0] for _ in range(7))
            screen = statistics.median(ms(lambda: client.get(f"/e/{event['id']}/screen"))[0] for _ in range(7))
            api = statistics.median(
                ms(lambda: client.get(f"/api/v1/events/{event['id']}/standings"))[0] for _ in range(7)
            )
            rounds.append(
                {
                    "round": number,
                    "pair_ms": round(pair_ms, 1),
                    "event_page_ms": round(page, 1),
                    "screen_ms": round(screen, 1),
                    "standings_api_ms": round(api, 1),
                }
            )
            print(
                f"round {number}: pairing {pair_ms:7.1f} ms (aim < 1000, {len(played['tables'])} games started); "
                f"event page {page:6.1f} ms, big screen {screen:6.1f} ms, standings API {api:6.1f} ms (aim < 100)"
            )
    baraonda = baraonda_evening()
    for number, pair_ms in enumerate(baraonda, start=1):
        print(f"baraonda round {number} of {BARAONDA_PLAYERS} players paired: {pair_ms:7.1f} ms (aim < 1000)")
    searched = baraonda_search()
    print(f"baraonda pairing alone, 63 of 64 players after 5 rounds (one left): {searched:.1f} ms (aim < 1000)")
    hardest = hardest_pairing()
    print(
        f"Swiss pairing alone, {ENTRANTS_MAX - 1} entrants, no pairing without a rematch: {hardest:.1f} ms (aim < 200)"
    )
    OUT.mkdir(parents=True, exist_ok=True)
    report = {
        "players": PLAYERS,
        "rounds": rounds,
        "hardest_pairing_ms": round(hardest, 1),
        "baraonda_players": BARAONDA_PLAYERS,
        "baraonda_pair_ms": [round(v, 1) for v in baraonda],
        "baraonda_search_ms": round(searched, 1),
    }
    (OUT / "events.json").write_text(json.dumps(report, indent=2) + "\n")


def baraonda_evening() -> list[float]:
    """A baraonda evening through the API: each round paired (timed, in ms), then every table's game won."""
    timings = []
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": os.path.join(tmp, "bench.sqlite3"), "TESTING": False, **BENCH_LIMITS})
        client = app.test_client()
        body = {
            "name": "Bench baraonda",
            "players": [f"Player {i:02d}" for i in range(BARAONDA_PLAYERS)],
            "pairing": "baraonda",
            "table_size": 4,
            "rounds": BARAONDA_ROUNDS,
            "rules": {"target": 4},
        }
        event = client.post("/api/v1/events", json=body).get_json()
        key = {"X-Organiser-Key": event["organiser_key"]}
        for number in range(1, BARAONDA_ROUNDS + 1):
            pair_ms, r = ms(lambda: client.post(f"/api/v1/events/{event['id']}/rounds", headers=key))
            played = r.get_json()  # type: ignore[attr-defined]
            assert r.status_code == 201, played  # type: ignore[attr-defined]
            timings.append(pair_ms)
            for i, table in enumerate(played["tables"]):
                game = table["game"]
                hand = {"submission_id": f"bara-{number}-{i:04d}", "sides": [{"won": ALL}, {"won": []}]}
                client.post(
                    f"/api/v1/games/{game['id']}/rounds", json=hand, headers={"X-Keeper-Key": game["keeper_key"]}
                )
    return timings


def baraonda_search() -> float:
    """The core's baraonda pairing of 64 listed players after five rounds, one of them gone (63 present, three
    byes: not the full field's factorisation), median of 5, ms."""
    players = [f"p{i:02d}" for i in range(64)]
    partnered: Counter[frozenset[str]] = Counter()
    faced: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    for _ in range(5):
        made = baraonda_round(players, partnered, faced, byes, players)
        for a, b in made.tables:
            partnered.update((frozenset(a), frozenset(b)))
            faced.update(frozenset((x, y)) for x in a for y in b)
        byes.update(made.byes)
    present = players[1:]
    return statistics.median(ms(lambda: baraonda_round(present, partnered, faced, byes, players))[0] for _ in range(5))


def hardest_pairing() -> float:
    """The rules core's Swiss pairing at its worst: the largest odd field, one entrant having met every other,
    so no pairing avoids a rematch and the bounded search runs out (median of 5, in ms)."""
    ids = [f"e{i:03d}" for i in range(ENTRANTS_MAX - 1)]
    scores = {e: (i * 7) % 5 for i, e in enumerate(ids)}
    ranked = sorted(ids, key=lambda e: -scores[e])
    met = {frozenset((ids[0], e)) for e in ids[1:]} | {frozenset((ids[-1], e)) for e in ids[:-1]}
    return statistics.median(ms(lambda: swiss_round(ranked, scores, met))[0] for _ in range(5))


if __name__ == "__main__":
    main()
