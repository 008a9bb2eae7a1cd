"""The app served for tests that talk to it over a socket (the browser tests, the screenshots): one function, so
every such test serves the app the way ``make run`` does (uvicorn, the streams, Flask behind them)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from flask import Flask

from scorekeeper.serve.asgi import make_asgi
from scorekeeper.serve.cli import server_config


@contextmanager
def serving(app: Flask) -> Iterator[str]:
    """Serve ``app`` on a free port of 127.0.0.1 until the block ends; yields its base URL."""
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen(512)
    port = listening.getsockname()[1]
    served = make_asgi(app)
    try:
        server = uvicorn.Server(server_config(served, timeout_graceful_shutdown=1))
    except BaseException:
        served.close()
        listening.close()
        raise
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        served.close()  # the server's lifespan did, unless it was cut short: closing twice changes nothing
        listening.close()
