"""Behind a reverse proxy, as docs/deploy.md sets it up: Debian's nginx running docs/nginx/scorekeeper.conf and
Debian's Caddy running docs/caddy/Caddyfile, each in front of ``python -m scorekeeper.serve`` with
``SCOREKEEPER_PROXY=1``. The configuration files are the documented ones, with only the public name's parts put on
loopback: a free port for 443 (and 80), a self-signed certificate made with openssl for the real one, the app's port
for 5000. Every replacement is checked to find what it replaces, so a change to a documented file is a change to what
is tested. scripts/install-proxies installs nginx, Caddy and curl.

Each test starts its own app and proxy and stops both, the proxy's whole process group, in ``finally``.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from scorekeeper.serve.cli import allow_open_files

ROOT = Path(__file__).resolve().parent.parent
NGINX_SITE = ROOT / "docs" / "nginx" / "scorekeeper.conf"
NGINX_MAIN = ROOT / "docs" / "nginx" / "main.conf"
CADDYFILE = ROOT / "docs" / "caddy" / "Caddyfile"
NGINX = "/usr/sbin/nginx"
CADDY = "/usr/bin/caddy"
# How soon a hand saved reaches a phone's open stream through the proxy, after the save is answered: the app wakes
# its streams within 0.1 s of a change (serve/feed.py); a proxy that holds the event back (buffering) takes far longer.
SOON = 1.0  # seconds
# The per-client connection cap in docs/nginx/scorekeeper.conf (``limit_conn scorekeeper_per_client``).
NGINX_CAP = 1000
# The deadline for a request's headers in both documented files (client_header_timeout, read_header).
HEADER_DEADLINE = 15.0  # seconds
# How long a stop or reload leaves open streams before closing them (worker_shutdown_timeout, grace_period).
SHUTDOWN_GRACE = 10.0  # seconds
HAND = [
    {"tally": {"cards": 22, "coins": 6, "settebello": True, "primiera": 78}},
    {"tally": {"cards": 18, "coins": 4, "settebello": False, "primiera": 75}},
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def installed(program: str) -> str:
    """``program``'s path; a clear failure when it is missing (never a skip: CI runs scripts/install-proxies)."""
    found = shutil.which(program)
    if found is None:
        pytest.fail(f"{program} is not installed: scripts/install-proxies installs Debian's nginx, caddy and curl")
    return found


def replaced(text: str, old: str, new: str, times: int = 1) -> str:
    """``text`` with ``old`` put as ``new``; ``old`` must be there exactly ``times`` times (the documented file
    changed otherwise, and this test must follow it)."""
    found = text.count(old)
    assert found == times, f"expected {old!r} {times} time(s) in the documented file, found {found}"
    return text.replace(old, new)


def _stop(process: subprocess.Popen[bytes], group: bool = False, how: int = signal.SIGTERM) -> None:
    """Stop a process started here (and, with ``group``, every process of the group it leads)."""
    if process.poll() is None:
        process.send_signal(how)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if group:
        # nginx's workers outlive a master that was killed: the group was made for this process, so it is all ours.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)


def _wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"{process.args[0]} stopped at start: {log.read_text(errors='replace')[-2000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    pytest.fail(f"nothing listens on 127.0.0.1:{port} after {seconds} s: {log.read_text(errors='replace')[-2000:]}")


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def json(self) -> dict:
        return json.loads(self.body)


@dataclass
class Site:
    """The app behind its proxy: https on ``port`` (through the proxy), plain http on ``app_port`` (the app)."""

    port: int
    app_port: int
    cert: Path
    proxy: subprocess.Popen[bytes]
    http_port: int | None = None
    context: ssl.SSLContext = field(init=False)

    def __post_init__(self) -> None:
        self.context = ssl.create_default_context(cafile=str(self.cert))

    @property
    def base(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    def request(
        self,
        method: str,
        path: str,
        body: dict | None = None,
        headers: dict[str, str] | None = None,
        source: str = "127.0.0.1",
        direct: bool = False,
    ) -> Answer:
        """One request through the proxy over https from ``source`` (or, ``direct``, to the app over http)."""
        if direct:
            conn: http.client.HTTPConnection = http.client.HTTPConnection(
                "127.0.0.1", self.app_port, timeout=30, source_address=(source, 0)
            )
        else:
            conn = http.client.HTTPSConnection(
                "127.0.0.1", self.port, timeout=30, source_address=(source, 0), context=self.context
            )
        sent = {"Content-Type": "application/json", **(headers or {})}
        try:
            conn.request(method, path, body=None if body is None else json.dumps(body), headers=sent)
            answer = conn.getresponse()
            return Answer(answer.status, answer.headers, answer.read())
        finally:
            conn.close()

    def new_game(self, source: str = "127.0.0.1") -> dict:
        made = self.request("POST", "/api/v1/games", {"sides": [{"name": "Anna"}, {"name": "Bruno"}]}, source=source)
        assert made.status == 201, made.body
        return made.json()

    def save_hand(self, game: dict, submission: str) -> None:
        saved = self.request(
            "POST",
            f"/api/v1/games/{game['id']}/rounds",
            {"submission_id": submission, "sides": HAND},
            {"X-Keeper-Key": game["keeper_key"]},
        )
        assert saved.status in (200, 201), saved.body

    def stream(self, path: str, source: str = "127.0.0.1") -> Stream:
        return Stream(self, path, source)


def _dechunk(body: bytes) -> bytes:
    """The data of an HTTP/1.1 chunked body, as far as its chunks have arrived whole."""
    data, rest = b"", body
    while b"\r\n" in rest:
        size_line, after = rest.split(b"\r\n", 1)
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0 or len(after) < size + 2:
            break
        data += after[:size]
        rest = after[size + 2 :]
    return data


class Stream:
    """A phone's live stream through the proxy (HTTP/1.1 over TLS), read in a thread of its own that notes when each
    piece arrived."""

    def __init__(self, site: Site, path: str, source: str = "127.0.0.1"):
        raw = socket.create_connection(("127.0.0.1", site.port), timeout=30, source_address=(source, 0))
        self.sock = site.context.wrap_socket(raw, server_hostname="127.0.0.1")
        self.sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{site.port}\r\nAccept: text/event-stream\r\n\r\n".encode()
        )
        self.raw = b""
        self.arrivals: list[tuple[float, int]] = []  # (when, length of raw by then)
        self.closed = False
        self.closed_at = 0.0  # when the other end closed it (time.monotonic())
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        self.sock.settimeout(None)
        while True:
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                chunk = b""
            with self._changed:
                if not chunk:
                    self.closed, self.closed_at = True, time.monotonic()
                    self._changed.notify_all()
                    return
                self.raw += chunk
                self.arrivals.append((time.monotonic(), len(self.raw)))
                self._changed.notify_all()

    @property
    def head(self) -> bytes:
        return self.raw.split(b"\r\n\r\n", 1)[0]

    @property
    def data(self) -> bytes:
        """What the app sent on the stream, its chunks put back together."""
        parts = self.raw.split(b"\r\n\r\n", 1)
        return _dechunk(parts[1]) if len(parts) == 2 else b""

    def arrival(self, wanted: bytes, seconds: float = 10) -> float:
        """When ``wanted`` had arrived (``time.monotonic()``); fails when it does not within ``seconds``."""
        deadline = time.monotonic() + seconds
        with self._changed:
            while wanted not in self.data:
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    pytest.fail(f"{wanted!r} did not arrive on the stream within {seconds} s: {self.raw[-500:]!r}")
                self._changed.wait(left)
            # The first piece after which the data held it.
            for when, length in self.arrivals:
                parts = self.raw[:length].split(b"\r\n\r\n", 1)
                if len(parts) == 2 and wanted in _dechunk(parts[1]):
                    return when
        raise AssertionError("unreachable")

    def closed_within(self, seconds: float) -> float:
        """When the other end closed the stream; fails when it does not within ``seconds``."""
        deadline = time.monotonic() + seconds
        with self._changed:
            while not self.closed:
                left = deadline - time.monotonic()
                if left <= 0:
                    pytest.fail(f"the stream is still open after {seconds} s")
                self._changed.wait(left)
        return self.closed_at

    def close(self) -> None:
        _close(self.sock)
        self._reader.join(timeout=5)


def _close(s: socket.socket) -> None:
    """Close ``s`` for the other end too, even while a thread waits in ``recv`` on it (which a bare close leaves
    open)."""
    with contextlib.suppress(OSError):
        s.shutdown(socket.SHUT_RDWR)
    s.close()


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1, made with openssl: (certificate, key)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", str(key), "-out", str(cert), "-days", "2", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return cert, key


# The app's environment behind a proxy, as docs/deploy.md gives it (less the public name: links must come from what
# the proxy forwards).
APP_ENV = {"SCOREKEEPER_PROXY": "1", "SCOREKEEPER_CONNECTIONS_PER_CLIENT": "0"}


@contextlib.contextmanager
def app_server(folder: Path, **env: str | None) -> Iterator[int]:
    """``python -m scorekeeper.serve`` on a free loopback port with APP_ENV and ``env`` (a None there leaves that
    setting out), its own database in ``folder`` and no other SCOREKEEPER_ setting: its port."""
    port = _free_port()
    log = folder / "app.log"
    settings = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
    chosen = {**APP_ENV, "SCOREKEEPER_DATABASE": str(folder / "scorekeeper.sqlite3"), **env}
    settings.update({k: v for k, v in chosen.items() if v is not None})
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.serve", "--host", "127.0.0.1", "--port", str(port)],
            cwd=ROOT,
            env=settings,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        _wait_for_port(port, process, log)
        yield port
    finally:
        _stop(process)


@contextlib.contextmanager
def nginx(folder: Path, app_port: int) -> Iterator[Site]:
    """A private nginx on loopback running docs/nginx/scorekeeper.conf, everything it writes inside ``folder``."""
    cert, key = certificate(folder)
    port, http_port = _free_port(), _free_port()
    site = NGINX_SITE.read_text()
    site = replaced(site, "listen 443 ssl http2;", f"listen 127.0.0.1:{port} ssl http2;")
    site = replaced(site, "listen 80;", f"listen 127.0.0.1:{http_port};")
    # Loopback only: the IPv6 wildcard listeners go.
    site = replaced(site, "listen [::]:443 ssl http2;", "")
    site = replaced(site, "listen [::]:80;", "")
    site = replaced(site, "/etc/letsencrypt/live/scopa.example/fullchain.pem", str(cert))
    site = replaced(site, "/etc/letsencrypt/live/scopa.example/privkey.pem", str(key))
    site = replaced(site, "server 127.0.0.1:5000;", f"server 127.0.0.1:{app_port};")
    (folder / "scorekeeper.conf").write_text(site)
    # What Debian's /etc/nginx/nginx.conf holds around the site, with the lines docs/nginx/main.conf changes and
    # every path inside ``folder``; workers as root when the test is root (they write their temporary files into
    # ``folder``, which only its owner may).
    user = "user root;\n" if os.geteuid() == 0 else ""
    (folder / "nginx.conf").write_text(
        f"""{user}worker_processes 1;
include {NGINX_MAIN};
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
http {{
    access_log off;
    client_body_temp_path {folder}/client_body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/scorekeeper.conf;
}}
"""
    )
    log = folder / "error.log"
    with open(folder / "nginx.out", "wb") as out:
        process = subprocess.Popen(
            [installed(NGINX), "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", str(log)],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        _wait_for_port(port, process, log)
        yield Site(port, app_port, cert, process, http_port)
    finally:
        _stop(process, group=True)


@contextlib.contextmanager
def caddy(folder: Path, app_port: int) -> Iterator[Site]:
    """A private Caddy on loopback running docs/caddy/Caddyfile, its data and configuration inside ``folder``."""
    cert, key = certificate(folder)
    port = _free_port()
    text = CADDYFILE.read_text()
    # No admin endpoint, no listener on port 80 for redirects, every listener on loopback.
    text = replaced(text, "\n{\n", "\n{\n\tadmin off\n\tauto_https disable_redirects\n\tdefault_bind 127.0.0.1\n")
    # The name's certificate would come from Let's Encrypt: here the self-signed one.
    text = replaced(text, "\nscopa.example {\n", f"\nhttps://127.0.0.1:{port} {{\n\ttls {cert} {key}\n")
    text = replaced(text, "reverse_proxy 127.0.0.1:5000", f"reverse_proxy 127.0.0.1:{app_port}")
    (folder / "Caddyfile").write_text(text)
    home = folder / "home"
    home.mkdir()
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
    }
    log = folder / "caddy.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [installed(CADDY), "run", "--config", str(folder / "Caddyfile"), "--adapter", "caddyfile"],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        _wait_for_port(port, process, log)
        yield Site(port, app_port, cert, process)
    finally:
        # At once: SIGTERM would wait for the streams still open, up to the Caddyfile's grace_period.
        _stop(process, group=True, how=signal.SIGQUIT)


Proxy = Callable[[Path, int], contextlib.AbstractContextManager[Site]]
PROXIES = [pytest.param(nginx, id="nginx"), pytest.param(caddy, id="caddy")]


@pytest.fixture
def behind(tmp_path: Path) -> Callable[..., contextlib.AbstractContextManager[Site]]:
    """``with behind(proxy, **env) as site``: the app (with ``env``) behind ``proxy``, both stopped after."""

    @contextlib.contextmanager
    def start(proxy: Proxy, **env: str | None) -> Iterator[Site]:
        with app_server(tmp_path, **env) as app_port, proxy(tmp_path, app_port) as site:
            yield site

    return start


def test_the_deployment_guide_shows_the_very_files_these_tests_run():
    guide = (ROOT / "docs" / "deploy.md").read_text()
    for path, language in ((NGINX_MAIN, "nginx"), (NGINX_SITE, "nginx"), (CADDYFILE, "caddy")):
        assert f"```{language}\n{path.read_text()}```" in guide, f"docs/deploy.md does not show {path.name} as it is"


# --- Pages, links and cookies ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("proxy", PROXIES)
def test_pages_load_through_the_proxy_and_links_say_the_https_address_the_phone_opened(behind, proxy):
    with behind(proxy) as site:
        page = site.request("GET", "/")
        assert page.status == 200
        assert page.headers["Content-Type"].startswith("text/html")
        assert b"Scopa" in page.body
        # The session cookie is Secure: the app knows the phone came over https (X-Forwarded-Proto).
        cookie = page.headers["Set-Cookie"] or ""
        assert "session=" in cookie and "Secure" in cookie and "HttpOnly" in cookie
        # A game's links are the proxy's https address with its port (X-Forwarded-Proto, X-Forwarded-Host).
        game = site.new_game()
        assert game["url"] == f"{site.base}/g/{game['id']}"
        assert game["keeper_url"].startswith(f"{site.base}/g/{game['id']}/keep/")
        # Asked directly, the same app says its own plain address: the links above came from the proxy's headers.
        direct = site.request("POST", "/api/v1/games", {"sides": [{"name": "A"}, {"name": "B"}]}, direct=True)
        assert direct.json()["url"].startswith(f"http://127.0.0.1:{site.app_port}/g/")
        assert "Secure" not in (site.request("GET", "/", direct=True).headers["Set-Cookie"] or "")
        if site.http_port is not None:
            # nginx's plain http port only sends phones to https.
            conn = http.client.HTTPConnection("127.0.0.1", site.http_port, timeout=30)
            conn.request("GET", f"/g/{game['id']}")
            moved = conn.getresponse()
            assert moved.status == 301
            assert moved.headers["Location"] == f"https://127.0.0.1/g/{game['id']}"
            conn.close()


@pytest.mark.parametrize("proxy", PROXIES)
def test_rate_limits_count_each_client_address_the_proxy_forwards(behind, proxy):
    with behind(proxy, SCOREKEEPER_RATELIMIT_CREATE="2 per minute") as site:
        body = {"sides": [{"name": "Anna"}, {"name": "Bruno"}]}
        assert site.request("POST", "/api/v1/games", body, source="127.0.0.2").status == 201
        assert site.request("POST", "/api/v1/games", body, source="127.0.0.2").status == 201
        refused = site.request("POST", "/api/v1/games", body, source="127.0.0.2")
        assert refused.status == 429
        assert refused.json()["error"] == "rate_limited"
        # A client's own X-Forwarded-For counts for nothing: the proxy says who connected.
        forged = site.request("POST", "/api/v1/games", body, {"X-Forwarded-For": "127.0.0.77"}, source="127.0.0.2")
        assert forged.status == 429
        # Another phone, through the same proxy connection to the app, has its own count.
        assert site.request("POST", "/api/v1/games", body, source="127.0.0.3").status == 201


@pytest.mark.parametrize("proxy", PROXIES)
def test_a_body_over_64_kb_is_refused(behind, proxy):
    with behind(proxy) as site:
        big = {"sides": [{"name": "A" * 70_000}, {"name": "B"}]}
        refused = site.request("POST", "/api/v1/games", big)
        assert refused.status == 413
        if proxy is nginx:
            # By nginx itself (client_max_body_size): the app's answers all carry its Content-Security-Policy.
            assert "Content-Security-Policy" not in refused.headers
        else:
            # By the app, with its message: Caddy passes the body on (its own limit would answer an empty 502).
            assert refused.json()["error"] == "too_large"
        assert site.request("POST", "/api/v1/games", {"sides": [{"name": "A" * 40}, {"name": "B"}]}).status == 201


# --- The live streams ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("proxy", PROXIES)
def test_a_hand_saved_through_the_proxy_reaches_a_stream_through_it_within_a_second(behind, proxy):
    with behind(proxy) as site:
        game = site.new_game()
        stream = site.stream(f"/g/{game['id']}/live")
        try:
            stream.arrival(b'data: {"version": 1}')
            assert stream.head.startswith(b"HTTP/1.1 200")
            assert b"content-type: text/event-stream" in stream.head.lower()
            for version in (2, 3, 4):
                site.save_hand(game, f"proxy-hand-{version:04d}")
                saved = time.monotonic()
                took = stream.arrival(b'data: {"version": %d}' % version) - saved
                print(f"{proxy.__name__}: hand {version - 1} on the stream {took * 1000:.0f} ms after its save")
                assert took < SOON, f"the hand reached the stream {took:.2f} s after it was saved"
        finally:
            stream.close()


@pytest.mark.parametrize("proxy", PROXIES)
def test_a_stream_through_the_proxy_over_http2_hears_a_hand_within_a_second(behind, proxy):
    """Phones' browsers speak HTTP/2 to an https server; curl does here (Python's http.client cannot)."""
    with behind(proxy) as site:
        curl = [installed("curl"), "--http2", "--silent", "--show-error", "--cacert", str(site.cert)]
        # A game made over HTTP/2: the Host the proxy passes on is the phone's, port and all.
        sides = json.dumps({"sides": [{"name": "Anna"}, {"name": "Bruno"}]})
        made = subprocess.run(
            [*curl, "--json", sides, f"{site.base}/api/v1/games"], capture_output=True, check=True, timeout=30
        )
        game = json.loads(made.stdout)
        assert game["url"] == f"{site.base}/g/{game['id']}"
        watching = subprocess.Popen(
            [*curl, "--no-buffer", "--include", "--max-time", "60", f"{site.base}/g/{game['id']}/live"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        lines: list[tuple[float, bytes]] = []

        def read() -> None:
            assert watching.stdout is not None
            for line in watching.stdout:
                lines.append((time.monotonic(), line))

        reader = threading.Thread(target=read, daemon=True)
        reader.start()

        def arrival(wanted: bytes, seconds: float = 10) -> float:
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                for when, line in list(lines):
                    if wanted in line:
                        return when
                time.sleep(0.01)
            pytest.fail(f"{wanted!r} did not arrive over HTTP/2 within {seconds} s: {lines!r}")

        try:
            arrival(b'data: {"version": 1}')
            assert lines[0][1].startswith(b"HTTP/2 200")
            site.save_hand(game, "http2-hand-0001")
            saved = time.monotonic()
            took = arrival(b'data: {"version": 2}') - saved
            print(f"{proxy.__name__}, HTTP/2: the hand on the stream {took * 1000:.0f} ms after its save")
            assert took < SOON
        finally:
            _stop(watching)
            reader.join(timeout=5)
            if watching.stdout is not None:
                watching.stdout.close()


# --- One client cannot take the others' places -----------------------------------------------------------------------


def _trickle(site: Site, source: str) -> ssl.SSLSocket:
    """A connection that sends its request line and then its headers a byte at a time (in ``_keep_trickling``)."""
    raw = socket.create_connection(("127.0.0.1", site.port), timeout=30, source_address=(source, 0))
    s = site.context.wrap_socket(raw, server_hostname="127.0.0.1")
    s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return s


def _keep_trickling(s: ssl.SSLSocket, started: float, seconds: float) -> float:
    """Send a byte a second until the proxy closes ``s``: how long after ``started`` that was (or ``seconds``)."""
    s.settimeout(1)
    while time.monotonic() - started < seconds:
        try:
            s.sendall(b"a")
            s.recv(4096)  # the connection closed (b""), or an answer (408) before the proxy closes it
            break
        except TimeoutError:
            continue  # nothing yet: the next byte
        except OSError:  # ssl.SSLError among them: the proxy reset the connection
            break
    return time.monotonic() - started


def _open_streams(site: Site, path: str, count: int, sources: list[str]) -> list[ssl.SSLSocket]:
    """``count`` streams of ``path`` through the proxy, from ``sources`` in turn, each checked to be answered with its
    first event; they stay open."""
    assert allow_open_files(count + 500) >= count + 200, "this machine does not allow enough open files"
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{site.port}\r\n\r\n".encode()
    held: list[ssl.SSLSocket] = []
    try:
        for n in range(count):
            raw = socket.create_connection(
                ("127.0.0.1", site.port), timeout=30, source_address=(sources[n % len(sources)], 0)
            )
            held.append(site.context.wrap_socket(raw, server_hostname="127.0.0.1"))
            held[-1].sendall(request)
        for n, s in enumerate(held):
            got = b""
            while b"\r\n\r\n" not in got or (got.startswith(b"HTTP/1.1 200") and b'{"version": 1}' not in got):
                chunk = s.recv(4096)
                assert chunk, f"stream {n + 1} of {count} was closed: {got!r}"
                got += chunk
            assert got.startswith(b"HTTP/1.1 200"), f"stream {n + 1} of {count}: {got[:200]!r}"
    except BaseException:
        for s in held:
            _close(s)
        raise
    return held


@pytest.mark.slow
def test_nginx_caps_one_clients_connections_cuts_a_request_that_trickles_and_reloads_within_its_grace(behind):
    with behind(nginx) as site:
        game = site.new_game()
        # A table's phone watches its game; it stays open through everything below.
        table = site.stream(f"/g/{game['id']}/live", source="127.0.0.2")
        slow = _trickle(site, "127.0.0.5")
        started = time.monotonic()
        held: list[ssl.SSLSocket] = []
        try:
            table.arrival(b'data: {"version": 1}')
            # One address opens as many streams as the cap lets it; each is answered and stays open.
            held = _open_streams(site, f"/g/{game['id']}/live", NGINX_CAP, ["127.0.0.4"])
            # One more request from that address is refused; another address is served.
            assert site.request("GET", "/", source="127.0.0.4").status == 429
            assert site.request("GET", "/", source="127.0.0.6").status == 200
            # The trickling connection is cut at its deadline to send its headers. Opening the streams above can take
            # longer than that on a busy machine: then the trickle, tried again, is found closed at once.
            waited = time.monotonic() - started
            cut = _keep_trickling(slow, started, max(HEADER_DEADLINE, waited) + 10)
            assert HEADER_DEADLINE - 1 <= cut <= max(HEADER_DEADLINE, waited) + 5, (
                f"the trickling request was cut after {cut} s (tried again after {waited:.1f} s)"
            )
            # The table's stream, quiet all along, hears the app's keep-alive comment (every 20 s) and then a hand.
            table.arrival(b": keep-alive", seconds=25)
            site.save_hand(game, "capped-hand-0001")
            table.arrival(b'data: {"version": 2}', seconds=SOON)
            # A reload (what `systemctl reload nginx` sends) closes the streams still open after the shutdown timeout
            # of docs/nginx/main.conf, and the phone's next stream is served by the new workers.
            site.proxy.send_signal(signal.SIGHUP)
            reloaded = time.monotonic()
            took = table.closed_within(SHUTDOWN_GRACE + 5) - reloaded
            assert SHUTDOWN_GRACE - 1 <= took <= SHUTDOWN_GRACE + 3, (
                f"the stream was closed {took:.1f} s after a reload"
            )
            again = site.stream(f"/g/{game['id']}/live", source="127.0.0.2")
            try:
                again.arrival(b'data: {"version": 2}')
            finally:
                again.close()
        finally:
            _close(slow)
            table.close()
            for s in held:
                _close(s)


@pytest.mark.slow
def test_behind_a_proxy_the_app_leaves_the_cap_per_client_to_the_proxy_by_itself(behind):
    """SCOREKEEPER_PROXY=1 alone turns the app's own cap off: every connection comes from the proxy's one address,
    so its cap would be on all the phones together. 1,001 phones from two addresses, each within nginx's cap."""
    with behind(nginx, SCOREKEEPER_CONNECTIONS_PER_CLIENT=None) as site:
        game = site.new_game()
        held = _open_streams(site, f"/g/{game['id']}/live", 1001, ["127.0.0.7", "127.0.0.8"])
        for s in held:
            _close(s)


@pytest.mark.slow
def test_caddy_cuts_a_request_that_trickles_keeps_a_quiet_stream_and_stops_within_its_grace(behind):
    with behind(caddy) as site:
        game = site.new_game()
        table = site.stream(f"/g/{game['id']}/live", source="127.0.0.2")
        slow = _trickle(site, "127.0.0.5")
        started = time.monotonic()
        try:
            table.arrival(b'data: {"version": 1}')
            cut = _keep_trickling(slow, started, HEADER_DEADLINE + 10)
            assert HEADER_DEADLINE - 1 <= cut <= HEADER_DEADLINE + 5, f"the trickling request was cut after {cut} s"
            assert site.request("GET", "/", source="127.0.0.6").status == 200
            table.arrival(b": keep-alive", seconds=25)
            site.save_hand(game, "caddy-hand-0001")
            table.arrival(b'data: {"version": 2}', seconds=SOON)
            # A stop (what `systemctl stop caddy` sends) closes the streams still open after the grace period.
            site.proxy.send_signal(signal.SIGTERM)
            stopped = time.monotonic()
            took = table.closed_within(SHUTDOWN_GRACE + 5) - stopped
            assert SHUTDOWN_GRACE - 1 <= took <= SHUTDOWN_GRACE + 3, f"the stream was closed {took:.1f} s after a stop"
            assert site.proxy.wait(timeout=10) == 0
        finally:
            _close(slow)
            table.close()
