"""The scoreboards' version poll answered in front of Flask: the request a room of phones sends most, made cheap.

Every open scoreboard asks ``GET /g/<id>/version`` every POLL_SECONDS (static/scoreboard.js), nearly always to
hear 304: nothing changed. Through Flask that cost about 1 ms of processor a poll (the request context, the
session, the language, the after-request hooks, and opening SQLite), which held about 60 tables of five phones on
2 cores. ``VersionPolls`` sits in front of the app and answers the poll of a game it finds with the version read on
a kept connection (``services.versions``), in a few dozen microseconds, with the same answer the route in
``scoreboard.py`` gives: the version as its ``ETag``, ``Cache-Control: no-cache``, a 304 with no body when the
``If-None-Match`` holds the tag, else ``{"version": N}``, and the security headers of every response. It never
answers from memory: the version is read from the database on every poll, so a poll never says 304 for a game
that changed, whichever process or thread changed it.

Anything else passes on to Flask untouched, and so does a poll it cannot answer for sure: an id the app never
makes, a game not found (Flask's 404 page, in the reader's language), a Host the app does not trust (Flask's
400), a database it cannot read (Flask's own answer, 503 or 404).
"""

from __future__ import annotations

import json
import re
import weakref
from collections.abc import Iterable
from typing import TYPE_CHECKING

from flask import Flask
from werkzeug.sansio.utils import host_is_trusted

from scorekeeper.services.versions import GameVersions, Unreadable
from scorekeeper.web.common.security import HEADERS

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

# The poll's address; a game id is what ``keys.new_id`` makes (URL-safe base64). Any other id goes to Flask.
POLL_PATH = re.compile(r"/g/([A-Za-z0-9_-]{1,64})/version")
# Headers of both answers (the security headers every response of the app carries).
COMMON = [(name, value) for name, value in HEADERS.items()] + [("Cache-Control", "no-cache")]


class VersionPolls:
    """WSGI middleware: answers scoreboards' version polls before Flask, passes every other request on."""

    def __init__(self, app: WSGIApplication, flask_app: Flask, versions: GameVersions):
        self.app = app
        self.config = flask_app.config
        self.versions = versions

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        method = environ.get("REQUEST_METHOD")
        if method == "GET" or method == "HEAD":
            found = POLL_PATH.fullmatch(environ.get("PATH_INFO", ""))
            # The app's database still the one the kept connections read (a setting changed later goes to Flask).
            if found is not None and self.config["DATABASE"] == self.versions.path and self._trusted(environ):
                try:
                    version = self.versions.version(found[1])
                except Unreadable:
                    version = None
                if version is not None:
                    return answer(version, environ, start_response, method == "HEAD")
        return self.app(environ, start_response)

    def _trusted(self, environ: WSGIEnvironment) -> bool:
        """True when Flask would take this Host too (``TRUSTED_HOSTS``): any other goes to Flask, which refuses it."""
        trusted = self.config.get("TRUSTED_HOSTS")
        if not trusted:
            return True
        host = environ.get("HTTP_HOST") or environ.get("SERVER_NAME", "")
        return host_is_trusted(host, trusted)


def version_tag(version: int) -> str:
    """A game version's ``ETag``, the same in this layer and in the route behind it."""
    return f'"{version}"'


def unchanged(tag: str, if_none_match: str) -> bool:
    """Whether a poll's ``If-None-Match`` holds ``tag``: anywhere in it (a list of tags, or a weak W/"7", matches)."""
    return tag in if_none_match


def answer(version: int, environ: WSGIEnvironment, start_response: StartResponse, head: bool) -> list[bytes]:
    """The route's answer for ``version``: 304 with no body when the poll holds its tag, else the version as JSON."""
    tag = version_tag(version)
    headers = [("ETag", tag), *COMMON]
    if unchanged(tag, environ.get("HTTP_IF_NONE_MATCH", "")):
        start_response("304 NOT MODIFIED", headers)
        return []
    body = (json.dumps({"version": version}) + "\n").encode()
    headers += [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
    start_response("200 OK", headers)
    return [] if head else [body]


def init_app(app: Flask) -> None:
    """Put ``VersionPolls`` in front of ``app`` (outermost: call after every other middleware is in place), reading
    versions on connections that close when the app is gone."""
    versions = GameVersions(app.config["DATABASE"])
    app.extensions["scorekeeper.versions"] = versions
    # Wrapping wsgi_app is Flask's documented way to add middleware; the type checker sees a method replaced.
    app.wsgi_app = VersionPolls(app.wsgi_app, app, versions)  # type: ignore[method-assign]
    weakref.finalize(app, versions.close)
