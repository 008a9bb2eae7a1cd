"""Who may change a game: the keeper key in a header, or the games this phone keeps (a signed cookie).

A phone keeps at most ``KEPT_MAX`` games (the cookie has to stay under 4 KB). When it would keep
more, finished games are let go first, oldest first; a live game is let go only when every kept
game is live, and then the phone is told which one and given its keeper link to keep it again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import request, session, url_for
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
    """Stop keeping a game on this phone."""
    kept = kept_games()
    kept.pop(game_id, None)
    session[KEPT] = kept


def keeper_key(game_id: str) -> str | None:
    """The keeper key this request carries for the game: the X-Keeper-Key header, or this phone's cookie."""
    return request.headers.get("X-Keeper-Key") or kept_games().get(game_id)


def may_change(game_id: str) -> bool:
    """True when this request may change the game: the X-Keeper-Key header or this phone's cookie."""
    return games.is_keeper(store(), game_id, keeper_key(game_id))


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
    key = request.headers.get("X-Group-Key") or kept_groups().get(group_id)
    return groups.is_keeper(store(), group_id, key)


# --- events ---------------------------------------------------------------------------------------------

EVENTS = "events"  # session key: {event id: organiser key} for the events this phone runs, newest first
EVENTS_MAX = 3  # with the games and groups kept, the cookie stays under 4 KB


def kept_events() -> dict[str, str]:
    """The events this phone runs, newest first: {event id: organiser key}."""
    return _kept_keys(EVENTS)


def keep_event(event_id: str, key: str) -> None:
    """Remember on this phone the event's organiser key (at most EVENTS_MAX events, the oldest let go first)."""
    _keep_key(EVENTS, EVENTS_MAX, event_id, key)
