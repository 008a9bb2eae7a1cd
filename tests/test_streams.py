"""The live pages' streams (API.md 1.4: ``GET /g/<id>/live``, ``GET /e/<id>/live``), served as ``make run`` serves
them: the version at once, each change pushed within a second (scopas, hands, an event's tables), a comment while
nothing changes, a 404 before any stream for what does not exist; and through Flask alone (any other server) the
version once with ``retry:``. The change feed they follow is written with every change, in its transaction."""

from __future__ import annotations

import json
import socket
import threading
import time
from urllib.parse import urlsplit

import pytest

from scorekeeper.serve import streams
from scorekeeper.serve.feed import EVENT, GAME, Feed
from scorekeeper.services.versions import GameVersions
from scorekeeper.store import FEED_KEPT
from tests.conftest import counts, make_app, new_event, new_game, record_hand
from tests.served import serving
from tests.test_events import pair, play


class Stream:
    """A stream opened over a raw socket, read event by event."""

    def __init__(self, base: str, path: str, **headers: str):
        address = urlsplit(base)
        self.sock = socket.create_connection((address.hostname, address.port), timeout=10)
        extra = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}\r\n".encode())
        self.buffer = b""
        self.head = self._until(b"\r\n\r\n")

    def _until(self, mark: bytes, seconds: float = 10) -> bytes:
        deadline = time.monotonic() + seconds
        while mark not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"nothing like {mark!r} within {seconds} s: {self.buffer[-300:]!r}")
            self.sock.settimeout(left)
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError(f"closed before {mark!r}: {self.buffer[-300:]!r}")
            self.buffer += chunk
        found, self.buffer = self.buffer.split(mark, 1)
        return found

    def status(self) -> int:
        return int(self.head.split(b" ", 2)[1])

    def header(self, name: str) -> str:
        for line in self.head.split(b"\r\n")[1:]:
            key, _, value = line.decode().partition(":")
            if key.strip().lower() == name.lower():
                return value.strip()
        return ""

    def message(self, seconds: float = 10) -> str:
        """The next message (an event or a comment) as text, its chunked framing left out."""
        text = ""
        while "\n\n" not in text:
            size = int(self._until(b"\r\n", seconds), 16)
            while len(self.buffer) < size + 2:
                self.sock.settimeout(seconds)
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise ConnectionError("closed")
                self.buffer += chunk
            text += self.buffer[:size].decode()
            self.buffer = self.buffer[size + 2 :]
        return text

    def version(self, seconds: float = 10) -> int:
        """The version of the next ``version`` event (comments are skipped)."""
        while True:
            message = self.message(seconds)
            fields = dict(line.split(": ", 1) for line in message.strip().split("\n") if not line.startswith(":"))
            if fields.get("event") == "version":
                data = json.loads(fields["data"])
                assert fields["id"] == str(data["version"])
                return int(data["version"])

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def served(tmp_path):
    app = make_app(tmp_path)
    with serving(app) as base:
        yield app, base


def test_flask_alone_answers_the_version_once_with_retry_and_404_before_any_stream(client):
    game = new_game(client)
    answer = client.get(f"/g/{game.id}/live")
    assert answer.status_code == 200
    assert answer.headers["Content-Type"].startswith("text/event-stream")
    assert answer.headers["X-Accel-Buffering"] == "no" and "no-store" in answer.headers["Cache-Control"]
    assert answer.get_data(as_text=True) == 'retry: 2000\nevent: version\nid: 1\ndata: {"version": 1}\n\n'
    missing = client.get("/g/nothing-here/live", headers={"Accept": "application/json"})
    assert missing.status_code == 404 and missing.get_json()["error"] == "not_found"
    assert client.get("/e/nothing-here/live").status_code == 404


def test_a_stream_says_the_version_at_once_and_each_change_within_a_second(served):
    app, base = served
    client = app.test_client()
    game = new_game(client)
    stream = Stream(base, f"/g/{game.id}/live")
    try:
        assert stream.status() == 200
        assert stream.header("Content-Type").startswith("text/event-stream")
        assert stream.header("X-Accel-Buffering") == "no"
        assert stream.header("Content-Security-Policy")  # the security headers of every answer
        first = stream.version()
        assert first == 1
        # A scopa marked during the hand, then the hand saved: each pushed, within a second of its answer.
        for change in ("scopa", "hand"):
            if change == "scopa":
                r = client.post(
                    f"/api/v1/games/{game.id}/scopas",
                    json={"side": 0, "change": 1, "submission_id": "scopa-0001"},
                    headers=game.keeper,
                )
                assert r.status_code in (200, 201), r.get_json()
            else:
                record_hand(client, game, counts(scopas=(1, 0)))
            done = time.monotonic()
            heard = stream.version(seconds=1.0)
            assert heard > first and time.monotonic() - done < 1.0
            first = heard
    finally:
        stream.close()


def test_a_reconnect_with_an_older_last_event_id_hears_the_current_version_at_once(served):
    app, base = served
    client = app.test_client()
    game = new_game(client)
    record_hand(client, game)
    record_hand(client, game, counts(submission_id="sub-00000002"))
    now = client.get(f"/g/{game.id}/version").get_json()["version"]
    stream = Stream(base, f"/g/{game.id}/live", **{"Last-Event-ID": "1"})
    try:
        assert stream.version(seconds=1.0) == now
    finally:
        stream.close()


def test_a_quiet_stream_sends_a_comment_to_keep_the_connection(served, monkeypatch):
    app, base = served
    monkeypatch.setattr(streams, "KEEP_ALIVE", 0.3)
    game = new_game(app.test_client())
    stream = Stream(base, f"/g/{game.id}/live")
    try:
        stream.version()
        assert stream.message(seconds=2).startswith(": keep-alive")
    finally:
        stream.close()


def test_a_game_or_event_not_found_is_a_404_before_any_stream(served):
    _app, base = served
    for path in ("/g/no-such-game/live", "/e/no-such-event/live", "/g/bad%20id/live"):
        stream = Stream(base, path, Accept="application/json")
        try:
            assert stream.status() == 404, path
            assert "text/event-stream" not in stream.header("Content-Type")
        finally:
            stream.close()


def test_an_events_stream_hears_its_tables_hands_and_its_rounds(served):
    app, base = served
    client = app.test_client()
    event = new_event(client)
    stream = Stream(base, f"/e/{event['id']}/live")
    try:
        before = stream.version()
        first = pair(client, event, event.key)  # the event changed: a round paired
        paired = stream.version(seconds=1.0)
        assert paired > before
        play(client, first["tables"][0])  # a hand at one of its tables
        assert stream.version(seconds=1.0) > paired
    finally:
        stream.close()


def test_the_feed_is_written_in_the_changes_transaction_and_a_reader_left_behind_knows_it(store):
    store.db.execute(
        "INSERT INTO games (id, name, created, updated, rules, target, deck_style, sides, keeper_hash, "
        "pending_scopas, version) VALUES ('g1', 'x', '', '', '{}', 11, 'italian', '[]', '', '[]', 1)"
    )
    start = store.last_change()
    with store.write():
        store.touch_game("g1")
    rows, missed = store.changes_after(start, 10)
    assert [(kind, ref) for _, kind, ref in rows] == [("game", "g1")] and not missed
    with pytest.raises(RuntimeError), store.write():
        store.touch_game("g1")
        raise RuntimeError("the change fails")
    assert store.changes_after(rows[-1][0], 10) == ([], False)  # rolled back: no row
    # A reader that fell further behind than the feed keeps learns that it missed some.
    for _ in range(3):
        store.db.execute("UPDATE games SET version = version + 1 WHERE id = 'g1'")
    store.db.execute("DELETE FROM changes WHERE seq <= ?", [store.last_change() - 1])
    assert store.changes_after(start, 10)[1] is True


def test_the_feed_keeps_only_its_latest_rows(store, monkeypatch):
    store.db.execute(
        "INSERT INTO games (id, name, created, updated, rules, target, deck_style, sides, keeper_hash, "
        "pending_scopas, version) VALUES ('g1', 'x', '', '', '{}', 11, 'italian', '[]', '', '[]', 1)"
    )
    for _ in range(FEED_KEPT + 50):
        store.db.execute("UPDATE games SET version = version + 1 WHERE id = 'g1'")
    assert store.db.execute("SELECT COUNT(*) FROM changes").fetchone()[0] == FEED_KEPT


def test_the_feed_wakes_only_the_streams_of_what_changed_and_rereads_all_when_it_missed(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    client = app.test_client()
    one, two = new_game(client), new_game(client)
    feed = Feed(GameVersions(app.config["DATABASE"]))
    delivered: list[tuple[tuple[str, str], int]] = []
    monkeypatch.setattr(feed, "_post", lambda call, key, version: delivered.append((key, version)))
    feed._watching = {(GAME, one.id): set(), (GAME, two.id): set(), (EVENT, "none"): set()}
    feed.read_once()  # the first pass reads everything watched
    assert sorted(delivered) == sorted([((GAME, one.id), 1), ((GAME, two.id), 1)])
    delivered.clear()
    record_hand(client, one)
    feed.read_once()
    assert delivered == [((GAME, one.id), 2)]
    delivered.clear()
    feed.read_once()
    assert delivered == []  # nothing changed: nothing read, nothing woken
    monkeypatch.setattr(feed.versions, "changes_after", lambda seq, limit: ([(seq + 5, "game", two.id)], True))
    feed.read_once()
    assert sorted(k for k, _ in delivered) == sorted([(GAME, one.id), (GAME, two.id)])
    feed.versions.close()


def test_streams_hold_no_thread(served):
    app, base = served
    game = new_game(app.test_client())

    before = threading.active_count()
    opened = [Stream(base, f"/g/{game.id}/live") for _ in range(50)]
    try:
        for s in opened:
            assert s.version() == 1
        assert threading.active_count() - before < 10  # 50 streams open, no thread each
    finally:
        for s in opened:
            s.close()
