"""Scopa Scorekeeper: the Flask application factory."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta

from flask import Flask

from scorekeeper.web import register


def _secret_key(instance_path: str) -> str:
    """The app's secret key, generated into ``instance/secret_key`` on first run (never in the repo)."""
    path = os.path.join(instance_path, "secret_key")
    try:
        with open(path, encoding="ascii") as f:
            key = f.read().strip()
        if key:
            return key
    except FileNotFoundError:
        pass
    key = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(key + "\n")
    return key


def create_app(test_config: dict | None = None) -> Flask:
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
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.update(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(app.instance_path)
    app.json.sort_keys = False
    register(app)
    return app
