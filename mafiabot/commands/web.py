"""`mafiabot web -c game.toml [-c other.toml | -c games/]`: the host's dashboard, served locally.

Reads each game's database (never creates or migrates one), prints the address with a fresh
access token, and serves until interrupted. Binds to 127.0.0.1:8765 unless told otherwise.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from mafiabot.bootstrap import setup_logging
from mafiabot.commands.common import UsageError, existing_store
from mafiabot.config import ConfigError, load_config
from mafiabot.configs import config_paths
from mafiabot.store import Store
from mafiabot.web.app import Dashboard, new_token
from mafiabot.web.data import GameSource

log = logging.getLogger(__name__)


class _QuietHandler(WSGIRequestHandler):
    """Requests go to the debug log, not one line each on the terminal (the token would be
    printed with every first visit)."""

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("web: " + format, *args)


def parse_bind(bind: str) -> tuple[str, int]:
    host, sep, port = bind.rpartition(":")
    if not sep or not port.isdigit():
        raise UsageError(f"--bind wants HOST:PORT, got {bind!r}")
    return host.strip("[]") or "127.0.0.1", int(port)


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
            found = existing_store(cfg.database_url)
            if found is None:
                print(f"mafiabot web: {path}: no game database yet — skipped", file=sys.stderr)
                continue
            store = stores[cfg.database_url] = found
        sources.append(GameSource(cfg, store))
    return sources


def serve(app: Dashboard, host: str, port: int) -> WSGIServer:
    return make_server(host, port, app, handler_class=_QuietHandler)


def main(args: argparse.Namespace) -> int:
    setup_logging()
    sources = load_sources(config_paths(args.config))
    if not sources:
        print("mafiabot web: no game to show", file=sys.stderr)
        return 1
    host, port = parse_bind(args.bind)
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
