"""End to end over HTTP: the daemon with the real `PhpbbClient` against the fake phpBB board
(`tests/fakeboard_phpbb.py`, real recorded pages on `httpx.MockTransport`).

The recorded PEFL game of `mafiabot demo` is replayed into the fake board: its topic pages and
inbox are TEMPLATE-DERIVED from real phpBB pages (a real post / PM row / message block cloned and
refilled), the bot logs in, polls, reads and answers PMs, and posts through the board's real
forms (tokens, flood interval, post review). Every newspaper must come out exactly as in the
offline demo — and exactly once, even when the process dies mid-turn.
"""

# The fake board module is imported by its test-folder name, so mypy sees it as Any.
# mypy: disable-error-code="misc,no-any-return"
from __future__ import annotations

import dataclasses
import html as htmlmod
import re
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from zoneinfo import ZoneInfo

import fakeboard_phpbb as fb
import httpx
import pytest
from test_daemon import played

from mafiabot.config import Config, load_config
from mafiabot.daemon import Daemon
from mafiabot.demo.play import DEMO_TOKEN, demo_files, strip_marker, tick_times
from mafiabot.memory_board import BoardPM, BoardPost, MemoryBoard, _post_block, _split_first_post
from mafiabot.store import Store, open_store
from scraper.phpbb import PhpbbClient, PhpbbSettings

MSK = ZoneInfo("Europe/Moscow")
EXTRA_USERS = {"Jack_Sparrow": 67, "Граф Монте-Кристо": 70, "Болтун": 71}


@dataclasses.dataclass
class GameBoard(fb.FakePhpbb):
    """The fake phpBB board with a recorded game's posts and PMs appearing as time passes."""

    game_pms: list[BoardPM] = dataclasses.field(default_factory=list)
    pages: MemoryBoard | None = None

    def _folder(self, folder: str) -> httpx.Response:
        if folder != "inbox":
            return super()._folder(folder)
        body = fb.page("pm_inbox.html")
        start = body.index('<ul class="topiclist cplist pmlist')
        first = body.index('<li class="row', start)
        end = body.index("</ul>", first)
        row = body[first : body.index("</li>", first) + len("</li>")]
        rows = []
        for m in sorted(self._visible_pms(), key=lambda m: -m.id):
            r = re.sub(r"p=\d+", f"p={m.id}", row)
            r = re.sub(r'value="\d+"', f'value="{m.id}"', r)
            r = re.sub(
                r'class="topictitle">[^<]*<', f'class="topictitle">{htmlmod.escape(m.subject)}<', r
            )
            r = re.sub(r"u=\d+", f"u={m.uid}", r)
            r = re.sub(
                r'class="username">[^<]*</a> &raquo; [^\n<]*',
                (
                    f'class="username">{htmlmod.escape(m.sender)}</a> &raquo; '
                    f"{m.at.astimezone(MSK):%d}.{m.at.month:02d}"
                ),
                r,
            )
            r = r.replace("pm_unread", "pm_read" if m.id in self.read_pms else "pm_unread")
            rows.append(r)
        return self._html(body[:first] + "".join(rows) + body[end:])

    def _visible_pms(self) -> list[BoardPM]:
        now = self.clock()
        return [m for m in self.game_pms if m.at.timestamp() <= now]

    def _view_pm(self, q: dict[str, str], sess: fb.Session) -> httpx.Response:
        mid = int(q.get("p", "0"))
        for m in self._visible_pms():
            if m.id == mid and q.get("f", "0") == "0":
                self.read_pms.add(mid)
                assert self.pages is not None
                return self._html(self.pages.pm_html(m))
        return super()._view_pm(q, sess)


def _board_for(cfg: Config, data: dict[str, Any], clock: fb.FakeClock) -> GameBoard:
    pages = MemoryBoard(clock=lambda: datetime.fromtimestamp(clock(), MSK), uids=dict(data["uids"]))
    _head, block, _tail = _split_first_post(pages._topic_page)
    first = BoardPost(
        100, 4, "Ведущий", 2, cfg.game.start - timedelta(hours=2), "Запись закрыта, скоро старт."
    )
    board = GameBoard(clock=clock, posts=[fb.FakePost(100, 2, _post_block(block, first, MSK), "")])
    board.pages = pages
    for i, m in enumerate(data["pms"]):
        at = datetime.fromisoformat(m["at"]).replace(tzinfo=MSK)
        uid = pages.uid(m["from"])
        board.game_pms.append(BoardPM(40 + i, m["from"], uid, at, m.get("subject", ""), m["html"]))
    return board


def _quoted_id(keys: dict[Any, Any]) -> Any:
    def sub(m: re.Match[str]) -> str:
        return str(keys.get(m.group(1), 0))

    return sub


def _release_posts(board: GameBoard, data: dict[str, Any], now: datetime, done: set[int]) -> None:
    """Players' posts whose time has come appear on the board (ids grow with time)."""
    assert board.pages is not None
    _head, block, _tail = _split_first_post(board.pages._topic_page)
    for i, p in enumerate(data["posts"]):
        at = datetime.fromisoformat(p["at"]).replace(tzinfo=MSK)
        if i in done or at > now:
            continue
        pid = max(x.id for x in board.posts) + 1
        keys = {q.get("key"): q["_id"] for q in data["posts"] if q.get("_id")}
        body = re.sub(r"\{post:([^}]+)\}", _quoted_id(keys), p["html"])
        post = BoardPost(pid, 4, p["author"], board.pages.uid(p["author"]), at, body)
        board.posts.append(fb.FakePost(pid, post.uid, _post_block(block, post, MSK), ""))
        p["_id"] = pid
        done.add(i)


@pytest.fixture
def users(monkeypatch: pytest.MonkeyPatch) -> None:
    for nick, uid in EXTRA_USERS.items():
        monkeypatch.setitem(fb.USERS, nick, (uid, None))
        monkeypatch.setitem(fb.NAMES, uid, nick)


def _client(board: GameBoard, clock: fb.FakeClock, tmp_path: Path) -> PhpbbClient:
    settings = PhpbbSettings(
        base_url=fb.BASE,
        username="Ведущий",
        password="HostPass-2026",
        cookie_file=tmp_path / "cookies.json",
    )
    return PhpbbClient(settings, transport=board.transport(), clock=clock, sleep=clock.sleep)


def _times(cfg: Config, data: dict[str, Any]) -> list[datetime]:
    return tick_times(SimpleNamespace(cfg=cfg), data)  # type: ignore[arg-type]


def _play(
    cfg: Config,
    data: dict[str, Any],
    board: GameBoard,
    clock: fb.FakeClock,
    store: Store,
    tmp_path: Path,
    times: list[datetime],
    done: set[int],
) -> Daemon:
    daemon = Daemon(
        cfg,
        store,
        _client(board, clock, tmp_path),
        salt=lambda: "demo-salt",
        token=lambda: DEMO_TOKEN,
    )
    for t in times:
        clock.now = max(clock.now, t.timestamp())
        _release_posts(board, data, t, done)
        daemon.tick(datetime.fromtimestamp(clock.now, MSK))
    return daemon


def _bot_posts(board: GameBoard) -> list[str]:
    return [strip_marker(p.source) for p in board.posts if p.uid == 2 and p.source]


@pytest.mark.usefixtures("users")
def test_C_4_pefl_game_over_http_posts_the_same_newspapers_once(tmp_path: Path) -> None:
    cfg_path, data = demo_files("pefl")
    cfg = dataclasses.replace(load_config(cfg_path), database_url=f"sqlite:///{tmp_path / 'g.db'}")
    clock = fb.FakeClock(cfg.game.start.timestamp() - 3600)
    board = _board_for(cfg, data, clock)
    store = open_store(cfg.database_url)
    daemon = _play(cfg, data, board, clock, store, tmp_path, _times(cfg, data), set())

    offline = played("pefl")
    assert _bot_posts(board) == offline.topic_posts  # golden: the demo's newspapers
    assert board.violations == []
    assert daemon.game().winner == "town"
    sent = Counter((m.to, m.subject, m.message) for m in board.sent_pms)
    assert max(sent.values()) == 1  # no PM twice
    assert len(board.sent_pms) == len(offline.board.sent)


@pytest.mark.usefixtures("users")
def test_crash_and_restart_mid_turn_over_http_loses_nothing_posts_nothing_twice(
    tmp_path: Path,
) -> None:
    cfg_path, data = demo_files("pefl")
    cfg = dataclasses.replace(load_config(cfg_path), database_url=f"sqlite:///{tmp_path / 'g.db'}")
    clock = fb.FakeClock(cfg.game.start.timestamp() - 3600)
    board = _board_for(cfg, data, clock)
    times = _times(cfg, data)
    cut = datetime(2026, 11, 28, 19, 31, tzinfo=MSK)  # turn 1: votes in, moves half in
    done: set[int] = set()
    store = open_store(cfg.database_url)
    _play(cfg, data, board, clock, store, tmp_path, [t for t in times if t <= cut], done)
    store.close()  # the process dies

    store2 = open_store(cfg.database_url)
    d2 = _play(cfg, data, board, clock, store2, tmp_path, [t for t in times if t > cut], done)

    offline = played("pefl")
    assert _bot_posts(board) == offline.topic_posts
    assert Counter((m.to, m.subject, m.message) for m in board.sent_pms).most_common(1)[0][1] == 1
    assert d2.game().winner == "town"
    assert board.violations == []


@pytest.mark.usefixtures("users")
def test_G_gambler_game_over_http_court_in_the_game_topic(tmp_path: Path) -> None:
    """The recorded Gambler game with the court held in the game topic itself (no court
    topic configured): greens before the first 23:59, court votes after it."""
    cfg_path, data = demo_files("gambler")
    base = load_config(cfg_path)
    cfg = dataclasses.replace(
        base,
        database_url=f"sqlite:///{tmp_path / 'g.db'}",
        game=dataclasses.replace(base.game, court_topic=None),
    )
    data = {**data, "posts": [{**p, "topic": 4} for p in data["posts"]]}
    clock = fb.FakeClock(cfg.game.start.timestamp() - 3600)
    board = _board_for(cfg, data, clock)
    store = open_store(cfg.database_url)
    daemon = _play(cfg, data, board, clock, store, tmp_path, _times(cfg, data), set())
    assert _bot_posts(board) == played("gambler").topic_posts
    assert daemon.game().winner == "town"
    assert board.violations == []
