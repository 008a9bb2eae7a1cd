"""Every entrant's own page: ``/e/<event>/p/<entrant>``, read-only, for a player's phone at a club night.

It says, large and plain, where the player sits now (the round, the table, with whom and against whom), how their
table stands, their place in the standings and, once it is paired, the next round's table; a bye, a withdrawal,
the wait for the next round and the final place are said in words. The page follows the event by itself as the
event page does (static/event.js polls ``/e/<id>/version``; without script, a "Refresh" link and a slow refresh).

Its link is the event's (unguessable) id and the entrant's place in the list: the page shows nothing the event's
public page does not. It costs one kept event read and its kept standings (services.seating). When the event
changed since it was last read, every phone following it asks again at once: reading it afresh (every table of
every round) runs in the lane for costly work, once for all of them (``limits.once``); the page itself is one
round's tables and stays out of the lane, as a table's scoreboard does.
"""

from __future__ import annotations

from flask import current_app, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from markupsafe import Markup

from scorekeeper.services import events, seating
from scorekeeper.web.common import limits
from scorekeeper.web.common.context import absolute, store
from scorekeeper.web.common.qr import qr_svg
from scorekeeper.web.event import bp


def entrant_path(event_id: str, entrant_id: str) -> str:
    """The path of an entrant's own page (its QR codes are drawn by ``common.qr_code`` from it)."""
    return url_for("event.entrant_page", event_id=event_id, entrant_id=entrant_id)


def entrant_url(event_id: str, entrant_id: str) -> str:
    """The absolute address of an entrant's own page, as the API and the printed sheet give it."""
    return absolute(entrant_path(event_id, entrant_id))


@bp.get("/e/<event_id>/p/<entrant_id>")
def entrant_page(event_id: str, entrant_id: str) -> ResponseReturnValue:
    """One entrant's own page: where they sit now and next, with whom, against whom, and their standing."""
    db = store()
    if not events.is_kept(db, event_id):
        read = ("event read", current_app.config["DATABASE"], event_id)
        limits.once(read, lambda: events.standings_of(events.get(db, event_id)))
    seat = seating.of(db, event_id, entrant_id)
    return render_template(
        "event/entrant.html",
        seating=seat,
        event=seat.event,
        names=seat.event.names,
        version=events.state(store(), event_id),
        page_url=entrant_url(event_id, entrant_id),
    )


@bp.app_template_global("entrant_qr")
def entrant_qr(event_id: str, entrant_id: str, name: str) -> Markup:
    """An inline QR code of an entrant's own page, for the printed result sheet (drawn once per address and kept:
    ``qr.svg_of`` is cached)."""
    return qr_svg(entrant_url(event_id, entrant_id), _("QR code of the page of %(name)s", name=name))
