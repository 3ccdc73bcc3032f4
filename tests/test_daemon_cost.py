"""What a tick costs grows with what is new, not with the topic: an idle tick (nothing new on
the board) runs the same few SQL statements at 30 posts as at 600, and reads the seats once."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from mafiabot.config import InterimCount
from mafiabot.demo.play import DemoRun, setup


def _statements(run: DemoRun, at: datetime) -> list[str]:
    seen: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_a: Any) -> None:
        seen.append(statement)

    sa.event.listen(run.store.engine, "before_cursor_execute", count)
    try:
        run.clock[0] = at
        report = run.daemon.tick(at)
    finally:
        sa.event.remove(run.store.engine, "before_cursor_execute", count)
    assert report.new_posts == 0 and report.edited_posts == 0
    return seen


def _only_ours(run: DemoRun, now: datetime) -> None:
    """The recorded game stops here: only the posts this test adds appear from now on (the
    bot's own newspaper is read in first)."""
    run.board.posts = [p for p in run.board.posts if p.id]
    run.board.pms = [m for m in run.board.pms if m.at <= now]
    run.clock[0] = now
    run.daemon.tick(now)


def _chatter(run: DemoRun, first: datetime, n: int) -> None:
    nicks = ["Шерлок", "Кот", "Марго", "Dr.Watson"]
    for i in range(n):
        html = f'<span style="color:red">Кот</span> молчит весь день, {i}' if i % 3 else "Хм."
        run.board.add_post(run.cfg.game.topic, nicks[i % 4], first + timedelta(seconds=i), html)


def test_an_idle_tick_costs_the_same_at_any_topic_size(tmp_path: Path) -> None:
    run, _data = setup("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}")
    # the interim count on: the turn's tally is wanted every tick
    game = dataclasses.replace(run.cfg.game, interim_count=InterimCount(mode="votes", every=10**6))
    run.daemon.cfg = dataclasses.replace(run.cfg, game=game)
    t = run.cfg.game.deadlines[0] + timedelta(hours=1)  # turn 1
    for at in (run.cfg.game.start + timedelta(minutes=1), t):
        run.clock[0] = at
        run.daemon.tick(at)
    _only_ours(run, t)
    sizes = []
    for n in (30, 600):
        _chatter(run, t, n)
        t += timedelta(hours=2)
        run.clock[0] = t
        assert run.daemon.tick(t).new_posts == n
        t += timedelta(minutes=1)
        idle = _statements(run, t)
        sizes.append(len(idle))
        # the seats are read once per tick, not once per post
        assert sum("FROM players" in s for s in idle) <= 1
        # no post is read back from the store: the tally is kept until something changes
        assert not any("FROM posts" in s or "FROM post_revisions" in s for s in idle)
    assert sizes[0] == sizes[1]


def test_the_tally_is_read_again_once_a_new_post_arrives(tmp_path: Path) -> None:
    run, _data = setup("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}")
    t = run.cfg.game.deadlines[0] + timedelta(hours=1)
    for at in (run.cfg.game.start + timedelta(minutes=1), t):
        run.clock[0] = at
        run.daemon.tick(at)
    _only_ours(run, t)
    before = run.daemon.status(t)["tally"]
    run.board.add_post(
        run.cfg.game.topic, "Шерлок", t, '<span style="color:red">Кот</span> молчит и путается'
    )
    t += timedelta(minutes=5)
    run.clock[0] = t
    run.daemon.tick(t)
    after = run.daemon.status(t)["tally"]
    assert "Шерлок" in after.get("Кот", []) and after != before
