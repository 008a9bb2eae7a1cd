"""A restore never destroys data: each keeps the database it replaces under a new name, a file that is not a
whole Scopa Scorekeeper database (other columns, a trigger, a view) is refused with nothing changed, a restore
whose update fails puts the database back, and backups into a missing folder or from a read-only mount end in a
clear message, never a traceback."""

import gc
import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from datetime import datetime
from pathlib import Path

import pytest

from app import create_app
from scorekeeper.services.backup import BackupError, backup, check, restore
from scorekeeper.store import Store, migrations

ROOT = Path(__file__).resolve().parent.parent


def _app(db):
    return create_app({"TESTING": True, "DATABASE": str(db), "WTF_CSRF_ENABLED": False})


def _games(app, n, name="Anna"):
    client = app.test_client()
    for _ in range(n):
        body = {"sides": [{"name": name}, {"name": "Bruno"}]}
        assert client.post("/api/v1/games", json=body).status_code == 201


def _count(db):
    with closing(sqlite3.connect(db)) as conn:
        return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]


def _stored(db):
    """What the live database holds, as SQLite reads it (its WAL included), every table's rows and the schema. An
    app made by a test and dropped closes its connections whenever the garbage collector finds it, and the last
    close moves the WAL into the main file: the file's bytes change, what is stored does not. So the app's own
    leftovers are collected first, and what is compared is what is stored."""
    gc.collect()
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        return list(conn.iterdump())


def test_two_restores_in_a_row_keep_both_databases_they_replaced(tmp_path):
    live = tmp_path / "live.sqlite3"
    _games(_app(live), 5)
    wrong = tmp_path / "wrong.sqlite3"
    _games(_app(wrong), 1, name="Other")
    right = tmp_path / "right.sqlite3"
    _games(_app(right), 2)

    first = restore(str(wrong), str(live), clock=datetime(2026, 11, 26, 21, 40))
    second = restore(str(right), str(live), clock=datetime(2026, 11, 26, 21, 40))  # the same second

    assert (first.games, second.games) == (1, 2)
    assert first.kept != second.kept
    # The five games of the evening are still there, in the copy the first restore made.
    assert _count(first.kept) == 5 and _count(second.kept) == 1
    assert _count(live) == 2


def test_a_file_with_our_table_names_but_other_columns_is_refused_and_nothing_changes(tmp_path):
    live = tmp_path / "live.sqlite3"
    _games(_app(live), 3)
    before = _stored(live)
    fake = tmp_path / "fake.sqlite3"
    with closing(sqlite3.connect(fake)) as conn:
        conn.execute("CREATE TABLE games (id TEXT, name TEXT)")
        conn.execute("CREATE TABLE rounds (id TEXT)")
        conn.execute("CREATE TABLE submissions (id TEXT)")
        conn.commit()
    with pytest.raises(BackupError, match="not a Scopa Scorekeeper backup"):
        restore(str(fake), str(live))
    assert _stored(live) == before
    assert not list(tmp_path.glob("live.sqlite3.before-restore*"))
    # The app still starts on it and still shows its games.
    assert _app(live).test_client().get("/").status_code == 200


def test_a_backup_carrying_a_trigger_or_a_view_is_refused(tmp_path):
    live = tmp_path / "live.sqlite3"
    _games(_app(live), 2)
    for name, sql in {
        "trigger": "CREATE TRIGGER wipe AFTER INSERT ON rounds BEGIN DELETE FROM rounds WHERE id != NEW.id; END",
        "view": "CREATE VIEW everything AS SELECT * FROM games",
    }.items():
        hostile = tmp_path / f"{name}.sqlite3"
        backup(str(live), str(hostile))
        with closing(sqlite3.connect(hostile)) as conn:
            conn.execute(sql)
            conn.commit()
        before = _stored(live)
        with pytest.raises(BackupError, match=f"objects this app never makes \\({name}"):
            restore(str(hostile), str(live))
        assert _stored(live) == before


def test_a_backup_from_an_older_version_is_accepted_and_brought_up_to_date(tmp_path):
    with Store(":memory:") as empty:
        names = [m.name for m in migrations.pending(empty.db)]
    older = tmp_path / "older.sqlite3"
    with Store(str(older)) as store:
        migrations.apply(store.db, stop_before=names[-1])
    assert check(str(older)) == tuple(names[:-1])
    live = tmp_path / "live.sqlite3"
    _games(_app(live), 1)
    done = restore(str(older), str(live))
    assert done.games == 0
    with Store(str(live)) as store:
        assert not migrations.pending(store.db)


def test_a_restore_whose_update_fails_puts_the_database_back(tmp_path, monkeypatch):
    live = tmp_path / "live.sqlite3"
    _games(_app(live), 4)
    other = tmp_path / "other.sqlite3"
    _games(_app(other), 1)

    def broken(self):
        raise sqlite3.OperationalError("no such column: imaginary")

    monkeypatch.setattr(Store, "migrate", broken)
    with pytest.raises(BackupError, match="put back as it was"):
        restore(str(other), str(live))
    monkeypatch.undo()
    assert _count(live) == 4
    assert _app(live).test_client().get("/").status_code == 200


def test_a_backup_into_a_missing_folder_says_so(tmp_path):
    live = tmp_path / "live.sqlite3"
    app = _app(live)
    result = app.test_cli_runner().invoke(args=["backup", str(tmp_path / "nowhere" / "copy.sqlite3")])
    assert result.exit_code != 0
    assert "does not exist" in result.output and "Traceback" not in result.output
    with pytest.raises(BackupError, match="does not exist"):
        backup(str(live), str(tmp_path / "nowhere" / "copy.sqlite3"))


def test_the_restore_command_says_where_the_replaced_database_is_kept(tmp_path):
    live = tmp_path / "live.sqlite3"
    app = _app(live)
    _games(app, 2)
    copy = tmp_path / "copy.sqlite3"
    runner = app.test_cli_runner()
    assert runner.invoke(args=["backup", str(copy)]).exit_code == 0
    result = runner.invoke(args=["restore", str(copy)])
    assert result.exit_code == 0, result.output
    kept = [p for p in tmp_path.glob("live.sqlite3.before-restore-*") if not p.name.endswith(("-wal", "-shm"))]
    assert len(kept) == 1 and str(kept[0]) in result.output


def _read_only_mount_works() -> bool:
    if shutil.which("unshare") is None or os.geteuid() != 0:
        return False
    probe = subprocess.run(["unshare", "-m", "true"], capture_output=True)
    return probe.returncode == 0


@pytest.mark.skipif(not _read_only_mount_works(), reason="needs root and mount namespaces (unshare -m)")
def test_a_database_on_a_read_only_mount_is_backed_up_and_served_for_reading(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    live = folder / "live.sqlite3"
    _games(_app(live), 3)
    out = tmp_path / "copy.sqlite3"
    script = (
        "import app, sys\n"
        f"a = app.create_app({{'TESTING': True, 'DATABASE': {str(live)!r}}})\n"
        "c = a.test_client()\n"
        "print('home', c.get('/').status_code)\n"
        "print('write', c.post('/api/v1/games', json={'sides': [{'name': 'A'}, {'name': 'B'}]}).status_code)\n"
        f"r = a.test_cli_runner().invoke(args=['backup', {str(out)!r}])\n"
        "print('backup', r.exit_code, r.output.strip())\n"
    )
    command = f'mount --bind {folder} {folder} && mount -o remount,bind,ro {folder} && {sys.executable} -c "$SCRIPT"'
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "SCRIPT": script},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert "home 200" in lines
    assert "write 503" in lines  # refused with the storage message, not a 500
    assert any(line.startswith("backup 0 Backed up 3 games") for line in lines), done.stdout
    assert _count(out) == 3
