"""Fake boards of tests/ served over loopback HTTP, so that the bot measured runs in a process
of its own and its CPU time and peak RSS are its own, not the board's.

`serve(board)` starts a threaded HTTP/1.1 server on a free port of 127.0.0.1 that hands every
request to the board's `handle` (the same `httpx` handler the tests mount as a mock
transport), one at a time. `BoardProcess(factory, args)` does the same in a process of its
own (`python bench/loopback.py --factory module:function --args JSON`): the factory builds the
boards there, and the bench drives them over HTTP. Paths under `/__bench/` are the bench's
own controls (never counted as the bot's requests): `GET /__bench/requests` answers how many
requests the board has served, `GET /__bench/log` the method and path of each (a JSON list),
`POST /__bench/<name>` runs the control registered under that
name with the request's body and answers what it returns.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent

_HOP = {"content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding"}

#: A control of the bench: called with the request's body, answers text (or None).
Control = Callable[[str], object]


class Loopback:
    """The running server: its base URL, and `close()`."""

    def __init__(self, board: Any, controls: dict[str, Control], board_url: str) -> None:
        self.board = board
        self.board_url = board_url  # where the board thinks it lives (its redirects say so)
        self.controls = controls
        self.served = 0  # the bot's requests (controls excluded)
        self.log: list[str] = []  # each of them: "METHOD /path?query"
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
            return self._control(method, path.removeprefix("/__bench/"), body)
        request = httpx.Request(method, self.url.rstrip("/") + path, headers=headers, content=body)
        with self.lock:  # the fake boards are not thread-safe
            self.served += 1
            self.log.append(f"{method} {path}")
            response = self.board.handle(request)
        headers = [
            (k, v.replace(self.board_url, self.url) if k.lower() == "location" else v)
            for k, v in response.headers.multi_items()
        ]
        return response.status_code, headers, response.content

    def _control(self, method: str, name: str, body: bytes) -> tuple[int, Any, bytes]:
        if method == "GET" and name == "requests":
            return 200, [], str(self.served).encode()
        if method == "GET" and name == "log":
            return 200, [], json.dumps(self.log).encode()
        with self.lock:
            out = self.controls[name](body.decode("utf-8"))
        return 200, [], b"ok" if out is None else str(out).encode("utf-8")


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


def serve(board: Any, board_url: str, controls: dict[str, Control] | None = None) -> Loopback:
    """Serve `board` (which believes it lives at `board_url`) on a free loopback port."""
    return Loopback(board, controls or {}, board_url)


#: What a board factory returns: (board, the URL it believes it lives at, its controls) each.
Served = list[tuple[Any, str, dict[str, Control]]]


class BoardProcess:
    """Boards served by a process of their own, built there by `factory` ("module:function",
    called with `args`); it ends when this object is closed (or the bench dies: it reads its
    standard input until the end)."""

    def __init__(self, factory: str, args: dict[str, Any]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--factory", factory, "--args", json.dumps(args)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=ROOT,
            text=True,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait()
            raise SystemExit("the board process did not start")
        self.urls: list[str] = json.loads(line)

    def control(self, name: str, body: str = "", board: int = 0) -> str:
        url = self.urls[board] + "__bench/" + name
        req = urllib.request.Request(url, data=body.encode("utf-8"), method="POST")
        with urllib.request.urlopen(req, timeout=600) as r:
            return str(r.read().decode("utf-8"))

    def requests(self, board: int = 0) -> int:
        with urllib.request.urlopen(self.urls[board] + "__bench/requests") as r:
            return int(r.read())

    def log(self, board: int = 0) -> list[str]:
        """Every request the board has served the bot: "METHOD /path?query"."""
        with urllib.request.urlopen(self.urls[board] + "__bench/log") as r:
            return list(json.loads(r.read()))

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()  # the server's cue to stop
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def __enter__(self) -> BoardProcess:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def _serve_main() -> None:
    ap = argparse.ArgumentParser(description="serve fake boards over loopback (bench/)")
    ap.add_argument("--factory", required=True)
    ap.add_argument("--args", default="{}")
    args = ap.parse_args()
    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    module, _, name = args.factory.partition(":")
    make: Callable[..., Served] = getattr(importlib.import_module(module), name)
    servers = [serve(b, url, controls) for b, url, controls in make(**json.loads(args.args))]
    print(json.dumps([s.url for s in servers]), flush=True)
    sys.stdin.read()  # until the bench closes the pipe (or dies)
    for s in servers:
        s.close()


if __name__ == "__main__":
    _serve_main()
