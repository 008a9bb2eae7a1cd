"""A bare Flask route served by waitress exactly as the app is: the yardstick for bench.web."""

import argparse

from flask import Flask
from waitress import serve

bare = Flask(__name__)


@bare.get("/")
def hello():
    """The least a Flask route can do."""
    return "ok"


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    serve(bare, host="127.0.0.1", port=args.port, threads=8, ident="bare")
