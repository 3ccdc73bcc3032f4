"""One request per idle tick (issue 20, item 2), counted — not timed — on the IPB 1.3 board of
the recorded exchanges (`tests/fakeboard_ipb13.py`): the topic page's header carries the board's
new-letter counter, so one request tells both «new posts?» and «new letters?»; the inbox is read
only when the counter moved; a fresh process checks its session with its first page."""

# The fake board module is imported by its test-folder name, so mypy sees it as Any.
# mypy: disable-error-code="misc,no-any-return"
from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from mafiabot.bootstrap import build_daemon
from mafiabot.config import load_config
from mafiabot.daemon import Daemon
from mafiabot.store import open_store
from scraper.ipb import IpbClient, IpbSettings
from tests.fakeboard_ipb13 import BASE, MSK, FakeClock, FakeIpb13

PLAYERS = ["Анна Каренина", "Рома", "Гена", "Борис", "Сержант Пеппер", "Лиса_Алиса"]
CAST = ["commissar", "doctor", "civilian", "civilian", "mafia:yakuza", "maniac"]


def _config(tmp: Path, start: datetime) -> Path:
    def q(v: object) -> str:
        return '"' + str(v) + '"'

    dls = ", ".join(
        (start + timedelta(days=i + 1)).replace(tzinfo=None).isoformat() for i in range(4)
    )
    text = "\n".join(
        [
            "[board]",
            f"url = {q(BASE)}",
            'kind = "ipb"',
            'username = "Ведущий"',
            'password_env = "MAFIABOT_TEST_IPB_PASSWORD"',
            "poll_interval = 10",
            "request_delay = 0",
            "",
            "[storage]",
            f'url = "sqlite:///{tmp / "g.db"}"',
            "",
            "[game]",
            'ruleset = "pefl"',
            'name = "Мафия – 2"',
            "topic = 4",
            "players = [" + ", ".join(q(p) for p in PLAYERS) + "]",
            "seed = 5",
            f"start = {start.replace(tzinfo=None).isoformat()}",
            f"deadlines = [{dls}]",
            'interim_count = "off"',
            "",
            "[game.cast]",
            *(f"{q(p)} = {q(r)}" for p, r in zip(PLAYERS, CAST, strict=True)),
        ]
    )
    path = tmp / "game.toml"
    path.write_text(text + "\n", "utf-8")
    return path


def _daemon(board: FakeIpb13, config: Path, tmp: Path) -> Daemon:
    cfg = load_config(config)
    client = IpbClient(
        IpbSettings(
            BASE, "Ведущий", "HostPass-2026", min_interval=0, cookie_file=tmp / "cookies.json"
        ),
        transport=board.transport(),
        clock=board.clock,
        sleep=board.clock.sleep,
    )
    return build_daemon(cfg, open_store(cfg.database_url), client, salt=lambda: "s")


def _requests(board: FakeIpb13, d: Daemon, at: datetime) -> list[str]:
    before = len(board.requests)
    board.clock.now = at.timestamp()
    d.safe_tick(at)
    return [f"{r.method} {r.url.query.decode()}" for r in board.requests[before:]]


def test_an_idle_tick_is_one_request_at_any_topic_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MAFIABOT_TEST_IPB_PASSWORD", "HostPass-2026")
    start = datetime(2026, 11, 30, 12, 0, tzinfo=MSK)
    board = FakeIpb13(FakeClock(start.timestamp()))
    config = _config(tmp_path, start)
    d = _daemon(board, config, tmp_path)
    t = start + timedelta(minutes=1)
    _requests(board, d, t)  # the deal: role PMs, the start post
    t += timedelta(seconds=10)
    _requests(board, d, t)  # settles: the bot's own post and its Sent copies seen
    for size in ("small", "large"):
        if size == "large":
            for i in range(300):  # twenty more pages of chat
                board.add_post(2 + i % 6, f"болтовня {i}")
            t += timedelta(seconds=10)
            _requests(board, d, t)  # the new pages are read once
        t += timedelta(seconds=10)
        idle = _requests(board, d, t)
        assert idle == ["GET showtopic=4&st=" + idle[0].rsplit("=", 1)[1]], (size, idle)

    # a letter arrives: the counter on the topic page moves, the inbox is read, once
    board.give_letter("Рома", "Ведущий", "ход", "Лечу Гену")
    t += timedelta(seconds=10)
    busy = _requests(board, d, t)
    assert any("CODE=01" in r for r in busy) and any("CODE=03" in r for r in busy)
    t += timedelta(seconds=10)
    _requests(board, d, t)  # the reply to the letter goes out
    t += timedelta(seconds=10)
    assert len(_requests(board, d, t)) == 1
    assert board.violations == []


def test_a_fresh_process_checks_its_session_with_its_first_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MAFIABOT_TEST_IPB_PASSWORD", "HostPass-2026")
    start = datetime(2026, 11, 30, 12, 0, tzinfo=MSK)
    board = FakeIpb13(FakeClock(start.timestamp()))
    config = _config(tmp_path, start)
    d = _daemon(board, config, tmp_path)
    t = start + timedelta(minutes=1)
    for _ in range(3):
        _requests(board, d, t)
        t += timedelta(seconds=10)
    # the process ends; a new one starts with the stored cookies
    fresh = _daemon(board, config, tmp_path)
    first = _requests(board, fresh, t)
    # its first page is the topic (no session check of its own), then the inbox once
    assert "showtopic=4" in first[0] and len(first) == 2, first
    # a lost session is found by that first page and mended at once
    board.forget_logins()
    board.clock.now += 1
    again = _daemon(board, config, tmp_path)
    t += timedelta(seconds=10)
    mended = _requests(board, again, t)
    assert any("act=Login" in r for r in mended), mended
    assert again.game().last_tick_ok is True
    assert datetime.now(UTC) > start  # (the board's clock is the fake one throughout)
