"""The app served for tests that talk to it over a socket (the browser tests, the screenshots): one function, so
every such test serves the app the way ``make run`` does."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask
from werkzeug.serving import make_server


@contextmanager
def serving(app: Flask) -> Iterator[str]:
    """Serve ``app`` on a free port of 127.0.0.1 until the block ends; yields its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)
