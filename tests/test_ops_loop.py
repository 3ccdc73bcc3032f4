"""The daemon loop's clock: honest catch-up after downtime (`[game] max_catchup`) and waking
at a deadline instead of at the next poll."""

from __future__ import annotations

import dataclasses
import logging
import threading
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from mafiabot.daemon import Daemon
from mafiabot.daemon.calendar import minute_end
from mafiabot.demo.play import DemoRun, setup
from mafiabot.keys import TurnTag


def _run(tmp_path: Path, max_catchup: int = 1) -> DemoRun:
    run, _ = setup("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}")
    _set_catchup(run.daemon, max_catchup)
    return run


def _set_catchup(daemon: Daemon, n: int) -> None:
    cfg = daemon.cfg
    daemon.cfg = dataclasses.replace(cfg, game=dataclasses.replace(cfg.game, max_catchup=n))


def _tick(run: DemoRun, when: datetime) -> list[TurnTag]:
    run.clock[0] = when
    return run.daemon.tick(when).closed


def _started(run: DemoRun) -> None:
    _tick(run, run.cfg.game.start + timedelta(minutes=1))
    assert run.daemon.game().status == "running"


def test_C_1_after_downtime_only_max_catchup_deadlines_close_then_the_host_decides(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    run = _run(tmp_path, max_catchup=1)
    _started(run)
    first = run.daemon.game().deadline
    assert first is not None
    back = first + timedelta(days=2, hours=1)  # the bot was down over several deadlines
    with caplog.at_level(logging.WARNING, logger="mafiabot.daemon"):
        assert len(_tick(run, back)) == 1  # the first late one, and no more
        assert _tick(run, back + timedelta(minutes=2)) == []  # still waiting, not closing
    g = run.daemon.game()
    assert g.deadline is not None and g.deadline < back and g.status == "running"
    held = [r for r in caplog.records if r.levelno == logging.ERROR and "max_catchup" in r.msg]
    assert len(held) == 1  # said once, not every tick
    assert any("ждёт вашего решения" in f for f in run.daemon.flags(g.turn))
    # the host allows more: the config is re-read, the rest close
    _set_catchup(run.daemon, 10)
    closed = _tick(run, back + timedelta(minutes=4))
    assert len(closed) >= 1
    g = run.daemon.game()
    assert g.status == "over" or (g.deadline is not None and g.deadline > back)


def test_C_1_max_catchup_0_closes_nothing_late_but_an_on_time_deadline_still_closes(
    tmp_path: Path,
) -> None:
    run = _run(tmp_path, max_catchup=0)
    _started(run)
    first = run.daemon.game().deadline
    assert first is not None
    assert _tick(run, first + timedelta(hours=5)) == []  # late: the host decides
    assert run.daemon.game().deadline == first
    (tmp_path / "b").mkdir()
    on_time = _run(tmp_path / "b", max_catchup=0)
    _started(on_time)
    # a poll after the deadline's minute is over (C-1): on time
    assert len(_tick(on_time, first + timedelta(minutes=1, seconds=30))) == 1


def test_an_outage_after_catching_up_gets_its_own_allowance(tmp_path: Path) -> None:
    run = _run(tmp_path, max_catchup=1)
    _started(run)
    first = run.daemon.game().deadline
    assert first is not None
    assert len(_tick(run, first + timedelta(hours=3))) == 1  # one late deadline: closed
    second = run.daemon.game().deadline
    assert second is not None and second > first + timedelta(hours=3)  # up to date again
    assert len(_tick(run, second + timedelta(hours=3))) == 1  # a new outage, a new allowance


def test_the_loop_wakes_at_a_deadline_not_at_the_next_poll(tmp_path: Path) -> None:
    run = _run(tmp_path)
    _started(run)
    dl = run.daemon.game().deadline
    assert dl is not None
    deadline = minute_end(dl)  # C-1: the turn closes once the deadline's minute is over
    daemon = run.daemon
    daemon.nap = 0.01
    now = [deadline - timedelta(seconds=5)]
    seen: list[datetime] = []
    stop = threading.Event()

    def tick(when: datetime) -> None:
        seen.append(when)
        if when >= deadline:
            stop.set()
        else:
            now[0] = deadline + timedelta(seconds=1)  # the deadline passes during the nap

    daemon.safe_tick = tick  # type: ignore[assignment,method-assign]
    guard = threading.Timer(10, stop.set)  # poll_interval (60 s) would be far later
    guard.start()
    try:
        daemon.run(stop=stop, clock=lambda: now[0])
    finally:
        guard.cancel()
    assert seen == [deadline - timedelta(seconds=5), deadline + timedelta(seconds=1)]


def test_next_wake_is_the_start_then_each_deadline_then_none(tmp_path: Path) -> None:
    run = _run(tmp_path)
    assert run.daemon.next_wake() == run.cfg.game.start
    _started(run)
    deadline = run.daemon.game().deadline
    assert deadline is not None
    assert run.daemon.next_wake() == minute_end(deadline)  # C-1: its minute over


def test_each_tick_leaves_one_summary_line_and_status_shows_the_last_result(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    run = _run(tmp_path)
    when = run.cfg.game.start + timedelta(minutes=1)
    run.clock[0] = when
    with caplog.at_level(logging.INFO, logger="mafiabot.daemon"):
        assert run.daemon.safe_tick(when) is not None
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("tick: ")]
    assert len(lines) == 1
    assert "game started" in lines[0] and "sent " in lines[0] and "next deadline 20" in lines[0]
    last = run.daemon.status(when)["last_tick"]
    assert last["ok"] is True and last["at"] == when.isoformat()

    def broken(now: datetime) -> None:
        raise RuntimeError("the database went away")

    run.daemon.tick = broken  # type: ignore[assignment,method-assign]
    later = when + timedelta(minutes=2)
    assert run.daemon.safe_tick(later) is None
    last = run.daemon.status(later)["last_tick"]
    assert last["ok"] is False and "the database went away" in last["result"]
    assert last["at"] == later.isoformat()


def test_sigterm_mid_send_stops_after_the_current_write_and_keeps_the_rest_queued(
    tmp_path: Path,
) -> None:
    """The start sends a post and a PM to every player; a stop (what SIGTERM sets) arriving
    after the second PM ends the flush there instead of after all of them."""
    stop = threading.Event()
    sent: list[object] = []

    def on_pm(m: object) -> None:
        sent.append(m)
        if len(sent) == 2:
            stop.set()

    run, _ = setup("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}", on_pm=on_pm)
    t0 = run.cfg.game.start + timedelta(minutes=1)
    run.clock[0] = t0
    run.daemon.run(stop=stop, clock=lambda: t0)  # returns: the stop was honoured
    assert len(sent) == 2
    g = run.daemon.game()
    assert g.status == "running"
    pending = run.daemon.outbox(g).pending()
    assert len(pending) >= 7  # the other players' role PMs wait for the next start
    # started again, the bot sends the rest, and nothing twice
    run.daemon.tick(t0 + timedelta(minutes=1))
    assert run.daemon.outbox(g).pending() == []
    assert len(sent) == len({(m.to, m.subject) for m in sent})  # type: ignore[attr-defined]


def test_C_1_posts_written_while_the_bot_was_down_past_a_deadline_are_flagged_once(
    tmp_path: Path,
) -> None:
    run = _run(tmp_path, max_catchup=1)
    _started(run)
    g = run.daemon.game()
    first = g.deadline
    assert first is not None
    player = next(p.account for p in run.daemon.store.players(g.id) if p.alive)
    for minutes in (10, 20):  # written after the deadline, before the bot came back
        run.board.add_post(
            run.cfg.game.topic, player, first + timedelta(minutes=minutes), "<p>а я вот что</p>"
        )
    back = first + timedelta(hours=3)
    assert len(_tick(run, back)) == 1  # closed late, as a catch-up
    notes = [f for f in run.daemon.flags(g.turn) if "после дедлайна" in f]
    assert len(notes) == 1
    # the number agrees with its noun: «2 сообщения», never «2 сообщений написаны»
    assert notes[0].startswith(f"после дедлайна хода {g.turn}, пока бот не работал")
    assert "появилось 2 сообщения:" in notes[0]
    assert "[[override]]" in notes[0]


def test_a_deadline_closed_on_time_flags_no_late_posts(tmp_path: Path) -> None:
    run = _run(tmp_path)
    _started(run)
    g = run.daemon.game()
    assert g.deadline is not None
    assert len(_tick(run, g.deadline + timedelta(minutes=1, seconds=30))) == 1
    assert not [f for f in run.daemon.flags(g.turn) if "после дедлайна" in f]
