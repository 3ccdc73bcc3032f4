"""Board errors at the daemon: a refused login stops the bot; an unreachable board is one line.

The daemon talks to the MockTransport phpBB (tests/fakeboard_phpbb.py, real recorded pages)
through the real PhpbbClient, with a fake clock so retries take no time.
"""

from __future__ import annotations

import argparse
import logging
import threading
from pathlib import Path

import httpx
import pytest
from fakeboard_phpbb import BASE, USERS, FakeClock, FakePhpbb

from mafiabot import bootstrap
from mafiabot.commands import run as run_cmd
from mafiabot.config import Config, load_config
from mafiabot.daemon import Daemon
from mafiabot.demo.play import demo_files
from mafiabot.exitcodes import LoginRefused
from mafiabot.store import open_store
from scraper.errors import LoginFailed
from scraper.phpbb import PhpbbClient, PhpbbSettings

HOST = "Ведущий"
RIGHT = USERS[HOST][1]


def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, password: str) -> Path:
    cfg_path, _ = demo_files("pefl")
    text = cfg_path.read_text("utf-8").replace("poll_interval = 60", "poll_interval = 10")
    mine = tmp_path / "game.toml"
    mine.write_text(text + '\n[storage]\nurl = "sqlite:///game.db"\n', "utf-8")
    monkeypatch.setenv("MAFIABOT_DEMO_PASSWORD", password)
    return mine


def _client(cfg: Config, clock: FakeClock, transport: httpx.BaseTransport) -> PhpbbClient:
    settings = PhpbbSettings(
        base_url=BASE, username=HOST, password=cfg.board.password(), min_interval=0.0
    )
    return PhpbbClient(settings, transport=transport, clock=clock, sleep=clock.sleep)


def _login_posts(board: FakePhpbb) -> int:
    return sum(1 for r in board.requests if r.method == "POST" and "login" in str(r.url))


def test_refused_login_is_not_retried_by_the_tick(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = load_config(_config(tmp_path, monkeypatch, "wrong-password"))
    clock = FakeClock()
    board = FakePhpbb(clock)
    daemon = Daemon(cfg, open_store(cfg.database_url), _client(cfg, clock, board.transport()))
    now = cfg.game.start
    with pytest.raises(LoginFailed):
        daemon.safe_tick(now)
    assert _login_posts(board) == 1


def test_refused_login_ends_the_loop_after_one_attempt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = load_config(_config(tmp_path, monkeypatch, "wrong-password"))
    clock = FakeClock()
    board = FakePhpbb(clock)
    daemon = Daemon(cfg, open_store(cfg.database_url), _client(cfg, clock, board.transport()))
    stop = threading.Event()
    raised: list[BaseException] = []

    def loop() -> None:
        try:
            daemon.run(stop, clock=lambda: cfg.game.start, max_ticks=3)
        except BaseException as exc:  # the test inspects what ended the loop
            raised.append(exc)

    th = threading.Thread(target=loop)
    th.start()
    th.join(timeout=15)
    still_running = th.is_alive()
    stop.set()
    th.join()
    assert not still_running, "the loop kept going after the board refused the login"
    assert len(raised) == 1 and isinstance(raised[0], LoginFailed)
    assert _login_posts(board) == 1


def test_run_stops_on_a_refused_login_with_one_host_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from mafiabot import cli

    mine = _config(tmp_path, monkeypatch, "wrong-password")
    clock = FakeClock()
    board = FakePhpbb(clock)
    monkeypatch.setattr(
        bootstrap, "make_client", lambda cfg: _client(cfg, clock, board.transport())
    )
    rc = cli.main(["run", "-c", str(mine), "--once"])
    err = capsys.readouterr().err
    assert rc == 3  # refused login: exit 3, never retried by systemd
    lines = [ln for ln in err.splitlines() if ln.startswith("mafiabot:")]
    assert len(lines) == 1
    assert "login refused for user Ведущий" in lines[0]
    assert "MAFIABOT_DEMO_PASSWORD" in lines[0] and "CAPTCHA" in lines[0]
    assert "Traceback" not in err
    assert _login_posts(board) == 1


def test_run_loop_stops_on_a_refused_login(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mine = _config(tmp_path, monkeypatch, "wrong-password")
    clock = FakeClock()
    board = FakePhpbb(clock)
    monkeypatch.setattr(
        bootstrap, "make_client", lambda cfg: _client(cfg, clock, board.transport())
    )
    args = argparse.Namespace(config=str(mine), dry_run=False, once=False)
    result: list[object] = []
    th = threading.Thread(target=lambda: result.append(_catch(lambda: run_cmd.main(args))))
    th.daemon = True  # without the fix the loop never ends; do not hang the suite on it
    th.start()
    th.join(timeout=15)
    assert not th.is_alive(), "`mafiabot run` kept logging in after a refused login"
    assert isinstance(result[0], LoginRefused) and "login refused" in str(result[0])
    assert _login_posts(board) == 1


def _catch(f: object) -> object:
    try:
        return f()  # type: ignore[operator]
    except Exception as exc:  # handed to the test
        return exc


def _unreachable(request: httpx.Request) -> httpx.Response:
    raise httpx.ConnectError("[Errno 111] Connection refused", request=request)


@pytest.mark.parametrize("dry_run", [False, True])
def test_run_once_on_an_unreachable_board_is_one_line_and_fails(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    dry_run: bool,
) -> None:
    from mafiabot import cli

    mine = _config(tmp_path, monkeypatch, RIGHT or "")
    clock = FakeClock()
    monkeypatch.setattr(
        bootstrap, "make_client", lambda cfg: _client(cfg, clock, httpx.MockTransport(_unreachable))
    )
    argv = ["run", "-c", str(mine), "--once"] + (["--dry-run"] if dry_run else [])
    with caplog.at_level(logging.INFO):
        rc = cli.main(argv)
    err = capsys.readouterr().err
    assert rc != 0
    lines = [ln for ln in err.splitlines() if ln.startswith("mafiabot:")]
    assert len(lines) == 1 and "cannot reach the board" in lines[0]
    assert "Connection refused" in lines[0]
    logged = caplog.text + err
    assert "Traceback" not in logged
    assert "next try" not in logged
    assert "alembic" not in "".join(r.name for r in caplog.records if r.levelno >= logging.INFO)


def test_a_board_error_in_the_loop_is_logged_without_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    cfg = load_config(_config(tmp_path, monkeypatch, RIGHT or ""))
    clock = FakeClock()
    client = _client(cfg, clock, httpx.MockTransport(_unreachable))
    daemon = Daemon(cfg, open_store(cfg.database_url), client)
    with caplog.at_level(logging.ERROR, logger="mafiabot.daemon"):
        assert daemon.safe_tick(cfg.game.start) is None
    [rec] = [r for r in caplog.records if r.name == "mafiabot.daemon"]
    assert "cannot reach the board" in rec.getMessage() and "next try in 10 s" in rec.getMessage()
    assert rec.exc_info is None
