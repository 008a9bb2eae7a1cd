"""Addresses in links and QR codes: found once, and only ever names this server answers to."""

import socket
import subprocess

import pytest

from app import create_app
from scorekeeper.web.common import addresses

LAN = "192.168.1.20"


@pytest.fixture
def lan(monkeypatch):
    """This machine on a home network at 192.168.1.20."""
    monkeypatch.setattr(addresses, "lan_addresses", lambda: (LAN,))
    return LAN


def make_app(tmp_path, **config):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite3"), "SECRET_KEY": "t", **config})


def game_links(client, base_url="http://localhost", **kw):
    """The viewer and keeper links a new game's API answer gives, asked on ``base_url``."""
    r = client.post("/api/v1/games", json={"sides": [{"name": "Anna"}, {"name": "Bruno"}]}, base_url=base_url, **kw)
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.json["url"], r.json["keeper_url"]


def test_lan_addresses_are_found_once_without_a_subprocess(monkeypatch):
    def no_subprocess(*args, **kwargs):
        raise AssertionError("a subprocess was started to find the addresses")

    monkeypatch.setattr(subprocess, "run", no_subprocess)
    monkeypatch.setattr(subprocess, "Popen", no_subprocess)
    addresses.lan_addresses.cache_clear()
    first = addresses.lan_addresses()
    calls = []
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: calls.append(a) or [])
    assert addresses.lan_addresses() == first
    assert calls == []  # cached: no lookup on later requests
    for address in first:
        assert not address.startswith(("127.", "169.254."))


def test_usable_addresses_drop_loopback_and_link_local_and_put_private_first():
    found = ["127.0.1.1", "81.2.69.160", "169.254.3.3", "10.0.0.7", "192.168.1.20", "10.0.0.7", "::1", "x"]
    assert addresses.usable_addresses(found) == ("10.0.0.7", "192.168.1.20", "81.2.69.160")


def test_links_use_the_address_the_page_was_opened_on_when_the_server_answers_to_it(tmp_path, lan):
    client = make_app(tmp_path).test_client()
    assert game_links(client, f"http://{LAN}:5000")[0].startswith(f"http://{LAN}:5000/g/")
    assert game_links(client, "http://localhost:5000")[0].startswith("http://localhost:5000/g/")
    name = socket.gethostname().lower()
    assert game_links(client, f"http://{name}:5000")[0].startswith(f"http://{name}:5000/g/")


def test_an_unknown_host_is_a_clear_400_and_never_reaches_a_link(tmp_path, lan):
    client = make_app(tmp_path).test_client()
    page = client.get("/", base_url="http://evil.example")
    assert page.status_code == 400 and "SCOREKEEPER_TRUSTED_HOSTS" in page.get_data(as_text=True)
    assert "evil.example" in page.get_data(as_text=True)
    api = client.post("/api/v1/games", json={"sides": [{"name": "A"}, {"name": "B"}]}, base_url="http://evil.example")
    assert api.status_code == 400 and api.json["error"] == "untrusted_host"
    qr = client.get("/qr.svg?path=/new", base_url="http://evil.example")
    assert qr.status_code == 400 and b"evil" not in qr.get_data().split(b"<p>")[0]


def test_a_forged_host_is_replaced_by_the_lan_address_even_without_host_checking(tmp_path, lan):
    app = make_app(tmp_path)
    app.config["TRUSTED_HOSTS"] = None  # as if the check were switched off: links must still hold
    with app.test_request_context("/", base_url="http://evil.example:5000", environ_base={"SERVER_PORT": "5000"}):
        assert addresses.absolute("/g/abc") == f"http://{LAN}:5000/g/abc"


def test_trusted_hosts_come_from_the_environment(tmp_path, lan, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_TRUSTED_HOSTS", " scopa.lan, Tavolo.Home ")
    client = make_app(tmp_path).test_client()
    assert game_links(client, "http://scopa.lan:8080")[0].startswith("http://scopa.lan:8080/g/")
    assert client.get("/", base_url="http://tavolo.home").status_code == 200
    assert client.get("/", base_url="http://other.lan").status_code == 400


def test_the_configured_base_url_wins_and_is_trusted(tmp_path, lan):
    client = make_app(tmp_path, EXTERNAL_BASE_URL="https://scopa.example/").test_client()
    url, keeper = game_links(client, "https://scopa.example")
    assert url.startswith("https://scopa.example/g/") and keeper.startswith("https://scopa.example/g/")
    assert game_links(client, "http://localhost:5000")[0].startswith("https://scopa.example/g/")


def test_loopback_becomes_the_lan_address_only_when_the_server_listens_on_every_interface(tmp_path, lan):
    everywhere = make_app(tmp_path, LISTEN_HOST="0.0.0.0").test_client()
    assert game_links(everywhere, "http://127.0.0.1:5000")[0].startswith(f"http://{LAN}:5000/g/")
    assert game_links(everywhere, "http://localhost:5000")[1].startswith(f"http://{LAN}:5000/g/")
    # Bound to loopback, a LAN address would be one nobody can open: the link stays as it came.
    here = make_app(tmp_path, LISTEN_HOST="127.0.0.1").test_client()
    assert game_links(here, "http://127.0.0.1:5000")[0].startswith("http://127.0.0.1:5000/g/")


def test_the_context_module_still_offers_absolute():
    from scorekeeper.web.common import context

    assert context.absolute is addresses.absolute and context.base_url is addresses.base_url
