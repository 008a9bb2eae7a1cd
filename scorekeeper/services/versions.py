"""A game's version for the scoreboards' poll, read on a connection kept open per thread.

Every open scoreboard asks its game's version every POLL_SECONDS: a room of 1,000 tables asks about 2,700 times a
second. Opening SQLite for each poll costs more than the read itself (about 0.7 of the 1.3 ms a poll took), so
``GameVersions`` keeps one read connection per server thread and reads the version on it each time.

Never stale, by construction: nothing is cached but the connection. Outside a transaction every read on a kept
SQLite connection sees the last change committed by any connection of any process (a hand saved by another
thread, a restore written into the file by ``scopa restore`` while the server runs). Each read exhausts its
statement, so a kept connection never holds a read transaction open (which would freeze what it sees and keep WAL
checkpoints from finishing). What a kept connection cannot see is a new file put at the database's path (a backup
copied over it, a file moved into place): the file's identity (device and inode) is checked on every read, and a
connection to a file that is no longer at the path is closed and a new one opened.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable
from typing import TypeVar
from urllib.parse import urlsplit

from scorekeeper.store import StorageUnavailable, Store

T = TypeVar("T")


def file_identity(path: str) -> tuple[int, int] | None:
    """Which file the database at ``path`` (a path or a ``file:`` URI) is now: (device, inode); None when there is
    no such file (an in-memory database has none either)."""
    if path.startswith("file:"):
        path = urlsplit(path).path
    if not path or path == ":memory:":
        return None
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


class GameVersions:
    """Games' versions read on connections kept open, one per thread, until ``close()``.

    ``version(game_id)`` is the game's version as committed now, None for no such game (``event_state`` likewise
    for an event's pages, ``changes_after`` the change feed the streams follow); each raises
    ``Unreadable`` when it cannot be read here (no database file at the path, SQLite failing): the caller then
    answers the ordinary way, which opens the database for the request and says what went wrong.
    """

    def __init__(self, path: str):
        self.path = path
        self._here = threading.local()
        self._lock = threading.Lock()
        self._kept: set[Store] = set()
        self._closed = False

    def version(self, game_id: str) -> int | None:
        return self._read(lambda store: store.game_version(game_id))

    def event_state(self, event_id: str) -> int | None:
        """The number an event's pages follow (the event's and its tables' versions), None for no such event."""
        return self._read(lambda store: store.event_state(event_id))

    def last_change(self) -> int:
        """The number of the latest change in the change feed (see ``store.m007_change_feed``)."""
        return self._read(lambda store: store.last_change())

    def changes_after(self, seq: int, limit: int) -> tuple[list[tuple[int, str, str]], bool]:
        """The feed's changes after ``seq`` (at most ``limit``), and whether some were missed (no longer kept)."""
        return self._read(lambda store: store.changes_after(seq, limit))

    def _read(self, read: Callable[[Store], T]) -> T:
        identity = file_identity(self.path)
        if identity is None:
            raise Unreadable(f"no database file at {self.path}")
        held: tuple[Store, tuple[int, int]] | None = getattr(self._here, "held", None)
        if held is not None and held[1] != identity:  # another file was put at the path: read that one
            self._forget(held[0])
            held = None
        try:
            if held is None:
                held = (self._open(), identity)
                self._here.held = held
            return read(held[0])
        except (sqlite3.Error, StorageUnavailable) as err:
            if held is not None:
                self._forget(held[0])
            raise Unreadable(str(err)) from err

    def _open(self) -> Store:
        with self._lock:
            if self._closed:
                raise Unreadable("closed")
            store = Store(self.path)
            self._kept.add(store)
            return store

    def _forget(self, store: Store) -> None:
        """Close a kept connection (a failed one, or one to a file no longer at the path)."""
        self._here.held = None
        with self._lock:
            self._kept.discard(store)
        store.close()

    def close(self) -> None:
        """Close every kept connection (when the app ends); a later ``version()`` raises ``Unreadable``."""
        with self._lock:
            self._closed = True
            kept, self._kept = self._kept, set()
        for store in kept:
            store.close()


class Unreadable(Exception):
    """The version cannot be read on a kept connection: answer the request the ordinary way."""
