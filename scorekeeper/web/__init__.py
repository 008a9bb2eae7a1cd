"""The web shell: pages and the JSON API around the rules core."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException

from scorekeeper.games import GameNotFound
from scorekeeper.store import Store

from . import api, checker, pages, security, sheets
from .context import close_store
from .forms import new_submission_id

csrf = CSRFProtect()


def register(app: Flask) -> None:
    """Attach CSRF protection, the blueprints and the error pages to ``app``."""
    Store(app.config["DATABASE"]).migrate()
    app.teardown_appcontext(close_store)
    csrf.init_app(app)
    security.init_app(app)
    # The JSON API takes no forms; writes to a game are guarded by the keeper key.
    csrf.exempt(api.bp)
    app.jinja_env.globals["new_submission_id"] = new_submission_id
    app.register_blueprint(pages.bp)
    app.register_blueprint(checker.bp)
    app.register_blueprint(sheets.bp)
    app.register_blueprint(api.bp)

    @app.errorhandler(CSRFError)
    def csrf_failed(err: CSRFError):
        """Explain a form sent without a valid token (an old page, or cookies off)."""
        message = ("This form has expired or came from another page. Reload the page and send it again; "
                   "nothing was saved.")  # fmt: skip
        return render_template("error.html", code=400, message=message), 400

    @app.errorhandler(GameNotFound)
    def game_not_found(err: GameNotFound):
        """An unknown game or hand: 404."""
        if request.path.startswith("/api/"):
            return api.error_response(404, "not_found", err.message)
        return render_template("error.html", code=404, message=err.message[0].upper() + err.message[1:] + "."), 404

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):
        """JSON errors under /api, a plain page elsewhere."""
        if request.path.startswith("/api/"):
            return api.error_response(err.code or 500, err.name.lower().replace(" ", "_"), err.description)
        return render_template("error.html", code=err.code, message=err.description), err.code

    @app.errorhandler(Exception)
    def unexpected(err: Exception):
        """Never a bare traceback: a short apology, logged for the engineers."""
        app.logger.exception("unexpected error on %s", request.path)
        if request.path.startswith("/api/"):
            return jsonify(error="internal", message="Something went wrong on the server; nothing was changed."), 500
        return render_template("error.html", code=500, message="Something went wrong; nothing was changed."), 500
