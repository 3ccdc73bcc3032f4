"""One `mafiabot run` per game, and a database that is corrupt or lost stops the bot with
one line instead of a traceback or a game started over (issue: instance lock, C-4 exactly
once depends on a single sender)."""

from __future__ import annotations

import os
import signal
import sqlite3
import stat
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from fakeboard_phpbb import BASE, FakeClock, FakePhpbb

from mafiabot.dbfile import refuse_lost_database
from mafiabot.demo.play import demo_files
from mafiabot.exitcodes import DatabaseUnusable, InstanceLocked, UsageError
from mafiabot.lock import acquire_game_lock, advisory_key, game_identity, open_locked_store
from mafiabot.store import open_store
from scraper.phpbb import PhpbbClient, PhpbbSettings

ROOT = Path(__file__).resolve().parent.parent
PG_URL = os.environ.get("MAFIABOT_TEST_PG")
IDENTITY = game_identity("http://127.0.0.1:8080/", 4)

HOLDER = textwrap.dedent(
    """
    import sys
    from mafiabot.lock import acquire_game_lock
    lock = acquire_game_lock(sys.argv[1], sys.argv[2])
    print("locked", flush=True)
    sys.stdin.readline()  # hold until the test lets go (or kills us)
    lock.release()
    """
)


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process holding the lock of `tmp_path/game.db`."""
    url = f"sqlite:///{tmp_path / 'game.db'}"
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, url, IDENTITY],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "locked"
    yield proc
    if proc.poll() is None:
        proc.kill()
    proc.wait()


def test_a_second_process_on_one_sqlite_file_is_refused_naming_the_holder(
    tmp_path: Path, holder: subprocess.Popen[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'game.db'}"
    with pytest.raises(InstanceLocked) as got:
        acquire_game_lock(url, IDENTITY)
    line = str(got.value)
    assert "\n" not in line
    assert f"pid {holder.pid} on " in line and "since 20" in line
    assert str(tmp_path / "game.db.lock") in line
    assert got.value.code == 1  # a standby under systemd retries


def test_a_killed_holder_leaves_no_stale_lock(
    tmp_path: Path, holder: subprocess.Popen[str]
) -> None:
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    url = f"sqlite:///{tmp_path / 'game.db'}"
    with acquire_game_lock(url, IDENTITY):
        text = (tmp_path / "game.db.lock").read_text()
        assert text.startswith(f"pid {os.getpid()} on ")
    assert stat.S_IMODE((tmp_path / "game.db.lock").stat().st_mode) == 0o600


def test_released_lock_can_be_taken_again(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'game.db'}"
    acquire_game_lock(url, IDENTITY).release()
    acquire_game_lock(url, IDENTITY).release()


def _config(tmp_path: Path, db: str = "game.db") -> Path:
    cfg_path, _ = demo_files("pefl")
    mine = tmp_path / "game.toml"
    mine.write_text(cfg_path.read_text("utf-8") + f'\n[storage]\nurl = "sqlite:///{db}"\n', "utf-8")
    return mine


def _run_once(cfg: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MAFIABOT_DEMO_PASSWORD": "x"}
    return subprocess.run(
        [sys.executable, "-m", "mafiabot", "run", "--once", "-c", str(cfg)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
        timeout=120,
    )


def _host_lines(err: str) -> list[str]:
    return [ln for ln in err.splitlines() if ln.startswith("mafiabot:")]


def test_second_run_on_the_same_game_exits_1_with_one_line(
    tmp_path: Path, holder: subprocess.Popen[str]
) -> None:
    res = _run_once(_config(tmp_path))
    assert res.returncode == 1
    lines = _host_lines(res.stderr)
    assert len(lines) == 1 and f"pid {holder.pid}" in lines[0], res.stderr
    assert "already running this game" in lines[0]
    assert "Traceback" not in res.stderr
    assert not (tmp_path / "game.db").exists() or (tmp_path / "game.db").stat().st_size == 0


def test_a_corrupt_database_is_one_line_naming_the_file_exit_2(tmp_path: Path) -> None:
    (tmp_path / "game.db").write_bytes(b"these are not the bytes of a database\n" * 40)
    res = _run_once(_config(tmp_path))
    assert res.returncode == 2
    lines = _host_lines(res.stderr)
    assert len(lines) == 1 and str(tmp_path / "game.db") in lines[0], res.stderr
    assert "not an SQLite database" in lines[0]
    assert "Traceback" not in res.stderr


def test_a_database_damaged_inside_is_one_line_exit_2(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    open_store(f"sqlite:///{db}").close()
    con = sqlite3.connect(db)
    con.execute("PRAGMA journal_mode=DELETE")  # fold the WAL in: the damage must be in the file
    con.close()
    data = bytearray(db.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # keep the header, wreck the schema page
    db.write_bytes(bytes(data))
    with pytest.raises(DatabaseUnusable) as got:
        open_locked_store(f"sqlite:///{db}", IDENTITY)
    assert str(db) in str(got.value) and got.value.code == 2
    # and the lock was let go: the host can retry once the file is restored
    acquire_game_lock(f"sqlite:///{db}", IDENTITY).release()


def test_a_database_folder_that_does_not_exist_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="does not exist"):
        open_locked_store(f"sqlite:///{tmp_path / 'missing' / 'game.db'}", IDENTITY)


def test_database_and_its_wal_are_private_whatever_the_umask(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    db.touch(mode=0o644)
    os.chmod(db, 0o644)  # made by an older version
    old = os.umask(0o022)
    try:
        lock, store = open_locked_store(f"sqlite:///{db}", IDENTITY)
        with store.engine.connect() as conn:  # a write makes the -wal
            conn.execute(sa.text("CREATE TABLE probe (x)"))
            conn.commit()
            wal = tmp_path / "game.db-wal"
            assert wal.exists()
            assert stat.S_IMODE(wal.stat().st_mode) == 0o600
        store.close()
        lock.release()
    finally:
        os.umask(old)
    assert stat.S_IMODE(db.stat().st_mode) == 0o600


# -- a lost database while the board shows the game under way ---------------------------------


def _board_client(board: FakePhpbb, clock: FakeClock) -> PhpbbClient:
    settings = PhpbbSettings(
        base_url=BASE, username="Ведущий", password="HostPass-2026", min_interval=0.0
    )
    return PhpbbClient(settings, transport=board.transport(), clock=clock, sleep=clock.sleep)


def test_lost_database_with_the_bots_marked_post_on_the_board_is_refused(tmp_path: Path) -> None:
    clock = FakeClock()
    board = FakePhpbb(clock)
    pid = board.add_post_by(2, "Игра началась, роли разосланы.\n\nmafiabot 1/0 0a1b2c3d")
    board.add_post_by(58, "А я за Шерлока.")
    store = open_store(f"sqlite:///{tmp_path / 'fresh.db'}")
    with pytest.raises(DatabaseUnusable) as got:
        refuse_lost_database(store, _board_client(board, clock), 4, "Мафия")
    line = str(got.value)
    assert f"#{pid}" in line and "restore" in line.lower() and "\n" not in line
    assert got.value.code == 2
    assert board.sent_pms == [] and board.accepted_posts == []  # nothing sent


def test_a_player_quoting_the_marker_is_not_the_bot(tmp_path: Path) -> None:
    clock = FakeClock()
    board = FakePhpbb(clock)
    board.add_post_by(58, "Что значит mafiabot 1/0 0a1b2c3d внизу?")
    store = open_store(f"sqlite:///{tmp_path / 'fresh.db'}")
    refuse_lost_database(store, _board_client(board, clock), 4, "Мафия")  # no game of ours: go on


def test_with_the_game_in_the_database_the_board_is_not_even_read(tmp_path: Path) -> None:
    clock = FakeClock()
    board = FakePhpbb(clock)
    store = open_store(f"sqlite:///{tmp_path / 'g.db'}")
    store.create_game(name="g", ruleset="pefl", topic_id=4, court_topic_id=None, seed=1)
    refuse_lost_database(store, _board_client(board, clock), 4, "Мафия")
    assert board.requests == []


# -- PostgreSQL: active / standby on one server ------------------------------------------------


@pytest.mark.pg
@pytest.mark.skipif(not PG_URL, reason="MAFIABOT_TEST_PG not set")
def test_postgresql_advisory_lock_one_active_one_standby() -> None:
    assert PG_URL is not None
    ident = game_identity("http://127.0.0.1:8080/", 99_001)
    active = acquire_game_lock(PG_URL, ident)
    try:
        with pytest.raises(InstanceLocked) as got:
            acquire_game_lock(PG_URL, ident)
        assert "standby" in str(got.value) and f"pid {os.getpid()}" in str(got.value)
        # another game on the same server is independent
        acquire_game_lock(PG_URL, game_identity("http://127.0.0.1:8080/", 99_002)).release()
    finally:
        active.release()
    acquire_game_lock(PG_URL, ident).release()  # the standby takes over


@pytest.mark.pg
@pytest.mark.skipif(not PG_URL, reason="MAFIABOT_TEST_PG not set")
def test_postgresql_lock_dies_with_its_process() -> None:
    assert PG_URL is not None
    ident = game_identity("http://127.0.0.1:8080/", 99_003)
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, PG_URL, ident],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
        with pytest.raises(InstanceLocked, match=f"pid {proc.pid} on"):
            acquire_game_lock(PG_URL, ident)
    finally:
        proc.kill()
        proc.wait()
    # the server notices the dropped connection; the standby gets it at once or very soon
    for _ in range(50):
        try:
            acquire_game_lock(PG_URL, ident).release()
            break
        except InstanceLocked:
            import time

            time.sleep(0.1)
    else:
        pytest.fail("the lock outlived its process")


def test_advisory_keys_are_stable_signed_64_bit_and_differ_per_game() -> None:
    a, b = advisory_key(game_identity("https://f.org/", 4)), advisory_key("https://f.org|5")
    assert a == advisory_key(game_identity("https://f.org", 4))  # trailing slash ignored
    assert a != b
    assert all(-(2**63) <= k < 2**63 for k in (a, b))
