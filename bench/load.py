"""The load behind the capacity and idle-stream figures: a room of phones holding live streams, in compressed time.

A table is five phones, none sharing a connection with another:

- four viewers with the scoreboard open, as static/live.js and static/scoreboard.js hold it: the page
  (``GET /g/<id>``) and then its stream (``GET /g/<id>/live``, Server-Sent Events) on the same kept-alive
  connection. When the stream says a version newer than the page's, the viewer reloads as the page does
  (``location.reload()``): the stream's connection is closed, a new connection opened, the page loaded on it and
  the stream opened again after it. A viewer holds one connection at a time, nearly always an open stream.
- a keeper recording a hand every KEEPER_PERIOD seconds (``POST /api/v1/games/<id>/rounds`` with its keeper key),
  then loading its own scoreboard as the form's redirect does (with the session cookie its keeper link set, so the
  page is the keeper's, made for it, not the viewers' kept copy), on a kept-alive connection that it opens again
  when the server closed it for idling (uvicorn closes one idle for 30 s).

Time is compressed, not the rate: ``n`` tables save ``n / KEEPER_PERIOD`` hands a second, spread evenly (save
``i`` of a step at ``i * KEEPER_PERIOD / n`` seconds, by the tables in turn), so a step shorter than a period
has only some tables save, each at most once, at exactly the rate of ``n`` tables; every table's phones are
connected, streams open, all the time. Each table plays its own game: a stream wakes on any change of its game,
so tables sharing games would wake each other's viewers.

Measured in a step, after its warm-up: each request's latency by kind (a save, counted from when it was due, so
a server falling behind shows; the keeper's page; a viewer's page load, counted from the new connection's
connect; a stream's open, from its GET to its first event), how long after a save was due each viewer of its
table heard it from its stream ("seen"), and every error. A save some viewer had not heard SEEN_GRACE seconds
after the step's end counts as seen infinitely late.

The phones connect from many source addresses in 127.0.0.0/8 (``source``), SOURCE_TABLES tables' phones an address,
so the server's cap on connections per client (1,000 by default) stays on and no address runs out of ports. Only
127.0.0.0/8 is ever connected to; every loop is bounded in count and time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field

from bench.serving import GAME, JSON_HEADERS, ONE_ALL, Probe

KEEPER_PERIOD = 120.0  # seconds between two hands at a table
VIEWERS = 4
PHONES = 1 + VIEWERS
# Tables whose phones share a source address: 200 connections, within the server's 1,000 per client.
SOURCE_TABLES = 40
SEED_HANDS = 5  # hands in every table's game before the steps (a game under way)
CONNECT_TIMEOUT = 10.0  # seconds
ANSWER_TIMEOUT = 30.0  # seconds for any one answer, so that nothing waits forever
RETRY = 2.0  # seconds before a viewer whose stream failed tries again (the stream's ``retry:``)
SEEN_GRACE = 2.0  # seconds after a step's end for its last saves to be heard
PAGE_VERSION = re.compile(rb'data-version="(\d+)"')
KINDS = ("save", "keeper page", "viewer page", "stream open")


class HTTPError(Exception):
    pass


FAILURES = (OSError, EOFError, asyncio.IncompleteReadError, asyncio.TimeoutError, HTTPError, ValueError)


def source(n: int) -> str:
    """The ``n``-th source address: 127.0.0.2, 127.0.0.3, ... 127.0.0.251, 127.0.1.2, ... (127.0.0.1 left alone)."""
    return f"127.0.{n // 250 % 256}.{n % 250 + 2}"


class Connection:
    """One HTTP/1.1 connection from a phone; just enough of the protocol for this app's answers, and its streams."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, port: int):
        self.reader, self.writer, self.port = reader, writer, port
        self.closed = False
        self.cookies: dict[str, str] = {}
        self._events = bytearray()
        self._chunked = False
        self.comments = 0  # keep-alive comments a stream sent

    @classmethod
    async def open(cls, port: int, source_address: str | None = None) -> Connection:
        local = (source_address, 0) if source_address else None
        opening = asyncio.open_connection("127.0.0.1", port, local_addr=local)
        reader, writer = await asyncio.wait_for(opening, CONNECT_TIMEOUT)
        return cls(reader, writer, port)

    @property
    def usable(self) -> bool:
        """Open, and not closed by the server meanwhile (an idle kept-alive connection it timed out)."""
        return not self.closed and not self.reader.at_eof() and not self.writer.is_closing()

    def _send(self, method: str, path: str, body: bytes, headers: dict | None) -> None:
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nContent-Length: {len(body)}\r\n"
        head += "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
        if self.cookies:
            head += "Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()) + "\r\n"
        self.writer.write(head.encode("latin-1") + b"\r\n" + body)

    async def _head(self) -> tuple[int, dict[str, str]]:
        status_line = await self.reader.readline()
        parts = status_line.split()
        if len(parts) < 2 or not parts[1].isdigit():
            self.close()
            raise HTTPError(f"bad status line {status_line[:80]!r}")
        headers: dict[str, str] = {}
        for _ in range(100):  # a bounded number of header lines
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                cookie, _, _ = value.partition(";")
                key, _, val = cookie.partition("=")
                self.cookies[key.strip()] = val.strip()
            headers[name] = value
        return int(parts[1]), headers

    async def _body(self, status: int, headers: dict[str, str]) -> bytes:
        if status in (204, 304):  # never a body, whatever the headers say
            return b""
        if "chunked" in headers.get("transfer-encoding", "").lower():
            data = bytearray()
            for _ in range(100_000):
                size = int((await self.reader.readline()).split(b";")[0], 16)
                data += (await self.reader.readexactly(size + 2))[:-2]
                if size == 0:
                    break
            return bytes(data)
        if "content-length" in headers:
            return await self.reader.readexactly(int(headers["content-length"]))
        data = await self.reader.read()
        self.close()
        return data

    async def request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None):
        """Send one request and read its answer: (status, body)."""
        self._send(method, path, body, headers)

        async def answer():
            status, head = await self._head()
            data = await self._body(status, head)
            if head.get("connection", "").lower() == "close":
                self.close()
            return status, data

        try:
            return await asyncio.wait_for(answer(), ANSWER_TIMEOUT)
        except BaseException:
            self.close()
            raise

    async def open_stream(self, path: str) -> None:
        """Ask for a stream; its answer's head read, its events left for ``next_event``."""
        self._send("GET", path, b"", {"Accept": "text/event-stream"})
        status, head = await asyncio.wait_for(self._head(), ANSWER_TIMEOUT)
        if status != 200 or not head.get("content-type", "").startswith("text/event-stream"):
            data = await asyncio.wait_for(self._body(status, head), ANSWER_TIMEOUT)
            raise HTTPError(f"GET {path} answered {status}: {data[:200]!r}")
        self._chunked = "chunked" in head.get("transfer-encoding", "").lower()

    async def next_event(self) -> int:
        """The version of the stream's next ``version`` event (keep-alive comments counted and passed over);
        waits as long as the stream is silent. EOFError when the server ends the stream."""
        for _ in range(1_000_000):
            cut = self._events.find(b"\n\n")
            if cut >= 0:
                block = bytes(self._events[:cut])
                del self._events[: cut + 2]
                lines = block.decode("utf-8").split("\n")
                if all(line.startswith(":") for line in lines):
                    self.comments += 1
                    continue
                data = [line[5:].strip() for line in lines if line.startswith("data:")]
                if "event: version" in lines and data:
                    return int(json.loads(data[-1])["version"])
                continue
            if self._chunked:
                size_line = await self.reader.readline()
                if not size_line:
                    raise EOFError("the stream's connection closed")
                size = int(size_line.split(b";")[0], 16)
                if size == 0:
                    raise EOFError("the stream ended")
                self._events += (await self.reader.readexactly(size + 2))[:-2]
            else:
                more = await self.reader.read(65536)
                if not more:
                    raise EOFError("the stream's connection closed")
                self._events += more
        raise HTTPError("too many events in one stream")

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()


@dataclass
class Save:
    """A hand a keeper saved: its game's version after it, when it was due, and when each viewer heard it."""

    version: int
    due: float
    measured: bool
    heard: list[float | None]


@dataclass
class Step:
    """What one step at a number of tables measured."""

    tables: int
    seconds: float
    saves_asked: int = 0
    latencies: dict[str, list[float]] = field(default_factory=dict)
    seen: list[float] = field(default_factory=list)  # seconds from a save due to each viewer hearing it (inf: never)
    errors: int = 0
    unfinished: int = 0  # saves still unanswered after the step and its drain
    first_error: str = ""
    server_cpu: float = 0.0  # seconds of the server's processor over the measured part
    client_cpu: float = 0.0  # seconds of this process's processor over the measured part
    server_files: int = 0  # the server's open files (sockets among them) at the step's end
    server_rss_mb: float = 0.0
    server_waited: float = 0.0  # seconds the server's threads waited for a core over the measured part
    gc_collections: list[int] = field(default_factory=list)  # the server's collections of each generation
    gc_cpu: float = 0.0  # seconds of processor its collections took
    gc_full: list[tuple[float, float]] = field(default_factory=list)  # each full collection: (cpu, wall) seconds
    pressure: float = 0.0  # seconds of the measured part in which some task of the machine waited for a core

    @property
    def requests(self) -> int:
        return sum(len(v) for v in self.latencies.values())

    @property
    def connections(self) -> int:
        return self.tables * PHONES


class Table:
    """A table: its game, its keeper, its viewers, the hands saved."""

    def __init__(self, room: Room, number: int, game_id: str, keeper_key: str):
        self.room, self.number, self.game_id, self.keeper_key = room, number, game_id, keeper_key
        self.address = source(number // SOURCE_TABLES)
        self.viewers = [Viewer(self, i) for i in range(VIEWERS)]
        self.keeper: Connection | None = None
        self.saves: list[Save] = []

    def saved(self, save: Save) -> None:
        self.saves = [s for s in self.saves if None in s.heard][-8:] + [save]
        for viewer in self.viewers:
            viewer.check(save)

    async def keeper_ready(self) -> None:
        """The keeper's phone: its keeper link opened (the session cookie set), then its scoreboard."""
        self.keeper = await Connection.open(self.room.port, self.address)
        status, data = await self.keeper.request("GET", f"/g/{self.game_id}/keep/{self.keeper_key}")
        if status != 302:
            raise HTTPError(f"the keeper link answered {status}: {data[:200]!r}")
        status, data = await self.keeper.request("GET", f"/g/{self.game_id}")
        if status != 200:
            raise HTTPError(f"the keeper's page answered {status}")

    async def save(self, due: float, measured: bool) -> None:
        """Record a hand, then load the keeper's page: what the keeper's phone sends every KEEPER_PERIOD."""
        room, loop = self.room, asyncio.get_running_loop()
        if self.keeper is None or not self.keeper.usable:  # closed for idling: the phone connects again
            cookies = self.keeper.cookies if self.keeper else {}
            self.keeper = await Connection.open(room.port, self.address)
            self.keeper.cookies = dict(cookies)
        keeper = self.keeper
        sid = f"load-{room.token}-{self.number}-{next(room.submissions)}"
        body = json.dumps({"submission_id": sid, "sides": ONE_ALL})
        headers = {**JSON_HEADERS, "X-Keeper-Key": self.keeper_key}
        status, data = await keeper.request("POST", f"/api/v1/games/{self.game_id}/rounds", body.encode(), headers)
        if status != 201:
            raise HTTPError(f"a save answered {status}: {data[:200]!r}")
        room.record("save", loop.time() - due, due)
        self.saved(Save(int(json.loads(data)["version"]), due, measured, [None] * VIEWERS))
        started = loop.time()
        status, data = await keeper.request("GET", f"/g/{self.game_id}")
        if status != 200:
            raise HTTPError(f"the keeper's page answered {status}: {data[:200]!r}")
        room.record("keeper page", loop.time() - started, started)


class Viewer:
    """A viewer's phone: the scoreboard and its stream, reloaded whenever the stream says something newer."""

    def __init__(self, table: Table, index: int):
        self.table, self.index = table, index
        self.page = 0  # the version its page shows
        self.heard: list[tuple[int, float]] = []  # (version, when) its streams said, the latest few
        self.ready = asyncio.Event()  # its first stream has spoken
        self.conn: Connection | None = None

    def check(self, save: Save) -> None:
        """Whether this viewer heard ``save`` already (its version or a later one)."""
        if save.heard[self.index] is None:
            for version, when in self.heard:
                if version >= save.version:
                    self.table.room.heard(save, self.index, when)
                    return

    def hear(self, version: int) -> None:
        now = asyncio.get_running_loop().time()
        self.heard = [*self.heard[-7:], (version, now)]
        for save in self.table.saves:
            if save.heard[self.index] is None and version >= save.version:
                self.table.room.heard(save, self.index, now)

    async def run(self) -> None:
        """Follow the game until cancelled: load the page, hold the stream, reload on news."""
        room = self.table.room
        for _ in range(100_000):  # one pass a reload: a handful in any run
            try:
                await self._page_and_stream()
            except FAILURES as err:
                room.error(f"viewer of table {self.table.number}: {err!r}")
                await asyncio.sleep(RETRY)
            finally:
                if self.conn is not None:
                    self.conn.close()

    async def _page_and_stream(self) -> None:
        room, loop, game = self.table.room, asyncio.get_running_loop(), self.table.game_id
        started = loop.time()
        self.conn = conn = await Connection.open(room.port, self.table.address)
        status, data = await conn.request("GET", f"/g/{game}")
        found = PAGE_VERSION.search(data)
        if status != 200 or found is None:
            raise HTTPError(f"the scoreboard answered {status}: {data[:200]!r}")
        room.record("viewer page", loop.time() - started, started)
        self.page = int(found[1])
        started = loop.time()
        await conn.open_stream(f"/g/{game}/live")
        version = await conn.next_event()
        room.record("stream open", loop.time() - started, started)
        self.ready.set()
        self.hear(version)
        for _ in range(1_000_000):  # each pass an event: a keep-alive 20 s or a change
            if version > self.page:  # news: the page loads again (and its stream with it)
                return
            version = await conn.next_event()
            self.hear(version)


class Room:
    """Tables of phones in this process, grown step by step, each step's saves run and measured."""

    def __init__(self, port: int):
        self.port = port
        self.tables: list[Table] = []
        self.tasks: set[asyncio.Task] = set()
        self.step: Step | None = None
        self.window = (0.0, 0.0)  # the measured part of the step under way, loop time
        self.submissions = iter(range(10**9))
        self.token = uuid.uuid4().hex[:8]  # submission ids differ between rooms on one database
        self.next_saver = 0
        self.setup_errors: list[str] = []

    # --- what the phones report ------------------------------------------------------------------------------

    def record(self, kind: str, seconds: float, started: float) -> None:
        if self.step is not None and self.window[0] <= started < self.window[1]:
            self.step.latencies.setdefault(kind, []).append(seconds)

    def heard(self, save: Save, viewer: int, when: float) -> None:
        save.heard[viewer] = max(0.0, when - save.due)
        if save.measured and self.step is not None:
            self.step.seen.append(save.heard[viewer])

    def error(self, what: str) -> None:
        if self.step is not None:
            self.step.errors += 1
            self.step.first_error = self.step.first_error or what
        elif len(self.setup_errors) < 100:
            self.setup_errors.append(what)

    # --- growing the room ------------------------------------------------------------------------------------

    async def grow(self, games: list[tuple[int, str, str]], timeout: float = 600.0) -> None:
        """Tables for ``games`` ([(table number, game id, keeper key)]) beside those the room has: every keeper
        ready, every viewer's page loaded and its stream spoken, 200 tables at a time, within ``timeout``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        new = [Table(self, number, game_id, key) for number, game_id, key in games]
        self.tables += new
        for i in range(0, len(new), 200):
            batch = new[i : i + 200]
            keepers = await asyncio.gather(*(t.keeper_ready() for t in batch), return_exceptions=True)
            for failed in (k for k in keepers if isinstance(k, BaseException)):
                self.error(f"a keeper could not get ready: {failed!r}")
            viewers = [v for t in batch for v in t.viewers]
            for viewer in viewers:
                task = asyncio.create_task(viewer.run())
                self.tasks.add(task)
            waits = [asyncio.create_task(v.ready.wait()) for v in viewers]
            _, pending = await asyncio.wait(waits, timeout=max(1.0, deadline - loop.time()))
            for w in pending:
                w.cancel()
            if pending:
                self.error(f"{len(pending)} viewers' streams did not speak in time")
                return

    # --- a step ----------------------------------------------------------------------------------------------

    async def run_step(
        self, start_wall: float, warmup: float, seconds: float, offset: float = 0.0, period: float = KEEPER_PERIOD
    ) -> Step:
        """From ``start_wall`` (time.time()), saves at this room's rate (its tables / ``period`` a second, the
        first ``offset`` of a gap late) for ``warmup + seconds``; what was due after the warm-up is measured."""
        loop = asyncio.get_running_loop()
        n = len(self.tables)
        step = self.step = Step(n, seconds)
        start = loop.time() + (start_wall - time.time())
        measure_from, end = start + warmup, start + warmup + seconds
        self.window = (measure_from, end)
        gap = period / max(1, n)
        in_flight: set[asyncio.Task] = set()

        def done(task: asyncio.Task) -> None:
            in_flight.discard(task)
            if not task.cancelled() and task.exception() is not None:
                self.error(f"a keeper: {task.exception()!r}")

        cpu: dict[str, float] = {}

        async def cpu_at(when: float, name: str) -> None:
            await asyncio.sleep(max(0.0, when - loop.time()))
            cpu[name] = time.process_time()

        clocks = [asyncio.create_task(cpu_at(measure_from, "from")), asyncio.create_task(cpu_at(end, "to"))]
        sent = 0
        for i in range(int((end - start) / gap) + 1 if n else 0):  # bounded in count, and by `end` in time
            due = start + (i + offset) * gap
            if due >= end:
                break
            await asyncio.sleep(max(0.0, due - loop.time()))
            table = self.tables[(self.next_saver + i) % n]
            step.saves_asked += due >= measure_from
            task = asyncio.create_task(table.save(due, due >= measure_from))
            in_flight.add(task)
            task.add_done_callback(done)
            sent += 1
        self.next_saver = (self.next_saver + sent) % max(1, n)
        await asyncio.gather(*clocks)
        # What was sent finishes, for a bounded time, and the last saves get the time to be heard.
        drain_until = loop.time() + max(5.0, SEEN_GRACE)
        while (in_flight or loop.time() < end + SEEN_GRACE) and loop.time() < drain_until:
            await asyncio.sleep(0.05)
        step.unfinished = len(in_flight)
        for task in list(in_flight):
            task.cancel()
        await asyncio.gather(*in_flight, return_exceptions=True)
        # A measured save some viewer never heard is seen infinitely late.
        for table in self.tables:
            for save in table.saves:
                if save.measured:
                    step.seen += [float("inf")] * save.heard.count(None)
                    save.measured = False
        step.client_cpu = cpu["to"] - cpu["from"]
        self.step = None
        return step

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for table in self.tables:
            if table.keeper is not None:
                table.keeper.close()
        self.tasks.clear()


def client_process(pipe, port: int, files: int) -> None:
    """A client process holding part of the room: it raises its limit of open files to ``files``, then does
    what the pipe says: ``("grow", games)``, ``("step", start_wall, warmup, seconds, offset, period)`` (answered
    with the Step), ``("close",)``. Every answer is ``(result, setup errors)``; a failure is answered as
    ``("failed", text)``."""
    from scorekeeper.serve.cli import allow_open_files

    allow_open_files(files)

    async def serve() -> None:
        room = Room(port)
        loop = asyncio.get_running_loop()
        try:
            for _ in range(10_000):  # bounded: a handful of commands a run
                command = await loop.run_in_executor(None, pipe.recv)
                try:
                    if command[0] == "grow":
                        await room.grow(command[1])
                        pipe.send((len(room.tables), room.setup_errors[:5]))
                    elif command[0] == "step":
                        pipe.send((await room.run_step(*command[1:]), []))
                    else:
                        pipe.send((None, []))
                        return
                except Exception as err:  # said to the parent, which stops the run
                    pipe.send(("failed", repr(err)))
                    return
        finally:
            await room.close()

    with asyncio.Runner(loop_factory=new_loop) as runner:
        runner.run(serve())


class Clients:
    """The room spread over client processes, at most ``per_process`` tables each (a process may hold
    ``per_process * PHONES`` connections within its open-files limit); tables go to the last process until it is
    full, then a new one starts."""

    def __init__(self, port: int, per_process: int, files: int):
        import multiprocessing

        self.port, self.per_process, self.files = port, per_process, files
        self.context = multiprocessing.get_context("spawn")
        self.processes: list = []  # (process, pipe, tables)

    @property
    def tables(self) -> int:
        return sum(held for _, _, held in self.processes)

    def _ask(self, i: int, command: tuple, timeout: float) -> object:
        pipe = self.processes[i][1]
        pipe.send(command)
        if not pipe.poll(timeout):
            raise TimeoutError(f"client process {i} did not answer {command[0]} within {timeout:.0f} s")
        answer, errors = pipe.recv()
        if answer == "failed":
            raise RuntimeError(f"client process {i}: {errors}")
        return answer, errors

    def grow(self, games: list[tuple[int, str, str]], timeout: float = 900.0) -> list[str]:
        """Hand ``games`` ([(table number, game id, keeper key)]) to the processes; their setup errors."""
        errors: list[str] = []
        todo = list(games)
        for _ in range(1000):  # bounded: one pass a process
            if not todo:
                break
            if not self.processes or self.processes[-1][2] >= self.per_process:
                parent, child = self.context.Pipe()
                process = self.context.Process(target=client_process, args=(child, self.port, self.files), daemon=True)
                process.start()
                self.processes.append((process, parent, 0))
            process, pipe, held = self.processes[-1]
            take, todo = todo[: self.per_process - held], todo[self.per_process - held :]
            held_now, said = self._ask(len(self.processes) - 1, ("grow", take), timeout)
            self.processes[-1] = (process, pipe, held_now)
            errors += said
        return errors

    def step(
        self,
        start_wall: float,
        warmup: float,
        seconds: float,
        probe: Callable[[], Probe],
        period: float = KEEPER_PERIOD,
    ) -> Step:
        """A step run by every process at once, their saves interleaved; the merged Step, with the server's
        processor time and waits for a core over its measured part and its open files and memory at its end, from
        ``probe()``."""
        for i, (_, pipe, _) in enumerate(self.processes):
            pipe.send(("step", start_wall, warmup, seconds, i / len(self.processes), period))
        merged = Step(self.tables, seconds)
        time.sleep(max(0.0, start_wall + warmup - time.time()))
        first, first_at = probe(), time.time()
        time.sleep(max(0.0, start_wall + warmup + seconds - time.time()))
        last, last_at = probe(), time.time()
        merged.server_cpu, merged.server_waited = last.cpu - first.cpu, last.waited - first.waited
        merged.pressure = last.pressure - first.pressure
        merged.server_files, merged.server_rss_mb = last.files, last.rss_mb
        if first.gc is not None and last.gc is not None:
            before, after = first.gc["counts"], last.gc["counts"]
            merged.gc_collections = [after[g][0] - before[g][0] for g in range(3)]
            merged.gc_cpu = sum(after[g][1] - before[g][1] for g in range(3))
            # (the watch writes its figures every second: a collection's end is known within a second)
            merged.gc_full = [(cpu, wall) for at, cpu, wall in last.gc["full"] if first_at - 1 < at <= last_at]
        wait_until = time.monotonic() + (start_wall - time.time()) + warmup + seconds + 120
        for i, (_, pipe, _) in enumerate(self.processes):
            if not pipe.poll(max(1.0, wait_until - time.monotonic())):
                raise TimeoutError(f"client process {i} did not end its step")
            step, said = pipe.recv()
            if step == "failed":
                raise RuntimeError(f"client process {i}: {said}")
            merged.saves_asked += step.saves_asked
            for kind, samples in step.latencies.items():
                merged.latencies.setdefault(kind, []).extend(samples)
            merged.seen += step.seen
            merged.errors += step.errors
            merged.unfinished += step.unfinished
            merged.first_error = merged.first_error or step.first_error
            merged.client_cpu += step.client_cpu
        return merged

    def close(self) -> None:
        for i, (process, _pipe, _) in enumerate(self.processes):
            with contextlib.suppress(OSError, EOFError, TimeoutError, RuntimeError):
                self._ask(i, ("close",), 60)
            process.join(timeout=30)
            if process.is_alive():
                process.terminate()
                process.join(timeout=10)
        self.processes.clear()


async def make_games(
    port: int, count: int, timeout: float, hands: int = SEED_HANDS, workers: int = 8
) -> list[tuple[str, str]]:
    """``count`` games made through the API, ``hands`` hands each, by ``workers`` connections at once, within
    ``timeout`` seconds: [(id, keeper key)]."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    made: list[tuple[str, str]] = []
    todo = iter(range(count))

    async def worker() -> None:
        conn = await Connection.open(port)
        try:
            for n in todo:
                if loop.time() > deadline:
                    raise TimeoutError(f"making games: {len(made)} of {count} made in the time allowed")
                status, data = await conn.request("POST", "/api/v1/games", json.dumps(GAME).encode(), JSON_HEADERS)
                if status != 201:
                    raise HTTPError(f"a new game answered {status}: {data[:200]!r}")
                game = json.loads(data)
                headers = {**JSON_HEADERS, "X-Keeper-Key": game["keeper_key"]}
                for h in range(hands):
                    body = json.dumps({"submission_id": f"seed-{n}-{h}", "sides": ONE_ALL}).encode()
                    status, data = await conn.request("POST", f"/api/v1/games/{game['id']}/rounds", body, headers)
                    if status != 201:
                        raise HTTPError(f"a seeding hand answered {status}: {data[:200]!r}")
                made.append((game["id"], game["keeper_key"]))
                if not conn.usable:
                    conn = await Connection.open(port)
        finally:
            conn.close()

    await asyncio.gather(*(worker() for _ in range(min(workers, max(1, count)))))
    return made


@dataclass
class Idle:
    """What holding idle streams measured."""

    streams: int
    opened: int = 0
    still_open: int = 0
    comments: int = 0  # keep-alive comments the streams received in the window
    open_seconds: float = 0.0
    errors: list[str] = field(default_factory=list)


async def hold_streams(
    port: int, game_ids: list[str], count: int, window: Callable[[], object], per_source: int = 500
) -> Idle:
    """Open ``count`` streams on ``game_ids`` in turn, ``per_source`` from each source address, each read until
    its first event; then run ``window()`` (which measures the server, in a thread) while they are held and
    nothing changes; then close them."""
    loop = asyncio.get_running_loop()
    idle = Idle(count)
    conns: list[Connection] = []
    readers: set[asyncio.Task] = set()

    async def one(n: int) -> None:
        conn = await Connection.open(port, source(n // per_source))
        conns.append(conn)
        await conn.open_stream(f"/g/{game_ids[n % len(game_ids)]}/live")
        await asyncio.wait_for(conn.next_event(), ANSWER_TIMEOUT)
        idle.opened += 1

        async def keep_reading() -> None:  # as a phone does: the keep-alive comments read as they come
            with contextlib.suppress(*FAILURES):
                for _ in range(100_000):
                    await conn.next_event()

        readers.add(asyncio.create_task(keep_reading()))

    started = loop.time()
    try:
        for i in range(0, count, 250):
            done = await asyncio.gather(*(one(n) for n in range(i, min(count, i + 250))), return_exceptions=True)
            idle.errors += [repr(d) for d in done if isinstance(d, BaseException)][:5]
        idle.open_seconds = loop.time() - started
        before = sum(c.comments for c in conns)
        await asyncio.to_thread(window)
        idle.comments = sum(c.comments for c in conns) - before
        idle.still_open = sum(1 for c in conns if c.usable)
    finally:
        for task in readers:
            task.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
        for conn in conns:
            conn.close()
    return idle


def new_loop() -> asyncio.AbstractEventLoop:
    """The client's event loop: uvloop's, as the server's, when installed (it costs the client less processor)."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvloop is in requirements.txt
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()
