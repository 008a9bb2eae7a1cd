"""uvicorn's HTTP protocol (httptools) with the limits a public server needs, so no one client takes every phone's
place.

- **Connections per client**: at most PER_CLIENT open connections from one address (an IPv6 address counts by its
  /64, as the rate limits do); more are closed as they open. A club's wifi, where a whole room shares one address,
  holds about three connections a phone: 1,000 is a room of 300 phones. Behind a reverse proxy every connection comes
  from the proxy, so the cap is the proxy's to keep (``docs/deploy.md``) and is off here (0).
- **A deadline to arrive**: a request's headers and body must arrive within REQUEST_DEADLINE seconds of its first
  byte, and a new connection must send its first request within that time too; a connection that trickles is closed
  then. Between requests uvicorn's keep-alive timeout closes an idle connection. An open stream has arrived whole
  (a GET has no body) and is never cut by the deadline.
- **Header size**: a request line and headers over HEADERS_MAX bytes are answered 431 and the connection closed,
  before the app sees anything.

The numbers are read from the environment once per process (``SCOREKEEPER_CONNECTIONS_PER_CLIENT``,
``SCOREKEEPER_REQUEST_DEADLINE``), so every worker process of ``--workers`` keeps the same ones.
"""

from __future__ import annotations

import ipaddress
import os
from asyncio import TimerHandle
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


def _number(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, "") or default)
    except ValueError:
        return default


def per_client() -> int:
    """The cap on one client's connections as the environment sets it now (0: no cap)."""
    return int(_number("SCOREKEEPER_CONNECTIONS_PER_CLIENT", 1000))


PER_CLIENT = per_client()
REQUEST_DEADLINE = _number("SCOREKEEPER_REQUEST_DEADLINE", 15.0)  # seconds
# A phone sends about 1 KB of headers, the session cookie at most 4 KB.
HEADERS_MAX = 32 * 1024

# Open connections per client address in this process.
_open: dict[str, int] = {}


def is_stream(scope: Any) -> bool:
    """Whether a request is one of the live pages' streams (``streams.py``)."""
    return bool(scope) and scope.get("method") == "GET" and str(scope.get("path", "")).endswith("/live")


def client_of(address: str) -> str:
    """Whom a connection counts against: its address, an IPv6 one by its /64 (one home is given a whole /64)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def open_connections(address: str) -> int:
    """How many connections ``address``'s client holds open in this process now."""
    return _open.get(client_of(address), 0)


class GuardedProtocol(HttpToolsProtocol):
    """HttpToolsProtocol with a cap on connections per client, a deadline to arrive and a bound on header size."""

    _counted: str | None = None
    _deadline: TimerHandle | None = None
    _header_bytes = 0
    _refused = False

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        if self.client and PER_CLIENT > 0:
            who = client_of(self.client[0])
            if _open.get(who, 0) >= PER_CLIENT:
                self._refused = True
                transport.close()
                return
            _open[who] = _open.get(who, 0) + 1
            self._counted = who
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._counted is not None:
            left = _open.get(self._counted, 1) - 1
            if left > 0:
                _open[self._counted] = left
            else:
                _open.pop(self._counted, None)
            self._counted = None
        super().connection_lost(exc)

    def shutdown(self) -> None:
        """The server is stopping: a stream never ends by itself, so its connection is closed now (the browser opens
        it again on the server that takes over); any other request is let finish, as uvicorn does."""
        if self.cycle is not None and not self.cycle.response_complete and is_stream(self.scope):
            self.transport.close()
            return
        super().shutdown()

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        super().data_received(data)

    # --- the deadline ----------------------------------------------------------------------------------------------

    def _arm(self) -> None:
        if self._deadline is None and REQUEST_DEADLINE > 0:
            self._deadline = self.loop.call_later(REQUEST_DEADLINE, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport is None or self.transport.is_closing():
            return
        if self.cycle is not None and self.cycle.response_started:
            # The app has answered already (without waiting for the rest of the body): the connection just closes.
            self._refused = True
            self.transport.close()
            return
        self._refuse(408, b"the request did not arrive in time")

    def on_message_begin(self) -> None:
        self._header_bytes = 0
        self._arm()
        super().on_message_begin()

    def on_message_complete(self) -> None:
        self._disarm()
        if self._refused:
            return
        super().on_message_complete()

    # --- header size -----------------------------------------------------------------------------------------------

    def on_url(self, url: bytes) -> None:
        if self._grow(len(url)):
            super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        if self._grow(len(name) + len(value) + 4):
            super().on_header(name, value)

    def on_headers_complete(self) -> None:
        if self._refused:
            return
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        if self._refused:
            return
        super().on_body(body)

    def _grow(self, size: int) -> bool:
        if self._refused:
            return False
        self._header_bytes += size
        if self._header_bytes > HEADERS_MAX:
            self._refuse(431, b"the request's headers are too large")
            return False
        return True

    def _refuse(self, status: int, reason: bytes) -> None:
        """Answer ``status`` with ``reason`` and close: nothing of the request reaches the app."""
        self._refused = True
        self._disarm()
        phrase = {408: b"Request Timeout", 431: b"Request Header Fields Too Large"}[status]
        body = reason + b"\n"
        self.transport.write(
            b"HTTP/1.1 %d %s\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: %d\r\n"
            b"connection: close\r\n\r\n%s" % (status, phrase, len(body), body)
        )
        self.transport.close()
