"""The daemon loop against the offline phpBB board (real-markup pages, real parser/engine)."""

from __future__ import annotations

import dataclasses
import functools
import io
import logging
import os
import signal
import tempfile
import threading
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from mafiabot.config import load_config
from mafiabot.daemon import Daemon, registration
from mafiabot.demo.play import (
    DEMO_TOKEN,
    DemoRun,
    demo_files,
    play,
    setup,
    strip_marker,
    tick_times,
)
from mafiabot.memory_board import MemoryBoard
from mafiabot.newspaper.words import role_label
from mafiabot.store import Store, open_store
from mafiabot.store.tables import Game
from poster.outbox import marker_for


@functools.cache
def played(name: str) -> DemoRun:
    """A whole recorded game, played once per test session (read-only for the tests)."""
    return play(name, f"sqlite:///{tempfile.mkdtemp(prefix='mafiabot-test-')}/g.sqlite")


def _db(tmp_path: Path, name: str = "g.sqlite") -> str:
    return f"sqlite:///{tmp_path / name}"


def _host_posts(board: MemoryBoard) -> list[str]:
    return [strip_marker(p.source) for p in board.posts if p.source]


def _sent(board: MemoryBoard) -> list[tuple[tuple[str, ...], str, str]]:
    return [(m.to, m.subject, strip_marker(m.html)) for m in board.sent]


def _at(run: DemoRun, iso: str) -> datetime:
    return datetime.fromisoformat(iso).replace(tzinfo=run.cfg.board.tz)


def test_C_4_full_pefl_game_each_newspaper_posted_once() -> None:
    run = played("pefl")
    papers = [t for t in run.topic_posts if "Газета" in t]
    assert len(papers) == 4 and "итоги нулевого хода" in papers[0]  # no «выпуск 0»
    assert [p.split("выпуск ")[1].split("[")[0] for p in papers[1:]] == ["1", "2", "3"]
    assert len(run.topic_posts) == len(set(run.topic_posts))  # nothing twice
    sent = _sent(run.board)
    assert len(sent) == len(set(sent))
    g = run.daemon.game()
    assert g.status == "over" and g.winner == "town"
    # a fair deal: the final post's listing hashes to the start post's commitment
    start, final = run.topic_posts[0], run.topic_posts[-1]
    assert g.commitment in start and g.commitment in final and "demo-salt" in final


def test_crash_and_restart_mid_turn_loses_nothing_and_posts_nothing_twice(tmp_path: Path) -> None:
    whole = played("pefl")

    # the same game, killed in the middle of turn 2 (after some votes and moves) ...
    url = _db(tmp_path, "crash.sqlite")
    first, data = setup("pefl", url)
    times = tick_times(first, data)
    cut = _at(first, "2026-11-29T12:01")
    for t in [t for t in times if t <= cut]:
        first.clock[0] = t
        first.daemon.tick(t)
    first.store.close()  # the process dies: only the database and the board remain
    board = first.board

    # ... and a new process on the same database and board
    store = open_store(url)
    daemon = Daemon(first.cfg, store, board, salt=lambda: "demo-salt", token=lambda: DEMO_TOKEN)
    for t in [t for t in times if t > cut]:
        first.clock[0] = t
        daemon.tick(t)

    assert _host_posts(board) == _host_posts(whole.board)
    assert Counter(_sent(board)) == Counter(_sent(whole.board))
    assert daemon.game().winner == "town"


def test_crash_between_board_accepting_and_recording_posts_once(tmp_path: Path) -> None:
    run, data = setup("pefl", _db(tmp_path))
    real_post = run.board.post_reply
    lost = {"n": 0}

    def post_then_die(topic_id: int, text: str, subject: str | None = None):  # type: ignore[no-untyped-def]
        res = real_post(topic_id, text, subject)
        if "Газета" in text and lost["n"] == 0:
            lost["n"] += 1
            raise ConnectionError("the answer was lost after the board took the post")
        return res

    run.board.post_reply = post_then_die  # type: ignore[method-assign]
    for t in tick_times(run, data):
        run.clock[0] = t
        run.daemon.safe_tick(t + timedelta(hours=1))  # past any back-off pause
    papers = [p for p in _host_posts(run.board) if "нулевого хода" in p]
    assert lost["n"] == 1 and len(papers) == 1


def test_failing_tick_is_logged_and_retried_with_backoff(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    run, _data = setup("pefl", _db(tmp_path))
    t0 = run.cfg.game.start + timedelta(minutes=1)
    run.clock[0] = t0
    run.board.fail_next_reads = 3
    with caplog.at_level(logging.ERROR, logger="mafiabot.daemon"):
        assert run.daemon.safe_tick(t0) is None
    assert "tick failed" in caplog.text
    # inside the back-off pause nothing is tried
    before = run.board.requests
    assert run.daemon.safe_tick(t0 + timedelta(seconds=1)) is None
    assert run.board.requests == before
    # the pause doubles on the next failure
    assert run.daemon.safe_tick(t0 + timedelta(minutes=2)) is None
    assert run.daemon.safe_tick(t0 + timedelta(minutes=3)) is None
    assert run.daemon.safe_tick(t0 + timedelta(minutes=10)) is None  # third failure
    report = run.daemon.safe_tick(t0 + timedelta(hours=1))
    assert report is not None  # the loop goes on once the board answers again
    assert run.daemon.game().status == "running"
    assert any("игра начинается" in p.source for p in run.board.posts)


def test_C_6_override_added_while_running_applies_on_next_tick(tmp_path: Path) -> None:
    cfg_path, data = demo_files("pefl")
    mine = tmp_path / "game.toml"
    mine.write_text(cfg_path.read_text("utf-8"), "utf-8")
    run, _ = setup("pefl", _db(tmp_path))
    run.daemon.cfg = dataclasses.replace(load_config(mine), database_url=run.cfg.database_url)
    run.daemon._fingerprint = run.daemon._file_fingerprint()
    times = tick_times(run, data)
    for t in [t for t in times if t <= _at(run, "2026-11-28T12:01")]:
        run.clock[0] = t
        run.daemon.tick(t)
    # the host hangs Кот by hand and lets Марго's replacement play on
    mine.write_text(
        mine.read_text("utf-8")
        + '\n[[override]]\nkind = "hang"\nturn = 1\nnick = "Кот"\nnote = "решение ведущего"\n',
        "utf-8",
    )
    for t in [t for t in times if t > _at(run, "2026-11-28T12:01")]:
        run.clock[0] = t
        run.daemon.tick(t)
        if run.daemon.game().turn >= 2:
            break
    gid = run.daemon.game().id
    applied = run.store.applied_overrides(gid)
    assert [a.kind for a in applied] == ["hang"]
    paper1 = next(p for p in _host_posts(run.board) if "выпуск 1" in p)
    assert "на виселицу отправляется [b]Кот[/b]" in paper1 and "Mister X[/b] (" not in paper1
    report = next(m for m in run.board.sent if "отчёт, ход 1" in m.subject)
    assert "повесить — ход 1, игрок Кот" in report.html


def test_vote_edited_after_deadline_counts_as_it_stood_and_is_flagged(tmp_path: Path) -> None:
    run, data = setup("pefl", _db(tmp_path))
    times = tick_times(run, data)
    for t in [t for t in times if t <= _at(run, "2026-11-28T21:01")]:
        run.clock[0] = t
        run.daemon.tick(t)
    # Кот edits his vote after the deadline, before the bot's next tick
    cot = next(p for p in run.board.posts if p.author == "Кот" and "подозрительный" in p.html)
    run.board.edit_post_by(
        cot.id,
        '<span style="color:red">Граф Монте-Кристо</span> передумал, он явно мафия'
        '<div class="notice">Последний раз редактировалось <a href="./memberlist.php?mode='
        'viewprofile&amp;u=66" class="username">Кот</a> 28 ноя 2026, 22:10, всего '
        "редактировалось 1 раз.</div>",
    )
    for t in [t for t in times if t > _at(run, "2026-11-28T21:01")]:
        run.clock[0] = t
        run.daemon.tick(t)
        if run.daemon.game().turn >= 2:
            break
    paper1 = next(p for p in _host_posts(run.board) if "выпуск 1" in p)
    assert "Mister X — 4" in paper1  # Кот's vote as it stood at the deadline
    report = next(m for m in run.board.sent if "отчёт, ход 1" in m.subject)
    assert "отредактировано после дедлайна" in report.html


def test_moderation_flags_outsider_and_dead_player_posting(tmp_path: Path) -> None:
    run, data = setup("pefl", _db(tmp_path))
    # Марго (killed on turn 0's night) posts twice on turn 1: one post is allowed (P-P.2)
    tz = run.cfg.board.tz
    run.board.add_post(4, "Марго", datetime(2026, 11, 28, 9, 0, tzinfo=tz), "Прощайте все!")
    run.board.add_post(4, "Марго", datetime(2026, 11, 28, 9, 30, tzinfo=tz), "И ещё кое-что…")
    for t in tick_times(run, data):
        run.clock[0] = t
        run.daemon.tick(t)
        if run.daemon.game().turn >= 2:
            break
    report = next(m for m in run.board.sent if "отчёт, ход 1" in m.subject)
    assert "посторонний Болтун" in report.html
    # flagged once, by the engine at the deadline (TurnInputs.post_authors)
    assert "Выбывший игрок Марго пишет в теме: 2-е сообщение после выбытия" in report.html
    assert report.html.count("Марго") == 1


def test_moves_are_acknowledged_or_refused_by_pm() -> None:
    run = played("pefl")
    acks = {m.to[0]: strip_marker(m.html) for m in run.board.sent if m.subject == "Re: ход"}
    assert "ход принят" in acks["Шерлок"]
    # Кот's role has no night move: he is told so, not asked about the nick «Васю» that
    # matches nobody (C-2, issue 17), and not invited to send a corrected move (issue 16)
    assert "нет ночных ходов" in acks["Кот"] and "Васю" not in acks["Кот"]
    assert "исправленный ход" not in acks["Кот"] and "уточните" not in acks["Кот"]
    assert "не принят" not in acks["Кот"]
    # every recorded PM got exactly one answer
    assert sum(1 for m in run.board.sent if m.subject == "Re: ход") == len(data_pms())


def data_pms() -> list[object]:
    return list(demo_files("pefl")[1]["pms"])


def test_status_shows_turn_deadline_tally_and_who_has_not_acted(tmp_path: Path) -> None:
    run, data = setup("pefl", _db(tmp_path))
    for t in [t for t in tick_times(run, data) if t <= _at(run, "2026-11-28T13:01")]:
        run.clock[0] = t
        run.daemon.tick(t)
    st = run.daemon.status(run.clock[0])
    assert st["turn"] == 1 and st["vote_kind"] == "red"
    assert st["tally"] == {"Mister X": ["Шерлок", "Анна Каренина", "Кот", "Dr.Watson"]}
    assert "Jack_Sparrow" in st["not_voted"] and "Шерлок" not in st["not_voted"]
    assert "Tanya-77" in st["not_posted"]
    assert st["deadline"].startswith("2026-11-28T22:00")


def test_interim_vote_count_is_posted_then_edited_in_place(tmp_path: Path) -> None:
    run, data = setup("pefl", _db(tmp_path))
    run.daemon.cfg = dataclasses.replace(
        run.cfg,
        game=dataclasses.replace(
            run.cfg.game,
            interim_count=dataclasses.replace(run.cfg.game.interim_count, mode="votes", every=2),
        ),
    )
    for t in [t for t in tick_times(run, data) if t <= _at(run, "2026-11-28T17:01")]:
        run.clock[0] = t
        run.daemon.tick(t)
    counts = [p for p in run.board.posts if p.source and "подсчёт голосов" in p.source]
    assert len(counts) == 1  # one post, edited as votes came in
    assert "Mister X[/b] — 4" in counts[0].source
    # the edits keep the row's marker, game code included (the demo's code is DEMO_TOKEN)
    g = run.daemon.game()
    (row,) = [r for r in run.daemon.outbox(g).all() if r.key.kind.startswith("votecount")]
    assert row.marker_token == DEMO_TOKEN
    assert counts[0].source.rstrip().endswith(f"{marker_for(row.key, 0, DEMO_TOKEN)}[/size]")


def test_dry_run_prints_instead_of_posting(tmp_path: Path) -> None:
    out = io.StringIO()
    run, data = setup("pefl", _db(tmp_path))
    dry = MemoryBoard.dry_run(run.board, out)
    d = Daemon(run.cfg, run.store, dry, salt=lambda: "s")
    for t in tick_times(run, data)[:3]:
        run.clock[0] = t
        d.tick(t)
    assert "===== post to topic 4 =====" in out.getvalue()
    assert "игра начинается" in out.getvalue()
    assert not any(p.source for p in run.board.posts)  # nothing reached the board
    assert not run.board.sent


def test_a_dry_run_reads_the_topics_it_opened_from_memory(tmp_path: Path) -> None:
    out = io.StringIO()
    run, _data = setup("gambler", _db(tmp_path))
    dry = MemoryBoard.dry_run(run.board, out)
    court = dry.new_topic(7, "Суд, день 2", "Номинанты: Кот, Марго")
    assert "===== new topic in forum 7: Суд, день 2 =====" in out.getvalue()
    assert out.getvalue().count("=====") == 2  # its first post is not printed twice
    pages = dry.read_topic_pages(court)
    assert len(pages) == 1 and "Номинанты" in pages[0].raw.html
    assert run.board.requests == 0  # the real board was not asked about it
    assert not run.board.opened_topics


def test_sigterm_stops_the_loop_cleanly(tmp_path: Path) -> None:
    run, _ = setup("pefl", _db(tmp_path))
    t0 = run.cfg.game.start + timedelta(minutes=1)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGTERM))
    timer.start()
    old = signal.getsignal(signal.SIGTERM)
    try:
        run.daemon.run(clock=lambda: t0)  # returns when SIGTERM arrives
    finally:
        timer.cancel()
    assert run.daemon.game().status == "running"  # the first tick ran before the stop
    assert signal.getsignal(signal.SIGTERM) is old  # and the old handler is back


def test_P_B_1_banned_player_is_refused_at_registration(tmp_path: Path) -> None:
    cfg_path, _ = demo_files("pefl")
    cfg = load_config(cfg_path)
    game = dataclasses.replace(cfg.game, players=(), cast={}, registration_topic=3, roles={})
    cfg = dataclasses.replace(cfg, game=game, database_url=_db(tmp_path))
    store: Store = open_store(cfg.database_url)
    old = store.create_game(name="old", ruleset="pefl", topic_id=99, seed=1)
    store.record_removal("Кот", old.id, "passivity")
    clock = [cfg.game.start - timedelta(hours=2)]
    board = MemoryBoard(clock=lambda: clock[0])
    for i, nick in enumerate(["Кот", "Шерлок", "Марго", "Кот"]):
        board.add_post(3, nick, cfg.game.start - timedelta(hours=5 - i), "+ играю")
    d = Daemon(cfg, store, board)
    regs = registration.read_registrations(d.shell, d.game())
    assert regs == ["Шерлок", "Марго"]
    d.flush(d.game())
    refused = [m for m in board.sent if m.to == ("Кот",)]
    assert len(refused) == 1 and "запись не принята" in refused[0].html


def test_C_3_a_lookalike_sign_up_is_not_a_second_seat(tmp_path: Path) -> None:
    """Two accounts whose names fold to one nick key cannot both play: the later sign-up is
    left out and the host told."""
    cfg_path, _ = demo_files("pefl")
    cfg = load_config(cfg_path)
    game = dataclasses.replace(cfg.game, players=(), cast={}, registration_topic=3, roles={})
    cfg = dataclasses.replace(cfg, game=game, database_url=_db(tmp_path))
    clock = [cfg.game.start - timedelta(hours=2)]
    board = MemoryBoard(clock=lambda: clock[0])
    for i, nick in enumerate(["Кот", "Шерлок", "Кoт", "Марго", "кот"]):  # «Кoт»: Latin «o»
        board.add_post(3, nick, cfg.game.start - timedelta(hours=6 - i), "+ играю")
    d = Daemon(cfg, open_store(cfg.database_url), board)
    assert registration.read_registrations(d.shell, d.game()) == ["Кот", "Шерлок", "Марго"]
    notes = d.flags(0)
    assert (
        len(notes) == 1
        and "запись игрока Кoт" in notes[0]
        and "как у записавшегося раньше Кота" in notes[0]
    )


def test_status_and_run_commands_on_a_config(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse

    from mafiabot.commands import run as run_cmd
    from mafiabot.commands import status as status_cmd

    cfg_path, data = demo_files("pefl")
    mine = tmp_path / "game.toml"
    mine.write_text(cfg_path.read_text("utf-8"), "utf-8")
    # before anything ran: one clear line, and no database is created or migrated
    assert status_cmd.main(argparse.Namespace(config=str(mine), json=True)) == 1
    captured = capsys.readouterr()
    assert "базы игры ещё нет" in captured.err and "mafiabot.db" in captured.err
    assert captured.out == ""
    assert not (tmp_path / "mafiabot.db").exists()
    # a game in progress (played by the demo board into this config's database)
    run, _ = setup("pefl", f"sqlite:///{tmp_path / 'mafiabot.db'}")
    for t in [t for t in tick_times(run, data) if t <= _at(run, "2026-11-28T13:01")]:
        run.clock[0] = t
        run.daemon.tick(t)
    assert status_cmd.main(argparse.Namespace(config=str(mine), json=False)) == 0
    out = capsys.readouterr().out
    assert "Ход 1" in out and "Mister X" in out and "Не проголосовали" in out
    assert run_cmd.dry_run_url("sqlite:////x/g.db") == "sqlite:////x/g.db.dry-run"


def test_G_full_gambler_game_greens_court_and_night() -> None:
    run = played("gambler")
    posts = run.topic_posts
    greens2 = next(p for p in posts if "номинации дня 2" in p)
    assert "порог — 1" in greens2  # G-N.3: 8 living players
    day2 = next(p for p in posts if "итоги дня 2" in p)
    assert (
        "в тюрьму отправляется [b]Mister X[/b] — крёстный отец" in day2
    )  # G-N.4, court topic votes
    assert "[quote]отравленный чай в пять часов[/quote]" in day2  # G-M.10 story quoted
    assert "Последнее слово" in day2  # G-P.2
    # the sheriff shot the maniac: never by whom (G-P.1); she is named only as a court voter
    assert "Марго" not in day2.split("Этой ночью погибли:")[1]
    assert "Mister X — 5: Шерлок, Вася2005, Dr.Watson, Марго, Jack_Sparrow" in day2
    assert run.daemon.game().winner == "town"
    # the mafioso's letter while the godfather lived was taken conditionally (G-M.5/G-M.6)
    ack = next(m for m in run.board.sent if m.to == ("Граф Монте-Кристо",) and "Re:" in m.subject)
    assert "условно" in ack.html
    # G-P.2: the killed civilian's last word is fine, a later post is flagged, once
    reports = [m.html for m in run.board.sent if "отчёт, день 3" in m.subject]
    lines = [ln for r in reports for ln in r.splitlines() if "после выбытия" in ln or "выбыл" in ln]
    assert [ln for ln in lines if "Вася2005" in ln] == [
        "• Выбывший игрок Вася2005 пишет в теме: 2-е сообщение после выбытия [ведущему]"
    ]
    assert not any("Кот" in ln for ln in lines)


def _override(run: DemoRun, **kw: object) -> None:
    from mafiabot.config import Override

    o = Override(index=len(run.daemon.cfg.overrides), **kw)  # type: ignore[arg-type]
    run.daemon.cfg = dataclasses.replace(run.daemon.cfg, overrides=(*run.daemon.cfg.overrides, o))


def _tick_until(run: DemoRun, times: list[datetime], until: datetime) -> None:
    for t in [t for t in times if run.clock[0] < t <= until]:
        run.clock[0] = t
        run.daemon.tick(t)


def test_C_6_extend_deadline_replace_and_remove(tmp_path: Path) -> None:
    run, data = setup("pefl", _db(tmp_path))
    tz = run.cfg.board.tz
    # Кот hands his seat to a new account, Кот2, from turn 2; Кот2 votes in his place
    run.board.add_post(
        4,
        "Кот2",
        datetime(2026, 11, 29, 12, 30, tzinfo=tz),
        'Я вместо Кота: <span style="color:red">Граф Монте-Кристо</span> точно из мафии',
    )
    times = sorted({*tick_times(run, data), datetime(2026, 11, 28, 23, 31, tzinfo=tz)})
    _tick_until(run, times, _at(run, "2026-11-28T13:01"))
    _override(run, kind="extend_deadline", turn=1, until=datetime(2026, 11, 28, 23, 30, tzinfo=tz))
    _override(run, kind="replace", turn=2, nick="Кот", new_nick="Кот2")
    _tick_until(run, times, _at(run, "2026-11-28T22:01"))
    assert not any("выпуск 1" in p for p in _host_posts(run.board))  # the deadline moved
    _tick_until(run, times, _at(run, "2026-11-28T23:31"))
    assert any("выпуск 1" in p for p in _host_posts(run.board))
    _tick_until(run, times, _at(run, "2026-11-29T22:01"))
    gid = run.daemon.game().id
    kinds = [a.kind for a in run.store.applied_overrides(gid)]
    assert kinds == ["extend_deadline", "replace"]  # replace: applied when turn 2 began
    paper2 = next(p for p in _host_posts(run.board) if "выпуск 2" in p)
    assert "Игрока [b]Кот[/b] заменяет [b]Кот2[/b]" in paper2
    assert "Граф Монте-Кристо — 5" in paper2  # Кот2's vote counted for the seat (once)
    assert [p.nick for p in run.store.players(gid) if p.account == "Кот2"] == ["Кот2"]
    # removal by the host counts toward a ban (P-B.1)
    _override(run, kind="remove", turn=3, nick="Jack_Sparrow", reason="оскорбления")
    _tick_until(run, times, _at(run, "2026-11-30T22:01"))
    assert run.store.ban("Jack_Sparrow", current_game=gid + 1) is not None


def test_C_6_accept_move_counts_a_pm_written_after_the_deadline(tmp_path: Path) -> None:
    run, data = setup("pefl", _db(tmp_path))
    tz = run.cfg.board.tz
    times = tick_times(run, data)
    _tick_until(run, times, _at(run, "2026-11-28T21:01"))
    # Dr.Watson heals Tanya-77, 30 seconds late; the host accepts it before the bot's tick
    late = run.board.add_pm(
        "Dr.Watson", datetime(2026, 11, 28, 22, 0, 30, tzinfo=tz), "ход", "Лечу Tanya-77"
    )
    _override(run, kind="accept_move", pm_id=late.id, note="опоздал на 30 секунд")
    _tick_until(run, times, _at(run, "2026-11-28T22:01"))
    paper1 = next(p for p in _host_posts(run.board) if "выпуск 1" in p)
    assert "Tanya-77[/b] (мирный житель)" not in paper1  # healed: the maniac's kill failed
    gid = run.daemon.game().id
    assert [m.targets for m in run.store.moves(gid, 1) if m.actor == "Dr.Watson"][-1] == [
        "Tanya-77"
    ]
    report = next(m for m in run.board.sent if "отчёт, ход 1" in m.subject)
    assert "принять поздний ход" in report.html and "опоздал" in report.html


def test_interim_count_every_h_hours(tmp_path: Path) -> None:
    run, data = setup("pefl", _db(tmp_path))
    ic = dataclasses.replace(run.cfg.game.interim_count, mode="hours", every=3)
    run.daemon.cfg = dataclasses.replace(
        run.cfg, game=dataclasses.replace(run.cfg.game, interim_count=ic)
    )
    edits: list[str] = []
    real_edit = run.board.edit_post

    def counting_edit(post_id: int, text: str, subject: str | None = None):  # type: ignore[no-untyped-def]
        edits.append(text)
        return real_edit(post_id, text, subject)

    run.board.edit_post = counting_edit  # type: ignore[method-assign]
    # turn 1 votes come at 10:00 … 17:00: counts at 10:01, then 13:01 and 16:01 (3 h apart)
    _tick_until(run, tick_times(run, data), _at(run, "2026-11-28T17:01"))
    counts = [p for p in run.board.posts if p.source and "подсчёт голосов" in p.source]
    assert len(counts) == 1 and len(edits) == 2
    assert "16:01" in counts[0].source


def test_G_S_1_seeded_deal_role_pms_and_a_commitment_that_verifies(tmp_path: Path) -> None:
    from mafiabot.newspaper.proof import commitment

    cfg_path, _ = demo_files("gambler")
    base = load_config(cfg_path)
    nicks = tuple(f"Игрок{i}" for i in range(1, 12))  # 11 players: G-S.1's smallest game
    cfg = dataclasses.replace(
        base,
        database_url=_db(tmp_path),
        game=dataclasses.replace(base.game, players=nicks, cast={}),
    )

    def start(db: str) -> tuple[Daemon, MemoryBoard]:
        c = dataclasses.replace(cfg, database_url=db)
        clock = [cfg.game.start + timedelta(minutes=1)]
        board = MemoryBoard(clock=lambda: clock[0])
        d = Daemon(c, open_store(db), board, salt=lambda: "соль")
        d.tick(clock[0])
        return d, board

    d, board = start(_db(tmp_path, "a.db"))
    gid = d.game().id
    seats = [(p.nick, p.role or "", p.clan) for p in d.store.players(gid)]
    roles = Counter(r for _, r, _ in seats)
    assert roles["godfather"] == 1 and roles["commissar"] == 1 and sum(roles.values()) == 11
    role_pms = [m for m in board.sent if m.to[0] in nicks and "Ваша роль" in m.html]
    assert sorted(m.to[0] for m in role_pms) == sorted(nicks)
    start_post = next(p.source for p in board.posts if p.source)
    assert commitment(seats, cfg.game.seed, "соль") in start_post
    deal_report = next(m.html for m in board.sent if "отчёт" in m.subject)
    assert "[b]Раздача ролей[/b]" in deal_report
    # in Russian, as the host reads it (role names, not ids)
    assert all(f"{n} — {role_label('gambler', r, c)}" in deal_report for n, r, c in seats)
    assert "godfather" not in deal_report and "крёстный отец" in deal_report
    # the same seed deals the same roles (seeded, reproducible for the final check)
    d2, _ = start(_db(tmp_path, "b.db"))
    gid2 = d2.game().id
    assert gid2 is not None
    assert [(p.nick, p.role) for p in d2.store.players(gid2)] == [(n, r) for n, r, _ in seats]


def test_make_client_picks_the_board_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    import httpx

    from mafiabot.bootstrap import make_client
    from scraper.ipb import IpbClient
    from scraper.phpbb import PhpbbClient

    root = Path(__file__).resolve().parent.parent / "fixtures"
    cfg_path, _ = demo_files("pefl")
    cfg = load_config(cfg_path)
    monkeypatch.setenv("MAFIABOT_DEMO_PASSWORD", "x")
    assert isinstance(make_client(cfg), PhpbbClient)
    ipb = dataclasses.replace(cfg, board=dataclasses.replace(cfg.board, kind="ipb"))
    assert isinstance(make_client(ipb), IpbClient)

    # auto: the board's own index page (a real saved one) tells the engine
    def serve(page: Path) -> httpx.MockTransport:
        return httpx.MockTransport(lambda _r: httpx.Response(200, text=page.read_text("utf-8")))

    auto = dataclasses.replace(cfg, board=dataclasses.replace(cfg.board, kind="auto"))
    phpbb_index = root / "phpbb" / "index.html"
    assert isinstance(make_client(auto, serve(phpbb_index)), PhpbbClient)
    ipb_pages = sorted((root / "ipb").rglob("*.html"))
    ipb_topic = next(p for p in ipb_pages if "topic" in p.name or "showtopic" in p.name)
    assert isinstance(make_client(auto, serve(ipb_topic)), IpbClient)


def test_an_invalid_config_edit_keeps_the_old_config(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    cfg_path, _data = demo_files("pefl")
    mine = tmp_path / "game.toml"
    mine.write_text(cfg_path.read_text("utf-8"), "utf-8")
    run, _ = setup("pefl", _db(tmp_path))
    run.daemon.cfg = dataclasses.replace(load_config(mine), database_url=run.cfg.database_url)
    run.daemon._fingerprint = run.daemon._file_fingerprint()
    mine.write_text(mine.read_text("utf-8") + '\n[[override]]\nkind = "explode"\n', "utf-8")
    t = run.cfg.game.start + timedelta(minutes=1)
    run.clock[0] = t
    with caplog.at_level(logging.ERROR, logger="mafiabot.daemon"):
        assert run.daemon.safe_tick(t) is not None  # the game goes on with the old config
    assert "override[0].kind" in caplog.text
    assert run.daemon.cfg.overrides == ()


def test_run_returns_when_the_game_is_over_and_all_is_sent(tmp_path: Path) -> None:
    run = played("pefl")
    d = Daemon(run.cfg, run.store, run.board)
    assert d.finished()
    d.run(clock=lambda: run.clock[0], stop=threading.Event())  # returns at once


def test_P_A_3_a_beaten_player_posting_is_flagged(tmp_path: Path) -> None:
    from engine.state import GameState
    from mafiabot.store.codec import from_json, to_json

    run, data = setup("pefl", _db(tmp_path))
    times = tick_times(run, data)
    _tick_until(run, times, _at(run, "2026-11-28T22:01"))  # turn 2 begins
    g = run.daemon.game()
    assert g.turn == 2
    # as if the thug had beaten Кот in turn 1's night (the demo has no thug)
    state = from_json(GameState, g.state)
    assert state is not None
    run.store.update_game(g.id, state=to_json(state.with_player("Кот", beaten_turn=1)))
    _tick_until(run, times, _at(run, "2026-11-29T22:01"))
    report = next(m for m in run.board.sent if "отчёт, ход 2" in m.subject)
    assert report.html.count("Избитый громилой игрок Кот пишет в теме") == 1


def test_G_N_4_bot_opens_the_court_topic_in_court_forum_and_reads_votes_there(
    tmp_path: Path,
) -> None:
    """The recorded Gambler game with `court_forum` instead of `court_topic`: after each
    greens deadline with nominees the bot opens «Суд Слона — день N»; the recorded court
    votes (topic 5 in the recording) are posted by the players into the topic it opened."""
    run, data = setup("gambler", _db(tmp_path))
    game_cfg = dataclasses.replace(run.cfg.game, court_topic=None, court_forum=2)
    run.daemon.cfg = dataclasses.replace(run.daemon.cfg, game=game_cfg)
    board = run.board
    opened: list[int] = []
    real_new_topic = board.new_topic

    def new_topic(forum_id: int, subject: str, text: str) -> int:
        tid = real_new_topic(forum_id, subject, text)
        # the players vote in the topic the bot opened: recorded court posts still to come
        # move there
        for p in board.posts:
            if p.topic in (5, *opened) and p.at > run.clock[0]:
                p.topic = tid
        opened.append(tid)
        return tid

    board.new_topic = new_topic  # type: ignore[method-assign]
    for t in tick_times(run, data):
        run.clock[0] = t
        run.daemon.tick(t)
        if run.store.get_game(run.daemon.game().id or 0).status == "over":
            break
    assert opened, "the bot never opened a court topic"
    assert board.opened_topics[opened[0]] == (2, "Суд Слона — день 2")
    first = next(p for p in board.posts if p.topic == opened[0] and p.author == board.host)
    assert "Mister X" in first.source and "Суд Слона — день 2" in first.source  # nominees
    day2 = next(p.source for p in board.posts if "итоги дня 2" in p.source)
    # same verdict as with the host-named court topic: the votes were read in the new topic
    assert "в тюрьму отправляется [b]Mister X[/b] — крёстный отец" in day2
    g = run.daemon.game()
    assert run.store.posts(g.id, topic_id=opened[0])  # the court topic was polled
    assert not run.store.posts(g.id, topic_id=5)  # the recording's topic is not used
    assert run.daemon.game().winner == "town"


def test_G_N_4_interim_court_counts_go_to_the_court_topic(tmp_path: Path) -> None:
    """Issue 11: the live count of a Gambler court is written where the court votes are —
    the court topic — and the day's greens count stays in the game topic."""
    run, data = setup("gambler", _db(tmp_path))
    run.daemon.cfg = dataclasses.replace(
        run.cfg,
        game=dataclasses.replace(
            run.cfg.game,
            interim_count=dataclasses.replace(run.cfg.game.interim_count, mode="votes", every=1),
        ),
    )
    for t in tick_times(run, data):
        run.clock[0] = t
        run.daemon.tick(t)
        if run.store.get_game(run.daemon.game().id or 0).status == "over":
            break
    g = run.daemon.game()
    rows = [r for r in run.daemon.outbox(g).all() if r.key.kind.startswith("votecount")]
    court = [r for r in rows if r.key.kind == "votecount-court"]
    greens = [r for r in rows if r.key.kind != "votecount-court"]
    assert court and greens
    assert {r.topic_id for r in court} == {run.cfg.game.court_topic}
    assert {r.topic_id for r in greens} == {run.cfg.game.topic}


def test_role_pms_go_out_before_the_start_post_that_says_they_were_sent(tmp_path: Path) -> None:
    """Issue 11: the start post tells the players their roles are in their inboxes, so every
    role PM is queued — and sent — before it."""
    run, data = setup("pefl", _db(tmp_path))
    t = tick_times(run, data)[0]
    run.clock[0] = t
    run.daemon.tick(t)
    g = run.daemon.game()
    kinds = [r.key.kind for r in run.daemon.outbox(g).all()]
    assert "start" in kinds and "role" in kinds
    start = kinds.index("start")
    assert all(i < start for i, k in enumerate(kinds) if k == "role")
    assert all(r.status == "sent" for r in run.daemon.outbox(g).all())


def test_an_interim_count_queued_before_a_crash_goes_out_as_the_tally_stands_then(
    tmp_path: Path,
) -> None:
    """Issue 11: a live count queued but not yet posted (the process died, the board was
    away) is recomputed before it goes out — never the tally of the moment it was queued."""
    run, data = setup("pefl", _db(tmp_path))
    run.daemon.cfg = dataclasses.replace(
        run.cfg,
        game=dataclasses.replace(
            run.cfg.game,
            interim_count=dataclasses.replace(run.cfg.game.interim_count, mode="votes", every=2),
        ),
    )
    real_flush = run.daemon.flush
    queued_at: list[str] = []

    def crashed_flush(g: Game) -> int:  # nothing leaves while a count waits in the outbox
        rows = [r for r in run.daemon.outbox(g).pending() if r.key.kind.startswith("votecount")]
        if rows:
            queued_at.append(rows[0].text)
            return 0
        return real_flush(g)

    run.daemon.flush = crashed_flush  # type: ignore[method-assign]
    times = [t for t in tick_times(run, data) if t <= _at(run, "2026-11-28T17:01")]
    for t in times:
        run.clock[0] = t
        run.daemon.tick(t)
    assert queued_at, "the count was never queued"
    run.daemon.flush = real_flush  # type: ignore[method-assign]
    run.daemon.tick(times[-1])
    counts = [p.source for p in run.board.posts if p.source and "подсчёт голосов" in p.source]
    assert len(counts) == 1
    status = run.daemon.status(times[-1])
    for target, voters in status["tally"].items():
        assert f"{target}[/b] — {len(voters)}" in counts[0]


def test_the_in_memory_boards_pages_keep_their_counters_true(tmp_path: Path) -> None:
    """The recorded page's post counters follow the posts the in-memory board shows, so the
    reader's cut-short check (counters promising more posts than the page holds) never raises
    a false host flag in the demo or the tests."""
    run, data = setup("pefl", _db(tmp_path))
    for t in tick_times(run, data):
        run.clock[0] = t
        run.daemon.tick(t)
    g = run.daemon.game()
    flagged = [f.text for turn in range(g.turn + 1) for f in run.store.host_flags(g.id, turn)]
    assert flagged  # the demo's outsider post is still flagged
    assert not [f for f in flagged if "cut short" in f or "counters promise" in f]
