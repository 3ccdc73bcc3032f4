"""Write spacing as the board enforces it, and waits the host can interrupt.

Boards limit how often one account may post or send PMs (phpBB: one timer for both, 15 s by
default; IPB: per member), but an account may be exempt (phpBB's `u_ignoreflood`, IPB's
group setting) and the bot cannot see that on most boards. So the pacer assumes nothing
until the board says otherwise: with no refusal seen it never waits on purpose (the
transport's polite delay still applies); the first flood refusal switches it to spacing
every later write by the board's interval (the number the board states, else the
configured one), and the refused submit is resent only once that interval has passed since
the refusal — the board's timer started no later than the refusal, so the resend is never
refused for the same reason. A second refusal in a row means the interval is longer than we
thought: it doubles. A host who knows the account's status says so (`exempt=True/False`).

Every deliberate wait goes through `Waiter`, which sleeps in short slices while a stop
check is installed (the daemon's SIGTERM flag) and raises `Interrupted` as soon as the check
is true, so a stop request is honoured within about a second even mid-send.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from scraper.errors import Interrupted

log = logging.getLogger(__name__)

StopCheck = Callable[[], bool]

#: how long one slice of an interruptible wait lasts (seconds): the stop latency
WAIT_SLICE = 0.5


def as_stop_check(stop: StopCheck | threading.Event | None) -> StopCheck | None:
    """A callable for either form the caller has (`threading.Event` or a function)."""
    if stop is None:
        return None
    if isinstance(stop, threading.Event):
        return stop.is_set
    return stop


class Waiter:
    """`sleep` that gives up early when the installed stop check turns true."""

    def __init__(self, clock: Callable[[], float], sleep: Callable[[float], None]) -> None:
        self.clock = clock
        self._sleep = sleep
        self.stop: StopCheck | None = None
        #: the process's own stop (SIGTERM), installed for as long as it runs: looked at
        #: before every request as well (`check_request`), not only before writes
        self.standing: StopCheck | None = None

    def stopping(self) -> bool:
        return any(c is not None and c() for c in (self.stop, self.standing))

    def check_request(self) -> None:
        """Raise `Interrupted` before a request once the standing stop is set."""
        if self.standing is not None and self.standing():
            raise Interrupted("stop requested: no further request to the board")

    def check(self, what: str) -> None:
        """Raise `Interrupted` if a stop was requested (called before each write)."""
        if self.stopping():
            raise Interrupted(f"stop requested before the bot could {what}")

    def __call__(self, seconds: float) -> None:
        if self.stop is None and self.standing is None:
            self._sleep(seconds)
            return
        end = self.clock() + seconds
        while True:
            if self.stopping():
                raise Interrupted(f"stop requested during a {seconds:.0f} s wait")
            left = end - self.clock()
            if left <= 0:
                return
            self._sleep(min(WAIT_SLICE, left))


@dataclass(slots=True)
class WritePacer:
    """When the next post/PM may go, learned from the board's own refusals."""

    wait: Callable[[float], None]
    clock: Callable[[], float]
    interval: float  # the board's flood interval as far as we know it
    exempt: bool | None = None  # None: unknown (learn it); True/False: the host says
    margin: float = 0.5  # boards count whole seconds
    enforced: bool = field(init=False)
    last_write_at: float | None = None
    consecutive_refusals: int = 0
    refusals: int = 0
    waited: list[float] = field(default_factory=list)  # deliberate waits, for the log/tests

    def __post_init__(self) -> None:
        self.enforced = self.exempt is False

    def before_write(self) -> None:
        """Wait out the board's interval since our last write, if the board enforces one."""
        if not self.enforced or self.last_write_at is None:
            return
        left = self.last_write_at + self.interval + self.margin - self.clock()
        if left > 0:
            log.debug("waiting %.1f s for the board's flood interval", left)
            self._deliberate(left)

    def accepted(self) -> None:
        self.last_write_at = self.clock()
        self.consecutive_refusals = 0

    def refused(self, stated: float | None) -> float:
        """Note a flood refusal (`stated`: the interval the board named, if any) and return
        how long to wait before resubmitting."""
        self.refusals += 1
        self.consecutive_refusals += 1
        if not self.enforced:
            log.info("the board enforces flood control on this account; spacing writes")
        self.enforced = True
        learned = stated if stated is not None and stated > 0 else self.interval
        if self.consecutive_refusals > 1:
            learned = max(learned, self.interval * 2)
        self.interval = learned
        return self.interval + self.margin

    def wait_after_refusal(self, seconds: float) -> None:
        self._deliberate(seconds)

    def _deliberate(self, seconds: float) -> None:
        self.waited.append(seconds)
        self.wait(seconds)
