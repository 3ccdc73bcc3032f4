"""The composition root: the one place that turns a config into a running shell — the board
client (phpBB or IPB, or a dry run that prints its writes), the store, the renderer and the
daemon. `mafiabot run`, `status`, `demo` and the tests build through here."""

from __future__ import annotations

import io
import logging
import secrets
import sys
from collections.abc import Callable, Collection, Sequence
from typing import Any, TextIO

from mafiabot.config import Config, ConfigError
from mafiabot.daemon.context import Shell
from mafiabot.daemon.loop import Daemon
from mafiabot.dbfile import cookie_path
from mafiabot.newspaper import Renderer
from mafiabot.store import Store
from scraper.board import (
    BoardClient,
    FetchedPM,
    PMRef,
    PMResult,
    PostResult,
    RawPage,
    TopicCursor,
    TopicPageFetch,
    TopicPoll,
)


class DryRunClient:
    """A `BoardClient` that reads through `inner` and prints every write instead of sending.

    The daemon uses a separate database in dry-run mode, so nothing printed here is recorded
    as sent in the real one.
    """

    def __init__(self, inner: BoardClient | None, out: TextIO) -> None:
        self.inner = inner
        self.out = out
        self.max_message_length: int | None = None
        self._next = 0

    def _id(self) -> int:
        self._next -= 1
        return self._next

    def login(self) -> None:
        if self.inner is not None:
            self.inner.login()

    def close(self) -> None:
        if self.inner is not None:
            self.inner.close()

    def poll_topic(self, cursor: TopicCursor) -> TopicPoll:
        if self.inner is None:
            return TopicPoll((), (), cursor)
        return self.inner.poll_topic(cursor)

    def read_topic_pages(
        self, topic_id: int, first_page: int = 1, last_page: int | None = None
    ) -> list[TopicPageFetch]:
        if self.inner is None:
            return []
        return self.inner.read_topic_pages(topic_id, first_page, last_page)

    def list_pm_folder(self, folder: str = "inbox") -> list[PMRef]:
        return [] if self.inner is None else self.inner.list_pm_folder(folder)

    def read_pm(self, msg_id: int, folder: str = "inbox") -> RawPage:
        if self.inner is None:
            raise KeyError(msg_id)
        return self.inner.read_pm(msg_id, folder)

    def fetch_unread_pms(
        self, skip: Collection[int] = (), newer_than: int | None = None
    ) -> list[FetchedPM]:
        return [] if self.inner is None else self.inner.fetch_unread_pms(skip, newer_than)

    def find_post_with_marker(
        self, topic_id: int, marker: str, since: TopicCursor | None = None
    ) -> int | None:
        return None

    def find_sent_pm_with_marker(self, subject: str, marker: str) -> int | None:
        return None

    def post_reply(self, topic_id: int, text: str, subject: str | None = None) -> PostResult:
        print(f"===== post to topic {topic_id} =====\n{text}\n", file=self.out)
        return PostResult(self._id(), "")

    def new_topic(self, forum_id: int, subject: str, text: str) -> int:
        print(f"===== new topic in forum {forum_id}: {subject} =====\n{text}\n", file=self.out)
        return self._id()

    def find_topic_with_marker(self, forum_id: int, subject: str, marker: str) -> int | None:
        return None

    def edit_post(self, post_id: int, text: str, subject: str | None = None) -> PostResult:
        print(f"===== edit of post {post_id} =====\n{text}\n", file=self.out)
        return PostResult(post_id, "")

    def send_pm(self, recipients: Sequence[str], subject: str, text: str) -> PMResult:
        print(f"===== PM to {', '.join(recipients)}: {subject} =====\n{text}\n", file=self.out)
        return PMResult(self._id(), tuple(recipients))


def detect_kind(url: str, transport: Any = None) -> str:
    """`board.kind = "auto"`: fetch the board's index once and name its engine."""
    import httpx

    from parser.pages import detect_board

    try:
        with httpx.Client(transport=transport, timeout=30, follow_redirects=True) as http:
            html = http.get(url, headers={"User-Agent": "mafiabot/0.1 (board check)"}).text
    except httpx.HTTPError as exc:
        raise ConfigError("board", [("board.url", f"the board does not answer: {exc}")]) from exc
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
            ),
            transport=transport,
        )
    from scraper.phpbb import PhpbbClient, PhpbbSettings

    settings = PhpbbSettings(
        base_url=base,
        username=cfg.board.username,
        password=cfg.board.password(),
        cookie_file=cookies,
        min_interval=cfg.board.request_delay,
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
) -> Daemon:
    """The daemon for `cfg` over `store`: the board client from `[board]` unless one is given;
    with `dry_run_out`, reads go to the board and writes are printed there instead."""
    board = client if client is not None else make_client(cfg)
    if dry_run_out is not None:
        board = DryRunClient(board, dry_run_out)
    return Daemon(cfg, store, board, renderer=renderer, salt=salt)


def read_model(cfg: Config, store: Store) -> Shell:
    """The game's shell over the store only (no board): what `status` reads."""
    return Shell(cfg, store, DryRunClient(None, io.StringIO()))


def setup_logging(verbose: bool = False) -> None:
    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    # alembic announces every plugin and migration step at INFO: noise in the host's log
    logging.getLogger("alembic").setLevel(logging.DEBUG if verbose else logging.WARNING)
