"""Storage: the one module that talks to SQLite (through sqlite-utils). It returns domain objects.

Every change is one transaction (``BEGIN IMMEDIATE``, so two phones writing at
once are served one after the other), and every change bumps the game's
version, which read-only scoreboards poll to know when to refresh.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

from sqlite_utils import Database, Migrations

from scorekeeper.rules import DeckStyle, Rules, Side
from scorekeeper.rules.ledger import Game, HandEntry, RoundRecord

migrations = Migrations("scorekeeper")


@migrations()
def m001_games_rounds_submissions(db: Database) -> None:
    """Games with their sides and rules, hands as entered, and the submissions already handled."""
    db["games"].create(
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
    db["rounds"].create(
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
    db["rounds"].create_index(["game_id", "id"])
    db["submissions"].create(
        {"game_id": str, "submission_id": str, "action": str, "round_id": int, "created": str},
        pk=("game_id", "submission_id"),
        foreign_keys=[("game_id", "games", "id")],
    )


def now() -> str:
    """The time of a change, in UTC, ISO 8601."""
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
    """A connection to the game database. Open one per request (sqlite-utils is per thread)."""

    def __init__(self, path: str):
        conn = sqlite3.connect(path, timeout=10, isolation_level=None, check_same_thread=False)
        self.db = Database(conn)
        self.db.execute("PRAGMA foreign_keys = ON")
        self.db.execute("PRAGMA busy_timeout = 10000")

    def close(self) -> None:
        self.db.close()

    def migrate(self) -> None:
        """Bring the schema up to date (safe to call at every start)."""
        with self.db.ensure_autocommit_on():
            self.db.execute("PRAGMA journal_mode = WAL")
        migrations.apply(self.db)

    @contextmanager
    def write(self) -> Iterator[None]:
        """One transaction for a whole change; it takes the write lock at once."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.rollback()
            raise
        else:
            self.db.commit()

    # --- reading ---------------------------------------------------------------------------------

    def load_game(self, game_id: str) -> Game | None:
        """The game with its hands in order, or None."""
        rows = list(self.db.query("SELECT * FROM games WHERE id = ?", [game_id]))
        if not rows:
            return None
        return self._game(rows[0])

    def load_games(self, ids: list[str]) -> list[Game]:
        """The games among ``ids`` that exist, newest first."""
        if not ids:
            return []
        marks = ", ".join("?" for _ in ids)
        rows = self.db.query(f"SELECT * FROM games WHERE id IN ({marks}) ORDER BY created DESC", ids)
        return [self._game(row) for row in rows]

    def game_version(self, game_id: str) -> int | None:
        """The game's change counter, or None for an unknown game."""
        rows = list(self.db.query("SELECT version FROM games WHERE id = ?", [game_id]))
        return rows[0]["version"] if rows else None

    def keeper_hash(self, game_id: str) -> str | None:
        """The stored hash of the game's keeper key."""
        rows = list(self.db.query("SELECT keeper_hash FROM games WHERE id = ?", [game_id]))
        return rows[0]["keeper_hash"] if rows else None

    def submission(self, game_id: str, submission_id: str) -> dict | None:
        """A submission already handled: its action and the hand it made (None if not seen)."""
        rows = list(
            self.db.query(
                "SELECT action, round_id FROM submissions WHERE game_id = ? AND submission_id = ?",
                [game_id, submission_id],
            )
        )
        return rows[0] if rows else None

    def round_number(self, game_id: str, round_id: int) -> int | None:
        """The current number of a stored hand (hands renumber when one is deleted)."""
        ids = self._round_ids(game_id)
        return ids.index(round_id) + 1 if round_id in ids else None

    def _round_ids(self, game_id: str) -> list[int]:
        return [r["id"] for r in self.db.query("SELECT id FROM rounds WHERE game_id = ? ORDER BY id", [game_id])]

    def _game(self, row: dict) -> Game:
        rounds = tuple(
            RoundRecord(number, HandEntry.from_json(json.loads(r["entry"])), r["version"], r["submission_id"])
            for number, r in enumerate(
                self.db.query("SELECT * FROM rounds WHERE game_id = ? ORDER BY id", [row["id"]]), start=1
            )
        )
        return Game(
            id=row["id"],
            name=row["name"],
            created=row["created"],
            rules=Rules.from_dict(json.loads(row["rules"])),
            target=row["target"],
            deck_style=DeckStyle(row["deck_style"]),
            sides=tuple(Side(s["name"], tuple(s["players"])) for s in json.loads(row["sides"])),
            rounds=rounds,
            pending_scopas=tuple(json.loads(row["pending_scopas"])),
            version=row["version"],
        )

    # --- writing (call inside ``write()``) --------------------------------------------------------

    def insert_game(self, game: Game, keeper_hash: str) -> None:
        """Store a new game."""
        self.db["games"].insert(
            {
                "id": game.id,
                "name": game.name,
                "created": game.created,
                "updated": game.created,
                "rules": json.dumps(game.rules.overrides()),
                "target": game.target,
                "deck_style": game.deck_style.value,
                "sides": json.dumps([{"name": s.name, "players": list(s.players)} for s in game.sides]),
                "keeper_hash": keeper_hash,
                "pending_scopas": json.dumps(list(game.pending_scopas)),
                "version": 1,
            }
        )

    def insert_round(self, game_id: str, entry: HandEntry, submission_id: str) -> int:
        """Append a hand; return its number."""
        stamp = now()
        self.db["rounds"].insert(
            {
                "game_id": game_id,
                "entry": json.dumps(entry.to_json()),
                "version": 1,
                "submission_id": submission_id,
                "created": stamp,
                "updated": stamp,
            }
        )
        round_id = self.db.execute("SELECT last_insert_rowid()").fetchone()[0]
        self.remember(game_id, submission_id, "add", round_id)
        self._touch(game_id)
        return len(self._round_ids(game_id))

    def update_round(self, game_id: str, number: int, entry: HandEntry) -> None:
        """Replace hand ``number`` as entered; its version goes up by one."""
        round_id = self._round_ids(game_id)[number - 1]
        self.db.execute(
            "UPDATE rounds SET entry = ?, version = version + 1, updated = ? WHERE id = ?",
            [json.dumps(entry.to_json()), now(), round_id],
        )
        self._touch(game_id)

    def delete_round(self, game_id: str, number: int) -> int:
        """Remove hand ``number``; later hands move up one. Returns the removed hand's row id."""
        round_id = self._round_ids(game_id)[number - 1]
        self.db.execute("DELETE FROM rounds WHERE id = ?", [round_id])
        self._touch(game_id)
        return round_id

    def round_id(self, game_id: str, number: int) -> int:
        """The row id of hand ``number``."""
        return self._round_ids(game_id)[number - 1]

    def remember(self, game_id: str, submission_id: str, action: str, round_id: int | None) -> None:
        """Record that a submission was handled, so a retry of it changes nothing."""
        self.db["submissions"].insert(
            {
                "game_id": game_id,
                "submission_id": submission_id,
                "action": action,
                "round_id": round_id,
                "created": now(),
            }
        )

    def set_pending_scopas(self, game_id: str, scopas: list[int]) -> None:
        """Store the scopas marked so far in the hand in progress."""
        self.db.execute("UPDATE games SET pending_scopas = ? WHERE id = ?", [json.dumps(scopas), game_id])
        self._touch(game_id)

    def _touch(self, game_id: str) -> None:
        self.db.execute("UPDATE games SET version = version + 1, updated = ? WHERE id = ?", [now(), game_id])
