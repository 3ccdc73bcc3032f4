"""`systemctl stop` during a start's sends: `mafiabot run` as a process against the fake phpBB
board over loopback HTTP, with the board's real 15-second flood interval. SIGTERM arrives
right after the first message went out; the bot must stop there — not after the ten others,
which at one per flood interval would outlast systemd's stop timeout — exit 0 and leave the
rest queued for the next start."""

# The fake board modules are imported by their test-folder names, so mypy sees them as Any.
# mypy: disable-error-code="misc,no-any-return"
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import fakeboard_phpbb as fb
import httpx
import pytest
from fakeboard_http import BoardServer

from mafiabot.config import load_config
from mafiabot.demo.play import demo_files
from mafiabot.store import open_store

ROOT = Path(__file__).resolve().parent.parent
EXTRA_USERS = {"Jack_Sparrow": 67, "Граф Монте-Кристо": 70}


class WallClock(fb.FakeClock):
    """The board keeps real time here: the bot runs on the real clock too."""

    def __call__(self) -> float:
        return time.time()


@pytest.fixture
def users(monkeypatch: pytest.MonkeyPatch) -> None:
    for nick, uid in EXTRA_USERS.items():
        monkeypatch.setitem(fb.USERS, nick, (uid, None))
        monkeypatch.setitem(fb.NAMES, uid, nick)


def _config(tmp_path: Path, base: str) -> Path:
    src, _ = demo_files("pefl")
    text = src.read_text("utf-8").replace('url = "http://127.0.0.1:8080/"', f'url = "{base}"')
    now = datetime.now(ZoneInfo("Europe/Moscow")).replace(tzinfo=None, microsecond=0)
    start = now - timedelta(minutes=1)
    days = ", ".join(f"{(now + timedelta(days=d)):%Y-%m-%dT22:00:00}" for d in (1, 2, 3, 4))
    text = re.sub(r"(?m)^start = .*$", f"start = {start:%Y-%m-%dT%H:%M:%S}", text)
    text = re.sub(r"(?m)^deadlines = .*$", f"deadlines = [{days}]", text)
    # no politeness delay between requests (1 s each by default): the board's flood interval
    # between writes is what the stop lands in, and it stays as phpBB's default
    text = text.replace("poll_interval = 60", "poll_interval = 60\nrequest_delay = 0")
    assert "request_delay = 0" in text
    path = tmp_path / "game.toml"
    path.write_text(text + f'\n[storage]\nurl = "sqlite:///{tmp_path / "g.db"}"\n', "utf-8")
    return path


@pytest.mark.usefixtures("users")
def test_sigterm_during_the_start_stops_after_the_write_under_way(tmp_path: Path) -> None:
    intro = fb.FakePost(100, 2, fb._derived_post(100, 2, "Запись закрыта."), "")
    board = fb.FakePhpbb(WallClock(), posts=[intro])  # flood interval: 15 s, as phpBB's default
    server = BoardServer(board.handle)
    proc: subprocess.Popen[str] | None = None
    stopped_after: list[int] = []

    def writes() -> int:
        return len(board.sent_pms) + sum(1 for p in board.posts if p.uid == 2 and p.source)

    def after(_request: httpx.Request, _response: httpx.Response) -> bool:
        if proc is not None and not stopped_after and writes() >= 1:
            stopped_after.append(writes())
            proc.send_signal(signal.SIGTERM)  # what `systemctl stop` sends
        return False

    server.after = after
    with server.running():
        config = _config(tmp_path, server.base)
        log = (tmp_path / "run.log").open("w")
        proc = subprocess.Popen(
            [sys.executable, "-m", "mafiabot", "run", "-c", str(config)],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "MAFIABOT_DEMO_PASSWORD": "HostPass-2026"},
        )
        try:
            rc = proc.wait(timeout=120)  # a hang guard: ten writes would take 150 s
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            log.close()
    out = (tmp_path / "run.log").read_text("utf-8")
    assert stopped_after == [1], out
    assert rc == 0, out
    assert writes() <= 2, out  # the write under way may finish; no more
    store = open_store(load_config(config).database_url)
    g = store.find_game(4)
    assert g is not None
    assert len(store.outbox(g.id).pending()) >= 8  # the rest waits for the next start
    store.close()
    assert "Traceback" not in out


def _is_login_post(request: httpx.Request) -> bool:
    return (
        request.method == "POST"
        and request.url.path.endswith("ucp.php")
        and request.url.params.get("mode") == "login"
    )


@pytest.mark.usefixtures("users")
def test_sigterm_during_the_login_post_stops_the_run(tmp_path: Path) -> None:
    """SIGTERM while the login form is on its way (a first start: the bot logs in to look at
    the board before its database exists) stops the run — exit 0, one line, no traceback,
    nothing sent and no further request — instead of killing the process where it stands."""
    intro = fb.FakePost(100, 2, fb._derived_post(100, 2, "Запись закрыта."), "")
    board = fb.FakePhpbb(WallClock(), posts=[intro])
    server = BoardServer(board.handle)
    proc: subprocess.Popen[str] | None = None
    seen: list[str] = []
    signalled: list[int] = []

    def before(request: httpx.Request) -> bool:
        seen.append(f"{request.method} {request.url.path}?{request.url.query.decode()}")
        if proc is not None and not signalled and _is_login_post(request):
            signalled.append(len(seen))
            proc.send_signal(signal.SIGTERM)  # the form is read; the answer is not back yet
            # the answer comes late, as from a slow board: the scene, not a guard. The
            # signal is pending for the main thread, where the login runs, before the answer
            # leaves, and Python runs its handler before that thread goes past the read: the
            # stop is seen before any further request, however early or late the answer
            time.sleep(0.3)
        return False

    server.before = before
    with server.running():
        config = _config(tmp_path, server.base)
        log = (tmp_path / "run.log").open("w")
        proc = subprocess.Popen(
            [sys.executable, "-m", "mafiabot", "run", "-c", str(config)],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "MAFIABOT_DEMO_PASSWORD": "HostPass-2026"},
        )
        try:
            rc = proc.wait(timeout=120)  # a hang guard
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            log.close()
    out = (tmp_path / "run.log").read_text("utf-8")
    assert signalled, out  # the bot did log in
    assert rc == 0, (rc, out)  # stopped, not killed by the signal (-15)
    assert "Traceback" not in out
    assert "stop" in out.lower(), out  # the log says it stopped
    assert seen[signalled[0] :] == [], seen  # nothing asked of the board after the stop
    assert not board.sent_pms and not any(p.uid == 2 and p.source for p in board.posts)
