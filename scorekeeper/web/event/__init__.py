"""Club nights and tournaments: the event page, the organiser's tools, table cards, big screen and result sheet."""

from flask import Blueprint

bp = Blueprint("event", __name__)

from . import routes  # noqa: E402, F401  (adds its routes to bp)
