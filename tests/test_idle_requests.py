"""One request per idle tick (issue 20, item 2), counted — not timed — on the IPB 1.3 board of
the recorded exchanges (`tests/fakeboard_ipb13.py`): the topic page's header carries the board's
new-letter counter, so one request tells both «new posts?» and «new letters?»; the inbox is read
only when the counter moved; a fresh process checks its session with its first page."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.ipb13_game_kit import START, new_game


def test_an_idle_tick_is_one_request_at_any_topic_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game(tmp_path, monkeypatch)
    board = game.board
    d = game.daemon()
    t = START + timedelta(minutes=1)
    game.requests(d, t)  # the deal: role PMs, the start post
    t += timedelta(seconds=10)
    game.requests(d, t)  # settles: the bot's own post and its Sent copies seen
    for size in ("small", "large"):
        if size == "large":
            for i in range(300):  # twenty more pages of chat
                board.add_post(2 + i % 6, f"болтовня {i}")
            t += timedelta(seconds=10)
            game.requests(d, t)  # the new pages are read once
        t += timedelta(seconds=10)
        idle = game.requests(d, t)
        assert idle == ["GET showtopic=4&st=" + idle[0].rsplit("=", 1)[1]], (size, idle)

    # a letter arrives: the counter on the topic page moves, the inbox is read, once
    board.give_letter("Рома", "Ведущий", "ход", "Лечу Гену")
    t += timedelta(seconds=10)
    busy = game.requests(d, t)
    assert any("CODE=01" in r for r in busy) and any("CODE=03" in r for r in busy)
    t += timedelta(seconds=10)
    game.requests(d, t)  # the reply to the letter goes out
    t += timedelta(seconds=10)
    assert len(game.requests(d, t)) == 1
    assert board.violations == []


def test_a_fresh_process_checks_its_session_with_its_first_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game(tmp_path, monkeypatch)
    board = game.board
    d = game.daemon()
    t = START + timedelta(minutes=1)
    for _ in range(3):
        game.requests(d, t)
        t += timedelta(seconds=10)
    # the process ends; a new one starts with the stored cookies
    fresh = game.daemon()
    first = game.requests(fresh, t)
    # its first page is the topic (no session check of its own), then the inbox once
    assert "showtopic=4" in first[0] and len(first) == 2, first
    # a lost session is found by that first page and mended at once
    board.forget_logins()
    board.clock.now += 1
    again = game.daemon()
    t += timedelta(seconds=10)
    mended = game.requests(again, t)
    assert any("act=Login" in r for r in mended), mended
    assert again.game().last_tick_ok is True
    assert datetime.now(UTC) > START  # (the board's clock is the fake one throughout)
