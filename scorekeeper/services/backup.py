"""Backing up the database and restoring it, with SQLite's online backup: safe while the app is writing.

``flask --app app backup FILE`` copies the live database to FILE (a consistent copy even while hands are being
saved). ``flask --app app restore FILE`` puts a backup back in place of the database. A restore never loses
anything:

- the file is checked first, with nothing changed if it fails: SQLite's integrity check, and a schema that is
  exactly one this app has had (the tables and columns after one of its migrations, no trigger, view or other
  object the app did not make: a backup cannot bring code of its own into the database);
- the database it replaces is kept beside it under a new name with the time (``live.sqlite3.before-restore-
  20261126-214000``), never over an earlier one, and the command says where;
- a backup from an older version is brought up to date, and if that fails the replaced database is put back.

Stop the app before a restore: pages open during it would see the old games.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from functools import cache

from sqlite_utils import Database

from scorekeeper.store import Store, migrations, read_only_uri

# An object SQLite makes by itself (an index behind a UNIQUE constraint, AUTOINCREMENT's counter, ANALYZE's
# statistics) is not one the app made, but it is not one a backup can carry code in either.
_SQLITE_OWN = ("sqlite_autoindex_", "sqlite_sequence", "sqlite_stat")


class BackupError(Exception):
    """A backup that cannot be made or restored, with what was wrong; nothing was changed."""


@dataclass(frozen=True, slots=True)
class Restored:
    """What a restore did: how many games are in place now, and where the database it replaced is kept."""

    games: int
    kept: str | None


# A schema as compared: every object by (type, name, table), and every table's columns by (name, type, not
# null, primary key). Two databases with the same schema were made by the same migrations.
Schema = tuple[frozenset[tuple[str, str, str]], frozenset[tuple[str, tuple[tuple[str, str, int, int], ...]]]]


def _schema(conn: sqlite3.Connection) -> Schema:
    objects = conn.execute("SELECT type, name, tbl_name FROM sqlite_master").fetchall()
    shown = frozenset((t, n, tb) for t, n, tb in objects if not n.startswith(_SQLITE_OWN))
    tables = []
    for kind, name, _table in sorted(shown):
        if kind == "table":
            columns = conn.execute('SELECT name, type, "notnull", pk FROM pragma_table_info(?)', (name,)).fetchall()
            tables.append((name, tuple((c[0], c[1].upper(), c[2], c[3]) for c in columns)))
    return shown, frozenset(tables)


@cache
def app_triggers() -> dict[str, str]:
    """The triggers this app's migrations make, by name, with their SQL as SQLite keeps it."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "app.sqlite3")
        with Store(path) as store:
            migrations.apply(store.db)
        with closing(sqlite3.connect(path)) as conn:
            return dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall())


@cache
def known_schemas() -> dict[Schema, tuple[str, ...]]:
    """Every schema this app has had, after each of its migrations, with the migrations applied to reach it."""
    empty = Database(memory=True)
    try:
        names = [m.name for m in migrations.pending(empty)]
    finally:
        empty.close()
    known: dict[Schema, tuple[str, ...]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for upto in range(1, len(names) + 1):
            path = os.path.join(folder, f"step{upto}.sqlite3")
            with Store(path) as store:
                migrations.apply(store.db, stop_before=names[upto] if upto < len(names) else None)
            with closing(sqlite3.connect(path)) as conn:
                known[_schema(conn)] = tuple(names[:upto])
    return known


def backup(database: str, target: str) -> int:
    """Copy ``database`` to ``target`` (a new file) while it may be in use; returns the number of games copied."""
    if os.path.exists(target):
        raise BackupError(f"{target} exists already; choose a new file name (a backup never overwrites a file)")
    folder = os.path.dirname(os.path.abspath(target))
    if not os.path.isdir(folder):
        raise BackupError(f"the folder {folder} does not exist; create it first or choose another place")
    if not os.access(folder, os.W_OK):
        raise BackupError(f"the folder {folder} cannot be written to; choose another place")
    if not os.path.isfile(database):
        raise BackupError(f"there is no database at {database} to back up")
    try:
        with closing(_open_source(database)) as source, closing(sqlite3.connect(target)) as copy:
            source.backup(copy)
            return _games(copy)
    except sqlite3.Error as err:
        _remove_partial(target)
        raise BackupError(
            f"the database {database} could not be copied to {target} ({err}); nothing was written"
        ) from None


def _open_source(database: str) -> sqlite3.Connection:
    """The live database, read-only when its folder cannot be written to (a read-only mount)."""
    folder = os.path.dirname(os.path.abspath(database))
    if os.access(folder, os.W_OK) and os.access(database, os.W_OK):
        return sqlite3.connect(database)
    # Nothing can be writing to a database on a read-only mount.
    return sqlite3.connect(read_only_uri(database), uri=True)


def _remove_partial(path: str) -> None:
    for leftover in (path, path + "-journal", path + "-wal", path + "-shm"):
        if os.path.exists(leftover):
            os.remove(leftover)


def check(source_path: str) -> tuple[str, ...]:
    """Refuse, with the reason, a file that is not a whole Scopa Scorekeeper database; returns its migrations."""
    if not os.path.isfile(source_path):
        raise BackupError(f"{source_path} is not a file")
    try:
        with closing(sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)) as source:
            ok = source.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            schema = _schema(source) if ok else None
    except sqlite3.DatabaseError as err:
        raise BackupError(f"{source_path} is not an SQLite database ({err}); nothing was changed") from None
    if not ok or schema is None:
        raise BackupError(f"{source_path} is damaged (SQLite's integrity check failed); nothing was changed")
    objects, _tables = schema
    # The app's own triggers (the change feed's) are checked to the letter: any other trigger or view could carry
    # code that runs on the next write.
    with closing(sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)) as source:
        code = dict(source.execute("SELECT name, sql FROM sqlite_master WHERE type IN ('trigger', 'view')").fetchall())
    own = app_triggers()
    extra = sorted(
        f"{kind} {name}"
        for kind, name, _t in objects
        if kind in ("trigger", "view") and not (kind == "trigger" and own.get(name) == code.get(name))
    )
    if extra:
        raise BackupError(
            f"{source_path} holds objects this app never makes ({', '.join(extra[:5])}); it is "
            "refused and nothing was changed"
        )
    steps = known_schemas().get(schema)
    if steps is None:
        raise BackupError(
            f"{source_path} is not a Scopa Scorekeeper backup (its tables and columns are not those "
            "of any version of this app); nothing was changed"
        )
    return steps


def restore(source_path: str, database: str, clock: datetime | None = None) -> Restored:
    """Put the backup ``source_path`` in place of ``database``, keeping the database it replaces.

    The backup is checked first (``check``): a file that is refused changes nothing. The database replaced is
    copied to ``<database>.before-restore-<time>`` (a new name each time). If bringing the backup up to date
    fails, the replaced database is put back and ``BackupError`` says so.
    """
    check(source_path)
    kept = None
    shift = _highest_version(database) + 1
    if os.path.exists(database):
        kept = _free_name(database + ".before-restore-" + (clock or datetime.now()).strftime("%Y%m%d-%H%M%S"))
        backup(database, kept)
    try:
        with (
            closing(sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)) as source,
            closing(sqlite3.connect(database)) as target,
        ):
            source.backup(target)
        with Store(database) as store:
            store.migrate()  # a backup from an older version is brought up to date
            # A running server keeps pages and scores per version, and open phones refresh when a version moves:
            # every version of the restored games, groups and events is moved past any the replaced one had.
            store.move_versions_on(shift)
    except Exception as err:
        if kept is not None:
            with closing(sqlite3.connect(kept)) as earlier, closing(sqlite3.connect(database)) as target:
                earlier.backup(target)
            raise BackupError(
                f"{source_path} could not be brought up to date ({err}); the database was put back "
                f"as it was (a copy is kept as {kept})"
            ) from None
        raise BackupError(f"{source_path} could not be restored ({err})") from None
    with closing(sqlite3.connect(database)) as conn:
        return Restored(_games(conn), kept)


def _highest_version(database: str) -> int:
    """The highest version of any game, group or event in ``database`` (0 for none, or no database)."""
    if not os.path.exists(database):
        return 0
    highest = 0
    with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as conn:
        for table in ("games", "groups", "events"):
            try:
                row = conn.execute(f"SELECT MAX(version) FROM {table}").fetchone()  # noqa: S608 (a fixed name)
            except sqlite3.Error:
                continue  # a database from before that table
            highest = max(highest, int(row[0] or 0))
    return highest


def _free_name(path: str) -> str:
    """``path``, or ``path-2``, ``path-3``... : the first that names no file yet."""
    candidate, n = path, 1
    while os.path.exists(candidate):
        n += 1
        candidate = f"{path}-{n}"
    return candidate


def _games(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])
