"""Per-request helpers: the store on ``g`` (closed when the request ends)."""

from __future__ import annotations

from flask import current_app, g

from scorekeeper.store import Store

# Re-exported (the redundant aliases say so): other modules import these from here; they live in addresses.py.
from scorekeeper.web.common.addresses import absolute as absolute
from scorekeeper.web.common.addresses import base_url as base_url


def store() -> Store:
    """This request's connection to the database (closed when the request ends)."""
    if "store" not in g:
        g.store = Store(current_app.config["DATABASE"])
    opened: Store = g.store
    return opened


def close_store(_exc: BaseException | None = None) -> None:
    """Close the request's connection, if one was opened."""
    opened = g.pop("store", None)
    if opened is not None:
        opened.close()
