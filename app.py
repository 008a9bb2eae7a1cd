"""Scopa Scorekeeper: the Flask application factory."""

from __future__ import annotations

import os
import secrets
import time
from datetime import timedelta
from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from scorekeeper.web import LIMITS, register


def _secret_key(instance_path: str) -> str:
    """The app's secret key, generated into ``instance/secret_key`` on first run (never in the repo).

    Several processes may start at once on a new instance: each writes a candidate to its own file
    and links it into place, which succeeds for one of them only; all then use the key that won.
    """
    path = os.path.join(instance_path, "secret_key")
    for _ in range(50):
        try:
            with open(path, encoding="ascii") as f:
                key = f.read().strip()
            if key:
                return key
        except FileNotFoundError:
            candidate = f"{path}.{os.getpid()}.{secrets.token_hex(4)}"
            fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="ascii") as f:
                f.write(secrets.token_hex(32) + "\n")
            try:
                os.link(candidate, path)
            except FileExistsError:
                pass
            finally:
                os.unlink(candidate)
            continue
        time.sleep(0.02)
    raise RuntimeError(f"{path} is empty; delete it to have a new key generated")


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create the app; ``test_config`` replaces ``instance/config.py`` (TESTING, DATABASE, ...)."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(
        DATABASE=os.environ.get("SCOREKEEPER_DATABASE") or os.path.join(app.instance_path, "scorekeeper.sqlite3"),
        # A game at the table lasts longer than Flask-WTF's one-hour default.
        WTF_CSRF_TIME_LIMIT=None,
        # A fixed address for links and QR codes when the app is hosted (e.g. https://scopa.example).
        EXTERNAL_BASE_URL=os.environ.get("SCOREKEEPER_BASE_URL"),
        # The keeper cookie should outlive a season of Friday games.
        PERMANENT_SESSION_LIFETIME=timedelta(days=365),
        # The cookie is written only by a request that changes it: a request answered late (a poll, the service
        # worker filling its cache) must never put back an older cookie over a keeper key just added.
        SESSION_REFRESH_EACH_REQUEST=False,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
    )
    app.config.update(LIMITS)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.update(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(app.instance_path)
    if isinstance(app.json, DefaultJSONProvider):
        app.json.sort_keys = False  # answers keep the order API.md shows
    register(app)
    return app
