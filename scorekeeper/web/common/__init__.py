"""What every feature shares: the request's store, keeper keys on this phone, drafts, languages, security
headers, widgets, charts, QR codes, the offline shell and the API's shapes. ``bp`` serves the QR codes."""

from flask import Blueprint

bp = Blueprint("common", __name__)

from . import live, qr  # noqa: E402, F401  (add /qr.svg and the streams to bp)
