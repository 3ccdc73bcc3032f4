"""What every fake board in tests/ does the same way: clock, recording, faults, sessions, flood.

`FakeBoardBase` is an `httpx.MockTransport` handler around a board's own `route(request)`:

- recording: every request and the fake clock's time it arrived (`requests`,
  `request_times`), and `violations` — anything a real browser would not have sent (tests
  assert it stays empty); a request whose User-Agent does not name the bot is one;
- faults: `fail_next(kind, count, path=...)` with kind "500", "502", "503", "429" (any
  status), "timeout", "connect", "truncated" — the next `count` matching requests fail so;
- sessions: `sessions` maps a session id to the board's record of it; `drop_sessions()`
  forgets them all (a lost session);
- flood control: one timer per member for posts and PMs (`last_write`), `flood_interval`
  seconds long; `flood_exempt` plays an account whose group ignores it (phpBB
  `u_ignoreflood`, IPB's «ignore flood control»); `flood_refusals` counts refusals.

`FakeClock` is the wall clock the client and the board share; `sleep` advances it at once and
records the wait, so tests measure waits without waiting.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

import httpx


class FakeClock:
    """Wall clock for the client and the board; `sleep` advances it instantly."""

    def __init__(self, start: float = 1796019725.0) -> None:
        self.now = start
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += max(0.0, seconds)


@dataclass
class Fault:
    kind: str
    count: int
    path: str | None


@dataclass
class FakeBoardBase:
    clock: FakeClock
    flood_interval: float = 30.0
    flood_exempt: bool = False
    requests: list[httpx.Request] = field(default_factory=list)
    request_times: list[float] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    faults: list[Fault] = field(default_factory=list)
    sessions: dict[str, Any] = field(default_factory=dict)
    last_write: dict[int, float] = field(default_factory=dict)
    flood_refusals: int = 0

    # -- helpers for tests ------------------------------------------------------------------

    def transport(self) -> httpx.BaseTransport:
        """The board as a transport: in memory, or over loopback through the board client's
        own transport when `MAFIABOT_TEST_LEAN_RELAY` is set (`lean_relay`)."""
        if os.environ.get("MAFIABOT_TEST_LEAN_RELAY"):
            from lean_relay import relay

            relayed: httpx.BaseTransport = relay(self.handle)
            return relayed
        return httpx.MockTransport(self.handle)

    def fail_next(self, kind: str, count: int = 1, path: str | None = None) -> None:
        self.faults.append(Fault(kind, count, path))

    def drop_sessions(self) -> None:
        self.sessions.clear()

    # -- what a board does to every request -------------------------------------------------

    def handle(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        self.request_times.append(self.clock())
        ua = request.headers.get("user-agent", "")
        if "mafiabot" not in ua:
            self.violations.append(f"user agent does not name the bot: {ua!r}")
        for fault in self.faults:
            if fault.count > 0 and (fault.path is None or self._fault_matches(fault, request)):
                fault.count -= 1
                return self._fault(fault.kind, request)
        return self.route(request)

    def route(self, request: httpx.Request) -> httpx.Response:  # pragma: no cover
        raise NotImplementedError

    def _fault_matches(self, fault: Fault, request: httpx.Request) -> bool:
        return fault.path is not None and fault.path in str(request.url)

    def _fault(self, kind: str, request: httpx.Request) -> httpx.Response:
        if kind == "timeout":
            raise httpx.ReadTimeout("timed out", request=request)
        if kind == "connect":
            raise httpx.ConnectError("connection refused", request=request)
        if kind == "truncated":
            return self._truncated()
        status = int(kind)  # a proxy's minimal error body (not a recorded page)
        return httpx.Response(
            status,
            text=f"<html><body><h1>{status}</h1></body></html>",
            headers={"Content-type": "text/html; charset=UTF-8"},
        )

    def _truncated(self) -> httpx.Response:
        """A page cut short by a dropped connection (no closing </html>)."""
        return httpx.Response(
            200,
            content=b"<html><body><div>half a pa",
            headers={"Content-type": "text/html; charset=UTF-8"},
        )

    # -- flood control ----------------------------------------------------------------------

    def _flooded(self, member: int) -> bool:
        """The member wrote less than `flood_interval` ago (and is not exempt): refuse."""
        if self.flood_exempt:
            return False
        last = self.last_write.get(member)
        if last is not None and self.clock() - last < self.flood_interval:
            self.flood_refusals += 1
            return True
        return False

    def _wrote(self, member: int) -> None:
        self.last_write[member] = self.clock()
