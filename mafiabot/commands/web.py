"""`mafiabot web -c game.toml [-c other.toml | -c games/]`: the host's dashboard, served locally.

Reads each game's database (never creates or migrates one), prints the address with a fresh
access token, and serves until interrupted. Binds to 127.0.0.1:8765 unless told otherwise.
"""

from __future__ import annotations

import argparse
import ipaddress
import logging
import signal
import socket
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import ServerHandler, WSGIRequestHandler, WSGIServer

from mafiabot.bootstrap import setup_logging
from mafiabot.commands.common import UsageError, existing_store
from mafiabot.config import ConfigError, load_config
from mafiabot.configs import config_paths
from mafiabot.store import Store
from mafiabot.web.app import Dashboard, new_token
from mafiabot.web.data import GameSource

log = logging.getLogger(__name__)


#: seconds a client has to send each part of its request (headers, body) and take the
#: answer: a client that stalls is cut off, never holding a thread for long
REQUEST_TIMEOUT = 10.0
#: connections served at once; more wait in the listen queue (a slow client cannot hold
#: the dashboard for everyone, and a flood of them cannot make threads without end)
MAX_CONNECTIONS = 16


class _ServerHandler(ServerHandler):
    server_software = ""  # no version header: what runs here is nobody's business


class _QuietHandler(WSGIRequestHandler):
    """Requests go to the debug log, not one line each on the terminal (the token would be
    printed with every first visit); a socket timeout per request; no Server header."""

    timeout = REQUEST_TIMEOUT

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("web: " + format, *args)

    def send_response(self, code: int, message: str | None = None) -> None:
        # http.server's own answers (a bad request line, a too long header) name the
        # Python version in a Server header: send the status and the date only
        self.log_request(code)
        self.send_response_only(code, message)
        self.send_header("Date", self.date_time_string())

    def handle(self) -> None:
        """wsgiref's `handle`, with a handler that sends no Server header."""
        self.raw_requestline = self.rfile.readline(65537)
        if len(self.raw_requestline) > 65536:
            self.requestline = ""
            self.request_version = ""
            self.command = ""
            self.send_error(414)
            return
        if not self.parse_request():
            return
        handler = _ServerHandler(
            self.rfile,
            self.wfile,  # type: ignore[arg-type]
            self.get_stderr(),
            self.get_environ(),
            multithread=True,
        )
        handler.request_handler = self  # type: ignore[attr-defined]
        handler.run(self.server.get_app())  # type: ignore[attr-defined]


class DashboardServer(ThreadingMixIn, WSGIServer):
    """A thread per connection, at most `MAX_CONNECTIONS` at once, each with its timeout."""

    daemon_threads = True
    block_on_close = False

    def __init__(self, address: tuple[str, int], family: int) -> None:
        self.address_family = family
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        super().__init__(address, _QuietHandler)

    def process_request(self, request: Any, client_address: Any) -> None:
        self._slots.acquire()  # the accept loop waits for a free slot
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that stalled or went away is no error of ours: one debug line."""
        log.debug("web: connection from %s ended: %s", client_address, sys.exc_info()[1])


def parse_bind(bind: str) -> tuple[str, int]:
    host, sep, port = bind.rpartition(":")
    if not sep or not (port.isascii() and port.isdecimal()) or not 0 <= int(port) <= 65535:
        raise UsageError(f"--bind wants HOST:PORT (a port 0-65535), got {bind!r}")
    return host.strip("[]") or "127.0.0.1", int(port)


def is_loopback(host: str) -> bool:
    """Whether `host` is reached from this machine only."""
    if host.casefold() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def load_sources(paths: Sequence[Path]) -> list[GameSource]:
    stores: dict[str, Store] = {}
    sources = []
    for path in paths:
        try:
            cfg = load_config(path)
        except ConfigError as exc:
            raise UsageError(f"{path}: {exc}") from exc
        store = stores.get(cfg.database_url)
        if store is None:
            found = existing_store(cfg.database_url, cfg.busy_timeout)
            if found is None:
                print(f"mafiabot web: {path}: no game database yet — skipped", file=sys.stderr)
                continue
            store = stores[cfg.database_url] = found
        sources.append(GameSource(cfg, store))
    return sources


def serve(app: Dashboard, host: str, port: int) -> WSGIServer:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    server = DashboardServer((host, port), family)
    server.set_app(app)
    return server


def main(args: argparse.Namespace) -> int:
    setup_logging()
    sources = load_sources(config_paths(args.config))
    if not sources:
        print("mafiabot web: no game to show", file=sys.stderr)
        return 1
    host, port = parse_bind(args.bind)
    if not is_loopback(host):
        if not getattr(args, "i_know", False):
            raise UsageError(
                f"--bind {args.bind} serves the dashboard — every role, every letter — over "
                "plain HTTP to the network, and its address carries the access token: anyone "
                "who sees the traffic can read the game. Keep the default 127.0.0.1 (reach it "
                "through an SSH tunnel or a TLS reverse proxy), or add --i-know"
            )
        print(
            f"mafiabot web: warning: listening on {host}, not this machine only: the token "
            "and every page travel unencrypted — use it behind TLS",
            file=sys.stderr,
        )
    token = new_token()
    app = Dashboard(sources, token, refresh=args.refresh)
    try:
        server = serve(app, host, port)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port}: {exc}") from exc
    shown = f"[{host}]" if ":" in host else host
    print(f"mafiabot web: http://{shown}:{server.server_port}/?token={token}", flush=True)
    print("(the token is needed for every page; Ctrl+C stops)", flush=True)

    def stop(_signum: int, _frame: object) -> None:
        # a signal that lands inside a request would be swallowed by wsgiref's error handler:
        # ask the loop to end instead (from another thread: shutdown waits for the loop)
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    try:
        server.serve_forever()
    finally:
        server.server_close()
        for st in {id(s.store): s.store for s in sources}.values():
            st.close()
    return 0
