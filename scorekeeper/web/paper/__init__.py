"""Paper: a game's score sheet, blank pads, and a game's or group's exports (CSV and JSON)."""

from flask import Blueprint

bp = Blueprint("paper", __name__)

from . import routes  # noqa: E402, F401  (adds its routes to bp)
