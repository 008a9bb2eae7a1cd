"""Per-request helpers: the store on ``g`` and who keeps which game (the keeper cookie)."""

from __future__ import annotations

from flask import current_app, g, request, session

from scorekeeper import games
from scorekeeper.store import Store

# Re-exported (the redundant aliases say so): other modules import these from here; they live in addresses.py.
from scorekeeper.web.addresses import absolute as absolute
from scorekeeper.web.addresses import base_url as base_url

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
