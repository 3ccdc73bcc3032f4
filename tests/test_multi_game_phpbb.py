"""Two games from one process over HTTP: the fake phpBB board (real recorded pages), one
`PhpbbClient` shared by both games of the one account, driven by `Host` on an injected clock.
The recorded PEFL game is played in topic 4 while a second game of the same host waits for
its start: one login, the PEFL newspapers exactly as when hosted alone, and nothing of it in
the other game."""

# The fake board modules are imported by their test-folder names, so mypy sees them as Any.
# mypy: disable-error-code="misc,no-any-return"
from __future__ import annotations

import dataclasses
import threading
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import fakeboard_phpbb as fb
import pytest
from test_daemon import played
from test_daemon_e2e_phpbb import (  # noqa: F401  # users: the fixture
    MSK,
    _board_for,
    _bot_posts,
    _client,
    _release_posts,
    _times,
    users,
)

from mafiabot.config import load_config
from mafiabot.daemon import Daemon
from mafiabot.daemon.host import Host
from mafiabot.daemon.shared import SharedSession, claim_for
from mafiabot.demo.play import DEMO_TOKEN, demo_files
from mafiabot.store import open_store


@pytest.mark.usefixtures("users")
def test_two_games_share_one_phpbb_session_and_keep_their_own_letters(tmp_path: Path) -> None:
    p_path, pdata = demo_files("pefl")
    g_path, _gdata = demo_files("gambler")
    pefl = load_config(p_path)
    pefl = dataclasses.replace(
        pefl,
        database_url=f"sqlite:///{tmp_path / 'p.db'}",
        board=dataclasses.replace(pefl.board, poll_interval=6 * 3600),
    )
    later = load_config(g_path)
    later = dataclasses.replace(
        later,
        database_url=f"sqlite:///{tmp_path / 'g.db'}",
        board=dataclasses.replace(later.board, poll_interval=6 * 3600),
        game=dataclasses.replace(
            later.game, topic=14, court_topic=15, start=datetime(2027, 1, 10, 12, tzinfo=MSK)
        ),
    )
    clock = fb.FakeClock(pefl.game.start.timestamp() - 3600)
    board = _board_for(pefl, pdata, clock)
    logins: list[str] = []
    real_login = board._login

    def login(method: str, form: list[tuple[str, str]], sess: Any) -> Any:
        if method == "POST":
            logins.append(dict(form).get("username", ""))
        return real_login(method, form, sess)

    board._login = login
    session = SharedSession(_client(board, clock, tmp_path))
    stores = [open_store(pefl.database_url), open_store(later.database_url)]
    daemons = []
    for cfg, store in zip((pefl, later), stores, strict=True):
        view = session.view()
        d = Daemon(cfg, store, view, salt=lambda: "demo-salt", token=lambda: DEMO_TOKEN)
        view.claim = claim_for(d.shell)
        daemons.append(d)

    done: set[int] = set()
    end = max(_times(pefl, pdata)) + timedelta(hours=1)
    stop = threading.Event()

    def now() -> datetime:
        at = datetime.fromtimestamp(clock.now, MSK)
        _release_posts(board, pdata, at, done)
        return at

    def sleep(seconds: float) -> None:
        clock.now += seconds
        if clock.now >= end.timestamp():
            stop.set()

    host = Host(daemons)
    host.max_nap = 24 * 3600.0
    host.run(stop, clock=now, wait=sleep, max_rounds=500)
    session.close()

    g0 = daemons[0].game()
    assert g0.status == "over", (
        g0.turn,
        g0.last_tick_result,
        datetime.fromtimestamp(clock.now, MSK),
    )
    assert _bot_posts(board) == played("pefl").topic_posts  # in topic 4, once each
    assert len(logins) == 1  # one login for the account's two games
    assert board.violations == []
    sent = Counter((m.to, m.subject, m.message) for m in board.sent_pms)
    assert max(sent.values()) == 1
    later_game = daemons[1].game()
    assert later_game.status == "registration"
    assert stores[1].pms(later_game.id) == []  # the PEFL players' letters stayed in PEFL
    assert stores[0].pms(daemons[0].game().id or 0) != []
    for st in stores:
        st.close()
