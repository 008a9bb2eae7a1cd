"""A small open-loop load generator for the capacity figure: tables of phones, in compressed time.

A table is one keeper recording a hand every 2 minutes (the POST, then the scoreboard the form's redirect
opens) and four viewers polling ``GET /g/<id>/version`` every 5 s, reloading the scoreboard when the
version changed. A run simulates ``games`` real games with time compressed by ``tables / games``: every
period shrinks by the same factor, so the mix of requests is exactly a table's and the request rate is
that of ``tables`` tables. Requests are sent when scheduled, whether or not earlier ones have answered,
and a request's latency counts from its scheduled time, so a server that falls behind shows it.

asyncio on kept-alive HTTP/1.1 connections to 127.0.0.1 only; every loop is bounded in count and time.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import time
from dataclasses import dataclass, field

from bench.serving import ONE_ALL

KEEPER_PERIOD = 120.0  # seconds between hands at a table
POLL_PERIOD = 5.0  # seconds between a viewer's polls
VIEWERS = 4
# Requests a table sends per KEEPER_PERIOD: the POST and its scoreboard, every viewer's polls, and one
# scoreboard reload per viewer (the version changes once per hand).
PER_TABLE_PER_PERIOD = 2 + VIEWERS * KEEPER_PERIOD / POLL_PERIOD + VIEWERS
TABLE_RATE = PER_TABLE_PER_PERIOD / KEEPER_PERIOD  # requests per second per table


class HTTPError(Exception):
    pass


class Connection:
    """One kept-alive HTTP/1.1 connection; just enough of the protocol for this app's answers."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, port: int):
        self.reader, self.writer, self.port = reader, writer, port
        self.closed = False

    @classmethod
    async def open(cls, port: int) -> Connection:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return cls(reader, writer, port)

    async def request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None):
        """Send one request and read its answer: (status, body)."""
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nContent-Length: {len(body)}\r\n"
        head += "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
        self.writer.write(head.encode("latin-1") + b"\r\n" + body)
        status_line = await self.reader.readline()
        parts = status_line.split()
        if len(parts) < 2 or not parts[1].isdigit():
            self.closed = True
            raise HTTPError(f"bad status line {status_line[:80]!r}")
        length, chunked, close = None, False, False
        for _ in range(100):  # a bounded number of header lines
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value:
                chunked = True
            elif name == "connection" and value == "close":
                close = True
        if chunked:
            data = b""
            for _ in range(100_000):
                size = int((await self.reader.readline()).split(b";")[0], 16)
                data += await self.reader.readexactly(size + 2)
                if size == 0:
                    break
        elif length is not None:
            data = await self.reader.readexactly(length)
        else:
            data, close = await self.reader.read(), True
        if close:
            self.close()
        return int(parts[1]), data

    def close(self) -> None:
        self.closed = True
        self.writer.close()


class Pool:
    """At most ``size`` connections, reused; a request waits for a free one (and that wait counts)."""

    def __init__(self, port: int, size: int):
        self.port, self.size = port, size
        self.idle: list[Connection] = []
        self.opened = 0
        self.freed = asyncio.Condition()

    async def get(self) -> Connection:
        async with self.freed:
            while not self.idle and self.opened >= self.size:
                await self.freed.wait()
            if self.idle:
                return self.idle.pop()
            self.opened += 1
        try:
            return await Connection.open(self.port)
        except OSError:
            async with self.freed:
                self.opened -= 1
                self.freed.notify()
            raise

    async def put(self, conn: Connection) -> None:
        async with self.freed:
            if conn.closed:
                self.opened -= 1
            else:
                self.idle.append(conn)
            self.freed.notify()

    def close(self) -> None:
        for conn in self.idle:
            conn.close()
        self.idle.clear()


@dataclass
class Game:
    id: str
    headers: dict
    version: int = 0
    seen: list[list[int]] = field(default_factory=list)  # each viewer's last version, kept across steps

    def __post_init__(self):
        self.seen = self.seen or [[self.version] for _ in range(VIEWERS)]


@dataclass
class Step:
    """What one step at a number of tables measured."""

    tables: int
    seconds: float
    offered: float  # requests per second asked for
    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: int = 0
    unfinished: int = 0
    sent: int = 0  # requests sent, warm-up included
    first_error: str = ""
    generator_cpu: float = 0.0
    server_cpu: float = 0.0

    @property
    def all_latencies(self) -> list[float]:
        return [x for samples in self.latencies.values() for x in samples]

    @property
    def achieved(self) -> float:
        return len(self.all_latencies) / self.seconds


async def run_step(
    port: int,
    games: list[Game],
    tables: int,
    seconds: float,
    *,
    warmup: float = 1.0,
    pool_size: int = 48,
    max_in_flight: int = 3000,
    seed: int = 0,
) -> Step:
    """Drive ``tables`` tables' worth of requests for ``warmup + seconds``; record what was scheduled after warmup."""
    step = Step(tables, seconds, tables * TABLE_RATE)
    speedup = tables / len(games)
    keeper_every, poll_every = KEEPER_PERIOD / speedup, POLL_PERIOD / speedup
    pool = Pool(port, pool_size)
    loop = asyncio.get_running_loop()
    start = loop.time() + 0.05
    end = start + warmup + seconds
    measure_from = start + warmup
    in_flight: set[asyncio.Task] = set()
    submissions = itertools.count()
    rng = random.Random(seed)

    async def send(kind: str, scheduled: float, method: str, path: str, body: bytes = b"", headers=None):
        conn = await pool.get()
        step.sent += 1
        try:
            status, data = await conn.request(method, path, body, headers)
        except (OSError, asyncio.IncompleteReadError, HTTPError, ValueError) as err:
            conn.close()
            raise HTTPError(f"{method} {path}: {err!r}") from None
        finally:
            await pool.put(conn)
        if status >= 400:
            raise HTTPError(f"{method} {path} answered {status}: {data[:200]!r}")
        if scheduled >= measure_from:
            step.latencies.setdefault(kind, []).append(loop.time() - scheduled)
        return data

    async def keeper(game: Game, scheduled: float):
        sid = f"load-{seed}-{next(submissions):08d}"
        body = json.dumps({"submission_id": sid, "sides": ONE_ALL}).encode()
        await send("record a hand", scheduled, "POST", f"/api/v1/games/{game.id}/rounds", body, game.headers)
        await send("scoreboard", loop.time(), "GET", f"/g/{game.id}")

    async def viewer(game: Game, seen: list[int], scheduled: float):
        version = json.loads(await send("version poll", scheduled, "GET", f"/g/{game.id}/version"))["version"]
        if version != seen[0]:
            seen[0] = version
            await send("scoreboard", loop.time(), "GET", f"/g/{game.id}")

    def launch(coro, scheduled: float):
        if len(in_flight) >= max_in_flight:  # the server is far behind: stop piling on, count it
            coro.close()
            if scheduled >= measure_from:
                step.unfinished += 1
            return
        task = asyncio.create_task(coro)
        in_flight.add(task)
        task.add_done_callback(done)

    def done(task: asyncio.Task):
        in_flight.discard(task)
        if not task.cancelled() and task.exception() is not None:
            step.errors += 1
            step.first_error = step.first_error or str(task.exception())

    async def every(period: float, action):
        t = start + rng.uniform(0, period)
        for _ in range(int((end - start) / period) + 2):  # bounded in count, and by `end` in time
            if t >= end:
                return
            await asyncio.sleep(max(0.0, t - loop.time()))
            launch(action(t), t)
            t += period

    cpu0 = time.process_time()
    schedules = []
    for game in games:
        schedules.append(every(keeper_every, lambda t, g=game: keeper(g, t)))
        for seen in game.seen:
            schedules.append(every(poll_every, lambda t, g=game, s=seen: viewer(g, s, t)))
    await asyncio.gather(*schedules)
    # Let what was sent finish, for a bounded time; whatever is still waiting then counts against the step.
    drain_until = loop.time() + 5.0
    while in_flight and loop.time() < drain_until:
        await asyncio.sleep(0.05)
    step.unfinished += len(in_flight)
    for task in list(in_flight):
        task.cancel()
    await asyncio.gather(*in_flight, return_exceptions=True)
    pool.close()
    step.generator_cpu = time.process_time() - cpu0
    return step
