"""A fake board of tests/ served over loopback HTTP, so that the bot measured runs in a process
of its own and its CPU time and peak RSS are its own, not the board's.

`serve(board)` starts a threaded HTTP/1.1 server on a free port of 127.0.0.1 that hands every
request to the board's `handle` (the same `httpx` handler the tests mount as a mock
transport), one at a time. Paths under `/__bench/` are the bench's own controls (never counted
as the bot's requests): `GET /__bench/requests` answers how many requests the board has
served, `POST /__bench/<name>` runs the control registered under that name.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx

_HOP = {"content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding"}


class Loopback:
    """The running server: its base URL, and `close()`."""

    def __init__(
        self, board: Any, controls: dict[str, Callable[[], object]], board_url: str
    ) -> None:
        self.board = board
        self.board_url = board_url  # where the board thinks it lives (its redirects say so)
        self.controls = controls
        self.served = 0  # the bot's requests (controls excluded)
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def answer(self, method: str, path: str, headers: Any, body: bytes) -> tuple[int, Any, bytes]:
        if path.startswith("/__bench/"):
            return self._control(method, path.removeprefix("/__bench/"))
        request = httpx.Request(method, self.url.rstrip("/") + path, headers=headers, content=body)
        with self.lock:  # the fake boards are not thread-safe
            self.served += 1
            response = self.board.handle(request)
        headers = [
            (k, v.replace(self.board_url, self.url) if k.lower() == "location" else v)
            for k, v in response.headers.multi_items()
        ]
        return response.status_code, headers, response.content

    def _control(self, method: str, name: str) -> tuple[int, Any, bytes]:
        if method == "GET" and name == "requests":
            return 200, [], str(self.served).encode()
        with self.lock:
            self.controls[name]()
        return 200, [], b"ok"


def _handler(loop: Loopback) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as a real board's server

        def _any(self) -> None:
            size = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(size) if size else b""
            headers = [(k, v) for k, v in self.headers.items()]
            status, out_headers, content = loop.answer(self.command, self.path, headers, body)
            self.send_response(status)
            for k, v in out_headers:
                if k.lower() not in _HOP:
                    self.send_header(k, v)
            self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            self.wfile.write(content)

        do_GET = do_POST = _any

        def log_message(self, format: str, *args: Any) -> None:
            pass  # quiet: the bench prints figures

    return Handler


def serve(
    board: Any, board_url: str, controls: dict[str, Callable[[], object]] | None = None
) -> Loopback:
    """Serve `board` (which believes it lives at `board_url`) on a free loopback port."""
    return Loopback(board, controls or {}, board_url)
