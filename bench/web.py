"""Benchmark: the web app against a bare Flask route, in one run; how many tables one server holds; what idle
streams cost it.

Both servers run as ``make run`` runs the app (``python -m scorekeeper.serve``: uvicorn on uvloop with the guarded
httptools protocol, the live streams answered on the event loop, every other request handed to Flask through
a2wsgi in 32 threads), each in its own process on 127.0.0.1; the bare route is bench/bare.py, served the same way.

1. Flat cost: recording a hand, the scoreboard page and the JSON game (its first read after a change, plain and
   with gzip, then the same version read again, each way) at 5, 100 and HANDS_MAX - 1 hands (one
   short of the app's limit of hands in a game, so that the longest game can still take the hand measured),
   one request after another over a kept-alive connection, each as a median and as a ratio to the bare route measured
   in the same run; the last column divides the longest game's median by the shortest's (flat is about 1).
   The long game is built through the API, two sides scoring 1-1 every hand so that it never ends.
2. The capture checker's pages, the same way.
3. Where the server's processor goes: the server's own CPU time per request (from /proc, which a busy machine
   barely moves, unlike a latency) for each request a table sends, and what a table costs a core from them.
4. Capacity: tables of five phones (bench.load: four viewers each holding the scoreboard's stream and reloading
   the page after each hand they hear of, a keeper saving a hand every 2 minutes), every phone on its own
   connection, at increasing numbers of tables until a step fails (run once more first, as the machine is
   shared): any kind of request with its p99 at P99_LIMIT_MS or over, an error, or a save heard by its viewers'
   streams later than SEEN_LIMIT_S at p95. First with one server process as ``make run`` starts it, then, from the
   first step that did not hold, with ``--workers 2``. The client load runs in processes of its own, at most
   CLIENT_TABLES tables each (a process's open files are limited: see ``client_files``).
5. Idle streams: IDLE_STREAMS streams open on games that do not change; the server's CPU (share of one core) and
   resident memory with them open against without them. Aim: under 5% of a core and under 200 MB.

``BENCH_QUICK=1`` shrinks every count for a smoke run (a few hundred connections). A JSON copy of the results goes
to bench/out/web.json (bench/out/quick/ in quick mode).
"""

from __future__ import annotations

import asyncio
import datetime
import json
import os
import platform
import resource
import subprocess
import tempfile
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

from bench import gcwatch, load
from bench.serving import (
    APP,
    BARE,
    Probe,
    Server,
    call,
    check_one_all,
    expect,
    hand_body,
    median_ms,
    new_game,
    percentile_ms,
    results_dir,
    server,
    timed,
)
from scorekeeper.rules.ledger import HANDS_MAX
from scorekeeper.serve.cli import CONNECTIONS_MAX, allow_open_files


@dataclass(frozen=True)
class Plan:
    levels: tuple[int, ...]  # game lengths (hands) of the flat-cost table
    samples: int  # requests of each kind at each length
    level_seconds: float  # ... or fewer, once a length has taken this long (at least 5 samples)
    seed_seconds: float  # the whole long game is built within this time, or measured as far as it got
    cost_samples: int  # requests of each kind for the server's CPU per request
    steps: tuple[int, ...]  # tables at each capacity step, stopping after the first that fails
    keeper_period: float  # seconds between two hands at a table
    warmup: float  # seconds of each step before it is measured
    step_seconds: float  # seconds measured in each step
    capacity_seconds: float  # no step starts after this much capacity time
    client_tables: int  # tables a client process holds at most
    wide_from: int | None  # tables from which --workers 2 is run even when one process held them (quick: its path)
    idle_streams: int
    idle_seconds: float  # the window the server's CPU is measured over, with and without the idle streams


# The longest game measured is one hand short of the app's limit (HANDS_MAX, from the rules core): each
# sample records a hand there, which must be the game's last allowed hand, and deletes it again.
LONGEST = HANDS_MAX - 1
FULL = Plan(
    levels=(5, 100, LONGEST),
    samples=30,
    level_seconds=30,
    seed_seconds=240,
    cost_samples=200,
    steps=(250, 500, 1000, 2000, 3000, 5000),
    keeper_period=load.KEEPER_PERIOD,
    warmup=3,
    step_seconds=30,
    capacity_seconds=2400,
    client_tables=3000,
    wide_from=None,
    idle_streams=5000,
    idle_seconds=20,
)
# Quick: 40 tables (200 connections) in two client processes of 30 tables, so every path of the full run runs, a
# hand every 4 s a table so that a step of seconds has saves to measure.
QUICK = Plan((5, 20, 60), 6, 10, 60, 20, (20, 40), 4.0, 1, 3, 120, 30, 40, 300, 2)

AIMS = {"record": 4.0, "board": 3.0}  # times the bare route, at any game length
# The JSON game's reads, in the order each sample sends them: the first read of a version (its body made and kept),
# the first asking for gzip (the kept body compressed once), then the same version again, plain and gzip.
GZIP = {"Accept-Encoding": "gzip"}
JSON_READS = {"json_made": {}, "json_gzip_made": GZIP, "json": {}, "json_gzip": GZIP}
GZIP_MAGIC = b"\x1f\x8b"
# The capacity server: the app as make run starts it, through bench/gcwatch.py, which only watches the garbage
# collector.
WATCHED_APP = ["bench.gcwatch", *APP[1:]]
P99_LIMIT_MS = 250.0  # a step holds when every kind of request's p99 is under this
SEEN_LIMIT_S = 1.0  # ... and a save reaches its viewers' streams within this, at p95
IDLE_CPU_AIM = 0.05  # of one core, for IDLE_STREAMS idle streams
IDLE_RSS_AIM_MB = 200.0


def cell(ms: float, bare: float) -> str:
    return f"{ms:8.2f} ms {ms / bare:6.1f}x"


def measure_level(app, bare, game_id: str, keeper: dict, hands: int, plan: Plan, tag: str) -> dict[str, list[float]]:
    """Each kind of request at ``hands`` hands. A recorded hand is deleted again so the length stays put."""
    times: dict[str, list[float]] = {kind: [] for kind in ("bare", "record", "board", *JSON_READS)}
    # The server closes a connection idle for 30 s (the bare one, while a long game was built): start afresh.
    bare.conn.close()
    app.conn.close()
    for _ in range(3):
        timed(bare.conn, "GET", "/")
    deadline = time.monotonic() + plan.level_seconds
    for i in range(plan.samples):
        if i >= 5 and time.monotonic() > deadline:
            break
        times["bare"].append(timed(bare.conn, "GET", "/")[0])
        seconds, status = timed(app.conn, "GET", f"/g/{game_id}")
        assert status == 200, status
        times["board"].append(seconds)
        # The JSON game: its first read since the last change (the body made), then the same version again.
        for kind, headers in JSON_READS.items():
            seconds, status, data = call(app.conn, "GET", f"/api/v1/games/{game_id}", headers=headers)
            assert status == 200 and data.startswith(GZIP_MAGIC) == ("gzip" in kind), (kind, status, data[:20])
            times[kind].append(seconds)
        times["bare"].append(timed(bare.conn, "GET", "/")[0])
        t0 = time.perf_counter()
        answer = expect(app.conn, "POST", f"/api/v1/games/{game_id}/rounds", 201, hand_body(f"{tag}-{i:06d}"), keeper)
        times["record"].append(time.perf_counter() - t0)
        expect(app.conn, "DELETE", f"/api/v1/games/{game_id}/rounds/{answer['number']}", 204, headers=keeper)
    return times


def seed(app, game_id: str, keeper: dict, have: int, want: int, deadline: float) -> int:
    """Record hands through the API until the game has ``want`` (or the deadline passes); the number it has."""
    last_report = time.monotonic()
    for n in range(have, want):
        if time.monotonic() > deadline:
            print(f"  seeding stopped at {n} hands: the time allowed for building the game ran out", flush=True)
            return n
        path = f"/api/v1/games/{game_id}/rounds"
        seconds, status = timed(app.conn, "POST", path, json.dumps(hand_body(f"seed-{n:06d}")), keeper)
        if status != 201:
            raise RuntimeError(f"seeding hand {n + 1} answered {status}")
        if time.monotonic() - last_report > 15 or n + 1 == want:
            last_report = time.monotonic()
            print(f"  seeding: {n + 1}/{want} hands, the last took {seconds * 1000:.0f} ms", flush=True)
    return want


def checker_pages(app) -> dict[str, list[float]]:
    """The capture checker: a typical and an adversarial position, each first seen and seen again."""
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
    times = {label: [timed(app.conn, "GET", path)[0] for path in paths] for label, paths in checks.items()}
    for label, paths in list(checks.items()):
        times[label.replace("first view", "seen before")] = [timed(app.conn, "GET", path)[0] for path in paths]
    return times


def flat_cost(plan: Plan, folder: str) -> dict:
    database = os.path.join(folder, "bench.sqlite3")
    levels: dict[int, dict[str, list[float]]] = {}
    reached: dict[int, int] = {}
    with server(APP, {"SCOREKEEPER_DATABASE": database}) as app, server(BARE) as bare:
        check_one_all(app.conn)
        game_id, keeper = new_game(app.conn)
        for _ in range(20):  # warm up both
            timed(bare.conn, "GET", "/")
            timed(app.conn, "GET", f"/g/{game_id}")
        bare_times = [timed(bare.conn, "GET", "/")[0] for _ in range(30)]
        checks = checker_pages(app)
        costs = asyncio.run(request_costs(app, bare, plan.cost_samples))
        have, deadline = 0, time.monotonic() + plan.seed_seconds
        for level in plan.levels:
            have = seed(app, game_id, keeper, have, level, deadline)
            game = expect(app.conn, "GET", f"/api/v1/games/{game_id}", 200)
            assert len(game["rounds"]) == have and not game["finished"], (len(game["rounds"]), game["finished"])
            print(f"  measuring at {have} hands", flush=True)
            reached[level] = have
            levels[level] = measure_level(app, bare, game_id, keeper, have, plan, f"at-{level}")
            bare_times += levels[level].pop("bare")
            if have < level:
                break
    return {"bare": bare_times, "levels": levels, "reached": reached, "checks": checks, "costs": costs}


FIRST_EVENT = 10.0  # seconds a stream's first event may take in the cost measurement (it is sent at once)
HANDS_PER_GAME = 50  # hands a game takes in the cost measurement before the next game takes the saves


async def request_costs(app: Server, bare: Server, samples: int) -> dict[str, float]:
    """The server's processor time per request, in microseconds, for each request a table sends: ``samples`` of a
    kind one after another (a kind that cannot be sent alone is a pair, less its other half's own cost)."""
    # Saves go to a fresh game every HANDS_PER_GAME hands, so the games stay of a table's length.
    made = await load.make_games(app.port, (2 * samples + 20) // HANDS_PER_GAME + 2, 300)
    game_id, key = made[0]
    path = f"/g/{game_id}"
    keeper, viewer = await load.Connection.open(app.port), await load.Connection.open(app.port)
    plain = await load.Connection.open(bare.port)
    await keeper.request("GET", f"/g/{game_id}/keep/{key}")  # the keeper's session cookie
    sent = iter(range(10**9))

    async def check(conn: load.Connection, method: str, where: str, status: int, body: bytes = b"", headers=None):
        if not conn.usable:
            raise RuntimeError("the server closed a connection the cost measurement was using")
        got, data = await conn.request(method, where, body, headers)
        if got != status:
            raise RuntimeError(f"{method} {where} answered {got}, not {status}: {data[:200]!r}")

    async def save() -> str:
        """A hand saved; the scoreboard's path of the game it went to."""
        n = next(sent)
        saved_id, saved_key = made[n // HANDS_PER_GAME % len(made)]
        headers = {"Content-Type": "application/json", "X-Keeper-Key": saved_key}
        body = json.dumps(hand_body(f"cost-{n:06d}")).encode()
        await check(keeper, "POST", f"/api/v1/games/{saved_id}/rounds", 201, body, headers)
        return f"/g/{saved_id}"

    silent = [0]

    async def stream() -> None:
        # A stream whose first event does not come within FIRST_EVENT seconds is counted, said below and opened again,
        # rather than waited on for ever (it happened in about one run of three under a loaded test suite, and was
        # not seen when looked for on its own: see the printed count).
        for _attempt in range(3):
            conn = await load.Connection.open(app.port)
            try:
                await conn.open_stream(f"{path}/live")
                await asyncio.wait_for(conn.next_event(), FIRST_EVENT)
                return
            except TimeoutError:
                silent[0] += 1
            finally:
                conn.close()
        raise RuntimeError("three streams in a row sent no first event")

    kinds = {
        "bare route (bench/bare.py), for scale": lambda: check(plain, "GET", "/", 200),
        SAVE: save,
        KEEPER_PAGE: lambda: check(keeper, "GET", path, 200),
        KEPT_PAGE: lambda: check(viewer, "GET", path, 200),
        STREAM: stream,
    }
    for _ in range(3):  # warm: each kind once, unmeasured
        for action in kinds.values():
            await action()
    costs: dict[str, float] = {}
    for name, action in kinds.items():
        measured = bare if name.startswith("bare") else app
        cpu0 = measured.cpu_seconds()
        for _ in range(samples):
            await action()
        costs[name] = (measured.cpu_seconds() - cpu0) / samples * 1e6
    # A table's viewers after a change: the save, then each viewer's page, as the stream wakes them all at once,
    # and for comparison one after another (the first asking makes the version's copy, the others find it kept
    # when it is made by then). Less the save's own cost; per page.
    saving = costs[SAVE]
    viewers = [await load.Connection.open(app.port) for _ in range(load.VIEWERS)]
    rounds = max(1, samples // 2)
    for name, together in ((AFTER_ONE_BY_ONE, False), (AFTER_AT_ONCE, True)):
        cpu0 = app.cpu_seconds()
        for _ in range(rounds):
            page = await save()
            if together:
                await asyncio.gather(*(check(v, "GET", page, 200) for v in viewers))
            else:
                for v in viewers:
                    await check(v, "GET", page, 200)
        costs[name] = ((app.cpu_seconds() - cpu0) / rounds * 1e6 - saving) / load.VIEWERS
    for conn in (keeper, viewer, plain, *viewers):
        conn.close()
    if silent[0]:
        print(f"  ({silent[0]} streams sent no first event within {FIRST_EVENT:.0f} s: opened again)", flush=True)
    costs[WHOLE_HAND] = await whole_hand(app, max(1, samples // 2))
    return costs


async def whole_hand(app: Server, hands: int) -> float:
    """The server's processor time, in microseconds, of a table's whole hand as the capacity load sends it (the
    keeper's save and page, each viewer woken by its stream reloading on a new connection and opening its stream
    again), one table alone, each hand waited for before the next."""
    room = load.Room(app.port)
    game_id, key = (await load.make_games(app.port, 1, 60))[0]
    await room.grow([(0, game_id, key)], timeout=60)
    table, loop = room.tables[0], asyncio.get_running_loop()
    try:
        cpu0 = app.cpu_seconds()
        for _ in range(hands):
            await table.save(loop.time(), False)
            version = table.saves[-1].version
            for _ in range(1000):  # bounded: each viewer has its page and its stream again within a few ticks
                if all(v.page >= version and v.heard and v.heard[-1][0] >= version for v in table.viewers):
                    break
                await asyncio.sleep(0.005)
            else:
                raise RuntimeError("a table's viewers did not reload after its save")
        return (app.cpu_seconds() - cpu0) / hands * 1e6
    finally:
        await room.close()


SAVE = "save a hand (POST /api/v1/games/<id>/rounds)"
KEEPER_PAGE = "keeper's scoreboard (its session, made for it)"
KEPT_PAGE = "viewer's scoreboard, its version's copy kept"
STREAM = "stream: connect, open, first event, close"
AFTER_ONE_BY_ONE = "a viewer's page after a change, viewers one by one"
AFTER_AT_ONCE = "a viewer's page after a change, viewers all at once"
WHOLE_HAND = "a whole hand of one table as the load sends it"


def table_cost_us(costs: dict[str, float]) -> float:
    """A table's server processor time per hand, from the costs per request: a save and the keeper's page, each
    viewer's page as they come (all at once, woken by their streams together) and each stream opened again."""
    return costs[SAVE] + costs[KEEPER_PAGE] + load.VIEWERS * (costs[AFTER_AT_ONCE] + costs[STREAM])


def print_costs(samples: int, costs: dict[str, float]) -> dict:
    print(f"\nWhere the server's processor goes: its CPU time per request, {samples} of each one after another")
    for name, us in costs.items():
        if name != WHOLE_HAND:
            print(f"  {name:56} {us:8.0f} us")
    per_table = table_cost_us(costs)
    per_core = load.KEEPER_PERIOD * 1e6 / per_table
    whole = costs[WHOLE_HAND]
    said = (
        f"A table's hand from these ({load.VIEWERS} viewers; the save, the keeper's page, each viewer's page all at"
        f" once and its stream opened again): {per_table / 1000:.1f} ms of server CPU, so one core's worth is about"
        f" {per_core:.0f} tables saving every {load.KEEPER_PERIOD:.0f} s. A whole hand as the capacity load sends it"
        f" (new connections, streams woken and closed), one table alone: {whole / 1000:.1f} ms"
        f" ({load.KEEPER_PERIOD * 1e6 / whole:.0f} tables a core). Neither counts the idle streams' keep-alives or"
        " many requests at once taking turns: the capacity steps' cpu/hand column is the same figure measured"
        " under load. CPU time: the scheduler's count for each of the server's threads (/proc schedstat)."
    )
    print(textwrap.fill(said, 116, initial_indent="  ", subsequent_indent="  "))
    return {
        "us_per_request": {k: v for k, v in costs.items() if k != WHOLE_HAND},
        "table_ms_per_hand_from_requests": per_table / 1000,
        "tables_per_core_from_requests": per_core,
        "whole_hand_ms_one_table": whole / 1000,
    }


def print_flat(plan: Plan, flat: dict) -> dict:
    bare = median_ms(flat["bare"])
    levels, reached = flat["levels"], flat["reached"]
    first, last = min(levels), max(levels)
    print(f"\nFlat cost: medians, ratio to the bare Flask route (median {bare:.2f} ms over {len(flat['bare'])})")
    rows = [
        ("record", "record a hand (POST /api/v1/games/<id>/rounds)"),
        ("board", "scoreboard page (GET /g/<id>)"),
        ("json_made", "JSON game, first read of a version"),
        ("json_gzip_made", "JSON game, first read with gzip"),
        ("json", "JSON game (GET /api/v1/games/<id>), again"),
        ("json_gzip", "JSON game again, with gzip"),
    ]
    heads = [f"{reached[level]} hands" + ("" if reached[level] == level else f" of {level}") for level in levels]
    ratio_head = f"{reached[last]}/{reached[first]}"
    print(f"{'request':48}" + "".join(f"{h:>21}" for h in heads) + f"{ratio_head:>10}   aim")
    result = {"bare_ms": bare, "rows": {}}
    for key, label in rows:
        medians = {level: median_ms(levels[level][key]) for level in levels}
        flatness = medians[last] / medians[first]
        aim = ""
        if key in AIMS:
            worst = max(medians.values()) / bare
            verdict = "met" if worst <= AIMS[key] else f"missed (worst {worst:.1f}x)"
            aim = f"within {AIMS[key]:.0f}x bare: {verdict}"
        cells = "".join(f"{cell(medians[level], bare):>21}" for level in levels)
        print(f"{label:48}{cells}{flatness:9.2f}x   {aim}")
        result["rows"][key] = {
            "label": label,
            "median_ms": {reached[level]: medians[level] for level in levels},
            "vs_bare": {reached[level]: medians[level] / bare for level in levels},
            "samples": {reached[level]: len(levels[level][key]) for level in levels},
            "longest_over_shortest": flatness,
            "aim_times_bare": AIMS.get(key),
        }
    samples = sorted({len(levels[level][key]) for level in levels for key, _ in rows})
    print(f"(samples per cell: {', '.join(map(str, samples))}; each hand recorded is deleted again, unmeasured,")
    print(" so the game keeps its length)")
    print("Aim: record a hand within 4x the bare route and a scoreboard within 3x, at any game length (flat: ~1.00x)")
    print(f"\n{'capture checker (GET /check?...)':64} {'median':>11} {'vs bare':>8}")
    result["checks"] = {}
    for label, samples in flat["checks"].items():
        print(f"{label:64} {median_ms(samples):8.2f} ms {median_ms(samples) / bare:7.1f}x")
        result["checks"][label] = {"median_ms": median_ms(samples), "vs_bare": median_ms(samples) / bare}
    result["costs"] = print_costs(plan.cost_samples, flat["costs"])
    return result


def server_connections_max(workers: int) -> int:
    """The connections the server's ``workers`` processes hold at most, as scorekeeper/serve/cli.py sets each:
    uvicorn's limit_concurrency, CONNECTIONS_MAX within the process's open files (raised to the hard limit) less
    256; past it a new request is answered 503."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    files = CONNECTIONS_MAX + 256 if hard == resource.RLIM_INFINITY else min(CONNECTIONS_MAX + 256, hard)
    return workers * max(64, min(CONNECTIONS_MAX, files - 256))


def client_files() -> int:
    """The open files a client process may hold: its limit raised to the system's hard limit."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    return 1_000_000 if hard == resource.RLIM_INFINITY else hard


def capacity(plan: Plan, folder: str) -> dict:
    database = os.path.join(folder, "capacity.sqlite3")
    env = {"SCOREKEEPER_DATABASE": database}
    files = client_files()
    print(f"\nCapacity: tables the server holds (127.0.0.1, {os.cpu_count()} cores shared with the load's processes)")
    said = (
        f"A table: {load.VIEWERS} viewers each holding the scoreboard's stream (GET /g/<id>/live) and reloading the"
        f" page (GET /g/<id>) after each hand it hears of; a keeper saving a hand every {plan.keeper_period:.0f} s"
        " (POST /api/v1/games/<id>/rounds, then its own scoreboard). Every phone its own connection, from one of"
        f" many 127.0.0.x addresses ({load.SOURCE_TABLES} tables an address, under the server's cap per client);"
        f" every table its own game. Saves spread evenly: n tables save n/{plan.keeper_period:.0f} hands a second."
        f" Each step: the phones connected, then {plan.warmup:.0f} s unmeasured and {plan.step_seconds:.0f} s"
        f" measured. A step holds with no error, every kind's p99 under {P99_LIMIT_MS:.0f} ms and the saves heard"
        f" by the viewers' streams within {SEEN_LIMIT_S:.0f} s at p95 (from when each was due); one that fails is"
        f" run once more before stopping (the machine is shared). The load runs in processes of at most"
        f" {plan.client_tables} tables ({plan.client_tables * load.PHONES} connections), each allowed {files} open"
        f" files (the hard limit); a server process holds at most {server_connections_max(1)} connections"
        " (CONNECTIONS_MAX within its open files). Besides the latencies, each step shows the server's CPU (share"
        " of one core, and per hand saved), the load's, how long the server's threads waited for a core (srv wait,"
        " summed over its threads) and the machine's CPU pressure (psi: the share of the time some task waited for a"
        " core), and the server's garbage collections: their CPU, and the full ones (each holds the interpreter of"
        " its process: every request waits)."
    )
    print(textwrap.fill(said, 116, initial_indent="  ", subsequent_indent="  "))
    games: list[tuple[int, str, str]] = []
    phases: list[dict] = []
    began = time.monotonic()
    not_held: int | None = None
    for workers in (1, 2):
        wide_from = min(t for t in (not_held, plan.wide_from, 10**9) if t is not None)
        steps = plan.steps if workers == 1 else tuple(t for t in plan.steps if t >= wide_from)
        if not steps:
            break
        name = "one server process, as make run" if workers == 1 else f"--workers {workers}"
        phase: dict = {"workers": workers, "name": name, "steps": [], "stopped": ""}
        phases.append(phase)
        print(f"\n  {name}:")
        gc_folder = os.path.join(folder, f"gc-{workers}")
        os.makedirs(gc_folder, exist_ok=True)
        watched = {**env, "BENCH_GC_DIR": gc_folder}
        with server([*WATCHED_APP, "--workers", str(workers)], watched) as app:

            def probe(app: Server = app, gc_folder: str = gc_folder) -> Probe:
                seen = app.probe()
                seen.gc = gcwatch.read(gc_folder)
                return seen

            clients = load.Clients(app.port, plan.client_tables, files)
            try:
                printed = False
                for tables in steps:
                    if tables * load.PHONES > server_connections_max(workers):
                        phase["stopped"] = (
                            f"{tables} tables not tried: {tables * load.PHONES} connections are more than"
                            f" {workers} server process{'es' if workers > 1 else ''} hold"
                            f" ({server_connections_max(workers)}: each at most {server_connections_max(1)},"
                            " CONNECTIONS_MAX within the open-files hard limit)"
                        )
                        not_held = tables if not_held is None else not_held
                        break
                    if time.monotonic() - began > plan.capacity_seconds:
                        phase["stopped"] = f"stopped: {plan.capacity_seconds:.0f} s of capacity steps used"
                        break
                    if len(games) < tables:
                        t0 = time.monotonic()
                        made = asyncio.run(load.make_games(app.port, tables - len(games), 1200))
                        games += [(len(games) + i, game_id, key) for i, (game_id, key) in enumerate(made)]
                        took = time.monotonic() - t0
                        print(f"  ({len(made)} games made, {load.SEED_HANDS} hands each, in {took:.0f} s)")
                    t0 = time.monotonic()
                    errors = clients.grow(games[clients.tables : tables])
                    print(
                        f"  ({tables} tables' phones connected in {time.monotonic() - t0:.0f} s by"
                        f" {len(clients.processes)} client process{'es' if len(clients.processes) > 1 else ''}"
                        + (f"; {len(errors)} setup errors, the first: {errors[0][:150]}" if errors else "")
                        + ")",
                        flush=True,
                    )
                    if not printed:
                        print(STEP_HEAD)
                        printed = True
                    for attempt in (1, 2):
                        time.sleep(2.0)  # the room settles: its phones all connected
                        step = clients.step(
                            time.time() + 0.5, plan.warmup, plan.step_seconds, probe, plan.keeper_period
                        )
                        held = passes(step)
                        phase["steps"].append(step_json(step, held, attempt))
                        print(step_row(step, held) + ("  (again)" if attempt == 2 else ""), flush=True)
                        if step.first_error:
                            print(f"      first error: {step.first_error[:200]}")
                        if not held:
                            print(f"      (not held: {why(step)})")
                        if held:
                            break
                    if not held:
                        phase["stopped"] = f"stopped at {tables} tables: {why(step)}"
                        not_held = tables if not_held is None else min(not_held, tables)
                        break
            finally:
                clients.close()
        if phase["stopped"]:
            print(f"  ({phase['stopped']})")
    best = {p["workers"]: max((s["tables"] for s in p["steps"] if s["held"]), default=0) for p in phases}
    one = best.get(1, 0)
    print(
        f"capacity: {one} tables ({one * load.PHONES} connections) held by one server process (make run)"
        + "".join(f"; {n} tables ({n * load.PHONES} connections) by --workers {w}" for w, n in best.items() if w > 1)
    )
    print(f"  target 1,000 tables: {'met' if max(best.values(), default=0) >= 1000 else 'missed'};", end="")
    print(f" aim 5,000: {'met' if max(best.values(), default=0) >= 5000 else 'missed'}")
    return {
        "p99_limit_ms": P99_LIMIT_MS,
        "seen_limit_s": SEEN_LIMIT_S,
        "cores": os.cpu_count(),
        "client_files": files,
        "server_connections_max_per_process": server_connections_max(1),
        "tables_held": best,
        "phases": phases,
    }


STEP_HEAD = (
    f"{'tables':>7} {'conns':>6} {'req/s':>6} {'save p50':>8} {'p99':>6} {'page p50':>8} {'p99':>6}"
    f" {'stream p99':>10} {'seen p50':>8} {'p95':>6} {'errors':>6} {'srv cpu':>7} {'cpu/hand':>8} {'load cpu':>8}"
    f" {'srv wait':>8} {'psi':>4} {'gc cpu':>6} {'full gcs':>12} {'srv files':>9} {'srv MB':>6}  held"
)


def pct(samples: list[float], p: float) -> float:
    """The nearest-rank percentile in milliseconds (NaN for no samples)."""
    return percentile_ms(samples, p) if samples else float("nan")


def pages(step: load.Step) -> list[float]:
    return step.latencies.get("keeper page", []) + step.latencies.get("viewer page", [])


def step_row(step: load.Step, held: bool) -> str:
    """One capacity step as a row of STEP_HEAD; CPU as a share of one core over the measured seconds."""
    lat, wall = step.latencies, step.seconds
    per_hand = step.server_cpu * 1000 / max(1, step.saves_asked)
    seen50, seen95 = pct(step.seen, 50) / 1000, pct(step.seen, 95) / 1000
    return (
        f"{step.tables:7d} {step.connections:6d} {step.requests / wall:6.0f}"
        f" {pct(lat.get('save', []), 50):6.0f}ms {pct(lat.get('save', []), 99):4.0f}ms"
        f" {pct(pages(step), 50):6.0f}ms {pct(pages(step), 99):4.0f}ms {pct(lat.get('stream open', []), 99):8.0f}ms"
        f" {seen50:7.2f}s {seen95:5.2f}s {step.errors + step.unfinished:6d} {step.server_cpu / wall:7.0%}"
        f" {per_hand:6.1f}ms {step.client_cpu / wall:8.0%} {step.server_waited / wall:8.0%}"
        f" {step.pressure / wall:4.0%} {step.gc_cpu / wall:6.1%} {full_gcs(step):>12} {step.server_files:9d}"
        f" {step.server_rss_mb:6.0f}"
        f"  {'yes' if held else 'NO'}"
    )


def full_gcs(step: load.Step) -> str:
    """The server's full garbage collections in a step: how many, and the longest one's processor time."""
    if not step.gc_full:
        return "0"
    return f"{len(step.gc_full)} of {max(cpu for cpu, _ in step.gc_full) * 1000:.0f}ms"


def why(step: load.Step) -> str:
    """What made a step fail, in words."""
    said = []
    if step.errors or step.unfinished:
        said.append(f"{step.errors} errors, {step.unfinished} saves unanswered")
    for kind, samples in step.latencies.items():
        if pct(samples, 99) >= P99_LIMIT_MS:
            said.append(f"{kind} p99 {pct(samples, 99):.0f} ms")
    if step.seen and pct(step.seen, 95) > SEEN_LIMIT_S * 1000:
        said.append(f"saves heard at p95 after {pct(step.seen, 95) / 1000:.2f} s")
    if not step.saves_asked:
        said.append("no save measured")
    return ", ".join(said) or "?"


def passes(step: load.Step) -> bool:
    """Held: something measured, no error, every save answered, every kind's p99 under P99_LIMIT_MS, and the
    saves heard by their viewers' streams within SEEN_LIMIT_S at p95."""
    return (
        step.saves_asked > 0
        and step.errors == 0
        and step.unfinished == 0
        and all(pct(samples, 99) < P99_LIMIT_MS for samples in step.latencies.values())
        and bool(step.seen)
        and pct(step.seen, 95) <= SEEN_LIMIT_S * 1000
    )


def step_json(step: load.Step, held: bool, attempt: int) -> dict:
    return {
        "tables": step.tables,
        "connections": step.connections,
        "attempt": attempt,
        "held": held,
        "seconds": step.seconds,
        "requests_per_second": step.requests / step.seconds,
        "saves": step.saves_asked,
        "by_kind": {
            kind: {"n": len(v), "p50_ms": pct(v, 50), "p99_ms": pct(v, 99)} for kind, v in step.latencies.items()
        },
        "page_loads": {"n": len(pages(step)), "p50_ms": pct(pages(step), 50), "p99_ms": pct(pages(step), 99)},
        "seen_p50_s": pct(step.seen, 50) / 1000,
        "seen_p95_s": pct(step.seen, 95) / 1000,
        "seen_samples": len(step.seen),
        "errors": step.errors,
        "unfinished": step.unfinished,
        "first_error": step.first_error,
        "server_cpu_share_of_a_core": step.server_cpu / step.seconds,
        "server_cpu_ms_per_request": step.server_cpu * 1000 / max(1, step.requests),
        "server_cpu_ms_per_hand": step.server_cpu * 1000 / max(1, step.saves_asked),
        "client_cpu_share_of_a_core": step.client_cpu / step.seconds,
        "server_waited_for_a_core_share": step.server_waited / step.seconds,
        "machine_cpu_pressure_share": step.pressure / step.seconds,
        "gc_collections_by_generation": step.gc_collections,
        "gc_cpu_share_of_a_core": step.gc_cpu / step.seconds,
        "gc_full_cpu_ms": [cpu * 1000 for cpu, _ in step.gc_full],
        "gc_full_wall_ms": [wall * 1000 for _, wall in step.gc_full],
        "server_open_files": step.server_files,
        "server_rss_mb": step.server_rss_mb,
    }


def idle_streams(plan: Plan, folder: str) -> dict:
    """The server's CPU and memory with ``plan.idle_streams`` streams held open and nothing changing, and
    without them."""
    database = os.path.join(folder, "idle.sqlite3")
    count, seconds = plan.idle_streams, plan.idle_seconds
    print(f"\nIdle streams: {count} streams open on {max(1, count // load.VIEWERS)} games that do not change")
    with server(APP, {"SCOREKEEPER_DATABASE": database}) as app:
        games = [
            game_id for game_id, _ in asyncio.run(load.make_games(app.port, max(1, count // load.VIEWERS), 600, 1))
        ]
        time.sleep(2.0)  # what making the games started settles

        def window() -> tuple[float, float, int]:
            """(CPU as a share of one core over ``seconds``, RSS in MB, open files) of the server, now."""
            cpu0 = app.cpu_seconds()
            time.sleep(seconds)
            return (app.cpu_seconds() - cpu0) / seconds, app.rss_mb(), app.open_files()

        without = window()
        held: dict[str, tuple[float, float, int]] = {}
        idle = asyncio.run(
            load.hold_streams(app.port, games, count, lambda: held.setdefault("with", window())), debug=False
        )
        time.sleep(2.0)
        after = (0.0, app.rss_mb(), app.open_files())
    with_streams = held.get("with", (float("nan"), float("nan"), 0))
    per_stream_kb = (with_streams[1] - without[1]) * 1024 / max(1, idle.opened)
    print(f"  {idle.opened} of {count} opened in {idle.open_seconds:.1f} s,", end="")
    print(f" {idle.still_open} still open after the window;")
    print(f"  {idle.comments} keep-alive comments received in the {seconds:.0f} s window")
    for error in idle.errors[:3]:
        print(f"  error: {error[:200]}")
    cpu_ok, rss_ok = with_streams[0] < IDLE_CPU_AIM, with_streams[1] < IDLE_RSS_AIM_MB
    print(
        f"idle streams: server CPU {with_streams[0]:.1%} of one core over {seconds:.0f} s with {idle.opened} open"
        f" (without: {without[0]:.1%}); RSS {with_streams[1]:.0f} MB (without: {without[1]:.0f} MB,"
        f" +{per_stream_kb:.1f} KB a stream; {after[1]:.0f} MB once closed);"
        f" open files {with_streams[2]} (without: {without[2]})"
    )
    print(
        f"  aim: under {IDLE_CPU_AIM:.0%} of a core ({'met' if cpu_ok else 'missed'}) and under"
        f" {IDLE_RSS_AIM_MB:.0f} MB ({'met' if rss_ok else 'missed'})"
    )
    return {
        "streams": count,
        "opened": idle.opened,
        "still_open": idle.still_open,
        "keep_alive_comments": idle.comments,
        "window_seconds": seconds,
        "cpu_share_with": with_streams[0],
        "cpu_share_without": without[0],
        "rss_mb_with": with_streams[1],
        "rss_mb_without": without[1],
        "rss_mb_after_closing": after[1],
        "kb_per_stream": per_stream_kb,
        "open_files_with": with_streams[2],
        "open_files_without": without[2],
        "errors": idle.errors,
    }


def commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=5)
        return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def main() -> None:
    quick = os.environ.get("BENCH_QUICK") == "1"
    plan = QUICK if quick else FULL
    started = time.monotonic()
    allow_open_files(client_files())  # this process holds the idle streams
    print("Web: python -m scorekeeper.serve (uvicorn, uvloop, Flask through a2wsgi) in its own process on 127.0.0.1,")
    print(f"as `make run` serves the app; one run on {os.cpu_count()} cores shared with the benchmark itself", end="")
    print(" (BENCH_QUICK=1: small counts)." if quick else ".")
    with tempfile.TemporaryDirectory() as folder:  # the benchmark's databases, removed afterwards
        flat = flat_cost(plan, folder)
        flat_result = print_flat(plan, flat)
        idle = idle_streams(plan, folder)
        cap = capacity(plan, folder)
    report = {
        "when": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "commit": commit(),
        "quick": quick,
        "python": platform.python_version(),
        "cores": os.cpu_count(),
        "load_average": os.getloadavg(),
        "flat_cost": flat_result,
        "idle_streams": idle,
        "capacity": cap,
        "seconds": time.monotonic() - started,
    }
    out = results_dir()
    out.mkdir(parents=True, exist_ok=True)
    (out / "web.json").write_text(json.dumps(report, indent=2) + "\n")
    where = out.relative_to(Path.cwd()) if out.is_relative_to(Path.cwd()) else out
    print(f"\n({time.monotonic() - started:.0f} s; a JSON copy is in {where}/web.json)")


if __name__ == "__main__":
    main()
