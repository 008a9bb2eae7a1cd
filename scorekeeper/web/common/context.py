"""Per-request helpers: the database handle on ``g`` (closed when the request ends).

Views pass ``store()`` to the services and never call it themselves: opening and closing are
``services.database``'s, and what a page needs to know is asked of ``games``, ``groups`` and ``events``.
"""

from __future__ import annotations

from flask import current_app, g

from scorekeeper.services import Database, database

# Re-exported (the redundant aliases say so): other modules import these from here; they live in addresses.py.
from scorekeeper.web.common.addresses import absolute as absolute
from scorekeeper.web.common.addresses import base_url as base_url


def store() -> Database:
    """This request's handle on the database, for the services (closed when the request ends)."""
    if "store" not in g:
        g.store = database.open_database(current_app.config["DATABASE"])
    opened: Database = g.store
    return opened


def close_store(_exc: BaseException | None = None) -> None:
    """Close the request's connection, if one was opened."""
    opened = g.pop("store", None)
    if opened is not None:
        database.close(opened)
