"""Servers for the web benchmarks, started the way ``make run`` starts the app, and timed requests to them."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.web.common.limits import DEFAULTS

APP = ["scorekeeper.serve", "--host", "127.0.0.1"]
BARE = ["bench.bare"]
JSON_HEADERS = {"Content-Type": "application/json"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    """A server in its own process on 127.0.0.1, and one kept-alive connection to it."""

    proc: subprocess.Popen
    port: int
    conn: http.client.HTTPConnection

    def pids(self) -> list[int]:
        """The server's process and every process under it (``--workers N`` runs N children), Linux /proc."""
        children: dict[int, list[int]] = {}
        try:
            for entry in os.listdir("/proc"):
                if entry.isdigit():
                    with contextlib.suppress(OSError, ValueError, IndexError):
                        with open(f"/proc/{entry}/stat") as f:
                            parent = int(f.read().rsplit(")", 1)[1].split()[1])
                        children.setdefault(parent, []).append(int(entry))
        except OSError:
            return [self.proc.pid]
        found, todo = [], [self.proc.pid]
        for _ in range(1000):  # bounded: a server has a handful of processes
            if not todo:
                break
            pid = todo.pop()
            found.append(pid)
            todo += children.get(pid, [])
        return found

    def cpu_seconds(self) -> float:
        """CPU time the server's processes have used so far: the scheduler's own count for each of their threads
        (/proc/<pid>/task/<tid>/schedstat, in nanoseconds), else user plus system time in clock ticks
        (/proc/<pid>/stat, 10 ms); 0 off Linux. The threads' count leaves out a thread that ended, which a server's
        pools of threads never do while it runs."""
        if os.path.exists(f"/proc/{self.proc.pid}/task/{self.proc.pid}/schedstat"):
            total = 0
            for pid in self.pids():
                with contextlib.suppress(OSError):
                    for task in os.listdir(f"/proc/{pid}/task"):
                        with contextlib.suppress(OSError, ValueError, IndexError):
                            total += _schedstat(f"/proc/{pid}/task/{task}/schedstat")[0]
            return total / 1e9
        total = 0.0
        for pid in self.pids():
            with contextlib.suppress(OSError, ValueError, IndexError):
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total

    def open_files(self) -> int:
        """The files (sockets among them) the server's processes hold open now."""
        total = 0
        for pid in self.pids():
            with contextlib.suppress(OSError):
                total += len(os.listdir(f"/proc/{pid}/fd"))
        return total

    def rss_mb(self) -> float:
        """The server's processes' resident memory now, in MB."""
        total = 0
        for pid in self.pids():
            with contextlib.suppress(OSError, ValueError, IndexError), open(f"/proc/{pid}/status") as f:
                total += next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
        return total / 1024

    def waited_seconds(self) -> float:
        """Seconds the server's threads have spent so far ready to run but waiting for a core (Linux schedstat):
        on a shared machine, the part of a latency that is the machine's, not the server's."""
        total = 0
        for pid in self.pids():
            with contextlib.suppress(OSError):
                for task in os.listdir(f"/proc/{pid}/task"):
                    with contextlib.suppress(OSError, ValueError, IndexError):
                        total += _schedstat(f"/proc/{pid}/task/{task}/schedstat")[1]
        return total / 1e9

    def probe(self) -> Probe:
        """The server's processes' figures now."""
        return Probe(self.cpu_seconds(), self.open_files(), self.rss_mb(), self.waited_seconds(), cpu_pressure())


@dataclass
class Probe:
    """A server's figures at one moment: processor seconds used so far, open files, resident memory, seconds its
    threads waited for a core so far, and the machine's CPU pressure so far (``cpu_pressure``)."""

    cpu: float
    files: int
    rss_mb: float
    waited: float
    pressure: float
    gc: dict | None = None  # the server's garbage collections so far, when watched (bench.gcwatch.read)


def _schedstat(path: str) -> tuple[int, int]:
    """A thread's nanoseconds on a core, and waiting for one, so far (``/proc/.../schedstat``)."""
    with open(path) as f:
        fields = f.read().split()
    return int(fields[0]), int(fields[1])


def cpu_pressure() -> float:
    """Seconds so far in which some task of the machine waited for a core (Linux PSI, /proc/pressure/cpu "some");
    over a window, its share of the window says how contended the machine was (0 where unknown)."""
    try:
        with open("/proc/pressure/cpu") as f:
            line = next(line for line in f if line.startswith("some"))
        return int(line.rsplit("total=", 1)[1]) / 1e6
    except (OSError, StopIteration, ValueError, IndexError):
        return 0.0


def results_dir() -> Path:
    """Where a benchmark writes its JSON copy: bench/out, or bench/out/quick in quick mode (``BENCH_QUICK=1``, as
    the test suite runs it), so that a suite run meanwhile never overwrites a full run's figures."""
    folder = Path(__file__).parent / "out"
    return folder / "quick" if os.environ.get("BENCH_QUICK") == "1" else folder


# The benchmarks build hundreds of games from one address in seconds, as no club does: the app's rate limits stay
# on (their cost is part of every request measured) but far above what the benchmarks send.
BENCH_LIMITS = {name: "1000000 per minute" for name in DEFAULTS}


@contextmanager
def server(args: list[str], env: dict | None = None):
    """Start ``python -m <args> --port <free port>``, wait until it accepts connections, stop it afterwards."""
    port = free_port()
    limits = {f"SCOREKEEPER_{name}": value for name, value in BENCH_LIMITS.items()}
    proc = subprocess.Popen(
        [sys.executable, "-m", *args, "--port", str(port)],
        env={**os.environ, **limits, **(env or {})},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        # A server starts in a second or two; a machine busy with a whole test suite can take much longer.
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"server {args} exited with status {proc.returncode}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise RuntimeError(f"server {args} did not start within 90 s")
        # Long games on a slow build take seconds per write: wait for them rather than fail the run.
        yield Server(proc, port, http.client.HTTPConnection("127.0.0.1", port, timeout=60))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def call(conn: http.client.HTTPConnection, method: str, path: str, body=None, headers=None) -> tuple[float, int, bytes]:
    """One request over the kept-alive connection: (seconds, status, body)."""
    if body is not None and not isinstance(body, (str, bytes)):
        body = json.dumps(body)
    t0 = time.perf_counter()
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
    except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
        # The server closed the kept-alive connection while it sat idle (its keep-alive timeout, or the deadline
        # for a first request): sent again on a new one, as a browser does.
        conn.close()
        t0 = time.perf_counter()
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
    data = response.read()
    return time.perf_counter() - t0, response.status, data


def timed(conn: http.client.HTTPConnection, method: str, path: str, body=None, headers=None) -> tuple[float, int]:
    seconds, status, _ = call(conn, method, path, body, headers)
    return seconds, status


def expect(conn: http.client.HTTPConnection, method: str, path: str, status: int, body=None, headers=None) -> dict:
    """A request that must answer ``status``; its JSON answer (empty for no body). Stops the run otherwise."""
    _, got, data = call(conn, method, path, body, headers)
    if got != status:
        raise RuntimeError(f"{method} {path} answered {got}, expected {status}: {data[:300]!r}")
    return json.loads(data) if data else {}


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def percentile_ms(samples: list[float], pct: float) -> float:
    """The nearest-rank percentile, in milliseconds."""
    ordered = sorted(samples)
    rank = max(0, min(len(ordered) - 1, int(-(-pct * len(ordered) // 100)) - 1))
    return ordered[rank] * 1000


# Two sides, each scoring exactly 1 a hand (side 0 the settebello, side 1 the cards; coins tied, no primiera):
# under the "highest" end, equal top totals play on, so a game takes any number of hands and never ends.
ONE_ALL = [
    {"tally": {"cards": 19, "coins": 5, "settebello": True, "primiera_won": False}, "scopas": 0},
    {"tally": {"cards": 21, "coins": 5, "settebello": False, "primiera_won": False}, "scopas": 0},
]
GAME = {"name": "Bench", "sides": [{"name": "Anna"}, {"name": "Bruno"}], "rules": {"end": "highest"}}


def check_one_all(conn: http.client.HTTPConnection) -> None:
    """The seeding hand is valid and scores 1-1; without that the long game would end or be refused."""
    body = {"sides": [{"name": n, **side} for n, side in zip(("Anna", "Bruno"), ONE_ALL, strict=True)]}
    answer = expect(conn, "POST", "/api/v1/score", 200, body, JSON_HEADERS)
    totals = [side["total"] for side in answer["sides"]]
    if totals != [1, 1]:
        raise RuntimeError(f"the seeding hand scores {totals}, not [1, 1]: {answer}")


def new_game(conn: http.client.HTTPConnection) -> tuple[str, dict]:
    """A two-side game through the API: (id, headers carrying its keeper key)."""
    game = expect(conn, "POST", "/api/v1/games", 201, GAME, JSON_HEADERS)
    return game["id"], {**JSON_HEADERS, "X-Keeper-Key": game["keeper_key"]}


def hand_body(submission_id: str) -> dict:
    return {"submission_id": submission_id, "sides": ONE_ALL}
