"""A bare Flask route served exactly as the app is (uvicorn, the same protocol and loop, Flask through a2wsgi with
the same pool of threads): the yardstick for the web benchmarks."""

import argparse

import uvicorn
from a2wsgi import WSGIMiddleware
from flask import Flask

from scorekeeper.serve.asgi import THREADS
from scorekeeper.serve.guard import GuardedProtocol

bare = Flask(__name__)


@bare.get("/")
def hello():
    """The least a Flask route can do."""
    return "ok"


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    uvicorn.run(
        WSGIMiddleware(bare, workers=THREADS),
        host="127.0.0.1",
        port=args.port,
        http=GuardedProtocol,
        loop="uvloop",
        lifespan="off",
        access_log=False,
        log_level="warning",
    )
