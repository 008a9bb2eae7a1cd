"""Opening and closing the database: the one handle the web shell holds and passes to every service.

The web never talks to the store: it opens a ``Database`` here (one per request, plus one the app keeps open
while it lives), hands it to the services' functions as their first argument, and closes it here. What a page
needs to know is asked of ``games``, ``groups`` and ``events``, which answer with domain objects.
"""

from __future__ import annotations

from typing import TypeAlias

from scorekeeper.store import Store

# The handle a caller holds: opaque to the web, which only passes it on to the services.
Database: TypeAlias = Store


def open_database(path: str) -> Database:
    """A connection to the database at ``path`` (a file, or a ``file:`` URI with options), for one thread."""
    return Store(path)


def open_migrated(path: str) -> Database:
    """Bring the schema at ``path`` up to date and return a connection to it.

    Safe at every start, from several processes at once, and a database already up to date is not written to
    (a read-only file still serves reads). The app keeps the connection open while it lives: the last connection
    to close a WAL database checkpoints it and removes its log, which would otherwise happen at every request's end.
    """
    database = Store(path)
    try:
        database.migrate()
    except BaseException:
        database.close()
        raise
    return database


def close(database: Database) -> None:
    """Close a connection opened here."""
    database.close()
