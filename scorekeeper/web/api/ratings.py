"""A group's ratings in the API (API.md 1.3): ``GET /api/v1/groups/<id>/ratings``."""

from __future__ import annotations

from flask.typing import ResponseReturnValue

from scorekeeper.services import ratings
from scorekeeper.web.api import bp
from scorekeeper.web.common import limits
from scorekeeper.web.common.context import store


@bp.get("/groups/<group_id>/ratings")
@limits.heavy
def group_ratings(group_id: str) -> ResponseReturnValue:
    """Every player of the group with a finished game, best first: rating (the conservative figure ranks use),
    mu, sigma, games and rank; 404 for no group."""
    return ratings.ratings(store(), group_id)
