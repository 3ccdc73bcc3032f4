"""A tick stuck in a board request and the operator's second SIGTERM (issue 21 item 9).

The first SIGTERM asks every running tick to stop at its next request; a request that hangs
holds the tick until its timeout. A second signal means "do not wait": the loop returns at
once and leaves the tick as a crash would (every write is recorded before it is made and
proved on the board at the next start, which the kill soak tests show).
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import cast

import pytest

from mafiabot.config import Config
from mafiabot.daemon import host as host_module
from mafiabot.daemon.host import Host


class StuckGame:
    """A game whose tick hangs in a board request until `release` is set."""

    def __init__(self) -> None:
        self.cfg = cast(
            Config,
            SimpleNamespace(
                game=SimpleNamespace(name="Стол", topic=7),
                board=SimpleNamespace(poll_interval=60),
            ),
        )
        self.board = object()
        self.not_before = None
        self.in_request = threading.Event()
        self.release = threading.Event()

    def next_wake(self) -> datetime | None:
        return None

    def safe_tick(self, now: datetime) -> object:
        self.in_request.set()
        self.release.wait(120)
        return None

    def finished(self) -> bool:
        return False

    def attach_stop(self, stop: threading.Event | None) -> None:
        pass


def _signal_twice(game: StuckGame, stop: threading.Event) -> None:
    game.in_request.wait(10)
    os.kill(os.getpid(), signal.SIGTERM)
    # the second signal only once the first has been handled: two signals of one number
    # pending at once are delivered to Python as one
    stop.wait(10)
    os.kill(os.getpid(), signal.SIGTERM)


def test_a_second_sigterm_leaves_a_tick_stuck_in_a_request(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(host_module, "STOP_GRACE", 30.0)
    game = StuckGame()
    old = signal.getsignal(signal.SIGTERM)
    stop = threading.Event()
    sender = threading.Thread(target=_signal_twice, args=(game, stop), daemon=True)
    sender.start()
    caplog.set_level(logging.WARNING, logger=host_module.__name__)
    try:
        Host([game]).run(stop, clock=lambda: datetime(2026, 1, 1, tzinfo=UTC))
        still_stuck = not game.release.is_set()
    finally:
        game.release.set()
        sender.join(5)
    assert still_stuck  # the loop returned while the request was still open
    assert "a second stop signal" in caplog.text
    assert signal.getsignal(signal.SIGTERM) is old


def test_one_sigterm_alone_does_not_hurry() -> None:
    stop, hurry = threading.Event(), threading.Event()
    with host_module.stop_on_signals(stop, hurry):
        signal.raise_signal(signal.SIGTERM)
        stop.wait(10)  # the handler runs in the main thread, at once or within the wait
    assert stop.is_set() and not hurry.is_set()
