"""QR codes as SVG (no Pillow) of this app's own pages, for other phones at the table to open.

``/qr.svg?path=...`` draws a code only for a page of this app (a game, a keeper link, a checker position,
the new-game page), with the path bounded, so a code costs about as much as a page: anything else is a 404.
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache

import qrcode
from flask import Response, abort, request
from markupsafe import Markup, escape

from scorekeeper.services.seating import ENTRANT_ID_MAX
from scorekeeper.web.common import bp
from scorekeeper.web.common.addresses import absolute

# The longest path a code is drawn for. A crowded checker position is about 300 characters; the cost of
# a code grows with its length, so the bound keeps every request cheap.
MAX_PATH = 600
_ID = r"[A-Za-z0-9_-]{1,64}"  # game ids and keeper keys are URL-safe tokens
_KEEPER = re.compile(rf"/g/{_ID}/keep/{_ID}")
# A player's own page at an event (web/event/entrant.py): the event's id and the entrant's place in the list.
_ENTRANT = rf"/e/{_ID}/p/[0-9]{{1,{ENTRANT_ID_MAX}}}"
# The checker's position is in its query: card lists, option names, flags (URL-encoded ASCII only).
_PAGES = re.compile(rf"/new|/g/{_ID}|{_KEEPER.pattern}|{_ENTRANT}|/check(\?[A-Za-z0-9_.,~=&%+-]*)?")
NOT_OURS = (
    "A QR code is made only for this app's own pages: a game (/g/...), a keeper link, a player's own page "
    "at an event (/e/.../p/...), a capture checker "
    f"position (/check?...) or the new-game page (/new), in at most {MAX_PATH} characters."
)
# Any of the eight mask patterns is valid; choosing one instead of scoring all eight (qrcode's default)
# makes a code several times cheaper to draw, and phone cameras read every pattern.
_MASK = 2


@lru_cache(maxsize=512)
def svg_of(text: str) -> str:
    """A standalone SVG QR code of ``text``: black modules on white, with the quiet zone of four modules.

    Codes are cached: the same links are shown again and again.
    """
    code = qrcode.QRCode(border=4, mask_pattern=_MASK)
    code.add_data(text)
    code.make(fit=True)
    rows = code.get_matrix()
    size = len(rows)
    path = []
    for y, row in enumerate(rows):
        x = 0
        for dark, run in itertools.groupby(row):
            n = len(list(run))
            if dark:
                path.append(f"M{x},{y}h{n}v1h-{n}z")
            x += n
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}">'
        f'<rect width="{size}" height="{size}" fill="#fff"/><path d="{"".join(path)}" fill="#000"/></svg>'
    )


def qr_svg(text: str, label: str) -> Markup:
    """An inline SVG QR code of ``text``, sized by CSS, described by ``label`` for screen readers."""
    return Markup(svg_of(text).replace("<svg", f'<svg class="qr" role="img" aria-label="{escape(label)}"', 1))


def is_own_page(path: str) -> bool:
    """True for a path a code may be drawn for: one of this app's pages, short and ASCII."""
    return len(path) <= MAX_PATH and _PAGES.fullmatch(path) is not None


def qr_response(path: str) -> Response:
    """The ``/qr.svg`` response for ``path``, or a 404 saying which pages get a code."""
    if not is_own_page(path):
        abort(404, NOT_OURS)
    response = Response(svg_of(absolute(path)), mimetype="image/svg+xml")
    # A keeper link is a password in a picture: never kept by a shared cache, nor on disk.
    keeper = _KEEPER.fullmatch(path) is not None
    response.headers["Cache-Control"] = "private, no-store" if keeper else "public, max-age=86400"
    return response


@bp.get("/qr.svg")
def qr_code() -> Response:
    """A QR code (SVG) of one of this app's own addresses, e.g. ``/qr.svg?path=/g/abc``."""
    return qr_response(request.args.get("path", ""))
