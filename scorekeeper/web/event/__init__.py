"""Club nights and tournaments: the event page, the organiser's tools, table cards, big screen and result sheet."""

from flask import Blueprint

bp = Blueprint("event", __name__)

from . import entrant, routes  # noqa: E402, F401  (add their routes to bp)
