"""Serve the app for the phones at the table: ``python -m scorekeeper.web.serve``.

Prints the address other phones on the same network can open, with a QR code
for it in the terminal, then serves with waitress (a production WSGI server
that needs no compiler and runs anywhere Python does).
"""

from __future__ import annotations

import argparse
import io
import ipaddress

import qrcode
from waitress import serve

from app import create_app
from scorekeeper.web.addresses import ALL_INTERFACES, lan_addresses

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


def announce(host: str, port: int, external: str | None) -> str:
    """What to print at start: where the phones should point, or that only this machine can."""
    local = f"http://127.0.0.1:{port}/"
    if external:
        return f"Open {external} on any phone, or scan:\n{terminal_qr(external)}On this machine: {local}"
    if is_loopback(host):
        # A LAN address would be a lie here: the server does not answer on it.
        return (f"Listening on {host} only: only this machine can open {local}\n"
                "Other phones cannot reach it; start with HOST=0.0.0.0 (the default) to let them in.")  # fmt: skip
    if host in ALL_INTERFACES:
        found = lan_addresses()
        if not found:
            return f"No network address found: only this machine can open {local}"
        address = f"http://{found[0]}:{port}/"
    else:
        # Listening on one address only: that address is the way in, for this machine too.
        shown = f"[{host}]" if ":" in host else host
        address = local = f"http://{shown}:{port}/"
    return f"Open {address} on any phone on this network, or scan:\n{terminal_qr(address)}On this machine: {local}"


def main(argv: list[str] | None = None) -> None:
    """Start the server and say where the phones should point."""
    parser = argparse.ArgumentParser(description="Serve Scopa Scorekeeper on the local network.")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    parser.add_argument("--port", type=int, default=5000)
    args = parser.parse_args(argv)
    app = create_app()
    # Links and QR codes replace a loopback address by the LAN one only when the LAN can reach the server.
    app.config["LISTEN_HOST"] = args.host
    print(f"Scopa Scorekeeper: data in {app.config['DATABASE']}")
    print(announce(args.host, args.port, app.config.get("EXTERNAL_BASE_URL")))
    print("Ctrl+C stops the server.", flush=True)
    # Every phone at every table keeps a connection open while it watches the score: allow thousands.
    serve(app, host=args.host, port=args.port, threads=8, connection_limit=4000, ident="scopa-scorekeeper")


if __name__ == "__main__":
    main()
