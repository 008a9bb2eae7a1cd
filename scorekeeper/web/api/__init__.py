"""The JSON API (API.md): games, hands and the checker in ``games.py``, groups in ``groups.py``, events in
``events.py``. Its errors are JSON; its writes are guarded by keys, not by CSRF tokens."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")

from . import events, games, ratings, season  # noqa: E402, F401  (each adds its routes to bp)
