"""A small open-loop load generator for the capacity figure: tables of phones, in compressed time.

A table is one keeper recording a hand every 2 minutes (the POST, then the scoreboard the form's redirect
opens) and four viewers polling ``GET /g/<id>/version`` every POLL_PERIOD seconds as static/scoreboard.js does
(sending the version they hold as ``If-None-Match``, so an unchanged game is a 304), reloading the scoreboard after
each hand of their table. Each save is timed until each viewer of its table holds it: ``Step.seen`` is the delay
from the moment the save was answered to the first poll answer of each viewer showing that version or a later one.
Every phone of every table is simulated, each with its own kept-alive HTTP/1.1 connection as a room of phones
holds them (``tables * (1 + VIEWERS)`` connections), at the real periods; the tables share ``games``
real games (table ``t`` plays game ``t % games``), so the request mix is exactly a table's and the rate that of
``tables`` tables. Requests are sent when scheduled, whether or not earlier ones have answered, and a request's
latency counts from its scheduled time, so a server that falls behind (or a phone waiting for its connection's
last answer) shows it.

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
from scorekeeper.web.game.scoreboard import POLL_SECONDS

KEEPER_PERIOD = 120.0  # seconds between hands at a table
POLL_PERIOD = POLL_SECONDS  # seconds between a viewer's polls: the app's own period
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
        if int(parts[1]) in (204, 304):  # never a body, whatever the headers say
            data = b""
        elif chunked:
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


@dataclass
class Game:
    id: str
    headers: dict
    version: int = 0


class Phone:
    """One phone at a table: its own kept-alive connection, opened before the step begins (the phones are already in
    the room) and used for one request at a time, as a page's script does; a request due while the phone still
    waits for its last answer waits its turn, and that wait counts."""

    def __init__(self, port: int):
        self.port = port
        self.conn: Connection | None = None
        self.busy = asyncio.Lock()

    async def connect(self) -> None:
        self.conn = await Connection.open(self.port)

    async def request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None):
        if self.conn is None or self.conn.closed:  # the server closed it: the phone connects again
            await self.connect()
        assert self.conn is not None
        try:
            return await self.conn.request(method, path, body, headers)
        except BaseException:
            self.conn.close()
            raise

    def close(self) -> None:
        if self.conn is not None and not self.conn.closed:
            self.conn.close()


@dataclass
class Table:
    """A simulated table: a keeper phone and VIEWERS viewer phones on one of the real games. ``hands`` counts the
    hands its keeper recorded, and each viewer's ``seen`` the count at its last scoreboard: a viewer reloads the
    scoreboard once per hand of its own table, as at a real one, however many tables share the game."""

    game: Game
    keeper: Phone
    viewers: list[Phone]
    hands: int = 0
    seen: list[int] = field(default_factory=list)
    saves: list[tuple[int, float]] = field(default_factory=list)  # (game version after the save, when answered)
    versions: list[int] = field(default_factory=list)  # each viewer's version as its last poll showed it
    caught_up: list[int] = field(default_factory=list)  # each viewer: how many of ``saves`` its polls have shown

    def __post_init__(self):
        self.seen = self.seen or [0] * len(self.viewers)
        self.versions = self.versions or [0] * len(self.viewers)
        self.caught_up = self.caught_up or [0] * len(self.viewers)


@dataclass
class Step:
    """What one step at a number of tables measured."""

    tables: int
    seconds: float
    offered: float  # requests per second asked for
    latencies: dict[str, list[float]] = field(default_factory=dict)
    seen: list[float] = field(default_factory=list)  # seconds from a save answered to each viewer's poll showing it
    unseen: int = 0  # saves (after warm-up) some viewer of the table had not seen when the step ended
    errors: int = 0
    unfinished: int = 0
    sent: int = 0  # requests sent, warm-up included
    phones: int = 0  # phones simulated, each with its own connection
    first_error: str = ""
    generator_cpu: float = 0.0
    server_cpu: float = 0.0

    @property
    def all_latencies(self) -> list[float]:
        return [x for samples in self.latencies.values() for x in samples]

    @property
    def achieved(self) -> float:
        return len(self.all_latencies) / self.seconds


async def open_phones(tables: list[Table], at_once: int = 200) -> int:
    """Connect every phone before the step's clock starts, ``at_once`` at a time; how many failed to connect."""
    phones = [phone for table in tables for phone in (table.keeper, *table.viewers)]
    failed = 0
    for i in range(0, len(phones), at_once):
        done = await asyncio.gather(*(p.connect() for p in phones[i : i + at_once]), return_exceptions=True)
        failed += sum(isinstance(d, BaseException) for d in done)
    return failed


async def run_step(
    port: int,
    games: list[Game],
    tables: int,
    seconds: float,
    *,
    warmup: float = 1.0,
    max_in_flight: int = 3000,
    seed: int = 0,
) -> Step:
    """Drive ``tables`` tables of phones for ``warmup + seconds``; record what was scheduled after warmup."""
    step = Step(tables, seconds, tables * TABLE_RATE)
    room = [Table(games[t % len(games)], Phone(port), [Phone(port) for _ in range(VIEWERS)]) for t in range(tables)]
    step.phones = tables * (1 + VIEWERS)
    cpu0 = time.process_time()
    refused = await open_phones(room)
    if refused:
        step.errors += refused
        step.first_error = f"{refused} of {step.phones} phones could not connect"
    loop = asyncio.get_running_loop()
    start = loop.time() + 0.05
    end = start + warmup + seconds
    measure_from = start + warmup
    in_flight: set[asyncio.Task] = set()
    submissions = itertools.count()
    rng = random.Random(seed)

    async def send(phone: Phone, kind: str, scheduled: float, method: str, path: str, body: bytes = b"", headers=None):
        step.sent += 1
        try:
            status, data = await phone.request(method, path, body, headers)
        except (OSError, asyncio.IncompleteReadError, HTTPError, ValueError) as err:
            raise HTTPError(f"{method} {path}: {err!r}") from None
        if status >= 400:
            raise HTTPError(f"{method} {path} answered {status}: {data[:200]!r}")
        if scheduled >= measure_from:
            step.latencies.setdefault(kind, []).append(loop.time() - scheduled)
        return status, data

    async def keeper(table: Table, scheduled: float):
        sid = f"load-{seed}-{next(submissions):08d}"
        body = json.dumps({"submission_id": sid, "sides": ONE_ALL}).encode()
        game = table.game
        async with table.keeper.busy:
            path = f"/api/v1/games/{game.id}/rounds"
            _, answer = await send(table.keeper, "record a hand", scheduled, "POST", path, body, game.headers)
            table.hands += 1
            if scheduled >= measure_from:
                table.saves.append((int(json.loads(answer)["version"]), loop.time()))
            await send(table.keeper, "scoreboard", loop.time(), "GET", f"/g/{game.id}")

    async def viewer(table: Table, i: int, scheduled: float):
        phone = table.viewers[i]
        async with phone.busy:
            tag = {"If-None-Match": f'"{table.versions[i]}"'} if table.versions[i] else None
            status, data = await send(phone, "version poll", scheduled, "GET", f"/g/{table.game.id}/version", b"", tag)
            if status == 200:
                table.versions[i] = int(json.loads(data)["version"])
            now = loop.time()
            # Every save of this table this answer shows (its version or a later one) is seen now by this phone.
            while table.caught_up[i] < len(table.saves) and table.saves[table.caught_up[i]][0] <= table.versions[i]:
                step.seen.append(now - table.saves[table.caught_up[i]][1])
                table.caught_up[i] += 1
            if table.seen[i] != table.hands:  # a hand of this table since this phone's last scoreboard
                table.seen[i] = table.hands
                await send(phone, "scoreboard", loop.time(), "GET", f"/g/{table.game.id}")

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

    schedules = []
    for table in room:
        schedules.append(every(KEEPER_PERIOD, lambda t, tb=table: keeper(tb, t)))
        for i in range(len(table.viewers)):
            schedules.append(every(POLL_PERIOD, lambda t, tb=table, n=i: viewer(tb, n, t)))
    await asyncio.gather(*schedules)
    # Let what was sent finish, for a bounded time; whatever is still waiting then counts against the step.
    drain_until = loop.time() + 5.0
    while in_flight and loop.time() < drain_until:
        await asyncio.sleep(0.05)
    step.unfinished += len(in_flight)
    # A save answered in the last two poll periods may rightly be unseen yet: only earlier ones count.
    step.unseen = sum(
        sum(1 for _v, at in t.saves[min(t.caught_up, default=0) :] if at < end - 2 * POLL_PERIOD) for t in room
    )
    for task in list(in_flight):
        task.cancel()
    await asyncio.gather(*in_flight, return_exceptions=True)
    for table in room:
        for phone in (table.keeper, *table.viewers):
            phone.close()
    step.generator_cpu = time.process_time() - cpu0
    return step
