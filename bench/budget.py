"""Benchmark: the cost budget of every route family, and a table's poll under load, in one run.

The app runs as ``make run`` runs it (waitress in its own process, 127.0.0.1) on a fresh SQLite database, its rate
limits on but raised above what this benchmark sends (bench.serving.BENCH_LIMITS). It first builds, through the
API, the largest thing an anonymous client may build for each route family, within the app's own limits read from
the rules core and the rate limits:

- the longest game: HANDS_MAX - 1 hands, two sides scoring 1-1 a hand (the app stops a game at HANDS_MAX: the
  hand recording measured is that last hand, deleted again after each sample);
- a group with as many finished games as one address may create in an hour under RATELIMIT_CREATE (quick: 20),
  its players drawn from a pool of names so that head-to-head tables fill;
- an event with ENTRANTS_MAX entrants and ROUNDS_MAX Swiss rounds, every game played (quick: 8 over 2);
- the most crowded capture-checker position known (bench.checker);
- and every request carries a long Accept-Language header (several kilobytes, under the server's header bound).

1. The cost table: each request of every family is sent one after another over a kept-alive connection,
   interleaved with the others so a noisy moment falls on all alike, and the median taken. The worst request of
   each family is printed with its size and its ratio to the scoreboard of a fresh game measured in the same run.
   The budget: no anonymous request costs more than 20 times that scoreboard.
2. A poll's own cost: the server's processor time per poll, for a 304 (a viewer's poll of an unchanged game) and
   a 200, from /proc (a figure a busy machine barely moves, unlike a latency).
3. The poll under load: a table's refresh poll (``GET /g/<id>/version``, what static/scoreboard.js asks every few
   seconds) timed, p50 and p95, while 8 clients load scoreboards in a loop, then while 8 clients load the
   heaviest anonymous page of the table above; the ratio of the two says whether one costly request starves the
   tables. The aim: the poll under the heavy load within 2 times the poll under the scoreboard load (p50).

Full mode exits with status 1 if a family is over its budget or the poll's ratio over 2. ``BENCH_QUICK=1`` builds
small things, sends each request once and runs each load phase a second or two, and never fails on a figure.
A JSON copy of the results goes to bench/out/budget.json.
"""

from __future__ import annotations

import http.client
import json
import os
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from limits import parse_many

from bench.checker import CROWDED_HAND, CROWDED_TABLE
from bench.serving import (
    APP,
    GAME,
    JSON_HEADERS,
    call,
    check_one_all,
    expect,
    hand_body,
    median_ms,
    new_game,
    percentile_ms,
    server,
)
from scorekeeper.rules.events import ENTRANTS_MAX, ROUNDS_MAX
from scorekeeper.rules.ledger import HANDS_MAX
from scorekeeper.web.common.limits import DEFAULTS

OUT = Path(__file__).parent / "out"
QUICK = os.environ.get("BENCH_QUICK") == "1"
BUDGET = 20.0  # times the scoreboard of a fresh game, for any request an anonymous client can send
POLL_AIM = 2.0  # the poll's p50 under the heaviest load, over its p50 under scoreboard load


def hourly_creations() -> int:
    """The most games one address may create in an hour under the app's RATELIMIT_CREATE."""
    hour = [item for item in parse_many(DEFAULTS["RATELIMIT_CREATE"]) if item.get_expiry() == 3600]
    return min(item.amount for item in hour) if hour else 600


SAMPLES = 1 if QUICK else 15
GROUP_GAMES = 20 if QUICK else hourly_creations()
ENTRANTS, ROUNDS = (8, 2) if QUICK else (ENTRANTS_MAX, ROUNDS_MAX)
LOAD_CLIENTS = 3 if QUICK else 8
PHASE_SECONDS = 1.5 if QUICK else 10.0
NAMES = [f"Player {i:02d}" for i in range(40)]
# Many languages, each with a weight: the header as a browser could send it, kilobytes long.
LANGUAGE = ",".join(f"x-l{i:04d};q=0.{i % 9 + 1}" for i in range(400)) + ",it-IT;q=0.1,en;q=0.05"
WON_ALL = [{"won": ["cards", "coins", "settebello", "primiera"], "scopas": 3}, {"won": [], "scopas": 0}]


@dataclass
class Request:
    family: str
    label: str
    method: str
    path: str
    body: object = None
    headers: dict | None = None
    undo: str = ""  # a DELETE sent after each sample, unmeasured, so the thing measured keeps its size


def seed_long_game(conn: http.client.HTTPConnection) -> tuple[str, dict]:
    """A game one hand short of HANDS_MAX, which the hand measured then fills."""
    game_id, keeper = new_game(conn)
    started = time.monotonic()
    for n in range(HANDS_MAX - 1):
        expect(conn, "POST", f"/api/v1/games/{game_id}/rounds", 201, hand_body(f"long-{n:04d}"), keeper)
    print(f"  the longest game: {HANDS_MAX - 1} hands in {time.monotonic() - started:.0f} s", flush=True)
    return game_id, keeper


def seed_group(conn: http.client.HTTPConnection) -> tuple[str, str, str]:
    """A group of GROUP_GAMES finished games; (its id, and the ids of its two players with the most games)."""
    group = expect(conn, "POST", "/api/v1/groups", 201, {"name": "Bench club"}, JSON_HEADERS)
    group_key = {**JSON_HEADERS, "X-Group-Key": group["group_key"]}
    started = time.monotonic()
    for n in range(GROUP_GAMES):
        a, b = NAMES[n % len(NAMES)], NAMES[(n * 7 + 3) % len(NAMES)]
        b = b if b != a else NAMES[(n + 1) % len(NAMES)]
        body = {**GAME, "sides": [{"name": a}, {"name": b}], "rules": {}, "group": group["id"]}
        game = expect(conn, "POST", "/api/v1/games", 201, body, group_key)
        keeper = {**JSON_HEADERS, "X-Keeper-Key": game["keeper_key"]}
        for i in range(2):  # 7-0 twice: the game is over at 11
            hand = {"submission_id": f"group-{n:05d}-{i}", "sides": WON_ALL if n % 3 else WON_ALL[::-1]}
            expect(conn, "POST", f"/api/v1/games/{game['id']}/rounds", 201, hand, keeper)
    players = expect(conn, "GET", f"/api/v1/groups/{group['id']}", 200)["players"]
    players.sort(key=lambda p: -p["games"])
    print(f"  a group of {GROUP_GAMES} games in {time.monotonic() - started:.0f} s", flush=True)
    return group["id"], players[0]["id"], players[1]["id"]


def seed_event(conn: http.client.HTTPConnection) -> str:
    """A Swiss event of ENTRANTS entrants over ROUNDS rounds, every game played to its end."""
    body = {
        "name": "Bench festival",
        "players": [f"Entrant {i:03d}" for i in range(ENTRANTS)],
        "pairing": "swiss",
        "rounds": ROUNDS,
        "rules": {"target": 4},
    }
    started = time.monotonic()
    event = expect(conn, "POST", "/api/v1/events", 201, body, JSON_HEADERS)
    organiser = {**JSON_HEADERS, "X-Organiser-Key": event["organiser_key"]}
    for number in range(1, ROUNDS + 1):
        played = expect(conn, "POST", f"/api/v1/events/{event['id']}/rounds", 201, headers=organiser)
        for i, table in enumerate(played["tables"]):
            game = table["game"]
            sides = [{"won": WON_ALL[0]["won"]}, {"won": []}] if (i + number) % 3 else [{"won": []}, WON_ALL[0]]
            hand = {"submission_id": f"event-{number}-{i:04d}", "sides": sides}
            keeper = {**JSON_HEADERS, "X-Keeper-Key": game["keeper_key"]}
            expect(conn, "POST", f"/api/v1/games/{game['id']}/rounds", 201, hand, keeper)
    print(f"  an event of {ENTRANTS} entrants over {ROUNDS} rounds in {time.monotonic() - started:.0f} s", flush=True)
    return event["id"]


def checker_path(**more: str) -> str:
    query = {"table": ",".join(CROWDED_TABLE), "hand": ",".join(CROWDED_HAND), **more}
    return "/check?" + urlencode(query, safe=",")


def requests(game: str, keeper: dict, group: str, player: str, other: str, event: str) -> list[Request]:
    """Every request measured, by family."""
    moves = {"hand": CROWDED_HAND, "table": CROWDED_TABLE}
    judge = {"card": "10d", "capture": ["1d", "2d"], "table": CROWDED_TABLE}
    rounds = f"/api/v1/games/{game}/rounds"
    pair = f"a={player}&b={other}"
    long = HANDS_MAX - 1  # the pages are read with the game one short of its limit, the hand measured its last
    return [
        Request("home", "home page", "GET", "/"),
        Request("home", "new game form", "GET", "/new"),
        Request("game pages", f"scoreboard, {long} hands", "GET", f"/g/{game}"),
        Request("game pages", f"hand list, {long} hands", "GET", f"/g/{game}/hands"),
        Request("game pages", "a hand's page", "GET", f"/g/{game}/hands/{long}"),
        Request("game pages", "scoreboard poll", "GET", f"/g/{game}/version"),
        Request("JSON game", f"GET /api/v1/games/<id>, {long} hands", "GET", f"/api/v1/games/{game}"),
        Request("hand recording", f"POST a hand, the {HANDS_MAX}th", "POST", rounds, "record", keeper),
        Request("checker", "checker page, crowded", "GET", checker_path()),
        Request("checker", "checker page, crowded, judging", "GET", checker_path(play="10d", take="1d,2d")),
        Request("checker", "POST /api/v1/moves, crowded", "POST", "/api/v1/moves", moves, JSON_HEADERS),
        Request("checker", "POST /api/v1/judge, crowded", "POST", "/api/v1/judge", judge, JSON_HEADERS),
        Request("paper", f"game sheet, {long} hands", "GET", f"/g/{game}/sheet"),
        Request("paper", f"game export JSON, {long} hands", "GET", f"/g/{game}/export.json"),
        Request("paper", f"game export CSV, {long} hands", "GET", f"/g/{game}/export.csv"),
        Request("paper", "blank pads", "GET", "/pads"),
        Request("group", f"group page, {GROUP_GAMES} games", "GET", f"/groups/{group}"),
        Request("group", "a player's page", "GET", f"/groups/{group}/players/{player}"),
        Request("group", "head-to-head page", "GET", f"/groups/{group}/h2h?{pair}"),
        Request("group JSON/export", "GET /api/v1/groups/<id>", "GET", f"/api/v1/groups/{group}"),
        Request("group JSON/export", "GET /api/v1/groups/<id>/stats", "GET", f"/api/v1/groups/{group}/stats"),
        Request("group JSON/export", "GET .../head-to-head", "GET", f"/api/v1/groups/{group}/head-to-head?{pair}"),
        Request("group JSON/export", "group export JSON, first page", "GET", f"/groups/{group}/export.json"),
        Request("group JSON/export", "group export CSV, first page", "GET", f"/groups/{group}/export.csv"),
        Request("event", f"event page, {ENTRANTS} entrants", "GET", f"/e/{event}"),
        Request("event", "standings API", "GET", f"/api/v1/events/{event}/standings"),
        Request("event", "GET /api/v1/events/<id>", "GET", f"/api/v1/events/{event}"),
        Request("event", "event export JSON", "GET", f"/e/{event}/export.json"),
        Request("event", "event export CSV", "GET", f"/e/{event}/export.csv"),
        Request("event", "event sheet", "GET", f"/e/{event}/sheet"),
        Request("event screen", "big screen", "GET", f"/e/{event}/screen"),
    ]


def send(conn: http.client.HTTPConnection, r: Request, sample: int) -> tuple[float, int]:
    """One measured request (the long Accept-Language on it): (seconds, bytes). Stops the run on a bad status."""
    body = r.body
    if body == "record":
        body = hand_body(f"budget-{sample:05d}")
    headers = {**(r.headers or {}), "Accept-Language": LANGUAGE}
    seconds, status, data = call(conn, r.method, r.path, body, headers)
    if status not in (200, 201):
        raise RuntimeError(f"{r.label}: {r.method} {r.path} answered {status}: {data[:300]!r}")
    if r.body == "record":  # the hand goes again, so the game stays one short of its limit
        number = json.loads(data)["number"]
        expect(conn, "DELETE", f"{r.path}/{number}", 204, headers=r.headers)
    return seconds, len(data)


def cost_table(app, fresh: str, kinds: list[Request]) -> tuple[float, dict[str, dict]]:
    """The median of each request and of the fresh scoreboard; the worst request of every family."""
    baseline: list[float] = []
    times: dict[str, list[float]] = {r.label: [] for r in kinds}
    sizes: dict[str, int] = {}
    for r in kinds:  # once each unmeasured: the first read works out what later reads find kept
        send(app.conn, r, -1)
    for sample in range(SAMPLES):
        for r in kinds:
            baseline.append(call(app.conn, "GET", f"/g/{fresh}")[0])
            seconds, size = send(app.conn, r, sample)
            times[r.label].append(seconds)
            sizes[r.label] = size
    board = median_ms(baseline)
    worst: dict[str, dict] = {}
    for r in kinds:
        ms = median_ms(times[r.label])
        if r.family not in worst or ms > worst[r.family]["median_ms"]:
            row = {"request": r.label, "path": r.path, "method": r.method, "median_ms": ms, "bytes": sizes[r.label]}
            worst[r.family] = {**row, "ratio": ms / board, "within": ms / board <= BUDGET}
    return board, worst


def print_table(board: float, worst: dict[str, dict]) -> None:
    print(f"\nCost budget: the worst request of each family, medians of {SAMPLES}, against the scoreboard of a")
    print(f"fresh game in the same run ({board:.2f} ms); budget {BUDGET:.0f}x")
    print(f"{'family':18} {'request':38} {'median':>11} {'bytes':>9} {'ratio':>7}  budget")
    for family, row in worst.items():
        verdict = "within" if row["within"] else f"OVER by {row['ratio'] / BUDGET:.1f}x"
        cost = f"{row['median_ms']:8.2f} ms {row['bytes']:9d} {row['ratio']:6.1f}x"
        print(f"{family:18} {row['request']:38} {cost}  {verdict}")


def poll_under(port: int, poll: str, load_path: str, clients: int, seconds: float) -> tuple[list[float], int]:
    """The poll's times while ``clients`` threads, each with its own kept-alive connection, GET ``load_path`` in a
    loop for ``seconds``; also how many loading requests were answered."""
    stop = threading.Event()
    answered = [0] * clients
    failures: list[str] = []

    def hammer(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            while not stop.is_set():
                _, status, _ = call(conn, "GET", load_path, headers={"Accept-Language": LANGUAGE})
                if status != 200:
                    failures.append(f"GET {load_path} answered {status}")
                    return
                answered[i] += 1
        except (OSError, http.client.HTTPException) as err:
            failures.append(f"GET {load_path}: {err!r}")
        finally:
            conn.close()

    threads = [threading.Thread(target=hammer, args=(i,), daemon=True) for i in range(clients)]
    for t in threads:
        t.start()
    poller = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    samples: list[float] = []
    try:
        time.sleep(min(1.0, seconds / 4))  # the load under way before the poll is timed
        end = time.monotonic() + seconds
        while time.monotonic() < end and len(samples) < 100_000:
            took, status, _ = call(poller, "GET", poll)
            if status != 200:
                raise RuntimeError(f"the poll answered {status}")
            samples.append(took)
            time.sleep(0.02)  # a phone polls now and then, not in a tight loop
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=90)
        poller.close()
    if failures:
        raise RuntimeError(failures[0])
    return samples, sum(answered)


POLL_COST_POLLS = 300 if QUICK else 3000


def poll_cost(app, game: str) -> dict[str, float]:
    """What one poll costs the server, in its own processor time (from /proc: a figure a busy machine barely moves,
    unlike a latency): a 304 as a viewer's poll of an unchanged game gets it, and a 200 (no tag) for comparison.

    waitress closes the connection after a bodiless answer (a 304), so each 304 poll here is also a new connection,
    as for a phone; the 200s keep theirs (http.client connects again whenever the server closed)."""
    path = f"/g/{game}/version"
    conn = http.client.HTTPConnection("127.0.0.1", app.port, timeout=60)
    try:
        _, status, body = call(conn, "GET", path)
        tag = {"If-None-Match": f'"{json.loads(body)["version"]}"'}
        figures = {}
        for name, headers, expected in (("304_us", tag, 304), ("200_us", None, 200)):
            cpu0, t0 = app.cpu_seconds(), time.perf_counter()
            for _ in range(POLL_COST_POLLS):
                _, status, _ = call(conn, "GET", path, headers=headers)
                if status != expected:
                    raise RuntimeError(f"the poll answered {status}, not {expected}")
            figures[name] = (app.cpu_seconds() - cpu0) / POLL_COST_POLLS * 1e6
            figures[name.replace("_us", "_wall_us")] = (time.perf_counter() - t0) / POLL_COST_POLLS * 1e6
    finally:
        conn.close()
    return figures


def main() -> None:
    started = time.monotonic()
    mode = " (BENCH_QUICK=1: small things, one sample)" if QUICK else ""
    print(f"Budget: waitress in its own process on 127.0.0.1, {os.cpu_count()} cores shared with the benchmark{mode}")
    with (
        tempfile.TemporaryDirectory() as folder,
        server(APP, {"SCOREKEEPER_DATABASE": os.path.join(folder, "budget.sqlite3")}) as app,
    ):
        check_one_all(app.conn)
        fresh, _ = new_game(app.conn)
        game, keeper = seed_long_game(app.conn)
        group, player, other = seed_group(app.conn)
        event = seed_event(app.conn)
        kinds = requests(game, keeper, group, player, other, event)
        board, worst = cost_table(app, fresh, kinds)
        print_table(board, worst)
        gets = [row for row in worst.values() if row["method"] == "GET"]
        heaviest = max(gets, key=lambda row: row["median_ms"])
        app.conn.close()
        poll = f"/g/{fresh}/version"
        cost = poll_cost(app, fresh)
        print(
            f"\nA poll's own cost, {POLL_COST_POLLS} polls one after another: server CPU {cost['304_us']:.0f} us a 304"
            f" (each on a new connection), {cost['200_us']:.0f} us a 200 on a kept connection"
            f" (wall {cost['304_wall_us']:.0f} and {cost['200_wall_us']:.0f} us)"
        )
        print(f"\nThe poll (GET /g/<id>/version) under load: {LOAD_CLIENTS} clients, {PHASE_SECONDS:.0f} s a phase")
        phases = {}
        for name, path in (("scoreboards", f"/g/{fresh}"), (f"heaviest: {heaviest['request']}", heaviest["path"])):
            samples, answered = poll_under(app.port, poll, path, LOAD_CLIENTS, PHASE_SECONDS)
            phases[name] = {
                "p50_ms": percentile_ms(samples, 50),
                "p95_ms": percentile_ms(samples, 95),
                "polls": len(samples),
                "load_requests_per_second": answered / PHASE_SECONDS,
            }
            row = phases[name]
            print(
                f"  while loading {name:48} poll p50 {row['p50_ms']:7.2f} ms, p95 {row['p95_ms']:7.2f} ms"
                f" ({row['polls']} polls; {row['load_requests_per_second']:.0f} loads/s)",
                flush=True,
            )
    light, heavy = phases.values()
    ratio50, ratio95 = heavy["p50_ms"] / light["p50_ms"], heavy["p95_ms"] / light["p95_ms"]
    poll_ok = ratio50 <= POLL_AIM
    print(
        f"poll under load: heavy/scoreboards p50 {ratio50:.2f}x, p95 {ratio95:.2f}x"
        f" (aim: p50 within {POLL_AIM:.0f}x: {'met' if poll_ok else 'missed'})"
    )
    over = [family for family, row in worst.items() if not row["within"]]
    OUT.mkdir(exist_ok=True)
    report = {
        "quick": QUICK,
        "scoreboard_fresh_ms": board,
        "budget_times": BUDGET,
        "families": worst,
        "poll": phases,
        "poll_cost": cost,
        "poll_ratio_p50": ratio50,
        "poll_ratio_p95": ratio95,
        "seconds": time.monotonic() - started,
    }
    (OUT / "budget.json").write_text(json.dumps(report, indent=2) + "\n")
    print(f"({time.monotonic() - started:.0f} s; over budget: {', '.join(over) or 'none'})")
    if not QUICK and (over or not poll_ok):
        sys.exit(1)


if __name__ == "__main__":
    main()
