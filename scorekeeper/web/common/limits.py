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
"""

from __future__ import annotations

import ipaddress
import math
import os
import threading
import time
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import Flask, current_app, request
from flask_limiter import Limiter, RequestLimit

from scorekeeper.rules.text import Msg, msg, nmsg

# Each budget, per client address, as Flask-Limiter's limit strings (several joined with ";").
DEFAULTS = {
    # New games (new-game form, API, rematches), groups and events: a room of 30 tables starts ~120 games an hour.
    "RATELIMIT_CREATE": "60 per minute;600 per hour",
    # Entrants added to an event (form and API), a group's players renamed or merged: a tournament's sign-up desk.
    "RATELIMIT_ENTRANTS": "120 per minute;1000 per hour",
    # Exports (JSON, CSV) and printable sheets and pads, which read and lay out a whole game, group or event.
    "RATELIMIT_EXPORT": "60 per minute;600 per hour",
    # The capture checker (/check, /g/<id>/check) and the API's questions (/moves, /judge, /deal, /score, /sides).
    "RATELIMIT_CHECKER": "120 per minute;2000 per hour",
    # Pages and answers that read a group's or event's whole history (statistics, head-to-head, a player's record,
    # standings, table cards) and QR codes.
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
# exports at once would leave a table's refresh poll waiting its turn behind all of them. So the costly routes
# (every ``export``, ``checker`` and ``heavy`` route) pass through one lane: at most LANE_WIDTH of them run at a
# time, at most LANE_QUEUE more wait (each at most LANE_WAIT seconds), and any more are answered at once with a
# 503 and ``Retry-After`` (``Busy``), nothing done. A waiting thread holds no lock, so the tables' own requests
# (the scoreboard, its poll, recording hands) run beside the one costly request as if it were alone.

LANE_WIDTH = 1
LANE_QUEUE = 12
LANE_WAIT = 10.0  # seconds


class Busy(Exception):
    """The lane for costly work is full: answered 503 with ``Retry-After`` (seconds)."""

    retry_after = 5


class Lane:
    """At most ``width`` callers at a time, at most ``queue`` waiting, each at most ``wait`` seconds."""

    def __init__(self, width: int, queue: int, wait: float):
        self.width, self.queue, self.wait = width, queue, wait
        self._slots = threading.BoundedSemaphore(width)
        self._lock = threading.Lock()
        self._waiting = 0

    def __enter__(self) -> Lane:
        if self._slots.acquire(blocking=False):
            return self
        with self._lock:
            if self._waiting >= self.queue:
                raise Busy()
            self._waiting += 1
        try:
            if not self._slots.acquire(timeout=self.wait):
                raise Busy()
        finally:
            with self._lock:
                self._waiting -= 1
        return self

    def __exit__(self, *exc: object) -> None:
        self._slots.release()


lane = Lane(LANE_WIDTH, LANE_QUEUE, LANE_WAIT)

View = TypeVar("View", bound=Callable[..., Any])


def _costly(limit: Callable[[View], View]) -> Callable[[View], View]:
    """The decorator ``limit`` (a rate limit), with the view run in the lane once the limit let it through."""

    def decorate(view: View) -> View:
        @wraps(view)
        def in_lane(*args: Any, **kwargs: Any) -> Any:
            with lane:
                return view(*args, **kwargs)

        return limit(in_lane)  # type: ignore[arg-type]

    return decorate


create = limiter.shared_limit(_setting("RATELIMIT_CREATE"), "create", methods=CHANGES)
entrants = limiter.shared_limit(_setting("RATELIMIT_ENTRANTS"), "entrants", methods=CHANGES)
export = _costly(limiter.shared_limit(_setting("RATELIMIT_EXPORT"), "export"))
checker = _costly(limiter.shared_limit(_setting("RATELIMIT_CHECKER"), "checker"))
heavy = _costly(limiter.shared_limit(_setting("RATELIMIT_HEAVY"), "heavy"))


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
