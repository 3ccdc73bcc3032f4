"""A fake board's `handle(httpx.Request) -> httpx.Response` behind a real loopback HTTP
server, reached through the board client's own `LeanTransport`: the same tests then exercise
real bytes on a real socket (request line, headers, form bodies, chunked and sized answers,
keep-alive) instead of httpx's in-memory mock.

`relay(handle)` is a `LeanTransport` whose connections, whatever origin the client asks
for, go to the relay's server; the request keeps its `Host` header, and the server rebuilds
the request the board sees from what came over the wire. Answers alternate between a
`Content-Length` and chunked transfer. A fault a fake board raises (`httpx.ReadTimeout`,
`httpx.ConnectError`, ...) cannot travel as bytes: the server answers 599 naming it and the
transport raises it on the client's side.

`FakeBoardBase.transport()` hands out a relay instead of a mock transport when
`MAFIABOT_TEST_LEAN_RELAY` is set (`tests/test_lean_transport.py` runs the scraper's test
files so once more).
"""

from __future__ import annotations

import http.client
import itertools
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx

from scraper.transport import LeanTransport, Origin

ENV = "MAFIABOT_TEST_LEAN_RELAY"
_RAISED = "X-Relay-Raised"
_SCHEME = "X-Relay-Scheme"
_HOP = {"content-length", "transfer-encoding", "connection", "keep-alive"}

Handle = Callable[[httpx.Request], httpx.Response]


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that hung up is no failure of the relay


def _read_body(handler: BaseHTTPRequestHandler) -> bytes:
    if "chunked" in handler.headers.get("Transfer-Encoding", "").lower():
        parts: list[bytes] = []
        while True:
            size = int(handler.rfile.readline().split(b";")[0], 16)
            if size == 0:
                handler.rfile.readline()
                return b"".join(parts)
            parts.append(handler.rfile.read(size))
            handler.rfile.readline()
    size = int(handler.headers.get("Content-Length") or 0)
    return handler.rfile.read(size) if size else b""


class Relay(LeanTransport):
    """A `LeanTransport` to a loopback server that answers with `handle`."""

    def __init__(self, handle: Handle) -> None:
        super().__init__()
        self.handle = handle
        self.lock = threading.Lock()
        self.served = 0
        self._turn = itertools.count()
        self._httpd = _Server(("127.0.0.1", 0), self._handler_class())
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self._thread.start()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        request.headers[_SCHEME] = request.url.scheme
        response = super().handle_request(request)
        del request.headers[_SCHEME]
        raised = response.headers.get(_RAISED)
        if raised is not None:
            name, _, message = raised.partition(":")
            error = getattr(httpx, name)
            assert issubclass(error, httpx.TransportError), name
            raise error(message, request=request)
        return response

    def _connect(
        self, origin: Origin, timeout: dict[str, float | None]
    ) -> http.client.HTTPConnection:
        return super()._connect(("http", "127.0.0.1", self.port), timeout)

    def close(self) -> None:
        super().close()
        self._httpd.shutdown()
        self._httpd.server_close()

    def _answer(self, handler: BaseHTTPRequestHandler) -> None:
        body = _read_body(handler)
        scheme = handler.headers.get(_SCHEME, "http")
        headers = [(k, v) for k, v in handler.headers.items() if k != _SCHEME]
        url = f"{scheme}://{handler.headers['Host']}{handler.path}"
        request = httpx.Request(handler.command, url, headers=headers, content=body)
        try:
            with self.lock:  # the fake boards are not thread-safe
                self.served += 1
                response = self.handle(request)
        except httpx.TransportError as exc:
            handler.send_response_only(599)
            handler.send_header(_RAISED, f"{type(exc).__name__}:{exc}")
            handler.send_header("Content-Length", "0")
            handler.end_headers()
            return
        content = b"".join(response.stream)  # type: ignore[arg-type]  # as sent: not decoded
        handler.send_response_only(response.status_code, response.reason_phrase)  # no Date of ours
        for name, value in response.headers.raw:
            if name.decode("latin-1").lower() not in _HOP:
                handler.send_header(name.decode("latin-1"), value.decode("latin-1"))
        chunked = next(self._turn) % 2 == 1 and handler.command != "HEAD"
        if chunked:
            handler.send_header("Transfer-Encoding", "chunked")
        else:
            handler.send_header("Content-Length", str(len(content)))
        handler.end_headers()
        if handler.command == "HEAD":
            return
        if chunked:
            for start in range(0, len(content), 4096):
                part = content[start : start + 4096]
                handler.wfile.write(b"%x\r\n%s\r\n" % (len(part), part))
            handler.wfile.write(b"0\r\n\r\n")
        else:
            handler.wfile.write(content)

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        relay = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # no delayed-ACK stalls between head and body

            def _any(self) -> None:
                relay._answer(self)

            do_GET = do_POST = do_HEAD = _any

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return Handler


def relay(handle: Handle) -> Relay:
    return Relay(handle)
