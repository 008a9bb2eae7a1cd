"""Groups on the web: make one, its page (players, games, filters), a player's statistics, head to head.

Routes of the ``pages`` blueprint. A group's page is open to anyone with its link, like a game's viewer link;
starting games in it (and renaming or merging players) needs its key, kept on the phone that made the group or
opened its keeper link.
"""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_wtf import FlaskForm
from wtforms import HiddenField, StringField
from wtforms.validators import Optional

from scorekeeper.rules import PROFILES, ScopaError
from scorekeeper.rules.families import FAMILIES as FAMILY_INFO
from scorekeeper.rules.game import GAME_NAME_MAX
from scorekeeper.rules.options import FAMILIES
from scorekeeper.rules.stats import DRAWN, FAMILY_TITLES, LOST, WON
from scorekeeper.rules.words import category_headings
from scorekeeper.services import groups, ratings, rematch
from scorekeeper.services.errors import Conflict
from scorekeeper.web.common import limits
from scorekeeper.web.common.charts import bar_chart
from scorekeeper.web.common.context import absolute, store
from scorekeeper.web.common.fields import new_submission_id, sentence
from scorekeeper.web.common.keepers import keep_group as remember_group
from scorekeeper.web.common.keepers import kept_groups, may_change_group
from scorekeeper.web.common.lazy import _l
from scorekeeper.web.game.start import default_name, open_rematch
from scorekeeper.web.group import bp
from scorekeeper.web.group.ladder import number, rating_over_time

FILTER_MAX = 64
GAMES_PER_PAGE = 50  # a filter's value in the address: a player's id or a profile's name


class GroupForm(FlaskForm):
    """Make a group: its name."""

    name = StringField(_l("Name of the group"), validators=[Optional()])


class PlayerForm(FlaskForm):
    """Rename a player, or merge them into another."""

    name = StringField(_l("New name"), validators=[Optional()])
    into = HiddenField()


class GroupRematchForm(FlaskForm):
    """Play a past game of the group again: same sides and rules."""

    submission_id = HiddenField(default=new_submission_id)


@bp.route("/groups/new", methods=["GET", "POST"])
@limits.create
def new_group() -> ResponseReturnValue:
    """Make a group: a name, and it has its own link and key, like a game."""
    form = GroupForm()
    if form.validate_on_submit():
        try:
            group_id, _name, key = groups.new_group(store(), form.name.data or "")
        except ScopaError as err:
            form.name.errors = [err.message]
        else:
            remember_group(group_id, key)
            flash(_("Group made. This phone may start its games; share its link so the others can follow."))
            return redirect(url_for("group.group_page", group_id=group_id))
    return render_template("group/group_new.html", form=form, name_max=GAME_NAME_MAX), 400 if form.errors else 200


@bp.get("/groups/<group_id>/keep/<key>")
def keep_group(group_id: str, key: str) -> ResponseReturnValue:
    """The group's keeper link: this phone may then start games in it."""
    groups.get(store(), group_id)
    if not groups.is_keeper(store(), group_id, key):
        abort(404)
    remember_group(group_id, key)
    flash(_("This phone may now start games in this group."))
    return redirect(url_for("group.group_page", group_id=group_id))


def _filter(name: str) -> str:
    value = request.args.get(name, "")
    return value if len(value) <= FILTER_MAX else ""


@bp.get("/groups/<group_id>")
@limits.heavy
def group_page(group_id: str) -> ResponseReturnValue:
    """A group: its players (one tap to their statistics), its games newest first, filtered by player or rules."""
    seen = groups.overview(store(), group_id)
    group, known, names, summed, records = seen.group, seen.players, seen.names, seen.summaries, seen.records
    teams, met = seen.teams, seen.met
    player, profile = _filter("player"), _filter("profile")
    matching = (
        [
            s
            for s in summed
            if (not player or any(player in side["players"] for side in s["sides"]))
            and (not profile or s["profile"] == profile)
        ]
        if player or profile
        else summed  # unfiltered: every game, read a page at a time without going through them all
    )
    # The newest games a page at a time: a club's thousand games are not one page.
    raw = request.args.get("page", "1")
    page = int(raw) if raw.isascii() and raw.isdigit() and 0 < int(raw) < 10_000 else 1
    shown = matching[(page - 1) * GAMES_PER_PAGE : page * GAMES_PER_PAGE]
    more = len(matching) > page * GAMES_PER_PAGE
    keeper = may_change_group(group_id)
    kept_key = kept_groups().get(group_id)
    return render_template(
        "group/group.html",
        group=group,
        players=[(p, records[p.id]) for p in known],
        teams=[
            (key, teams[key], sorted(met[key], key=lambda k: teams[k].name))
            for key in sorted(teams, key=lambda k: teams[k].name.casefold())
        ],
        games=shown,
        # Where each page of the CSV export starts: after the last game of the page before (the first: None).
        csv_games=groups.EXPORT_CSV_GAMES,
        csv_pages=[None, *(s["id"] for s in summed[groups.EXPORT_CSV_GAMES - 1 : -1 : groups.EXPORT_CSV_GAMES])],
        total_games=len(summed),
        next_page=url_for(
            "group.group_page", group_id=group_id, player=player or None, profile=profile or None, page=page + 1
        )
        if more
        else None,
        names=names,
        teams_by_key=teams,
        player=player if player in names else "",
        profile=profile if profile in PROFILES else "",
        profiles=PROFILES,
        families=[
            (FAMILY_TITLES[name], [(key, PROFILES[key]) for key in FAMILY_INFO[name].profiles]) for name in FAMILIES
        ],
        family_titles=FAMILY_TITLES,
        keeper=keeper,
        group_url=absolute(url_for("group.group_page", group_id=group_id)),
        keeper_url=absolute(url_for("group.keep_group", group_id=group_id, key=kept_key))
        if keeper and kept_key
        else None,
        rematch_form=GroupRematchForm(formdata=None),
    )


@bp.get("/groups/<group_id>/players/<player_id>")
@limits.heavy
def player_page(group_id: str, player_id: str) -> ResponseReturnValue:
    """A player's statistics in the group, their form over their last games, and head to head with the others."""
    return _player_page(group_id, player_id)


def _player_page(group_id: str, player_id: str, refused: str | None = None, into: str = "") -> ResponseReturnValue:
    """The player's page; after a refused merge, with the refusal and the player that was chosen (a 409)."""
    db = store()
    group = groups.get(db, group_id)
    found, record, summed = groups.player_record(db, group_id, player_id)
    if found.id != player_id:  # a merged player's address: the player they answer for now
        return redirect(url_for("group.player_page", group_id=group_id, player_id=found.id))
    stats = record.to_dict()
    last = record.oldest_first()[-20:]
    form_chart = bar_chart(
        [(f"{name}: {margin:+d}", margin, how) for _id, name, _created, how, margin in last],
        ngettext(
            "Form of %(name)s over the last game",
            "Form of %(name)s over the last %(num)s games",
            len(last),
            name=found.name,
        ),
        _("Each bar is a game, oldest first: up for a win, down for a loss, as long as the margin; a draw is a line."),
        f"form-{found.id}",
    )
    others = [p for p in groups.players(db, group_id) if p.id != found.id]
    # Their place on the ladder (None before their first finished game) and their rating over their last games.
    standing = ratings.group_ladder(db, group_id)
    place = standing.of(found.id)
    rating_chart, rating_said = rating_over_time(found.name, place[1]) if place else (None, None)
    return render_template(
        "group/player.html",
        place=(place[0], number(place[1].rating)) if place else None,
        rated=len(standing.rows),
        rating_updating=standing.updating,  # the rating before a correction, while it is rated again
        rating_chart=rating_chart,
        rating_said=rating_said,
        group=group,
        player=found,
        stats=stats,
        record=record,
        last=last,
        form_chart=form_chart,
        others=others,
        # A record per family, each in its own words, when the player has played more than one.
        families=[
            (FAMILY_TITLES[name], stats["families"][name], record.families[name], dict(category_headings(name)))
            for name in FAMILIES
            if name in stats["families"]
        ],
        category_words=dict(category_headings("scopa")),
        outcome_words={WON: _("won"), DRAWN: _("drawn"), LOST: _("lost")},
        keeper=may_change_group(group_id),
        player_form=PlayerForm(formdata=None),
        refused=refused,
        into=into,
    ), (409 if refused else 200)


@bp.get("/groups/<group_id>/h2h")
@limits.heavy
def head_to_head(group_id: str) -> ResponseReturnValue:
    """Two players (or teams) of the group over the games where they sat on opposite sides."""
    db = store()
    group = groups.get(db, group_id)
    try:
        result = groups.versus(db, group_id, _filter("a"), _filter("b"))
    except ScopaError as err:
        flash(sentence(err.message), "error")
        return redirect(url_for("group.group_page", group_id=group_id))
    return render_template(
        "group/h2h.html", group=group, result=result, a=_filter("a"), b=_filter("b"), family_titles=FAMILY_TITLES
    )


@bp.post("/groups/<group_id>/players/<player_id>")
@limits.entrants
def change_player(group_id: str, player_id: str) -> ResponseReturnValue:
    """Rename a player, or merge them into another (the group's key)."""
    db = store()
    groups.get(db, group_id)
    if not may_change_group(group_id):
        abort(403, _("Only a phone that keeps this group can rename or merge its players."))
    form = PlayerForm()
    if not form.validate_on_submit():
        abort(400, _("This form has expired; open the player's page again."))
    try:
        if form.into.data:
            try:
                found = groups.merge(db, group_id, player_id, form.into.data)
            except Conflict as err:
                # The two met in a game: the page again, with why and the player still chosen.
                return _player_page(group_id, player_id, refused=sentence(err.message), into=form.into.data)
            flash(_("Merged: the games of both now count for %(name)s.", name=found.name))
        else:
            found = groups.rename(db, group_id, player_id, form.name.data or "")
            flash(_("Renamed %(name)s; their games stay theirs.", name=found.name))
    except ScopaError as err:
        flash(sentence(err.message), "error")
        return redirect(url_for("group.player_page", group_id=group_id, player_id=player_id))
    return redirect(url_for("group.player_page", group_id=group_id, player_id=found.id))


@bp.post("/groups/<group_id>/games/<game_id>/rematch")
@limits.create
def group_rematch(group_id: str, game_id: str) -> ResponseReturnValue:
    """Play one of the group's games again: the game's one rematch (same sides, rules, target and deck), started
    in the group and kept on this phone; a tap that comes after it is shown the rematch already started."""
    groups.get(store(), group_id)
    if not may_change_group(group_id):
        abort(403, _("Only a phone that keeps this group can start its games."))
    form = GroupRematchForm()
    if not form.validate_on_submit():
        abort(400, _("This form has expired; open the group's page again."))
    try:
        made = rematch.start(store(), game_id, form.submission_id.data or "", default_name, group_id)
    except (Conflict, ScopaError) as err:
        # ScopaError: the rules now refuse these sides (the boxed profile seats four only as partnerships).
        flash(sentence(err.message), "error")
        return redirect(url_for("group.group_page", group_id=group_id))
    return open_rematch(made, _("Rematch started: same sides and rules. This phone keeps the score."))
