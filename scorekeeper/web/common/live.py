"""The live pages' streams as Flask answers them: what a stream sends, and the routes for any server but ours.

``GET /g/<id>/live`` and ``GET /e/<id>/live`` (API.md 1.4) are Server-Sent Events. The server ``make run`` starts
answers them on its event loop, held open and pushed within a second of each change (``serve/streams.py``). These
routes answer what reaches Flask: a game or event not found (404, said in the reader's language, before any stream
starts), and under a plain WSGI server (the test client, another server) the version at once with ``retry:``, after
which the browser's EventSource asks again: a poll every RETRY_MS, never a thread held open.
"""

from __future__ import annotations

import json

from flask import Response
from flask.typing import ResponseReturnValue

from scorekeeper.services import events, games
from scorekeeper.services.errors import NotFound
from scorekeeper.web.common import bp
from scorekeeper.web.common.context import store
from scorekeeper.web.common.security import HEADERS

# How long a browser waits before opening a stream again after it ended (the server went, a proxy cut it).
RETRY_MS = 2000
# What every stream answers with: never kept by a cache, never buffered by a proxy (nginx reads X-Accel-Buffering),
# and the security headers of every response of the app.
STREAM_HEADERS = [
    ("Content-Type", "text/event-stream; charset=utf-8"),
    ("Cache-Control", "no-cache, no-store"),
    ("X-Accel-Buffering", "no"),
    *HEADERS.items(),
]


def event_text(version: int, retry_ms: int | None = None) -> bytes:
    """One ``version`` event as a stream sends it (with the reconnection delay first, if given)."""
    retry = f"retry: {retry_ms}\n" if retry_ms is not None else ""
    return f"{retry}event: version\nid: {version}\ndata: {json.dumps({'version': version})}\n\n".encode()


def _once(version: int) -> Response:
    response = Response(event_text(version, RETRY_MS), status=200)
    for name, value in STREAM_HEADERS:
        response.headers[name] = value
    return response


@bp.get("/g/<game_id>/live")
def game_live(game_id: str) -> ResponseReturnValue:
    """The game's version as a stream: what its scoreboard and hand forms follow."""
    version = games.version(store(), game_id)
    if version is None:
        raise NotFound("game")
    return _once(version)


@bp.get("/e/<event_id>/live")
def event_live(event_id: str) -> ResponseReturnValue:
    """The event's state as a stream: what its page, big screen and every entrant's own page follow."""
    return _once(events.state(store(), event_id))
