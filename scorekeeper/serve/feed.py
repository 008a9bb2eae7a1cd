"""The change feed, followed once per server process and fanned out to the streams that watch each game or event.

Every change a live page shows writes a row into the store's change feed in the same transaction as the change
(``store.m007_change_feed``), whichever process made it. ``Feed`` reads the rows after the last one it saw every
READ_EVERY seconds, in one indexed query on a kept connection, in a thread of its own; for each game or event that
changed and that some stream of this process watches, it reads the new version once and hands it to the event loop,
which wakes each of those streams. A read costs the same with ten streams open or ten thousand; a change costs one
read per game or event watched, not one per phone.

When the feed cannot say what changed (rows missed after a long pause, another database file put at the path, the
database unreadable for a while) every watched version is read again: a stream may hear a version it already had,
never miss one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from scorekeeper.services.versions import GameVersions, Unreadable

log = logging.getLogger(__name__)

# How often the feed is read: a change reaches a watching phone within this, plus one write to its connection.
READ_EVERY = 0.1  # seconds
# The most rows one read takes; more are read at once on the next pass.
READ_MAX = 2000
# Kinds of things a stream follows, as the feed names them.
GAME, EVENT = "game", "event"

Key = tuple[str, str]


@dataclass(eq=False)
class Watch:
    """One stream's interest in a game or event: the latest version heard, and an event set when it moves."""

    key: Key
    version: int
    woken: asyncio.Event = field(default_factory=asyncio.Event)


class Feed:
    """The streams of one process by what they watch, woken from the change feed read in one thread."""

    def __init__(self, versions: GameVersions):
        self.versions = versions
        self._watching: dict[Key, set[Watch]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._seen: int | None = None

    # --- in the event loop ---------------------------------------------------------------------------------------

    def start(self) -> None:
        """Start following the feed for the running event loop (once; later calls change nothing)."""
        if self._thread is not None:
            return
        self._loop = asyncio.get_running_loop()
        self._thread = threading.Thread(target=self._follow, name="change-feed", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop following the feed and close the connections it read on (once; later calls change nothing)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self.versions.close()

    def watch(self, key: Key, version: int) -> Watch:
        watch = Watch(key, version)
        self._watching.setdefault(key, set()).add(watch)
        return watch

    def forget(self, watch: Watch) -> None:
        found = self._watching.get(watch.key)
        if found is not None:
            found.discard(watch)
            if not found:
                del self._watching[watch.key]

    @property
    def watched(self) -> int:
        """How many streams are open in this process."""
        return sum(len(w) for w in self._watching.values())

    def _deliver(self, key: Key, version: int) -> None:
        for watch in self._watching.get(key, ()):
            if version != watch.version:
                watch.version = version
                watch.woken.set()

    # --- in the feed's thread --------------------------------------------------------------------------------------

    def read_version(self, key: Key) -> int | None:
        """The version a stream of ``key`` shows now, None when there is no such game or event."""
        kind, ref = key
        return self.versions.version(ref) if kind == GAME else self.versions.event_state(ref)

    def _follow(self) -> None:
        while not self._stop.wait(READ_EVERY):
            try:
                self.read_once()
            except Exception:  # never let the thread die: the next pass reads again
                log.exception("the change feed could not be read")
                self._seen = None

    def read_once(self) -> None:
        """One pass: read what changed since the last pass and hand the new versions to the event loop."""
        try:
            if self._seen is None:
                self._seen = self.versions.last_change()
                changed = self._keys()  # (re)started: everything watched may have moved
            else:
                rows, missed = self.versions.changes_after(self._seen, READ_MAX)
                last = self.versions.last_change() if not rows else rows[-1][0]
                # Rows gone, or another database file: everything watched is read again.
                changed = self._keys() if missed or last < self._seen else {(kind, ref) for _, kind, ref in rows}
                self._seen = last
        except Unreadable:
            self._seen = None
            return
        for key in changed:
            if key not in self._watching:
                continue
            try:
                version = self.read_version(key)
            except Unreadable:
                self._seen = None
                return
            if version is not None:
                self._post(self._deliver, key, version)

    def _keys(self) -> set[Key]:
        """What the streams watch now (copied while the event loop may be changing it)."""
        while True:
            try:
                return set(self._watching)
            except RuntimeError:  # changed size during the copy: copy again
                continue

    def _post(self, call: Callable[[Key, int], None], key: Key, version: int) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: the server is stopping
                loop.call_soon_threadsafe(call, key, version)
