"""Serve the app for the phones at the table: ``python -m scorekeeper.web.serve``.

Prints the address other phones on the same network can open, with a QR code
for it in the terminal, then serves with waitress (a production WSGI server
that needs no compiler and runs anywhere Python does).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import ipaddress
import socket
import subprocess

import qrcode
from waitress import serve

from app import create_app


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that other devices on the network can reach, best first."""
    found: list[str] = []
    try:
        out = subprocess.run(
            ["ip", "-4", "-o", "addr", "show", "scope", "global"],
            capture_output=True, text=True, timeout=2, check=False,
        ).stdout  # fmt: skip
        found += [line.split()[3].split("/")[0] for line in out.splitlines() if len(line.split()) > 3]
    except (OSError, subprocess.SubprocessError):
        pass
    with contextlib.suppress(OSError):
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    usable = []
    for addr in found:
        ip = ipaddress.ip_address(addr)
        if not ip.is_loopback and not ip.is_link_local and addr not in usable:
            usable.append(addr)
    # Private (home or office network) addresses first: that is where the phones are.
    return sorted(usable, key=lambda a: not ipaddress.ip_address(a).is_private)


def terminal_qr(text: str) -> str:
    """A QR code of ``text`` drawn with block characters for a terminal."""
    code = qrcode.QRCode(border=1)
    code.add_data(text)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def main(argv: list[str] | None = None) -> None:
    """Start the server and say where the phones should point."""
    parser = argparse.ArgumentParser(description="Serve Scopa Scorekeeper on the local network.")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    parser.add_argument("--port", type=int, default=5000)
    args = parser.parse_args(argv)
    app = create_app()
    base = app.config.get("EXTERNAL_BASE_URL")
    if not base:
        addresses = lan_addresses() if args.host in ("0.0.0.0", "::") else [args.host]
        host = addresses[0] if addresses else "127.0.0.1"
        base = f"http://{host}:{args.port}/"
    print(f"Scopa Scorekeeper: data in {app.config['DATABASE']}")
    print(f"Open {base} on any phone on this network, or scan:")
    print(terminal_qr(base))
    print(f"On this machine: http://127.0.0.1:{args.port}/   (Ctrl+C stops the server)", flush=True)
    serve(app, host=args.host, port=args.port, threads=8, ident="scopa-scorekeeper")


if __name__ == "__main__":
    main()
