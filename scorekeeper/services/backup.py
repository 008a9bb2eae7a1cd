"""Backing up the database and restoring it, with SQLite's online backup: safe while the app is writing.

``flask --app app backup FILE`` copies the live database to FILE (a consistent copy even while hands are being
saved). ``flask --app app restore FILE`` puts a backup back in place of the database, after checking that FILE
is a Scopa Scorekeeper database; the database it replaces is kept beside it (``.before-restore``). Stop the app
before a restore: pages open during it would see the old games.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing

from scorekeeper.store import Store

# Tables every Scopa Scorekeeper database has: a file without them is not one (or not a whole one).
REQUIRED_TABLES = frozenset({"games", "rounds", "submissions"})


class BackupError(Exception):
    """A backup that cannot be made or restored, with what was wrong."""


def backup(database: str, target: str) -> int:
    """Copy ``database`` to ``target`` (a new file) while it may be in use; returns the number of games copied."""
    if os.path.exists(target):
        raise BackupError(f"{target} exists already; choose a new file name (a backup never overwrites a file)")
    source = sqlite3.connect(database)
    try:
        copy = sqlite3.connect(target)
        try:
            source.backup(copy)
            return _games(copy)
        finally:
            copy.close()
    finally:
        source.close()


def restore(source_path: str, database: str) -> int:
    """Put the backup ``source_path`` in place of ``database``; the old one is kept as ``<database>.before-restore``.

    Returns the number of games restored. The backup is checked first: a file that is not a Scopa Scorekeeper
    database (or fails SQLite's integrity check) is refused and nothing changes.
    """
    if not os.path.isfile(source_path):
        raise BackupError(f"{source_path} is not a file")
    source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)
    try:
        try:
            tables = {r[0] for r in source.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            ok = source.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        except sqlite3.DatabaseError as err:
            raise BackupError(f"{source_path} is not an SQLite database ({err})") from None
        if not tables >= REQUIRED_TABLES:
            raise BackupError(f"{source_path} is not a Scopa Scorekeeper backup (no games table)")
        if not ok:
            raise BackupError(f"{source_path} is damaged (SQLite's integrity check failed)")
        if os.path.exists(database):
            kept = database + ".before-restore"
            if os.path.exists(kept):
                os.remove(kept)
            backup(database, kept)
        target = sqlite3.connect(database)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()
    with Store(database) as store:
        store.migrate()  # a backup from an older version is brought up to date
    with closing(sqlite3.connect(database)) as conn:
        return _games(conn)


def _games(conn: sqlite3.Connection) -> int:
    count: int = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    return count
