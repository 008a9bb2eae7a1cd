"""Installing the app and using it offline: the web app manifest, the service worker and the offline page.

The service worker (``static/sw.js``) is served from the site's root, so that it may look after every page, with
its version and the files of the app's shell filled in: the version is a digest of those files, so any change to
the app's scripts, stylesheets or icons makes a new worker, a new cache, and the old cache goes.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache

from flask import Blueprint, Response, current_app, render_template, request, url_for
from flask_babel import gettext as _

from scorekeeper.web.common.i18n import phone_languages

bp = Blueprint("offline", __name__)

# The shell kept for offline use: every stylesheet and script of the pages, the icons, the offline pages.
SHELL_STATIC = (
    "style.css",
    "grid.css",
    "entry.css",
    "start.css",
    "charts.css",
    "events.css",
    "clash.css",
    "app.js",
    "event.js",
    "live.js",
    "follow.js",
    "queue.js",
    "scoreboard.js",
    "piles.js",
    "grid.js",
    "knocks.js",
    "checker.js",
    "newgame.js",
    "share.js",
    "speak.js",
    "icons/icon-192.png",
    "icons/icon-512.png",
    "icons/apple-touch-icon.png",
)


@cache
def _version(static_folder: str) -> str:
    """A digest of the worker and the shell's files: it changes whenever any of them does."""
    digest = hashlib.sha256()
    for name in ("sw.js", *SHELL_STATIC):
        with open(os.path.join(static_folder, name), "rb") as f:
            digest.update(f.read())
    return digest.hexdigest()[:16]


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, with its version and shell filled in; never cached by HTTP, so updates are seen."""
    static = current_app.static_folder or ""
    with open(os.path.join(static, "sw.js"), encoding="utf-8") as f:
        text = f.read()
    shell = [
        url_for("offline.offline_page"),
        url_for("offline.offline_page", page="checker"),
        url_for("offline.offline_page", page="step"),
        url_for("offline.manifest"),
        *(url_for("static", filename=name) for name in SHELL_STATIC),
    ]
    text = text.replace("__VERSION__", _version(static)).replace("__SHELL__", json.dumps(shell))
    response = Response(text, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: the app installs to a phone's home screen, opens standalone in the app's colours."""
    body = {
        "name": _("Scopa Scorekeeper"),
        "short_name": _("Scopa"),
        "description": _("Tally each hand from the captured piles, settle a disputed capture, print a score sheet."),
        "start_url": url_for("game.home") + "?source=home-screen",
        "scope": "/",
        "id": "/",
        "display": "standalone",
        "background_color": "#fbf8f1",
        "theme_color": "#9b1c1c",
        "lang": phone_languages().best or "en",
        "icons": [
            {"src": url_for("static", filename="icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": url_for("static", filename="icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": url_for("static", filename="icons/maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")


@bp.get("/offline")
def offline_page() -> str:
    """What a page that was never opened on this phone shows without a connection (kept by the worker)."""
    page = request.args.get("page")
    return render_template("offline.html", page=page if page in ("checker", "step") else "")
