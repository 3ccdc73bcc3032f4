"""The composition root: the one place that turns a config into a running shell — the board
client (phpBB or IPB; in a dry run the in-memory board reading through it and printing its
writes), the store, the renderer and the daemon. `mafiabot run`, `status`, `demo` and the
tests build through here."""

from __future__ import annotations

import logging
import secrets
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from mafiabot.config import Config, ConfigError
from mafiabot.daemon.context import Shell
from mafiabot.daemon.game import Daemon
from mafiabot.dbfile import cookie_path
from mafiabot.store import Store
from poster.outbox import new_game_token
from scraper.board import BoardClient

if TYPE_CHECKING:
    from mafiabot.newspaper.render import Renderer


def detect_kind(url: str, transport: Any = None) -> str:
    """`board.kind = "auto"`: fetch the board's index once and name its engine. Without a
    `transport`, the one the board client gets (`scraper.transport.board_transport`: the
    lean one, httpx's own under a proxy), so both reach the board alike (its CA from
    `SSL_CERT_FILE`, the proxy)."""
    import httpx

    from parser.pages import detect_board
    from scraper.http import redact, unreachable
    from scraper.transport import board_transport

    if transport is None:
        transport = board_transport()
    try:
        with httpx.Client(transport=transport, timeout=30, follow_redirects=True) as http:
            html = http.get(url, headers={"User-Agent": "mafiabot/0.1 (board check)"}).text
    except httpx.HTTPError as exc:
        why = unreachable("GET", redact(url), exc)
        raise ConfigError("board", [("board.url", why)]) from exc
    name = detect_board(html)
    if name is None:
        raise ConfigError("board", [("board.kind", "could not tell the board engine; set it")])
    return "phpbb" if name == "phpbb" else "ipb"


def make_client(cfg: Config, transport: Any = None) -> BoardClient:
    """The board client for `[board]`: phpBB or IPB (`auto` looks at the board first)."""
    base = cfg.board.url if cfg.board.url.endswith("/") else cfg.board.url + "/"
    kind = cfg.board.kind if cfg.board.kind != "auto" else detect_kind(base, transport)
    cookies = cookie_path(cfg.database_url, cfg.path)  # state, not config: out of /etc
    if kind == "ipb":
        from scraper.ipb import IpbClient, IpbSettings

        return IpbClient(
            IpbSettings(
                base_url=base,
                username=cfg.board.username,
                password=cfg.board.password(),
                tz=cfg.board.timezone,
                cookie_file=cookies,
                min_interval=cfg.board.request_delay,
                selectors=dict(cfg.board.selectors),
                flood_exempt=cfg.board.flood_exempt,
            ),
            transport=transport,
        )
    from scraper.phpbb import PhpbbClient, PhpbbSettings

    settings = PhpbbSettings(
        base_url=base,
        username=cfg.board.username,
        password=cfg.board.password(),
        tz=cfg.board.timezone,
        cookie_file=cookies,
        min_interval=cfg.board.request_delay,
        flood_exempt=cfg.board.flood_exempt,
    )
    return PhpbbClient(settings, transport=transport)


def build_daemon(
    cfg: Config,
    store: Store,
    client: BoardClient | None = None,
    *,
    dry_run_out: TextIO | None = None,
    renderer: Renderer | None = None,
    salt: Callable[[], str] = lambda: secrets.token_hex(8),
    token: Callable[[], str] = new_game_token,
) -> Daemon:
    """The daemon for `cfg` over `store`: the board client from `[board]` unless one is given;
    with `dry_run_out`, reads go to the board and writes are printed there instead."""
    board = client if client is not None else make_client(cfg)
    if dry_run_out is not None:
        from mafiabot.memory_board import MemoryBoard  # a dry run's only: not loaded otherwise

        board = MemoryBoard.dry_run(board, dry_run_out)
    return Daemon(cfg, store, board, renderer=renderer, salt=salt, token=token)


def read_model(cfg: Config, store: Store) -> Shell:
    """The game's shell over the store only (no board): what `status` reads."""
    from mafiabot.memory_board import MemoryBoard

    return Shell(cfg, store, MemoryBoard())


def setup_logging(verbose: bool = False) -> None:
    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    # alembic announces every plugin and migration step at INFO: noise in the host's log
    logging.getLogger("alembic").setLevel(logging.DEBUG if verbose else logging.WARNING)
