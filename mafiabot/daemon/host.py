"""The one loop: every game of the process, one or several, each on its own schedule.

Each game keeps its own rhythm — a poll every `[board] poll_interval` of its config, its start
and deadlines acted on when they come, its own back-off after a failed tick — and the loop
sleeps until the earliest moment any game is due, then starts the ticks of the games that are.

A tick runs in a thread of its own, so a game whose board hangs or retries never holds up
another game's ticks: the loop goes on starting the others when they are due. Games that share
a board session (one account on one board: `Hosted.board`) tick one after another, never at
once — they share one connection, one cookie jar and the board's flood interval, and a board
that is down is down for both. A game whose tick fails waits out its back-off while the others
go on; a game that is over with everything sent leaves the loop; when none is left the loop
ends.

SIGTERM (and SIGINT) set the stop flag, at any point: no tick starts after it, a running tick
stops before its next request to the board or write (each flush and the board client look at
the flag), and the loop returns once the running ticks have ended — or at once on a second
signal, leaving a tick stuck in a board request the way a crash would. `stop_on_signals` gives a
command the same flag for what it does before the loop starts (the first login, the checks).

A refused login is not retried: it stops the games of that account (the session remembers
the refusal, so no second bad password is sent) and, once the other games are done, ends the
run with it; so does a board that shuts the bot out (a ban, a switched-off board, a CAPTCHA:
`scraper.errors.ShutOut`) for its game. A fault that must stop everything (a database deleted
under the bot: `mafiabot.exitcodes.HostError`) stops every game and is raised once the
running ticks have ended.

The loop knows a game only by what it asks of it (`Hosted`): when it is due, a tick that never
raises but for a refused login or such a fault, and whether it is over. One game is a host
with one game (`mafiabot.daemon.game.Daemon.run`).
"""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from mafiabot.config import Config
from mafiabot.store.tables import utcnow as utcnow  # the loop's clock, the store's own
from scraper.errors import LoginFailed, ShutOut

log = logging.getLogger("mafiabot.daemon")

#: the longest single sleep: a clock that jumps (suspend, NTP) is noticed within this
MAX_NAP = 60.0
#: how often a wait for running ticks looks at the stop flag (seconds)
WAIT_SLICE = 0.5
#: after a stop, how long the loop waits for a tick that does not end (seconds): a board
#: request under way ends at the client's timeout at the latest; then the run ends anyway
STOP_GRACE = 90.0


@contextlib.contextmanager
def stop_on_signals(
    stop: threading.Event, hurry: threading.Event | None = None
) -> Iterator[threading.Event]:
    """SIGTERM and SIGINT set `stop` while the block runs (in the main thread only, where
    Python runs signal handlers); a second one, once `stop` is set, sets `hurry` (given): the
    operator does not want to wait for a tick stuck in a board request. The handlers before
    are put back after the block."""
    previous: dict[signal.Signals, Any] = {}

    def on_signal(*_: object) -> None:
        if stop.is_set() and hurry is not None:
            hurry.set()
        stop.set()

    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGTERM, signal.SIGINT):
            previous[sig] = signal.signal(sig, on_signal)
    try:
        yield stop
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


class Hosted(Protocol):
    """What the loop asks of a game (`mafiabot.daemon.game.Daemon` answers)."""

    @property
    def cfg(self) -> Config: ...

    @property
    def board(self) -> object:
        """What the game shares with other games: games with the same board session tick
        one after another."""
        ...

    @property
    def not_before(self) -> datetime | None:
        """While backing off after failed ticks: no tick before this moment."""
        ...

    def next_wake(self) -> datetime | None:
        """The next moment the game changes by the clock alone (its start, a deadline)."""
        ...

    def safe_tick(self, now: datetime) -> object:
        """One tick that never raises but for a refused login (`LoginFailed`) or a fault
        that must stop the run (`HostError`)."""
        ...

    def finished(self) -> bool:
        """The game is over and its last messages are out."""
        ...

    def attach_stop(self, stop: threading.Event | None) -> None:
        """The loop's stop flag, honoured between two writes and before each request."""
        ...


#: what a tick's thread hands back: whether the game stays in the loop, or what stops the run
Outcome = bool | BaseException


class Host:
    """Hosts `games` until every game is over or the loop is stopped.

    `patience` is how long (real seconds) the loop waits for a running tick before it lets
    time pass for the other games; None (the default) waits until the next other game is due.
    """

    def __init__(
        self,
        games: Sequence[Hosted],
        *,
        on_close: Callable[[], None] = lambda: None,
        max_nap: float = MAX_NAP,
        patience: float | None = None,
    ):
        self.daemons = list(games)
        self._last: dict[int, datetime] = {}
        self._on_close = on_close
        self.refused: LoginFailed | None = None
        self.shut: ShutOut | None = None  # a board that shut a game's account out
        self.failure: BaseException | None = None
        self.max_nap = max_nap
        self.patience = patience
        #: set by a second SIGTERM/SIGINT: stop without waiting for the running ticks
        self.hurry = threading.Event()
        self.ticks = 0
        self._busy: set[int] = set()  # games whose tick is running
        self._started: dict[int, float] = {}  # when (monotonic) each game's last tick began
        self._ended: list[tuple[int, Outcome]] = []  # ticks ended, not yet looked at
        self._cv = threading.Condition()

    def name(self, d: Hosted) -> str:
        return f"{d.cfg.game.name!r} (topic {d.cfg.game.topic})"

    def lane(self, i: int) -> int:
        """The games of one board session share a lane: one tick at a time."""
        return id(self.daemons[i].board)

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
        """Start the ticks of the games that are due, sleep until the next is, until stopped
        or all over. `wait` (seconds) lets time pass — by default a sleep that ends early when
        a tick ends or `stop` is set (SIGTERM and SIGINT set it); `max_rounds` (sleeps + 1)
        and `max_ticks` bound the loop (tests, a single tick)."""
        stop = stop or threading.Event()
        sleep = wait or (lambda seconds: self._await(seconds, stop))
        with stop_on_signals(stop, self.hurry):
            for d in self.daemons:
                d.attach_stop(stop)
            try:
                self._loop(stop, clock, sleep, max_rounds, max_ticks)
            finally:
                self._wind_down(stop)
                for d in self.daemons:
                    d.attach_stop(None)
                log.info("stopping: closing the board session(s)")
                self._on_close()
        if self.failure is not None:
            raise self.failure
        if self.refused is not None:
            raise self.refused
        if self.shut is not None:
            raise self.shut

    # -- the loop --------------------------------------------------------------------------

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
            return (
                stop.is_set()
                or self.failure is not None
                or (max_ticks is not None and self.ticks >= max_ticks)
            )

        while active and not halted():
            self._start_due(active, clock, halted)
            nxt = self._next_due(active)
            if self._busy:
                # nothing else can start: wait for a tick to end; else for at most `patience`
                # or until the next game is due
                bound: float | None = None
                if nxt is not None:
                    bound = self.patience
                    if bound is None:
                        bound = (nxt - clock()).total_seconds()
                    bound = min(max(bound, 0.0), self.max_nap)
                if self._await(bound, stop):
                    self._look_at_ended(active, stop)
                    continue  # a tick ended: its game may be due again, its lane is free
            self._look_at_ended(active, stop)
            if not active or halted():
                break
            rounds += 1
            if max_rounds is not None and rounds >= max_rounds:
                break
            now = clock()
            wake = self._wake_at(active, now)
            if wake is None:
                continue  # every game waits for a running tick (or its lane)
            pause = min(max((wake - now).total_seconds(), 0.0), self.max_nap)
            if pause > 0:
                sleep(pause)
        if not active:
            log.info("every game is over and everything is sent: stopping")

    def _start_due(
        self, active: list[int], clock: Callable[[], datetime], halted: Callable[[], bool]
    ) -> None:
        """Start the tick of every game that is due and whose lane is free, in order."""
        for i in active:
            if halted():
                return
            if i in self._busy or any(self.lane(b) == self.lane(i) for b in self._busy):
                continue
            now = clock()
            due = self.due_at(i)
            if due is not None and now < due:
                continue
            self._start(i, now)

    def _next_due(self, active: list[int]) -> datetime | None:
        """The earliest moment a game that can start (not running, its lane free) is due."""
        lanes = {self.lane(b) for b in self._busy}
        dues = [self.due_at(i) for i in active if i not in self._busy and self.lane(i) not in lanes]
        if any(d is None for d in dues):
            return datetime.min.replace(tzinfo=UTC)  # due at once
        return min((d for d in dues if d is not None), default=None)

    def _wake_at(self, active: list[int], now: datetime) -> datetime | None:
        """Until when time may pass: the next game that can start is due, or a running
        tick's game would be due again — time does not jump past a game whose tick is still
        within its `patience`; one that took longer is left to end when it ends."""
        lanes = {self.lane(b) for b in self._busy}
        times: list[datetime] = []
        for i in active:
            if i in self._busy:
                due = self.due_at(i)
                if due is not None and (due > now or self._patient(i)):
                    times.append(max(due, now))
            elif self.lane(i) not in lanes:
                times.append(self.due_at(i) or now)
        return min(times, default=None)

    def _patient(self, i: int) -> bool:
        """Game `i`'s tick is still given time before the others go on without it."""
        ran = time.monotonic() - self._started.get(i, 0.0)
        return self.patience is None or ran < self.patience

    def _start(self, i: int, now: datetime) -> None:
        self._last[i] = now
        self._started[i] = time.monotonic()
        self.ticks += 1
        with self._cv:
            self._busy.add(i)

        def work() -> None:
            outcome: Outcome
            try:
                outcome = self._tick(i, now)
            except BaseException as exc:  # handed to the loop, raised from `run`
                outcome = exc
            with self._cv:
                self._ended.append((i, outcome))
                self._cv.notify_all()

        name = f"tick {self.daemons[i].cfg.game.topic}"
        threading.Thread(target=work, name=name, daemon=True).start()

    def _await(self, seconds: float | None, stop: threading.Event) -> bool:
        """Wait up to `seconds` (None: without end) for a tick to end; True if one has.
        Returns early once `stop` is set."""
        end = None if seconds is None else time.monotonic() + seconds
        with self._cv:
            while not self._ended:
                left = WAIT_SLICE if end is None else min(end - time.monotonic(), WAIT_SLICE)
                if stop.is_set() or (end is not None and end <= time.monotonic()):
                    return False
                self._cv.wait(left)
            return True

    def _look_at_ended(self, active: list[int], stop: threading.Event) -> None:
        with self._cv:
            ended, self._ended = self._ended, []
            for i, _ in ended:
                self._busy.discard(i)
        for i, outcome in ended:
            if isinstance(outcome, BaseException):
                self.failure = self.failure or outcome
                stop.set()  # every game stops: the running ticks at their next request
                active.remove(i)
            elif not outcome:
                active.remove(i)

    def _wind_down(self, stop: threading.Event) -> None:
        """Let the running ticks end (they stop at their next request once `stop` is set),
        for at most `STOP_GRACE` seconds, or until a second stop signal (`hurry`). A tick left
        running is left as a crash would leave it: every write is recorded before it is made
        and proved on the board at the next start, so nothing is sent twice or lost."""
        end = time.monotonic() + STOP_GRACE
        while self._busy and time.monotonic() < end and not self.hurry.is_set():
            if self._await(WAIT_SLICE, self.hurry):
                self._look_at_ended(list(self._busy), stop)
        why = "a second stop signal" if self.hurry.is_set() else f"{STOP_GRACE:.0f} s passed"
        for i in self._busy:
            log.warning(
                "%s: its tick did not end (%s); leaving it, the next start checks what it sent",
                self.name(self.daemons[i]),
                why,
            )

    def _tick(self, i: int, now: datetime) -> bool:
        """One game's tick (in its own thread); False once the game leaves the loop (over,
        or login refused)."""
        d = self.daemons[i]
        try:
            d.safe_tick(now)  # never raises but for a refused login, a shut-out, a fatal fault
        except LoginFailed as exc:
            log.error("%s: the board refused the login (%s): this game stops", self.name(d), exc)
            self.refused = self.refused or exc
            return False
        except ShutOut as exc:
            log.error("%s: this game stops: %s", self.name(d), exc)
            self.shut = self.shut or exc
            return False
        try:
            over = d.finished()
        except Exception:
            log.debug("could not tell whether %s is over", self.name(d), exc_info=True)
            return True
        if over:
            log.info("%s is over and everything is sent", self.name(d))
        return not over
