"""Storage: the one module that talks to SQLite (through sqlite-utils). It returns domain objects.

Every change is one transaction (``BEGIN IMMEDIATE``, so two phones writing at
once are served one after the other), and every change bumps the game's
version, which read-only scoreboards poll to know when to refresh. A hand's
version is the game's version at its last change, so no two hands of a game
ever share one, and ``(number, version)`` names one state of one hand.

A write that SQLite cannot make (disk full, read-only file, lock held too long)
raises ``StorageUnavailable``; nothing of that change is kept.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database, Migrations

from scorekeeper.rules import DeckStyle, Rules, Side
from scorekeeper.rules.ledger import Game, HandEntry, RoundRecord

try:  # POSIX: serialise the first start of several processes on one database.
    import fcntl
except ImportError:  # pragma: no cover - other systems start one process at a time
    fcntl = None  # type: ignore[assignment]  # None stands for "no locking" where the module does not exist

migrations = Migrations("scorekeeper")


@migrations()
def m001_games_rounds_submissions(db: Database) -> None:
    """Games with their sides and rules, hands as entered, and the submissions already handled."""
    db.table("games").create(
        {
            "id": str,
            "name": str,
            "created": str,
            "updated": str,
            "rules": str,  # the profile and the options it overrides (JSON)
            "target": int,
            "deck_style": str,
            "sides": str,  # [{"name", "players"}] (JSON)
            "keeper_hash": str,
            "pending_scopas": str,  # scopas marked during the hand in progress (JSON list)
            "version": int,
        },
        pk="id",
    )
    db.table("rounds").create(
        {
            "id": int,
            "game_id": str,
            "entry": str,  # the hand as entered (JSON, the API's body shape)
            "version": int,
            "submission_id": str,
            "created": str,
            "updated": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
    )
    db.table("rounds").create_index(["game_id", "id"])
    db.table("submissions").create(
        {"game_id": str, "submission_id": str, "action": str, "round_id": int, "created": str},
        pk=("game_id", "submission_id"),
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m002_stable_hand_ids(db: Database) -> None:
    """Hands get an opaque id that survives renumbering, and versions unique within their game.

    Submissions remember what they did (a fingerprint of the action and its body) and the hand
    they made by that id, so a reused id is recognised instead of replayed as something else.
    """
    db.table("rounds").add_column("public_id", str)
    db.table("submissions").add_column("fingerprint", str)
    db.table("submissions").add_column("round", str)
    for row in list(db.query("SELECT id FROM rounds")):
        # The row id is unique in the table, so it is a version no other hand of the game has.
        db.execute("UPDATE rounds SET public_id = ?, version = id WHERE id = ?", [new_round_id(), row["id"]])
    db.execute(
        "UPDATE games SET version = "
        "MAX(version, COALESCE((SELECT MAX(id) FROM rounds WHERE game_id = games.id), 0)) + 1"
    )
    db.execute("UPDATE submissions SET round = (SELECT public_id FROM rounds WHERE rounds.id = submissions.round_id)")
    db.table("rounds").create_index(["game_id", "public_id"], unique=True)


@migrations()
def m003_groups_players_summaries(db: Database) -> None:
    """Groups of players who play together (a family, a bar table, a club), their players known by name across
    games, the games started in a group and who sat on each side, and each game's summary for statistics."""
    db.table("groups").create(
        {"id": str, "name": str, "created": str, "key_hash": str, "version": int},
        pk="id",
    )
    db.table("players").create(
        {
            "id": str,
            "group_id": str,
            "name": str,
            "key": str,  # the name with case and spacing ignored: how a name written later finds its player
            "merged_into": str,  # a player merged into another answers for them (None: a player in their own right)
            "created": str,
        },
        pk="id",
        foreign_keys=[("group_id", "groups", "id")],
    )
    db.table("players").create_index(["group_id", "key"])
    db.table("games").add_column("group_id", str)
    db.table("games").create_index(["group_id", "created"])
    db.table("game_players").create(
        {"game_id": str, "side": int, "seat": int, "player_id": str},
        pk=("game_id", "side", "seat"),
        foreign_keys=[("game_id", "games", "id"), ("player_id", "players", "id")],
    )
    db.table("game_players").create_index(["player_id"])
    db.table("game_summaries").create(
        {"game_id": str, "version": int, "summary": str},
        pk="game_id",
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m004_events(db: Database) -> None:
    """Club nights and tournaments: an event, its entrants (a player or a fixed pair), its rounds and tables.

    Each table is an ordinary game; a table's result is read from its game until the round is closed, then
    kept (``closed_result``); the organiser's word (a correction, a forfeit) is ``result`` and goes first.
    """
    db.table("events").create(
        {
            "id": str,
            "name": str,
            "created": str,
            "key_hash": str,
            "group_id": str,
            "pairing": str,
            "rounds": int,
            "table_size": int,
            "rules": str,
            "deck_style": str,
            "match_points": str,
            "version": int,
        },
        pk="id",
    )
    db.table("event_entrants").create(
        {"event_id": str, "id": str, "position": int, "name": str, "players": str, "withdrawn": int},
        pk=("event_id", "id"),
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_rounds").create(
        {"event_id": str, "number": int, "bye": str, "paired": str, "closed": str},
        pk=("event_id", "number"),
        foreign_keys=[("event_id", "events", "id")],
    )
    db.table("event_tables").create(
        {
            "event_id": str,
            "round": int,
            "number": int,
            "game_id": str,
            "side0": str,
            "side1": str,
            "seed": str,
            "result": str,
            "closed_result": str,
        },
        pk=("event_id", "round", "number"),
        foreign_keys=[("event_id", "events", "id"), ("game_id", "games", "id")],
    )
    db.table("event_tables").create_index(["game_id"])


@migrations()
def m005_event_dropped_games(db: Database) -> None:
    """The games of tables dropped when an open round is paired again (never started: no hand played), with the
    table each was: a hand sent to one afterwards is refused, saying why, instead of kept where the event no
    longer counts it."""
    db.table("event_dropped_games").create(
        {"game_id": str, "event_id": str, "round": int, "number": int, "dropped": str},
        pk="game_id",
        foreign_keys=[("game_id", "games", "id"), ("event_id", "events", "id")],
    )


@migrations()
def m006_season_and_ratings(db: Database) -> None:
    """What a club's season needs: when each game first finished (ratings take games in that order, and a game
    corrected later keeps its place), the group's season points table (JSON list, None for the default), and
    each event's weight in the season and its date (the day it was played, YYYY-MM-DD)."""
    db.table("games").add_column("finished", str)
    db.table("groups").add_column("season_points", str)
    db.table("events").add_column("weight", float)
    db.table("events").add_column("date", str)
    db.execute("UPDATE events SET weight = 1.0, date = substr(created, 1, 10)")


@migrations()
def m007_change_feed(db: Database) -> None:
    """The change feed the live pages' streams follow: a row for every change a game's or an event's page shows,
    written by triggers in the same transaction as the change, so no write can forget it and a change rolled back
    leaves none. A game's change also names the event whose tables it is played at (the event's page shows its
    tables' scores). Only the latest FEED_KEPT rows are kept: a reader that fell further behind learns that it
    did (its last number is gone) and reads everything it follows again."""
    db.execute("CREATE TABLE changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, ref TEXT NOT NULL)")
    db.execute(
        "CREATE TRIGGER changes_of_games AFTER UPDATE OF version ON games WHEN NEW.version IS NOT OLD.version BEGIN "
        "INSERT INTO changes (kind, ref) VALUES ('game', NEW.id); "
        "INSERT INTO changes (kind, ref) SELECT 'event', event_id FROM event_tables WHERE game_id = NEW.id; "
        "END"
    )
    db.execute(
        "CREATE TRIGGER changes_of_events AFTER UPDATE OF version ON events WHEN NEW.version IS NOT OLD.version "
        "BEGIN INSERT INTO changes (kind, ref) VALUES ('event', NEW.id); END"
    )
    db.execute(
        "CREATE TRIGGER changes_kept AFTER INSERT ON changes BEGIN "
        f"DELETE FROM changes WHERE seq <= NEW.seq - {FEED_KEPT}; END"
    )


@migrations()
def m008_group_stamps(db: Database) -> None:
    """Each game of a group carries a stamp, the group's latest plus one at each change of the game (a hand, its
    group, when it first finished) or of the result an event keeps for its table, written by triggers in the same
    transaction as the change: what a group's statistics and ratings keep is brought up to date by reading the games
    stamped since (``Store.group_changes``, through the index), never by reading every game of the group again.

    A group's version moves on one at a time; it jumps only when a restore moves every version past those of the
    database it replaces (``move_versions_on``): the group's ``epoch`` then takes the new version, so that what a
    running server kept of the replaced database is never brought up to date from games it does not match."""
    db.execute("ALTER TABLE groups ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0")
    db.execute(
        "CREATE TRIGGER groups_moved AFTER UPDATE OF version ON groups WHEN NEW.version > OLD.version + 1 "
        "BEGIN UPDATE groups SET epoch = NEW.version WHERE id = NEW.id; END"
    )
    db.execute("ALTER TABLE games ADD COLUMN stamp INTEGER NOT NULL DEFAULT 0")
    db.execute("CREATE INDEX idx_games_group_id_stamp ON games (group_id, stamp)")
    stamp = "(SELECT MAX(g.stamp) FROM games AS g WHERE g.group_id = games.group_id) + 1"
    db.execute(
        "CREATE TRIGGER games_stamped AFTER UPDATE OF version, group_id, finished ON games "
        f"WHEN NEW.group_id IS NOT NULL BEGIN UPDATE games SET stamp = {stamp} WHERE id = NEW.id; END"
    )
    db.execute(
        "CREATE TRIGGER tables_stamped AFTER UPDATE OF result, closed_result ON event_tables BEGIN "
        f"UPDATE games SET stamp = {stamp} WHERE id = NEW.game_id AND group_id IS NOT NULL; END"
    )
    db.execute(
        "CREATE TRIGGER tables_dropped_stamped AFTER DELETE ON event_tables BEGIN "
        f"UPDATE games SET stamp = {stamp} WHERE id = OLD.game_id AND group_id IS NOT NULL; END"
    )


# How many of the latest changes the feed keeps: far more than every game in a country's evening changes in the
# fraction of a second between two reads of the feed.
FEED_KEPT = 20_000


def new_round_id() -> str:
    """An opaque, unguessable id for a hand, never reused."""
    return secrets.token_urlsafe(9)


def stored_rules(text: str) -> dict[str, Any]:
    """A game's stored rules. Games stored before the direction of play was an option were all played to the right
    (RULES.md), whatever their profile plays now."""
    data: dict[str, Any] = json.loads(text)
    data.setdefault("direction", "right")
    return data


class StorageUnavailable(Exception):
    """The database could not make a change (disk full, read-only, busy); nothing was saved."""


@dataclass(frozen=True, slots=True)
class Submission:
    """A change already handled: what it was, its fingerprint, the hand it made or touched."""

    action: str
    fingerprint: str | None
    round: str | None


def read_only_uri(path: str) -> str:
    """The address that opens the database at ``path`` for reading only, on a read-only mount too."""
    return f"file:{path}?mode=ro" if os.path.exists(path + "-wal") else f"file:{path}?mode=ro&immutable=1"


@dataclass(frozen=True, slots=True)
class GameState:
    """What a change to a game reads first, inside its write: the game's version, its keeper key's hash, and whether
    an event dropped it."""

    version: int
    keeper_hash: str | None
    dropped: bool = False  # an event's round was paired again without this game's table: it counts for nobody
    group_id: str | None = None  # the group the game is played in (its summary is kept with each change)


def now() -> str:
    """The time of a change, in UTC, ISO 8601."""
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
    """A connection to the game database. Open one per request (sqlite-utils is per thread)."""

    def __init__(self, path: str):
        self.path = path
        try:
            self.db = self._open(path)
        except sqlite3.OperationalError:
            if path.startswith("file:") or not os.path.isfile(path):
                raise
            # A database on a read-only mount, whose files WAL mode reads through SQLite cannot make: read-only,
            # and every write is refused (a 503). Read through the log when it is there; with no log left,
            # nothing can change the file, so it is read as it lies.
            self.db = self._open(read_only_uri(path))

    @staticmethod
    def _open(path: str) -> Database:
        # A ``file:`` URI opens the database with options, e.g. ``file:/srv/scopa.sqlite3?mode=ro``.
        conn = sqlite3.connect(
            path, timeout=10, isolation_level=None, check_same_thread=False, uri=path.startswith("file:")
        )
        db = Database(conn)
        try:
            db.execute("PRAGMA foreign_keys = ON")
            # In WAL mode NORMAL keeps every committed change through a crash of the app (kill -9)
            # and spares an fsync per hand; only a power cut may lose the last moments.
            db.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.OperationalError:
            db.close()
            raise
        return db

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def migrate(self) -> None:
        """Bring the schema up to date (safe to call at every start, from several processes at once).

        A database that is already up to date is not written to, so a read-only file still serves reads.
        """
        with _start_lock(self.path):
            if not migrations.pending(self.db):
                return
            with self.db.ensure_autocommit_on():
                self.db.execute("PRAGMA journal_mode = WAL")
            migrations.apply(self.db)

    @contextmanager
    def write(self) -> Iterator[None]:
        """One transaction for a whole change; it takes the write lock at once."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as err:
            raise StorageUnavailable(str(err)) from err
        try:
            yield
        except sqlite3.OperationalError as err:
            self.db.rollback()
            raise StorageUnavailable(str(err)) from err
        except BaseException:
            self.db.rollback()
            raise
        try:
            self.db.commit()
        except sqlite3.OperationalError as err:
            self.db.rollback()
            raise StorageUnavailable(str(err)) from err

    def move_versions_on(self, shift: int) -> None:
        """Add ``shift`` to every game's, game summary's, group's and event's version (after a restore: see
        ``services.backup.restore``), in one transaction."""
        with self.write():
            for table in ("games", "game_summaries", "groups", "events"):
                self.db.execute(f"UPDATE {table} SET version = version + ?", [shift])  # noqa: S608 (fixed names)

    @property
    def in_transaction(self) -> bool:
        """True inside ``write()``: what is read there may yet be rolled back."""
        return bool(self.db.conn.in_transaction)

    # --- reading ---------------------------------------------------------------------------------

    def load_game(self, game_id: str) -> Game | None:
        """The game with its hands in order, or None."""
        rows = list(self.db.query("SELECT * FROM games WHERE id = ?", [game_id]))
        if not rows:
            return None
        return self._game(rows[0])

    def game_version(self, game_id: str) -> int | None:
        """The game's change counter, or None for an unknown game.

        Read straight on the connection (every open scoreboard asks this every few seconds), and read whole: a
        statement left unfinished would hold its read transaction open on a connection kept for the next poll.
        """
        rows = self.db.conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchall()
        return int(rows[0][0]) if rows else None

    def last_change(self) -> int:
        """The number of the latest change in the feed (0 before the first)."""
        rows = self.db.conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'changes'").fetchall()
        return int(rows[0][0]) if rows else 0

    def changes_after(self, seq: int, limit: int) -> tuple[list[tuple[int, str, str]], bool]:
        """At most ``limit`` changes after change ``seq``, oldest first, as (seq, kind, ref) with kind "game" or
        "event"; and whether any change after ``seq`` is no longer kept (the reader missed some). Read whole, on
        the connection (the feed's reader asks a few times a second)."""
        rows = self.db.conn.execute(
            "SELECT seq, kind, ref FROM changes WHERE seq > ? ORDER BY seq LIMIT ?", (seq, limit)
        ).fetchall()
        missed = bool(rows) and rows[0][0] > seq + 1
        return [(int(r[0]), str(r[1]), str(r[2])) for r in rows], missed

    def data_version(self) -> int:
        """SQLite's data version of this connection: it moves whenever another connection commits a change."""
        value: int = self.db.conn.execute("PRAGMA data_version").fetchone()[0]
        return value

    def versions(self, ids: list[str]) -> dict[str, int]:
        """The change counters of the games among ``ids`` that exist."""
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        return {
            r["id"]: r["version"] for r in self.db.query(f"SELECT id, version FROM games WHERE id IN ({marks})", ids)
        }

    def game_state(self, game_id: str) -> GameState | None:
        """The game's version, keeper key hash and group in one statement (inside ``write()``, the version the
        change builds on), or None for an unknown game."""
        row = self.db.execute(
            "SELECT version, keeper_hash, EXISTS (SELECT 1 FROM event_dropped_games AS d WHERE d.game_id = games.id), "
            "group_id FROM games WHERE id = ?",
            [game_id],
        ).fetchone()
        return GameState(row[0], row[1], bool(row[2]), row[3]) if row else None

    def keeper_hash(self, game_id: str) -> str | None:
        """The stored hash of the game's keeper key."""
        rows = list(self.db.query("SELECT keeper_hash FROM games WHERE id = ?", [game_id]))
        return rows[0]["keeper_hash"] if rows else None

    def submission(self, game_id: str, submission_id: str) -> Submission | None:
        """A submission already handled (None if not seen)."""
        rows = list(
            self.db.query(
                "SELECT action, fingerprint, round FROM submissions WHERE game_id = ? AND submission_id = ?",
                [game_id, submission_id],
            )
        )
        return Submission(rows[0]["action"], rows[0]["fingerprint"], rows[0]["round"]) if rows else None

    def round_number(self, game_id: str, round_id: str) -> int | None:
        """The current number of a stored hand (hands renumber when an earlier one is deleted)."""
        rows = list(
            self.db.query(
                "SELECT (SELECT COUNT(*) FROM rounds AS r WHERE r.game_id = rounds.game_id AND r.id <= rounds.id) "
                "AS number FROM rounds WHERE game_id = ? AND public_id = ?",
                [game_id, round_id],
            )
        )
        return rows[0]["number"] if rows else None

    def _game(self, row: dict[str, Any]) -> Game:
        rounds = tuple(
            RoundRecord(
                number,
                HandEntry.from_json(json.loads(r["entry"])),
                r["version"],
                r["public_id"],
                r["submission_id"],
            )
            for number, r in enumerate(
                self.db.query(
                    "SELECT entry, version, public_id, submission_id FROM rounds WHERE game_id = ? ORDER BY id",
                    [row["id"]],
                ),
                start=1,
            )
        )
        return Game(
            id=row["id"],
            name=row["name"],
            created=row["created"],
            rules=Rules.from_dict(stored_rules(row["rules"])),
            target=row["target"],
            deck_style=DeckStyle(row["deck_style"]),
            sides=tuple(Side(s["name"], tuple(s["players"])) for s in json.loads(row["sides"])),
            rounds=rounds,
            pending_scopas=tuple(json.loads(row["pending_scopas"])),
            version=row["version"],
        )

    # --- writing (call inside ``write()``) --------------------------------------------------------

    def insert_game(self, game: Game, keeper_hash: str) -> None:
        """Store a new game (one plain INSERT: a pairing stores a game for each table of a round)."""
        self.db.execute(
            "INSERT INTO games (id, name, created, updated, rules, target, deck_style, sides, keeper_hash, "
            "pending_scopas, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                game.id,
                game.name,
                game.created,
                game.created,
                # The direction is always written: a profile's default direction may change, a game's may not.
                json.dumps({**game.rules.overrides(), "direction": game.rules.direction}),
                game.target,
                game.deck_style.value,
                json.dumps([{"name": s.name, "players": list(s.players)} for s in game.sides]),
                keeper_hash,
                json.dumps(list(game.pending_scopas)),
                game.version,
            ],
        )

    def insert_round(
        self,
        game_id: str,
        number: int,
        entry: HandEntry,
        submission_id: str,
        pending_scopas: list[int],
        round_id: str | None = None,
    ) -> RoundRecord:
        """Append hand ``number`` (the game has ``number - 1``) with the scopas left pending; return it as stored.

        ``round_id``: the hand's id when it was chosen beforehand (``claim`` names it), else a new one."""
        version = self._touch(game_id, pending_scopas=json.dumps(pending_scopas))
        stamp = now()
        record = RoundRecord(number, entry, version, round_id or new_round_id(), submission_id)
        self.db.execute(
            "INSERT INTO rounds (game_id, entry, version, submission_id, created, updated, public_id) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [game_id, json.dumps(entry.to_json()), version, submission_id, stamp, stamp, record.id],
        )
        return record

    def update_round(self, game_id: str, record: RoundRecord, entry: HandEntry) -> RoundRecord:
        """Replace a hand as entered; it takes a new version."""
        version = self._touch(game_id)
        self.db.execute(
            "UPDATE rounds SET entry = ?, version = ?, updated = ? WHERE game_id = ? AND public_id = ?",
            [json.dumps(entry.to_json()), version, now(), game_id, record.id],
        )
        return RoundRecord(record.number, entry, version, record.id, record.submission_id)

    def delete_round(self, game_id: str, round_id: str, pending_scopas: list[int] | None = None) -> int:
        """Remove a hand (later hands move up one), with the scopas now pending if given; the new version."""
        self.db.execute("DELETE FROM rounds WHERE game_id = ? AND public_id = ?", [game_id, round_id])
        if pending_scopas is None:
            return self._touch(game_id)
        return self._touch(game_id, pending_scopas=json.dumps(pending_scopas))

    def remember(self, game_id: str, submission_id: str, action: str, fingerprint: str, round_id: str | None) -> None:
        """Record that a submission was handled, so a retry of it changes nothing."""
        self.db.execute(
            "INSERT INTO submissions (game_id, submission_id, action, fingerprint, round, created) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [game_id, submission_id, action, fingerprint, round_id, now()],
        )

    def claim(self, game_id: str, submission_id: str, action: str, fingerprint: str, round_id: str | None) -> bool:
        """Record that a submission is being handled, in the same statement that finds out whether it already was:
        True when it is new (and now remembered); False when it was handled before (nothing is written)."""
        cursor = self.db.execute(
            "INSERT INTO submissions (game_id, submission_id, action, fingerprint, round, created) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, submission_id) DO NOTHING",
            [game_id, submission_id, action, fingerprint, round_id, now()],
        )
        return cursor.rowcount == 1

    def set_pending_scopas(self, game_id: str, scopas: list[int]) -> int:
        """Store the scopas marked so far in the hand in progress; returns the game's new version."""
        return self._touch(game_id, pending_scopas=json.dumps(scopas))

    def touch_game(self, game_id: str) -> int:
        """Move the game's version on (call inside ``write()``) for a change its scoreboard shows that is kept
        outside the game's row (the group it joined): open scoreboards refresh. Returns the new version."""
        return self._touch(game_id)

    def touch_event_games(self, event_id: str, round_number: int) -> None:
        """Move on the version of every game played at the event's tables in round ``round_number`` (call inside
        ``write()``): a finished game's scoreboard says where its sides play in the latest round, so the phones
        still showing the round just played refresh when the next one is paired."""
        self.db.execute(
            "UPDATE games SET version = version + 1 "
            "WHERE id IN (SELECT game_id FROM event_tables WHERE event_id = ? AND round = ?)",
            [event_id, round_number],
        )

    def version_now(self, game_id: str) -> int:
        """The game's version inside the current transaction."""
        version: int = self.db.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()[0]
        return version

    # --- groups and their players --------------------------------------------------------------------------

    def insert_group(self, group_id: str, name: str, key_hash: str) -> None:
        """Store a new group (call inside ``write()``)."""
        self.db.table("groups").insert(
            {"id": group_id, "name": name, "created": now(), "key_hash": key_hash, "version": 1}
        )

    def group(self, group_id: str) -> dict[str, Any] | None:
        """A group's row (id, name, created, version), or None."""
        rows = list(self.db.query("SELECT id, name, created, version FROM groups WHERE id = ?", [group_id]))
        return rows[0] if rows else None

    def group_key_hash(self, group_id: str) -> str | None:
        rows = list(self.db.query("SELECT key_hash FROM groups WHERE id = ?", [group_id]))
        return rows[0]["key_hash"] if rows else None

    def group_season_points(self, group_id: str) -> str | None:
        """The group's season points table as kept (a JSON list), None for the default."""
        rows = list(self.db.query("SELECT season_points FROM groups WHERE id = ?", [group_id]))
        return rows[0]["season_points"] if rows else None

    def set_group_season_points(self, group_id: str, points: str | None) -> None:
        """Keep the group's season points table (JSON list; None: back to the default), a new group version."""
        self.db.execute("UPDATE groups SET season_points = ? WHERE id = ?", [points, group_id])
        self._touch_group(group_id)

    def group_finished_events(self, group_id: str, first: str, last: str, limit: int) -> list[dict[str, Any]]:
        """Up to ``limit`` of a group's events played from day ``first`` to day ``last`` (both counted) whose
        planned rounds are all paired and closed, latest first: id, name, date, weight and version. An event
        made without a date or weight counts on the day it was made, at weight 1."""
        return list(
            self.db.query(
                "SELECT e.id AS id, e.name AS name, e.version AS version, "
                "COALESCE(e.date, substr(e.created, 1, 10)) AS date, COALESCE(e.weight, 1.0) AS weight "
                "FROM events AS e WHERE e.group_id = ? AND COALESCE(e.date, substr(e.created, 1, 10)) BETWEEN ? AND ? "
                "AND (SELECT COUNT(*) FROM event_rounds AS r WHERE r.event_id = e.id AND r.closed IS NOT NULL) "
                ">= e.rounds "
                "AND NOT EXISTS (SELECT 1 FROM event_rounds AS r WHERE r.event_id = e.id AND r.closed IS NULL) "
                "ORDER BY date DESC, e.created DESC, e.rowid DESC LIMIT ?",
                [group_id, first, last, limit],
            )
        )

    def players(self, group_id: str) -> list[dict[str, Any]]:
        """Every player of a group, merged ones included (``merged_into`` says whom they answer for)."""
        return list(
            self.db.query(
                "SELECT id, name, key, merged_into, created FROM players WHERE group_id = ? ORDER BY rowid",
                [group_id],
            )
        )

    def insert_player(self, group_id: str, player_id: str, name: str, key: str) -> None:
        self.db.execute(
            "INSERT INTO players (id, group_id, name, key, merged_into, created) VALUES (?, ?, ?, ?, NULL, ?)",
            [player_id, group_id, name, key, now()],
        )
        self._touch_group(group_id)

    def rename_player(self, group_id: str, player_id: str, name: str, key: str) -> None:
        self.db.execute(
            "UPDATE players SET name = ?, key = ? WHERE group_id = ? AND id = ?", [name, key, group_id, player_id]
        )
        self._touch_group(group_id)

    def merge_player(self, group_id: str, player_id: str, into: str) -> None:
        """``player_id`` becomes ``into``: every game of theirs counts for ``into``, and their name finds ``into``."""
        self.db.execute(
            "UPDATE players SET merged_into = ? WHERE group_id = ? AND (id = ? OR merged_into = ?)",
            [into, group_id, player_id, player_id],
        )
        self.db.execute("UPDATE game_players SET player_id = ? WHERE player_id = ?", [into, player_id])
        self._touch_group(group_id)

    def games_together(self, player_id: str, other_id: str) -> list[dict[str, Any]]:
        """The games where both players held a seat (on one side or on opposite ones), oldest first: each game's
        id, name, sides (JSON, as kept), and the side each of the two sat on."""
        return list(
            self.db.query(
                "SELECT games.id AS id, games.name AS name, games.sides AS sides, a.side AS side, "
                "b.side AS other_side FROM game_players AS a "
                "JOIN game_players AS b ON b.game_id = a.game_id AND b.player_id = ? "
                "JOIN games ON games.id = a.game_id WHERE a.player_id = ? "
                "GROUP BY games.id ORDER BY games.created, games.rowid",
                [other_id, player_id],
            )
        )

    def join_group(self, game_id: str, group_id: str, player_ids: list[list[str]]) -> None:
        """Put a game in a group, with the player id of each seat of each side."""
        self.db.execute("UPDATE games SET group_id = ? WHERE id = ?", [group_id, game_id])
        for side, ids in enumerate(player_ids):
            for seat, player_id in enumerate(ids):
                self.db.execute(
                    "INSERT INTO game_players (game_id, side, seat, player_id) VALUES (?, ?, ?, ?)",
                    [game_id, side, seat, player_id],
                )
        self._touch_group(group_id)

    def game_group(self, game_id: str) -> str | None:
        """The group a game was played in, if any."""
        rows = list(self.db.query("SELECT group_id FROM games WHERE id = ?", [game_id]))
        return rows[0]["group_id"] if rows else None

    def group_games(self, group_id: str) -> list[dict[str, Any]]:
        """A group's games, newest first: id, version, and the summary kept for a version (maybe an older one)."""
        return list(
            self.db.query(
                "SELECT games.id AS id, games.version AS version, s.version AS summary_version, s.summary AS summary "
                "FROM games LEFT JOIN game_summaries AS s ON s.game_id = games.id "
                "WHERE games.group_id = ? ORDER BY games.created DESC, games.rowid DESC",
                [group_id],
            )
        )

    def group_mark(self, group_id: str) -> tuple[int, int, int] | None:
        """How far a group's games have changed: their count, the latest stamp and the group's epoch (all in
        ``m008_group_stamps``); None for no group. Read through the games' (group, stamp) index: a game changed,
        joined or given a result at its event's table moves the stamp on, a restore the epoch, and nothing else
        moves either."""
        row = self.db.conn.execute(
            "SELECT (SELECT COUNT(*) FROM games WHERE group_id = groups.id), "
            "(SELECT COALESCE(MAX(stamp), 0) FROM games WHERE group_id = groups.id), epoch FROM groups WHERE id = ?",
            (group_id,),
        ).fetchall()
        return (int(row[0][0]), int(row[0][1]), int(row[0][2])) if row else None

    def group_changes(self, group_id: str, since: int) -> list[dict[str, Any]]:
        """The group's games stamped after ``since`` (changed since the mark that had that stamp), each as
        ``group_games`` reads it (id, version, summary_version, summary) with more: ``order`` (created, rowid: the
        group's newest-first order, reversed), ``finish`` (its place in ``finish_order``: what that order sorts by)
        and ``said`` (the result its event keeps for its table, JSON, or None). Read through the stamp index."""
        return [
            {**row, "order": (row["created"], row["rowid"]), "finish": (row["finish"], row["created"], row["rowid"])}
            for row in self.db.query(
                "SELECT games.id AS id, games.version AS version, s.version AS summary_version, s.summary AS summary, "
                "games.created AS created, games.rowid AS rowid, COALESCE(games.finished, "
                "(SELECT MAX(rounds.created) FROM rounds WHERE rounds.game_id = games.id), games.created) AS finish, "
                "(SELECT COALESCE(t.result, t.closed_result) FROM event_tables AS t WHERE t.game_id = games.id) "
                "AS said FROM games LEFT JOIN game_summaries AS s ON s.game_id = games.id "
                "WHERE games.group_id = ? AND games.stamp > ? ORDER BY games.stamp",
                [group_id, since],
            )
        ]

    def group_state(self, group_id: str) -> tuple[int, int, int] | None:
        """What changes whenever anything a group's statistics add up changes: the group's version (a game
        joined, a player named, renamed or merged), its games' count and the sum of their versions (a hand
        recorded, corrected or deleted in any of them). None for no group. One read of the games' index."""
        rows = list(
            self.db.query(
                "SELECT groups.version AS version, COUNT(games.id) AS games, COALESCE(SUM(games.version), 0) AS sum "
                "FROM groups LEFT JOIN games ON games.group_id = groups.id WHERE groups.id = ? GROUP BY groups.id",
                [group_id],
            )
        )
        return (rows[0]["version"], rows[0]["games"], rows[0]["sum"]) if rows else None

    def group_games_page(self, group_id: str, after: str | None, limit: int) -> list[dict[str, Any]]:
        """Up to ``limit`` of a group's games, newest first, from the one after the game ``after`` (from the
        newest for None): as ``group_games`` answers, one page of them. The order is the games' own (created,
        then rowid), so a page is read through the index however many games the group has, and a game started
        while a reader pages through is neither shown twice nor skipped among those older than the cursor."""
        where, args = "games.group_id = ?", [group_id]
        if after is not None:
            where += (
                " AND (games.created, games.rowid) < (SELECT created, rowid FROM games WHERE id = ? AND group_id = ?)"
            )
            args += [after, group_id]
        return list(
            self.db.query(
                "SELECT games.id AS id, games.version AS version, s.version AS summary_version, s.summary AS summary "
                "FROM games LEFT JOIN game_summaries AS s ON s.game_id = games.id "
                f"WHERE {where} ORDER BY games.created DESC, games.rowid DESC LIMIT ?",
                [*args, limit],
            )
        )

    def seats(self, game_ids: list[str]) -> dict[str, list[list[str]]]:
        """The player ids of each side of these games: {game id: [[ids of side 0], [ids of side 1], ...]}."""
        out: dict[str, list[list[str]]] = {}
        for start in range(0, len(game_ids), 500):
            chunk = game_ids[start : start + 500]
            marks = ", ".join("?" for _ in chunk)
            for row in self.db.query(
                f"SELECT game_id, side, seat, player_id FROM game_players WHERE game_id IN ({marks}) "
                "ORDER BY game_id, side, seat",
                chunk,
            ):
                sides = out.setdefault(row["game_id"], [])
                while len(sides) <= row["side"]:
                    sides.append([])
                sides[row["side"]].append(row["player_id"])
        return out

    def mark_finished(self, game_id: str) -> None:
        """Note when a game first finished (call inside the write that finished it); a game reopened and won
        again keeps its first time: the column is never cleared nor moved on. To the microsecond: two games
        finished in the same second still go in the order their writes were made."""
        stamp = datetime.now(UTC).isoformat(timespec="microseconds")
        self.db.execute("UPDATE games SET finished = ? WHERE id = ? AND finished IS NULL", [stamp, game_id])

    def finish_order(self, group_id: str) -> list[str]:
        """The ids of a group's games in the order they first finished (the games not finished now are among
        them too: a caller keeps those its summaries say are finished). A game finished before that time was
        noted (``finished`` NULL, a database older than ratings) takes the time of its last hand instead, and
        goes after or among the others by that time; a game with no hand goes by when it was made."""
        return [
            row["id"]
            for row in self.db.query(
                "SELECT games.id AS id FROM games WHERE games.group_id = ? ORDER BY COALESCE(games.finished, "
                "(SELECT MAX(rounds.created) FROM rounds WHERE rounds.game_id = games.id), games.created), "
                "games.created, games.rowid",
                [group_id],
            )
        ]

    def group_table_results(self, group_id: str) -> dict[str, str]:
        """The result an event keeps for each of its tables played by a game of the group, by game id (JSON, as
        ``set_table_result`` and ``close_event_round`` keep it): the organiser's word where they corrected the
        table or gave it away, else the result kept when its round closed; tables with neither are left out (the
        event reads their games). Read through the games' group index and the tables' game index."""
        return {
            row["game_id"]: row["result"]
            for row in self.db.query(
                "SELECT t.game_id AS game_id, COALESCE(t.result, t.closed_result) AS result FROM games "
                "JOIN event_tables AS t ON t.game_id = games.id WHERE games.group_id = ? "
                "AND COALESCE(t.result, t.closed_result) IS NOT NULL ORDER BY t.game_id",
                [group_id],
            )
        }

    def put_summaries(self, rows: list[tuple[str, int, str]]) -> None:
        """Keep games' summaries: (game id, the version summed up, the summary as JSON)."""
        self.db.conn.executemany(
            "INSERT INTO game_summaries (game_id, version, summary) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, summary = excluded.summary",
            rows,
        )

    # --- events ----------------------------------------------------------------------------------

    def insert_event(self, row: dict[str, Any], entrants: list[dict[str, Any]]) -> None:
        """Store a new event and its entrants (call inside ``write()``)."""
        self.db.table("events").insert({**row, "created": now(), "version": 1})
        self.db.table("event_entrants").insert_all([{**e, "event_id": row["id"], "withdrawn": 0} for e in entrants])

    def event(self, event_id: str) -> dict[str, Any] | None:
        rows = list(self.db.query("SELECT * FROM events WHERE id = ?", [event_id]))
        return rows[0] if rows else None

    def event_entrants(self, event_id: str) -> list[dict[str, Any]]:
        return list(self.db.query("SELECT * FROM event_entrants WHERE event_id = ? ORDER BY position", [event_id]))

    def event_rounds(self, event_id: str) -> list[dict[str, Any]]:
        return list(self.db.query("SELECT * FROM event_rounds WHERE event_id = ? ORDER BY number", [event_id]))

    def event_tables(self, event_id: str, round_: int | None = None) -> list[dict[str, Any]]:
        """Every table of an event (of its round ``round_`` alone, if given) with its game's version and the summary
        kept for a version (maybe older)."""
        return list(
            self.db.query(
                "SELECT t.*, games.id AS id, games.version AS version, s.version AS summary_version, "
                "s.summary AS summary "
                "FROM event_tables AS t JOIN games ON games.id = t.game_id "
                "LEFT JOIN game_summaries AS s ON s.game_id = t.game_id "
                f"WHERE t.event_id = ?{' AND t.round = ?' if round_ is not None else ''} ORDER BY t.round, t.number",
                [event_id] if round_ is None else [event_id, round_],
            )
        )

    def event_state(self, event_id: str) -> int | None:
        """A number that changes whenever the event or any of its tables' games does (for pages that poll)."""
        row = self.db.execute(
            "SELECT events.version + COALESCE((SELECT SUM(games.version) FROM event_tables AS t "
            "JOIN games ON games.id = t.game_id WHERE t.event_id = events.id), 0) FROM events WHERE id = ?",
            [event_id],
        ).fetchone()
        return row[0] if row else None

    def event_edition(self, event_id: str) -> tuple[int, int] | None:
        """The event's own version and the sum of its tables' games' versions: while the first stands still the
        tables are the same games, so the pair names one content of the event and its tables (the sum alone can
        repeat when a redone pairing drops tables)."""
        row = self.db.execute(
            "SELECT events.version, COALESCE((SELECT SUM(games.version) FROM event_tables AS t "
            "JOIN games ON games.id = t.game_id WHERE t.event_id = events.id), 0) FROM events WHERE id = ?",
            [event_id],
        ).fetchone()
        return (row[0], row[1]) if row else None

    def event_of_game(self, game_id: str) -> dict[str, Any] | None:
        """The event, round and table a game is played at, if any: {event_id, name, round, number}."""
        rows = list(
            self.db.query(
                "SELECT t.event_id AS event_id, events.name AS name, t.round AS round, t.number AS number "
                "FROM event_tables AS t JOIN events ON events.id = t.event_id WHERE t.game_id = ?",
                [game_id],
            )
        )
        return rows[0] if rows else None

    def insert_event_round(self, event_id: str, number: int, bye: str | None) -> None:
        """A round paired; ``bye``: the ids of those who sit it out, joined by commas (or None)."""
        self.db.execute(
            "INSERT INTO event_rounds (event_id, number, bye, paired, closed) VALUES (?, ?, ?, ?, NULL)",
            [event_id, number, bye, now()],
        )
        self._touch_event(event_id)

    def set_event_bye(self, event_id: str, number: int, bye: str | None) -> None:
        self.db.execute("UPDATE event_rounds SET bye = ? WHERE event_id = ? AND number = ?", [bye, event_id, number])
        self._touch_event(event_id)

    def insert_event_table(
        self, event_id: str, round_: int, number: int, game_id: str, sides: tuple[str, str], seed: str
    ) -> None:
        self.db.execute(
            "INSERT INTO event_tables (event_id, round, number, game_id, side0, side1, seed, result, closed_result) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL)",
            [event_id, round_, number, game_id, sides[0], sides[1], seed],
        )
        self._touch_event(event_id)

    def started_event_tables(self, event_id: str, round_: int, numbers: list[int]) -> list[int]:
        """Those of these tables of a round whose game has a hand played (read in the transaction)."""
        return [
            row[0]
            for number in numbers
            for row in self.db.execute(
                "SELECT t.number FROM event_tables AS t WHERE t.event_id = ? AND t.round = ? AND t.number = ? "
                "AND EXISTS (SELECT 1 FROM rounds WHERE rounds.game_id = t.game_id)",
                [event_id, round_, number],
            )
        ]

    def drop_event_tables(self, event_id: str, round_: int, numbers: list[int]) -> None:
        """Take these tables out of a round; their games are kept as dropped (see ``dropped_from_event``)."""
        for number in numbers:
            self.db.execute(
                "INSERT INTO event_dropped_games (game_id, event_id, round, number, dropped) "
                "SELECT game_id, event_id, round, number, ? FROM event_tables "
                "WHERE event_id = ? AND round = ? AND number = ?",
                [now(), event_id, round_, number],
            )
            self.db.execute(
                "DELETE FROM event_tables WHERE event_id = ? AND round = ? AND number = ?", [event_id, round_, number]
            )
        self._touch_event(event_id)

    def drop_event_round(self, event_id: str, number: int) -> None:
        """Take an event's last round out, with its byes (its tables are dropped first, ``drop_event_tables``)."""
        self.db.execute("DELETE FROM event_rounds WHERE event_id = ? AND number = ?", [event_id, number])
        self._touch_event(event_id)

    def dropped_from_event(self, game_id: str) -> dict[str, Any] | None:
        """The event, round and table a game was dropped from, if it was: {event_id, name, round, number}."""
        rows = list(
            self.db.query(
                "SELECT d.event_id AS event_id, events.name AS name, d.round AS round, d.number AS number "
                "FROM event_dropped_games AS d JOIN events ON events.id = d.event_id WHERE d.game_id = ?",
                [game_id],
            )
        )
        return rows[0] if rows else None

    def set_table_result(self, event_id: str, round_: int, number: int, result: str | None) -> None:
        """The organiser's word on a table (JSON), or None to go back to its game's."""
        self.db.execute(
            "UPDATE event_tables SET result = ? WHERE event_id = ? AND round = ? AND number = ?",
            [result, event_id, round_, number],
        )
        self._touch_event(event_id)

    def close_event_round(self, event_id: str, number: int, results: dict[int, str]) -> None:
        """Close a round, keeping each table's result as it stands (JSON by table number)."""
        for table, result in results.items():
            self.db.execute(
                "UPDATE event_tables SET closed_result = ? WHERE event_id = ? AND round = ? AND number = ?",
                [result, event_id, number, table],
            )
        self.db.execute(
            "UPDATE event_rounds SET closed = ? WHERE event_id = ? AND number = ?", [now(), event_id, number]
        )
        self._touch_event(event_id)

    def add_entrant(self, event_id: str, name: str, players: str) -> str:
        """A late arrival, listed after the others; returns their id (their place in the list)."""
        row = self.db.execute(
            "SELECT COALESCE(MAX(position), 0) + 1 FROM event_entrants WHERE event_id = ?", [event_id]
        ).fetchone()
        position = row[0]
        self.db.execute(
            "INSERT INTO event_entrants (event_id, id, position, name, players, withdrawn) VALUES (?, ?, ?, ?, ?, 0)",
            [event_id, str(position), position, name, players],
        )
        self._touch_event(event_id)
        return str(position)

    def set_event_rounds(self, event_id: str, rounds: int) -> None:
        self.db.execute("UPDATE events SET rounds = ? WHERE id = ?", [rounds, event_id])
        self._touch_event(event_id)

    def withdraw_entrant(self, event_id: str, entrant_id: str, withdrawn: bool) -> None:
        self.db.execute(
            "UPDATE event_entrants SET withdrawn = ? WHERE event_id = ? AND id = ?",
            [int(withdrawn), event_id, entrant_id],
        )
        self._touch_event(event_id)

    def _touch_event(self, event_id: str) -> None:
        self.db.execute("UPDATE events SET version = version + 1 WHERE id = ?", [event_id])

    def _touch_group(self, group_id: str) -> None:
        self.db.execute("UPDATE groups SET version = version + 1 WHERE id = ?", [group_id])

    def _touch(self, game_id: str, **columns: str) -> int:
        """Bump the game's version (setting ``columns`` too) and return the new one."""
        sets = "".join(f", {name} = ?" for name in columns)
        row = self.db.execute(
            f"UPDATE games SET version = version + 1, updated = ?{sets} WHERE id = ? RETURNING version",
            [now(), *columns.values(), game_id],
        ).fetchone()
        version: int = row[0]
        return version


@contextmanager
def _start_lock(path: str) -> Iterator[None]:
    """Hold an exclusive lock beside the database while its schema is checked and brought up to date."""
    if fcntl is None or path == ":memory:" or path.startswith("file:"):
        yield
        return
    try:
        fd = os.open(path + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        # A read-only folder: nobody can migrate here, so there is nothing to serialise.
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)
