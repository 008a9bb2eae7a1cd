"""Starting and leaving: the home page, the new-game page, a rematch, and letting a phone stop keeping a game.

Routes of the ``pages`` blueprint, kept apart from the game pages (``pages.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper.rules import PROFILES, DeckStyle, Rules, ScopaError, Side, seats
from scorekeeper.rules.errors import InvalidGameError
from scorekeeper.rules.families import FAMILIES, family_of
from scorekeeper.rules.game import GAME_NAME_MAX, NAME_MAX
from scorekeeper.rules.ledger import Game
from scorekeeper.rules.options import PLAYER_COUNTS_SAID
from scorekeeper.rules.text import msg
from scorekeeper.services import events, games, groups
from scorekeeper.services import rematch as rematch_service
from scorekeeper.services.errors import Conflict, NotFound
from scorekeeper.web.common import i18n, limits
from scorekeeper.web.common.context import absolute, store
from scorekeeper.web.common.fields import sentence
from scorekeeper.web.common.i18n import say
from scorekeeper.web.common.keepers import (
    forget,
    keep,
    keeper_link,
    keeper_required,
    kept_events,
    kept_games,
    kept_groups,
    may_change_group,
)
from scorekeeper.web.game import bp
from scorekeeper.web.game.start_forms import (
    NewGameForm,
    RematchForm,
    StopKeepingForm,
    profile_targets,
    seating_data,
)


@bp.get("/")
def home() -> ResponseReturnValue:
    """The home page: start a game, open the games this device keeps (live ones first, then finished)."""
    mine = games.found(store(), list(kept_games()))
    my_groups = groups.found(store(), list(kept_groups()))
    my_events = events.found(store(), list(kept_events()))
    return render_template(
        "game/home.html",
        groups=my_groups,
        events=my_events,
        games=mine,
        live=[g for g in mine if not g.finished],
        finished=[g for g in mine if g.finished],
        profiles=PROFILES.values(),
    )


def _profile_data(name: str) -> dict[str, Any]:
    """What the new-game page's script needs of the profile shown: the summary's first words, its targets by
    player count and its player counts (another profile is another page: the family or profile chosen reloads it)."""
    profile = PROFILES[name]
    family = FAMILIES[family_of(profile.name)]
    titles = [say(family.title)] if len(family.profiles) > 1 else []
    return {
        "title": " · ".join([*titles, say(profile.title)]),
        "targets": profile_targets()[profile.name],
        "players": list(profile.players),
    }


def _counts_said(players: Sequence[int]) -> str:
    """Player counts as a sentence says them: "2, 3 or 4"."""
    counts = sorted(set(players))
    if len(counts) == 1:
        return str(counts[0])
    return say(msg("%(items)s or %(last)s", items=", ".join(map(str, counts[:-1])), last=counts[-1]))


def default_name(sides: Sequence[Side], clock: str | None = None) -> str:
    """A game's name from its sides and the time, as the core makes it: "Anna vs Marco · 21:40".

    ``clock`` is the phone's local time ("21:40"); without it, the server's (the same clock at a home table).
    """
    return seats.default_name(sides, clock or datetime.now().strftime("%H:%M"))


def _group_of(group_id: str | None) -> groups.GroupInfo | None:
    """The group a new game is started in: one this phone keeps, else none (the game is started on its own)."""
    if not group_id or len(group_id) > groups.GROUP_ID_MAX or not may_change_group(group_id):
        return None
    return groups.find(store(), group_id)


def _in_group(group_id: str) -> Callable[[Game], None]:
    """Put the new game in the group, its names matched to the group's players (in the game's transaction)."""
    db = store()
    return lambda game: groups.join(db, group_id, game)


@bp.route("/new", methods=["GET", "POST"])
@limits.create
def new_game() -> ResponseReturnValue:
    """Start a game: two names and one tap make a classic game to 11."""
    # Back from a language switch: the form as it was typed, in the new language (nothing checked or started).
    carried = i18n.carried() if request.method == "GET" else None
    form = NewGameForm(formdata=carried, meta={"csrf": False}) if carried else NewGameForm()
    if request.method == "GET" and not carried:
        form.group.data = request.args.get("group", "")
        # A link may ask for a game or a profile: /new?family=escoba, /new?profile=scopone.
        asked = request.args.get("profile", "")
        if asked in PROFILES:
            form.profile.data, form.family.data = asked, family_of(asked)
        elif request.args.get("family") in FAMILIES:
            form.family.data = request.args["family"]
            form.profile.data = FAMILIES[form.family.data].profiles[0]
        form.deck_style.data = PROFILES[form.profile_name()].deck
    group = _group_of(form.group.data)
    # A group asked for that this phone does not keep: said plainly, so nobody thinks the game is in it.
    not_kept = groups.find(store(), form.group.data) if group is None else None
    # "Show its rules" (the script presses it when the game or the profile changes): the page again for the game
    # chosen, everything typed kept, nothing checked or started. A game chosen with another game's profile is that.
    if "family" not in (carried if carried is not None else request.form):
        form.family.data = family_of(form.profile_name())  # a form or script that names the profile alone
    refresh = request.method == "POST" and (
        "refresh" in request.form
        or (form.profile.data in PROFILES and form.profile.data not in FAMILIES[form.family_name()].profiles)
    )
    # Start pressed with another game chosen (a page without script): its rules are shown to check first.
    switched = refresh and "refresh" not in request.form
    if refresh or request.method == "GET":
        form.fit_to_family()
    elif form.validate_on_submit():
        try:
            names = form.names()
            if len(names) < 2:
                raise InvalidGameError(msg("write the names of %(counts)s players", counts=PLAYER_COUNTS_SAID), "sides")
            rules = Rules.from_dict(form.rules_data())
            sides = form.sides()
            name = (form.name.data or "").strip() or default_name(sides, form.local_time.data)
            game, key = games.new_game(
                store(),
                name,
                sides,
                rules,
                DeckStyle.parse(form.deck_style.data),
                _in_group(group.id) if group else None,
            )
        except ScopaError as err:
            form.place_error(err)
        else:
            for message in keep(game.id, key):
                flash(message, "error")
            flash(_("Game started. This phone keeps the score; share the viewer link with the table."))
            return redirect(url_for("game.scoreboard", game_id=game.id))
    form.shown_profile.data = form.profile.data
    form.fill_target()
    profile = PROFILES[form.profile_name()]
    family = FAMILIES[form.family_name()]
    status = 400 if request.method == "POST" and not refresh else 200
    rules_fields = [form.profile, form.target, form.deck_style, *form.option_fields()]
    return render_template(
        "game/new_game.html",
        form=form,
        families=FAMILIES.values(),
        family=family,
        family_profiles=[PROFILES[name] for name in family.profiles],
        profile=profile,
        profile_data=_profile_data(profile.name),
        player_counts_said=_counts_said([n for name in family.profiles for n in PROFILES[name].players]),
        # A name box for each seat the game has (Escoba and Cirulla: four), and never fewer than the names written:
        # names typed for six and then a four-seat game chosen stay in view beside the refusal that names them.
        max_players=max(
            [n for name in family.profiles for n in PROFILES[name].players]
            + [i + 1 for i, field in enumerate(form.players.entries) if (field.data or "").strip()]
        ),
        seating=seating_data(),
        switched=switched,
        house_open=refresh and request.form.get("refresh") == "house",
        rules_open=refresh or any(field.errors for field in rules_fields),
        group=group,
        not_kept=not_kept,
        group_names=[p.name for p in groups.players(store(), group.id)] if group else [],
        name_max=NAME_MAX,
        game_name_max=GAME_NAME_MAX,
    ), status


# --- Rematch ---------------------------------------------------------------------------------------

# The service's memory of the keys of the rematches made lately (a restart forgets it; the store never has them).
_recent = rematch_service.recent


@bp.app_template_global()
def rematch_form() -> RematchForm:
    """A fresh rematch form (CSRF token, submission id) for the end of a game."""
    return RematchForm(formdata=None)


@bp.post("/g/<game_id>/rematch")
@limits.create
@keeper_required
def rematch(game_id: str) -> ResponseReturnValue:
    """Start a rematch of a finished game (same sides, rules, target and deck), kept on this phone."""
    form = RematchForm()
    clock = form.local_time.data
    try:
        made = rematch_service.start(
            store(), game_id, form.submission_id.data or "", lambda sides: default_name(sides, clock)
        )
    except (Conflict, ScopaError) as err:
        # ScopaError: the rules now refuse these sides (the boxed profile seats four only as partnerships).
        flash(sentence(err.message), "error")
        return redirect(url_for("game.scoreboard", game_id=game_id))
    return open_rematch(made, _("Rematch started: same sides, rules, target and deck. This phone keeps the score."))


def open_rematch(made: rematch_service.Rematch, started: str) -> ResponseReturnValue:
    """The rematch's scoreboard, kept on this phone if its tap made it (``started`` then says so).

    A rematch made by another phone is shown, with how to keep it: this phone has no key to it.
    """
    if made.key is not None:
        for message in keep(made.game_id, made.key):
            flash(message, "error")
    if made.key is not None or made.game_id in kept_games():
        flash(started)
    else:
        flash(
            _(
                "The rematch was already started (on another phone, or from this one a while ago): here it is. To keep "
                "its score on this phone, open its keeper link from the phone that keeps it."
            ),
            "error",
        )
    return redirect(url_for("game.scoreboard", game_id=made.game_id))


# --- Stop keeping ----------------------------------------------------------------------------------


@bp.get("/g/<game_id>/forget")
def confirm_forget(game_id: str) -> ResponseReturnValue:
    """Ask before this phone stops keeping a game, and offer its keeper link to save first."""
    score = games.get(store(), game_id)
    keeper_path = keeper_link(game_id)
    if keeper_path is None:
        flash(_("This phone does not keep score of this game."))
        return redirect(url_for("game.scoreboard", game_id=game_id))
    return render_template(
        "game/stop_keeping.html",
        score=score,
        form=StopKeepingForm(formdata=None),
        keeper_path=keeper_path,
        keeper_url=absolute(keeper_path),
    )


@bp.post("/g/<game_id>/forget")
def forget_game(game_id: str) -> ResponseReturnValue:
    """Stop keeping a game on this device (it stays on the server); the app checks the CSRF token first."""
    was_kept = game_id in kept_games()
    forget(game_id)
    if was_kept:
        try:
            name = games.get(store(), game_id).game.name
        except NotFound:
            name = _("the game")
        flash(
            _(
                "This phone no longer keeps score of “%(game)s”. The game stays: its viewer link still shows it, and "
                "its keeper link lets a phone keep score again.",
                game=name,
            )
        )
    return redirect(url_for("game.home"))
