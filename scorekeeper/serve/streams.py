"""The live pages' streams: ``GET /g/<id>/live`` and ``GET /e/<id>/live`` as Server-Sent Events, on the event loop.

A stream answers at once with the version the page should show (``event: version``, ``id:`` the version, data
``{"version": N}``), then again within a second of every change (``feed.Feed`` wakes it), and a comment at least
every KEEP_ALIVE seconds so that proxies and phones keep the connection. An open stream holds no thread: it is a
coroutine waiting on an ``asyncio.Event``, a few kilobytes. A game or event not found, an id the app never makes, a
Host the app does not trust or a HEAD goes to Flask's own route (``web/common/live.py``), which says why in the
reader's language (404, 400) or answers the plain way.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

from scorekeeper.serve.feed import EVENT, GAME, Feed, Key
from scorekeeper.services.versions import Unreadable
from scorekeeper.web.common.live import RETRY_MS, STREAM_HEADERS, event_text

# The paths of the streams; ids are what ``keys.new_id`` makes (URL-safe base64).
LIVE_PATH = re.compile(r"/(g|e)/([A-Za-z0-9_-]{1,64})/live")
# A comment at least this often, within the 25 s API.md promises (proxies close a silent connection after 60 s).
KEEP_ALIVE = 20.0  # seconds
UNREAD = -1  # a watch's version before the stream has read it (no version is negative)

Scope = dict[str, Any]


def stream_key(scope: Scope) -> Key | None:
    """What a request asks to follow, when it is a stream's GET; None for anything else."""
    if scope.get("method") != "GET":
        return None
    found = LIVE_PATH.fullmatch(scope.get("path", ""))
    if found is None:
        return None
    return (GAME if found[1] == "g" else EVENT, found[2])


async def serve_stream(feed: Feed, key: Key, receive: Any, send: Any) -> bool:
    """Stream ``key``'s versions until the client goes; False (nothing sent) when it is not found or unreadable,
    for Flask to answer instead."""
    loop = asyncio.get_running_loop()
    # Watched before the version is read: a change committed while it is read wakes this stream (the feed wakes
    # only the streams it finds watching; one registered after the read would miss such a change for good).
    watch = feed.watch(key, UNREAD)
    try:
        version = await loop.run_in_executor(None, feed.read_version, key)
    except Unreadable:
        version = None
    except BaseException:  # the request cancelled while the version was read
        feed.forget(watch)
        raise
    if version is None:
        feed.forget(watch)
        return False
    if watch.version == UNREAD:
        watch.version = version
    gone = asyncio.ensure_future(_disconnected(receive))
    try:
        await send({"type": "http.response.start", "status": 200, "headers": _headers()})
        await send({"type": "http.response.body", "body": event_text(version, RETRY_MS), "more_body": True})
        sent = version
        while not gone.done():
            woken = asyncio.ensure_future(watch.woken.wait())
            done, _ = await asyncio.wait({woken, gone}, timeout=KEEP_ALIVE, return_when=asyncio.FIRST_COMPLETED)
            if gone in done:
                woken.cancel()
                break
            if woken in done:
                watch.woken.clear()
                if watch.version != sent:
                    sent = watch.version
                    await send({"type": "http.response.body", "body": event_text(sent), "more_body": True})
            else:
                woken.cancel()
                await send({"type": "http.response.body", "body": b": keep-alive\n\n", "more_body": True})
        return True
    except OSError:  # the connection broke under a write
        return True
    finally:
        feed.forget(watch)
        gone.cancel()


async def _disconnected(receive: Any) -> None:
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return


def _headers() -> list[tuple[bytes, bytes]]:
    return [(name.lower().encode(), value.encode()) for name, value in STREAM_HEADERS]
