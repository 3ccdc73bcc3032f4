"""Every fault a host can meet is one line naming it, with what to do and its exit code — in
`run`, `status`, `web` and `check-config` alike (issue 21 items 4 and 5): a corrupt
database, a locked one, a full disk, an unreachable PostgreSQL server, a bad path, a
`request_delay` of 1e308, a database URL on /dev/null — and a config that would break the
game or leak (host nicks that play, numbers out of range, URLs with credentials or on
another board)."""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from mafiabot.cli import main
from mafiabot.commands.common import existing_store
from mafiabot.config import load_config
from mafiabot.demo.play import demo_files, play
from tests.web_kit import PEFL_MID_TURN_1


def _said(capsys: pytest.CaptureFixture[str]) -> str:
    """The one `mafiabot:` line (beside any log line), never a traceback."""
    out, err = capsys.readouterr()
    assert "Traceback" not in err + out, err
    lines = [ln for ln in (err + out).splitlines() if ln.startswith(("mafiabot", "  "))]
    assert lines, err
    return "\n".join(lines)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The PEFL demo game played once for the module (its store closed, so the database is
    one file): each test gets its own copy, which it may corrupt, lock or fill."""
    folder = tmp_path_factory.mktemp("played")
    play("pefl", f"sqlite:///{folder / 'g.sqlite'}", stop_after=PEFL_MID_TURN_1).store.close()
    return folder / "g.sqlite"


@pytest.fixture
def game(played: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A played PEFL game: its config (database beside it) and database."""
    src, _ = demo_files("pefl")
    cfg = tmp_path / "g.toml"
    shutil.copy(src, cfg)
    with cfg.open("a", encoding="utf-8") as f:
        f.write('\n[storage]\nurl = "sqlite:///g.sqlite"\n')
    assert [p.name for p in played.parent.iterdir()] == ["g.sqlite"]  # no -wal/-shm left over
    shutil.copy(played, tmp_path / "g.sqlite")
    monkeypatch.setenv("MAFIABOT_DEMO_PASSWORD", "x")
    yield cfg


COMMANDS = [["status"], ["web", "--bind", "127.0.0.1:0"], ["run", "--once"]]


def _corrupt(db: Path) -> None:
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # everything into the file itself
    con.close()
    data = bytearray(db.read_bytes())
    data[100:] = b"\xff" * (len(data) - 100)  # the header stays, every page is garbage
    db.write_bytes(bytes(data))


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: a[0])
def test_a_corrupt_database_is_one_line_exit_2(
    game: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _corrupt(game.with_name("g.sqlite"))
    capsys.readouterr()
    assert main([*argv, "-c", str(game)]) == 2
    said = _said(capsys)
    assert "g.sqlite" in said and "unusable" in said


@pytest.mark.parametrize("argv", COMMANDS[:2], ids=lambda a: a[0])
def test_a_locked_database_is_one_line_not_no_database_yet(
    game: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    db = game.with_name("g.sqlite")
    _short_busy_timeout(game)  # SQLite's own 5 s wait for the lock is no part of the fault
    holder = sqlite3.connect(db)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        capsys.readouterr()
        assert main([*argv, "-c", str(game)]) == 1
        said = _said(capsys)
        assert "locked" in said and "no game database yet" not in said
    finally:
        holder.rollback()
        holder.close()


def _short_busy_timeout(game: Path) -> None:
    text = game.read_text(encoding="utf-8")
    storage = '[storage]\nurl = "sqlite:///g.sqlite"\n'
    assert storage in text
    game.write_text(text.replace(storage, storage + "busy_timeout = 0.1\n"), encoding="utf-8")


def test_storage_busy_timeout_reaches_the_sqlite_connection(game: Path) -> None:
    # `[storage] busy_timeout`: SQLite's default of 5 s unless set, in every command's store
    assert load_config(game).busy_timeout == 5.0
    _short_busy_timeout(game)
    cfg = load_config(game)
    store = existing_store(cfg.database_url, cfg.busy_timeout)
    assert store is not None
    try:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 100  # ms
    finally:
        store.close()


def test_a_full_disk_is_one_line(
    game: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills while `run` saves the board session's cookies on its way out."""
    monkeypatch.setattr("mafiabot.bootstrap.make_client", _client_that_fills_the_disk)
    capsys.readouterr()
    assert main(["run", "--once", "-c", str(game)]) == 1
    assert "disk is full" in _said(capsys)


def _client_that_fills_the_disk(cfg: object, transport: object = None) -> object:
    from mafiabot.memory_board import MemoryBoard

    class Full(MemoryBoard):
        def close(self) -> None:
            raise OSError(errno.ENOSPC, "No space left on device", "g.sqlite.cookies")

    return Full()


def _with_storage(game: Path, url: str) -> None:
    text = game.read_text("utf-8").replace('url = "sqlite:///g.sqlite"', f'url = "{url}"')
    game.write_text(text, "utf-8")


@pytest.mark.parametrize("argv", [*COMMANDS[:2], ["check-config"]], ids=lambda a: a[0])
def test_an_unreachable_postgresql_is_one_line_and_never_shows_its_password(
    game: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _with_storage(game, "postgresql+psycopg://bot:Hunter2secret@127.0.0.1:1/mafia")
    capsys.readouterr()
    code = main([*argv, "-c", str(game)])
    out, err = capsys.readouterr()
    assert "Hunter2secret" not in out + err and "Traceback" not in err
    if argv[0] == "check-config":
        assert code == 0  # the file is fine; the server is run's to meet
    else:
        assert code == 1 and "cannot reach" in err


@pytest.mark.parametrize("argv", [*COMMANDS, ["check-config"]], ids=lambda a: a[0])
def test_storage_on_dev_null_is_refused_and_dev_null_untouched(
    game: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """`sqlite:////dev/null` once made a root `run` set the machine's /dev/null to 0600."""
    before = os.stat("/dev/null")
    _with_storage(game, "sqlite:////dev/null")
    capsys.readouterr()
    code = main([*argv, "-c", str(game)])
    said = _said(capsys)
    assert code == 2 and "/dev/null" in said and "device" in said
    after = os.stat("/dev/null")
    assert stat.S_IMODE(after.st_mode) == stat.S_IMODE(before.st_mode)


def test_a_link_named_as_the_database_is_refused_its_target_untouched(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = game.with_name("elsewhere.txt")
    target.write_text("not the bot's")
    target.chmod(0o644)
    game.with_name("link.db").symlink_to(target)
    _with_storage(game, "sqlite:///link.db")
    capsys.readouterr()
    assert main(["run", "--once", "-c", str(game)]) == 2
    assert "symbolic link" in _said(capsys)
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


@pytest.mark.parametrize("argv", [*COMMANDS, ["check-config"]], ids=lambda a: a[0])
def test_a_database_folder_that_does_not_exist_is_one_line(
    game: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _with_storage(game, "sqlite:///no/such/folder/g.db")
    capsys.readouterr()
    code = main([*argv, "-c", str(game)])
    said = _said(capsys)
    assert code in (1, 2) and "folder" in said


@pytest.mark.parametrize("argv", [*COMMANDS, ["check-config"]], ids=lambda a: a[0])
@pytest.mark.parametrize(
    ("key", "value", "where"),
    [
        ("request_delay", "1e308", "board.request_delay"),
        ("request_delay", "nan", "board.request_delay"),
        ("poll_interval", "99999999999999", "board.poll_interval"),
    ],
)
def test_numbers_out_of_range_are_refused_everywhere(
    game: Path,
    argv: list[str],
    key: str,
    value: str,
    where: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = game.read_text("utf-8").replace(
        "poll_interval = 60", f"poll_interval = 60\n{key} = {value}"
    )
    if key == "poll_interval":
        text = text.replace("poll_interval = 60\n", "", 1)
    game.write_text(text, "utf-8")
    capsys.readouterr()
    assert main([*argv, "-c", str(game)]) == 2
    assert where in _said(capsys)


def _check(game: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["check-config", "-c", str(game)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out + err


@pytest.mark.parametrize(
    ("edit", "key", "secret"),
    [
        (('url = "http://127.0.0.1:8080/"', 'url = "http://"'), "board.url", ""),
        (('url = "http://127.0.0.1:8080/"', 'url = "http://127.0.0.1:99999/"'), "board.url", ""),
        (
            ('url = "http://127.0.0.1:8080/"', 'url = "http://host:Pa55word@127.0.0.1:8080/"'),
            "board.url",
            "Pa55word",
        ),
        (("topic = 4", 'topic = "https://other.example.org/viewtopic.php?t=4"'), "game.topic", ""),
        (
            ('interim_count = "off"', 'interim_count = "off"\nhost_nicks = ["Шерлок"]'),
            "host_nicks",
            "",
        ),
        (("[game.cast]", "[rules]\nmove_confidence = nan\n\n[game.cast]"), "move_confidence", ""),
        (("[game.cast]", "[rules]\nmove_confidence = 2\n\n[game.cast]"), "move_confidence", ""),
    ],
    ids=["no-host", "port", "credentials", "other-board", "host-plays", "nan", "above-1"],
)
def test_check_config_refuses_what_would_break_the_game_or_leak(
    game: Path,
    edit: tuple[str, str],
    key: str,
    secret: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = game.read_text("utf-8")
    assert edit[0] in text
    game.write_text(text.replace(edit[0], edit[1], 1), "utf-8")
    code, said = _check(game, capsys)
    assert code == 2 and key in said
    if secret:
        assert secret not in said


def test_check_config_shows_every_layer_in_one_pass(
    game: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A wrong key no longer hides the unset password variable and the date long past."""
    monkeypatch.delenv("MAFIABOT_DEMO_PASSWORD")
    text = game.read_text("utf-8").replace("poll_interval = 60", "poll_intervall = 60")
    game.write_text(text, "utf-8")
    code, said = _check(game, capsys)
    assert code == 2
    assert "poll_intervall" in said and "может быть, имелось в виду" in said
    assert "MAFIABOT_DEMO_PASSWORD" in said  # the environment
    assert "game.start" in said and "назад" in said  # the clock
