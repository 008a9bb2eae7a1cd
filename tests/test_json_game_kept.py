"""The JSON game (``GET /api/v1/games/<id>``) answered from bytes kept per version: the same body as it is made,
gzip for readers that take it, 304 for a version already held, nothing a key opens in it, and a bounded store."""

import gzip
import json

import pytest

from scorekeeper.services import games
from scorekeeper.web.common import kept_json, rendered
from scorekeeper.web.common.context import store
from scorekeeper.web.common.keepers import NO_STORE
from scorekeeper.web.common.rendered import RenderedCache
from scorekeeper.web.common.shapes import game_json
from tests.conftest import new_game

# Two sides scoring 1 each a hand: under the "highest" end a game on equal totals plays on, so it takes any length.
ONE_ALL = [
    {"tally": {"cards": 19, "coins": 5, "settebello": True, "primiera_won": False}, "scopas": 0},
    {"tally": {"cards": 21, "coins": 5, "settebello": False, "primiera_won": False}, "scopas": 0},
]
GZIP = {"Accept-Encoding": "gzip"}


@pytest.fixture(autouse=True)
def nothing_kept():
    """Each test starts with nothing kept (the store is the process's, shared by every app)."""
    rendered.files.clear()
    yield
    rendered.files.clear()


def long_game(client, hands: int, names=("Niccolò", "Zoë 🂡")):
    """A game that never ends, with ``hands`` hands recorded (names beyond ASCII, so the bytes are UTF-8's)."""
    game = new_game(client, *names, rules={"end": "highest"})
    for n in range(hands):
        add_hand(client, game, n)
    return game


def add_hand(client, game, n: int) -> None:
    body = {"submission_id": f"hand-{game.id}-{n:04d}", "sides": ONE_ALL}
    r = client.post(f"/api/v1/games/{game.id}/rounds", json=body, headers=game.keeper)
    assert r.status_code == 201, r.get_json()


def made_now(app, game_id: str, language: str) -> bytes:
    """The body as the API made it for every request before bodies were kept: the game's JSON, made afresh."""
    with app.test_request_context("/", headers={"Accept-Language": language}):
        return json.dumps(game_json(games.get(store(), game_id)), ensure_ascii=False).encode()


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_body_is_the_same_plain_and_gzipped_and_as_made_afresh(app, client, language):
    game = long_game(client, 12)
    url = f"/api/v1/games/{game.id}"
    asked = {"Accept-Language": language}
    plain = client.get(url, headers=asked)
    zipped = client.get(url, headers={**asked, **GZIP})
    refused = client.get(url, headers={**asked, "Accept-Encoding": "gzip;q=0, br"})
    assert plain.status_code == zipped.status_code == refused.status_code == 200
    assert "Content-Encoding" not in plain.headers and "Content-Encoding" not in refused.headers
    assert zipped.headers["Content-Encoding"] == "gzip" and zipped.data[:2] == b"\x1f\x8b"
    assert len(zipped.data) * 5 < len(plain.data)
    expected = made_now(app, game.id, language)
    assert gzip.decompress(zipped.data) == plain.data == refused.data == expected
    assert "Niccolò" in plain.get_data(as_text=True) and len(plain.json["rounds"]) == 12
    assert plain.content_type == zipped.content_type == "application/json"
    for answer in (plain, zipped):
        assert "Accept-Encoding" in answer.vary and "Accept-Language" in answer.vary
        assert int(answer.headers["Content-Length"]) == len(answer.data)
    version = plain.json["version"]
    assert plain.headers["ETag"] == f'"{version}"' and zipped.headers["ETag"] == f'"{version}-gzip"'
    # Read again, from what was kept: the same bytes.
    assert client.get(url, headers={**asked, **GZIP}).data == zipped.data
    assert client.get(url, headers=asked).data == plain.data


def test_each_version_is_made_once_and_compressed_once(client, monkeypatch):
    game = long_game(client, 3)
    made, compressed = [], []
    real_make, real_compress = game_json, gzip.compress
    monkeypatch.setattr("scorekeeper.web.api.games.game_json", lambda score: made.append(1) or real_make(score))
    monkeypatch.setattr(kept_json.gzip, "compress", lambda *a, **k: compressed.append(1) or real_compress(*a, **k))
    url = f"/api/v1/games/{game.id}"
    for _ in range(3):
        assert client.get(url).status_code == 200
        assert client.get(url, headers=GZIP).status_code == 200
    assert (len(made), len(compressed)) == (1, 1)
    add_hand(client, game, 3)
    for _ in range(2):
        assert len(json.loads(gzip.decompress(client.get(url, headers=GZIP).data))["rounds"]) == 4
        assert len(client.get(url).json["rounds"]) == 4
    assert (len(made), len(compressed)) == (2, 2)


@pytest.mark.parametrize("headers", [{}, GZIP], ids=["plain", "gzip"])
def test_a_version_already_held_answers_304_with_no_body(client, headers):
    game = long_game(client, 4)
    url = f"/api/v1/games/{game.id}"
    first = client.get(url, headers=headers)
    tag = first.headers["ETag"]
    again = client.get(url, headers={**headers, "If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == tag and "Accept-Encoding" in again.vary
    # A client that builds the tag from the body's version ("4", as for the scoreboard's poll) hears 304 too.
    version = first.json["version"] if not headers else json.loads(gzip.decompress(first.data))["version"]
    built = client.get(url, headers={**headers, "If-None-Match": f'"{version}"'})
    assert built.status_code == 304 and built.data == b""
    # Another version's tag is no match.
    other = client.get(url, headers={**headers, "If-None-Match": f'"{version - 1}", "{version + 1}-gzip"'})
    assert other.status_code == 200 and other.data == first.data


def test_a_new_hand_changes_the_etag_and_the_body(client):
    game = long_game(client, 2)
    url = f"/api/v1/games/{game.id}"
    before_plain, before_zipped = client.get(url), client.get(url, headers=GZIP)
    add_hand(client, game, 2)
    for before, headers in ((before_plain, {}), (before_zipped, GZIP)):
        after = client.get(url, headers={**headers, "If-None-Match": before.headers["ETag"]})
        assert after.status_code == 200 and after.headers["ETag"] != before.headers["ETag"]
        assert after.data != before.data
        body = json.loads(gzip.decompress(after.data) if headers else after.data)
        assert len(body["rounds"]) == 3 and after.headers["ETag"].startswith(f'"{body["version"]}')


def test_a_keepers_read_and_a_viewers_read_are_the_same_body_with_no_key_in_it(app, client):
    """The JSON game shows nothing a key opens, so one kept copy serves both; a read with the key is answered as
    every keyed read of it always was (and an offline copy's read stays no-store)."""
    game = long_game(client, 3)
    url = f"/api/v1/games/{game.id}"
    viewer = app.test_client()
    for coding in ({}, GZIP):
        rendered.files.clear()
        keyed_first = client.get(url, headers={**coding, **game.keeper})
        unkeyed = viewer.get(url, headers=coding)
        rendered.files.clear()
        unkeyed_first = viewer.get(url, headers=coding)
        keyed = client.get(url, headers={**coding, **game.keeper})
        assert keyed_first.data == unkeyed.data == unkeyed_first.data == keyed.data
        plain = gzip.decompress(keyed.data) if coding else keyed.data
        assert game["keeper_key"].encode() not in plain and b"keeper" not in plain
        assert keyed.headers.get("Cache-Control") == unkeyed.headers.get("Cache-Control")
        offline = client.get(url, headers={**coding, **game.keeper, "X-Offline-Copy": "1"})
        assert offline.status_code == 200 and offline.headers["Cache-Control"] == NO_STORE


def test_what_is_kept_stays_within_its_bound_however_many_big_games_are_read(client, monkeypatch):
    bound = 60_000  # characters, one a byte: the body of a 24-hand game is about 30 KB, so two fit
    held: list[int] = []

    class Watched(RenderedCache):
        def put(self, key, text):
            super().put(key, text)
            keys.append(key)
            held.append(sum(len(self.get(k) or "") for k in dict.fromkeys(keys)))

    keys: list[object] = []
    monkeypatch.setattr(rendered, "files", Watched(64, bound))
    bodies = {}
    for n in range(6):
        game = long_game(client, 24, names=(f"Anna {n}", f"Bruno {n}"))
        url = f"/api/v1/games/{game.id}"
        plain = client.get(url)
        bodies[game.id] = plain.data
        assert 20_000 < len(plain.data) < bound
        assert gzip.decompress(client.get(url, headers=GZIP).data) == plain.data
    assert len(held) >= 12 and max(held) <= bound
    assert 1 <= len(rendered.files) < 12  # some were let go
    # A body let go is made again, the same.
    for game_id, body in bodies.items():
        assert client.get(f"/api/v1/games/{game_id}").data == body


def test_an_unknown_game_is_404_however_it_is_asked(client):
    for headers in ({}, GZIP, {"If-None-Match": '"1"'}, {"Accept-Encoding": "gzip;q=x"}):
        r = client.get("/api/v1/games/nosuchgame0000", headers=headers)
        assert r.status_code == 404 and r.is_json and "Content-Encoding" not in r.headers
