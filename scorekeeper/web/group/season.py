"""A group's season on the web: its page (the standings between two days, the events counted, each player's best
results), its printable one-page sheet, and the keeper's form for the points table.

Routes of the ``group`` blueprint. Like the group's page, the season is open to anyone with the group's link; the
points table is the group keeper's (the phone that keeps the group's key).

Cost: the page lists the first ``PAGE_LINES`` players, and a reader's page (not the keeper's, which carries the
points form) is made once per state of the season, language and days asked, and kept like the ladder's: a page
read again while nothing changed costs the season's few small reads and a lookup.
"""

from __future__ import annotations

from typing import Any

from babel.numbers import format_decimal
from flask import abort, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import Optional

from scorekeeper.rules import ScopaError
from scorekeeper.rules.season import (
    PAGE_LINES,
    POINTS_TEXT_MAX,
    SEASON_EVENTS_MAX,
    SHEET_EVENTS,
    SHEET_LINES,
    read_points_text,
)
from scorekeeper.services import groups
from scorekeeper.services import season as seasons
from scorekeeper.web.common import limits, rendered
from scorekeeper.web.common.context import absolute, store
from scorekeeper.web.common.exports import sheet_date
from scorekeeper.web.common.keepers import kept_groups, may_change_group
from scorekeeper.web.common.lazy import _l
from scorekeeper.web.group import bp


class DaysForm(FlaskForm):
    """The season's days (sent by GET: an address that can be shared; no token needed to read)."""

    class Meta:
        csrf = False

    start = StringField(_l("From"), validators=[Optional()], name="from")
    end = StringField(_l("To"), validators=[Optional()], name="to")


class PointsForm(FlaskForm):
    """The keeper's points table: numbers separated by commas, first place first."""

    season_points = StringField(_l("Points for 1st, 2nd, 3rd ... place"), validators=[Optional()])


def points_text(value: float) -> str:
    """Season points as the page's language writes them, exactly: the up to two decimals a weight gives ("31.25",
    "37,5", "25"), so that lines showing the same points are equal."""
    return str(format_decimal(value, format="#,##0.##", locale=get_locale()))


def days_text(first: str | None, last: str | None) -> str:
    """The days a season counts, in words: both ends, or the one said ("From 1 March 2026 on")."""
    if first is None:
        return _("Up to %(to)s", to=sheet_date(last or ""))
    if last is None:
        return _("From %(from)s on", **{"from": sheet_date(first)})
    return _("From %(from)s to %(to)s", **{"from": sheet_date(first), "to": sheet_date(last)})


def weight_text(value: float) -> str:
    """An event's weight as the page's language writes it: up to two decimals, as it is kept ("1.25", "1,5")."""
    return str(format_decimal(value, format="#,##0.##", locale=get_locale()))


def season_url(endpoint: str, group_id: str, first: str | None, last: str | None) -> str:
    """The address of a season's page or sheet for these days (unsaid ones left out)."""
    days: dict[str, Any] = {"from": first or None, "to": last or None}
    return url_for(endpoint, group_id=group_id, **days)


def _days() -> tuple[DaysForm, str | None, str | None]:
    form = DaysForm(formdata=request.args)
    return form, request.args.get("from"), request.args.get("to")


def _season(group_id: str) -> tuple[DaysForm, seasons.Season | None]:
    """The season the address asks for, or None with the form's error when its days are not days."""
    form, first, last = _days()
    labels = (str(form.start.label.text), str(form.end.label.text))
    try:
        return form, seasons.season(store(), group_id, first, last, labels)
    except ScopaError as err:
        (form.end if err.field == labels[1] else form.start).errors = [err.message]
        return form, None


def _page(group_id: str, points_form: PointsForm | None = None) -> tuple[str, int]:
    group = groups.get(store(), group_id)
    days, made = _season(group_id)
    keeper = may_change_group(group_id)
    table, default = seasons.points_table(store(), group_id)
    if points_form is None:
        points_form = PointsForm(formdata=None, season_points=", ".join(str(p) for p in table))
    failed = bool(days.errors or points_form.errors)
    return render_template(
        "group/season.html",
        **_shown(group, made),
        days=days,
        keeper=keeper,
        points_form=points_form,
        points_max=POINTS_TEXT_MAX,
        table=table,
        default_table=default,
        events_max=SEASON_EVENTS_MAX,
        page_lines=PAGE_LINES,
        left_out=max(0, len(made.standings) - PAGE_LINES) if made else 0,
    ), (400 if failed else 200)


def _shown(group: dict[str, Any], made: seasons.Season | None) -> dict[str, Any]:
    """What the page and the sheet both show."""
    return {
        "group": group,
        "season": made,
        "points_text": points_text,
        "weight_text": weight_text,
        "day": sheet_date,
        "days_text": days_text(made.first, made.last) if made else "",
        "table_line": ", ".join(f"{n}: {p}" for n, p in enumerate(made.points, start=1)) if made else "",
    }


@bp.get("/groups/<group_id>/season")
@limits.heavy
def season_page(group_id: str) -> ResponseReturnValue:
    """The group's season: the standings between two days (this year unless said), the events counted. A
    reader's plain GET is answered from the page kept for this state of the season (see the module's Cost)."""
    if not rendered.plain_get(keyed=frozenset({"from", "to"})) or may_change_group(group_id):
        return _page(group_id)
    first, last = request.args.get("from"), request.args.get("to")
    try:
        now = seasons.season(store(), group_id, first, last)
    except ScopaError:
        return _page(group_id)  # the days' error, shown on the page (the form names the fields as labelled)
    states = [now.state]

    def make() -> str:
        g.kept_page = True
        try:
            return _page(group_id)[0]
        finally:
            g.kept_page = False

    def version() -> tuple[object, ...]:
        # The state just read, then (asked again once a page was made) the state read afresh.
        return states.pop() if states else seasons.season(store(), group_id, first, last).state

    # Kept under the days asked and the days counted: with none asked, "this year" is another page from 1 January.
    page = rendered.kept(("season", group_id, first or None, last or None, now.first, now.last), version, make)
    return rendered.for_request(page)


@bp.post("/groups/<group_id>/season")
@limits.entrants
def set_points(group_id: str) -> ResponseReturnValue:
    """The keeper sets the points table; a bad one shows the page again with the text as typed and why."""
    groups.get(store(), group_id)
    if not may_change_group(group_id):
        abort(403, _("Only a phone that keeps this group can change its season's points."))
    form = PointsForm()
    if not form.validate_on_submit():
        abort(400, _("This form has expired; open the season's page again."))
    try:
        table = read_points_text(form.season_points.data or "")
        seasons.set_points_table(
            store(), group_id, request.headers.get("X-Group-Key") or kept_groups().get(group_id), list(table)
        )
    except ScopaError as err:
        form.season_points.errors = [err.message]
        return _page(group_id, form)
    flash(_("The season's points are now %(points)s.", points=", ".join(str(p) for p in table)))
    return redirect(season_url("group.season_page", group_id, request.args.get("from"), request.args.get("to")))


@bp.get("/groups/<group_id>/season/sheet")
@limits.export
def season_sheet(group_id: str) -> ResponseReturnValue:
    """The season on one printed page: the first ``SHEET_LINES`` players and the latest ``SHEET_EVENTS`` events."""
    group = groups.get(store(), group_id)
    days, made = _season(group_id)
    if made is None:
        return redirect(season_url("group.season_page", group_id, request.args.get("from"), request.args.get("to")))
    return render_template(
        "group/season_sheet.html",
        **_shown(group, made),
        lines=made.standings[:SHEET_LINES],
        left_out=max(0, len(made.standings) - SHEET_LINES),
        sheet_events=made.events[:SHEET_EVENTS],
        older=max(0, len(made.events) - SHEET_EVENTS),
        page_url=absolute(season_url("group.season_page", group_id, made.first, made.last)),
    )
