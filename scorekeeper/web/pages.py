"""The pages a person opens on a phone: home, new game, scoreboard, hand forms."""

from __future__ import annotations

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for

from scorekeeper import games
from scorekeeper.games import Conflict
from scorekeeper.rules import DECK, PROFILES, DeckStyle, Rules, ScopaError
from scorekeeper.rules.errors import InvalidGameError
from scorekeeper.rules.ledger import GameScore, score_entry
from scorekeeper.rules.options import OPTION_HELP
from scorekeeper.web.context import absolute, store
from scorekeeper.web.forms import (
    NewGameForm,
    counts_entry,
    entry_form_values,
    new_submission_id,
    option_menus,
    pile_assignment,
    piles_entry,
)
from scorekeeper.web.keepers import forget, keep, kept_games
from scorekeeper.web.keepers import may_change as is_keeper
from scorekeeper.web.qr import qr_response
from scorekeeper.web.widgets import card_grid
from scorekeeper.web.widgets import colours as _colours

bp = Blueprint("pages", __name__)


@bp.get("/")
def home():
    """The home page: start a game, open the games this device keeps."""
    kept = kept_games()
    found = {g.id: g for g in store().load_games(list(kept))}
    mine = [games.load(store(), gid) for gid in kept if gid in found]
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


# Where a core error's field is shown on the new-game form.
def _new_game_field(field: str | None) -> str:
    if not field:
        return "players"
    if field.startswith("sides"):
        return "players"
    if field.startswith("rules."):
        field = field[len("rules.") :]
    if field in ("profile", "target", "name", "deck_style"):
        return field
    return f"opt_{field}"


@bp.route("/new", methods=["GET", "POST"])
def new_game():
    """Start a game: two names and one tap make a classic game to 11."""
    form = NewGameForm()
    error_field = None
    if form.validate_on_submit():
        try:
            names = form.names()
            if len(names) < 2:
                raise InvalidGameError("write the names of 2, 3, 4 or 6 players", "sides")
            rules = Rules.from_dict(form.rules_data(request.form))
            game, key = games.new_game(store(), form.name.data or "", form.sides(), rules,
                                       DeckStyle.parse(form.deck_style.data))  # fmt: skip
        except ScopaError as err:
            error_field = _new_game_field(err.field)
            form.form_errors.append(err.message)
        else:
            for message in keep(game.id, key):
                flash(message, "error")
            flash("Game started. This phone keeps the score; share the viewer link with the table.")
            return redirect(url_for("pages.scoreboard", game_id=game.id))
    status = 400 if request.method == "POST" else 200
    return (
        render_template(
            "new_game.html",
            form=form,
            error_field=error_field,
            menus=option_menus(request.form),
            profiles=_profiles_data(),
            profile_list=PROFILES.values(),
        ),
        status,
    )


@bp.get("/qr.svg")
def qr_code():
    """A QR code (SVG) of one of this app's own addresses, e.g. ``/qr.svg?path=/g/abc``."""
    return qr_response(request.args.get("path", ""))


@bp.get("/g/<game_id>")
def scoreboard(game_id: str):
    """A game's scoreboard: totals, whose deal it is, every hand and why."""
    score = games.load(store(), game_id)
    keeper = is_keeper(game_id)
    keeper_path = None
    if keeper and game_id in kept_games():
        keeper_path = url_for("pages.keep_game", game_id=game_id, key=kept_games()[game_id])
    return render_template(
        "scoreboard.html",
        score=score,
        keeper=keeper,
        colours=_colours(len(score.game.sides)),
        viewer_url=absolute(url_for("pages.scoreboard", game_id=game_id)),
        keeper_path=keeper_path,
        keeper_url=absolute(keeper_path) if keeper_path else None,
        submission_id=new_submission_id(),
        rules_lines=score.game.rules.describe(),
    )


@bp.get("/g/<game_id>/version")
def game_version(game_id: str):
    """The game's change counter, polled by open scoreboards to refresh when it changes."""
    version = store().game_version(game_id)
    if version is None:
        abort(404)
    return jsonify(version=version)


@bp.get("/g/<game_id>/keep/<key>")
def keep_game(game_id: str, key: str):
    """The keeper link: this device may change the game from now on."""
    if not games.is_keeper(store(), game_id, key):
        abort(404, "This keeper link is not valid: check that it was copied whole.")
    for message in keep(game_id, key):
        flash(message, "error")
    flash("This phone can now change the game.")
    return redirect(url_for("pages.scoreboard", game_id=game_id))


@bp.post("/g/<game_id>/forget")
def forget_game(game_id: str):
    """Stop keeping a game on this device (it stays on the server)."""
    forget(game_id)
    return redirect(url_for("pages.home"))


def _whole(text: str, default: int | None = None) -> int | None:
    """A short whole number typed in ASCII digits, else ``default``."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 19 else default


def _require_keeper(game_id: str) -> GameScore:
    score = games.load(store(), game_id)
    if not is_keeper(game_id):
        abort(403, "Only a phone that opened this game's keeper link can change it. This is the viewer's copy.")
    return score


@bp.post("/g/<game_id>/scopa")
def mark_scopa(game_id: str):
    """Mark (or take back) a scopa of the hand in progress, as it happens."""
    _require_keeper(game_id)
    side = request.form.get("side", "")
    change = 1 if request.form.get("change", "1") == "1" else -1
    try:
        games.mark_scopa(store(), game_id, _whole(side, -1), change,
                         request.form.get("submission_id", ""))  # fmt: skip
    except ScopaError as err:
        flash(err.message, "error")
    except Conflict as err:
        flash(err.message, "error")
    if request.accept_mimetypes.best == "application/json":
        score = games.load(store(), game_id)
        return jsonify(pending_scopas=list(score.game.pending_scopas), submission_id=new_submission_id())
    return redirect(url_for("pages.scoreboard", game_id=game_id))


# --- Hand forms ------------------------------------------------------------------------------------


def _hand_page(score: GameScore, mode: str, values, *, number=None, version=None, preview=None, error=None,
               error_field=None, status=200):  # fmt: skip
    game = score.game
    style = game.deck_style
    assigned = {}
    if mode == "piles":
        try:
            assigned = {str(c): i for c, i in pile_assignment(values, len(game.sides)).items()}
        except ScopaError:
            assigned = {}
    return (
        render_template(
            "hand.html",
            score=score,
            mode=mode,
            values=values,
            number=number,
            version=version,
            preview=preview,
            error=error,
            error_field=error_field,
            grid=card_grid(style),
            style=style,
            assigned=assigned,
            colours=_colours(len(game.sides)),
            submission_id=values.get("submission_id") or new_submission_id(),
            option_help=OPTION_HELP,
        ),
        status,
    )


def _handle_hand(game_id: str, mode: str, number: int | None = None):
    """The flow of every hand form: enter, check (a confirmation with the breakdown), save."""
    score = _require_keeper(game_id)
    game = score.game
    n = len(game.sides)
    record = None
    if number is not None:
        if not 1 <= number <= len(game.rounds):
            abort(404, f"This game has no hand {number}.")
        record = game.rounds[number - 1]
    if request.method == "GET":
        if record is not None:
            values = entry_form_values(record.entry)
        else:
            values = {f"scopas_{i}": str(s) for i, s in enumerate(game.pending_scopas) if s}
        if score.finished and record is None:
            flash("The game is over. Correct a hand to reopen it.", "error")
            return redirect(url_for("pages.scoreboard", game_id=game_id))
        return _hand_page(score, mode, values, number=number, version=record.version if record else None)

    values = request.form.to_dict()
    version = _whole(values.get("version", ""))
    action = values.get("action", "check")
    if action.startswith("rest:") and mode == "piles":
        # "The rest go to ...": every card not yet given goes to that side (the no-JavaScript path).
        side = action.split(":", 1)[1]
        for card in DECK:
            if not values.get(f"c_{card}"):
                values[f"c_{card}"] = side
        return _hand_page(score, mode, values, number=number, version=version)
    if action == "back":
        return _hand_page(score, mode, values, number=number, version=version)
    try:
        if mode == "piles":
            entry = piles_entry(values, n)
        else:
            entry = counts_entry(values, n, game.rules.napola, game.rules.re_bello)
        preview = score_entry(entry, game.names, game.rules)
        if action != "save":
            return _hand_page(score, mode, values, number=number, version=version, preview=preview)
        if number is None:
            done = games.record_hand(store(), game_id, entry, values.get("submission_id", ""))
            saved = done.score
            # The category carries the hand's number and version so the scoreboard can offer to undo it, once.
            flash(f"Hand {done.number} saved.", f"undo-{done.number}-{done.version}")
        else:
            saved = games.replace_hand(store(), game_id, number, entry, version, values.get("submission_id"))
            flash(f"Hand {number} corrected.", "saved")
    except ScopaError as err:
        return _hand_page(score, mode, values, number=number, version=version, error=err.message,
                          error_field=_hand_field(err.field), status=400)  # fmt: skip
    except Conflict as err:
        return _hand_page(score, mode, values, number=number, version=version, error=err.message, status=409)
    return redirect(url_for("pages.scoreboard", game_id=game_id) + ("#result" if saved.finished else ""))


def _hand_field(field: str | None) -> str | None:
    """The form field a core error points at (``sides[1].scopas`` -> ``scopas_1``)."""
    if not field:
        return None
    if field.startswith("sides[") and "]" in field:
        index = field[len("sides[") : field.index("]")]
        rest = field[field.index("]") + 1 :].lstrip(".")
        name = rest.split(".")[-1] if rest else ""
        if name == "scopas" or name.startswith("tally") or name in ("cards", "coins", "primiera", "napola"):
            return f"{name}_{index}" if name != "tally" else None
    return field


@bp.route("/g/<game_id>/hand", methods=["GET", "POST"])
def record_hand(game_id: str):
    """Record a hand from the captured piles on the 40-card grid."""
    return _handle_hand(game_id, "piles")


@bp.route("/g/<game_id>/counts", methods=["GET", "POST"])
def record_counts(game_id: str):
    """Record a hand from quick counts per side."""
    return _handle_hand(game_id, "counts")


@bp.get("/g/<game_id>/hands/<int:number>")
def hand_detail(game_id: str, number: int):
    """One hand's breakdown, with the reason for every point."""
    score = games.load(store(), game_id)
    if not 1 <= number <= len(score.rounds):
        abort(404, f"This game has no hand {number}.")
    return render_template(
        "hand_detail.html",
        score=score,
        played=score.rounds[number - 1],
        keeper=is_keeper(game_id),
        colours=_colours(len(score.game.sides)),
    )


@bp.route("/g/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(game_id: str, number: int):
    """Correct a hand, in the form it was entered (piles or counts)."""
    score = games.load(store(), game_id)
    if not 1 <= number <= len(score.game.rounds):
        abort(404, f"This game has no hand {number}.")
    by_piles = score.game.rounds[number - 1].entry.by_piles
    mode = request.args.get("as") or ("piles" if by_piles else "counts")
    return _handle_hand(game_id, "counts" if mode == "counts" else "piles", number)


@bp.route("/g/<game_id>/hands/<int:number>/delete", methods=["GET", "POST"])
def delete_hand(game_id: str, number: int):
    """Delete a hand after a confirmation (or undo the hand just saved); later hands move up one."""
    score = _require_keeper(game_id)
    if request.method == "POST":
        version = request.form.get("version", "")
        try:
            games.delete_hand(store(), game_id, number, _whole(version),
                              request.form.get("submission_id") or None)  # fmt: skip
        except (Conflict, ScopaError) as err:
            flash(err.message, "error")
            return redirect(url_for("pages.scoreboard", game_id=game_id))
        flash(f"Hand {number} {'undone' if request.form.get('undo') else 'deleted'}.", "saved")
        return redirect(url_for("pages.scoreboard", game_id=game_id))
    if not 1 <= number <= len(score.game.rounds):
        abort(404, f"This game has no hand {number}.")
    played = score.rounds[number - 1]
    return render_template(
        "delete_hand.html",
        score=score,
        played=played,
        number=number,
        colours=_colours(len(score.game.sides)),
        submission_id=new_submission_id(),
    )
