"""The capture checker: every legal play for a table and a hand, and a claimed capture judged."""

from flask import Blueprint

bp = Blueprint("checker", __name__)

from . import routes  # noqa: E402, F401  (adds its routes to bp)
