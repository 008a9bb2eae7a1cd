"""The README's run command: serve on the network, print the address and its QR code, keep data in instance/."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from scorekeeper.web.serve import lan_addresses, terminal_qr

ROOT = Path(__file__).resolve().parent.parent


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_server_prints_a_phone_address_and_qr_and_serves(tmp_path):
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_DATABASE": str(tmp_path / "served.sqlite3"), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper.web.serve", "--port", str(port)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)  # fmt: skip
    try:
        lines = []
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any("Ctrl+C" in line for line in lines):
            lines.append(proc.stdout.readline())
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
