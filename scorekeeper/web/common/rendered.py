"""Pages kept once made: a bounded, thread-safe store of rendered text, keyed by everything the text depends on.

A page that reads only the database and the request's language (the viewer's copy of a scoreboard) is the
same for every phone that asks for the same game version: it is made once and kept, so a game followed by
many phones, or a long one, costs a lookup rather than a render. The key must name everything the page
depends on (the database, the game and its version, the language, the address links are built on ...);
what differs per request (the CSRF token, the time the page was sent) is left in the kept text as a mark,
filled in for each request by ``fill``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping

from markupsafe import Markup

# Marks left in a kept page where each request's own value goes. They are written unescaped (Markup), and any
# text a person typed is escaped, so ``<`` in a mark can only ever come from here.
CSRF_MARK = Markup("<!--scorekeeper:csrf-token-->")
RENDERED_MARK = Markup("<!--scorekeeper:rendered-at-->")


class RenderedCache:
    """The most recently used ``size`` texts, the least recently used let go first."""

    def __init__(self, size: int):
        self.size = size
        self._texts: OrderedDict[Hashable, str] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> str | None:
        with self._lock:
            text = self._texts.get(key)
            if text is not None:
                self._texts.move_to_end(key)
            return text

    def put(self, key: Hashable, text: str) -> None:
        with self._lock:
            self._texts[key] = text
            self._texts.move_to_end(key)
            while len(self._texts) > self.size:
                self._texts.popitem(last=False)

    def __len__(self) -> int:
        with self._lock:
            return len(self._texts)

    def clear(self) -> None:
        with self._lock:
            self._texts.clear()


def fill(text: str, values: Mapping[str, str]) -> str:
    """``text`` with each mark replaced by this request's value."""
    for mark, value in values.items():
        text = text.replace(mark, value)
    return text
