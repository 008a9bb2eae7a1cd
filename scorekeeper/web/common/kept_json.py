"""The JSON game (``GET /api/v1/games/<id>``) answered from its encoded bytes, kept once made per version.

A game's body grows with its hands (about 1.2 KB a hand, 367 KB at 299 hands). It is made once per version of the
game, language and address (``rendered.request_key``) and kept as bytes in ``rendered.files``, the one bounded
store of every kept file, with a gzip copy made from it the first time a reader that takes gzip asks. A request
then costs the version's read (on the poll's kept connection when there is one: no database opened for it), a
lookup, and the bytes sent; a reader that already holds the version hears 304 with no body. A new version's body is
assembled from its hands' encoded JSON, kept from the versions before (``fragments``), so making it does not cost
what making every hand again would.

The body is the same for every reader of a version in a language: nothing in it depends on a keeper key or a
cookie (``Cache-Control`` stays as ``keepers.cache_control`` sets it for every answer).

Nothing else in the app compresses (uvicorn and a2wsgi send bodies as they are given), so this is the only gzip.
"""

from __future__ import annotations

import gzip
from collections.abc import Callable

from flask import Response, current_app, request

from scorekeeper.rules.ledger import GameScore
from scorekeeper.services import games
from scorekeeper.services.errors import NotFound
from scorekeeper.services.versions import GameVersions, Unreadable
from scorekeeper.web.common import rendered
from scorekeeper.web.common.context import store

# zlib's usual level: a 367 KB body (299 hands) becomes about 10 KB in about 1.5 ms, once per version. The time is
# fixed too (mtime 0), so every server process makes the same bytes for the same version: one ETag, one body.
GZIP_LEVEL = 6
GZIP = "gzip"


def version_tag(version: int, coding: str | None = None) -> str:
    """The ``ETag`` of a version's body: the version in quotes, as the scoreboard's poll has it (``"12"``), and a
    strong tag of its own for the gzip copy (``"12-gzip"``): a strong tag names one sequence of bytes."""
    return f'"{version}"' if coding is None else f'"{version}-{coding}"'


def current_version(game_id: str) -> int | None:
    """The game's version as committed now, None for no such game: read on the connection the scoreboards' poll
    keeps (``game/poll.py``) when it reads this app's database, else on the request's own."""
    versions = current_app.extensions.get("scorekeeper.versions")
    if isinstance(versions, GameVersions) and versions.path == current_app.config["DATABASE"]:
        try:
            found = versions.version(game_id)
        except Unreadable:
            found = None
        if found is not None:
            return found
    # No kept connection, one that cannot read, or no such game there: ask the ordinary way (its 404 or 503).
    return games.version(store(), game_id)


def accepts_gzip() -> bool:
    """True when the request's ``Accept-Encoding`` takes gzip (``gzip;q=0`` refuses it; ``*`` takes it)."""
    return request.accept_encodings[GZIP] > 0


def _kept(key: tuple[object, ...]) -> bytes | None:
    # ``rendered.files`` holds text: bytes are kept as their Latin-1 text, one character a byte (CPython stores it at
    # one byte a character, its bound in characters is a bound in bytes, and back to bytes is a copy, not an encoding).
    text = rendered.files.get(key)
    return None if text is None else text.encode("latin-1")


def _keep(key: tuple[object, ...], body: bytes) -> None:
    rendered.files.put(key, body.decode("latin-1"))


def game_answer(game_id: str, make: Callable[[GameScore], bytes]) -> Response:
    """The answer to a read of the game: its body as ``make`` makes it of the scored game (its bytes, made once
    per version and kept), gzip-compressed for a reader that takes gzip, or 304 with no body when ``If-None-Match``
    names the version (either tag of it: a client that builds ``"12"`` from the body's version keeps its 304s
    whatever encoding it takes). ``NotFound`` for no such game."""
    version = current_version(game_id)
    if version is None:
        raise NotFound("game")
    coding = GZIP if accepts_gzip() else None
    asked = request.headers.get("If-None-Match", "")
    for tag in (version_tag(version, coding), version_tag(version, None if coding else GZIP)):
        # The same test as the scoreboard's poll (``poll.unchanged``): the tag anywhere in the header.
        if tag in asked:
            held = Response(status=304, headers={"ETag": tag})
            held.vary.add("Accept-Encoding")
            return held
    key = ("api", "game", game_id)
    plain = _kept(rendered.request_key(*key, version))
    if plain is None:
        score = games.get(store(), game_id)
        # Kept under the version of the game it was made of (which a change since the read above may have moved).
        version = score.game.version
        plain = make(score)
        _keep(rendered.request_key(*key, version), plain)
    body = plain
    if coding == GZIP:
        gzip_key = rendered.request_key(*key, version, GZIP)
        kept = _kept(gzip_key)
        if kept is None:
            kept = gzip.compress(plain, compresslevel=GZIP_LEVEL, mtime=0)
            _keep(gzip_key, kept)
        body = kept
    answer = Response(body, mimetype="application/json", headers={"ETag": version_tag(version, coding)})
    if coding == GZIP:
        answer.headers["Content-Encoding"] = GZIP
    answer.vary.add("Accept-Encoding")
    return answer
