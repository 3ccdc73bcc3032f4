"""A fake board's `handle(httpx.Request) -> httpx.Response` served over real loopback HTTP,
for tests that drive the bot as a separate process (`mafiabot run` in a subprocess).

The fake boards write absolute links for http://127.0.0.1:8080/; the server rewrites them to
its own address. Requests are handled one at a time (the fake boards are not thread-safe).
`before(request)` runs before the board sees a request and `after(request, response)` after
it answered but before the answer is written back — a test kills the client in either
place to lose the request or lose the answer.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Iterator
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx

FAKE_BASE = "http://127.0.0.1:8080/"

Hook = Callable[[httpx.Request], bool]  # True: drop the connection without an answer
AfterHook = Callable[[httpx.Request, httpx.Response], bool]


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        """A client killed mid-request (what the kill soak does) is not a server error."""
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


class BoardServer:
    def __init__(
        self,
        handle: Callable[[httpx.Request], httpx.Response],
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.handle = handle
        # the board's clock, for the `Date` header a real board sends with every answer (the
        # bot reads the board's time from it, C-1); None: this machine's
        self.clock = clock
        self.lock = threading.Lock()
        self.before: Hook = lambda _req: False
        self.after: AfterHook = lambda _req, _resp: False
        self._httpd = _QuietServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self._httpd.server_address[1]}/"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:
                return None  # quiet: the test reports what matters

            def date_time_string(self, timestamp: float | None = None) -> str:
                now = server.clock() if server.clock is not None else time.time()
                return formatdate(now if timestamp is None else timestamp, usegmt=True)

            def do_GET(self) -> None:
                self._serve()

            def do_POST(self) -> None:
                self._serve()

            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                if len(body) < length:  # the client died mid-request: a server drops it
                    self.close_connection = True
                    return
                url = FAKE_BASE.rstrip("/") + self.path
                request = httpx.Request(
                    self.command, url, headers=list(self.headers.items()), content=body
                )
                with server.lock:
                    if server.before(request):
                        self.close_connection = True
                        return
                    response = server.handle(request)
                    response.read()
                    if server.after(request, response):
                        self.close_connection = True
                        return
                content = response.content.replace(FAKE_BASE.encode(), server.base.encode())
                try:
                    self.send_response(response.status_code)
                    for name, value in response.headers.multi_items():
                        if name.lower() in ("content-length", "transfer-encoding", "connection"):
                            continue
                        if name.lower() == "location":
                            value = value.replace(FAKE_BASE, server.base)
                        self.send_header(name, value)
                    self.send_header("Content-Length", str(len(content)))
                    self.end_headers()
                    self.wfile.write(content)
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True  # the client died meanwhile

        return Handler

    @contextlib.contextmanager
    def running(self) -> Iterator[BoardServer]:
        self._thread.start()
        try:
            yield self
        finally:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._thread.join(timeout=10)
