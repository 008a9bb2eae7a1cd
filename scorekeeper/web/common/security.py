"""Hosting hardening: security headers on every response, cookies that stay secret, trusted Host names.

``init_app(app)`` sets it all up:

- a Content-Security-Policy with no inline script or style, plus nosniff, no framing and a referrer
  policy that keeps keeper links (secrets in URLs) from leaving the site;
- the session cookie (which holds keeper keys) HttpOnly always, and Secure behind https: when the
  configured address is https, and per request when the request came in over https;
- behind a reverse proxy (``SCOREKEEPER_PROXY=1``) the proxy's X-Forwarded-Proto/-For/-Host are honoured;
- Flask's ``TRUSTED_HOSTS``: the names this server answers to, so any other ``Host`` is a clear 400.
"""

from __future__ import annotations

import os

from flask import Flask, Response, jsonify, request
from flask.sessions import SecureCookieSessionInterface
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from markupsafe import escape
from werkzeug.exceptions import SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper.web.common.addresses import split_hosts, trusted_hosts
from scorekeeper.web.common.i18n import language

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",  # data: for the empty favicon
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    # same-origin, not no-referrer: Flask-WTF checks the Referer of forms sent over https.
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


class SessionInterface(SecureCookieSessionInterface):
    """The signed-cookie session, Secure whenever the request itself came in over https."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


def add_headers(response: Response) -> Response:
    """Every response, pages, errors and images alike, carries the security headers."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def untrusted_host(err: SecurityError) -> ResponseReturnValue:
    """A Host this server does not answer to: 400, without templates (url_for needs a trusted host)."""
    host = request.environ.get("HTTP_HOST", "")
    shown = repr(host[:60] + ("..." if len(host) > 60 else ""))
    message = gettext(
        "This server does not answer to the name %(host)s. Open it at the address it printed when it started, or add "
        "the name to SCOREKEEPER_TRUSTED_HOSTS (or set SCOREKEEPER_BASE_URL).",
        host=shown,
    )
    if request.path.startswith("/api/"):
        return jsonify(error="untrusted_host", message=message, field=None), 400
    title = gettext("Unknown address")
    page = (
        f'<!doctype html><html lang="{escape(language())}"><meta charset="utf-8"><title>{escape(title)} · '
        f"{escape(gettext('Scopa Scorekeeper'))}</title><h1>{escape(title)}</h1><p>{escape(message)}</p></html>"
    )
    return Response(page, status=400, mimetype="text/html")


def init_app(app: Flask) -> None:
    """Apply the headers, cookie, proxy and trusted-host settings to ``app``."""
    config = app.config
    config.setdefault("BEHIND_PROXY", os.environ.get("SCOREKEEPER_PROXY") == "1")
    config.setdefault("EXTRA_TRUSTED_HOSTS", split_hosts(os.environ.get("SCOREKEEPER_TRUSTED_HOSTS")))
    if config["BEHIND_PROXY"]:
        # One proxy in front: trust its X-Forwarded-For, -Proto and -Host, nothing further back. Wrapping wsgi_app is
        # Flask's documented way to add middleware; the type checker sees a method replaced, hence the ignore.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]
    config["TRUSTED_HOSTS"] = [*(config.get("TRUSTED_HOSTS") or ()), *trusted_hosts(config)]
    config["SESSION_COOKIE_HTTPONLY"] = True
    if (config.get("EXTERNAL_BASE_URL") or "").lower().startswith("https://"):
        config["SESSION_COOKIE_SECURE"] = True
    app.session_interface = SessionInterface()
    app.after_request(add_headers)
    app.register_error_handler(SecurityError, untrusted_host)
