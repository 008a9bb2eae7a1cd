"""Starting and leaving: the home page, the new-game page, and letting a phone stop keeping a game.

Routes of the ``pages`` blueprint, kept apart from the game pages (``pages.py``).
"""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for

from scorekeeper import games
from scorekeeper.rules import PROFILES, DeckStyle, Rules, ScopaError
from scorekeeper.rules.errors import InvalidGameError
from scorekeeper.rules.game import GAME_NAME_MAX, NAME_MAX
from scorekeeper.web.context import store
from scorekeeper.web.keepers import forget, keep, kept_games
from scorekeeper.web.pages import bp
from scorekeeper.web.start_forms import NewGameForm


@bp.get("/")
def home():
    """The home page: start a game, open the games this device keeps."""
    kept = kept_games()
    found = store().versions(list(kept))
    mine = [games.get(store(), gid) for gid in kept if gid in found]
    return render_template("home.html", games=mine, profiles=PROFILES.values())


def _profiles_data() -> dict:
    """What the new-game page needs to show each profile: description, targets, fixed options."""
    return {
        p.name: {
            "description": p.description,
            "targets": {str(n): t for n, t in p.targets.items()},
            "players": list(p.players),
            "fixed": sorted(p.fixed),
            "options": {k: str(v).lower() for k, v in Rules.for_profile(p.name).to_dict().items()},
        }
        for p in PROFILES.values()
    }


@bp.route("/new", methods=["GET", "POST"])
def new_game():
    """Start a game: two names and one tap make a classic game to 11."""
    form = NewGameForm()
    if form.validate_on_submit():
        try:
            names = form.names()
            if len(names) < 2:
                raise InvalidGameError("write the names of 2, 3, 4 or 6 players", "sides")
            rules = Rules.from_dict(form.rules_data())
            game, key = games.new_game(store(), form.name.data or "", form.sides(), rules,
                                       DeckStyle.parse(form.deck_style.data))  # fmt: skip
        except ScopaError as err:
            form.place_error(err)
        else:
            for message in keep(game.id, key):
                flash(message, "error")
            flash("Game started. This phone keeps the score; share the viewer link with the table.")
            return redirect(url_for("pages.scoreboard", game_id=game.id))
    profiles = _profiles_data()
    status = 400 if request.method == "POST" else 200
    return render_template(
        "new_game.html",
        form=form,
        profiles=profiles,
        profile=profiles.get(form.profile.data) or profiles["classic"],
        name_max=NAME_MAX,
        game_name_max=GAME_NAME_MAX,
    ), status


@bp.post("/g/<game_id>/forget")
def forget_game(game_id: str):
    """Stop keeping a game on this device (it stays on the server)."""
    forget(game_id)
    return redirect(url_for("pages.home"))
