"""QR codes as inline SVG (no Pillow), for addresses other phones at the table can open."""

from __future__ import annotations

import re
from functools import lru_cache

import qrcode
import qrcode.image.svg
from markupsafe import Markup, escape


@lru_cache(maxsize=512)
def qr_svg(text: str, label: str) -> Markup:
    """An inline SVG QR code of ``text``, sized by CSS, described by ``label`` for screen readers.

    Codes are cached: drawing one takes milliseconds, and the same links are shown again and again.
    """
    # A quiet zone of four modules, as the QR specification asks, so phone cameras find the code.
    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, border=4)
    svg = image.to_string(encoding="unicode")
    # qrcode gives every code id="qr-path"; a page may hold two codes, and ids must be unique.
    svg = svg.replace(' id="qr-path"', "")
    svg = re.sub(r'^<svg width="[^"]*" height="[^"]*"', "<svg", svg, count=1)
    svg = svg.replace("<svg", f'<svg class="qr" role="img" aria-label="{escape(label)}"', 1)
    return Markup(svg)
