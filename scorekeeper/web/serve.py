"""Serve the app for the phones at the table: ``python -m scorekeeper.web.serve``.

Prints the address other phones on the same network can open, with a QR code
for it in the terminal, then serves with waitress (a production WSGI server
that needs no compiler and runs anywhere Python does).
"""

from __future__ import annotations

import argparse
import io
import ipaddress
from collections.abc import Callable

import qrcode
from babel.core import default_locale
from babel.support import NullTranslations, Translations
from waitress import serve

from app import create_app
from scorekeeper.web.common.addresses import ALL_INTERFACES, lan_addresses
from scorekeeper.web.common.i18n import TRANSLATIONS, compile_catalogues

# Kept importable from here: the address finding moved to addresses.py.
__all__ = ["lan_addresses", "main", "terminal_qr"]


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
    args = parser.parse_args(argv)
    allow_open_files()
    app = create_app()
    # Links and QR codes replace a loopback address by the LAN one only when the LAN can reach the server.
    app.config["LISTEN_HOST"] = args.host
    print(_("Scopa Scorekeeper: data in %(path)s") % {"path": app.config["DATABASE"]})
    print(announce(args.host, args.port, app.config.get("EXTERNAL_BASE_URL"), _))
    print(_("Ctrl+C stops the server."), flush=True)
    serve(
        app,
        host=args.host,
        port=args.port,
        threads=THREADS,
        connection_limit=CONNECTIONS_MAX,
        asyncore_use_poll=True,
        channel_timeout=120,
        backlog=2048,
        max_request_header_size=HEADERS_MAX,
        ident="scopa-scorekeeper",
    )


# Every phone at every table keeps a connection open while it watches the score: a room of phones holds
# thousands. waitress watches its sockets with select() unless told to poll(), and select() cannot watch a
# socket numbered past 1,024 (the process dies with "filedescriptor out of range"); poll() has no such bound.
# A request is read whole before a worker thread takes it, so slow or idle connections hold no thread, and an
# idle one is closed after channel_timeout seconds. waitress closes a connection after an answer without a length,
# a 304 among them, so a viewer's next poll connects again; that stays: its loop visits every open connection each
# time it wakes, and thousands of idle kept-alive phones made every request slower (README, Benchmarks).
CONNECTIONS_MAX = 4000
# Requests served at once. A few slow requests (an export, a crowded position in the checker) must never leave a
# table's refresh waiting for a free thread: with more threads than the heavy requests any few clients keep going,
# the refresh starts at once and only shares the processor with them.
THREADS = 32
# The most a request's headers may hold (waitress answers a larger one with 431): a phone sends about 1 KB, the
# session cookie at most 4 KB.
HEADERS_MAX = 32 * 1024


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
