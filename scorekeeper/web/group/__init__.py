"""Groups: players across games, history, statistics, head to head, and a group's own rematch."""

from flask import Blueprint

bp = Blueprint("group", __name__)

from . import ladder, routes, season  # noqa: E402, F401  (each adds its routes to bp)
