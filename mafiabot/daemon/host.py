"""The one loop: every game of the process, one or several, on one schedule.

Each game keeps its own rhythm — a poll every `[board] poll_interval` of its config, its start
and deadlines acted on when they come, its own back-off after a failed tick — and the loop
sleeps until the earliest moment any game is due, then ticks only the games that are. A game
whose tick fails waits out its back-off while the others go on; a game that is over with
everything sent leaves the loop; when none is left the loop ends. SIGTERM stops the loop
between two games' ticks and, through each flush, between two writes.

A refused login is the one failure that is not retried: it stops the games of that account
(the session remembers the refusal, so no second bad password is sent) and, once the other
games are done, ends the run with it.

The loop knows a game only by what it asks of it (`Hosted`): when it is due, a tick that never
raises but for a refused login, and whether it is over. One game is a host with one game
(`mafiabot.daemon.game.Daemon.run`).
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from mafiabot.config import Config
from scraper.errors import LoginFailed

log = logging.getLogger("mafiabot.daemon")

#: the longest single sleep: a clock that jumps (suspend, NTP) is noticed within this
MAX_NAP = 60.0


def utcnow() -> datetime:
    return datetime.now(UTC)


class Hosted(Protocol):
    """What the loop asks of a game (`mafiabot.daemon.game.Daemon` answers)."""

    @property
    def cfg(self) -> Config: ...

    @property
    def not_before(self) -> datetime | None:
        """While backing off after failed ticks: no tick before this moment."""
        ...

    def next_wake(self) -> datetime | None:
        """The next moment the game changes by the clock alone (its start, a deadline)."""
        ...

    def safe_tick(self, now: datetime) -> object:
        """One tick that never raises but for a refused login (`LoginFailed`)."""
        ...

    def finished(self) -> bool:
        """The game is over and its last messages are out."""
        ...

    def attach_stop(self, stop: threading.Event | None) -> None:
        """The loop's stop flag, honoured between two writes of a flush."""
        ...


class Host:
    """Hosts `games` until every game is over or the loop is stopped."""

    def __init__(
        self,
        games: Sequence[Hosted],
        *,
        on_close: Callable[[], None] = lambda: None,
        max_nap: float = MAX_NAP,
    ):
        self.daemons = list(games)
        self._last: dict[int, datetime] = {}
        self._on_close = on_close
        self.refused: LoginFailed | None = None
        self.max_nap = max_nap
        self.ticks = 0

    def name(self, d: Hosted) -> str:
        return f"{d.cfg.game.name!r} (topic {d.cfg.game.topic})"

    def due_at(self, i: int) -> datetime | None:
        """When game `i` should tick next (None: at once)."""
        d = self.daemons[i]
        last = self._last.get(i)
        if last is None:
            return None
        at = last + timedelta(seconds=d.cfg.board.poll_interval)
        try:
            wake = d.next_wake()
        except Exception:  # the store is down: the next poll finds out and backs off
            log.debug("next wake-up of %s unknown", self.name(d), exc_info=True)
            wake = None
        if wake is not None and last < wake < at:
            at = wake  # a start or deadline between two polls is acted on when it comes
        if d.not_before is not None and d.not_before > at:
            at = d.not_before
        return at

    def run(
        self,
        stop: threading.Event | None = None,
        clock: Callable[[], datetime] = utcnow,
        wait: Callable[[float], object] | None = None,
        max_rounds: int | None = None,
        max_ticks: int | None = None,
    ) -> None:
        """Tick the games that are due, sleep until the next is, until stopped or all over.
        `wait` (seconds) defaults to waiting on `stop`, which SIGTERM and SIGINT set;
        `max_rounds` / `max_ticks` bound the loop (tests, a single tick)."""
        stop = stop or threading.Event()
        sleep = wait or stop.wait
        previous: dict[signal.Signals, Any] = {}
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGTERM, signal.SIGINT):
                previous[sig] = signal.signal(sig, lambda *_: stop.set())
        for d in self.daemons:
            d.attach_stop(stop)
        try:
            self._loop(stop, clock, sleep, max_rounds, max_ticks)
        finally:
            for d in self.daemons:
                d.attach_stop(None)
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            log.info("stopping: closing the board session(s)")
            self._on_close()
        if self.refused is not None:
            raise self.refused

    def _loop(
        self,
        stop: threading.Event,
        clock: Callable[[], datetime],
        sleep: Callable[[float], object],
        max_rounds: int | None,
        max_ticks: int | None,
    ) -> None:
        active = list(range(len(self.daemons)))
        rounds = 0

        def halted() -> bool:
            return stop.is_set() or (max_ticks is not None and self.ticks >= max_ticks)

        def more() -> bool:
            return bool(active) and not halted() and (max_rounds is None or rounds < max_rounds)

        while more():
            rounds += 1
            for i in list(active):
                if halted():
                    return
                now = clock()
                due = self.due_at(i)
                if due is not None and now < due:
                    continue
                if not self._tick(i, now):
                    active.remove(i)
            if not more():
                break
            now = clock()
            dues = [self.due_at(i) for i in active]
            earliest = min((d for d in dues if d is not None), default=now)
            if any(d is None for d in dues):
                earliest = now
            pause = min(max((earliest - now).total_seconds(), 0.0), self.max_nap)
            if pause > 0:
                sleep(pause)
        if not active:
            log.info("every game is over and everything is sent: stopping")

    def _tick(self, i: int, now: datetime) -> bool:
        """One game's tick; False once the game leaves the loop (over, or login refused)."""
        d = self.daemons[i]
        self._last[i] = now
        self.ticks += 1
        try:
            d.safe_tick(now)  # never raises but for a refused login
        except LoginFailed as exc:
            log.error("%s: the board refused the login (%s): this game stops", self.name(d), exc)
            self.refused = self.refused or exc
            return False
        try:
            over = d.finished()
        except Exception:
            log.debug("could not tell whether %s is over", self.name(d), exc_info=True)
            return True
        if over:
            log.info("%s is over and everything is sent", self.name(d))
        return not over
