"""The pages a person opens on a phone: home, new game, scoreboard, hand forms."""

from __future__ import annotations

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, session, url_for

from scorekeeper import games
from scorekeeper.games import Conflict, Unavailable
from scorekeeper.rules import ScopaError
from scorekeeper.rules.ledger import GameScore, score_entry
from scorekeeper.rules.options import OPTION_HELP
from scorekeeper.web.context import absolute, store
from scorekeeper.web.forms import (
    CountsForm,
    DeleteForm,
    PilesForm,
    ScopaForm,
    UndoForm,
    new_submission_id,
)
from scorekeeper.web.keepers import keep, keeper_required, kept_games, may_change
from scorekeeper.web.qr import qr_response
from scorekeeper.web.widgets import card_grid
from scorekeeper.web.widgets import colours as _colours

bp = Blueprint("pages", __name__)


@bp.get("/qr.svg")
def qr_code():
    """A QR code (SVG) of one of this app's own addresses, e.g. ``/qr.svg?path=/g/abc``."""
    return qr_response(request.args.get("path", ""))


EARLIER_ROWS = 10  # earlier hands listed on the scoreboard; all of them are on the hands page


@bp.get("/g/<game_id>")
def scoreboard(game_id: str):
    """A game's scoreboard: totals, whose deal it is, the latest hand and the ten before it."""
    score = games.get(store(), game_id)
    keeper = may_change(game_id)
    keeper_path = None
    if keeper and game_id in kept_games():
        keeper_path = url_for("pages.keep_game", game_id=game_id, key=kept_games()[game_id])
    return render_template(
        "scoreboard.html",
        score=score,
        earlier=score.rounds[-EARLIER_ROWS - 1 : -1][::-1],
        keeper=keeper,
        colours=_colours(len(score.game.sides)),
        viewer_url=absolute(url_for("pages.scoreboard", game_id=game_id)),
        keeper_path=keeper_path,
        keeper_url=absolute(keeper_path) if keeper_path else None,
        scopa_form=ScopaForm(formdata=None),
        undo=_undo_offer(game_id, keeper),
        rules_lines=score.game.rules.describe(),
    )


@bp.get("/g/<game_id>/hands")
def all_hands(game_id: str):
    """Every hand of the game as a plain table, each linking to its breakdown."""
    score = games.get(store(), game_id)
    return render_template("hands.html", score=score, colours=_colours(len(score.game.sides)))


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


@bp.post("/g/<game_id>/scopa")
@keeper_required
def mark_scopa(game_id: str):
    """Mark (or take back) a scopa of the hand in progress, as it happens."""
    form = ScopaForm()
    try:
        # Anything the form refuses goes to the service as "no side", which says what is expected.
        valid = form.validate() and form.side.data is not None
        side, change = (form.side.data, int(form.change.data)) if valid else (-1, 0)
        games.mark_scopa(store(), game_id, side, change, form.submission_id.data or "")
    except (ScopaError, Conflict) as err:
        flash(err.message, "error")
    if request.accept_mimetypes.best == "application/json":
        score = games.get(store(), game_id)
        return jsonify(pending_scopas=list(score.game.pending_scopas), submission_id=new_submission_id())
    return redirect(url_for("pages.scoreboard", game_id=game_id))


# --- Hand forms ------------------------------------------------------------------------------------


def _hand_page(score: GameScore, form, mode: str, *, number=None, preview=None, conflict=None, status=200):
    game = score.game
    return (
        render_template(
            "hand.html",
            score=score,
            form=form,
            mode=mode,
            number=number,
            preview=preview,
            conflict=conflict,
            grid=card_grid(game.deck_style),
            style=game.deck_style,
            colours=_colours(len(game.sides)),
            option_help=OPTION_HELP,
        ),
        status,
    )


def _hand_form(mode: str, game, formdata=None):
    return (PilesForm if mode == "piles" else CountsForm)(game.names, formdata)


def _handle_hand(game_id: str, mode: str, number: int | None = None):
    """The flow of every hand form: enter, check (a confirmation with the breakdown), save."""
    score = games.get(store(), game_id)
    game = score.game
    record = None
    if number is not None:
        if not 1 <= number <= len(game.rounds):
            abort(404, f"This game has no hand {number}.")
        record = game.rounds[number - 1]
    if request.method == "GET":
        if score.finished and record is None:
            flash("The game is over. Correct a hand to reopen it.", "error")
            return redirect(url_for("pages.scoreboard", game_id=game_id))
        form = _hand_form(mode, game)
        if record is not None:
            form.show(record.entry)
            form.version.data = record.version
            form.round_id.data = record.id
        else:
            # The scopas marked during this hand wait in the form; saving consumes exactly these.
            form.scopas_shown.data = tuple(game.pending_scopas)
            for side, pending in zip(form.sides, game.pending_scopas, strict=True):
                side.scopas.data = pending
        return _hand_page(score, form, mode, number=number)

    form = _hand_form(mode, game, request.form)
    action = form.action.data or "check"
    if action.startswith("rest:") and mode == "piles":
        side = action.split(":", 1)[1]
        if side.isascii() and side.isdigit() and int(side) < len(game.sides):
            form.give_rest(int(side))
        return _hand_page(score, form, mode, number=number)
    if action == "back":
        return _hand_page(score, form, mode, number=number)
    if not form.validate():
        return _hand_page(score, form, mode, number=number, status=400)
    entry = None
    try:
        entry = form.entry(game.rules)
        if action != "save":
            preview = score_entry(entry, game.names, game.rules)
            return _hand_page(score, form, mode, number=number, preview=preview)
        submission_id = form.submission_id.data or ""
        if number is None:
            done = games.record_hand(store(), game_id, entry, submission_id, form.scopas_shown.data)
            saved = done.score
            # This phone may take back exactly this hand (its id and version), offered once on the scoreboard.
            session[JUST_SAVED] = {"game": game_id, "number": done.number, "round_id": done.round_id,
                                   "version": done.version}  # fmt: skip
        else:
            saved = games.replace_hand(store(), game_id, number, entry, form.version.data, submission_id)
            flash(f"Hand {number} corrected.", "saved")
    except ScopaError as err:
        form.place_error(err, entry)
        return _hand_page(score, form, mode, number=number, status=400)
    except Conflict as err:
        form.error = err.message
        conflict = _current_hand_url(game_id, form.round_id.data, err)
        return _hand_page(score, form, mode, number=number, conflict=conflict, status=409)
    except Unavailable as err:
        # Nothing was saved: the hand stays in its form, ready to be sent again.
        form.error = err.message[:1].upper() + err.message[1:] + "."
        return _hand_page(score, form, mode, number=number, status=503)
    return redirect(url_for("pages.scoreboard", game_id=game_id) + ("#result" if saved.finished else ""))


def _current_hand_url(game_id: str, round_id: str | None, err: Conflict) -> str:
    """Where to see, after a conflict, the hand the form was about as it is now (or the scoreboard)."""
    score = games.get(store(), game_id)
    played = score.round_by_id(round_id) if round_id else None
    if played is None and err.current and round_id is None:
        played = score.round_by_id(err.current.get("id", ""))
    if played is None:
        return url_for("pages.scoreboard", game_id=game_id)
    return url_for("pages.hand_detail", game_id=game_id, number=played.number)


JUST_SAVED = "just_saved"  # session key: the hand this phone saved last, offered once for Undo


def _undo_offer(game_id: str, keeper: bool) -> dict | None:
    """The hand this phone just saved in this game (once), with a filled-in Undo form."""
    saved = session.pop(JUST_SAVED, None)
    if not keeper or not isinstance(saved, dict) or saved.get("game") != game_id:
        return None
    form = UndoForm(formdata=None, data={"round_id": saved.get("round_id"), "version": saved.get("version")})
    return {"number": saved.get("number"), "form": form}


@bp.route("/g/<game_id>/hand", methods=["GET", "POST"])
@keeper_required
def record_hand(game_id: str):
    """Record a hand from the captured piles on the 40-card grid."""
    return _handle_hand(game_id, "piles")


@bp.route("/g/<game_id>/counts", methods=["GET", "POST"])
@keeper_required
def record_counts(game_id: str):
    """Record a hand from quick counts per side."""
    return _handle_hand(game_id, "counts")


@bp.get("/g/<game_id>/hands/<int:number>")
def hand_detail(game_id: str, number: int):
    """One hand's breakdown, with the reason for every point."""
    score = games.get(store(), game_id)
    if not 1 <= number <= len(score.rounds):
        abort(404, f"This game has no hand {number}.")
    return render_template(
        "hand_detail.html",
        score=score,
        played=score.rounds[number - 1],
        keeper=may_change(game_id),
        colours=_colours(len(score.game.sides)),
    )


@bp.route("/g/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
@keeper_required
def edit_hand(game_id: str, number: int):
    """Correct a hand, in the form it was entered (piles or counts)."""
    score = games.get(store(), game_id)
    if not 1 <= number <= len(score.game.rounds):
        abort(404, f"This game has no hand {number}.")
    by_piles = score.game.rounds[number - 1].entry.by_piles
    mode = request.args.get("as") or ("piles" if by_piles else "counts")
    return _handle_hand(game_id, "counts" if mode == "counts" else "piles", number)


@bp.route("/g/<game_id>/hands/<int:number>/delete", methods=["GET", "POST"])
@keeper_required
def delete_hand(game_id: str, number: int):
    """Delete a hand after a confirmation; later hands move up one."""
    if request.method == "POST":
        form = DeleteForm()
        try:
            if not form.validate() or form.version.data is None:
                raise Conflict("this page is out of date; open the hand again before deleting it", "stale")
            games.delete_hand(store(), game_id, number, form.version.data, form.submission_id.data or None)
        except Conflict as err:
            return _conflict_page(game_id, err, form.round_id.data)
        flash(f"Hand {number} deleted.", "saved")
        return redirect(url_for("pages.scoreboard", game_id=game_id))
    score = games.get(store(), game_id)
    if not 1 <= number <= len(score.game.rounds):
        abort(404, f"This game has no hand {number}.")
    played = score.rounds[number - 1]
    form = DeleteForm(formdata=None, data={"version": played.record.version, "round_id": played.record.id})
    return render_template(
        "delete_hand.html",
        score=score,
        played=played,
        number=number,
        form=form,
        colours=_colours(len(score.game.sides)),
    )


@bp.post("/g/<game_id>/undo")
@keeper_required
def undo_hand(game_id: str):
    """Undo the hand this phone just saved: exactly that hand, if nobody has changed it since."""
    form = UndoForm()
    round_id = form.round_id.data or ""
    played = games.get(store(), game_id).round_by_id(round_id)
    try:
        if not form.validate() or form.version.data is None:
            raise Conflict("this page is out of date; nothing was undone", "stale")
        games.undo_hand(store(), game_id, round_id, form.version.data, form.submission_id.data or "")
    except Conflict as err:
        return _conflict_page(game_id, err, round_id)
    if played is not None:
        scopas = sum(side.scopas for side in played.record.entry.sides)
        back = "; its scopas are back in the hand in progress" if scopas else ""
        flash(f"Hand {played.number} undone{back}.", "saved")
    return redirect(url_for("pages.scoreboard", game_id=game_id))


def _conflict_page(game_id: str, err: Conflict, round_id: str | None):
    """A change refused because the game moved on: the message and the way to the hand as it is now."""
    return render_template(
        "conflict.html",
        message=err.message[0].upper() + err.message[1:],
        current=_current_hand_url(game_id, round_id, err),
        game_id=game_id,
    ), 409
