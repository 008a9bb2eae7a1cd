"""Per-request helpers: the store on ``g``, who keeps which game, and addresses other phones can open."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from flask import current_app, g, request, session

from scorekeeper import games
from scorekeeper.store import Store

KEPT = "kept"  # session key: {game id: keeper key} for the games this device keeps
KEPT_MAX = 50


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


def kept_games() -> dict[str, str]:
    """The games this device keeps, newest first: {game id: keeper key}."""
    kept = session.get(KEPT)
    return dict(kept) if isinstance(kept, dict) else {}


def keep(game_id: str, key: str) -> None:
    """Remember on this device (in the signed session cookie) that it keeps the game."""
    kept = {game_id: key, **{k: v for k, v in kept_games().items() if k != game_id}}
    session[KEPT] = dict(list(kept.items())[:KEPT_MAX])
    session.permanent = True


def forget(game_id: str) -> None:
    """Stop keeping a game on this device."""
    kept = kept_games()
    kept.pop(game_id, None)
    session[KEPT] = kept


def is_keeper(game_id: str) -> bool:
    """True when this request may change the game: the X-Keeper-Key header or this device's cookie."""
    key = request.headers.get("X-Keeper-Key") or kept_games().get(game_id)
    return games.is_keeper(store(), game_id, key)


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
