"""Serve the app for the phones at the table: ``python -m scorekeeper.serve`` (what ``make run`` starts).

Prints the address other phones on the same network can open, with a QR code for it in the terminal, then serves
with uvicorn: its event loop (uvloop, on epoll) watches every socket and costs only the active ones, so tens of
thousands of open connections and streams cost no thread each; Flask's requests run in a bounded pool of threads
(``asgi.py``). ``--workers N`` runs N processes on one port and one database; a change saved through any of them
reaches the streams of all of them through the change feed (``feed.py``). Why this server, and what it holds, is in
``docs/deploy.md``.
"""

from __future__ import annotations

import argparse
import errno
import io
import ipaddress
import os
import socket
import sys
from collections.abc import Callable
from typing import Any

import qrcode
import uvicorn
from babel.core import default_locale
from babel.support import NullTranslations, Translations

from app import create_app
from scorekeeper.serve import guard
from scorekeeper.serve.asgi import make_asgi
from scorekeeper.web.common.addresses import ALL_INTERFACES, lan_addresses
from scorekeeper.web.common.i18n import TRANSLATIONS, compile_catalogues

# Kept importable from here: the address finding moved to addresses.py.
__all__ = ["lan_addresses", "main", "terminal_qr"]


# Open connections the server holds at most: a room of phones keeps one stream each, plus a few short-lived ones.
# Past this, new requests are answered 503 until some close. Each costs a file descriptor (raised towards this at
# start) and a few kilobytes; none holds a thread.
CONNECTIONS_MAX = 20_000
# Seconds an idle kept-alive connection stays open between two requests.
KEEP_ALIVE = 30
# The most processes ``--workers`` starts.
WORKERS_MAX = 16


def terminal_qr(text: str) -> str:
    """A QR code of ``text`` drawn with block characters for a terminal."""
    code = qrcode.QRCode(border=1)
    code.add_data(text)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def is_loopback(host: str) -> bool:
    """True when listening on ``host`` lets only this machine in (``127.0.0.1``, ``::1``, ``localhost``)."""
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def terminal_language() -> Translations | NullTranslations:
    """The catalogue of the machine's language (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); else English."""
    compile_catalogues()
    code = default_locale(("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"))
    if not code:
        return NullTranslations()
    return Translations.load(TRANSLATIONS, [code])


def _english(text: str) -> str:
    return text


def announce(host: str, port: int, external: str | None, _: Callable[[str], str] = _english) -> str:
    """What to print at start: where the phones should point, or that only this machine can (``_`` translates)."""
    local = f"http://127.0.0.1:{port}/"
    if external:
        return (
            _("Open %(address)s on any phone, or scan:") % {"address": external}
            + "\n"
            + terminal_qr(external)
            + _("On this machine: %(address)s") % {"address": local}
        )
    if is_loopback(host):
        # A LAN address would be a lie here: the server does not answer on it.
        only = _("Listening on %(host)s only: only this machine can open %(address)s") % {
            "host": host,
            "address": local,
        }
        return only + "\n" + _("Other phones cannot reach it; start with HOST=0.0.0.0 (the default) to let them in.")
    if host in ALL_INTERFACES:
        found = lan_addresses()
        if not found:
            return _("No network address found: only this machine can open %(address)s") % {"address": local}
        address = f"http://{found[0]}:{port}/"
    else:
        # Listening on one address only: that address is the way in, for this machine too.
        shown = f"[{host}]" if ":" in host else host
        address = local = f"http://{shown}:{port}/"
    return (
        _("Open %(address)s on any phone on this network, or scan:") % {"address": address}
        + "\n"
        + terminal_qr(address)
        + _("On this machine: %(address)s") % {"address": local}
    )


def main(argv: list[str] | None = None) -> None:
    """Start the server and say where the phones should point."""
    _ = terminal_language().gettext
    parser = argparse.ArgumentParser(description=_("Serve Scopa Scorekeeper on the local network."))
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument(
        "--workers",
        type=int,
        default=_workers_default(),
        help="server processes on the one port and database (default: 1, or WORKERS)",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.workers <= WORKERS_MAX:
        parser.error(_("--workers takes a whole number from 1 to %(n)s") % {"n": WORKERS_MAX})
    files = allow_open_files()
    app = create_app()
    listening = bind(args.host, args.port, _)
    if app.config.get("BEHIND_PROXY"):
        # Every connection comes from the proxy: the cap on connections per client is the proxy's to keep.
        os.environ.setdefault("SCOREKEEPER_CONNECTIONS_PER_CLIENT", "0")
        guard.PER_CLIENT = guard.per_client()  # this process's protocol too, not only the workers it starts
    print(_("Scopa Scorekeeper: data in %(path)s") % {"path": app.config["DATABASE"]})
    print(announce(args.host, args.port, app.config.get("EXTERNAL_BASE_URL"), _))
    print(_("Ctrl+C stops the server."), flush=True)
    if args.workers > 1:
        from uvicorn.supervisors import Multiprocess

        # Each worker process makes its own app (``served``), listening where this one says.
        os.environ["SCOREKEEPER_LISTEN_HOST"] = args.host
        config = server_config("scorekeeper.serve.cli:served", factory=True, workers=args.workers, files=files)
        Multiprocess(config, sockets=[listening]).run()
    else:
        # One process serves the app made above.
        app.config["LISTEN_HOST"] = args.host
        uvicorn.Server(server_config(make_asgi(app), files=files)).run(sockets=[listening])


def server_config(app: Any, files: int = CONNECTIONS_MAX + 256, **settings: Any) -> uvicorn.Config:
    """How every server of the app runs (``make run``'s, and the tests' in a thread): ``app`` an ASGI app or, with
    ``factory=True``, the import path of a function that makes one; ``files`` the open files this process may hold."""
    chosen: dict[str, Any] = dict(
        http=guard.GuardedProtocol,
        loop="uvloop" if _has_uvloop() else "asyncio",
        lifespan="on",
        # Within the open files this process may hold, with room for the database's and the app's own files.
        limit_concurrency=max(64, min(CONNECTIONS_MAX, files - 256)),
        backlog=2048,
        timeout_keep_alive=KEEP_ALIVE,
        timeout_graceful_shutdown=5,
        proxy_headers=False,  # Flask's ProxyFix reads them when SCOREKEEPER_PROXY=1 (web/common/security.py)
        server_header=False,
        access_log=False,
        log_level="warning",
    )
    return uvicorn.Config(app, **{**chosen, **settings})


def served() -> object:
    """The app as each server process serves it (uvicorn's factory): Flask behind the streams."""
    app = create_app()
    # Links and QR codes replace a loopback address by the LAN one only when the LAN can reach the server.
    app.config["LISTEN_HOST"] = os.environ.get("SCOREKEEPER_LISTEN_HOST", "0.0.0.0")
    return make_asgi(app)


def _workers_default() -> int:
    try:
        return int(os.environ.get("WORKERS") or 1)
    except ValueError:
        return 0  # refused below, with what is expected


def bind(host: str, port: int, _: Callable[[str], str] = _english) -> socket.socket:
    """The listening socket; when the port is taken or the address not this machine's, a clear word and exit 1."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind((host, port))
    except OSError as err:
        listening.close()
        if err.errno == errno.EADDRINUSE:
            said = _("Port %(port)s is already in use: another server (maybe another Scopa Scorekeeper) runs there.")
            print(said % {"port": port}, file=sys.stderr)
            print(_("Stop it, or start on another port: make run PORT=5001"), file=sys.stderr)
        else:
            cannot = _("Cannot listen on %(host)s port %(port)s: %(error)s")
            print(cannot % {"host": host, "port": port, "error": err.strerror}, file=sys.stderr)
        raise SystemExit(1) from None
    listening.listen(2048)
    listening.set_inheritable(True)
    return listening


def _has_uvloop() -> bool:
    try:
        import uvloop  # noqa: F401
    except ImportError:  # pragma: no cover - a system without uvloop (Windows) runs asyncio's own loop
        return False
    return True


def allow_open_files(wanted: int = CONNECTIONS_MAX + 256) -> int:
    """Raise this process's limit of open files (sockets among them) towards ``wanted``, within the hard limit
    the system sets; returns the limit now in force."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not a POSIX system: its own limits stand
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        return target
    return soft


if __name__ == "__main__":
    main()
