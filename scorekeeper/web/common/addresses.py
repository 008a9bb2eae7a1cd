"""Addresses other phones at the table can open: this machine's LAN addresses, and absolute links.

A link or a QR code is built only from a name this server answers to (its configured address, loopback,
its LAN addresses, its hostname, names listed in ``SCOREKEEPER_TRUSTED_HOSTS``), never from whatever
``Host`` a request claims: a forged header must not put someone else's address into a link to print.
"""

from __future__ import annotations

import contextlib
import functools
import ipaddress
import socket
import struct
import sys
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request
from werkzeug.sansio.utils import host_is_trusted
from werkzeug.wsgi import get_host

LOOPBACK_NAMES = ("localhost", "127.0.0.1")
# The addresses a server listens on when it answers on every interface.
ALL_INTERFACES = ("0.0.0.0", "::", "")
# Any address in a documentation range: connecting a UDP socket to it sends nothing, but makes the
# kernel pick the interface of the default route, which is where the phones usually are.
_ROUTE_PROBE = ("192.0.2.1", 9)
_SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def _route_address() -> list[str]:
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(_ROUTE_PROBE)
        return [probe.getsockname()[0]]
    return []


def _interface_addresses() -> list[str]:
    """Every interface's IPv4 address (Linux), so a second network (Wi-Fi beside a cable) is found too."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl  # Unix only

    found = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            with contextlib.suppress(OSError):
                # struct ifreq: 16 bytes of name, then a sockaddr_in whose address is at bytes 20-23.
                reply = fcntl.ioctl(s.fileno(), _SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
                found.append(socket.inet_ntoa(reply[20:24]))
    return found


def _hostname_addresses() -> list[str]:
    with contextlib.suppress(OSError):
        return [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    return []


def usable_addresses(found: Iterable[str]) -> tuple[str, ...]:
    """The addresses another device could reach, in the order found, private (home or office) ones first."""
    usable: list[str] = []
    for addr in found:
        try:
            ip = ipaddress.IPv4Address(addr)
        except ValueError:
            continue
        if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast) and addr not in usable:
            usable.append(addr)
    return tuple(sorted(usable, key=lambda a: not ipaddress.IPv4Address(a).is_private))


@functools.cache
def lan_addresses() -> tuple[str, ...]:
    """This machine's IPv4 addresses other devices on the network can reach, best first.

    Found once per process (no subprocess, no per-request work): the default route's address first.
    """
    return usable_addresses([*_route_address(), *_interface_addresses(), *_hostname_addresses()])


@functools.cache
def hostnames() -> tuple[str, ...]:
    """This machine's own names: its hostname and, for a bare name, its ``.local`` (mDNS) name."""
    name = socket.gethostname().lower().rstrip(".")
    if not name:
        return ()
    return (name,) if "." in name else (name, f"{name}.local")


def split_hosts(text: str | None) -> list[str]:
    """``"a.lan, b.lan"`` -> ``["a.lan", "b.lan"]`` (the format of ``SCOREKEEPER_TRUSTED_HOSTS``)."""
    return [h.strip().lower() for h in (text or "").split(",") if h.strip()]


def trusted_hosts(config: Mapping[str, Any]) -> list[str]:
    """Every name this server answers to: loopback, the LAN addresses, its hostname, the configured ones."""
    names = [*LOOPBACK_NAMES, *lan_addresses(), *hostnames(), *config.get("EXTRA_TRUSTED_HOSTS", ())]
    external = urlsplit(config.get("EXTERNAL_BASE_URL") or "").hostname
    if external:
        names.append(external)
    return list(dict.fromkeys(names))


def _is_loopback(name: str) -> bool:
    try:
        return name == "localhost" or ipaddress.ip_address(name.strip("[]")).is_loopback
    except ValueError:
        return False


def base_url() -> str:
    """The address other phones at the table can open, ending in ``/``.

    The configured external address when set. Otherwise the address this request came in on, if it is
    one this server answers to; a loopback one is replaced by the LAN address when the server listens on
    every interface (a phone cannot open another device's ``localhost``). Any other ``Host`` gets the LAN
    address instead.
    """
    config = current_app.config
    configured: str | None = config.get("EXTERNAL_BASE_URL")
    if configured:
        return configured.rstrip("/") + "/"
    scheme = request.scheme
    # The raw header, not request.host: that raises for an unknown name, and this must answer anyway.
    host = get_host(request.environ)
    trusted = bool(host) and host_is_trusted(host, config.get("TRUSTED_HOSTS") or trusted_hosts(config))
    name = urlsplit(f"//{host}").hostname or ""
    if trusted and not (_is_loopback(name) and config.get("LISTEN_HOST") in ALL_INTERFACES):
        return f"{scheme}://{host}/"
    port = str(request.environ.get("SERVER_PORT") or "")
    suffix = "" if port in ("", "80" if scheme == "http" else "443") else f":{port}"
    lan = lan_addresses()
    if lan:
        return f"{scheme}://{lan[0]}{suffix}/"
    return f"{scheme}://{host}/" if trusted else f"{scheme}://127.0.0.1{suffix}/"


def absolute(path: str) -> str:
    """``path`` (starting with ``/``) on the address other phones can open."""
    return base_url().rstrip("/") + path
