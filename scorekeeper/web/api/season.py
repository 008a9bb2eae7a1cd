"""A group's season in the JSON API (API.md 1.3): its standings between two days, and the points table the
group's keeper sets."""

from __future__ import annotations

from typing import Any

from flask import request, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.rules.errors import InvalidGameError
from scorekeeper.rules.text import msg
from scorekeeper.services import groups
from scorekeeper.services import season as seasons
from scorekeeper.web.api import bp
from scorekeeper.web.api.games import json_body
from scorekeeper.web.common import limits
from scorekeeper.web.common.context import absolute, store
from scorekeeper.web.group.season import season_url


def season_json(group_id: str, made: seasons.Season) -> dict[str, Any]:
    """A season as API.md 1.3 shows it (with the days, the points table and the page's address beside it)."""
    return {
        "from": made.first,
        "to": made.last,
        "season_points": list(made.points),
        "url": absolute(season_url("group.season_page", group_id, made.first, made.last)),
        "events": [
            {
                "id": e.id,
                "name": e.name,
                "date": e.date,
                "weight": e.weight,
                "url": absolute(url_for("event.event_page", event_id=e.id)),
            }
            for e in made.events
        ],
        "more": made.more,
        "standings": [
            {
                "rank": line.rank,
                "name": line.name,
                "player": line.player_id,
                "events": line.events,
                "points": line.points,
                "best": [
                    {"event": b.event, "name": b.name, "date": b.date, "rank": b.rank, "points": b.points}
                    for b in line.best
                ],
            }
            for line in made.standings
        ],
    }


@bp.get("/groups/<group_id>/season")
@limits.heavy
def group_season(group_id: str) -> ResponseReturnValue:
    """The season from ``?from=`` to ``?to=`` (YYYY-MM-DD, both counted; unsaid: this calendar year)."""
    return season_json(group_id, seasons.season(store(), group_id, request.args.get("from"), request.args.get("to")))


@bp.patch("/groups/<group_id>")
@limits.entrants
def change_group(group_id: str) -> ResponseReturnValue:
    """The group keeper's settings (the group key): ``{"season_points": [25, 18, 15, ...]}`` (null: the default
    table again). The answer is the group's season settings."""
    db = store()
    body = json_body()
    if "season_points" not in body:
        # The key is checked first, so a stranger learns nothing from the message.
        groups.check_key(db, group_id, request.headers.get("X-Group-Key"))
        raise InvalidGameError(
            msg("send season_points, the points for 1st, 2nd, 3rd ... place, e.g. [25, 18, 15]"), "season_points"
        )
    table = seasons.set_points_table(db, group_id, request.headers.get("X-Group-Key"), body["season_points"])
    return {"id": group_id, "season_points": list(table), "default": body["season_points"] is None}
