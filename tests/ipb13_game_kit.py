"""A PEFL game hosted on the IPB 1.3 board of the recorded exchanges (`tests/fakeboard_ipb13.py`)
through the real client and daemon, for the tests that count what a tick asks of the board:
its config file, a daemon process over it (a new one reads the same files), a tick's requests.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
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
PASSWORD = "HostPass-2026"
START = datetime(2026, 11, 30, 12, 0, tzinfo=MSK)


def write_config(tmp: Path, start: datetime) -> Path:
    """The game's config file in `tmp`: topic 4, the host's account, four daily deadlines."""

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


@dataclass
class Ipb13Game:
    """The board, the game's config file and the folder its database and cookies live in."""

    board: FakeIpb13
    config: Path
    tmp: Path

    def daemon(self) -> Daemon:
        """A daemon process over the game's files (a new one: a restart)."""
        cfg = load_config(self.config)
        client = IpbClient(
            IpbSettings(
                BASE, "Ведущий", PASSWORD, min_interval=0, cookie_file=self.tmp / "cookies.json"
            ),
            transport=self.board.transport(),
            clock=self.board.clock,
            sleep=self.board.clock.sleep,
        )
        return build_daemon(cfg, open_store(cfg.database_url), client, salt=lambda: "s")

    def requests(self, d: Daemon, at: datetime) -> list[str]:
        """The requests (method and query) one tick of `d` at `at` sends."""
        before = len(self.board.requests)
        self.board.clock.now = at.timestamp()
        d.safe_tick(at)
        return [f"{r.method} {r.url.query.decode()}" for r in self.board.requests[before:]]


def new_game(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> Ipb13Game:
    """A game starting at `START` on a fresh board, the host's password in the environment."""
    monkeypatch.setenv("MAFIABOT_TEST_IPB_PASSWORD", PASSWORD)
    board = FakeIpb13(FakeClock(START.timestamp()))
    return Ipb13Game(board, write_config(tmp, START), tmp)
