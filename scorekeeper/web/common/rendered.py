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
from collections.abc import Callable, Hashable, Mapping
from datetime import UTC, datetime
from functools import wraps
from typing import Any, TypeVar, cast

from flask import current_app, g, request, session
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from scorekeeper.services import events
from scorekeeper.web.common.addresses import absolute
from scorekeeper.web.common.context import store
from scorekeeper.web.common.i18n import language
from scorekeeper.web.common.keepers import FORGET

# Marks left in a kept page where each request's own value goes. They are written unescaped (Markup), and any
# text a person typed is escaped, so ``<`` in a mark can only ever come from here.
CSRF_MARK = Markup("<!--scorekeeper:csrf-token-->")
RENDERED_MARK = Markup("<!--scorekeeper:rendered-at-->")


class RenderedCache:
    """The most recently used ``size`` texts, at most ``chars`` characters in all, the least recently used let go
    first (a text longer than ``chars`` alone is made for its request and never kept)."""

    def __init__(self, size: int, chars: int | None = None):
        self.size = size
        self.chars = chars
        self._texts: OrderedDict[Hashable, str] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> str | None:
        with self._lock:
            text = self._texts.get(key)
            if text is not None:
                self._texts.move_to_end(key)
            return text

    def put(self, key: Hashable, text: str) -> None:
        if self.chars is not None and len(text) > self.chars:
            return
        with self._lock:
            old = self._texts.pop(key, None)
            self._held += len(text) - (len(old) if old is not None else 0)
            self._texts[key] = text
            while len(self._texts) > self.size or (self.chars is not None and self._held > self.chars):
                _, gone = self._texts.popitem(last=False)
                self._held -= len(gone)

    def keep(self, key: Hashable, make: Callable[[], str]) -> str:
        """The text kept under ``key``, made by ``make`` (outside the lock) and kept if there is none."""
        text = self.get(key)
        if text is None:
            text = make()
            self.put(key, text)
        return text

    def __len__(self) -> int:
        with self._lock:
            return len(self._texts)

    def clear(self) -> None:
        with self._lock:
            self._texts.clear()
            self._held = 0


# Files and pages a read can ask for that grow with the thing they show (a game's exports, an event's exports,
# result sheet and big screen): each made once per version of what it shows and kept, up to FILES texts and
# FILE_CHARS characters in all (a festival's JSON export is about a million).
FILES = 64
FILE_CHARS = 64_000_000
files = RenderedCache(FILES, FILE_CHARS)


def kept(parts: tuple[Hashable, ...], version: Callable[[], Hashable], make: Callable[[], str]) -> str:
    """The text ``make`` makes of the thing ``parts`` names, made once per ``version()`` of it and kept in
    ``files``. The text is kept only if the version is the same after it was made as before, so it is never
    kept under a version other than the one it shows."""
    before = version()
    key = request_key(*parts, before)
    text = files.get(key)
    if text is None:
        text = make()
        if version() == before:
            files.put(key, text)
    return text


def kept_event(kind: str, event_id: str, make: Callable[[], str]) -> str:
    """The text ``make`` makes of an event (its ``kind``: an export, a page), made once per content of the event
    and its tables' games (its edition) and kept (``NotFound`` for no event)."""
    return kept(("event", kind, event_id), lambda: events.edition(store(), event_id), make)


class _NotAPage(Exception):
    """A view asked for a page to keep answered something else (a redirect): it is sent as it is."""

    def __init__(self, answer: Any):
        self.answer = answer


View = TypeVar("View", bound=Callable[..., Any])


def kept_for_viewers(kind: str, unless: Callable[[str], bool] = lambda event_id: False) -> Callable[[View], View]:
    """An event's page (``kind``) that every viewer sees alike, made once per content of the event and kept: a
    plain GET (``plain_get``) is answered from the kept page, with its own CSRF token and time filled in; any
    other request, or one for which ``unless(event_id)`` (the organiser's phone), runs the view as usual."""

    def decorate(view: View) -> View:
        @wraps(view)
        def kept(event_id: str, **more: Any) -> Any:
            if more or not plain_get() or unless(event_id):
                return view(event_id, **more)

            def make() -> str:
                g.kept_page = True
                try:
                    page = view(event_id)
                finally:
                    g.kept_page = False
                if not isinstance(page, str):
                    raise _NotAPage(page)
                return page

            try:
                return for_request(kept_event(kind, event_id, make))
            except _NotAPage as other:
                return other.answer

        return cast(View, kept)

    return decorate


def request_key(*parts: Hashable) -> tuple[Hashable, ...]:
    """A key naming what a kept text depends on beside ``parts`` (the thing and its version): the database, the
    reader's language and the address links are built on."""
    return (current_app.config["DATABASE"], language(), absolute("/"), *parts)


# Headers a browser or a proxy sends on an ordinary page load; any other ``X-`` header, or ``Service-Worker``,
# may ask for a variant of the page, which is not kept.
_ORDINARY_X = ("x-forwarded-", "x-real-ip", "x-requested-with")


def plain_get(reads_query: bool = True, keyed: frozenset[str] = frozenset()) -> bool:
    """True for a GET of a page's bare address with nothing pending for this phone in its session (a message to
    show, copies to delete): the request any phone would make, answered alike for all.

    A ``?lang=`` alone still asks for the same page: the language is part of every kept page's key
    (``request_key``), and the language switch drops it from the address it goes back to. A page that reads
    nothing else from its query (``reads_query=False``) is the same page whatever the query says: any query is
    ignored (such a page must not carry the request's query, the address ``here``, into its kept text). A page
    that keeps a copy per value of some query arguments (``keyed``, e.g. a season's days: the caller puts them in
    its key) may have those too.
    """
    if request.method != "GET":
        return False
    if reads_query and request.query_string and not set(request.args) <= {"lang", *keyed}:
        return False
    if "_flashes" in session or FORGET in session:
        return False
    for name, _value in request.headers.items():
        lowered = name.lower()
        if lowered == "service-worker" or (lowered.startswith("x-") and not lowered.startswith(_ORDINARY_X)):
            return False
    return True


MARKS: dict[str, Any] = {"csrf_token": lambda: CSRF_MARK, "rendered_at": RENDERED_MARK}
"""Template values to render a kept page with: its marks in place of this request's CSRF token and time."""


def for_request(page: str) -> str:
    """A kept page (rendered with ``MARKS``) with this request's CSRF token and time filled in."""
    return fill(page, {CSRF_MARK: generate_csrf(), RENDERED_MARK: datetime.now(UTC).isoformat(timespec="seconds")})


def fill(text: str, values: Mapping[str, str]) -> str:
    """``text`` with each mark replaced by this request's value."""
    for mark, value in values.items():
        text = text.replace(mark, value)
    return text
