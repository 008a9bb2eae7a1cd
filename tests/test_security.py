"""Security headers on every response, the keeper cookie kept secret, and templates the CSP allows."""

import re
from pathlib import Path

import pytest

from app import create_app
from tests.conftest import new_game

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def make_app(tmp_path, **config):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite3"), "SECRET_KEY": "t", **config})


def test_every_kind_of_response_carries_the_security_headers(client, game):
    paths = [
        "/",
        "/new",
        "/check?table=1b&hand=1d",
        "/pads",
        "/pads/2",
        f"/g/{game['id']}",
        f"/g/{game['id']}/sheet",
        f"/g/{game['id']}/export.csv",
        f"/qr.svg?path=/g/{game['id']}",
        "/static/app.js",
        "/api/v1/rules",
        "/g/nope",
        "/api/v1/games/nope",
        "/qr.svg?path=/nope",
    ]
    for path in paths:
        r = client.get(path)
        r.close()  # a static file is streamed from an open file
        assert r.status_code < 500, path
        csp = r.headers.get("Content-Security-Policy", "")
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp, path
        assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp, path
        assert r.headers["X-Content-Type-Options"] == "nosniff", path
        assert r.headers["X-Frame-Options"] == "DENY", path
        # Keeper links are secrets in URLs: never sent to another site.
        assert r.headers["Referrer-Policy"] in ("no-referrer", "same-origin"), path


def set_cookie(response):
    cookies = response.headers.getlist("Set-Cookie")
    assert cookies, "the keeper link sets the session cookie"
    return cookies[0].lower()


def test_the_keeper_cookie_is_httponly_and_not_secure_over_plain_http(client, game):
    cookie = set_cookie(client.get(game.keeper_path))
    assert "httponly" in cookie and "secure" not in cookie.replace("httponly", "")


def test_the_keeper_cookie_is_secure_over_https(client, game):
    cookie = set_cookie(client.get(game.keeper_path, base_url="https://localhost"))
    assert "; secure" in cookie and "httponly" in cookie


def test_the_keeper_cookie_is_secure_when_the_configured_address_is_https(tmp_path):
    # TLS ends at a proxy that does not say so: the configured https address is enough.
    client = make_app(tmp_path, EXTERNAL_BASE_URL="https://scopa.example").test_client()
    game = new_game(client, "A", "B")
    assert "; secure" in set_cookie(client.get(game.keeper_path))


def test_x_forwarded_proto_counts_only_behind_a_declared_proxy(tmp_path, monkeypatch):
    https = {"X-Forwarded-Proto": "https"}
    direct = make_app(tmp_path).test_client()
    game = new_game(direct, "A", "B")
    assert "; secure" not in set_cookie(direct.get(game.keeper_path, headers=https))
    monkeypatch.setenv("SCOREKEEPER_PROXY", "1")
    proxied = make_app(tmp_path).test_client()
    assert "; secure" in set_cookie(proxied.get(game.keeper_path, headers=https))
    assert (
        proxied.post("/api/v1/games", json={"sides": [{"name": "A"}, {"name": "B"}]}, headers=https)
        .json["url"]
        .startswith("https://localhost/g/")
    )


INLINE = [
    (re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I), "an inline event handler (on...=)"),
    (re.compile(r"<[a-z][^>]*\sstyle\s*=", re.I), "a style attribute"),
    (re.compile(r"javascript:", re.I), "a javascript: URL"),
    (re.compile(r"<style\b", re.I), "an inline <style>"),
    # A data block (type="application/json") is never run; any other <script> must load a file.
    (re.compile(r"<script\b(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", re.I), "an inline <script>"),
]


@pytest.mark.parametrize("template", sorted(p.relative_to(TEMPLATES).as_posix() for p in TEMPLATES.rglob("*.html")))
def test_no_template_has_what_the_csp_blocks(template):
    text = (TEMPLATES / template).read_text(encoding="utf-8")
    for pattern, what in INLINE:
        assert not pattern.search(text), f"{template} has {what}, which the Content-Security-Policy blocks"
