"""C-1's minute: a board dates posts and letters to the minute, so whatever carries the deadline's
minute is on time, the turn is closed only after the board's clock has left that minute, and
whatever the bot first sees after its close is never silently part of the closed turn.

Both boards: phpBB pages (the daemon's in-memory board renders real phpBB page templates) and
IPB 1.3 (`tests/fakeboard_ipb13.py`, the real board's recorded answers)."""

# The fake board module is imported by its test-folder name, so mypy sees it as Any.
# mypy: disable-error-code="misc,no-any-return"
from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta
from pathlib import Path

from mafiabot.daemon import TickReport, ingest
from mafiabot.daemon.calendar import closes_at
from mafiabot.demo.play import DemoRun, setup, tick_times
from poster.outbox import OutboxKey, OutboxRow
from scraper.ipb import IpbClient, IpbSettings
from tests.fakeboard_ipb13 import BASE, MSK, FakeClock, FakeIpb13

VOTE = '<span style="color:red">Mister X</span> — голосую против, он весь день молчит и путает'


def _played_until(tmp_path: Path, until: datetime) -> tuple[DemoRun, list[datetime]]:
    run, data = setup("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}")
    times = tick_times(run, data)
    for t in times:
        if t >= until:
            break
        run.clock[0] = t
        run.daemon.tick(t)
    return run, [t for t in times if t >= until]


def _tick(run: DemoRun, at: datetime) -> TickReport:
    run.clock[0] = at
    report = run.daemon.tick(at)
    assert report is not None
    return report


def _day_votes(run: DemoRun, turn: int) -> dict[str, str]:
    g = run.daemon.game()
    assert g.id is not None
    return {v["voter"]: v["target"] for v in run.store.vote_records(g.id)[f"{turn}/day"]}


def test_C_1_a_vote_in_the_deadlines_minute_counts_and_the_turn_waits_for_it(
    tmp_path: Path,
) -> None:
    deadline = datetime(2026, 11, 28, 22, 0, tzinfo=MSK)
    run, _ = _played_until(tmp_path, deadline)
    # written at 22:00:30: the board shows «22:00», the deadline's own minute
    run.board.add_post(run.cfg.game.topic, "Jack_Sparrow", deadline + timedelta(seconds=30), VOTE)
    assert _tick(run, deadline + timedelta(seconds=30)).closed == []  # the minute is not over
    assert run.daemon.game().turn == 1
    assert [str(c) for c in _tick(run, deadline + timedelta(minutes=1)).closed] == ["1/day"]
    assert _day_votes(run, 1)["Jack_Sparrow"] == "Mister X"


def test_C_1_the_close_waits_for_the_boards_clock_not_this_machines() -> None:
    run, _data = setup("pefl", "sqlite://")
    cfg = run.cfg
    deadline = datetime(2026, 11, 28, 22, 0, tzinfo=MSK)
    end = deadline + timedelta(minutes=1)
    assert closes_at(cfg, deadline, None) == end
    # a board whose clock runs 90 s behind ours: its minute ends 90 s later on our clock
    assert closes_at(cfg, deadline, -90.0) == end + timedelta(seconds=90)
    assert closes_at(cfg, deadline, 30.0) == end - timedelta(seconds=30)
    strict = dataclasses.replace(
        cfg, rules=dataclasses.replace(cfg.rules, deadline_minute_on_time=False)
    )
    assert closes_at(strict, deadline, None) == deadline


def test_C_1_a_post_after_the_newspaper_belongs_to_the_next_turn_and_is_flagged(
    tmp_path: Path,
) -> None:
    deadline = datetime(2026, 11, 28, 22, 0, tzinfo=MSK)
    run, _ = _played_until(tmp_path, deadline)
    closed = _tick(run, deadline + timedelta(minutes=1, seconds=5)).closed
    assert [str(c) for c in closed] == ["1/day"]
    # a board whose clock lags: the post stands after the newspaper but shows «22:00»
    late = run.board.add_post(
        run.cfg.game.topic,
        "Кот",
        deadline + timedelta(seconds=50),
        VOTE.replace("Mister X", "Шерлок"),
    )
    _tick(run, deadline + timedelta(minutes=2))
    g = run.daemon.game()
    assert g.id is not None
    stored = {p.board_id: p.turn for p in run.store.posts(g.id, topic_id=run.cfg.game.topic)}
    assert stored[late.id] == 2  # never part of the closed turn 1
    notes = [f.text for f in run.store.host_flags(g.id, 2)]
    assert any(f"сообщение {late.id}" in n and "после подсчёта" in n for n in notes)


def test_C_1_a_letter_stamped_on_time_but_seen_after_the_close_is_kept_and_flagged(
    tmp_path: Path,
) -> None:
    deadline = datetime(2026, 11, 28, 22, 0, tzinfo=MSK)
    run, _ = _played_until(tmp_path, deadline)
    _tick(run, deadline + timedelta(minutes=1, seconds=5))
    pm = run.board.add_pm("Jack_Sparrow", deadline + timedelta(seconds=40), "ход", "Убиваю Кот")
    _tick(run, deadline + timedelta(minutes=2))
    g = run.daemon.game()
    assert g.id is not None
    letter = next(p for p in run.store.pms(g.id) if p.board_id == pm.id)
    assert letter.turn == 2  # it came after the close: the turn under way, not dropped
    notes = [f.text for f in run.store.host_flags(g.id, 2)]
    assert any(f"ЛС {pm.id}" in n for n in notes)


def _ipb13_game(tmp_path: Path) -> tuple[DemoRun, FakeIpb13]:
    """A PEFL game in topic 4 of the recorded IPB 1.3 board: posts 69-77 show «22:30», 78 and
    79 «22:31»; the turn 0 deadline is 22:30."""
    run, _data = setup("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}")
    board = FakeIpb13(FakeClock())
    client = IpbClient(
        IpbSettings(BASE, "Ведущий", "HostPass-2026", min_interval=0),
        transport=board.transport(),
        clock=board.clock,
        sleep=board.clock.sleep,
    )
    d = run.daemon
    d.client = client
    d.shell.client = client
    d.cfg = dataclasses.replace(
        d.cfg,
        board=dataclasses.replace(d.cfg.board, kind="ipb"),
        game=dataclasses.replace(
            d.cfg.game,
            topic=4,
            start=datetime(2026, 12, 4, 20, 0, tzinfo=MSK),
            deadlines=(
                datetime(2026, 12, 4, 22, 30, tzinfo=MSK),
                datetime(2026, 12, 5, 22, 30, tzinfo=MSK),
            ),
        ),
    )
    d.shell.reconfigure(d.cfg)
    return run, board


def test_C_1_ipb13_stamps_in_the_deadlines_minute_are_on_time(tmp_path: Path) -> None:
    run, _board = _ipb13_game(tmp_path)
    sh = run.daemon.shell
    g = run.store.create_game(name="t", ruleset="pefl", topic_id=4, seed=1, now=sh.cfg.game.start)
    ingest.poll_topics(sh, g, datetime(2026, 12, 4, 22, 40, tzinfo=MSK), TickReport())
    assert g.id is not None
    turns = {p.board_id: p.turn for p in run.store.posts(g.id, topic_id=4)}
    assert {turns[i] for i in range(69, 78)} == {0}  # «22:30»: the deadline's own minute
    assert turns[78] == turns[79] == 1  # «22:31»


def test_C_1_ipb13_posts_first_seen_after_the_close_never_join_the_closed_turn(
    tmp_path: Path,
) -> None:
    run, _board = _ipb13_game(tmp_path)
    sh = run.daemon.shell
    g = run.store.create_game(name="t", ruleset="pefl", topic_id=4, seed=1, now=sh.cfg.game.start)
    assert g.id is not None
    # turn 0 was closed and its newspaper is post 74; nothing of the topic was read before
    key = OutboxKey(str(g.id), 0, "newspaper", "topic")
    sh.outbox(g).add(OutboxRow(key, "topic", "Газета", topic_id=4))
    sh.outbox(g).begin_part(key, 0)
    sh.outbox(g).record_part(key, 0, 74)
    sh.outbox(g).mark_sent(key)
    g = run.store.update_game(g.id, turn=1)
    assert g.id is not None
    ingest.poll_topics(sh, g, datetime(2026, 12, 4, 22, 40, tzinfo=MSK), TickReport())
    turns = {p.board_id: p.turn for p in run.store.posts(g.id, topic_id=4)}
    assert {turns[i] for i in range(69, 74)} == {0}  # before the newspaper: its stamp's turn
    assert {turns[i] for i in (75, 76, 77)} == {1}  # after it: never the closed turn
    notes = " ".join(f.text for f in run.store.host_flags(g.id, 1))
    for pid in (69, 73, 75, 77):  # stamped on time, first seen after the close: told
        assert f"сообщение {pid} " in notes
    assert "сообщение 78 " not in notes  # «22:31» is simply the next turn's


def test_the_ipb13_client_reads_the_boards_clock_from_its_answers() -> None:
    board = FakeIpb13(FakeClock(), board_skew=-125.0)
    client = IpbClient(
        IpbSettings(BASE, "Ведущий", "HostPass-2026", min_interval=0),
        transport=board.transport(),
        clock=board.clock,
        sleep=board.clock.sleep,
    )
    client.login()
    offset = client.board_clock_offset
    assert offset is not None and abs(offset + 125) <= 1


def test_C_1_a_letter_in_the_starts_own_minute_is_the_games(tmp_path: Path) -> None:
    # a game starting at 12:00:30; a letter written at 12:00:45 is stamped «12:00» by the board:
    # before the start by its stamp, yet written after it — the game's, not an older letter
    run, _data = setup("pefl", f"sqlite:///{tmp_path / 'g.sqlite'}")
    d = run.daemon
    start = d.cfg.game.start + timedelta(seconds=30)
    d.cfg = dataclasses.replace(d.cfg, game=dataclasses.replace(d.cfg.game, start=start))
    d.shell.reconfigure(d.cfg)
    _tick(run, start + timedelta(seconds=5))  # the deal
    pm = run.board.add_pm("Jack_Sparrow", start + timedelta(seconds=15), "ход", "Убиваю Марго")
    _tick(run, start + timedelta(seconds=20))
    g = run.daemon.game()
    assert g.id is not None
    assert pm.id in {p.board_id for p in run.store.pms(g.id)}
