"""Stopping mid-send (issue 11 item 4): the loop's stop flag (set by SIGTERM/SIGINT) reaches
the poster, so a start's dozen messages stop going out at the next message; what is left stays
queued and goes out once on the next run."""

from __future__ import annotations

import threading
from collections import Counter
from datetime import timedelta
from pathlib import Path

from mafiabot.demo.play import setup
from mafiabot.memory_board import BoardPM
from mafiabot.store.tables import Game


def test_a_stop_during_the_starts_role_pms_leaves_the_rest_queued(tmp_path: Path) -> None:
    run, _ = setup("pefl", f"sqlite:///{tmp_path / 'g.db'}")
    stop = threading.Event()

    def on_pm(m: BoardPM) -> None:  # SIGTERM arrives while the second message goes out
        if len(run.board.sent) == 2:
            stop.set()

    run.board.on_pm = on_pm
    start = run.cfg.game.start + timedelta(minutes=1)
    run.clock[0] = start
    run.daemon.run(stop=stop, clock=lambda: start, max_ticks=1)
    assert run.daemon.game().status == "running"  # the start was dealt and committed
    assert len(run.board.sent) == 2  # nothing more after the stop
    g = run.daemon.game()
    left = run.daemon.outbox(g).pending()
    assert left, "the rest of the start stays queued"

    run.board.on_pm = None
    later = start + timedelta(minutes=2)  # the next run
    run.clock[0] = later
    run.daemon.run(stop=threading.Event(), clock=lambda: later, max_ticks=1)
    assert run.daemon.outbox(g).pending() == []
    sent = Counter((m.to, m.subject, m.html) for m in run.board.sent)
    assert max(sent.values()) == 1  # the first two were not sent again
    assert len(run.board.sent) == 2 + sum(r.channel == "pm" for r in left)


def test_a_stop_before_the_first_flush_sends_nothing(tmp_path: Path) -> None:
    run, _ = setup("pefl", f"sqlite:///{tmp_path / 'g.db'}")
    stop = threading.Event()
    flush = run.daemon.flush

    def stopped_first(g: Game) -> int:
        stop.set()  # asked to stop once the tick has decided, before its flush
        return flush(g)

    run.daemon.flush = stopped_first  # type: ignore[method-assign]
    start = run.cfg.game.start + timedelta(minutes=1)
    run.clock[0] = start
    run.daemon.run(stop=stop, clock=lambda: start, max_ticks=1)
    assert run.board.sent == [] and run.daemon.outbox(run.daemon.game()).pending()
