"""The web shell: pages and the JSON API around the rules core."""

from __future__ import annotations

import weakref
from datetime import UTC, datetime
from typing import Any

from flask import Flask, Response, g, make_response, render_template, request, session
from flask.typing import ResponseReturnValue
from flask_limiter import RateLimitExceeded
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from scorekeeper.rules.errors import ScorekeeperError
from scorekeeper.rules.game import GAME_NAME_MAX, NAME_MAX
from scorekeeper.rules.scoring import DECK_SIZE, PRIMIERA_MAX
from scorekeeper.rules.text import Text, msg
from scorekeeper.services import database
from scorekeeper.web import api, checker, common, event, game, group, paper
from scorekeeper.web.commands import register_commands
from scorekeeper.web.common import drafts, i18n, keepers, limits, offline, rendered, security
from scorekeeper.web.common.context import close_store
from scorekeeper.web.common.fields import sentence
from scorekeeper.web.common.widgets import option_needs

csrf = CSRFProtect()

# The largest request body: a hand is a few kilobytes, a game set-up less. API.md allows up to 1 MB.
MAX_BODY = 64 * 1024
LIMITS = {
    "MAX_CONTENT_LENGTH": MAX_BODY,
    "MAX_FORM_MEMORY_SIZE": MAX_BODY,
    # The most fields one form may send: the card grid has 40 cards and a few dozen other fields.
    "MAX_FORM_PARTS": 200,
}


CORE_LIMITS = {
    "name_max": NAME_MAX,
    "game_name_max": GAME_NAME_MAX,
    "deck_size": DECK_SIZE,
    "primiera_max": PRIMIERA_MAX,
}


def register(app: Flask) -> None:
    """Attach CSRF protection, the blueprints and the error pages to ``app``."""
    # Kept open while the app lives: the last connection to close a WAL database checkpoints it and
    # removes its log, which would otherwise happen at the end of every request.
    holder = database.open_migrated(app.config["DATABASE"])
    app.extensions["scorekeeper.store"] = holder
    weakref.finalize(app, database.close, holder)
    app.teardown_appcontext(close_store)
    csrf.init_app(app)
    security.init_app(app)
    i18n.init_app(app)
    limits.init_app(app)
    # Which options a house-rules menu needs on (the core's OPTION_NEEDS), for the menus' data-needs.
    app.jinja_env.globals["option_needs"] = option_needs
    # The core's limits, for a page that shows or enforces one (a field's maxlength, a pad's legend): never a number
    # written in a template.
    app.jinja_env.globals["limits"] = CORE_LIMITS
    # When a page was made: a copy shown offline says "the score as of 21:40" (app.js, in the phone's time).
    # A page made to be kept for every viewer (``rendered.kept_for_viewers``) carries marks where each request's
    # CSRF token and time go; every other page carries them.
    app.context_processor(
        lambda: (
            rendered.MARKS if g.get("kept_page") else {"rendered_at": datetime.now(UTC).isoformat(timespec="seconds")}
        )
    )
    # The JSON API takes no forms; writes to a game are guarded by the keeper key.
    csrf.exempt(api.bp)
    # Messages (the core's are lower-case phrases) shown as sentences: "The game is over; ...".
    app.add_template_filter(sentence, "sentence")
    app.after_request(_fit_drafts)
    # A page opened by a key is never stored; the service worker keeps its copy without the key instead.
    app.after_request(keepers.cache_control)
    app.jinja_env.globals["pages_to_forget"] = keepers.pages_to_forget
    for feature in (common, game, checker, paper, group, event, api):
        app.register_blueprint(feature.bp)
    app.register_blueprint(offline.bp)
    register_errors(app)
    register_commands(app)
    # Last: the scoreboards' version poll is answered in front of every other layer (see game/poll.py).
    game.poll.init_app(app)


def _fit_drafts(response: Response) -> Response:
    """Keeper keys and messages come first in the 4 KB session cookie: drafts (kept for Back) make room."""
    if session.modified:
        drafts.fit()
    return response


def _request_marks() -> dict[str, Any]:
    """What each request fills into its page: the time it was sent (and, for a page being made to be kept, the
    marks where each request's CSRF token and time go)."""
    if g.get("kept_page"):
        return rendered.MARKS
    return {"rendered_at": datetime.now(UTC).isoformat(timespec="seconds")}


def wants_json() -> bool:
    """True for the JSON API and for scripts that ask for JSON rather than a page."""
    if request.path.startswith("/api/"):
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json" and request.accept_mimetypes[best] > request.accept_mimetypes["text/html"]


def error_response(
    status: int, kind: str, message: Text, field: str | None = None, **extra: Any
) -> ResponseReturnValue:
    """The one error answer: API.md's ``{"error", "message", "field"}`` as JSON, or the error page.

    ``kind`` and ``field`` are stable English names for programs; ``message`` is said in the reader's language.
    """
    message = i18n.say(message)
    if wants_json():
        body: dict[str, Any] = {"error": kind, "message": message}
        if field:
            body["field"] = field
        body.update({k: v for k, v in extra.items() if v is not None})
        return body, status
    # error.html shows it as a sentence (the ``sentence`` filter), as every page shows messages.
    return render_template("error.html", code=status, message=message), status


# What an HTTP error says when no page gave a reason of its own.
HTTP_WORDS = {
    400: msg("the request could not be read; check the address or the form"),
    403: msg("this is not allowed"),
    404: msg("there is nothing at this address; check the link"),
    405: msg("this address does not take that kind of request"),
    406: msg("this address cannot answer in the form asked for"),
    413: msg("the request is larger than this server takes; nothing was saved"),
    414: msg("the address is too long"),
    415: msg("this kind of content is not accepted here"),
    429: msg("too many requests; wait a moment and try again"),
    431: msg("the request's headers are too large"),
    500: msg("something went wrong on the server; nothing was changed"),
    501: msg("this server does not do that"),
    503: msg("the server cannot answer just now; try again in a moment"),
}


def register_errors(app: Flask) -> None:
    """One handler per kind of failure, each answering with a page or JSON as the request wants."""

    @app.errorhandler(ScorekeeperError)
    def known(err: ScorekeeperError) -> ResponseReturnValue:
        """Bad input (400), no such game (404), no keeper key (403), a conflict (409), storage down (503)."""
        current = getattr(err, "current", None)
        shown = current.to_dict(i18n.voice(getattr(err, "style", None))) if current is not None else None
        return error_response(err.status, err.kind, err.message, err.field, current=shown)

    @app.errorhandler(CSRFError)
    def csrf_failed(err: CSRFError) -> ResponseReturnValue:
        """Explain a form sent without a valid token (an old page, or cookies off)."""
        message = msg(
            "This form has expired or came from another page. Reload the page and send it again; nothing was saved."
        )
        return error_response(400, "csrf", message)

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(err: RequestEntityTooLarge) -> ResponseReturnValue:
        """A body over the limit: 413, nothing read or stored."""
        limit = app.config.get("MAX_CONTENT_LENGTH") or MAX_BODY
        return error_response(
            413,
            "too_large",
            msg("the request is larger than this server takes (%(kb)s KB); nothing was saved", kb=limit // 1024),
        )

    @app.errorhandler(RateLimitExceeded)
    def too_many(err: RateLimitExceeded) -> ResponseReturnValue:
        """A client over one of its rate limits (``common/limits.py``): 429, which limit, when to try again."""
        message, wait = limits.refusal(limits.limiter.current_limit)
        response = make_response(error_response(429, "rate_limited", message, retry_after=wait))
        response.headers["Retry-After"] = str(wait)
        return response

    @app.errorhandler(limits.Busy)
    def busy(err: limits.Busy) -> ResponseReturnValue:
        """The lane for costly work is full, or this address has its share of it (``common/limits.py``): 503, why,
        when to try again, nothing done."""
        response = make_response(error_response(503, "busy", err.message, retry_after=err.retry_after))
        response.headers["Retry-After"] = str(err.retry_after)
        return response

    @app.errorhandler(UnicodeDecodeError)
    def bad_encoding(err: UnicodeDecodeError) -> ResponseReturnValue:
        """An address or form that is not UTF-8 text: 400, nothing read."""
        return error_response(
            400, "bad_encoding", msg("this address or form is not valid text (UTF-8); nothing was read")
        )

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException) -> ResponseReturnValue:
        """JSON errors under /api, a plain page elsewhere."""
        kind = err.name.lower().replace(" ", "_")
        # Werkzeug's own descriptions are English: a page not found, a method not allowed... say them in the
        # reader's language; a description the app wrote (abort(404, _("..."))) is already said.
        own = err.description != type(err).description
        said: Text = (err.description or err.name) if own else HTTP_WORDS.get(err.code or 500, err.name)
        return error_response(err.code or 500, kind, said)

    @app.errorhandler(Exception)
    def unexpected(err: Exception) -> ResponseReturnValue:
        """Never a bare traceback: a short apology, logged for the engineers."""
        app.logger.exception("unexpected error on %s", request.path)
        return error_response(500, "internal", msg("something went wrong on the server; nothing was changed"))
