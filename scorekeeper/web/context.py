"""Per-request helpers: the store on ``g`` and addresses other phones can open."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from flask import current_app, g, request

from scorekeeper.store import Store


def store() -> Store:
    """This request's connection to the database (closed when the request ends)."""
    if "store" not in g:
        g.store = Store(current_app.config["DATABASE"])
    return g.store


def close_store(_exc: BaseException | None = None) -> None:
    """Close the request's connection, if one was opened."""
    opened = g.pop("store", None)
    if opened is not None:
        opened.close()


def base_url() -> str:
    """The address other phones at the table can open, ending in ``/``.

    A configured external address first; otherwise the address this request
    came in on, except that a loopback one is replaced by the machine's LAN
    address (a phone cannot open another device's ``localhost``).
    """
    configured = current_app.config.get("EXTERNAL_BASE_URL")
    if configured:
        return configured.rstrip("/") + "/"
    url = urlsplit(request.host_url)
    host = url.hostname or "127.0.0.1"
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if loopback and not current_app.config.get("TESTING"):
        from scorekeeper.web.serve import lan_addresses

        found = lan_addresses()
        if found:
            port = f":{url.port}" if url.port else ""
            return f"{url.scheme}://{found[0]}{port}/"
    return request.host_url


def absolute(path: str) -> str:
    """``path`` (starting with ``/``) on the address other phones can open."""
    return base_url().rstrip("/") + path
