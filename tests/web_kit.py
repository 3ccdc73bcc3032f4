"""Games part-played through the daemon against the offline board, for the dashboard tests."""

from __future__ import annotations

import functools
import tempfile
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mafiabot.demo.play import DemoRun, play, setup, tick_times
from mafiabot.web.data import GameSource

MSK = ZoneInfo("Europe/Moscow")
# PEFL turn 1: seven reds in, the night's letters arriving, the deadline at 22:00
PEFL_MID_TURN_1 = datetime(2026, 11, 28, 20, 45, tzinfo=MSK)
# Gambler day 2: greens posted all afternoon, the greens deadline at 23:59
GAMBLER_MID_GREENS_2 = datetime(2026, 12, 3, 19, 0, tzinfo=MSK)


def _db(name: str) -> str:
    return f"sqlite:///{tempfile.mkdtemp(prefix='mafiabot-web-')}/{name}.sqlite"


@functools.cache
def pefl_mid_turn() -> DemoRun:
    """Read-only for the tests: shared by the whole session."""
    return play("pefl", _db("pefl"), stop_after=PEFL_MID_TURN_1)


@functools.cache
def gambler_with_a_switch() -> DemoRun:
    """Gambler day 2 with one player changing his green (G-N.1: the last one counts)."""
    run, data = setup("gambler", _db("gambler"))
    switch_at = datetime(2026, 12, 3, 18, 0, tzinfo=MSK)
    run.board.add_post(
        run.cfg.game.topic, "Кот", switch_at, 'Передумал: <span style="color:green">Mister X</span>'
    )
    times = sorted({*tick_times(run, data), switch_at + timedelta(minutes=1)})
    for t in times:
        if t > GAMBLER_MID_GREENS_2:
            break
        run.clock[0] = t
        run.daemon.tick(t)
    run.clock[0] = GAMBLER_MID_GREENS_2
    return run


def source(run: DemoRun) -> GameSource:
    """The run's game for the dashboard, at the run's own time."""
    return GameSource(run.cfg, run.store, clock=lambda: run.clock[0])
