"""A lost or deleted database never repeats the game (issue 21 item 2), through the command
line against the fake phpBB board served over loopback HTTP:

- the database lost between the role PMs and the start post: the next `run` finds this
  game's PMs in the bot's sent folder (their markers name the topic), refuses in one line
  (exit 2), creates no database and sends nothing; `status` says why; the database put back,
  the game goes on with the start post, the role PMs not sent again;
- the database deleted under a running `run`: it stops at once, in one line, sends nothing
  more, and `status` says why.
"""

# The fake board modules are imported by their test-folder names, so mypy sees them as Any.
# mypy: disable-error-code="misc,no-any-return"
from __future__ import annotations

import _thread
import contextlib
import dataclasses
import re
import shutil
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import fakeboard_phpbb as fb
import httpx
import pytest
import time_machine
from fakeboard_http import BoardServer
from test_kill_soak import HOST_UID, StepClock, _board, _config, _ticking

from mafiabot import bootstrap, cli
from mafiabot.config import load_config

EXTRA_USERS = {"Jack_Sparrow": 67, "Граф Монте-Кристо": 70}


@pytest.fixture
def users(monkeypatch: pytest.MonkeyPatch) -> None:
    for nick, uid in EXTRA_USERS.items():
        monkeypatch.setitem(fb.USERS, nick, (uid, None))
        monkeypatch.setitem(fb.NAMES, uid, nick)


@pytest.fixture
def fast(monkeypatch: pytest.MonkeyPatch) -> None:
    """The soak board's account is exempt from flood control (as in tests/soak_zygote.py)."""
    make = bootstrap.make_client

    def _fast_client(cfg: Any, transport: Any = None) -> Any:
        client: Any = make(cfg, transport)
        client.settings = dataclasses.replace(
            client.settings, flood_interval=-0.5, min_form_age=0.0
        )
        return client

    monkeypatch.setattr(bootstrap, "make_client", _fast_client)
    monkeypatch.setenv("MAFIABOT_DEMO_PASSWORD", "HostPass-2026")


class Game:
    def __init__(self, tmp_path: Path) -> None:
        self.clock = StepClock(0.0)
        self.board = _board(self.clock)
        self.server = BoardServer(_ticking(self.board, self.clock))
        self.db = tmp_path / "game.db"
        self.tmp = tmp_path

    @property
    def writes(self) -> int:
        """Everything the bot ever got onto the board: posts and PMs."""
        posts = [p for p in self.board.posts if p.uid == HOST_UID and p.source]
        return len(posts) + len(self.board.sent_pms)

    def cli(self, when: datetime, *argv: str) -> int:
        self.clock.now = max(self.clock.now, when.timestamp())
        with time_machine.travel(when, tick=True):
            return cli.main([*argv, "-c", str(self.config)])

    @contextlib.contextmanager
    def running(self) -> Iterator[Game]:
        with self.server.running():
            self.config = _config(self.tmp, self.server.base, self.db)
            self.cfg = load_config(self.config)
            yield self


def _said(capsys: pytest.CaptureFixture[str]) -> str:
    """The one line the command said to the host (beside its INFO log), no traceback."""
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    lines = [ln for ln in err.splitlines() if ln.startswith("mafiabot: ")]
    assert len(lines) == 1, err
    return lines[0]


def _no_start_post(request: httpx.Request) -> bool:
    """Drop every reply to the topic: the role PMs go out, the start post does not."""
    return request.method == "POST" and "posting.php" in str(request.url)


@pytest.mark.usefixtures("users", "fast")
def test_a_database_lost_between_the_role_pms_and_the_start_post_repeats_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Game(tmp_path).running() as game:
        start = game.cfg.game.start + timedelta(minutes=1)
        game.server.before = _no_start_post
        game.cli(start, "run", "--once")
        game.server.before = lambda _r: False
        roles = len(game.board.sent_pms)
        assert roles >= 9 and game.writes == roles  # role PMs sent, no start post
        shutil.move(game.db, tmp_path / "backup.db")  # the database is lost
        capsys.readouterr()

        assert game.cli(start + timedelta(minutes=2), "run", "--once") == 2
        err = _said(capsys)
        assert "PM #" in err and "restore" in err.lower()
        assert game.writes == roles  # nothing sent again
        assert not game.db.exists()  # no empty database left to mislead the next run

        assert game.cli(start + timedelta(minutes=3), "status") == 1
        said = capsys.readouterr().err
        # status speaks the host's language (Russian by default)
        assert "последний запуск бота не удался" in said and "личное сообщение этой игры №" in said
        # nothing English but the file names: the config and the database
        words = re.sub(r"\S*(?:/|\.toml|\.db)\S*|\[storage\] url", " ", said.partition(": ")[2])
        assert re.findall(r"[A-Za-z]+", words) == [], said
        assert "Traceback" not in said and "PM #" not in said

        shutil.move(tmp_path / "backup.db", game.db)  # put back: the game goes on
        assert game.cli(start + timedelta(minutes=4), "run", "--once") == 0
        to = [m.to for m in game.board.sent_pms[:roles]]
        assert [m.to for m in game.board.sent_pms if m.to in to] == to  # roles not sent twice
        starts = [p for p in game.board.posts if p.uid == HOST_UID and p.source]
        assert len(starts) == 1  # the start post, once
        capsys.readouterr()
        assert game.cli(start + timedelta(minutes=5), "status") == 0
        assert "refused" not in capsys.readouterr().out


@pytest.mark.usefixtures("users", "fast")
def test_a_database_deleted_under_a_running_bot_stops_it_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Game(tmp_path).running() as game:
        start = game.cfg.game.start + timedelta(minutes=1)
        seen: list[int] = []

        def delete_on_first_pm(request: httpx.Request) -> bool:
            if request.method == "POST" and "mode=compose" in str(request.url):
                seen.append(game.writes)
                if len(seen) == 1:
                    game.db.unlink()  # deleted while the bot sends the role PMs
                elif len(seen) > 3:
                    _thread.interrupt_main()  # it writes on: stop it (the test fails)
                    return True
            return False

        game.server.before = delete_on_first_pm
        assert game.cli(start, "run") == 2  # not --once: the loop itself must stop
        assert "deleted or moved" in _said(capsys)
        assert game.writes <= 1  # at most the one in flight when it was deleted
        assert game.cli(start + timedelta(minutes=1), "status") == 1
        assert "удалили или переместили" in capsys.readouterr().err  # the host's language
