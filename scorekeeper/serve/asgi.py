"""The app as the server serves it: the streams on the event loop, everything else Flask's, in a pool of threads.

``make_asgi(flask_app)`` is an ASGI application. A stream's GET (``/g/<id>/live``, ``/e/<id>/live``) is answered by
``streams.serve_stream`` without a thread; every other request goes to the Flask app through a2wsgi, at most
THREADS at a time (the rest wait their turn in the event loop, holding no thread). The lifespan starts the change
feed's reader with the server and stops it with it.
"""

from __future__ import annotations

import sys
from typing import Any

from a2wsgi import WSGIMiddleware
from flask import Flask
from werkzeug.sansio.utils import host_is_trusted

from scorekeeper.serve.feed import Feed
from scorekeeper.serve.streams import serve_stream, stream_key
from scorekeeper.services.versions import GameVersions

# Requests Flask serves at once. A few slow requests (an export, a crowded position in the checker) must never
# leave a table's save waiting for a free thread: with more threads than the costly requests the lane lets run
# (web/common/limits.py), a table's request starts at once and only shares the processor with them.
THREADS = 32
# How long a thread holds the interpreter lock before another may take it. A table's request waits for the lock
# each time it comes back from SQLite or the socket; beside a costly request that computes without pause, CPython's
# default (5 ms) makes each such return cost up to 5 ms, a few dozen of them a save. Shorter, a table's request
# takes the lock sooner, for more switching between the threads. Measured (docs/benchmarks.md): a table's save and
# scoreboard while one address hammers the checker's most crowded position, against its time under scoreboard load:
# 3.8-5.3x at 5 ms (quick runs), 2.4x at 2 ms, 1.76x at 1 ms, 1.57x at 0.5 ms (full runs); the capacity bench's
# processor per hand at 1,000 tables: 32 ms at 5 ms and 2 ms, 34 ms at 1 ms, 37-39 ms at 0.5 ms, where the saves'
# p99 went over 250 ms. 1 ms keeps both. Set when the server starts (the lifespan), for the whole process.
SWITCH_INTERVAL = 0.001  # seconds


class App:
    """The ASGI application: streams, then Flask."""

    def __init__(self, flask_app: Flask, threads: int = THREADS):
        self.flask_app = flask_app
        self.config = flask_app.config
        self.wsgi = WSGIMiddleware(flask_app, workers=threads)  # type: ignore[arg-type]
        self.feed = Feed(GameVersions(flask_app.config["DATABASE"]))

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind == "lifespan":
            await self._lifespan(receive, send)
            return
        if kind == "http":
            key = stream_key(scope)
            if key is not None and self._trusted(scope):
                self.feed.start()
                if await serve_stream(self.feed, key, receive, send):
                    return
        await self.wsgi(scope, receive, send)  # type: ignore[arg-type]

    def _trusted(self, scope: dict[str, Any]) -> bool:
        """True when Flask would take this request's Host too; any other goes to Flask, which refuses it."""
        trusted = self.config.get("TRUSTED_HOSTS")
        if not trusted:
            return True
        host = next((v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"host"), "")
        if self.config.get("BEHIND_PROXY"):
            forwarded = next((v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"x-forwarded-host"), "")
            host = forwarded.split(",")[0].strip() or host
        return host_is_trusted(host, trusted)

    async def _lifespan(self, receive: Any, send: Any) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                sys.setswitchinterval(SWITCH_INTERVAL)
                self.feed.start()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self.close()
                await send({"type": "lifespan.shutdown.complete"})
                return

    def close(self) -> None:
        """Let go of what the app holds beside Flask: the feed's reader and its connections, and the threads Flask
        ran in (each closes the connections it kept open: ``web/game/poll.py``'s versions, with the Flask app)."""
        self.feed.stop()
        self.wsgi.executor.shutdown(wait=True, cancel_futures=True)
        versions = self.flask_app.extensions.get("scorekeeper.versions")
        if versions is not None:
            versions.close()


def make_asgi(flask_app: Flask, threads: int = THREADS) -> App:
    """The whole app for an ASGI server (``cli.py`` runs it with uvicorn)."""
    return App(flask_app, threads)
