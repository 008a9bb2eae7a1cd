"""Rate limits per client address, with Flask-Limiter: how often one address may create things or run costly work.

Routes carry one decorator line each: ``@limits.create`` (a new game, rematch, group or event, from a form or the
API), ``@limits.entrants`` (players joining an event, a group's players renamed or merged), ``@limits.export``
(downloads and printable sheets), ``@limits.checker`` (the capture checker and the API's move, judge, deal and
score questions) and ``@limits.heavy`` (pages and answers that read a whole group's or event's history, QR codes).
Each is one budget shared by every route with that decorator, counted per client address; a route without one is
never limited. Playing a game is never limited: recording, changing or undoing hands, the scoreboard and its poll
(``/g/<id>/version``), an event page's and its big screen's poll (``/e/<id>/version``), the keeper links.

Why the numbers are safe for a club night: a club's phones often share one public address (the club's wifi), so a
budget must hold a whole room. A busy night is 30 tables: each starts a game about every 15-20 minutes (about 120
creations an hour, 30 in the minute the night starts, against 60 a minute and 600 an hour), and a tournament adds
its entrants all at once (120 players in a few minutes, against 120 a minute and 1,000 an hour). The polls, about
90,000 requests an hour for 120 phones polling every 5 seconds, are not limited at all.

The limits are Flask settings (``RATELIMIT_CREATE`` ... below, in Flask-Limiter's notation: ``"60 per minute;600 per
hour"``), as is where the counts live (``RATELIMIT_STORAGE_URI``: in this process's memory by default, which suits
the one waitress process the app runs in; ``redis://...`` to share them between processes). ``RATELIMIT_ENABLED =
False`` turns them off. A request over a limit is refused before its view runs (nothing is read or saved) with a
429 and a ``Retry-After`` header; the error handler in ``web/__init__.py`` says it in the reader's language.

A pairing starts a game at each table: each counts against the ``create`` budget of the address asking for the
pairing (``spend_creations``), so an event is no way round it; a round that would go over is refused whole, 429,
nothing paired. (A club's 30 tables pair 30 games a round.)

The lane for costly work. The app runs in one process whose threads share one interpreter lock, so what matters to
a table is not how often anyone asks but how much runs at once: a few long requests together leave a table's own
requests (saving a hand, the scoreboard, its poll) waiting behind them. So every request whose cost grows with what
a client built (an event's tables, a group's games, a season's events) runs in one lane: at most ``LANE_WIDTH`` at
a time, a few waiting, the rest answered 503 ``busy`` with ``Retry-After``; beside the one running, a table's
request takes at most about twice what it takes alone. The lane is fair between client addresses (below): one
address asking back to back has one request running and ``LANE_PER_ADDRESS`` waiting, and any other address's
request goes next. In the lane:

- with a rate limit as well (one decorator each): every ``export`` route (downloads, printable sheets and pads),
  every ``checker`` route, and every ``heavy`` one: a group's page and JSON, its statistics and head to head, a
  player's page, the season (page and JSON), the ratings, the ladder when it is made afresh (a ladder kept is a
  lookup), the table cards, an event's standings and rounds in the API, the organiser's event page and event JSON
  (made for each request: they hold the organiser's links and keys), and the organiser's changes to an event
  (ending it, closing a round, a table's result, a withdrawal), which read the event afresh once changed;
- pairing a round, or pairing it again (counted as games started, above);
- only when they are made afresh: the pages every viewer of an event loads (its page, its big screen, its result
  sheet, the public event JSON) and the reading of an event afresh behind a player's own page. A copy kept since
  it was last made is answered as a lookup, never laned nor refused; making it after the event changed is laned
  (``laned``, ``for_viewers``, ``once``), once for all the phones asking for it meanwhile, as is a viewer's page
  that is not a plain GET (another round's tables, a page's offline copy). None of it is counted against a
  budget: a viewer does not choose when the event changes.

Never limited nor laned: anything a table does to play (its scoreboard, recording, changing or undoing hands, the
keeper and table-card links) and the polls (``/g/<id>/version``, ``/e/<id>/version``).
"""

from __future__ import annotations

import ipaddress
import math
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any, TypeVar, cast

from flask import Flask, current_app, g, has_request_context, make_response, request
from flask_limiter import Limiter, RateLimitExceeded, RequestLimit
from flask_limiter._limits import RuntimeLimit
from limits import parse_many

from scorekeeper.rules.text import Msg, msg, nmsg
from scorekeeper.web.common import rendered

# Each budget, per client address, as Flask-Limiter's limit strings (several joined with ";").
DEFAULTS = {
    # New games (new-game form, API, rematches, each table of a round an event pairs), groups and events: a room of
    # 30 tables starts ~120 games an hour.
    "RATELIMIT_CREATE": "60 per minute;600 per hour",
    # Entrants added to an event (form and API), a group's players renamed or merged: a tournament's sign-up desk.
    "RATELIMIT_ENTRANTS": "120 per minute;1000 per hour",
    # Exports (JSON, CSV) and printable sheets and pads, which read and lay out a whole game, group or event.
    "RATELIMIT_EXPORT": "60 per minute;600 per hour",
    # The capture checker (/check, /g/<id>/check) and the API's questions (/moves, /judge, /deal, /score, /sides).
    "RATELIMIT_CHECKER": "120 per minute;2000 per hour",
    # Pages and answers that read a group's or event's whole history (statistics, head-to-head, a player's record,
    # standings, table cards, the organiser's event page and JSON and changes to the event) and QR codes.
    "RATELIMIT_HEAVY": "120 per minute;2000 per hour",
}

# The methods a limit counts: a creating route's form page (GET) is free, sending it (POST) is counted.
CHANGES = ["POST", "PUT", "PATCH", "DELETE"]


def client_address() -> str:
    """Whom a request is counted against: its client address (the proxy's X-Forwarded-For when
    ``SCOREKEEPER_PROXY=1``, as ``security.init_app`` sets up), an IPv6 address by its /64 network, since one
    home or phone is given a whole /64 and could otherwise take a fresh address for every request."""
    address = request.remote_addr or "127.0.0.1"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:  # an IPv4 client seen through an IPv6 socket
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _setting(name: str) -> Callable[[], str]:
    """The limit named ``name`` as the app is configured, read when a request is counted."""
    return lambda: str(current_app.config[name])


limiter = Limiter(
    client_address,
    # A counting store that fails (a Redis server down) lets requests through and logs, never a 500.
    swallow_errors=True,
    strategy="fixed-window",
)

# --- the lane for costly work -----------------------------------------------------------------------------------
#
# A rate limit bounds how often one address asks; it does not stop a few addresses, or many phones at once, from
# asking together. The app runs in one process whose threads share one interpreter lock: eight threads laying out
# exports at once would leave a table's refresh poll waiting its turn behind all of them. So costly work passes
# through one lane: at most LANE_WIDTH requests run in it at a time, at most LANE_QUEUE more wait (each at most
# LANE_WAIT seconds), and any more are answered at once with a 503 and ``Retry-After`` (``Busy``), nothing done. A
# waiting thread holds no lock, so the tables' own requests (the scoreboard, its poll, recording hands) run beside
# the one costly request as if it were alone.
#
# The lane is fair between client addresses (``client_address``): an address has at most one request running in
# it and at most LANE_PER_ADDRESS more waiting; another of its requests is answered ``Busy`` at once, so that one
# address asking back to back cannot fill the queue. When a request leaves the lane, the next one let in is the
# first waiting of the address let in least recently (an address never let in before goes first): while one
# address keeps asking, another's request runs as soon as the one running ends.

LANE_WIDTH = 1
LANE_QUEUE = 12
LANE_WAIT = 10.0  # seconds
LANE_PER_ADDRESS = 3  # requests of one address waiting in the lane, beside its one running

NO_ADDRESS = ""  # whom the lane counts work done outside a request (a command, a test) against


class Busy(Exception):
    """The lane for costly work is full, or this address already has its share of it: answered 503 with
    ``Retry-After`` (seconds) and ``message``."""

    retry_after = 5

    def __init__(self, message: Msg | None = None):
        super().__init__()
        self.message = message or msg(
            "the server is busy with other long requests (exports, sheets, statistics, the checker); nothing was "
            "done. Try again in a few seconds"
        )


class _Ticket:
    """One request waiting in the lane: let in (``admitted``) by the request leaving before it."""

    __slots__ = ("address", "admitted", "ready")

    def __init__(self, address: str):
        self.address = address
        self.admitted = False
        self.ready = threading.Event()


class Lane:
    """At most ``width`` callers at a time, at most ``queue`` waiting, each at most ``wait`` seconds; fair between
    addresses: one running per address, at most ``per_address`` of its own waiting, and the next let in taken
    from the address let in least recently.

    ``with lane:`` counts the caller against this request's client address (``NO_ADDRESS`` outside a request);
    ``enter(address)`` and ``leave(address)`` name it."""

    def __init__(self, width: int, queue: int, wait: float, per_address: int = LANE_PER_ADDRESS):
        self.width, self.queue, self.wait, self.per_address = width, queue, wait, per_address
        self._lock = threading.Lock()
        self._running: dict[str, int] = {}
        self._queued: dict[str, deque[_Ticket]] = {}
        self._waiting = 0
        self._turn = 0
        self._let_in: dict[str, int] = {}  # the turn each address running or waiting was last let in
        self._held = threading.local()  # the addresses this thread entered under, innermost last

    @property
    def waiting(self) -> int:
        """How many requests wait now."""
        return self._waiting

    def waiting_for(self, address: str) -> int:
        """How many requests of ``address`` wait now."""
        with self._lock:
            return len(self._queued.get(address, ()))

    def enter(self, address: str) -> None:
        """Run now, or wait for a turn; ``Busy`` when the queue or the address's share is full, or the wait ran
        out."""
        with self._lock:
            if sum(self._running.values()) < self.width and not self._running.get(address):
                self._let(address)
                return
            if len(self._queued.get(address, ())) >= self.per_address:
                raise Busy(
                    msg(
                        "the server is already working on long requests from your address (exports, sheets, "
                        "statistics, the checker); nothing was done. Try again once they are answered"
                    )
                )
            if self._waiting >= self.queue:
                raise Busy()
            ticket = _Ticket(address)
            self._queued.setdefault(address, deque()).append(ticket)
            self._waiting += 1
        ticket.ready.wait(self.wait)
        with self._lock:
            if ticket.admitted:
                return
            mine = self._queued[address]
            mine.remove(ticket)
            if not mine:
                del self._queued[address]
                self._forget(address)
            self._waiting -= 1
        raise Busy()

    def leave(self, address: str) -> None:
        """The caller from ``address`` is done: the next waiting, if any, is let in."""
        with self._lock:
            left = self._running.get(address, 0) - 1
            if left > 0:
                self._running[address] = left
            else:
                self._running.pop(address, None)
                self._forget(address)
            self._next()

    def _let(self, address: str) -> None:
        self._running[address] = self._running.get(address, 0) + 1
        self._turn += 1
        self._let_in[address] = self._turn

    def _forget(self, address: str) -> None:
        if not self._running.get(address) and address not in self._queued:
            self._let_in.pop(address, None)

    def _next(self) -> None:
        """Let waiting requests in while there is room: each time the first of the address let in least
        recently among those with nothing running."""
        while sum(self._running.values()) < self.width:
            ready = [a for a in self._queued if not self._running.get(a)]
            if not ready:
                return
            address = min(ready, key=lambda a: self._let_in.get(a, 0))
            mine = self._queued[address]
            ticket = mine.popleft()
            if not mine:
                del self._queued[address]
            self._waiting -= 1
            self._let(address)
            ticket.admitted = True
            ticket.ready.set()

    def __enter__(self) -> Lane:
        address = client_address() if has_request_context() else NO_ADDRESS
        self.enter(address)
        held = self._held.__dict__.setdefault("addresses", [])
        held.append(address)
        return self

    def __exit__(self, *exc: object) -> None:
        self.leave(self._held.addresses.pop())


lane = Lane(LANE_WIDTH, LANE_QUEUE, LANE_WAIT)

View = TypeVar("View", bound=Callable[..., Any])
Made = TypeVar("Made")


def laned(view: View) -> View:
    """``view`` run in the lane (a request already in it runs on: it never waits for itself)."""

    @wraps(view)
    def in_lane(*args: Any, **kwargs: Any) -> Any:
        if g.get("in_lane"):
            return view(*args, **kwargs)
        with lane:
            g.in_lane = True
            try:
                return view(*args, **kwargs)
            finally:
                g.in_lane = False

    return cast(View, in_lane)


class _Making:
    """Work under way in the lane for one key: those asking for the same wait for its result."""

    __slots__ = ("done", "made")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.made: tuple[Any] | None = None  # (the result,) once made


# Requests waiting for work another is doing for them, at most: each holds one of the server's threads
# (serve/asgi.py THREADS) as a request waiting in the lane does, and beside the lane's own (LANE_WIDTH +
# LANE_QUEUE) they must leave most threads to the tables.
LANE_FOLLOWERS = 8


_making: dict[Hashable, _Making] = {}
_making_lock = threading.Lock()
_following = 0


def waiting_for_work() -> int:
    """How many requests wait now for work another is doing for them (``once``)."""
    with _making_lock:
        return _following


def once(key: Hashable, work: Callable[[], Made]) -> tuple[Made, bool]:
    """``work()`` run in the lane, once for every request asking for the same ``key`` meanwhile: the first runs
    it, the others wait for it (taking no place in the lane, at most twice LANE_WAIT, else ``Busy``) and are
    given its result; ``Busy`` at once when LANE_FOLLOWERS already wait so. Returns the result and whether this
    request made it. When the first failed, each waiting one runs ``work`` in the lane itself.

    For work that many phones ask for at once when it is not kept (an event changed: every phone following it
    loads it again): one of them makes it, in its turn, instead of all of them queueing (and most refused)."""
    global _following
    with _making_lock:
        making = _making.get(key)
        first = making is None
        if making is None:
            making = _making[key] = _Making()
        elif _following >= LANE_FOLLOWERS:
            raise Busy()
        else:
            _following += 1
    if not first:
        try:
            if not making.done.wait(2 * lane.wait):
                raise Busy()
        finally:
            with _making_lock:
                _following -= 1
        if making.made is not None:
            return making.made[0], False
        return laned(work)(), True
    try:
        made = laned(work)()
        making.made = (made,)
        return made, True
    finally:
        with _making_lock:
            _making.pop(key, None)
        making.done.set()


def for_viewers(view: View) -> View:
    """The making of a page every viewer sees alike, under ``rendered.kept_for_viewers`` (it must sit directly
    below it): made in the lane, once for every viewer asking for the same page meanwhile (``once``); a viewer
    who waited for another's is answered with that page, filled in for this request (as an answer, so that it is
    not kept again under this request's version). Any other request that runs the view (not a plain GET: another
    round asked for, a page's offline copy) runs it in the lane."""

    @wraps(view)
    def making(event_id: str, **more: Any) -> Any:
        if more or not g.get("kept_page"):
            return laned(view)(event_id, **more)
        key = rendered.request_key(request.endpoint, event_id)
        page, mine = once(key, lambda: view(event_id))
        if mine or not isinstance(page, str):
            return page
        return make_response(rendered.for_request(page))

    return cast(View, making)


def _costly(limit: Callable[[View], View]) -> Callable[[View], View]:
    """The decorator ``limit`` (a rate limit), with the view run in the lane once the limit let it through."""

    def decorate(view: View) -> View:
        return limit(laned(view))

    return decorate


create = limiter.shared_limit(_setting("RATELIMIT_CREATE"), "create", methods=CHANGES)
entrants = limiter.shared_limit(_setting("RATELIMIT_ENTRANTS"), "entrants", methods=CHANGES)
export = _costly(limiter.shared_limit(_setting("RATELIMIT_EXPORT"), "export"))
checker = _costly(limiter.shared_limit(_setting("RATELIMIT_CHECKER"), "checker"))
heavy = _costly(limiter.shared_limit(_setting("RATELIMIT_HEAVY"), "heavy"))


def spend_creations(count: int) -> None:
    """Count ``count`` new games (a round's tables, paired) against this address's ``create`` budget, as that many
    games started one by one would be; ``RateLimitExceeded`` (answered 429 with ``Retry-After``, as any limit),
    nothing counted, when that would go over. A round bigger than a whole window's budget (64 tables against 60 a
    minute) needs that window untouched and takes all of it.

    Counted on the same counts as ``@create`` (its key: the address, the scope "create"). Call it before anything is
    made: the caller makes nothing when it raises."""
    if count <= 0 or not (limiter.enabled and limiter.initialized):
        return
    address = client_address()
    prefix = current_app.config.get("RATELIMIT_KEY_PREFIX") or ""
    key = [prefix, address, "create"] if prefix else [address, "create"]
    try:
        strategy = limiter.limiter
        items = parse_many(current_app.config["RATELIMIT_CREATE"])
        for item in items:
            if not strategy.test(item, *key, cost=min(count, item.amount)):
                limiter.context.view_rate_limit = RequestLimit(limiter, item, key, True, True)
                raise RateLimitExceeded(RuntimeLimit(item, client_address, "create", shared=True))
        for item in items:
            strategy.hit(item, *key, cost=min(count, item.amount))
    except RateLimitExceeded:
        raise
    except Exception:  # a counting store that fails lets the pairing through, as for every limit
        current_app.logger.exception("could not count a pairing's games against the create limit")


def init_app(app: Flask) -> None:
    """Count ``app``'s limited routes, with its settings (``RATELIMIT_*``) over the defaults above."""
    config = app.config
    for name, value in DEFAULTS.items():
        # SCOREKEEPER_RATELIMIT_CREATE="200 per minute" and so on set a limit from the environment.
        config.setdefault(name, os.environ.get(f"SCOREKEEPER_{name}") or value)
    config.setdefault("RATELIMIT_STORAGE_URI", os.environ.get("SCOREKEEPER_RATELIMIT_STORAGE_URI") or "memory://")
    # Set here, not left to Flask-Limiter: it would take the last app's setting as the next app's default.
    config.setdefault("RATELIMIT_ENABLED", True)
    limiter.init_app(app)


def refusal(breached: RequestLimit | None) -> tuple[Msg, int]:
    """What a refused request is told (which limit it went over, when to try again) and the seconds to wait."""
    if breached is None:  # not expected: Flask-Limiter notes the limit before it refuses
        return msg("too many requests like this one from your address; nothing was done. Try again in a minute"), 60
    seconds = breached.limit.get_expiry()
    # The window resets on a whole second (the count's expiry): never said as longer than the window itself.
    wait = min(seconds, max(1, math.ceil(breached.reset_at - time.time())))
    if seconds % 3600 == 0:
        period = nmsg("%(n)s hour", "%(n)s hours", seconds // 3600)
    elif seconds % 60 == 0:
        period = nmsg("%(n)s minute", "%(n)s minutes", seconds // 60)
    else:
        period = nmsg("%(n)s second", "%(n)s seconds", seconds)
    message = msg(
        "too many requests like this one from your address (at most %(amount)s in %(period)s); nothing was done. "
        "Try again in %(wait)s",
        amount=breached.limit.amount,
        period=period,
        wait=nmsg("%(n)s second", "%(n)s seconds", wait),
    )
    return message, wait
