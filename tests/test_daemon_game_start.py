"""What was written before the game's start is not game input (C-1: a post or PM belongs
to the turn its board time falls in; the game begins at `[game] start`).

The bot runs on the host's own account: its inbox already holds letters of an earlier game
and questions, and the game topic holds the sign-up chatter. The MockTransport phpBB
(tests/fakeboard_phpbb.py) serves the real recorded pages: 72 topic posts of 27–29 Nov and 5
unread PMs of 29–30 Nov; the game here starts 30 Nov 09:00 (board time).
"""

# The fake board module is imported by its test-folder name, so mypy sees it as Any.
# mypy: disable-error-code="misc,no-any-return"
from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from fakeboard_phpbb import BASE, NAMES, UNREAD_AT_START, USERS, FakeClock, FakePhpbb

from mafiabot.config import load_config
from mafiabot.daemon import Daemon
from mafiabot.store import open_store
from scraper.phpbb import PhpbbClient, PhpbbSettings

HOST = "Ведущий"
PLAYERS = {
    "Анна Каренина": "civilian",
    "Мaкс": "civilian",
    "Mister X": "mafia:yakuza",
    "Шерлок": "commissar",
    "Dr.Watson": "doctor",
    "Лиса_Алиса": "civilian",
    "Вася2005": "civilian",
    "Кот": "mafia:triad",
    "Марго": "maniac",
    "Tanya-77": "civilian",
}


def _config(tmp_path: Path) -> Path:
    players = ", ".join(f'"{n}"' for n in PLAYERS)
    cast = "\n".join(f'"{n}" = "{r}"' for n, r in PLAYERS.items())
    text = f"""
[board]
url = "{BASE}"
kind = "phpbb"
username = "{HOST}"
password_env = "MAFIABOT_TEST_PASSWORD"
timezone = "Europe/Moscow"

[storage]
url = "sqlite:///game.db"

[game]
ruleset = "pefl"
name = "Проверка начала"
topic = 4
players = [{players}]
seed = 5
start = 2026-11-30T09:00:00
deadlines = [2026-11-30T12:00:00, 2026-11-30T18:00:00]
interim_count = "off"

[game.cast]
{cast}
"""
    path = tmp_path / "game.toml"
    path.write_text(text, "utf-8")
    return path


@pytest.fixture
def hosted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Daemon, FakePhpbb, FakeClock]:
    monkeypatch.setenv("MAFIABOT_TEST_PASSWORD", USERS[HOST][1] or "")
    cfg = load_config(_config(tmp_path))
    clock = FakeClock()  # 30 Nov 06:22 UTC = 09:22 board time: the game has just started
    board = FakePhpbb(clock)
    client = PhpbbClient(
        PhpbbSettings(base_url=BASE, username=HOST, password=cfg.board.password(), min_interval=0),
        transport=board.transport(),
        clock=clock,
        sleep=clock.sleep,
    )
    return Daemon(cfg, open_store(cfg.database_url), client), board, clock


def _now(clock: FakeClock) -> datetime:
    return datetime.fromtimestamp(clock(), UTC)


def test_C_1_old_inbox_letters_are_seen_but_never_answered(
    hosted: tuple[Daemon, FakePhpbb, FakeClock],
) -> None:
    daemon, board, clock = hosted
    report = daemon.tick(_now(clock))
    assert report.started and report.new_pms == 0
    answers = [m for m in board.sent_pms if m.subject.startswith("Re:")]
    assert answers == [], [(NAMES[m.to[0]], m.subject) for m in answers]
    # they are read (seen) once and not fetched again on the next tick
    assert board.read_pms >= UNREAD_AT_START
    clock.sleep(600)
    board.reset_counts()
    assert daemon.tick(_now(clock)).new_pms == 0
    assert not any(m.subject.startswith("Re:") for m in board.sent_pms)
    assert not any("mode=view" in str(r.url) for r in board.requests)
    assert board.violations == []


def test_C_1_old_topic_posts_are_not_turn_0_and_raise_no_flags(
    hosted: tuple[Daemon, FakePhpbb, FakeClock],
) -> None:
    daemon, board, clock = hosted
    report = daemon.tick(_now(clock))
    assert report.new_posts <= 1  # at most the start post the bot itself made
    g = daemon.game()
    stored = daemon.store.posts(g.id, topic_id=4)
    assert all(p.posted_at is not None and p.posted_at >= daemon.cfg.game.start for p in stored)
    reports = [m.message for m in board.sent_pms if "отчёт" in m.subject]
    assert reports and not any("посторонний" in r for r in reports)
    # a post written after the start still counts and is still moderated
    board.add_post_by(USERS["Тестовый Игрок"][0], "А можно мне тоже поиграть?")
    clock.sleep(600)
    daemon.tick(_now(clock))
    assert any("посторонний Тестовый Игрок" in f for f in daemon.flags(0))
