"""The pages a person opens on a phone: the scoreboard with its winners form, the hand forms, hands, undo."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, TypedDict

from flask import (
    Response,
    abort,
    current_app,
    flash,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf
from werkzeug.datastructures import MultiDict

from scorekeeper.rules import ScopaError
from scorekeeper.rules.ledger import Game, GameScore, HandEntry, ScoredRound, score_entry, spoken
from scorekeeper.rules.options import OPTION_HELP
from scorekeeper.rules.scoring import RoundScore
from scorekeeper.rules.text import Text, msg
from scorekeeper.services import events, games, groups
from scorekeeper.services.errors import Conflict, Forbidden, NotFound, Unavailable
from scorekeeper.web.common import drafts, i18n, rendered
from scorekeeper.web.common.charts import categories_chart, progression_chart
from scorekeeper.web.common.context import absolute, store
from scorekeeper.web.common.fields import new_submission_id, sentence
from scorekeeper.web.common.i18n import family_words
from scorekeeper.web.common.keepers import (
    VIEWERS_COPY,
    keep,
    keeper_key,
    keeper_link,
    keeper_required,
    kept_groups,
    may_change,
    may_change_group,
)
from scorekeeper.web.common.rendered import CSRF_MARK, RENDERED_MARK, RenderedCache, fill
from scorekeeper.web.common.widgets import card_grid
from scorekeeper.web.common.widgets import colours as _colours
from scorekeeper.web.game import bp, clash
from scorekeeper.web.game.forms import (
    CountsForm,
    DeleteForm,
    HandForm,
    JoinGroupForm,
    PilesForm,
    ScopaForm,
    UndoForm,
    WonForm,
)
from scorekeeper.web.game.poll import unchanged, version_tag

EARLIER_ROWS = 10  # earlier hands listed on the scoreboard; all of them are on the hands page


@bp.get("/g/<game_id>")
def scoreboard(game_id: str) -> ResponseReturnValue:
    """A game's scoreboard: totals, the scopa buttons and the winners form, the latest hand and ten before it."""
    score = games.get(store(), game_id)
    keeper = may_change(game_id)
    if not keeper and _plain_viewers_get():
        return _viewers_copy(score)
    # ``?d=``: the winners form as this phone last sent it (kept by the POST that redirected here).
    token = request.args.get("d", "") if keeper else ""
    draft = drafts.find(token, game_id)
    if draft is not None and (draft.get("m") != "won" or draft.get("n") is not None):
        draft = None  # another form's draft: not shown here
    if token and draft is None:
        flash(i18n.say(FORGOTTEN), "error")  # said now: a flash is kept as text
    elif draft is not None and "saved" in draft:
        flash(drafts.saved_text(draft, score.round_by_id), "saved")
        draft = None
    if keeper and not score.finished:
        if draft is not None:
            return _show_draft(score, draft, token, "won", None)
        # After a language switch the winners taps come back as they were (nothing is checked or saved).
        carried = i18n.carried()
        winners = _hand_form("won", score.game, carried, meta={"csrf": False}) if carried else None
        if winners is None:
            winners = _hand_form("won", score.game)
            winners.call(_call_asked(score.game))
        return _scoreboard_page(score, keeper, winners=winners)
    if draft is not None and draft.get("e"):
        # A hand refused because the game ended meanwhile: the reason, on the finished game's scoreboard.
        flash(sentence(drafts.readable(draft["e"]), score.game.deck_style), "error")
        return _scoreboard_page(score, keeper, status=409)
    return _scoreboard_page(score, keeper)


def _call_asked(game: Game) -> int | None:
    """The side calling itself out (``?call=`` from the scoreboard's call-out buttons), when the game plays call_out."""
    raw = request.args.get("call", "")
    if game.rules.call_out and raw.isascii() and raw.isdigit() and int(raw) < len(game.sides):
        return int(raw)
    return None


def _scoreboard_page(
    score: GameScore,
    keeper: bool,
    *,
    winners: HandForm | None = None,
    conflict: str | None = None,
    status: int = 200,
    draft: str | None = None,
    links: dict[str, Any] | None = None,
    marks: dict[str, Any] | None = None,
) -> tuple[str, int]:
    """The scoreboard, with the winners form (``winners``) of the keeper's live game.

    ``links``: the group links when already looked up; ``marks``: template values replaced by the marks of a
    page kept for every viewer (see ``_viewers_copy``).
    """
    game = score.game
    if winners is not None:
        # The hand takes the scopas the scopa buttons show: the scopas marked during this hand.
        _take_pending_scopas(winners, game)
    keeper_path = keeper_link(game.id) if keeper else None  # never in the offline copy (keepers.offline_copy)
    return render_template(
        "game/scoreboard.html",
        score=score,
        earlier=score.rounds[-EARLIER_ROWS - 1 : -1][::-1],
        keeper=keeper,
        colours=_colours(len(game.sides)),
        viewer_url=absolute(url_for("game.scoreboard", game_id=game.id)),
        keeper_path=keeper_path,
        keeper_url=absolute(keeper_path) if keeper_path else None,
        scopa_form=ScopaForm(formdata=None),
        winners=winners,
        conflict=conflict,
        draft=draft,
        just_saved=_undo_offer(score, keeper),
        rules_lines=game.rules.describe(),
        **family_words(game.rules),
        chart=progression_chart(score),
        categories_chart=categories_chart(score),
        spoken=spoken(score),
        **(links if links is not None else _group_links(game.id, keeper)),
        **(marks or {}),
    ), status


# --- the viewer's copy, made once per game version ---------------------------------------------------------
#
# Every phone following a game without its keeper key sees the same page for a given version: it is rendered once
# and kept (in this process, the most recently used VIEWER_PAGES pages). Only a plain viewer's GET is answered from
# the kept pages, so a keeper's page, a page carrying a message or a draft, or any other variant of the page (a
# query other than ``?lang=`` alone, a header asking for a special copy) is always rendered for its request and
# never kept.

VIEWER_PAGES = 256
viewer_pages = RenderedCache(VIEWER_PAGES)


def _plain_viewers_get() -> bool:
    """True for a viewer's GET of the bare scoreboard address with nothing pending for this phone in its session."""
    return rendered.plain_get() and JUST_SAVED not in session


def _viewers_copy(score: GameScore) -> tuple[str, int]:
    """The viewer's scoreboard of this version, made once and kept; this request's CSRF token and time filled in.

    The key names everything the page reads: the database and game, its version (every change of the game, its
    hands, name and pending scopas, moves it on), the language, the address its links are built on, and the
    group or event table it links to (which can change without the game's version moving).
    """
    game = score.game
    links = _group_links(game.id, False)
    key = (
        current_app.config["DATABASE"],
        game.id,
        game.version,
        i18n.language(),
        absolute("/"),
        repr(sorted(links.items())),
    )
    page = viewer_pages.get(key)
    if page is None:
        page, _ = _scoreboard_page(
            score, False, links=links, marks={"csrf_token": lambda: CSRF_MARK, "rendered_at": RENDERED_MARK}
        )
        viewer_pages.put(key, page)
    sent_at = datetime.now(UTC).isoformat(timespec="seconds")
    return fill(page, {CSRF_MARK: generate_csrf(), RENDERED_MARK: sent_at}), 200


def _group_links(game_id: str, keeper: bool) -> dict[str, Any]:
    """The group the game is in (a link back), or the groups this phone keeps that the game could join."""
    in_group = groups.of_game(store(), game_id)
    at_table = events.table_of_game(store(), game_id)
    if at_table is not None:
        return {"in_group": in_group, "join_groups": [], "at_table": at_table}
    if in_group is not None:
        return {"in_group": in_group, "join_groups": []}
    if not keeper:
        return {"in_group": None, "join_groups": []}
    return {"in_group": None, "join_groups": groups.found(store(), list(kept_groups())), "join_form": JoinGroupForm()}


@bp.post("/g/<game_id>/group")
@keeper_required
def join_group(game_id: str) -> ResponseReturnValue:
    """Add this game (started on its own) to one of the groups this phone keeps."""
    form = JoinGroupForm()
    group_id = form.group.data or ""
    if not form.validate_on_submit() or group_id not in kept_groups() or not may_change_group(group_id):
        flash(_("Choose one of the groups this phone keeps."), "error")
        return redirect(url_for("game.scoreboard", game_id=game_id))
    try:
        groups.add_game(store(), group_id, game_id)
    except (Conflict, ScopaError) as err:
        flash(sentence(err.message), "error")
    else:
        flash(_("Added to the group: its players' statistics count this game."))
    return redirect(url_for("game.scoreboard", game_id=game_id))


@bp.get("/g/<game_id>/hands")
def all_hands(game_id: str) -> ResponseReturnValue:
    """Every hand of the game as a plain table, each linking to its breakdown. Its length grows with the game's, and
    it is the same for every phone: a plain GET is answered from the page kept for this version (``viewer_pages``),
    made once, as the viewer's scoreboard is."""
    score = games.get(store(), game_id)
    if not rendered.plain_get():
        return _hands_page(score)
    key = ("hands", *rendered.request_key(game_id, score.game.version))
    page = viewer_pages.keep(
        key, lambda: _hands_page(score, {"csrf_token": lambda: CSRF_MARK, "rendered_at": RENDERED_MARK})
    )
    return fill(page, {CSRF_MARK: generate_csrf(), RENDERED_MARK: datetime.now(UTC).isoformat(timespec="seconds")})


def _hands_page(score: GameScore, marks: dict[str, Any] | None = None) -> str:
    """The hand list; ``marks``: the template values a kept page carries as marks (see ``_viewers_copy``)."""
    return render_template(
        "game/hands.html",
        score=score,
        colours=_colours(len(score.game.sides)),
        **family_words(score.game.rules),
        **(marks or {}),
    )


# An open scoreboard follows its game's stream (``/g/<id>/live``, pushed within a second of each change by the
# server ``make run`` starts: serve/streams.py). Where no stream gets through (a proxy that buffers or cuts it, an
# old browser) it asks this instead, every POLL_SECONDS while its page is shown, waiting longer after each failure
# (static/scoreboard.js). A poll is one indexed read and, while nothing changed, a 304 with no body. The poll of a
# game that exists is answered in front of Flask, on a kept connection (game/poll.py): the route below answers the
# rest (an unknown game's 404) and says what the answer is.
POLL_SECONDS = 1.5
# Every page of a game that follows it (the scoreboard, the hand forms, the comparison) polls at that pace.
bp.context_processor(lambda: {"poll_seconds": POLL_SECONDS})


@bp.get("/g/<game_id>/version")
def game_version(game_id: str) -> ResponseReturnValue:
    """The game's change counter, polled by open scoreboards to refresh when it changes.

    Its ``ETag`` is the version: a poll sending it back in ``If-None-Match`` while the game is unchanged is
    answered 304 with no body. The version moves with every change a scoreboard shows (a hand saved, corrected or
    deleted, a scopa marked or taken back during the hand), and only one indexed read is made to answer.
    """
    version = games.version(store(), game_id)
    if version is None:
        abort(404)
    tag = version_tag(version)
    # ``no-cache``: a browser may keep the answer but must ask again each time (its own ``If-None-Match``).
    headers = {"ETag": tag, "Cache-Control": "no-cache"}
    if unchanged(tag, request.headers.get("If-None-Match", "")):
        return Response(status=304, headers=headers)
    response = jsonify(version=version)
    response.headers.update(headers)
    return response


@bp.get("/g/<game_id>/keep/<key>")
def keep_game(game_id: str, key: str) -> ResponseReturnValue:
    """The keeper link: this device may change the game from now on."""
    if not games.is_keeper(store(), game_id, key):
        abort(404, _("This keeper link is not valid: check that it was copied whole."))
    for message in keep(game_id, key):
        flash(message, "error")
    flash(_("This phone can now change the game."))
    return redirect(url_for("game.scoreboard", game_id=game_id))


@bp.post("/g/<game_id>/scopa")
@keeper_required
def mark_scopa(game_id: str) -> ResponseReturnValue:
    """Mark (or take back) a scopa of the hand in progress, as it happens."""
    form = ScopaForm()
    refused = False
    try:
        # Whatever the form refuses goes to the service as an impossible value, which says what is expected.
        form.validate()
        side = form.side.data if form.side.data is not None and not form.side.errors else -1
        change = int(form.change.data) if form.change.data in ("1", "-1") else 0
        hand = 0 if form.hand.errors else form.hand.data
        games.mark_scopa(store(), game_id, side, change, form.submission_id.data or "", hand)
    except ScopaError as err:
        flash(sentence(err.message), "error")
    except Conflict as err:
        # The game moved on (a hand saved on another phone, the game over): a 409, so that a scopa kept offline
        # and sent later is listed as refused, like a stale hand, and never counted for a hand it was not made in.
        flash(sentence(err.message), "error")
        refused = True
    if request.accept_mimetypes.best == "application/json":
        score = games.get(store(), game_id)
        answer = jsonify(
            pending_scopas=list(score.game.pending_scopas),
            submission_id=new_submission_id(),
            version=score.game.version,
        )
        return answer, 409 if refused else 200
    if refused:
        # The scoreboard as it is now, with the reason, at the address the scopa was sent to.
        page = make_response(scoreboard(game_id))
        page.status_code = 409
        return page
    return redirect(url_for("game.scoreboard", game_id=game_id), 303)


@bp.get("/g/<game_id>/scopa")
def scopa_page(game_id: str) -> ResponseReturnValue:
    """The address scopas are sent to, opened (a refused scopa's link in the offline list): the scoreboard."""
    return redirect(url_for("game.scoreboard", game_id=game_id), 303)


# --- Hand forms ------------------------------------------------------------------------------------
#
# Every POST answers with a redirect (Post/Redirect/Get). What a page must show after a POST (a check, an error,
# a conflict, a hand brought back by Undo) is kept as a draft (``drafts``) and shown by a GET of the form's own
# address with ``?d=<token>``, so Back and reload never send a form again.

MODES = ("won", "counts", "piles")
FORGOTTEN = msg("That form is no longer kept on this phone (newer forms took its place); here it is afresh.")


def _hand_form(mode: str, game: Game, formdata: Mapping[str, Any] | None = None, **kwargs: Any) -> HandForm:
    if mode == "won":
        return WonForm(game.names, formdata, rules=game.rules, **kwargs)
    return (PilesForm if mode == "piles" else CountsForm)(game.names, formdata, **kwargs)


def _form_url(game_id: str, mode: str, number: int | None, token: str | None = None) -> str:
    """Where a hand form is shown: a new hand by winners is on the scoreboard; the others have their page."""
    args: dict[str, Any] = {"d": token} if token else {}
    if number is not None:
        return url_for("game.edit_hand", game_id=game_id, number=number, **{"as": mode, **args})
    if mode == "won":
        return url_for("game.scoreboard", game_id=game_id, **args) + "#winners"
    return url_for("game.record_hand" if mode == "piles" else "game.record_counts", game_id=game_id, **args)


def _hand_page(
    score: GameScore,
    form: HandForm,
    mode: str,
    *,
    number: int | None = None,
    preview: RoundScore | None = None,
    conflict: str | None = None,
    status: int = 200,
    draft: str | None = None,
) -> tuple[str, int]:
    game = score.game
    if mode == "won" and number is None:
        return _scoreboard_page(score, True, winners=form, conflict=conflict, status=status, draft=draft)
    return (
        render_template(
            "game/hand.html",
            score=score,
            form=form,
            mode=mode,
            number=number,
            preview=preview,
            conflict=conflict,
            draft=draft,
            grid=card_grid(game.deck_style),
            style=game.deck_style,
            colours=_colours(len(game.sides)),
            option_help=OPTION_HELP,
            **family_words(game.rules),
        ),
        status,
    )


def _keep(
    score: GameScore,
    form: HandForm,
    mode: str,
    number: int | None,
    stage: str,
    status: int = 200,
    *,
    preview: RoundScore | None = None,
    conflict: str | None = None,
) -> ResponseReturnValue:
    """Redirect to the page showing ``form`` at ``stage``; show it at once only if it is too large to keep.

    A form with errors keeps them as they are (beside each field, and the line above the form), so the page
    shows exactly what this answer would have shown.
    """
    errors = {f.name: [drafts.keepable(e) for e in f.errors[:1]] for f in form.fields() if f.errors}
    extra = {"s": stage, "st": status, "errs": errors, "e": drafts.keepable(form.error), "c": conflict}
    token = drafts.stash(score.game.id, mode, number, form.values(), **{k: v for k, v in extra.items() if v})
    if token is None:
        return _hand_page(score, form, mode, number=number, preview=preview, conflict=conflict, status=status)
    return redirect(_form_url(score.game.id, mode, number, token), 303)


def _show_draft(
    score: GameScore, draft: dict[str, Any], token: str, mode: str, number: int | None
) -> ResponseReturnValue:
    """The page a POST redirected to: the form as it was sent, with its preview (checked again) or its errors."""
    game = score.game
    # The draft holds no CSRF token: it is this phone's own session, and nothing is saved by showing it.
    form = _hand_form(mode, game, MultiDict(draft.get("data") or {}), meta={"csrf": False})
    stage = draft.get("s")
    if stage == "form":
        return _hand_page(score, form, mode, number=number, draft=token)
    if stage == "preview":
        entry = None
        try:
            if form.validate():
                entry = form.entry(game.rules)
                preview = score_entry(entry, game.names, game.rules)
                return _hand_page(score, form, mode, number=number, preview=preview, draft=token)
        except ScopaError as err:
            form.place_error(err, entry)
        return _hand_page(score, form, mode, number=number, draft=token, status=400)
    # A form refused by its checks, the rules or the service (a conflict, the storage down).
    held = draft.get("errs")
    errors: dict[str, Any] = held if isinstance(held, dict) else {}
    for field in form.fields():
        if isinstance(errors.get(field.name), list):
            field.errors = [drafts.readable(e) for e in errors[field.name]]
    form.error = drafts.readable(draft["e"]) if draft.get("e") else None
    status: int = draft["st"] if draft.get("st") in (400, 409, 503) else 400
    return _hand_page(score, form, mode, number=number, conflict=draft.get("c"), draft=token, status=status)


def _handle_hand(game_id: str, mode: str, number: int | None = None) -> ResponseReturnValue:
    """The flow of every hand form: enter, check (a confirmation with the breakdown), save."""
    score = games.get(store(), game_id)
    game = score.game
    record = None
    if number is not None:
        if not 1 <= number <= len(game.rounds):
            if request.method == "POST":  # it was there when the form was opened
                return _conflict(game_id, _gone(number), request.form.get("round_id"))
            abort(404, _("This game has no hand %(n)s.", n=number))
        record = game.rounds[number - 1]
    if request.method == "GET":
        token = request.args.get("d")
        draft = drafts.find(token, game_id)
        if draft is not None and token and draft.get("m") == mode and draft.get("n") == number:
            if "saved" in draft:
                flash(drafts.saved_text(draft, score.round_by_id), "saved")
                return redirect(url_for("game.scoreboard", game_id=game_id))
            return _show_draft(score, draft, token, mode, number)
        if token:
            flash(i18n.say(FORGOTTEN), "error")  # said now: a flash is kept as text
        if score.finished and record is None:
            flash(_("The game is over. Correct a hand to reopen it."), "error")
            return redirect(url_for("game.scoreboard", game_id=game_id))
        if mode == "won" and record is None:
            return redirect(_form_url(game_id, mode, None))
        carried = i18n.carried()
        if carried:
            # Back from a language switch: the form exactly as it was typed (nothing is checked or saved).
            return _hand_page(score, _hand_form(mode, game, carried, meta={"csrf": False}), mode, number=number)
        form = _hand_form(mode, game)
        if record is not None:
            form.show(record.entry)
            form.call(record.entry.call)
            form.version.data = record.version
            form.round_id.data = record.id
        else:
            _take_pending_scopas(form, game)
            form.call(_call_asked(game))
        return _hand_page(score, form, mode, number=number)

    form = _hand_form(mode, game, request.form)
    token = request.form.get("d")  # the draft this form was shown from, if any
    action = form.action.data or "check"
    if mode == "won" and number is None:
        action = "save"  # the winners form on the scoreboard saves at once: its rows are the check
    if action.startswith("rest:") and isinstance(form, PilesForm):  # the piles form (mode "piles")
        side = action.split(":", 1)[1]
        if side.isascii() and side.isdigit() and int(side) < len(game.sides):
            form.give_rest(int(side))
            return _keep(score, form, mode, number, "form")
        form.error = msg("the rest go to one of the sides: choose one of the %(n)s buttons", n=len(game.sides))
        return _keep(score, form, mode, number, "error", 400)
    if action == "back":
        return _keep(score, form, mode, number, "form")
    if not form.validate():
        return _keep(score, form, mode, number, "check", 400)
    entry = None
    try:
        entry = form.entry(game.rules)
        if action != "save":
            preview = score_entry(entry, game.names, game.rules)
            return _keep(score, form, mode, number, "preview", preview=preview)
        submission_id = form.submission_id.data or ""
        assert number is not None  # a new hand's save never comes here: ``_saves_new_hand`` sends it to be saved
        changed = games.replace_hand(store(), game_id, number, entry, form.version.data, submission_id)
        saved = changed.score
        round_saved = saved.rounds[(changed.number or number) - 1].record.id
        flash(i18n.say(changed.said), "saved")  # "Hand 2 corrected", and whether the game reopened or changed hands
    except ScopaError as err:
        form.place_error(err, entry)
        return _keep(score, form, mode, number, "error", 400)
    except Conflict as err:
        return _refused(score, form, mode, number, err)
    except Unavailable as err:
        # Nothing was saved: the hand stays in its form, ready to be sent again.
        form.error = err.message
        return _keep(score, form, mode, number, "error", 503)
    drafts.mark_saved(token, game_id, number, mode, submission_id, round_saved)
    return _saved(game_id, saved)


def _saves_new_hand(mode: str) -> bool:
    """True for the POST that saves a new hand: the winners form saves at once (its rows are the check), the
    other forms when the person confirmed the checked hand (``action=save``)."""
    return request.method == "POST" and (mode == "won" or request.form.get("action") == "save")


class _Unchecked(Exception):
    """A new hand's form that its own checks refused (field errors), before anything was scored or written."""


def _save_new_hand(game_id: str, mode: str, formdata: Mapping[str, Any] | None = None) -> ResponseReturnValue:
    """Save a new hand from its form: one service call checks the keeper key, reads the form against the game,
    scores and writes the hand, and answers the game after it. The page's reads happen only when it is refused.
    ``formdata``: the form's fields when they come from elsewhere than this request's form (``clash``)."""
    made: dict[str, Any] = {}  # the form and the hand read from it, for the page that says what went wrong
    fields = request.form if formdata is None else formdata

    def sent(game: Game) -> games.HandSent:
        form = made["form"] = _hand_form(mode, game, fields)
        if not form.validate():
            raise _Unchecked()
        entry = made["entry"] = form.entry(game.rules)
        return games.HandSent(entry, form.submission_id.data or "", form.scopas_shown.data, form.hand.data)

    try:
        done = games.record(store(), game_id, keeper_key(game_id), sent)
    except Forbidden:
        raise Forbidden("game", VIEWERS_COPY, None) from None
    except (_Unchecked, ScopaError, Conflict, Unavailable) as err:
        score = games.get(store(), game_id)
        if "form" not in made:  # the storage refused the write before the form was read: keep the hand as sent
            made["form"] = _hand_form(mode, score.game, fields)
        form = made["form"]
        if isinstance(err, _Unchecked):
            return _keep(score, form, mode, None, "check", 400)
        if isinstance(err, ScopaError):
            form.place_error(err, made.get("entry"))
            return _keep(score, form, mode, None, "error", 400)
        if isinstance(err, Conflict):
            return _refused(score, form, mode, None, err)
        # Nothing was saved: the hand stays in its form, ready to be sent again.
        form.error = err.message
        return _keep(score, form, mode, None, "error", 503)
    # This phone may take back exactly this hand (its id and version), offered once on the scoreboard.
    session[JUST_SAVED] = {"game": game_id, "number": done.number, "round_id": done.round_id, "version": done.version}
    submission_id = made["form"].submission_id.data or ""
    drafts.mark_saved(fields.get("d"), game_id, done.number, mode, submission_id, done.round_id)
    return _saved(game_id, done.score)


def _refused(score: GameScore, form: HandForm, mode: str, number: int | None, err: Conflict) -> ResponseReturnValue:
    """A hand form refused because the game moved on: the form as sent, with the reason and the hand as it is."""
    if number is None and err.kind == "stale" and err.current is not None:
        # The very hand this form was for was saved on another phone: the two entries side by side, to choose.
        return clash.show(score.game.id, mode, form.values(), err.message)
    form.error = err.message
    if number is None and err.kind == "stale":
        # Another phone saved a hand meanwhile: sent again, this form is saved as the next hand.
        form.hand.data = games.get(store(), score.game.id).next_number
        form.hand.raw_data = [str(form.hand.data)]  # what the kept draft sends back
    conflict = _current_hand_url(score.game.id, form.round_id.data, err)
    return _keep(score, form, mode, number, "error", 409, conflict=conflict)


def _saved(game_id: str, saved: GameScore) -> ResponseReturnValue:
    """After a hand is saved: the top of the scoreboard, a winning hand's too, where the hand's points and its
    Undo are, with the result just under them."""
    return redirect(url_for("game.scoreboard", game_id=game_id), 303)


def _take_pending_scopas(form: HandForm, game: Game) -> None:
    """A new hand's form takes the scopas marked during the hand; saving consumes exactly these.

    It also names the hand it is for (kept when a draft already names one), so a hand saved meanwhile on
    another phone is not saved a second time by this form without the person saying so.
    """
    if form.hand.data is None:
        form.hand.data = len(game.rounds) + 1
    form.scopas_shown.data = tuple(game.pending_scopas)
    for side, pending in zip(form.sides, game.pending_scopas, strict=True):
        side.form.scopas.data = pending


def _current_hand_url(game_id: str, round_id: str | None, err: Conflict) -> str:
    """Where to see, after a conflict, the hand the form was about as it is now (or the scoreboard)."""
    score = games.get(store(), game_id)
    played = score.round_by_id(round_id) if round_id else None
    if played is None and err.current is not None and round_id is None:
        played = score.round_by_id(err.current.record.id)
    if played is None:
        return url_for("game.scoreboard", game_id=game_id)
    return url_for("game.hand_detail", game_id=game_id, number=played.number)


JUST_SAVED = "just_saved"  # session key: the hand this phone saved last, offered once for Undo


class UndoOffer(TypedDict):
    """What the scoreboard shows of the hand this phone just saved (``just_saved``): Undo is offered once."""

    number: int
    form: UndoForm
    played: ScoredRound


def _undo_offer(score: GameScore, keeper: bool) -> UndoOffer | None:
    """The hand this phone just saved in this game (once): its breakdown and a filled-in Undo form."""
    saved = session.pop(JUST_SAVED, None)
    if not keeper or not isinstance(saved, dict) or saved.get("game") != score.game.id:
        return None
    played = score.round_by_id(str(saved.get("round_id") or ""))
    if played is None:  # deleted since, on another phone
        return None
    form = UndoForm(formdata=None, data={"round_id": played.record.id, "version": saved.get("version")})
    return UndoOffer(number=played.number, form=form, played=played)


# A new hand's save checks the keeper key inside its one service call; every other step of the forms is guarded here.
_new_hand_form = keeper_required(_handle_hand)


@bp.route("/g/<game_id>/won", methods=["GET", "POST"])
def record_won(game_id: str) -> ResponseReturnValue:
    """Record a hand from who won each category (the winners form is on the scoreboard, where a GET goes)."""
    if _saves_new_hand("won"):
        return _save_new_hand(game_id, "won")
    return _new_hand_form(game_id=game_id, mode="won")


@bp.route("/g/<game_id>/hand", methods=["GET", "POST"])
def record_hand(game_id: str) -> ResponseReturnValue:
    """Record a hand from the captured piles on the 40-card grid."""
    if _saves_new_hand("piles"):
        return _save_new_hand(game_id, "piles")
    return _new_hand_form(game_id=game_id, mode="piles")


@bp.route("/g/<game_id>/counts", methods=["GET", "POST"])
def record_counts(game_id: str) -> ResponseReturnValue:
    """Record a hand from quick counts per side."""
    if _saves_new_hand("counts"):
        return _save_new_hand(game_id, "counts")
    return _new_hand_form(game_id=game_id, mode="counts")


@bp.get("/g/<game_id>/hands/<int:number>")
def hand_detail(game_id: str, number: int) -> ResponseReturnValue:
    """One hand's breakdown, with the reason for every point."""
    score = games.get(store(), game_id)
    if not 1 <= number <= len(score.rounds):
        abort(404, _("This game has no hand %(n)s.", n=number))
    return render_template(
        "game/hand_detail.html",
        score=score,
        played=score.rounds[number - 1],
        keeper=may_change(game_id),
        colours=_colours(len(score.game.sides)),
        **family_words(score.game.rules),
    )


@bp.route("/g/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
@keeper_required
def edit_hand(game_id: str, number: int) -> ResponseReturnValue:
    """Correct a hand, in the form it was entered (winners, counts or piles) or another (``?as=counts``)."""
    score = games.get(store(), game_id)
    if not 1 <= number <= len(score.game.rounds):
        if request.method == "POST":  # it was there when the form was opened
            return _conflict(game_id, _gone(number), request.form.get("round_id"))
        abort(404, _("This game has no hand %(n)s.", n=number))
    mode = request.args.get("as")
    return _handle_hand(game_id, mode if mode in MODES else score.game.rounds[number - 1].entry.kind, number)


@bp.route("/g/<game_id>/hands/<int:number>/delete", methods=["GET", "POST"])
@keeper_required
def delete_hand(game_id: str, number: int) -> ResponseReturnValue:
    """Delete a hand after a confirmation; later hands move up one."""
    if request.method == "POST":
        form = DeleteForm()
        try:
            if not form.validate() or form.version.data is None:
                raise Conflict(msg("this page is out of date; open the hand again before deleting it"), "stale")
            changed = games.delete_hand(store(), game_id, number, form.version.data, form.submission_id.data or None)
        except NotFound:
            return _conflict(game_id, _gone(number), form.round_id.data)
        except Conflict as err:
            return _conflict(game_id, err, form.round_id.data)
        flash(i18n.say(changed.said), "saved")  # "Hand 2 deleted", and whether the game reopened or changed hands
        return redirect(url_for("game.scoreboard", game_id=game_id), 303)
    score = games.get(store(), game_id)
    if not 1 <= number <= len(score.game.rounds):
        abort(404, _("This game has no hand %(n)s.", n=number))
    played = score.rounds[number - 1]
    form = DeleteForm(formdata=None, data={"version": played.record.version, "round_id": played.record.id})
    return render_template(
        "game/delete_hand.html",
        score=score,
        played=played,
        number=number,
        form=form,
        colours=_colours(len(score.game.sides)),
        **family_words(score.game.rules),
    )


@bp.post("/g/<game_id>/undo")
@keeper_required
def undo_hand(game_id: str) -> ResponseReturnValue:
    """Undo the hand this phone just saved: exactly that hand, if nobody has changed it since.

    The hand comes back into the form it was entered with, scopas included, ready to be corrected and
    saved again (or left: its scopas are back among the scopas of the hand in progress either way).
    """
    form = UndoForm()
    round_id = form.round_id.data or ""
    played = games.get(store(), game_id).round_by_id(round_id)
    try:
        if not form.validate() or form.version.data is None:
            raise Conflict(msg("this page is out of date; nothing was undone"), "stale")
        after = games.undo_hand(store(), game_id, round_id, form.version.data, form.submission_id.data or "")
    except Conflict as err:
        return _conflict(game_id, err, round_id)
    if played is None:  # a second tap: the hand went with the first
        return redirect(url_for("game.scoreboard", game_id=game_id), 303)
    entry = played.record.entry
    token = _back_into_form(after, entry)
    if token is not None:
        if entry.kind == "won":
            back = _(
                "Hand %(n)s undone: it is back below with its scopas. Correct it and save it, or leave it.",
                n=played.number,
            )
        else:
            back = _(
                "Hand %(n)s undone: it is back in its form with its scopas. Correct it and save it, or leave it.",
                n=played.number,
            )
        flash(back, "saved")
        return redirect(_form_url(game_id, entry.kind, None, token), 303)
    scopas = sum(side.scopas for side in entry.sides)
    if scopas:
        flash(_("Hand %(n)s undone; its scopas are back in the hand in progress.", n=played.number), "saved")
    else:
        flash(_("Hand %(n)s undone.", n=played.number), "saved")
    return redirect(url_for("game.scoreboard", game_id=game_id), 303)


def _back_into_form(score: GameScore, entry: HandEntry) -> str | None:
    """Keep an undone hand as a draft of its own form (a new hand), returning its token; None if it cannot."""
    form = _hand_form(entry.kind, score.game, meta={"csrf": False})
    form.show(entry)
    form.hand.data = score.next_number
    # Saving it again takes back from the hand in progress exactly the scopas the undo returned there.
    form.scopas_shown.data = tuple(side.scopas for side in entry.sides)
    return drafts.stash(score.game.id, entry.kind, None, form.values(), s="form")


CONFLICT = "conflict"  # the mode of a draft that holds a refused change's message


def _gone(number: int) -> Conflict:
    return Conflict(
        msg(
            "hand %(n)s is no longer in the game: it was deleted on another phone (or by an earlier "
            "tap); nothing was changed",
            n=number,
        ),
        "deleted",
    )


def _conflict(game_id: str, err: Conflict, round_id: str | None) -> ResponseReturnValue:
    """A change refused because the game moved on: redirect to a page with the message and the current hand."""
    current = _current_hand_url(game_id, round_id, err)
    token = drafts.stash(game_id, CONFLICT, None, {}, e=drafts.keepable(err.message), c=current)
    if token is None:
        return _conflict_page(game_id, err.message, current)
    return redirect(url_for("game.conflict", game_id=game_id, d=token), 303)


@bp.get("/g/<game_id>/conflict")
def conflict(game_id: str) -> ResponseReturnValue:
    """What a refused change said (kept on this phone), with the way to the hand as it is now."""
    draft = drafts.find(request.args.get("d"), game_id)
    if draft is None or draft.get("m") != CONFLICT:
        return redirect(url_for("game.scoreboard", game_id=game_id))
    return _conflict_page(game_id, drafts.readable(draft.get("e") or ""), str(draft.get("c") or ""))


def _conflict_page(game_id: str, message: Text, current: str) -> tuple[str, int]:
    current = current or url_for("game.scoreboard", game_id=game_id)
    return render_template("game/conflict.html", message=sentence(message), current=current, game_id=game_id), 409
