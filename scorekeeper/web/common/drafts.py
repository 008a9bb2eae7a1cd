"""Hands on their way: what a hand form sent, kept on this phone under a short token between a POST and its page.

Every POST of a hand form answers with a redirect (Post/Redirect/Get): a check, an error, a conflict, or a hand
brought back by Undo is stored here and shown by a GET of the form's own address with ``?d=<token>``. So the
browser's Back button never lands on a POST result and never offers to send a form again.

Drafts live in the signed session cookie, which also holds the keeper keys of the phone's games and must stay
under the 4 KB a browser keeps. So they are bounded: at most ``DRAFTS_MAX`` of them (the oldest go first), only
the fields a form knows, and never more than the cookie can take: a draft that does not fit is not stored and
the caller shows its page directly instead.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from flask import current_app, session
from flask.sessions import SecureCookieSessionInterface
from flask_babel import gettext

from scorekeeper.rules.text import Msg, Text

DRAFTS = "drafts"  # session key: {token: draft}, oldest first
DRAFTS_MAX = 3
# What the whole cookie may weigh: browsers keep 4096 bytes per cookie, name and attributes included.
COOKIE_BUDGET = 3800


def _drafts() -> dict[str, dict[str, Any]]:
    held = session.get(DRAFTS)
    if not isinstance(held, dict):
        return {}
    return {k: v for k, v in held.items() if isinstance(k, str) and isinstance(v, dict)}


def _cookie_size(content: Mapping[str, Any]) -> int:
    """The length of the session cookie's value holding ``content``, signed as Flask would send it."""
    interface = current_app.session_interface  # the app's is a signed cookie (security.SessionInterface)
    serializer = None
    if isinstance(interface, SecureCookieSessionInterface):
        serializer = interface.get_signing_serializer(current_app)
    if serializer is None:  # no secret key: nothing can be kept
        return COOKIE_BUDGET + 1
    return len(serializer.dumps(dict(content)))


def stash(game_id: str, mode: str, number: int | None, data: Mapping[str, str], **extra: Any) -> str | None:
    """Keep a form's fields (and what the page should say) under a new token; None if it cannot be kept."""
    draft = {"g": game_id, "m": mode, "n": number, "data": dict(data), **extra}
    token = secrets.token_urlsafe(6)
    held = {**_drafts(), token: draft}
    while len(held) > DRAFTS_MAX:
        held.pop(next(iter(held)))
    while held and _cookie_size({**session, DRAFTS: held}) > COOKIE_BUDGET:
        if next(iter(held)) == token:
            return None  # even alone it is too large (a field typed thousands of characters long)
        held.pop(next(iter(held)))
    session[DRAFTS] = held
    return token


def fit() -> None:
    """Drop the oldest drafts until the cookie is within its budget (after the keeper keys grew)."""
    held = _drafts()
    while held and _cookie_size({**session, DRAFTS: held}) > COOKIE_BUDGET:
        held.pop(next(iter(held)))
    if DRAFTS in session:
        session[DRAFTS] = held


def find(token: str | None, game_id: str) -> dict[str, Any] | None:
    """The draft kept under ``token`` for this game, or None (never kept, gone, or another game's)."""
    if not token:
        return None
    draft = _drafts().get(token)
    if draft is None or draft.get("g") != game_id:
        return None
    return draft


def mark_saved(token: str | None, game_id: str, number: int, mode: str, submission_id: str, round_id: str) -> None:
    """The draft's hand is saved: a Back to its page, or to any earlier page of the same change (the same
    submission id: a form with an error, then corrected), says so instead of offering it again."""
    held = _drafts()
    saved = {"g": game_id, "m": mode, "saved": number, "r": round_id}
    for key, draft in held.items():
        data = draft.get("data")
        same = isinstance(data, dict) and data.get("submission_id") == submission_id
        if draft.get("g") == game_id and (key == token or same):
            held[key] = {**saved, "n": draft.get("n"), "m": draft.get("m", mode)}
    session[DRAFTS] = held


def saved_text(draft: dict[str, Any], hand_exists: Any) -> str:
    """What a Back to the page of a saved hand says: that it is saved, or that it was taken back since."""
    number, round_id = draft.get("saved"), draft.get("r")
    if round_id and not hand_exists(str(round_id)):
        return gettext(
            "Hand %(n)s was saved, then undone or deleted; the scoreboard shows the game as it is now.", n=number
        )
    return gettext("Hand %(n)s is saved.", n=number)


def keepable(text: object) -> object:
    """A message as a draft keeps it until its page is shown: a core message with its parameters (so the page says
    it in the language it is shown in), anything else as the text it reads now."""
    if text is None:
        return None
    if isinstance(text, Msg):
        return {"msg": text.to_data()}
    return str(text)


def readable(kept: object) -> Text:
    """A message kept by ``keepable``, ready to be said."""
    if isinstance(kept, dict):
        return Msg.from_data(kept.get("msg")) or ""
    return str(kept)
