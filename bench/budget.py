"""Benchmark: the cost budget of every route family, and a table's save and scoreboard under heavy load, in one run.

The app runs as ``make run`` runs it (``python -m scorekeeper.serve``: uvicorn on uvloop, Flask through a2wsgi in 32
threads, in its own process on 127.0.0.1) on a fresh SQLite database, its rate limits on but raised above what this
benchmark sends (bench.serving.BENCH_LIMITS). It first builds, through the API, the largest thing an anonymous
client may build for each route family, within the app's own limits read from the rules core and the rate limits:

- the longest game: HANDS_MAX - 1 hands, two sides scoring 1-1 a hand (the app stops a game at HANDS_MAX: the
  hand recording measured is that last hand, deleted again after each sample);
- a group with as many finished games as one address may create in an hour under RATELIMIT_CREATE (quick: 20),
  its players drawn from a pool of names so that head-to-head tables fill, and its ratings and ladder;
- a season: SEASON_EVENTS_MAX finished one-round events of the group (quick: 3), each of SEASON_ENTRANTS players;
- an event with ENTRANTS_MAX entrants over ROUNDS_MAX Swiss rounds, every game played but the last round's, which
  is paired and left open (quick: 8 over 2): its organiser's JSON (``GET /api/v1/events/<id>`` with the organiser
  key, made for each request) and its open round paired again (the pairing family);
- the most crowded capture-checker position known (bench.checker);
- and every request carries a long Accept-Language header (several kilobytes, under the server's header bound).

1. The cost table: each request of every family is sent one after another over a kept-alive connection,
   interleaved with the others so a noisy moment falls on all alike, and the median taken (the pairing, which
   changes the event, after the others). The worst request of each family is printed with its size and its ratio
   to the scoreboard of a fresh game measured in the same run. The budget: no request costs more than 20 times
   that scoreboard.
2. A table under heavy load: a table's save (``POST /api/v1/games/<id>/rounds``) and its scoreboard
   (``GET /g/<id>``, what the keeper's form opens next), timed as a pair, p50 and p95, while LOAD_CLIENTS clients
   load scoreboards in a loop, then while LOAD_CLIENTS clients hammer the worst request of each family, back to
   back without waiting: first all from one address, then each from its own (127.0.0.2 ... 127.0.0.9). The
   costly families run in the lane (scorekeeper/web/common/limits.py: one request running and three waiting per
   address, any more answered 503 busy at once): the 503s each phase got are counted and printed, as expected,
   beside the answers. The aim: the table's pair under each heavy load within 2 times its p50 under the
   scoreboard load.

Full mode exits with status 1 if a family is over its budget or a heavy load's ratio over 2. ``BENCH_QUICK=1``
builds small things, sends each request once and runs each load phase a second or so, and never fails on a figure.
A JSON copy of the results goes to bench/out/budget.json (bench/out/quick/ in quick mode).
"""

from __future__ import annotations

import http.client
import json
import os
import sys
import tempfile
import textwrap
import threading
import time
from collections import Counter
from dataclasses import dataclass
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
    results_dir,
    server,
)
from scorekeeper.rules.events import ENTRANTS_MAX, ROUNDS_MAX
from scorekeeper.rules.ledger import HANDS_MAX
from scorekeeper.rules.season import SEASON_EVENTS_MAX
from scorekeeper.web.common.limits import DEFAULTS, LANE_PER_ADDRESS

QUICK = os.environ.get("BENCH_QUICK") == "1"
BUDGET = 20.0  # times the scoreboard of a fresh game, for any request
LOAD_AIM = 2.0  # the table's p50 under each heavy load, over its p50 under the scoreboard load


def hourly_creations() -> int:
    """The most games one address may create in an hour under the app's RATELIMIT_CREATE."""
    hour = [item for item in parse_many(DEFAULTS["RATELIMIT_CREATE"]) if item.get_expiry() == 3600]
    return min(item.amount for item in hour) if hour else 600


SAMPLES = 1 if QUICK else 15
GROUP_GAMES = 20 if QUICK else hourly_creations()
ENTRANTS, ROUNDS = (8, 2) if QUICK else (ENTRANTS_MAX, ROUNDS_MAX)
SEASON_EVENTS, SEASON_ENTRANTS = (3, 4) if QUICK else (SEASON_EVENTS_MAX, 14)
LOAD_CLIENTS = 5 if QUICK else 8  # quick: one more than the lane admits an address, so a 503 path runs
PHASE_SECONDS = 1.0 if QUICK else 10.0
TABLE_PAUSE = 0.2  # seconds between the table's pairs: a keeper saves now and then, not in a tight loop
# The hammering clients' addresses: all from one, then each its own (the table measured asks from 127.0.0.1).
ONE_ADDRESS = ["127.0.0.2"] * LOAD_CLIENTS
OWN_ADDRESSES = [f"127.0.0.{2 + i}" for i in range(LOAD_CLIENTS)]
NAMES = [f"Player {i:02d}" for i in range(40)]
# Many languages, each with a weight: the header as a browser could send it, kilobytes long.
LANGUAGE = ",".join(f"x-l{i:04d};q=0.{i % 9 + 1}" for i in range(400)) + ",it-IT;q=0.1,en;q=0.05"
WON_ALL = [{"won": ["cards", "coins", "settebello", "primiera"], "scopas": 3}, {"won": [], "scopas": 0}]
# Families a table sends itself, never hammered: the table's own requests are what is measured under the load.
TABLE_FAMILIES = {"home", "hand recording"}


@dataclass
class Request:
    family: str
    label: str
    method: str
    path: str
    body: object = None
    headers: dict | None = None
    alone: bool = False  # changes what other requests read: measured after them, hammered last


@dataclass
class Built:
    """What the benchmark built, by id."""

    fresh: str
    game: str
    keeper: dict
    group: str
    player: str
    other: str
    event: str
    organiser: dict
    open_round: int


def seed_long_game(conn: http.client.HTTPConnection) -> tuple[str, dict]:
    """A game one hand short of HANDS_MAX, which the hand measured then fills."""
    game_id, keeper = new_game(conn)
    started = time.monotonic()
    for n in range(HANDS_MAX - 1):
        expect(conn, "POST", f"/api/v1/games/{game_id}/rounds", 201, hand_body(f"long-{n:04d}"), keeper)
    print(f"  the longest game: {HANDS_MAX - 1} hands in {time.monotonic() - started:.0f} s", flush=True)
    return game_id, keeper


def play(conn: http.client.HTTPConnection, tables: list[dict], tag: str) -> None:
    """Every table of a round paired: one hand that ends its game (to 4), won by one side or the other."""
    for i, table in enumerate(tables):
        game = table["game"]
        sides = [{"won": WON_ALL[0]["won"]}, {"won": []}] if i % 3 else [{"won": []}, {"won": WON_ALL[0]["won"]}]
        hand = {"submission_id": f"{tag}-{i:04d}", "sides": sides}
        keeper = {**JSON_HEADERS, "X-Keeper-Key": game["keeper_key"]}
        expect(conn, "POST", f"/api/v1/games/{game['id']}/rounds", 201, hand, keeper)


def seed_group(conn: http.client.HTTPConnection) -> tuple[str, dict, str, str]:
    """A group of GROUP_GAMES finished games and a season of SEASON_EVENTS finished events; (its id, its key's
    headers, and the ids of its two players with the most games)."""
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
    print(f"  a group of {GROUP_GAMES} games in {time.monotonic() - started:.0f} s", flush=True)
    started = time.monotonic()
    for n in range(SEASON_EVENTS):
        players = [NAMES[(n * 3 + k * 5) % len(NAMES)] for k in range(SEASON_ENTRANTS)]
        players = list(dict.fromkeys(players)) or NAMES[:SEASON_ENTRANTS]
        body = {"name": f"Season night {n}", "players": players, "pairing": "swiss", "rounds": 1}
        event = expect(
            conn, "POST", "/api/v1/events", 201, {**body, "rules": {"target": 4}, "group": group["id"]}, group_key
        )
        organiser = {**JSON_HEADERS, "X-Organiser-Key": event["organiser_key"]}
        played = expect(conn, "POST", f"/api/v1/events/{event['id']}/rounds", 201, headers=organiser)
        play(conn, played["tables"], f"season-{n:03d}")
        expect(conn, "POST", f"/api/v1/events/{event['id']}/finish", 200, headers=organiser)
    print(f"  a season of {SEASON_EVENTS} events in {time.monotonic() - started:.0f} s", flush=True)
    players = expect(conn, "GET", f"/api/v1/groups/{group['id']}", 200)["players"]
    players.sort(key=lambda p: -p["games"])
    return group["id"], group_key, players[0]["id"], players[1]["id"]


def seed_event(conn: http.client.HTTPConnection) -> tuple[str, dict, int]:
    """A Swiss event of ENTRANTS entrants over ROUNDS rounds, every game played to its end but the last round's,
    paired and left open; (its id, the organiser's headers, the open round's number)."""
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
        if number < ROUNDS:
            play(conn, played["tables"], f"event-{number}")
    print(
        f"  an event of {ENTRANTS} entrants over {ROUNDS} rounds (the last open) in {time.monotonic() - started:.0f} s",
        flush=True,
    )
    return event["id"], organiser, ROUNDS


def checker_path(**more: str) -> str:
    query = {"table": ",".join(CROWDED_TABLE), "hand": ",".join(CROWDED_HAND), **more}
    return "/check?" + urlencode(query, safe=",")


def requests(b: Built) -> list[Request]:
    """Every request measured, by family."""
    moves = {"hand": CROWDED_HAND, "table": CROWDED_TABLE}
    judge = {"card": "10d", "capture": ["1d", "2d"], "table": CROWDED_TABLE}
    game, group, event = b.game, b.group, b.event
    rounds = f"/api/v1/games/{game}/rounds"
    pair = f"a={b.player}&b={b.other}"
    long = HANDS_MAX - 1  # the pages are read with the game one short of its limit, the hand measured its last
    return [
        Request("home", "home page", "GET", "/"),
        Request("home", "new game form", "GET", "/new"),
        Request("game pages", f"scoreboard, {long} hands", "GET", f"/g/{game}"),
        Request("game pages", f"hand list, {long} hands", "GET", f"/g/{game}/hands"),
        Request("game pages", "a hand's page", "GET", f"/g/{game}/hands/{long}"),
        Request("game pages", "scoreboard poll (where no stream gets through)", "GET", f"/g/{game}/version"),
        Request("JSON game", f"GET /api/v1/games/<id>, {long} hands", "GET", f"/api/v1/games/{game}"),
        Request("hand recording", f"POST a hand, the {HANDS_MAX}th", "POST", rounds, "record", b.keeper),
        Request("checker", "checker page, crowded", "GET", checker_path()),
        Request("checker", "checker page, crowded, judging", "GET", checker_path(play="10d", take="1d,2d")),
        Request("checker", "POST /api/v1/moves, crowded", "POST", "/api/v1/moves", moves, JSON_HEADERS),
        Request("checker", "POST /api/v1/judge, crowded", "POST", "/api/v1/judge", judge, JSON_HEADERS),
        Request("paper", f"game sheet, {long} hands", "GET", f"/g/{game}/sheet"),
        Request("paper", f"game export JSON, {long} hands", "GET", f"/g/{game}/export.json"),
        Request("paper", f"game export CSV, {long} hands", "GET", f"/g/{game}/export.csv"),
        Request("paper", "blank pads", "GET", "/pads"),
        Request("group", f"group page, {GROUP_GAMES} games", "GET", f"/groups/{group}"),
        Request("group", "head-to-head page", "GET", f"/groups/{group}/h2h?{pair}"),
        Request("player", "a player's page", "GET", f"/groups/{group}/players/{b.player}"),
        Request("group JSON/export", "GET /api/v1/groups/<id>", "GET", f"/api/v1/groups/{group}"),
        Request("group JSON/export", "GET /api/v1/groups/<id>/stats", "GET", f"/api/v1/groups/{group}/stats"),
        Request("group JSON/export", "GET .../head-to-head", "GET", f"/api/v1/groups/{group}/head-to-head?{pair}"),
        Request("group JSON/export", "group export JSON, first page", "GET", f"/groups/{group}/export.json"),
        Request("group JSON/export", "group export CSV, first page", "GET", f"/groups/{group}/export.csv"),
        Request("ratings", "GET /api/v1/groups/<id>/ratings", "GET", f"/api/v1/groups/{group}/ratings"),
        Request("ratings", "ladder page", "GET", f"/groups/{group}/ladder"),
        Request("season", f"season page, {SEASON_EVENTS} events", "GET", f"/groups/{group}/season"),
        Request("season", "GET /api/v1/groups/<id>/season", "GET", f"/api/v1/groups/{group}/season"),
        Request("season", "season sheet", "GET", f"/groups/{group}/season/sheet"),
        Request("event", f"event page, {ENTRANTS} entrants", "GET", f"/e/{event}"),
        Request("event", "standings API", "GET", f"/api/v1/events/{event}/standings"),
        Request("event", "GET /api/v1/events/<id>", "GET", f"/api/v1/events/{event}"),
        Request("event", "GET /api/v1/events/<id>, organiser", "GET", f"/api/v1/events/{event}", None, b.organiser),
        Request("event", "event export JSON", "GET", f"/e/{event}/export.json"),
        Request("event", "event export CSV", "GET", f"/e/{event}/export.csv"),
        Request("event", "event sheet", "GET", f"/e/{event}/sheet"),
        Request("event screen", "big screen", "GET", f"/e/{event}/screen"),
        Request(
            "pairing",
            f"pair the open round again, {ENTRANTS} entrants",
            "POST",
            f"/api/v1/events/{event}/rounds/{b.open_round}/repair",
            None,
            b.organiser,
            alone=True,
        ),
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


def cost_table(app, fresh: str, kinds: list[Request]) -> tuple[float, float, dict[str, dict]]:
    """The median of each request and of the fresh scoreboard, in wall time and in the server's CPU time (which a
    busy machine moves less); the worst request of every family, by wall time. Requests that change what others
    read (``alone``) are measured after the others."""
    baseline: list[float] = []
    baseline_cpu: list[float] = []
    times: dict[str, list[float]] = {r.label: [] for r in kinds}
    cpu: dict[str, list[float]] = {r.label: [] for r in kinds}
    sizes: dict[str, int] = {}
    for r in kinds:  # once each unmeasured: the first read works out what later reads find kept
        send(app.conn, r, -1)
    for group in ([r for r in kinds if not r.alone], [r for r in kinds if r.alone]):
        for sample in range(SAMPLES):
            for r in group:
                cpu0 = app.cpu_seconds()
                baseline.append(call(app.conn, "GET", f"/g/{fresh}")[0])
                cpu1 = app.cpu_seconds()
                seconds, size = send(app.conn, r, sample)  # (a hand recorded counts its deletion too)
                baseline_cpu.append(cpu1 - cpu0)
                cpu[r.label].append(app.cpu_seconds() - cpu1)
                times[r.label].append(seconds)
                sizes[r.label] = size
    board, board_cpu = median_ms(baseline), median_ms(baseline_cpu)
    worst: dict[str, dict] = {}
    for r in kinds:
        ms, cpu_ms = median_ms(times[r.label]), median_ms(cpu[r.label])
        if r.family not in worst or ms > worst[r.family]["median_ms"]:
            row = {"request": r.label, "path": r.path, "method": r.method, "median_ms": ms, "bytes": sizes[r.label]}
            row |= {"cpu_ms": cpu_ms, "cpu_ratio": cpu_ms / board_cpu}
            worst[r.family] = {**row, "ratio": ms / board, "within": ms / board <= BUDGET}
    return board, board_cpu, worst


def print_table(board: float, board_cpu: float, worst: dict[str, dict]) -> None:
    said = (
        f"Cost budget: the worst request of each family, medians of {SAMPLES}, against the scoreboard of a fresh game"
        f" in the same run ({board:.2f} ms; the server's CPU {board_cpu:.2f} ms); budget {BUDGET:.0f}x, by wall"
        " time (the CPU time beside it, which other work on the machine moves less)"
    )
    print("\n" + textwrap.fill(said, 116))
    print(f"{'family':18} {'request':44} {'median':>11} {'cpu':>8} {'bytes':>9} {'ratio':>7} {'cpu':>6}  budget")
    for family, row in worst.items():
        verdict = "within" if row["within"] else f"OVER by {row['ratio'] / BUDGET:.1f}x"
        cost = f"{row['median_ms']:8.2f} ms {row['cpu_ms']:8.2f} {row['bytes']:9d} {row['ratio']:6.1f}x"
        print(f"{family:18} {row['request'][:44]:44} {cost} {row['cpu_ratio']:5.1f}x  {verdict}")


@dataclass
class Phase:
    """What the table measured while the load ran, and what the load's requests were answered."""

    table: list[float]  # seconds of each save + scoreboard pair
    statuses: Counter  # the load's answers by status
    errors: list[str]

    def row(self) -> dict:
        return {
            "table_p50_ms": percentile_ms(self.table, 50),
            "table_p95_ms": percentile_ms(self.table, 95),
            "table_pairs": len(self.table),
            "load_answers": dict(self.statuses),
            "load_busy_503": self.statuses.get(503, 0),
            "load_done_per_second": sum(n for s, n in self.statuses.items() if s < 300) / PHASE_SECONDS,
            "errors": self.errors[:3],
        }


def table_under(port: int, table: tuple[str, dict], load: Request, addresses: list[str]) -> Phase:
    """The table's save + scoreboard pairs, timed, while one client from each of ``addresses``, each with its own
    kept-alive connection, sends ``load`` back to back for PHASE_SECONDS (a 503 busy counted and sent again at
    once, as a hostile client would); every hand the table saves is deleted again, unmeasured."""
    stop = threading.Event()
    answers: list[Counter] = [Counter() for _ in addresses]
    errors: list[str] = []
    body = json.dumps(load.body) if load.body is not None else None
    headers = {**(load.headers or {}), "Accept-Language": LANGUAGE}

    def hammer(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(addresses[i], 0))
        try:
            for _ in range(1_000_000):  # bounded in count, and by `stop` in time
                if stop.is_set():
                    return
                _, status, _ = call(conn, load.method, load.path, body, headers)
                answers[i][status] += 1
        except (OSError, http.client.HTTPException) as err:
            errors.append(f"{load.method} {load.path}: {err!r}")
        finally:
            conn.close()

    threads = [threading.Thread(target=hammer, args=(i,), daemon=True) for i in range(len(addresses))]
    for t in threads:
        t.start()
    game_id, keeper = table
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    samples: list[float] = []
    rounds = f"/api/v1/games/{game_id}/rounds"
    try:
        time.sleep(min(1.0, PHASE_SECONDS / 4))  # the load under way before the table is timed
        end = time.monotonic() + PHASE_SECONDS
        for n in range(100_000):
            if time.monotonic() >= end:
                break
            took, status, data = call(conn, "POST", rounds, hand_body(f"under-{time.time_ns()}-{n:05d}"), keeper)
            if status != 201:
                raise RuntimeError(f"the table's save answered {status}: {data[:200]!r}")
            seconds, status, _ = call(conn, "GET", f"/g/{game_id}")
            if status != 200:
                raise RuntimeError(f"the table's scoreboard answered {status}")
            samples.append(took + seconds)
            expect(conn, "DELETE", f"{rounds}/{json.loads(data)['number']}", 204, headers=keeper)
            time.sleep(TABLE_PAUSE)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=90)
        conn.close()
    return Phase(samples, sum(answers, Counter()), errors)


def heavy_load(port: int, table: tuple[str, dict], fresh: str, kinds: list[Request], worst: dict) -> dict:
    """The table under the scoreboard load, then under each family's worst request from one address and from
    LOAD_CLIENTS addresses."""
    said = (
        f"A table's save + scoreboard (p50, p95 of the pair, a pair every {TABLE_PAUSE:.1f} s) under load:"
        f" {LOAD_CLIENTS} clients back to back, {PHASE_SECONDS:.0f} s a phase. The lane admits"
        f" {1 + LANE_PER_ADDRESS} requests an address (one running, {LANE_PER_ADDRESS} waiting): clients of one"
        " address beyond that are answered 503 busy at once, as expected, and counted."
    )
    print("\n" + textwrap.fill(said, 116, subsequent_indent="  "))
    print(f"  {'load':58} {'from':>9} {'table p50':>10} {'p95':>9} {'ratio':>6} {'done/s':>7} {'503s':>7}  other")
    by_label = {r.label: r for r in kinds}
    board = Request("scoreboards", "scoreboards of a fresh game", "GET", f"/g/{fresh}")
    plan = [(board, "8 addresses" if LOAD_CLIENTS == 8 else f"{LOAD_CLIENTS} addresses", OWN_ADDRESSES)]
    hammered = [f for f in worst if f not in TABLE_FAMILIES]
    hammered.sort(key=lambda f: by_label[worst[f]["request"]].alone)  # what changes the event goes last
    for family in hammered:
        r = by_label[worst[family]["request"]]
        plan += [(r, "1 address", ONE_ADDRESS), (r, f"{LOAD_CLIENTS} addresses", OWN_ADDRESSES)]
    phases: list[dict] = []
    base = None
    for r, where, addresses in plan:
        phase = table_under(port, table, r, addresses)
        row = {"family": r.family, "request": r.label, "from": where, **phase.row()}
        base = base or row["table_p50_ms"]
        row["ratio"] = row["table_p50_ms"] / base
        phases.append(row)
        other = {s: n for s, n in phase.statuses.items() if s not in (200, 201, 503)}
        print(
            f"  {(r.family + ': ' + r.label)[:58]:58} {where:>9} {row['table_p50_ms']:7.1f} ms"
            f" {row['table_p95_ms']:6.1f} ms {row['ratio']:5.2f}x {row['load_done_per_second']:7.1f}"
            f" {row['load_busy_503']:7d}  {other or ''}{'; ' + phase.errors[0][:80] if phase.errors else ''}",
            flush=True,
        )
    return {"baseline_p50_ms": base, "phases": phases}


def main() -> None:
    started = time.monotonic()
    mode = " (BENCH_QUICK=1: small things, one sample)" if QUICK else ""
    print("Budget: python -m scorekeeper.serve (uvicorn, Flask through a2wsgi) in its own process on 127.0.0.1,")
    print(f"{os.cpu_count()} cores shared with the benchmark and with other work{mode}")
    with (
        tempfile.TemporaryDirectory() as folder,
        server(APP, {"SCOREKEEPER_DATABASE": os.path.join(folder, "budget.sqlite3")}) as app,
    ):
        check_one_all(app.conn)
        fresh, _ = new_game(app.conn)
        game, keeper = seed_long_game(app.conn)
        group, _group_key, player, other = seed_group(app.conn)
        event, organiser, open_round = seed_event(app.conn)
        built = Built(fresh, game, keeper, group, player, other, event, organiser, open_round)
        kinds = requests(built)
        board, board_cpu, worst = cost_table(app, fresh, kinds)
        print_table(board, board_cpu, worst)
        # The table measured under load: a game of a few hands, each hand saved deleted again.
        table_game, table_keeper = new_game(app.conn)
        for n in range(5):
            expect(
                app.conn, "POST", f"/api/v1/games/{table_game}/rounds", 201, hand_body(f"table-{n:04d}"), table_keeper
            )
        app.conn.close()
        load = heavy_load(app.port, (table_game, table_keeper), fresh, kinds, worst)
    over = [family for family, row in worst.items() if not row["within"]]
    slow = [f"{p['family']} from {p['from']}" for p in load["phases"][1:] if p["ratio"] > LOAD_AIM]
    busy = sum(p["load_busy_503"] for p in load["phases"])
    print(
        f"table under load: worst heavy/scoreboards p50 {max(p['ratio'] for p in load['phases']):.2f}x"
        f" (aim: each within {LOAD_AIM:.0f}x: {'met' if not slow else 'missed by ' + ', '.join(slow)});"
        f" {busy} loading requests answered 503 busy in all"
    )
    out = results_dir()
    out.mkdir(parents=True, exist_ok=True)
    report = {
        "quick": QUICK,
        "load_average": os.getloadavg(),
        "scoreboard_fresh_ms": board,
        "scoreboard_fresh_cpu_ms": board_cpu,
        "budget_times": BUDGET,
        "families": worst,
        "table_under_load": load,
        "load_aim": LOAD_AIM,
        "seconds": time.monotonic() - started,
    }
    (out / "budget.json").write_text(json.dumps(report, indent=2) + "\n")
    print(f"({time.monotonic() - started:.0f} s; over budget: {', '.join(over) or 'none'})")
    if not QUICK and (over or slow):
        sys.exit(1)


if __name__ == "__main__":
    main()
