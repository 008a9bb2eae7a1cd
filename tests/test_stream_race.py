"""A stream hears a change committed while it reads the version it starts from: it is watched before it reads, so
the feed's wake for that change finds it (registered after the read, it missed the change for good)."""

import asyncio

from scorekeeper.serve.feed import GAME, Feed
from scorekeeper.serve.streams import serve_stream


class Versions:
    """The game's version as read while another phone saves: the read answers 7, and the save (version 8) is
    heard by the feed's thread meanwhile."""

    def __init__(self):
        self.feed: Feed | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    def version(self, game_id: str) -> int:
        assert self.feed is not None and self.loop is not None
        self.loop.call_soon_threadsafe(self.feed._deliver, (GAME, game_id), 8)
        return 7


def test_a_change_saved_while_the_stream_reads_its_first_version_is_pushed():
    async def run() -> list[bytes]:
        versions = Versions()
        feed = Feed(versions)  # type: ignore[arg-type]
        versions.feed, versions.loop = feed, asyncio.get_running_loop()
        sent: list[bytes] = []
        heard = asyncio.Event()
        leave = asyncio.Event()

        async def send(message):
            if message["type"] == "http.response.body":
                sent.append(message["body"])
                if b'"version": 8' in message["body"]:
                    heard.set()

        async def receive():
            await leave.wait()
            return {"type": "http.disconnect"}

        serving = asyncio.ensure_future(serve_stream(feed, (GAME, "g1"), receive, send))
        try:
            await asyncio.wait_for(heard.wait(), 3)
        finally:
            leave.set()
            await asyncio.wait_for(serving, 3)
        assert feed.watched == 0  # the stream let go of its watch
        return sent

    sent = asyncio.run(run())
    assert b'"version": 7' in sent[0] and any(b'"version": 8' in body for body in sent[1:])
