"""Who may change a game: the keeper key in a header, or the games this phone keeps (a signed cookie).

A phone keeps at most ``KEPT_MAX`` games (the cookie has to stay under 4 KB). When it would keep
more, finished games are let go first, oldest first; a live game is let go only when every kept
game is live, and then the phone is told which one and given its keeper link to keep it again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import Response, g, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from scorekeeper.services import games, groups
from scorekeeper.services.errors import Forbidden, NotFound
from scorekeeper.web.common.context import absolute, store

KEPT = "kept"  # session key: {game id: keeper key} for the games this phone keeps, newest first
KEPT_MAX = 50


def kept_games() -> dict[str, str]:
    """The games this phone keeps, newest first: {game id: keeper key}."""
    kept = session.get(KEPT)
    if not isinstance(kept, dict):
        return {}
    return {k: v for k, v in kept.items() if isinstance(k, str) and isinstance(v, str)}


def keep(game_id: str, key: str) -> list[str]:
    """Remember on this phone that it keeps the game; returns messages about any game it let go."""
    kept = {game_id: key, **{k: v for k, v in kept_games().items() if k != game_id}}
    let_go: list[str] = []
    if len(kept) > KEPT_MAX:
        older = list(kept)[1:][::-1]  # oldest first
        finished = [gid for gid in older if _over(gid)]
        live = [gid for gid in older if gid not in finished]
        for gid in (finished + live)[: len(kept) - KEPT_MAX]:
            dropped_key = kept.pop(gid)
            if gid in live:
                let_go.append(_let_go_message(gid, dropped_key))
    session[KEPT] = kept
    session.permanent = True
    return let_go  # drafts make room for the keys in the cookie (drafts.fit, after every request)


def _over(game_id: str) -> bool:
    """True for a finished game (or one no longer on the server): the first to let go."""
    try:
        return games.get(store(), game_id).finished
    except NotFound:
        return True


def _let_go_message(game_id: str, key: str) -> str:
    name = games.get(store(), game_id).game.name
    link = absolute(url_for("game.keep_game", game_id=game_id, key=key))
    return gettext(
        "This phone keeps at most %(max)s games, so it no longer keeps “%(game)s”. To keep score of it again on this "
        "phone, open its keeper link: %(link)s",
        max=KEPT_MAX,
        game=name,
        link=link,
    )


def forget(game_id: str) -> None:
    """Stop keeping a game on this phone, and have the next page clear what the phone cached of it."""
    kept = kept_games()
    kept.pop(game_id, None)
    session[KEPT] = kept
    session[FORGET] = [url_for("game.scoreboard", game_id=game_id)]


FORGET = "forget"  # session key: the addresses whose offline copies the next page deletes (static/app.js)


def pages_to_forget() -> list[str]:
    """The addresses (each with everything under it) whose copies this phone deletes now, said once by the page
    after a *Stop keeping*: that page is never stored, so an old copy of it cannot delete anything later."""
    if FORGET not in session:
        return []
    paths = session.pop(FORGET)
    if not isinstance(paths, list):
        return []
    opened_by_key()
    return [p for p in paths if isinstance(p, str)]


def keeper_key(game_id: str) -> str | None:
    """The keeper key this request carries for the game: the X-Keeper-Key header, or this phone's cookie."""
    return request.headers.get("X-Keeper-Key") or kept_games().get(game_id)


def may_change(game_id: str) -> bool:
    """True when this request may change the game: the X-Keeper-Key header or this phone's cookie."""
    if games.is_keeper(store(), game_id, keeper_key(game_id)):
        opened_by_key()
        return True
    return False


def keeper_link(game_id: str) -> str | None:
    """The keeper link (a path) of a game this phone keeps, for its page to show; None in an offline copy."""
    key = kept_games().get(game_id)
    if key is None or offline_copy() or not games.is_keeper(store(), game_id, key):
        return None
    opened_by_key()
    return url_for("game.keep_game", game_id=game_id, key=key)


# What a page refuses to a phone without the keeper key (the API names the header instead).
VIEWERS_COPY = "only a phone that opened this game's keeper link can change it; this is the viewer's copy"


def keeper_only(game_id: str) -> None:
    """``NotFound`` for an unknown game, ``Forbidden`` without its keeper key."""
    if games.version(store(), game_id) is None:
        raise NotFound("game")
    if not may_change(game_id):
        raise Forbidden("game")


def keeper_required(view: Callable[..., ResponseReturnValue]) -> Callable[..., ResponseReturnValue]:
    """A view (taking ``game_id``) that changes a game: 404 for no game, 403 for a viewer's phone."""

    @wraps(view)
    def guarded(*args: Any, game_id: str, **kwargs: Any) -> ResponseReturnValue:
        try:
            keeper_only(game_id)
        except Forbidden:
            raise Forbidden("game", VIEWERS_COPY, None) from None
        return view(*args, game_id=game_id, **kwargs)

    return guarded


# --- groups ----------------------------------------------------------------------------------------------

GROUPS = "groups"  # session key: {group id: group key} for the groups this phone keeps, newest first
GROUPS_MAX = 5  # with the 50 games, the cookie stays under 4 KB


def _kept_keys(name: str) -> dict[str, str]:
    """A {id: key} map kept in the session under ``name`` (groups, events), newest first; anything else is none."""
    kept = session.get(name)
    if not isinstance(kept, dict):
        return {}
    return {k: v for k, v in kept.items() if isinstance(k, str) and isinstance(v, str)}


def _keep_key(name: str, limit: int, item_id: str, key: str) -> None:
    """Put ``item_id``'s key first in the session's ``name`` map, keeping at most ``limit`` (the oldest go)."""
    kept = {item_id: key, **{k: v for k, v in _kept_keys(name).items() if k != item_id}}
    session[name] = dict(list(kept.items())[:limit])
    session.permanent = True


def kept_groups() -> dict[str, str]:
    """The groups this phone keeps (may start games in), newest first: {group id: group key}."""
    return _kept_keys(GROUPS)


def keep_group(group_id: str, key: str) -> None:
    """Remember on this phone the group's key (at most GROUPS_MAX groups, the oldest let go first)."""
    _keep_key(GROUPS, GROUPS_MAX, group_id, key)


def may_change_group(group_id: str) -> bool:
    """True when this request may start games in the group: the X-Group-Key header or this phone's cookie."""
    if offline_copy():  # the viewer's group page: no keeper link, no keeper's tools
        return False
    key = request.headers.get("X-Group-Key") or kept_groups().get(group_id)
    if groups.is_keeper(store(), group_id, key):
        opened_by_key()
        return True
    return False


# --- events ---------------------------------------------------------------------------------------------

EVENTS = "events"  # session key: {event id: organiser key} for the events this phone runs, newest first
EVENTS_MAX = 3  # with the games and groups kept, the cookie stays under 4 KB


def kept_events() -> dict[str, str]:
    """The events this phone runs, newest first: {event id: organiser key}."""
    return _kept_keys(EVENTS)


def keep_event(event_id: str, key: str) -> None:
    """Remember on this phone the event's organiser key (at most EVENTS_MAX events, the oldest let go first)."""
    _keep_key(EVENTS, EVENTS_MAX, event_id, key)


def kept_event_key(event_id: str) -> str | None:
    """The organiser key this phone holds for the event, unchecked; None in an offline copy (the public page)."""
    return None if offline_copy() else kept_events().get(event_id)


# --- pages opened by a key, and their offline copies -----------------------------------------------------
#
# A page opened by a key (the keeper's scoreboard and hand forms, the group's keeper page, the organiser's
# event page, the stop-keeping page) may show the key itself: it is answered ``private, no-store``, so neither
# the browser nor the service worker (static/sw.js) keeps it. The worker asks instead for the page's offline
# copy (the ``X-Offline-Copy: 1`` header): the same page without any key in it (no keeper or organiser link, no
# keeper QR; a group or event as its viewers see it; a game's hand forms stay, they carry only the session's
# CSRF token), which it may keep. Every function above that finds a key valid marks the request here, so a new
# page that shows a key is covered by asking for the key the usual way.

OFFLINE_COPY = "X-Offline-Copy"
NO_STORE = "private, no-store"
COPY_CACHE = "private, no-cache"  # the worker keeps it; the browser asks the server again before showing it


def offline_copy() -> bool:
    """True when the service worker asks for a page's copy for offline use: nothing secret may be in it."""
    return request.headers.get(OFFLINE_COPY) == "1"


def opened_by_key() -> None:
    """Mark this request as opened by a key: its answer is never stored (see ``cache_control``)."""
    g.opened_by_key = True


def _held_keys() -> set[str]:
    """Every key this request carries: the phone's kept games, groups and events, and the API's headers."""
    held = {*kept_games().values(), *kept_groups().values(), *kept_events().values()}
    held.update(request.headers.get(name, "") for name in ("X-Keeper-Key", "X-Group-Key"))
    return {key for key in held if key}


def cache_control(response: Response) -> Response:
    """After every request: a page opened by a key is ``no-store``; an offline copy may be kept unless, against
    every page's care, a key this phone holds is in it after all (then it is ``no-store`` too)."""
    if offline_copy():
        # Only a page read whole can be checked; anything else (a stream, a file) is not kept.
        readable = response.mimetype == "text/html" and not response.is_streamed and not response.direct_passthrough
        body = response.get_data() if readable else b""
        leaked = not readable or any(key.encode() in body for key in _held_keys())
        response.headers["Cache-Control"] = NO_STORE if leaked else COPY_CACHE
        response.vary.add(OFFLINE_COPY)
    elif g.get("opened_by_key"):
        response.headers["Cache-Control"] = NO_STORE
        response.vary.add(OFFLINE_COPY)
    return response
