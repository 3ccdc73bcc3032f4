"""Exactly once through the daemon (issue 11 item 2): every row the daemon queues carries the
game's token and where the board stood, so after a crash between the board accepting a
message and the store recording it, the marker search finds the message however many posts
came in between — and never takes another game's message for this one's.

Run on the MockTransport phpBB (tests/fakeboard_phpbb.py: 72 recorded posts in topic 4, ten a
page) with the real `PhpbbClient`, and on the in-memory board for the two-games case.
"""

# The fake board module is imported by its test-folder name, so mypy sees it as Any.
# mypy: disable-error-code="misc,no-any-return"
from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fakeboard_phpbb import BASE, USERS, FakeClock, FakePhpbb
from test_daemon_game_start import HOST, _config

from mafiabot.config import load_config
from mafiabot.daemon import Daemon
from mafiabot.memory_board import MemoryBoard
from mafiabot.store import SqlOutbox, open_store
from poster.outbox import OutboxKey, SearchFrom
from scraper.phpbb import PhpbbClient, PhpbbSettings

BOT_UID = 2  # the host's account, which the bot posts from


def _client(board: FakePhpbb, clock: FakeClock, password: str) -> PhpbbClient:
    return PhpbbClient(
        PhpbbSettings(base_url=BASE, username=HOST, password=password, min_interval=0),
        transport=board.transport(),
        clock=clock,
        sleep=clock.sleep,
    )


def _now(clock: FakeClock) -> datetime:
    return datetime.fromtimestamp(clock(), UTC)


def _crash_on_record(monkeypatch: pytest.MonkeyPatch, kind: str) -> list[OutboxKey]:
    """The process dies right after the board accepted the first part of a `kind` row."""
    crashed: list[OutboxKey] = []
    real = SqlOutbox.record_part

    def record_part(self: SqlOutbox, key: OutboxKey, part: int, board_id: int) -> None:
        if key.kind == kind and not crashed:
            crashed.append(key)
            raise KeyboardInterrupt("killed between accept and record")
        real(self, key, part, board_id)

    monkeypatch.setattr(SqlOutbox, "record_part", record_part)
    return crashed


@pytest.mark.parametrize("kind", ["start", "newspaper"])
def test_a_crash_with_60_posts_between_accept_and_record_leaves_one_copy(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    password = USERS[HOST][1] or ""
    monkeypatch.setenv("MAFIABOT_TEST_PASSWORD", password)
    monkeypatch.chdir(tmp_path)
    cfg = load_config(_config(tmp_path))
    clock = FakeClock()  # just after the game's start
    board = FakePhpbb(clock)
    daemon = Daemon(cfg, open_store(cfg.database_url), _client(board, clock, password))
    if kind == "newspaper":
        daemon.tick(_now(clock))  # the start goes out; the first deadline is at 12:00
        clock.now = (cfg.game.deadlines[0] + timedelta(minutes=5)).timestamp()
    crashed = _crash_on_record(monkeypatch, kind)
    mine_before = {p.id for p in board.posts if p.uid == BOT_UID}
    with pytest.raises(KeyboardInterrupt):
        daemon.tick(_now(clock))
    assert crashed, f"no {kind} row was sent"
    (sent,) = [p.id for p in board.posts if p.uid == BOT_UID and p.id not in mine_before]
    g = daemon.game()
    row = daemon.outbox(g).get(crashed[0])
    assert row is not None and row.in_flight_part == 0 and row.board_ids == ()
    assert row.marker_token == g.token != ""
    assert row.search_from is not None
    daemon.store.close()

    for n in range(60):  # the game goes on while the bot is down: six more pages
        board.add_post_by(USERS["Тестовый Игрок"][0], f"Пока бот молчит, пишу {n}")
    clock.sleep(60)
    again = Daemon(cfg, open_store(cfg.database_url), _client(board, clock, password))
    again.tick(_now(clock))
    copies = [p.id for p in board.posts if p.uid == BOT_UID and p.id not in mine_before]
    assert copies == [sent]  # found by its marker six pages back, not posted again
    stored = again.outbox(again.game()).get(crashed[0])
    assert stored is not None and stored.status == "sent" and stored.board_ids == (sent,)
    assert board.violations == []


def test_every_row_the_daemon_queues_carries_the_token_and_the_topic_position(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    password = USERS[HOST][1] or ""
    monkeypatch.setenv("MAFIABOT_TEST_PASSWORD", password)
    monkeypatch.chdir(tmp_path)
    cfg = load_config(_config(tmp_path))
    clock = FakeClock()
    board = FakePhpbb(clock)
    daemon = Daemon(cfg, open_store(cfg.database_url), _client(board, clock, password))
    daemon.tick(_now(clock))
    clock.now = (cfg.game.deadlines[0] + timedelta(minutes=5)).timestamp()
    daemon.tick(_now(clock))
    g = daemon.game()
    rows = daemon.outbox(g).all()
    assert rows and {r.marker_token for r in rows} == {g.token}
    paper = next(r for r in rows if r.key.kind == "newspaper")
    # queued after the poll that read the topic to its last page (8 of 10 posts a page)
    assert paper.search_from is not None and paper.search_from.page == 8
    assert paper.search_from.post_id is not None
    start = next(r for r in rows if r.key.kind == "start")
    assert start.search_from == SearchFrom()  # before the first poll: the whole topic
    # the start post names the token the game's markers carry
    (post,) = [p for p in board.posts if p.id == start.board_ids[0]]
    assert f"Код игры: [code]{g.token}[/code]" in post.source


def test_two_games_in_one_topic_do_not_take_each_others_markers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second game in the same topic from a fresh database has the same outbox keys (game
    1, turn 0, "start") as the first; its token keeps its markers apart, so a start post
    begun before a crash is looked for, not found, and sent — not mistaken for the first
    game's."""
    password = USERS[HOST][1] or ""
    monkeypatch.setenv("MAFIABOT_TEST_PASSWORD", password)
    monkeypatch.chdir(tmp_path)
    cfg = load_config(_config(tmp_path))
    clock = FakeClock()
    board = FakePhpbb(clock)
    first = Daemon(cfg, open_store(cfg.database_url), _client(board, clock, password))
    first.tick(_now(clock))
    (old_start,) = [p.id for p in board.posts if "игра начинается" in p.source]

    second_cfg = dataclasses.replace(cfg, database_url=f"sqlite:///{tmp_path / 'again.db'}")
    real = SqlOutbox.begin_part

    def begin_then_die(self: SqlOutbox, key: OutboxKey, part: int) -> None:
        real(self, key, part)
        if key.kind == "start":
            raise KeyboardInterrupt("killed after begin, before the submit")

    monkeypatch.setattr(SqlOutbox, "begin_part", begin_then_die)
    second = Daemon(
        second_cfg, open_store(second_cfg.database_url), _client(board, clock, password)
    )
    with pytest.raises(KeyboardInterrupt):
        second.tick(_now(clock))
    monkeypatch.setattr(SqlOutbox, "begin_part", real)
    g = second.game()
    assert g.id == first.game().id and g.token != first.game().token
    clock.sleep(60)
    second.tick(_now(clock))
    row = second.outbox(g).get(OutboxKey(str(g.id), 0, "start", "topic"))
    assert row is not None and row.status == "sent"
    starts = [p.id for p in board.posts if p.uid == BOT_UID and "игра начинается" in p.source]
    assert starts == [old_start, row.board_ids[0]]  # its own post, not the first game's


def test_the_in_memory_board_takes_the_queued_pm_position_like_the_real_clients() -> None:
    """The poster passes `since=` for rows with a saved position: the demo's and the dry
    run's board must take it."""
    board = MemoryBoard()
    sent = board.send_pm(["Шерлок"], "Роль", "Вы — комиссар.\n\nmafiabot 1/0 ab.cd").msg_id
    assert board.find_sent_pm_with_marker("Роль", "mafiabot 1/0 ab.cd", since=0) == sent
