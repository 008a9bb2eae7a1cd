"""The README's run command: serve on the network, print the address and its QR code, keep data in instance/."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from scorekeeper.serve import cli as serve
from scorekeeper.serve.cli import announce, lan_addresses, terminal_qr

ROOT = Path(__file__).resolve().parent.parent


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_server_prints_a_phone_address_and_qr_and_serves(tmp_path):
    env = {
        **os.environ,
        "SCOREKEEPER_DATABASE": str(tmp_path / "served.sqlite3"),
        "PYTHONUNBUFFERED": "1",
        "LANGUAGE": "en",
    }
    # A port free when asked can be taken by another process before the server binds it (the suite runs several
    # at once): the server then says so and stops, and the test takes another port.
    for _attempt in range(3):
        port = free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.serve", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        lines = []
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any("Ctrl+C" in line or "already in use" in line for line in lines):
            lines.append(proc.stdout.readline())
        if not any("already in use" in line for line in lines):
            break
        proc.wait(timeout=10)
        proc.stdout.close()
    try:
        output = "".join(lines)
        assert "served.sqlite3" in output
        assert "on any phone on this network" in output
        address = next(line.split()[1] for line in lines if line.startswith("Open "))
        assert address.endswith(f":{port}/")
        if lan_addresses():  # a machine with a network: the address is one a phone can open
            assert address == f"http://{lan_addresses()[0]}:{port}/"
        assert "█" in output  # the QR code, drawn in the terminal
        for _ in range(50):
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read().decode()
                break
            except OSError:
                time.sleep(0.1)
        assert "Scopa Scorekeeper" in page
        # Opened on this machine's loopback, a new game's links still carry the address phones can open.
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/v1/games",
            method="POST",
            data=b'{"sides": [{"name": "Anna"}, {"name": "Bruno"}]}',
            headers={"Content-Type": "application/json"},
        )
        game = json.loads(urllib.request.urlopen(request, timeout=5).read())
        assert game["url"].startswith(address if lan_addresses() else f"http://127.0.0.1:{port}/")
        assert (ROOT / "instance" / "secret_key").stat().st_size > 32
        assert (tmp_path / "served.sqlite3").exists()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        proc.stdout.close()


def test_lan_addresses_are_never_loopback():
    for address in lan_addresses():
        assert not address.startswith("127.")


def test_terminal_qr_draws_a_square_code():
    rows = terminal_qr("http://192.168.1.20:5000/").splitlines()
    assert len(rows) > 10 and len({len(r) for r in rows if r}) == 1


@pytest.fixture
def lan(monkeypatch):
    monkeypatch.setattr(serve, "lan_addresses", lambda: ("192.168.1.20",))


def test_bound_to_loopback_it_says_only_this_machine_can_open_it(lan):
    text = announce("127.0.0.1", 5000, None)
    assert "only this machine can open http://127.0.0.1:5000/" in text
    assert "192.168.1.20" not in text and "on any phone" not in text  # no address nobody can reach


def test_on_every_interface_it_advertises_the_lan_address(lan):
    text = announce("0.0.0.0", 5000, None)
    assert text.startswith("Open http://192.168.1.20:5000/ on any phone on this network")
    assert "█" in text and "On this machine: http://127.0.0.1:5000/" in text


def test_a_configured_address_is_the_one_advertised(lan):
    text = announce("127.0.0.1", 5000, "https://scopa.example/")
    assert text.startswith("Open https://scopa.example/ on any phone") and "192.168.1.20" not in text


def test_bound_to_one_address_that_address_is_advertised(lan):
    text = announce("10.0.0.7", 8080, None)
    assert text.startswith("Open http://10.0.0.7:8080/") and "On this machine: http://10.0.0.7:8080/" in text


def test_the_run_command_speaks_the_machines_language(monkeypatch, lan):
    """On a machine set to Italian the terminal says where to point the phones in Italian; English otherwise."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    said = serve.terminal_language().gettext
    text = announce("0.0.0.0", 5000, None, said)
    assert text.startswith("Apri http://192.168.1.20:5000/ su un telefono di questa rete, o inquadra:")
    assert "Su questo computer: http://127.0.0.1:5000/" in text
    assert said("Ctrl+C stops the server.") == "Ctrl+C ferma il server."
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert serve.terminal_language().gettext("Ctrl+C stops the server.") == "Ctrl+C stops the server."
